"""Random legal play (invariants) and determinism for the Doomwheel Race."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game.core.protocol import CHANCE, TERMINAL, Choice
from game.rules.doomwheel import RULESET
from game.rules.doomwheel.geo import critter_shape, geo_of, wheel_shape
from game.rules.doomwheel.kinds import Kind
from game.rules.doomwheel.state import DoomState
from game.table.geometry import penetrates
from tests.test_doomwheel_helpers import LEVELS, ROOT, dw_state, load_course, play_race


def check_invariants(st: DoomState) -> None:
    if st.phase == "setup":
        return
    running = st.running()
    for w in st.wheels.values():
        assert 0 <= w.wounds <= w.max_wounds
        assert (w.wounds == 0) == (not w.running)
    geo = geo_of(st)
    for w in running:
        assert st.course.contains(w.x, w.y), f"{w.id} off the track at {w.x:.3f}, {w.y:.3f}"
        assert not geo.overlaps(wheel_shape(w), Kind.EDGE, set()), f"{w.id} over a track edge"
    for i, a in enumerate(running):
        for b in running[i + 1:]:
            assert not penetrates(wheel_shape(a), wheel_shape(b)), f"{a.id} overlaps {b.id}"
    for c in st.critters.values():
        if c.alive:
            assert st.course.contains(c.x, c.y)
            assert not geo.overlaps(critter_shape(c), Kind.EDGE, set()), f"{c.id} over a track edge"
            for w in running:
                assert not penetrates(wheel_shape(w), critter_shape(c)), f"{c.id} under {w.id}"
    if st.phase != "over" and st.steps:
        assert RULESET.current_actor(st) in (CHANCE, *st.players)
        assert RULESET.legal_choices(st), "an actor with no choices"


@pytest.mark.parametrize("kind", ["random", "greedy"])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_legal_play_keeps_the_invariants(kind: str, seed: int) -> None:
    for lvl in LEVELS:
        players = 2 + seed % 2
        st = dw_state(load_course(lvl), players=players, seed=seed, options={"turn_cap": 15})
        steps = 0

        def on(actor: str, choice: Choice, evs: list[object]) -> None:
            nonlocal steps
            steps += 1
            check_invariants(st)

        play_race(st, kind, seed, on_step=on)
        assert RULESET.current_actor(st) == TERMINAL
        out = RULESET.outcome(st)
        assert out["over"] and out["turns"] <= 15 and steps > 0


def test_wheels_never_stand_over_an_edge_in_long_random_races() -> None:
    """Whole races (the default 100-turn cap) of random wheels with every option
    changed from its default somewhere: every race ends and keeps the invariants (a
    wheel turning against a curved rail was once left over it)."""
    for i, options in enumerate([{}, {"schwenk": "free_pivot", "tangled": "then_continue"},
                                 {"sabotage_moves": "per_point", "edge_damage": "d3_s4", "move_distance": "up_to"}]):
        st = dw_state(load_course(LEVELS[i % len(LEVELS)]), players=2 + i % 2, seed=1 + i, options=options)
        play_race(st, "random", 1 + i, on_step=lambda a, c, e: check_invariants(st))
        assert RULESET.current_actor(st) == TERMINAL


@pytest.mark.parametrize("options", [{"schwenk": "free_pivot"}, {"move_distance": "up_to"},
                                     {"tangled": "then_continue", "edge_damage": "d3_s4"}])
def test_every_option_plays_to_the_end(options: dict[str, str]) -> None:
    st = dw_state(load_course(LEVELS[0]), seed=5, options={**options, "turn_cap": 20})
    play_race(st, "random", 5, on_step=lambda a, c, e: check_invariants(st))
    assert RULESET.current_actor(st) == TERMINAL


def test_a_legal_choice_is_legal_and_an_illegal_one_changes_nothing() -> None:
    st = dw_state(load_course(LEVELS[0]), seed=9, options={"turn_cap": 8})
    seen = 0

    def on(actor: str, choice: Choice, evs: list[object]) -> None:
        nonlocal seen
        if RULESET.current_actor(st) not in (CHANCE, TERMINAL):
            for c in RULESET.legal_choices(st):
                assert RULESET.is_legal(st, c) is None
            before = (st.turn, len(st.steps), {k: w.key() for k, w in st.wheels.items()})
            assert RULESET.is_legal(st, Choice.make("move", at=-1.0, angle=0.0)) is not None
            assert before == (st.turn, len(st.steps), {k: w.key() for k, w in st.wheels.items()})
            seen += 1

    play_race(st, "greedy", 9, on_step=on)
    assert seen > 5


def run_log(seed: int) -> str:
    st = dw_state(load_course(LEVELS[0]), seed=seed, options={"turn_cap": 15})
    evs = play_race(st, "greedy", seed)
    return json.dumps([e.to_json() for e in evs]) + json.dumps(RULESET.outcome(st), sort_keys=True)


def test_same_seed_same_race() -> None:
    assert run_log(4) == run_log(4)
    assert run_log(4) != run_log(5)


def test_same_race_under_other_hash_seeds() -> None:
    code = ("import hashlib, sys; sys.path.insert(0, '.');"
            "from tests.test_doomwheel_properties import run_log;"
            "print(hashlib.sha256(run_log(6).encode()).hexdigest())")
    outs = set()
    for hs in ("1", "2"):
        env = {"PYTHONHASHSEED": hs, "PATH": ""}
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env,
                             check=True)
        outs.add(out.stdout.strip())
    assert len(outs) == 1
