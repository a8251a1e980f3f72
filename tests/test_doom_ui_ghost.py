"""The Doomwheel move ghost asks the engine: what it says a move runs over is what
the engine then runs over (in touch order), with the real dice, up to the first roll
that changes the move (a slave-table result, a ram); aiming with the mouse finds the
move (at, angle) whose end is where the pointer is; a critter run over is tossed
aside by a pymunk body before it vanishes."""

from __future__ import annotations

import math
import os
import pathlib
import random

import pytest

from game.levels.course import load_course
from game.core.driver import sample_chance
from game.core.protocol import CHANCE, TERMINAL, Choice
from game.rules.doomwheel import RULESET, DoomSetup, new_state
from game.rules.doomwheel.geo import pivot_point, rotate_about, schwenk_cost, unit
from game.ui.doomwheel.preview import aim, preview

ROOT = pathlib.Path(__file__).resolve().parent.parent
LEVELS = sorted((ROOT / "levels" / "doomwheel").glob("*.json"))


def _resolve_move(state, choice: Choice, wid: str) -> tuple[list[str], bool]:  # type: ignore[no-untyped-def]
    """Apply the move with random dice: the critters the wheel ran over until a roll
    that may change the move (slave table, ram; then True) or the move's end."""
    ran: list[str] = []
    events = list(RULESET.apply(state, choice))
    rng = random.Random(5)
    while True:
        for e in events:
            if e.kind == "RanOver" and e.wheel == wid:
                ran.append(e.critter)
            if e.kind in ("SlaveResult", "Rammed", "WheelDestroyed", "RaceOver"):
                return ran, True
        if RULESET.current_actor(state) != CHANCE:
            return ran, False
        top = state.stack[-1]
        if top["reason"] not in ("run_over_hits", "to_wound", "armour_save", "edge_hits"):
            return ran, top["reason"] in ("ram", "slave_table")
        outcomes = RULESET.chance_outcomes(state)
        events = list(RULESET.apply(state, rng.choice([c for c, _ in outcomes])))


@pytest.mark.parametrize("level", LEVELS, ids=lambda p: p.stem)
def test_ghost_run_over_list_is_what_the_engine_runs_over(level: pathlib.Path) -> None:
    course = load_course(str(level))
    exact = with_critters = 0
    for seed in range(10):
        st = new_state(DoomSetup(course, (("red", "Red"), ("blue", "Blue")), seed))
        rng = random.Random(seed)
        for _ in range(1500):
            actor = RULESET.current_actor(st)
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                RULESET.apply(st, sample_chance(RULESET, st))
                continue
            top = st.stack[-1]
            legal = RULESET.legal_choices(st)
            if top.kind != "plan":
                RULESET.apply(st, rng.choice(legal))
                continue
            for c in rng.sample(legal, min(4, len(legal))):
                pv = preview(st, c)
                got, cut = _resolve_move(RULESET.clone(st), c, top["wheel"])
                if cut:  # the dice changed the rest of the move: the same up to there
                    assert got == pv.critters[:len(got)], (seed, c, pv.critters, got)
                else:
                    assert got == pv.critters, (seed, c, pv.critters, got)
                    exact += 1
                    with_critters += bool(got)
            RULESET.apply(st, rng.choice(legal))
    assert exact > 50 and with_critters > 5, (exact, with_critters)


def test_ghost_path_ends_where_the_engine_puts_the_wheel() -> None:
    course = load_course(str(LEVELS[0]))
    st = new_state(DoomSetup(course, (("red", "Red"), ("blue", "Blue")), 3))
    while RULESET.current_actor(st) == CHANCE or st.stack[-1].kind != "plan":
        RULESET.apply(st, sample_chance(RULESET, st) if RULESET.current_actor(st) == CHANCE
                      else Choice.make("drive"))
    wid = st.stack[-1]["wheel"]
    c = Choice.make("move", at=0.0, angle=20.0)
    pv = preview(st, c)
    clone = RULESET.clone(st)
    RULESET.apply(clone, c)
    if not pv.critters and not pv.rams:
        w = clone.wheels[wid]
        assert pv.end is not None and math.hypot(pv.end[0] - w.x, pv.end[1] - w.y) < 1e-6
    assert pv.legs and pv.legs[0].kind == "turn" and abs(pv.legs[0].h1 - pv.legs[0].h0 - 20.0) < 1e-6 or pv.stopped_by


