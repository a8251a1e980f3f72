"""game/ui/rrtk/stands.py: Rally Round the King's stands drawn top-down (headless)."""

import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import art  # noqa: E402
from game.ui.rrtk import stands  # noqa: E402

TAGS = ("Elite", "ET", "Shock", "Pike", "Flying", "Terror", "UD", "Artillery", "Engine", "Engines", "CW", "Combined",
        "Dual", "Frenzy", "Fanatic", "Stakes", "FA")


def band_share(surf: pygame.Surface, row: int) -> float:
    """How much of a pixel row is the front band's light colour."""
    w = surf.get_width()
    hits = sum(1 for x in range(w) if sum(abs(a - b) for a, b in zip(surf.get_at((x, row))[:3], stands.FRONT)) < 60)
    return hits / w


@pytest.mark.parametrize("figs,mounted,purpose", list(itertools.product((1, 2, 3, 4), (False, True), stands.PURPOSES)))
def test_every_stand_has_its_size_its_front_band_on_top_and_figures(figs: int, mounted: bool, purpose: str) -> None:
    s = stands.stand_surface(figs, mounted, purpose, (), art.player_colour(0), 60, marker=0)
    assert s.get_size() == stands.stand_size(60, mounted)
    assert s.get_height() < s.get_width()  # a stand is wider (its front) than deep
    assert band_share(s, 1) > 0.8  # the front edge is marked along the top...
    assert band_share(s, s.get_height() - 2) < 0.1  # ...and not along the rear
    # figures on it: more colours than a bare stand has
    bare = stands.stand_surface(figs, mounted, purpose, (), art.player_colour(0), 60, marker=0, look="cannon")
    assert bare is not s
    assert len({s.get_at((x, y))[:3] for x in range(0, 60, 2) for y in range(s.get_height())}) > 20


def test_facing_turns_the_front_band_and_surfaces_are_cached() -> None:
    up = stands.stand_surface(3, False, "melee", ("Pike",), (200, 60, 60), 48)
    assert up is stands.stand_surface(3, False, "melee", ["pike"], (200, 60, 60), 48)  # cached, tags any case/order
    left = stands.stand_surface(3, False, "melee", ("Pike",), (200, 60, 60), 48, facing=90)  # counter-clockwise
    assert left.get_size() == (up.get_height(), up.get_width())
    col = [left.get_at((1, y))[:3] for y in range(left.get_height())]
    assert sum(1 for c in col if sum(abs(a - b) for a, b in zip(c, stands.FRONT)) < 60) > 0.8 * len(col)
    down = stands.stand_surface(3, False, "melee", ("Pike",), (200, 60, 60), 48, facing=180)
    assert band_share(down, down.get_height() - 2) > 0.8 and band_share(down, 1) < 0.1
    assert left is stands.stand_surface(3, False, "melee", ("Pike",), (200, 60, 60), 48, facing=450)


def test_sides_differ_by_marker_shape_not_only_colour() -> None:
    """Colour-blind safe: the same colour with another marker draws another stand."""
    a = stands.stand_surface(4, False, "melee", (), (120, 120, 120), 90, marker=0)
    b = stands.stand_surface(4, False, "melee", (), (120, 120, 120), 90, marker="triangle")
    diff = sum(1 for x in range(a.get_width()) for y in range(a.get_height()) if a.get_at((x, y)) != b.get_at((x, y)))
    assert diff > 20


def test_small_sizes_still_draw_a_stand() -> None:
    for w in (8, 16, 24):
        s = stands.stand_surface(4, True, "melee", ("Shock",), (40, 90, 200), w)
        assert s.get_width() == w and s.get_height() >= 5
        assert band_share(s, 0) > 0.7


def test_every_tag_has_an_icon_and_words_of_its_own() -> None:
    icons = {}
    for t in TAGS:
        icon = stands.tag_icon(t, 20)
        assert icon.get_size() == (20, 20)
        icons[t] = pygame.image.tobytes(icon, "RGBA")
        words = stands.tag_words(t, 1)
        assert words.startswith(stands.TAG_NAMES[t.lower()]) and "(+1 point a figure)" in words
    # one picture per rule: the same rule under two spellings may share it, different rules never
    by_rule: dict[bytes, set[str]] = {}
    for t, b in icons.items():
        by_rule.setdefault(b, set()).add(stands.TAG_NAMES[t.lower()])
    assert all(len(rules) == 1 for rules in by_rule.values())
    assert "-1 point a figure" in stands.tag_words("UD", -1) and "+3 points" in stands.tag_words("Flying", 3)
    assert stands.tag_words("Mystery").startswith("Mystery")
    strip, rects = stands.tag_strip(("Elite", "Shock"), 18)
    assert [t for _, t in rects] == ["Elite", "Shock"] and strip.get_width() == rects[-1][0].right


@pytest.mark.parametrize("name,tags,figs,mounted,purpose,look", [
    ("Cannons", ["Artillery"], 1, False, "missile", "cannon"),
    ("Ballistae", ["Engine"], 1, False, "missile", "engine"),
    ("Heavy Chariots", ["Dual", "Shock"], 1, True, "melee", "chariot"),
    ("Elephants", ["Terror", "UD"], 1, False, "melee", "elephant"),
    ("Hill Giants", ["Terror", "Engine", "UD"], 4, False, "melee", "monster"),
    ("Gargoyles", ["Flying", "Terror", "Shock"], 1, True, "melee", "monster"),
    ("Knights", ["Elite", "Shock"], 3, True, "melee", "troops"),
    ("Winged Men", ["Flying", "UD"], 2, True, "skirmish", "winged"),
    ("Pike", ["Pike"], 4, False, "melee", "troops"),
])
def test_look_for_guesses_from_name_and_tags(name: str, tags: list[str], figs: int, mounted: bool, purpose: str,
                                             look: str) -> None:
    assert stands.look_for(name, tags, figs, mounted, purpose) == look
    s = stands.stand_surface(figs, mounted, purpose, tags, (90, 160, 90), 64, look=look)
    assert s.get_size() == stands.stand_size(64, mounted, look)
