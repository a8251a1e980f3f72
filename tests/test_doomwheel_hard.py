"""The Doomwheel Race's `hard` agent (game.ai.doomwheel.hard, docs/ai.md): its bolt
thrower odds, the chance a wheel is wrecked, its repairs and its weighting of a lone
rival, each checked against the charts on a real race state; and a race with hard
seats is the same race for the same seed. (Legality, the untouched dice and the
reasons are checked for every agent, hard included, in tests/test_doomwheel_ai.py.)"""

from __future__ import annotations

import pytest

from game.ai.agents import make_agent
from game.ai.doomwheel import knowledge as kn
from game.ai.doomwheel.hard import DoomHardAgent, hits_dist, p_wrecked, shot_dist
from game.ai.doomwheel.normal import DoomNormalAgent
from game.core.driver import sample_chance
from game.core.protocol import CHANCE, TERMINAL, Choice
from game.levels.course import load_course
from game.rules.doomwheel import RULESET, DoomSetup, new_state, shooting
from game.rules.doomwheel.options import parse_options
from game.rules.doomwheel.state import DoomState
from tests.test_doomwheel_helpers import LEVELS

COURSES = {p.stem: load_course(p) for p in LEVELS}


def to_decision(kind: str, seed: int = 3, course: str = "figure_of_eight", skip: int = 0) -> DoomState:
    """A 2-wheel race played by normal agents up to the (skip+1)-th decision of `kind`."""
    st = new_state(DoomSetup(COURSES[course], (("red", "Red"), ("blue", "Blue")), seed), parse_options({}))
    agents = {p: DoomNormalAgent(seed + i) for i, p in enumerate(("red", "blue"))}
    for _ in range(100000):
        actor = RULESET.current_actor(st)
        assert actor != TERMINAL, "the race ended first"
        if actor == CHANCE:
            RULESET.apply(st, sample_chance(RULESET, st))
            continue
        if st.steps[-1].kind == kind:
            if skip == 0:
                return st
            skip -= 1
        RULESET.apply(st, agents[actor].act(RULESET, st, RULESET.legal_choices(st)))
    raise AssertionError("no such decision")


def test_the_bolt_thrower_odds_follow_the_charts() -> None:
    st = to_decision("plan")
    red, blue = st.wheels["red"], st.wheels["blue"]
    blue.fired_turn = -99  # loaded
    at = shooting.machine(st, "blue")
    assert at is not None
    dist = shot_dist(st, blue, red)
    if shooting.visible(st, at, red) and shooting.distance(st, at, red) <= shooting.RANGE:
        need = shooting.to_hit_needed(st, at, red)
        p = kn.hit_chance(need) * 0.5  # Strength 6 against toughness 6 wounds on 4+
        assert dist[0] == pytest.approx(1 - p)
        assert [dist[k] for k in (1, 2, 3)] == pytest.approx([p / 3] * 3)
    else:  # pragma: no cover - the grid is in sight of both machines on this course
        assert dist == {}
    blue.fired_turn = st.turn - 1  # fired last turn: reloading, no shot this turn
    assert shot_dist(st, blue, red) == {}
    blue.fired_turn = -99
    blue.status = "destroyed"
    assert shot_dist(st, blue, red) == {}


def test_the_chance_of_being_wrecked() -> None:
    st = to_decision("plan")
    w = st.wheels["red"]
    p = kn.p_unsaved(5, w.toughness, w.armour)  # 5+ to wound, saved on a 6
    assert p == pytest.approx(2 / 6 * 5 / 6)
    w.wounds = 1
    none_lost = (1 - p + (1 - p) ** 2 + (1 - p) ** 3) / 3  # D3 hits, none wounding
    assert p_wrecked(w, hits_dist(w)) == pytest.approx(1 - none_lost)
    w.wounds = 4  # D3 hits take at most 3 wounds
    assert p_wrecked(w, hits_dist(w)) == 0.0


def test_hard_repairs_a_wheel_down_a_wound_where_normal_drives() -> None:
    st = to_decision("activate")
    wid = st.steps[-1]["wheel"]
    st.wheels[wid].wounds = 4
    legal = RULESET.legal_choices(st)
    assert Choice.make("repair") in legal
    assert DoomNormalAgent(1).act(RULESET, st, legal) == Choice.make("drive")
    hard = DoomHardAgent(1)
    assert hard.act(RULESET, st, legal) == Choice.make("repair")
    assert wid in hard.why and "repair" in hard.why
    st.wheels[wid].wounds = 5
    assert hard.act(RULESET, st, RULESET.legal_choices(st)) == Choice.make("drive")


def test_a_lone_rival_counts_fully_however_far_behind() -> None:
    st = to_decision("plan")
    red, blue = st.wheels["red"], st.wheels["blue"]
    normal, hard = DoomNormalAgent(1), DoomHardAgent(1)
    blue.laps = 1  # blue a lap ahead: red is far behind it
    assert normal.track(st).progress(blue) - normal.track(st).progress(red) > 45.0
    assert normal.rival_weights(st, "blue")["red"] < 1.0
    assert hard.rival_weights(st, "blue") == {"red": 1.0}
    assert normal.rival_weights(st, "red") == hard.rival_weights(st, "red") == {"blue": 1.0}


def test_a_race_with_hard_seats_is_the_same_for_the_same_seed() -> None:
    def race() -> list[tuple[str, Choice]]:
        st = new_state(DoomSetup(COURSES["the_ratways"], (("red", "Red"), ("blue", "Blue")), 9),
                       parse_options({"turn_cap": 4}))
        agents = {"red": make_agent("hard", 91, ruleset="doomwheel"),
                  "blue": make_agent("normal", 92, ruleset="doomwheel")}
        out = []
        while (actor := RULESET.current_actor(st)) != TERMINAL:
            if actor == CHANCE:
                RULESET.apply(st, sample_chance(RULESET, st))
                continue
            c = agents[actor].act(RULESET, st, RULESET.legal_choices(st))
            out.append((actor, c))
            RULESET.apply(st, c)
        return out
    first = race()
    assert any(a == "red" and c.kind == "move" for a, c in first)
    assert first == race()
