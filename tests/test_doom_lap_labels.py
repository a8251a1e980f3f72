"""The Doomwheel table says which way a lap runs and aims the lap's way (issue 12,
item 12), and its words and markers never cover each other or a piece (item 20):

- arrows painted along the centre line, and one in the moving wheel's colour at the
  next lap line it must cross;
- a pointer 5" ahead of an 11" move asks for a straight move that runs on past it
  (said in the ghost's words), never a Schwenk of 147° that turns the wheel back;
  turning back only for a pointer clearly behind;
- the wheels' names, the checkpoints' numbers, START / FINISH, the next line's arrow,
  the ghost's words and the run-over numbers placed clear of every piece and of each
  other (a start grid of four wheels stands on START / FINISH)."""

from __future__ import annotations

import math
import os
import pathlib

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")

from game.levels.course import load_course  # noqa: E402
from game.core.driver import sample_chance  # noqa: E402
from game.core.protocol import CHANCE  # noqa: E402
from game.rules.doomwheel import RULESET, DoomSetup, new_state  # noqa: E402
from game.rules.doomwheel.geo import pivot_point, rotate_about, schwenk_cost, unit  # noqa: E402
from tests.test_doom_ui import Human, _until, move_mouse  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIGURE_8 = ROOT / "levels" / "doomwheel" / "figure_of_eight.json"
RATWAYS = ROOT / "levels" / "doomwheel" / "the_ratways.json"


def _grid(path: pathlib.Path = FIGURE_8):  # type: ignore[no-untyped-def]
    """A race on its start grid, the first wheel about to move."""
    st = new_state(DoomSetup(load_course(str(path)), (("red", "Red"), ("blue", "Blue")), 1))
    while RULESET.current_actor(st) == CHANCE:
        RULESET.apply(st, sample_chance(RULESET, st))
    return st


def _ahead(w, inches: float, left: float = 0.0) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    ux, uy = unit(w.heading)
    return w.x + ux * inches - uy * left, w.y + uy * inches + ux * left


# --- item 12: the move the pointer asks for -------------------------------------------------

@pytest.mark.parametrize("course", [FIGURE_8, RATWAYS])
def test_pointer_five_inches_ahead_of_an_11_inch_move_asks_for_a_straight_move(course: pathlib.Path) -> None:
    from game.ui.doomwheel.lap import lap_of
    from game.ui.doomwheel.preview import plan_for
    st = _grid(course)
    lap = lap_of(st.course)
    for w in st.wheels.values():
        assert abs((lap.heading_at(w) - w.heading + 180) % 360 - 180) < 30  # the grid faces the lap's way
        for left in (0.0, 0.5, -0.5):
            got = plan_for(st, w, 11.0, *_ahead(w, 5.0, left), st.options.schwenk, lap=lap)
            assert abs(got.angle) <= 15.0, (w.id, left, got)
            assert "the pointer is 5\" away; the wheel goes on past it" in got.note, got
            assert got.note.startswith("the move is 11\""), got


def test_a_move_still_ends_at_the_pointer_where_one_can() -> None:
    """Aiming the lap's way keeps the exact aim of test_doom_ui_ghost: a pointer where
    a free move of (at, angle) ends asks for that move."""
    from game.ui.doomwheel.lap import lap_of
    from game.ui.doomwheel.preview import plan_for
    st = _grid()
    w = st.wheels["red"]
    roll = 12.0
    for at, angle in ((0.0, 0.0), (3.0, 40.0), (5.5, -25.0), (2.0, 70.0)):
        ux, uy = unit(w.heading)
        px, py = pivot_point(w, angle, "wfb_wheel")
        x, y = rotate_about(w.x + ux * at, w.y + uy * at, px + ux * at, py + uy * at, angle)
        rest = roll - at - schwenk_cost(w, angle, "wfb_wheel")
        vx, vy = unit(w.heading + angle)
        got = plan_for(st, w, roll, x + vx * rest, y + vy * rest, "wfb_wheel", lap=lap_of(st.course))
        assert abs(got.at - at) <= 0.11 and abs(got.angle - angle) <= 1.0 and got.note == "", ((at, angle), got)


def test_a_pointer_clearly_behind_turns_the_wheel_back_and_a_far_one_stops_short() -> None:
    from game.ui.doomwheel.lap import lap_of
    from game.ui.doomwheel.preview import plan_for
    st = _grid()
    w = st.wheels["red"]
    lap = lap_of(st.course)
    back = plan_for(st, w, 11.0, *_ahead(w, -6.0), "wfb_wheel", lap=lap)
    assert abs(back.angle) >= 150.0, back
    far = plan_for(st, w, 11.0, *_ahead(w, 16.0), "wfb_wheel", lap=lap)
    assert far.angle == 0.0 and "stops short" in far.note, far