def test_aim_finds_the_move_that_ends_at_the_pointer() -> None:
    course = load_course(str(LEVELS[0]))
    st = new_state(DoomSetup(course, (("red", "Red"), ("blue", "Blue")), 1))
    w = next(iter(st.wheels.values()))
    roll = 12.0
    for at, angle in ((0.0, 0.0), (3.0, 40.0), (5.5, -25.0), (0.0, -90.0)):
        # where a free move of (at, angle) ends, by the engine's Schwenk geometry
        ux, uy = unit(w.heading)
        x, y = w.x + ux * at, w.y + uy * at
        px, py = pivot_point(w, angle, "wfb_wheel")
        px, py = px + ux * at, py + uy * at
        x, y = rotate_about(x, y, px, py, angle)
        rest = roll - at - schwenk_cost(w, angle, "wfb_wheel")
        vx, vy = unit(w.heading + angle)
        tx, ty = x + vx * rest, y + vy * rest
        got_at, got_angle = aim(st, w, roll, tx, ty, "wfb_wheel")
        assert abs(got_at - at) <= 0.11 and abs(got_angle - angle) <= 1.0, ((at, angle), (got_at, got_angle))


def test_run_over_critter_is_tossed_aside_then_gone(monkeypatch: pytest.MonkeyPatch) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    pygame.init()
    pygame.display.set_mode((64, 64))
    from game.rules.doomwheel import events as ev
    from game.ui.doomwheel.animate import DoomAnimator
    from game.ui.doomwheel.view import TOSS_TIME, DoomTableView
    course = load_course(str(LEVELS[0]))
    st = new_state(DoomSetup(course, (("red", "Red"), ("blue", "Blue")), 3))
    anim = DoomAnimator.of(st)
    view = DoomTableView(st, {"red": 0, "blue": 1})
    w = st.wheels["red"]
    c = next(c for c in st.critters.values() if c.alive)
    x0, y0 = c.x, c.y
    anim.wheels["red"] = (x0 - w.length / 2 - c.radius, y0, 0.0)  # the wheel's front touching it
    anim.feed([ev.RanOver("red", c.id, c.kind)])
    anim.finish_all()
    assert c.id in anim.gone
    view.update(1 / 60, anim)
    assert len(view.tosser.poses()) == 1
    for _ in range(20):
        view.update(1 / 60, anim)
    (_, x, y, _), = view.tosser.poses()
    assert math.hypot(x - x0, y - y0) > 1.0  # thrown clear, by the pymunk body
    surf = pygame.Surface((800, 600))
    view.camera.set_view(0, 0, 800, 600)
    view.fit()
    view.draw(surf, anim)
    for _ in range(int(TOSS_TIME * 60) + 2):
        view.update(1 / 60, anim)
    assert view.tosser.poses() == []


def test_shot_flies_from_the_bolt_thrower_and_a_lost_wound_flashes() -> None:
    from game.rules.doomwheel import events as ev
    from game.ui.doomwheel.animate import DoomAnimator
    from game.ui.session import Chosen
    course = load_course(str(LEVELS[0]))
    st = new_state(DoomSetup(course, (("red", "Red"), ("blue", "Blue")), 3))
    while st.phase == "setup":  # the wheels on the grid
        RULESET.apply(st, sample_chance(RULESET, st))
    anim = DoomAnimator.of(st)
    anim.feed([Chosen("red", Choice.make("shoot", target="blue")), ev.WoundsChanged("blue", 5, 3, "bolt_thrower")])
    anim.update(0.2)
    assert anim.bolt is not None
    x0, y0, x1, y1, f = anim.bolt
    assert (x0, y0) == (course.fans[0].x, course.fans[0].y) and (x1, y1) == anim.wheels["blue"][:2] and 0 < f < 1
    anim.update(0.3)
    assert anim.bolt is None and "blue" in anim.flash
    anim.update(1.0)
    assert not anim.flash


def test_critters_are_told_apart_by_lightness_not_only_hue() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    pygame.init()
    from game.rules.doomwheel.state import CRITTER_RADIUS
    from game.ui.doomwheel import art as doom_art

    def lightness(kind: str) -> float:
        spr = doom_art.critter_sprite(kind, 19.0, CRITTER_RADIUS[kind])
        px = [spr.get_at((x, y)) for x in range(spr.get_width()) for y in range(spr.get_height())]
        solid = [(0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b) for c in px if c.a > 200]
        return sum(solid) / len(solid)

    fanatic, slayer, slave = lightness("fanatic"), lightness("slayer"), lightness("slave")
    assert fanatic + 15 < slayer and slayer + 15 < slave, (fanatic, slayer, slave)
