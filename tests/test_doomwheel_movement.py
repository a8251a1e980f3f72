"""Doomwheel movement (spec §4): 3D6 moves, the Schwenk swept exactly, repair,
edges, run-overs in touch order with the Strength 5 hits, the slave table rows,
laps through the ordered checkpoints and the end of the race (§2)."""

from __future__ import annotations

import math

import pytest

from game.core.errors import IllegalChoice
from game.core.protocol import TERMINAL, Choice
from game.rules.doomwheel import RULESET
from game.rules.doomwheel.state import WHEEL_LENGTH as L, WHEEL_WIDTH as W
from tests.test_doomwheel_helpers import decide, drive, fig8, force, ready

FAN = {"kind": "fanatic", "x": 10.0, "y": 0.0}
SLAVE = {"kind": "slave", "x": 10.0, "y": 0.0}


def kinds(evs: list[object]) -> list[str]:
    return [e.kind for e in evs]  # type: ignore[attr-defined]


def test_straight_move_the_full_roll() -> None:
    st = ready()
    drive(st, (3, 3, 4))
    r = st.wheels["red"]
    assert (r.x, r.y, r.heading) == pytest.approx((15.0, 0.0, 0.0))
    assert RULESET.current_actor(st) == "blue"


def test_schwenk_about_the_inner_front_corner_costs_the_outer_arc() -> None:
    st = ready()
    evs = drive(st, (1, 1, 6), at=2.0, angle=90.0)
    r = st.wheels["red"]
    cost = W * math.pi / 2
    assert cost == pytest.approx(3.092, abs=1e-3)
    turn = next(e for e in evs if e.kind == "WheelTurned")
    assert (turn.px, turn.py) == pytest.approx((7 + L / 2, W / 2))
    assert (r.x, r.y, r.heading) == pytest.approx((7 + L / 2 + W / 2, -W / 2 + (8 - 2 - cost), 90.0))


def test_schwenk_to_the_right_pivots_on_the_right_corner() -> None:
    st = ready()
    drive(st, (1, 1, 2), angle=-90.0)
    r = st.wheels["red"]
    assert r.heading == pytest.approx(270.0)
    assert r.x == pytest.approx(5 + L / 2 + W / 2)
    assert r.y == pytest.approx(L / 2 - W / 2 - (4 - W * math.pi / 2))


def test_schwenk_must_fit_in_the_move() -> None:
    st = ready()
    decide(st, "drive")
    force(st, 1, 1, 1)
    with pytest.raises(IllegalChoice):
        decide(st, "move", at=0.0, angle=90.0)
    with pytest.raises(IllegalChoice):
        decide(st, "move", at=2.5, angle=30.0)
    with pytest.raises(IllegalChoice):
        decide(st, "move", at=0.0, angle=0.0, distance=2.0)  # exact
    assert RULESET.is_legal(st, Choice.make("move", at=3.0, angle=0.0)) is None
    assert all(RULESET.is_legal(st, c) is None for c in RULESET.legal_choices(st))


def test_up_to_allows_a_shorter_move() -> None:
    st = ready(options={"move_distance": "up_to"})
    drive(st, (3, 3, 4), distance=2.0)
    assert st.wheels["red"].x == pytest.approx(7.0)


def test_free_pivot_turns_about_the_centre_at_no_cost() -> None:
    st = ready(options={"schwenk": "free_pivot"})
    drive(st, (1, 1, 1), at=0.0, angle=180.0)
    r = st.wheels["red"]
    assert (r.x, r.y, r.heading) == pytest.approx((2.0, 0.0, 180.0))


def test_a_track_edge_stops_the_move() -> None:
    st = ready(red=(5.0, 0.0, 90.0))
    evs = drive(st, (3, 3, 4))
    r = st.wheels["red"]
    assert r.y == pytest.approx(6 - L / 2, abs=1e-5)
    assert [e for e in evs if e.kind == "WheelMoved"][0].stopped_by.startswith("edge")


def test_another_wheel_stops_the_move() -> None:
    st = ready(blue=(12.0, 0.0, 0.0))
    drive(st, (3, 3, 4))
    assert st.wheels["red"].x == pytest.approx(12.0 - L, abs=1e-5)


def test_a_wheel_against_an_edge_can_turn_away() -> None:
    st = ready(red=(5.0, 6 - L / 2, 90.0))
    drive(st, (1, 1, 2), angle=-90.0)
    r = st.wheels["red"]
    assert r.heading == pytest.approx(0.0)
    assert r.y == pytest.approx(6 - L / 2)  # turned about its centre (lifted clear of the edge)
    assert r.x == pytest.approx(5.0 + 4 - W * math.pi / 2)


def test_repair_d3_never_above_the_start() -> None:
    st = ready()
    st.wheels["red"].wounds = 2
    decide(st, "repair")
    evs = force(st, 2)
    assert st.wheels["red"].wounds == 4 and "Repaired" in kinds(evs)
    st = ready()
    st.wheels["red"].wounds = 4
    decide(st, "repair")
    force(st, 3)
    assert st.wheels["red"].wounds == 5


