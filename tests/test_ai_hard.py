"""The hard agent's look-ahead: its playout dice are keyed to what the roll is (the
same roll comes up the same whichever option went before), its win estimate is a
probability that prefers the racer ahead, and it keeps normal's choice unless an
option is clearly better."""

from __future__ import annotations

import pytest

from game.ai.wild_race.hard import HardAgent, keyed_roll, win_chance
from game.levels.course import load_course
from game.rules.wild_race import RULESET, RaceSetup, new_state
from game.rules.wild_race.options import Options

COURSE = "levels/wild_race/sprint.json"


def test_keyed_dice_depend_on_the_roll_not_on_what_was_rolled_before() -> None:
    st = new_state(RaceSetup(load_course(COURSE), (("a", "A"), ("b", "B")), 1, 3), Options())
    # the placement roll is pending: the same key gives the same face, the next gives another draw
    c1: dict = {}  # type: ignore[type-arg]
    c2: dict = {}  # type: ignore[type-arg]
    first = keyed_roll(st, 99, c1)
    c2[(st.turn, "x", "y")] = 5  # unrelated rolls before do not change this one
    assert keyed_roll(st, 99, c2) == first
    faces = {keyed_roll(st, 99, c1)["value"] for _ in range(200)}
    assert faces == {1, 2, 3, 4, 5, 6}


def test_win_chance_is_a_probability_favouring_the_racer_ahead() -> None:
    st = new_state(RaceSetup(load_course(COURSE), (("a", "A"), ("b", "B")), 1, 3), Options())
    while st.phase != "movement":
        from game.core.driver import sample_chance
        from game.core.protocol import CHANCE
        if RULESET.current_actor(st) == CHANCE:
            RULESET.apply(st, sample_chance(RULESET, st))
        else:
            RULESET.apply(st, RULESET.legal_choices(st)[0])
    a, b = st.racers["a-1"], st.racers["b-1"]
    a.progress, b.progress = 40.0, 30.0
    p = win_chance(st, "a")
    assert 0.5 < p <= 1.0 and win_chance(st, "b") == pytest.approx(1.0 - p, abs=1e-9)
    a.lives = 1
    assert win_chance(st, "a") < p  # the last life is at risk on the way


def test_hard_explains_a_look_ahead_and_is_deterministic() -> None:
    def race() -> list[str]:
        st = new_state(RaceSetup(load_course(COURSE), (("a", "A"), ("b", "B")), 1, 8), Options())
        agents = {"a": HardAgent(5, playouts=8), "b": HardAgent(6, playouts=8)}
        out = []
        from game.core.driver import sample_chance
        from game.core.protocol import CHANCE, TERMINAL
        for _ in range(400):
            actor = RULESET.current_actor(st)
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                RULESET.apply(st, sample_chance(RULESET, st))
                continue
            c = agents[actor].act(RULESET, st, RULESET.legal_choices(st))
            out.append(agents[actor].why)
            RULESET.apply(st, c)
        return out
    a = race()
    assert any("playouts" in w for w in a)
    assert a == race()


def test_a_state_pickles_for_the_ai_worker_mid_race() -> None:
    """The worker process gets the state by pickle; this also runs against the
    compiled build (make test-fast), where compiled classes must say how to pickle."""
    import pickle

    from game.ai.host import portable
    from game.core.driver import sample_chance
    from game.core.protocol import CHANCE, Choice
    from game.rules.wild_race.serial import state_to_json
    st = new_state(RaceSetup(load_course(COURSE), (("a", "A"), ("b", "B")), 1, 3), Options())
    for _ in range(60):  # into the race, with steps on the stack
        if RULESET.current_actor(st) == CHANCE:
            RULESET.apply(st, sample_chance(RULESET, st))
        else:
            RULESET.apply(st, RULESET.legal_choices(st)[0])
    back = pickle.loads(pickle.dumps(portable(st)))
    assert state_to_json(back) == state_to_json(st)
    c = Choice.make("move", racer="a-1", distance=3.5)
    assert pickle.loads(pickle.dumps(c)) == c
    assert RULESET.legal_choices(back) == RULESET.legal_choices(st)


def _in_the_race(seed: int = 3):  # type: ignore[no-untyped-def]
    from game.core.driver import sample_chance
    from game.core.protocol import CHANCE
    st = new_state(RaceSetup(load_course(COURSE), (("a", "A"), ("b", "B")), 1, seed), Options())
    while st.phase != "movement":
        if RULESET.current_actor(st) == CHANCE:
            RULESET.apply(st, sample_chance(RULESET, st))
        else:
            RULESET.apply(st, RULESET.legal_choices(st)[0])
    return st


@pytest.mark.parametrize("horizon", [1, 2])
def test_a_playout_runs_to_the_end_of_its_horizons_movement_phase(horizon: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Far from the finish a playout stops once the `horizon`-th Movement Phase from
    now is over (the default looks one on), and leaves the real state alone."""
    import game.ai.wild_race.hard as hard
    from game.rules.wild_race.serial import state_to_json
    st = _in_the_race()
    assert not HardAgent._race_is_close(st, "a")
    seen: list[tuple[int, str]] = []
    real = hard.win_chance
    monkeypatch.setattr(hard, "win_chance", lambda s, me: seen.append((s.turn, s.phase)) or real(s, me))
    agent = HardAgent(5, playouts=8, horizon=horizon)
    before = state_to_json(st)
    actor = RULESET.current_actor(st)
    p = agent._playout(RULESET, st, RULESET.legal_choices(st)[0], actor, 123)
    assert 0.0 <= p <= 1.0 and state_to_json(st) == before
    assert seen == [(st.turn + horizon, "spur_whip")]
    assert HardAgent(1).horizon == hard.HORIZON == 1


def _value_tool():  # type: ignore[no-untyped-def]
    import importlib.util
    import os
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools", "fit_race_value.py")
    spec = importlib.util.spec_from_file_location("fit_race_value", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_fitted_value_sees_both_sides_as_opposites_and_fits_a_known_weight() -> None:
    import numpy as np
    tool = _value_tool()
    st = _in_the_race()
    a, b = st.racers["a-1"], st.racers["b-1"]
    a.progress, b.progress, a.stamina = 40.0, 30.0, b.stamina - 2
    fa, fb = tool.features(st, "a"), tool.features(st, "b")
    assert len(fa) == len(tool.FEATURES)
    assert fa == pytest.approx([-x for x in fb])  # differences: what one side gains the other loses
    assert fa[0] > 0 and fa[2] == -2.0  # ahead on the hand-made estimate, two stamina short
    # the fit recovers a weight planted in labels drawn from it (seeded)
    rng = np.random.default_rng(5)
    x = rng.normal(size=(4000, 2))
    y = (rng.random(4000) < 1 / (1 + np.exp(-(x @ np.array([1.5, -0.7]))))).astype(float)
    w = tool.fit(x, y)
    assert w == pytest.approx([1.5, -0.7], abs=0.15)


def test_the_value_tool_rejects_a_bad_race_count() -> None:
    import os
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "tools/fit_race_value.py", "--races", "2", "--out", "/nonexistent"],
                         capture_output=True, text=True, cwd=root)
    assert out.returncode == 2 and "--races" in out.stderr and "Traceback" not in out.stderr
