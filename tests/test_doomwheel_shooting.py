"""Shooting (spec §7, §8): range, long range, line of sight, reload every second
turn, to hit (a 1 misses; 7+ as a 6 then 4+), S6 to wound on 4+, D3 wounds, no save."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.protocol import CHANCE, TERMINAL, Choice
from game.rules.doomwheel import RULESET, shooting
from tests.test_doomwheel_helpers import decide, drive, force, pass_sabotage, ready

FANS = [{"x": 0.0, "y": -10.0}, {"x": 0.0, "y": 40.0}]


def to_shooting(fans: list[dict[str, float]] = FANS, setup: Any = None) -> Any:
    st = ready(fans=fans)
    drive(st, (3, 3, 4))  # red to (15, 0)
    drive(st, (1, 1, 1))  # blue to (-3, 30)
    if setup is not None:
        setup(st)
    pass_sabotage(st)
    return st


def test_long_range_hit_wound_d3_no_save() -> None:
    st = to_shooting()
    assert st.phase == "shooting" and RULESET.current_actor(st) == "red"
    assert RULESET.legal_choices(st) == [Choice.make("hold"), Choice.make("shoot", target="blue")]
    decide(st, "shoot", target="blue")
    assert st.steps[-1]["reason"] == "to_hit"
    evs = force(st, 5, 4, 2)  # long range: 5+ to hit; S6 v T6: 4+; D3 wounds
    assert st.wheels["blue"].wounds == 3
    assert [e.reason for e in evs if e.kind == "WoundsChanged"] == ["bolt_thrower"]
    assert st.wheels["red"].fired_turn == 1
    assert RULESET.current_actor(st) == "blue"  # blue's bolt thrower next


def test_long_range_miss_on_a_4() -> None:
    st = to_shooting()
    decide(st, "shoot", target="blue")
    force(st, 4)
    assert st.wheels["blue"].wounds == 5 and RULESET.current_actor(st) == "blue"


def test_to_wound_fails_on_a_3() -> None:
    st = to_shooting()
    decide(st, "shoot", target="blue")
    force(st, 6, 3)
    assert st.wheels["blue"].wounds == 5 and RULESET.current_actor(st) == "blue"


def near(st: Any) -> None:
    b = st.wheels["blue"]
    b.x, b.y, b.heading = 6.0, -3.0, 0.0


def test_short_range_4_plus_and_a_1_always_misses() -> None:
    st = to_shooting(setup=near)
    assert shooting.to_hit_needed(st, (0.0, -10.0), st.wheels["blue"]) == 4
    decide(st, "shoot", target="blue")
    force(st, 4, 4, 1)
    assert st.wheels["blue"].wounds == 4
    st = to_shooting(setup=near)
    decide(st, "shoot", target="blue")
    force(st, 1)
    assert st.wheels["blue"].wounds == 5


def test_hold_fire_and_reload() -> None:
    st = to_shooting()
    decide(st, "hold")
    assert st.wheels["red"].fired_turn != 1

    def fired_last_turn(s: Any) -> None:
        s.wheels["red"].fired_turn = s.turn - 1

    st = to_shooting(setup=fired_last_turn)
    assert RULESET.current_actor(st) == "blue"  # red's machine is reloading


def test_out_of_range() -> None:
    st = to_shooting(fans=[{"x": 0.0, "y": -30.0}, {"x": 0.0, "y": 40.0}])
    assert shooting.distance(st, (0.0, -30.0), st.wheels["blue"]) > 48
    assert RULESET.current_actor(st) == "blue"


def test_line_of_sight_blocked_by_a_wheel() -> None:
    def block(s: Any) -> None:
        r = s.wheels["red"]
        r.x, r.y, r.heading = 0.0, -3.0, 0.0
        b = s.wheels["blue"]
        b.x, b.y = 0.0, 30.0

    st = to_shooting(setup=block)
    assert not shooting.visible(st, (0.0, -10.0), st.wheels["blue"])
    assert not shooting.visible(st, (0.0, 40.0), st.wheels["red"])  # each wheel hides the other
    assert RULESET.current_actor(st) == CHANCE and st.steps[-1]["reason"] == "initiative"


def test_no_fans_no_bolt_thrower() -> None:
    st = to_shooting(fans=[])
    assert RULESET.current_actor(st) == CHANCE and st.steps[-1]["reason"] == "initiative"


@pytest.mark.parametrize("second,hit", [(3, False), (4, True)])
def test_seven_plus_a_6_then_4_plus(monkeypatch: pytest.MonkeyPatch, second: int, hit: bool) -> None:
    monkeypatch.setitem(shooting.COVER, "hook", lambda st, at, t: -2)
    st = to_shooting()
    assert shooting.to_hit_needed(st, (0.0, -10.0), st.wheels["blue"]) == 7
    decide(st, "shoot", target="blue")
    force(st, 6)
    assert st.steps[-1]["reason"] == "to_hit_7_plus"
    force(st, second)
    assert (st.steps[-1].get("reason") == "bolt_to_wound") == hit


def test_a_bolt_can_destroy_a_wheel() -> None:
    st = to_shooting()
    st.wheels["blue"].wounds = 2
    decide(st, "shoot", target="blue")
    force(st, 6, 6, 3)
    assert RULESET.current_actor(st) == TERMINAL and RULESET.outcome(st)["winner"] == "red"
