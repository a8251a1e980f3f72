"""The Doomwheel Race's AI players (game.ai.doomwheel: easy, normal, hard; and random)
against the rules:

- every choice an agent returns is legal (is_legal BEFORE it is applied) and every
  race ends, over seeds, both shipped courses, the spec's options and 2-4 wheels;
- the same seed gives the same race (also in fresh interpreters with other hash
  seeds);
- agents never touch or read the game's dice: act() leaves the state, its generator
  included, as it was, and another dice stream ahead does not change the choice;
- normal and easy say why (the wheel by name, what the move runs over or rams);
- the racing line: laps in checkpoint order, no short cut at the crossing;
- normal beats random clearly and easy beats random (arena, fixed seed).
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from dataclasses import asdict
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as hs

from game.ai.agents import DOOMWHEEL_AGENTS, make_agent
from game.ai.doomwheel.track import track_of
from game.levels.course import load_course
from game.core.dice import seed_state
from game.core.driver import sample_chance
from game.core.errors import BadInput
from game.core.protocol import CHANCE, TERMINAL, Choice
from game.rules.doomwheel import RULESET, DoomSetup, new_state
from game.rules.doomwheel.options import parse_options
from game.rules.doomwheel.state import DoomState
from tests.test_doomwheel_helpers import LEVELS, ROOT

COURSES = {p.stem: load_course(p) for p in LEVELS}
KINDS = ("random", "easy", "normal")
SPEC_OPTIONS: dict[str, tuple[str, ...]] = {  # spec §11, verbatim
    "move_distance": ("exact", "up_to"),
    "schwenk": ("wfb_wheel", "free_pivot"),
    "edge_damage": ("none", "d3_s4"),
    "tangled": ("replaces_move", "then_continue"),
    "ram_effect_timing": ("next_unstarted", "next_turn"),
    "sabotage_moves": ("pooled", "per_point"),
}
SEATS = ("red", "blue", "green", "gold")


def snapshot(st: DoomState) -> tuple[Any, ...]:
    """Everything observable about the game: the dice generator, wheels, critters,
    the turn and the pending stack."""
    return (st.rng, st.turn, st.phase, st.order, st.active, st.winner, st.end_reason,
            [asdict(w) for w in st.wheels.values()], [asdict(c) for c in st.critters.values()], list(st.steps))


def run(course: str, kinds: list[str], seed: int, options: dict[str, Any] | None = None, *,
        check_peek: bool = False) -> tuple[DoomState, list[tuple[str, str, Choice, str, int]]]:
    """One race, seat i played by kinds[i]; every choice checked legal before it is
    applied. Returns the final state and (seat, kind, choice, why, legal count) of
    every decision."""
    players = tuple((SEATS[i], SEATS[i].capitalize()) for i in range(len(kinds)))
    st = new_state(DoomSetup(COURSES[course], players, seed), parse_options(options or {}))
    agents = {p: make_agent(k, seed * 10 + i, ruleset="doomwheel") for i, ((p, _), k) in enumerate(zip(players, kinds))}
    kind_of = {p: k for (p, _), k in zip(players, kinds)}
    out: list[tuple[str, str, Choice, str, int]] = []
    for n in range(400000):
        actor = RULESET.current_actor(st)
        if actor == TERMINAL:
            return st, out
        if actor == CHANCE:
            RULESET.apply(st, sample_chance(RULESET, st))
            continue
        legal = RULESET.legal_choices(st)
        assert legal
        a = agents[actor]
        if check_peek:
            before = snapshot(st)
            twin_agent = copy.deepcopy(a)
            twin = st.clone()
            twin.rng = seed_state(st.rng ^ 0x5EED)  # other dice ahead
        choice = a.act(RULESET, st, legal)
        where = f"{course} {kinds} seed {seed} {options} turn {st.turn} {st.steps[-1].kind} ({kind_of[actor]}): {choice}"
        if check_peek:
            assert snapshot(st) == before, f"act() changed the game state: {where}"
            assert twin_agent.act(RULESET, twin, list(legal)) == choice, f"the choice depends on the dice: {where}"
        reason = RULESET.is_legal(st, choice)
        assert reason is None, f"illegal choice ({reason}): {where}"
        out.append((actor, kind_of[actor], choice, str(getattr(a, "why", "") or ""), len(legal)))
        RULESET.apply(st, choice)
    raise AssertionError("the race did not end")


def test_the_window_offers_the_doomwheel_agents() -> None:
    assert DOOMWHEEL_AGENTS[:3] == ("random", "easy", "normal")
    for kind in DOOMWHEEL_AGENTS:
        assert hasattr(make_agent(kind, 1, ruleset="doomwheel"), "act")
    with pytest.raises(BadInput):
        make_agent("wizard", 1, ruleset="doomwheel")


# --- 1. legality ----------------------------------------------------------------------

@hs.composite
def race_options(draw: Any) -> dict[str, Any]:
    opts: dict[str, Any] = {name: draw(hs.sampled_from(values)) for name, values in SPEC_OPTIONS.items()
                            if draw(hs.booleans())}
    opts["turn_cap"] = draw(hs.sampled_from((2, 3)))
    return opts


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 2**31 - 1), course=hs.sampled_from(sorted(COURSES)), players=hs.integers(2, 4),
       kinds=hs.lists(hs.sampled_from(KINDS), min_size=4, max_size=4), options=race_options())
def test_every_agent_choice_is_legal_and_races_end(seed: int, course: str, players: int, kinds: list[str],
                                                   options: dict[str, Any]) -> None:
    assume(players <= (COURSES[course].max_racers or 4))
    st, decisions = run(course, kinds[:players], seed, options)
    assert RULESET.current_actor(st) == TERMINAL and st.turn <= options["turn_cap"]
    assert decisions


@pytest.mark.parametrize("course,kinds,options", [
    ("figure_of_eight", ["normal", "easy", "normal"], {"move_distance": "up_to", "sabotage_moves": "per_point"}),
    ("the_ratways", ["normal", "random", "easy", "hard"], {"schwenk": "free_pivot", "edge_damage": "d3_s4",
                                                          "tangled": "then_continue"}),
])
def test_agents_play_every_kind_of_decision_legally(course: str, kinds: list[str], options: dict[str, Any]) -> None:
    st, decisions = run(course, kinds, 7, {**options, "turn_cap": 8})
    assert RULESET.current_actor(st) == TERMINAL
    made = {(k, c.kind) for _, k, c, _, _ in decisions}
    assert ("normal", "move") in made and ("normal", "drive") in made
    assert any(c.kind in ("shoot", "hold") for _, k, c, _, _ in decisions if k == "normal")
    assert any(c.kind in ("sabotage", "pass") for _, k, c, _, _ in decisions if k == "normal")


# --- 2. determinism -----------------------------------------------------------------------

def test_same_seed_same_race() -> None:
    a, da = run("the_ratways", ["normal", "easy", "random"], 5, {"turn_cap": 6})
    b, db = run("the_ratways", ["normal", "easy", "random"], 5, {"turn_cap": 6})
    assert [(p, c) for p, _, c, _, _ in da] == [(p, c) for p, _, c, _, _ in db]
    assert snapshot(a) == snapshot(b)


def test_same_seed_same_output_under_other_hash_seeds() -> None:
    """`simulate doomwheel --agent normal` byte for byte in two fresh interpreters."""
    cmd = [sys.executable, "-m", "game", "simulate", "doomwheel", "--agent", "normal", "--players", "2",
           "--seed", "4", "--option", "turn_cap=4", "--json"]
    outs = []
    for hashseed in ("1", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        outs.append(subprocess.run(cmd, capture_output=True, cwd=ROOT, env=env, check=True).stdout)
    assert outs[0] == outs[1]
    assert json.loads(outs[0])["ruleset"] == "doomwheel"


# --- 3. no peeking at the dice -----------------------------------------------------------

@pytest.mark.parametrize("course,kinds,seed", [
    ("figure_of_eight", ["normal", "random"], 31),
    ("the_ratways", ["easy", "normal", "random"], 32),
    ("figure_of_eight", ["hard", "easy"], 33),
])
def test_agents_neither_touch_nor_read_the_game_dice(course: str, kinds: list[str], seed: int) -> None:
    st, decisions = run(course, kinds, seed, {"turn_cap": 5}, check_peek=True)
    assert {k for _, k, _, _, _ in decisions} == set(kinds)


# --- 4. why ----------------------------------------------------------------------------------

def test_normal_easy_and_hard_say_why() -> None:
    _, decisions = run("figure_of_eight", ["normal", "easy", "hard"], 12, {"turn_cap": 5})
    for seat, kind, choice, why, n_legal in decisions:
        if kind == "random" or n_legal < 2:
            continue
        assert why, f"{kind} gave no reason for {choice}"
        assert seat in why, why  # the wheel by its id: the window words it by its player's name
        if kind in ("normal", "hard") and choice.kind == "move":
            assert why.startswith(f"{seat} drives "), why
            assert ":" in why, why  # then what the move does (runs over, rams, avoids, inches round the lap)


# --- 5. the racing line -----------------------------------------------------------------------

def test_the_racing_line_goes_round_in_checkpoint_order() -> None:
    """Progress grows along the lap through each checkpoint in order; on the eight a
    wheel that turns into the wrong loop at the crossing loses ground."""
    course = COURSES["figure_of_eight"]
    tr = track_of(course)
    st = new_state(DoomSetup(course, (("red", "Red"), ("blue", "Blue")), 1))
    while RULESET.current_actor(st) == CHANCE:  # the grid roll-off
        RULESET.apply(st, sample_chance(RULESET, st))
    w = st.wheels["red"]
    assert -4.0 < tr.progress(w) < 0.0  # on the grid, just behind the start line
    assert 60.0 < tr.lap < course.length  # the inside of the bends is shorter than the centre line
    # past checkpoint 0, the line runs straight over the crossing into the left loop
    w.next_cp = 1
    at = {}
    for x, y in ((4.0, 4.0), (0.0, 0.0), (-8.0, -8.0), (-8.0, 8.0)):
        w.x, w.y = x, y
        at[(x, y)] = tr.progress(w)
    assert at[(4.0, 4.0)] < at[(0.0, 0.0)] < at[(-8.0, -8.0)]
    assert at[(-8.0, 8.0)] < at[(0.0, 0.0)]  # the wrong loop: behind, not ahead
    w.x, w.y, w.heading = 0.0, 0.0, 225.0
    assert 180.0 < tr.aim(w) < 270.0
    # past checkpoint 1 (the left loop's far end), the same crossing is taken the other way
    w.next_cp = 2
    w.x, w.y = -8.0, 8.0
    p_in = tr.progress(w)
    w.x, w.y = 8.0, -8.0
    assert tr.progress(w) > p_in


def test_a_slide_over_the_next_lap_line_counts_it_as_the_engine_will() -> None:
    """Regression: valuing a sabotage slide across the rival's next checkpoint, the
    AI took the slid wheel to be the wrong side of a line it had not passed (40" lost
    round the lap) and spent 3 points for a 4" slide."""
    course = COURSES["figure_of_eight"]
    tr = track_of(course)
    st = new_state(DoomSetup(course, (("red", "Red"), ("blue", "Blue")), 1))
    w = st.wheels["red"]
    w.x, w.y, w.heading, w.next_cp = 15.23, 6.03, 173.0, 0  # just short of checkpoint 0
    before = tr.progress(w)
    slid = tr.moved(w, w.x - 2.5, w.y + 2.5)  # up and left, over the line going forward
    assert slid.next_cp == 1 and slid.laps == 0
    assert abs(tr.progress(slid) - before) < 5.0
    back = tr.moved(w, w.x + 1.0, w.y - 1.0)
    assert back.next_cp == 0