@pytest.mark.parametrize("kind", ["fanatic", "slayer"])
def test_run_over_d3_strength_5_hits(kind: str) -> None:
    st = ready(critters=[{**FAN, "kind": kind}])
    evs = drive(st, (3, 3, 4))
    r = st.wheels["red"]
    assert "RanOver" in kinds(evs) and r.x == pytest.approx(10 - 12.5 / 25.4 - L / 2)
    assert st.steps[-1]["reason"] == "run_over_hits"
    force(st, 3)  # three hits
    force(st, 5, 6)  # hit 1: wounded on 5+, saved on 6
    force(st, 4)  # hit 2: no wound on a 4
    evs = force(st, 6, 5)  # hit 3: wounded, the save fails on a 5
    assert r.wounds == 4
    assert r.x == pytest.approx(15.0)  # the move goes on
    assert not st.critters[f"{kind}-1"].alive
    hits = [e for e in evs if e.kind == "HitResolved"]
    assert (hits[0].wounded, hits[0].saved) == (True, False)


def test_run_overs_in_touch_order() -> None:
    st = ready(critters=[{"kind": "slave", "x": 12.0, "y": 0.5}, {"kind": "fanatic", "x": 9.0, "y": -0.5}])
    evs = drive(st, (3, 3, 4))
    assert [e.critter for e in evs if e.kind == "RanOver"] == ["fanatic-1"]
    force(st, 1, 1)  # one hit, no wound
    evs = force(st, 3)  # the slave comes next: rat food
    assert st.critters["slave-1"].alive is False and st.wheels["red"].x == pytest.approx(15.0)


def test_the_schwenk_arc_runs_over() -> None:
    st = ready(critters=[{"kind": "slave", "x": 8.3, "y": -2.0}])
    evs = drive(st, (1, 1, 2), angle=90.0)
    turn = next(e for e in evs if e.kind == "WheelTurned")
    assert 0 < turn.h1 - turn.h0 < 90
    assert "RanOver" in kinds(evs)
    force(st, 3)
    assert st.wheels["red"].heading == pytest.approx(90.0)


def slave_hit(options: dict[str, str] | None = None) -> tuple[object, list[object]]:
    st = ready(critters=[SLAVE], options=options)
    evs = drive(st, (3, 3, 4))
    assert st.steps[-1]["reason"] == "slave_table"
    return st, evs


TOUCH_X = 10 - 10 / 25.4 - L / 2


def test_slave_3_rat_food() -> None:
    st, _ = slave_hit()
    st.wheels["red"].wounds = 4  # type: ignore[attr-defined]
    force(st, 3)  # type: ignore[arg-type]
    assert st.wheels["red"].wounds == 5  # type: ignore[attr-defined]
    st, _ = slave_hit()
    force(st, 3)  # type: ignore[arg-type]
    assert st.wheels["red"].wounds == 5  # type: ignore[attr-defined]


def test_slave_4_defect() -> None:
    st, _ = slave_hit()
    evs = force(st, 4)  # type: ignore[arg-type]
    assert st.wheels["red"].wounds == 4  # type: ignore[attr-defined]
    assert "WoundsChanged" in kinds(evs)


@pytest.mark.parametrize("face", [5, 6])
def test_slave_5_6_slip(face: int) -> None:
    st, _ = slave_hit()
    force(st, face, 3, 4)  # type: ignore[arg-type]
    decide(st, "slip")  # type: ignore[arg-type]
    assert st.wheels["red"].x == pytest.approx(22.0)  # type: ignore[attr-defined]
    st, _ = slave_hit()
    force(st, face, 3, 4)  # type: ignore[arg-type]
    decide(st, "no_slip")  # type: ignore[arg-type]
    assert st.wheels["red"].x == pytest.approx(15.0)  # type: ignore[attr-defined]


@pytest.mark.parametrize("face", [1, 2])
def test_slave_1_2_tangled_replaces_the_move(face: int) -> None:
    st, _ = slave_hit()
    evs = force(st, face, 2, 2, 180)  # type: ignore[arg-type]
    r = st.wheels["red"]  # type: ignore[attr-defined]
    assert (r.x, r.y, r.heading) == pytest.approx((TOUCH_X - 4, 0.0, 180.0))
    assert [e.how for e in evs if e.kind == "WheelMoved"] == ["tangled"]
    assert RULESET.current_actor(st) == "blue"  # type: ignore[arg-type]


def test_slave_tangled_then_continue() -> None:
    st, _ = slave_hit({"tangled": "then_continue"})
    force(st, 1, 2, 2, 0)  # type: ignore[arg-type]
    assert st.wheels["red"].x == pytest.approx(19.0)  # type: ignore[attr-defined]


