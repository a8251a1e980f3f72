"""Ramming (spec §5): the 1-2 / 3-6 roll, the shove, every ram table row and when
its effect applies (`ram_effect_timing`)."""

from __future__ import annotations

import pytest

from game.core.protocol import CHANCE
from game.rules.doomwheel import RULESET
from game.rules.doomwheel.state import WHEEL_LENGTH as L, WHEEL_WIDTH as W
from tests.test_doomwheel_helpers import decide, drive, dw_state, force, oval, pass_sabotage, place, ready

CONTACT_X = 12.0 - L


def rammed(blue_y: float = 0.5, **kw: object) -> object:
    st = ready(blue=(12.0, blue_y, 0.0), **kw)  # type: ignore[arg-type]
    evs = drive(st, (3, 3, 4))
    assert st.wheels["red"].x == pytest.approx(CONTACT_X, abs=1e-5)
    assert st.steps[-1]["reason"] == "ram"
    assert not [e for e in evs if e.kind == "Rammed"]
    return st


@pytest.mark.parametrize("face", [3, 4, 5, 6])
def test_3_to_6_the_rammed_wheel_is_shoved_aside_and_the_rammer_goes_on(face: int) -> None:
    st = rammed()
    evs = force(st, face)  # type: ignore[arg-type]
    red, blue = st.wheels["red"], st.wheels["blue"]  # type: ignore[attr-defined]
    ram = next(e for e in evs if e.kind == "Rammed")
    assert (ram.rammer, ram.rammed, ram.affected) == ("red", "blue", "blue")
    assert (blue.x, blue.y, blue.heading) == pytest.approx((12.0, W, 0.0))  # just clear of red's path
    assert red.x == pytest.approx(15.0)
    assert st.steps[-1]["reason"] == "ram_table" and st.steps[-1]["who"] == "blue"  # type: ignore[attr-defined]


@pytest.mark.parametrize("face", [1, 2])
def test_1_2_the_rammer_is_affected_and_stops(face: int) -> None:
    st = rammed()
    force(st, face)  # type: ignore[arg-type]
    assert st.steps[-1]["who"] == "red" and st.steps[-1]["reason"] == "ram_table"  # type: ignore[attr-defined]
    force(st, 5)  # type: ignore[arg-type]
    red = st.wheels["red"]  # type: ignore[attr-defined]
    assert red.x == pytest.approx(CONTACT_X, abs=1e-5)
    assert (red.ram_effect, red.ram_effect_turn) == ("out_of_control", 2)  # it had moved: next turn
    assert RULESET.current_actor(st) == "blue"  # type: ignore[arg-type]


@pytest.mark.parametrize("face", [1, 2])
def test_ram_table_toppled_d3_s5_hits_and_no_move(face: int) -> None:
    st = rammed()
    force(st, 3)  # type: ignore[arg-type]
    force(st, face)  # type: ignore[arg-type]
    assert st.steps[-1]["reason"] == "toppled_hits"  # type: ignore[attr-defined]
    force(st, 1, 6, 1)  # one hit: wounded, the save fails  # type: ignore[arg-type]
    blue = st.wheels["blue"]  # type: ignore[attr-defined]
    assert blue.wounds == 4
    # blue had not moved: the effect takes this turn's move (next_unstarted)
    assert blue.ram_effect == "" and st.phase == "sabotage"  # type: ignore[attr-defined]
    pass_sabotage(st)  # type: ignore[arg-type]
    assert RULESET.current_actor(st) == CHANCE  # type: ignore[arg-type]
    assert st.steps[-1]["reason"] == "initiative" and st.turn == 2  # type: ignore[attr-defined]


@pytest.mark.parametrize("face", [3, 4])
def test_ram_table_breakdown(face: int) -> None:
    st = rammed()
    force(st, 3)  # type: ignore[arg-type]
    evs = force(st, face)  # type: ignore[arg-type]
    assert [e.effect for e in evs if e.kind == "RamEffect"] == ["breakdown"]
    assert st.wheels["blue"].x == pytest.approx(12.0) and st.phase == "sabotage"  # type: ignore[attr-defined]