def test_the_window_offers_the_straight_move_and_says_why(app) -> None:  # type: ignore[no-untyped-def]
    """Through the scene: the pointer 5" ahead of the deciding wheel (a 10" roll)."""
    from game.rules.doomwheel.options import Options
    from game.ui.doomwheel.flow import start_doomwheel
    start_doomwheel(app, load_course(str(FIGURE_8)), [("Ann", "human"), ("Bob", "random")], Options(), seed=3)
    scene = app.scene
    _until(app, scene, "plan", Human())
    st = scene.session.state
    w = st.wheels[st.stack[-1]["wheel"]]
    roll = float(st.stack[-1]["value"])
    assert roll >= 8.0, roll
    cam = scene.view.camera
    move_mouse(app, cam.to_screen(*_ahead(w, 5.0)))
    c = scene.move_choice()
    assert abs(c["angle"]) <= 15.0, c  # the old aim offered a Schwenk of 158° here
    assert "the pointer is 5\" away; the wheel goes on past it" in scene.ghost()["label"]
    move_mouse(app, cam.to_screen(*_ahead(w, roll)))  # where the straight move ends: nothing to say
    assert scene.move_choice()["angle"] == 0.0 and "the pointer is" not in scene.ghost()["label"]


# --- item 12: the arrows -------------------------------------------------------------------

def test_lap_arrows_point_the_way_the_ai_racing_line_goes() -> None:
    """Each arrow points within 90° of where the AI's racing line (game.ai.doomwheel
    .track, built from the lap lines in order and the edges, not from the centre
    line) heads from there, toward the next lap line."""
    from types import SimpleNamespace

    from game.ai.doomwheel.track import track_of
    from game.ui.doomwheel.lap import lap_of, turn_between
    for path in (FIGURE_8, RATWAYS):
        course = load_course(str(path))
        lap, track = lap_of(course), track_of(course)
        arrows = lap.arrows()
        assert len(arrows) >= 5
        ends = [ls if ls > 1e-6 else lap.length for ls in lap.line_s]  # the start line ends the lap
        for x, y, h in arrows:
            nxt = next(k for k, ls in enumerate(ends) if _arc(lap, x, y) < ls)
            w = SimpleNamespace(x=x, y=y, heading=h, next_cp=nxt, laps=0, length=3.9, width=2.0)
            assert turn_between(h, track.aim(w)) < 90.0, (path.name, (x, y, h), track.aim(w))


def _arc(lap, x: float, y: float) -> float:  # type: ignore[no-untyped-def]
    import numpy as np
    s, _ = lap._nearest(np.array([x]), np.array([y]))
    return float(s[0]) if float(s[0]) < lap.length - 1e-6 else 0.0