def test_a_wheel_at_0_wounds_is_destroyed_and_the_last_wheel_wins() -> None:
    st, _ = slave_hit()
    st.wheels["red"].wounds = 1  # type: ignore[attr-defined]
    evs = force(st, 4)  # type: ignore[arg-type]
    assert st.wheels["red"].status == "destroyed"  # type: ignore[attr-defined]
    assert RULESET.current_actor(st) == TERMINAL  # type: ignore[arg-type]
    assert RULESET.outcome(st)["winner"] == "blue"  # type: ignore[arg-type]
    assert kinds(evs)[-2:] == ["WheelDestroyed", "RaceOver"]
    assert "red" not in st.table.synced  # type: ignore[attr-defined]


# --- laps (§1) -------------------------------------------------------------------

def test_checkpoint_then_start_line_is_a_lap() -> None:
    st = ready(red=(3.0, 30.0, 180.0), blue=(20.0, 0.0, 0.0))
    evs = drive(st, (1, 1, 3))
    assert st.wheels["red"].next_cp == 1 and "CheckpointPassed" in kinds(evs)
    st = ready(red=(-3.0, 0.0, 0.0), blue=(0.0, 30.0, 180.0))
    st.wheels["red"].next_cp = 1
    evs = drive(st, (1, 1, 3))
    assert st.wheels["red"].laps == 1 and st.wheels["red"].next_cp == 0 and "LapCompleted" in kinds(evs)


def test_start_line_without_the_checkpoint_is_no_lap() -> None:
    st = ready(red=(-3.0, 0.0, 0.0), blue=(0.0, 30.0, 180.0))
    drive(st, (1, 1, 3))
    assert st.wheels["red"].laps == 0 and st.wheels["red"].next_cp == 0


def test_a_checkpoint_crossed_backwards_does_not_count() -> None:
    st = ready(red=(-3.0, 30.0, 0.0), blue=(20.0, 0.0, 0.0))
    drive(st, (1, 1, 3))
    assert st.wheels["red"].next_cp == 0


def test_the_last_lap_wins() -> None:
    st = ready(red=(-3.0, 0.0, 0.0), blue=(0.0, 30.0, 180.0), options={"laps": 1})
    st.wheels["red"].next_cp = 1
    evs = drive(st, (1, 1, 3))
    assert RULESET.current_actor(st) == TERMINAL
    assert RULESET.outcome(st)["winner"] == "red" and RULESET.outcome(st)["reason"] == "laps"
    assert kinds(evs)[-1] == "RaceOver"


FIG8_BLUE = (-18.7, 0.0, 90.0)


def test_figure_of_eight_short_cut_earns_no_lap() -> None:
    # past checkpoint 0 but not the far loop's checkpoint 1: checkpoint 2 and the start line do nothing
    st = ready(red=(12.5, -9.3, 10.0), blue=FIG8_BLUE, course=fig8(), clear=True)
    st.wheels["red"].next_cp = 1
    drive(st, (1, 1, 3))
    assert st.wheels["red"].next_cp == 1
    st = ready(red=(18.69, -2.0, 90.0), blue=FIG8_BLUE, course=fig8(), clear=True)
    st.wheels["red"].next_cp = 1
    drive(st, (1, 1, 3))
    assert (st.wheels["red"].laps, st.wheels["red"].next_cp) == (0, 1)


def test_figure_of_eight_full_order_is_a_lap() -> None:
    st = ready(red=(12.5, -9.3, 10.0), blue=FIG8_BLUE, course=fig8(), clear=True)
    st.wheels["red"].next_cp = 2
    drive(st, (1, 1, 3))
    assert st.wheels["red"].next_cp == 3
    st = ready(red=(18.69, -2.0, 90.0), blue=FIG8_BLUE, course=fig8(), clear=True)
    st.wheels["red"].next_cp = 3
    drive(st, (1, 1, 3))
    assert (st.wheels["red"].laps, st.wheels["red"].next_cp) == (1, 0)


def test_straight_over_the_crossing() -> None:
    # the edges of the other pass are no barrier inside the crossing
    st = ready(red=(6.0, 6.0, 225.0), blue=FIG8_BLUE, course=fig8(), clear=True)
    drive(st, (4, 4, 4))
    r = st.wheels["red"]
    assert math.hypot(r.x - 6 + 12 / math.sqrt(2), r.y - 6 + 12 / math.sqrt(2)) < 1e-6


def test_edge_damage_d3_s4() -> None:
    st = ready(red=(5.0, 0.0, 90.0), options={"edge_damage": "d3_s4"})
    drive(st, (3, 3, 4))
    assert st.steps[-1]["reason"] == "edge_hits"
    force(st, 1, 6, 4)  # one S4 hit: wounds T6 on 6+, the 4+ save worsens to 5+ and fails on a 4
    assert st.wheels["red"].wounds == 4
    st = ready(red=(5.0, 0.0, 90.0), options={"edge_damage": "d3_s4"})
    drive(st, (3, 3, 4))
    force(st, 1, 6, 5)
    assert st.wheels["red"].wounds == 5


def test_players_option_must_match_the_field() -> None:
    from game.core.errors import BadInput
    from tests.test_doomwheel_helpers import dw_state, oval
    with pytest.raises(BadInput, match="players"):
        dw_state(oval(), players=2, options={"players": 3})
    assert dw_state(oval(), players=3, options={"players": 3}).options.players == 3
