"""RRtK movement charts (rrtk-battle.md §12.2-12.6, §23.9 #17): every cell of the
Foot and Mounted Movement Rates, the off-table reading, the figure-equivalents, the
pursuit distance roll, about face and wheel costs."""

from __future__ import annotations

import pytest

from game.rules.rrtk.battle.charts import movement as mv

FOOT = {2: "8/4 8/3 6/2", 4: "8/4 8/3 6/2", 6: "6/3 6/2 4/1"}  # §12.2 as printed, figs 2 3 4
MOUNTED = {2: "16/8 12/6 10/4", 4: "14/8 12/6 8/4", 6: "10/4 8/3 6/3"}
CELLS = [(mounted, ac, figs, tuple(int(x) for x in row.split()[figs - 2].split("/")))
         for mounted, table in ((False, FOOT), (True, MOUNTED)) for ac, row in table.items() for figs in (2, 3, 4)]


@pytest.mark.parametrize("mounted,ac,figs,cell", CELLS)
def test_movement_rate_cell(mounted: bool, ac: int, figs: int, cell: tuple[int, int]) -> None:
    rate = mv.movement_rate(mounted, ac, figs)
    assert (rate.normal, rate.retire) == cell
    assert mv.retire_distance(rate) == cell[1]


@pytest.mark.parametrize("mounted,ac,figs,same_as", [(False, 8, 3, (6, 3)), (True, 8, 4, (6, 4)),
                                                     (True, 2, 1, (2, 2)), (False, 4, 6, (4, 4)),
                                                     (True, 8, 1, (6, 2))])
def test_off_table_units_read_the_nearest_cell(mounted: bool, ac: int, figs: int, same_as: tuple[int, int]) -> None:
    assert mv.movement_rate(mounted, ac, figs) == mv.movement_rate(mounted, *same_as)  # #37


def test_off_table_refuse_reading() -> None:
    with pytest.raises(ValueError):
        mv.movement_rate(True, 8, 3, movement_off_table="refuse")
    assert mv.movement_rate(True, 6, 3, movement_off_table="refuse") == mv.Rate(8, 3)


@pytest.mark.parametrize("kind,ac,figs,moves_as", [("missile_chariot", 4, 3, (4, 2)), ("melee_chariot", 6, 2, (6, 3)),
                                                   ("elephant", 4, 2, (4, 3)), ("artillery", 2, 2, (6, 4)),
                                                   (None, 4, 3, (4, 3))])
def test_figure_equivalents(kind: str | None, ac: int, figs: int, moves_as: tuple[int, int]) -> None:
    assert mv.movement_equivalent(ac, figs, kind) == moves_as


def test_artillery_moves_4_and_retires_1() -> None:
    rate = mv.movement_rate(False, *mv.movement_equivalent(2, 1, "artillery"))
    assert (rate.normal, rate.retire) == (4, 1)  # §5.1


@pytest.mark.parametrize("face,delta", [(1, -1), (2, -1), (3, 0), (4, 0), (5, 1), (6, 1)])
def test_pursuit_distance_roll(face: int, delta: int) -> None:
    rate = mv.Rate(12, 6)
    assert mv.pursue_distance(rate, face) == 6 + delta
    assert mv.pursue_distance(mv.Rate(4, 0), face) == max(0, delta)


@pytest.mark.parametrize("kind,cost", [("foot", 0.5), ("mounted", 1.0), ("artillery", 1.0)])
def test_about_face_cost(kind: str, cost: float) -> None:
    assert mv.about_face_cost(kind) == cost


def test_wheel_costs_and_limits() -> None:
    assert mv.wheel_cost(False) == 1.0 and mv.wheel_cost(True) == 0.5
    assert mv.wheel_limit(1) == 90.0 and mv.wheel_limit(2) == 45.0 and mv.wheel_limit(3) == 45.0