@pytest.mark.parametrize("face", [5, 6])
def test_ram_table_out_of_control(face: int) -> None:
    st = rammed()
    force(st, 3)  # type: ignore[arg-type]
    force(st, face)  # type: ignore[arg-type]
    assert st.steps[-1]["reason"] == "out_of_control"  # type: ignore[attr-defined]
    force(st, 1, 1, 1, 90)  # 3" at 90 degrees: it turns to face it, and the edge stops it  # type: ignore[arg-type]
    blue = st.wheels["blue"]  # type: ignore[attr-defined]
    assert (blue.x, blue.y, blue.heading) == pytest.approx((12.0, 6.0 - L / 2, 90.0), abs=1e-5)


def test_ram_effect_timing_next_turn() -> None:
    st = rammed(options={"ram_effect_timing": "next_turn"})
    force(st, 3, 3)  # type: ignore[arg-type]
    blue = st.wheels["blue"]  # type: ignore[attr-defined]
    assert (blue.ram_effect, blue.ram_effect_turn) == ("breakdown", 2)
    assert RULESET.current_actor(st) == "blue"  # type: ignore[arg-type]
    decide(st, "drive")  # type: ignore[arg-type]


def test_a_shove_stopped_short_ends_the_rammers_move() -> None:
    st = ready(red=(5.0, 0.0, 0.0), blue=(12.0, 0.2, 0.0), course=oval(width=5.0))
    drive(st, (3, 3, 4))
    force(st, 3)
    assert st.wheels["blue"].y == pytest.approx(2.5 - W / 2, abs=1e-5)
    assert st.wheels["red"].x == pytest.approx(CONTACT_X, abs=1e-5)


def test_a_shoved_wheel_runs_over_critters_and_its_owner_rolls() -> None:
    st = ready(blue=(12.0, 0.5, 0.0), critters=[{"kind": "slave", "x": 12.0, "y": 2.5}])
    drive(st, (3, 3, 4))
    evs = force(st, 3)
    assert [e.wheel for e in evs if e.kind == "RanOver"] == ["blue"]
    assert st.steps[-1]["reason"] == "slave_table" and st.steps[-1]["who"] == "blue"


def test_out_of_control_replaces_the_next_move() -> None:
    st = dw_state(oval())
    force(st, 6, 1)
    st.wheels["red"].ram_effect, st.wheels["red"].ram_effect_turn = "out_of_control", 1
    place(st, "red", 5.0, 0.0, 0.0)
    place(st, "blue", 0.0, 30.0, 180.0)
    evs = force(st, 6, 1)
    assert [e.effect for e in evs if e.kind == "RamEffect"] == ["out_of_control"]
    force(st, 2, 2, 2, 0)
    assert st.wheels["red"].x == pytest.approx(11.0) and RULESET.current_actor(st) == "blue"


def test_an_out_of_control_move_rams() -> None:
    st = dw_state(oval())
    force(st, 6, 1)
    st.wheels["red"].ram_effect, st.wheels["red"].ram_effect_turn = "out_of_control", 1
    place(st, "red", 5.0, 0.0, 0.0)
    place(st, "blue", 12.0, 0.5, 0.0)
    force(st, 6, 1)
    force(st, 3, 3, 4, 0)
    assert st.steps[-1]["reason"] == "ram" and st.wheels["red"].x == pytest.approx(CONTACT_X, abs=1e-5)


def test_a_slip_rams() -> None:
    st = ready(blue=(20.0, 0.5, 0.0), critters=[{"kind": "slave", "x": 10.0, "y": 0.0}])
    drive(st, (1, 1, 1))  # 3": to the slave
    force(st, 5, 6, 6)  # slip 12"
    decide(st, "slip")
    assert st.steps[-1]["reason"] == "ram" and st.wheels["red"].x == pytest.approx(20.0 - L, abs=1e-5)
