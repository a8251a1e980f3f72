"""Sabotage (spec §6): batches in initiative order until all pass, pooled and
per-point slides, run-overs, edges and wheels stop a slide, never a ram."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalChoice
from game.core.protocol import CHANCE, Choice
from game.rules.doomwheel import RULESET
from game.rules.doomwheel.state import WHEEL_WIDTH as W
from tests.test_doomwheel_helpers import decide, drive, force, ready


def to_sabotage(blue: tuple[float, float, float] = (0.0, 30.0, 180.0), **kw: object) -> object:
    st = ready(blue=blue, **kw)  # type: ignore[arg-type]
    drive(st, (3, 3, 4))  # red to (15, 0)
    if st.phase == "move":
        drive(st, (1, 1, 1))
    assert st.phase == "sabotage" and RULESET.current_actor(st) == "red"
    return st


def test_pooled_batch_slides_the_sum_of_d3_in_one_direction() -> None:
    st = to_sabotage()
    decide(st, "sabotage", target="blue", points=2, heading=270.0)  # type: ignore[arg-type]
    assert st.steps[-1]["reason"] == "sabotage" and st.steps[-1]["n"] == 2  # type: ignore[attr-defined]
    evs = force(st, 2, 3)  # type: ignore[arg-type]
    b = st.wheels["blue"]  # type: ignore[attr-defined]
    assert (b.x, b.y, b.heading) == pytest.approx((-3.0, 25.0, 180.0))
    assert st.wheels["red"].sabotage == 3  # type: ignore[attr-defined]
    assert [e.how for e in evs if e.kind == "WheelMoved"] == ["sabotage"]
    assert RULESET.current_actor(st) == "blue"  # type: ignore[arg-type]  # the trailing player answers


def test_the_round_goes_on_until_everyone_passes() -> None:
    st = to_sabotage()
    decide(st, "pass")  # type: ignore[arg-type]
    decide(st, "sabotage", target="red", points=1, heading=90.0)  # type: ignore[arg-type]
    force(st, 1)  # type: ignore[arg-type]
    assert RULESET.current_actor(st) == "red"  # type: ignore[arg-type]  # red may answer after passing
    decide(st, "pass")  # type: ignore[arg-type]
    decide(st, "pass")  # type: ignore[arg-type]
    assert RULESET.current_actor(st) == CHANCE and st.steps[-1]["reason"] == "initiative"  # type: ignore


def test_per_point_slides_each_in_its_own_direction() -> None:
    st = to_sabotage(options={"sabotage_moves": "per_point"})
    with pytest.raises(IllegalChoice):
        decide(st, "sabotage", target="blue", points=2, heading=270.0)  # type: ignore[arg-type]
    decide(st, "sabotage", target="blue", headings=[270.0, 0.0])  # type: ignore[arg-type]
    force(st, 1)  # type: ignore[arg-type]
    assert st.wheels["blue"].y == pytest.approx(29.0)  # type: ignore[attr-defined]
    force(st, 3)  # type: ignore[arg-type]
    b = st.wheels["blue"]  # type: ignore[attr-defined]
    assert (b.x, b.y, b.heading) == pytest.approx((0.0, 29.0, 180.0))


def test_illegal_batches() -> None:
    st = to_sabotage()
    for bad in (Choice.make("sabotage", target="red", points=1, heading=0.0),
                Choice.make("sabotage", target="blue", points=6, heading=0.0),
                Choice.make("sabotage", target="blue", points=0, heading=0.0),
                Choice.make("sabotage", target="blue", headings=[0.0]),
                Choice.make("sabotage", target="nobody", points=1, heading=0.0)):
        assert RULESET.is_legal(st, bad) is not None  # type: ignore[arg-type]
    assert all(RULESET.is_legal(st, c) is None for c in RULESET.legal_choices(st))  # type: ignore[arg-type]


def test_no_points_no_turn() -> None:
    st = to_sabotage()
    st.wheels["red"].sabotage = 0  # type: ignore[attr-defined]
    decide(st, "pass")  # type: ignore[arg-type]
    decide(st, "sabotage", target="red", points=1, heading=0.0)  # type: ignore[arg-type]
    force(st, 1)  # type: ignore[arg-type]
    assert RULESET.current_actor(st) == "blue"  # type: ignore[arg-type]  # red, with no points, is skipped
    decide(st, "pass")  # type: ignore[arg-type]
    assert RULESET.current_actor(st) == CHANCE  # type: ignore[arg-type]


def test_a_slide_stops_at_a_wheel_and_never_rams() -> None:
    st = to_sabotage(blue=(15.0, 6.0 - W / 2, 180.0))
    # blue (at the top edge, above red at (15, 0)) is slid down onto red
    st.wheels["blue"].x = 15.0  # type: ignore[attr-defined]
    decide(st, "sabotage", target="blue", points=3, heading=270.0)  # type: ignore[arg-type]
    evs = force(st, 3, 3, 3)  # type: ignore[arg-type]
    assert st.wheels["blue"].y == pytest.approx(W, abs=1e-5)  # type: ignore[attr-defined]
    assert not [e for e in evs if e.kind == "Rammed"] and RULESET.current_actor(st) == "blue"  # type: ignore


def test_a_slide_stops_at_an_edge() -> None:
    st = to_sabotage()
    decide(st, "sabotage", target="blue", points=3, heading=90.0)  # type: ignore[arg-type]
    force(st, 3, 3, 3)  # type: ignore[arg-type]
    assert st.wheels["blue"].y == pytest.approx(36.0 - W / 2, abs=1e-5)  # type: ignore[attr-defined]


def test_a_slide_runs_over_critters_and_the_owner_rolls() -> None:
    st = to_sabotage(critters=[{"kind": "slave", "x": -3.0, "y": 26.0}])
    decide(st, "sabotage", target="blue", points=1, heading=270.0)  # type: ignore[arg-type]
    evs = force(st, 3)  # type: ignore[arg-type]
    assert [e.wheel for e in evs if e.kind == "RanOver"] == ["blue"]
    assert st.steps[-1]["reason"] == "slave_table" and st.steps[-1]["who"] == "blue"  # type: ignore[attr-defined]
    force(st, 5, 1, 1)  # type: ignore[arg-type]  # slip: blue's owner chooses
    assert RULESET.current_actor(st) == "blue"  # type: ignore[arg-type]
    decide(st, "no_slip")  # type: ignore[arg-type]
    assert st.wheels["blue"].y == pytest.approx(27.0)  # type: ignore[attr-defined]
