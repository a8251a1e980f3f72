"""game/ui/art.py: sprites, obstacles, course and table surfaces, markings, fonts (headless)."""

import math
import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import art  # noqa: E402

STATUE = ((-0.15, -1.63), (0.77, 1.12), (0.51, 1.62), (0.01, 1.36), (-0.81, -1.42))
SHAPES: list[tuple[str, dict[str, Any]]] = [("rect", dict(length=3.5, width=0.7)), ("circle", dict(radius=1.2)), ("polygon", dict(points=STATUE))]
LOOKS = list(art.LOOKS) + ["mystery-look", ""]


def opaque_fraction(surf: pygame.Surface) -> float:
    m = pygame.mask.from_surface(surf, 8)
    return m.count() / (surf.get_width() * surf.get_height())


def test_palettes_and_markers_are_eight_distinct() -> None:
    for pal in (art.PALETTE, art.PALETTE_COLOUR_BLIND):
        assert len(pal) == 8 and len(set(pal)) == 8
        assert all(len(c) == 3 and all(0 <= v <= 255 for v in c) for c in pal)
    assert len(art.MARKERS) == 8 and len(set(art.MARKERS)) == 8
    assert art.player_colour(0) == art.PALETTE[0]
    assert art.player_colour(9) == art.PALETTE[1]
    assert art.player_colour(3, colour_blind=True) == art.PALETTE_COLOUR_BLIND[3]


@pytest.mark.parametrize("ppi", [8, 10, 13.3, 20, 30, 40])
def test_racer_sprite_exact_size_and_content(ppi: float) -> None:
    s = art.racer_sprite(art.PALETTE[0], 0, ppi, number=1)
    assert s.get_size() == (math.ceil(1.97 * ppi), math.ceil(0.98 * ppi))
    assert s.get_flags() & pygame.SRCALPHA
    assert opaque_fraction(s) > 0.8  # the base fills the rectangle (rounded corners aside)
    t = art.racer_sprite(art.PALETTE[1], 1, ppi, length=2.5, width=1.2)
    assert t.get_size() == (math.ceil(2.5 * ppi), math.ceil(1.2 * ppi))


def test_racer_sprites_differ_between_players_and_numbers() -> None:
    seen = set()
    for cb in (False, True):
        for i in range(8):
            s = art.racer_sprite(art.player_colour(i, cb), i, 20)
            seen.add(pygame.image.tobytes(s, "RGBA"))
    assert len(seen) == 16
    # Same colour, different marker: still different (shape, not colour alone).
    a = art.racer_sprite(art.PALETTE[0], 0, 24)
    b = art.racer_sprite(art.PALETTE[0], 4, 24)
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")
    c = art.racer_sprite(art.PALETTE[0], 0, 24, number=2)
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(c, "RGBA")