def test_arrows_are_drawn_on_the_track_and_at_the_next_checkpoint(app) -> None:  # type: ignore[no-untyped-def]
    from game.rules.doomwheel.options import Options
    from game.ui import art
    from game.ui.doomwheel.lap import lap_of
    from game.ui.doomwheel.view import LAP_ARROW
    from game.ui.doomwheel.flow import start_doomwheel
    start_doomwheel(app, load_course(str(FIGURE_8)), [("Ann", "human"), ("Bob", "random")], Options(), seed=3,
                    colours=[0, 1])
    scene = app.scene
    _until(app, scene, "plan", Human())
    app.frame(1 / 60)
    view = scene.view
    cam = view.camera
    assert abs(view.board(cam.ppi)[1] - cam.ppi) < 1e-6  # the board blitted one to one
    pieces = [b for b, _, tag in view.placer.blocks if tag in ("piece", "label", "ghost")]
    seen = 0
    for x, y, _ in lap_of(view.course).arrows():
        sx, sy = cam.to_screen(x, y)
        if not cam.vx <= sx < cam.vx + cam.vw or not cam.vy <= sy < cam.vy + cam.vh:
            continue
        if any(b.collidepoint(sx, sy) for b in pieces):
            continue
        assert tuple(app.screen.get_at((round(sx), round(sy))))[:3] == LAP_ARROW, (x, y)
        seen += 1
    assert seen >= 4
    st = scene.session.state
    drawn = view.drawn_next_arrow
    assert drawn is not None and drawn[3] == st.active == st.stack[-1]["wheel"]
    w = st.wheels[st.active]
    assert tuple(app.screen.get_at(drawn[:2]))[:3] == art.player_colour(scene.colours[w.player])
    a, b = st.course.checkpoints[w.next_cp] if w.next_cp < len(st.course.checkpoints) else st.course.start
    mid = cam.to_screen((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    assert math.dist(mid, drawn[:2]) < math.dist(cam.to_screen(*a), cam.to_screen(*b)) * 0.6 + 40


# --- item 20: words and markers clear of the pieces and of each other -----------------------

def _overlaps(view) -> list[str]:  # type: ignore[no-untyped-def]
    """Every placed label on the view that covers a piece (a wheel's base, a critter, a
    bolt thrower: measured from the state, not the placer) or another label."""
    cam = view.camera
    st = view.state
    from game.ui.doomwheel.labels import base_rect
    pieces = {}
    for w in st.wheels.values():
        if w.id in view.anim_seen:
            x, y, h = view.anim_seen[w.id]
            pieces[w.id] = base_rect(view._base_px(x, y, h, w.length, w.width))
    for cid, (x, y) in view.critters_seen.items():
        c = st.critters.get(cid)
        if c is not None:
            sx, sy = cam.to_screen(x, y)
            r = c.radius * cam.ppi
            pieces[cid] = pygame.Rect(round(sx - r) + 1, round(sy - r) + 1, round(2 * r) - 2, round(2 * r) - 2)
    view_rect = pygame.Rect(cam.vx, cam.vy, cam.vw, cam.vh)
    placed = [(what, r) for what, r in view.placer.placed if view_rect.colliderect(r)]
    out = []
    for i, (what, r) in enumerate(placed):
        out += [f"{what} covers {pid}" for pid, p in pieces.items() if r.colliderect(p)]
        out += [f"{what} covers {other}" for j, (other, q) in enumerate(placed) if j > i and r.colliderect(q)]
    return out


@pytest.fixture()
def seen_poses(monkeypatch: pytest.MonkeyPatch) -> None:
    """The view keeps the poses it drew the wheels and critters at, for _overlaps."""
    from game.ui.doomwheel.view import DoomTableView
    real = DoomTableView._draw_racers

    def spy(self, target, anim, selected):  # type: ignore[no-untyped-def]
        self.anim_seen = {wid: pose for wid, pose in anim.wheels.items() if wid not in anim.gone}
        self.critters_seen = {cid: pose for cid, pose in anim.critters.items() if cid not in anim.gone}
        real(self, target, anim, selected)

    monkeypatch.setattr(DoomTableView, "_draw_racers", spy)


def test_names_and_start_finish_clear_of_a_full_start_grid(app, seen_poses) -> None:  # type: ignore[no-untyped-def]
    """Four wheels on the grid stand on START / FINISH: the words go beside the line,
    the names beside the wheels, nothing on a piece or on other words."""
    from game.rules.doomwheel.options import Options
    from game.ui.doomwheel.flow import start_doomwheel
    start_doomwheel(app, load_course(str(RATWAYS)), [(n, "human") for n in ("Red", "Blue", "Yellow", "Purple")],
                    Options(players=4), seed=5, colours=[0, 1, 2, 3])
    scene = app.scene
    for zoom in (1.0, 1.8, 1.5):
        scene.view.camera.zoom_at(zoom, *scene.view.camera.to_screen(*st_start(scene)))
        app.frame(1 / 60)
        placed = dict(scene.view.placer.placed)
        assert "START / FINISH" in placed and {"Red", "Blue", "Yellow", "Purple"} <= set(placed), placed
        assert _overlaps(scene.view) == []


def st_start(scene) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    (a, b) = scene.session.state.course.start
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


@pytest.mark.parametrize("players, path, seed", [(3, RATWAYS, 5), (2, FIGURE_8, 3)])
def test_no_word_or_marker_covers_a_piece_or_another_through_a_race(app, seen_poses, players: int,
                                                                     path: pathlib.Path, seed: int) -> None:  # type: ignore[no-untyped-def]
    """A race with a human seat (the ghost's words, the run-over numbers, the bolt
    thrower's odds) and AI seats, checked every frame for 600 frames."""
    from game.rules.doomwheel.options import Options
    from game.ui.doomwheel.scenes.race import DoomRaceScene
    from game.ui.doomwheel.flow import start_doomwheel
    seats = [("Ann", "human")] + [(n, "easy") for n in ("Bob", "Cat", "Dan")][:players - 1]
    start_doomwheel(app, load_course(str(path)), seats, Options(players=players, laps=1), seed=seed)
    scene = app.scene
    human = Human()
    kinds: set[str] = set()
    for _ in range(600):
        app.frame(1 / 60)
        if not isinstance(app.scene, DoomRaceScene):
            break
        assert _overlaps(scene.view) == []
        kinds |= {what.split(" ")[0] for what, _ in scene.view.placer.placed}
        p = scene._human()
        if p is not None and p.kind == "plan" and "ghost" in kinds:
            human.play(app)
        elif p is not None:
            scene.ghost()  # drawn next frame, then played
            app.frame(1 / 60)
            assert _overlaps(scene.view) == []
            kinds |= {what.split(" ")[0] for what, _ in scene.view.placer.placed}
            human.play(app)
    assert {"ghost", "checkpoint", "next", "Ann"} <= kinds, kinds