def test_racer_sprite_faces_plus_x() -> None:
    # The horse's head reaches the front (+x) end: brown/coat pixels near the right edge
    # on the centre line, the base colour at the same spot on the left is the tail's.
    s = art.racer_sprite((40, 90, 210), 1, 40)
    w, h = s.get_size()
    front = s.get_at((w - 4, h // 2))
    base = s.get_at((w - 4, 4))
    assert front[:3] != base[:3]


def test_racer_sprite_is_cached() -> None:
    a = art.racer_sprite((200, 40, 40), 2, 20.1, number=3)
    b = art.racer_sprite((200, 40, 40), 2, 20.2, number=3)  # same 0.5 step, same pixel size
    assert a is b
    assert art.racer_sprite(pygame.Color(200, 40, 40), 2, 20.1, number=3) is a


@pytest.mark.parametrize("look", LOOKS)
@pytest.mark.parametrize("size", ["small", "large"])
def test_every_look_renders_for_every_shape(look: str, size: str) -> None:
    ppi = 16
    for shape, kw in SHAPES:
        s = art.obstacle_surface(shape, size, look, ppi, **kw)
        w, h = s.get_size()
        assert s.get_flags() & pygame.SRCALPHA
        # Centred: even size, at least the footprint.
        assert w % 2 == 0 and h % 2 == 0
        if shape == "rect":
            assert w >= 3.5 * ppi and h >= 0.7 * ppi
        elif shape == "circle":
            assert w >= 2.4 * ppi and h >= 2.4 * ppi
        else:
            assert w >= 2 * 0.81 * ppi and h >= 2 * 1.63 * ppi
        assert s.get_at((w // 2, h // 2))[3] > 200  # the centre is inside the piece
        assert pygame.mask.from_surface(s, 200).count() > 0.3 * (w * h) * (0.25 if shape == "polygon" else 0.5)
        assert s.get_at((0, 0))[3] < 60  # corners are padding (shadow at most)


def test_large_obstacles_read_differently_from_small() -> None:
    small = art.obstacle_surface("rect", "small", "hedge", 20, length=4, width=0.7)
    large = art.obstacle_surface("rect", "large", "hedge", 20, length=4, width=0.7)
    assert large.get_width() > small.get_width()  # room for the deeper shadow

    def dark_ring(s: pygame.Surface) -> int:
        w, h = s.get_size()
        return sum(1 for x in range(w) if s.get_at((x, h // 2))[3] > 100 and sum(s.get_at((x, h // 2))[:3]) < 120)

    assert dark_ring(large) > dark_ring(small)


def test_obstacle_cache_and_point_forms() -> None:
    a = art.obstacle_surface("polygon", "large", "ruin", 18, points=STATUE)
    b = art.obstacle_surface("polygon", "large", "ruin", 18, points=[list(p) for p in STATUE])
    assert a is b


def test_polygon_y_is_flipped() -> None:
    # A triangle pointing up (+y in inches) has its tip near the top of the surface.
    tri = ((0.0, 1.5), (-1.0, -1.0), (1.0, -1.0))
    s = art.obstacle_surface("polygon", "small", "plain", 20, points=tri)
    w, h = s.get_size()
    top = pygame.mask.from_surface(s, 200).get_bounding_rects()[0]
    assert top.top < h / 2 - 1.2 * 20 and top.bottom < h / 2 + 1.2 * 20


def test_course_surface_alpha_and_cache() -> None:
    outline = [(20.0, 20.0), (180.0, 30.0), (170.0, 110.0), (30.0, 100.0)]
    s = art.course_surface(outline, (200, 130), seed=3)
    assert s.get_size() == (200, 130)
    assert s.get_at((100, 65))[3] == 255
    assert s.get_at((2, 2))[3] == 0 and s.get_at((197, 127))[3] == 0
    assert art.course_surface(tuple(outline), (200, 130), seed=3) is s
    other = art.course_surface(outline, (200, 130), seed=4)
    assert other is not s
    assert pygame.image.tobytes(other, "RGBA") != pygame.image.tobytes(s, "RGBA")
    # Deterministic: a fresh render of the same seed is identical.
    fresh = art._course_surface.__wrapped__(tuple(outline), (200, 130), 3)
    assert pygame.image.tobytes(fresh, "RGBA") == pygame.image.tobytes(s, "RGBA")


def test_table_background_opaque_and_cached() -> None:
    t = art.table_background((120, 80), seed=1)
    assert t.get_size() == (120, 80)
    assert t.get_at((5, 5))[3] == 255
    assert art.table_background((120, 80), seed=1) is t
    assert art.table_background((120, 80), seed=2) is not t


def test_barrier_and_line_markings_draw() -> None:
    surf = pygame.Surface((300, 200))
    surf.fill((0, 120, 0))
    before = pygame.image.tobytes(surf, "RGB")
    art.draw_barrier(surf, [(10, 20), (150, 40), (290, 20)], 20)
    after_barrier = pygame.image.tobytes(surf, "RGB")
    assert after_barrier != before
    assert surf.get_at((150, 40))[:3] != (0, 120, 0)
    art.draw_line_marking(surf, (60, 80), (60, 190), 20, "start")
    assert surf.get_at((60, 130))[:3] == (248, 248, 240)
    art.draw_line_marking(surf, (240, 80), (240, 190), 20, "finish")
    column = {tuple(surf.get_at((x, y))[:3]) for x in range(236, 245) for y in range(90, 180)}
    assert (26, 26, 30) in column and (250, 250, 246) in column  # chequered
    art.draw_barrier(surf, [(5, 5)], 20)  # too short: nothing, no error
    art.draw_line_marking(surf, (5, 5), (5, 5), 20, "finish")


def test_font_is_bundled() -> None:
    for bold in (False, True):
        path = art.font_path(bold)
        assert os.path.dirname(path) == art.FONT_DIR
        assert os.path.isfile(path)
        f = art.font(14, bold)
        assert isinstance(f, pygame.font.Font)
        img = f.render("Wild Race 123", True, (255, 255, 255))
        assert img.get_width() > 20
        assert art.font(14, bold) is f
    assert os.path.isfile(os.path.join(art.FONT_DIR, "OFL.txt"))
    assert "SIL OPEN FONT LICENSE" in open(os.path.join(art.FONT_DIR, "OFL.txt"), encoding="utf-8").read().upper()
    src = open(art.__file__, encoding="utf-8").read()
    assert "SysFont" not in src and "match_font" not in src and "get_default_font" not in src


def test_draw_marker_every_shape() -> None:
    for i, name in enumerate(art.MARKERS):
        s = pygame.Surface((30, 30), pygame.SRCALPHA)
        art.draw_marker(s, i, (15, 15), 10, (255, 255, 255))
        assert pygame.mask.from_surface(s).count() > 30, name


def test_numpy_imported_lazily() -> None:
    import subprocess
    import sys

    code = "import sys; import game.ui.art; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))), check=True)
    assert out.stdout.strip().endswith("False")


def test_sounds_are_made_and_play_silently_headless() -> None:
    import os
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.sound import Sounds
    s = Sounds(0.5)
    if s.ok:
        assert set(s.sounds) == {"dice", "hooves", "hit", "finish", "grind", "crunch", "clang", "twang", "lap"}
        for name in s.sounds:
            assert s.sounds[name].get_length() > 0.1
            s.play(name)
    from game.rules.wild_race.events import Finished, HitTaken
    s.on_event(Finished("a", 1))
    s.on_event(HitTaken("a", 4, 2, True))


def test_each_event_makes_its_sound() -> None:
    """Both rulesets' events map to their sounds; quiet events make none."""
    from game.core.events import RollMade
    from game.rules.doomwheel import events as dev
    from game.rules.wild_race.events import Finished, HitTaken
    from game.ui.sound import Sounds
    want = [
        (Finished("a", 1), "finish"), (HitTaken("a", 4, 2, True), "hit"), (HitTaken("a", 4, 2, False), ""),
        (dev.WheelMoved("red", "move", 0, 0, 5, 0, 0.0), "grind"), (dev.WheelMoved("red", "shove", 0, 0, 1, 0, 0.0), ""),
        (dev.RanOver("red", "slave-1", "slave"), "crunch"), (dev.Rammed("red", "blue", 4, "blue"), "clang"),
        (dev.WheelDestroyed("blue"), "clang"), (dev.WoundsChanged("red", 5, 4, "hit"), "hit"),
        (dev.WoundsChanged("red", 3, 5, "repair"), ""), (dev.LapCompleted("red", 1), "lap"),
        (dev.RaceOver("red", "laps"), "finish"), (dev.RaceOver(None, "draw"), ""),
        (dev.CritterMoved("slave-1", 0, 0, 1, 1), ""),
        (RollMade("red", "red", "to_hit", "d6", (4,), 4), "twang"), (RollMade("red", "red", "move", "d6", (1, 2, 3), 6), "dice"),
    ]
    for e, name in want:
        assert Sounds.sound_for(e) == name, e
