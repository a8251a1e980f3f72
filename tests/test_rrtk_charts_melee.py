"""RRtK melee charts (rrtk-battle.md §17.3-17.5, §5.5-5.6, §5.12-5.14): each melee
modifier with its conditions, the Pike exceptions, mounted against Pike, and hit
allocation across several units with the book's examples of §17.4-17.5."""

from __future__ import annotations

from typing import Any

import pytest

from game.rules.rrtk.battle.charts import melee as ml
from game.rules.rrtk.battle.charts.melee import MeleeUnit
from game.rules.rrtk.battle.charts.sheets import Result

ROWS: list[tuple[dict[str, Any], int]] = [  # the die is 3; the score
    ({"pike": True}, 5),
    ({"pike": True, "pike_bonus": False}, 3),
    ({"elite_melee": True}, 4),
    ({"shock": True, "charged": True, "clear_or_downhill": True, "first_round": True}, 4),
    ({"shock": True, "charged": True, "clear_or_downhill": False, "first_round": True}, 3),
    ({"shock": True, "charged": False, "clear_or_downhill": True, "first_round": True}, 3),
    ({"shock": True, "charged": True, "clear_or_downhill": True, "first_round": False}, 3),
    ({"combination_weapons": True, "first_round": True}, 4),
    ({"combination_weapons": True, "first_round": False}, 3),
    ({"elephant": True, "first_round": True}, 4),
    ({"elephant": True}, 3),
    ({"frenzy": True, "first_round": True, "charged": True}, 4),
    ({"frenzy": True, "first_round": True}, 3),
    ({"frenzy": True, "charged": True}, 3),
    ({"fighting_mounted": True}, 4),
    ({"leader_unit": True}, 4),
    ({"uphill_of_all": True}, 4),
    ({"enemy_behind_stakes": True}, 2),
    ({"missile_or_skirmish": True}, 2),
    ({"horse_vs_elephant": True}, 1),
    ({}, 3),
]


@pytest.mark.parametrize("unit,score", ROWS)
def test_melee_modifier_row(unit: dict[str, Any], score: int) -> None:
    assert ml.melee_score(3, MeleeUnit(**unit)) == score


def test_shock_every_round_reading() -> None:
    later = MeleeUnit(shock=True, charged=True, clear_or_downhill=True, first_round=False)
    assert ml.melee_score(3, later, shock_bonus_rounds="every") == 4
    with pytest.raises(ValueError):
        ml.melee_score(3, later, shock_bonus_rounds="never")


@pytest.mark.parametrize("exception", ["in_woods_or_desert", "crossing_river", "enemy_on_two_sides", "gave_ground",
                                       "attacking_behind_stakes"])
def test_pike_exceptions(exception: str) -> None:
    assert ml.pike_bonus_applies()
    assert not ml.pike_bonus_applies(**{exception: True})


@pytest.mark.parametrize("bonus,reading,cannot", [(True, "always", True), (False, "always", True),
                                                  (True, "while_bonus", True), (False, "while_bonus", False)])
def test_mounted_against_pike(bonus: bool, reading: str, cannot: bool) -> None:
    assert ml.mounted_cannot_melee_pike(bonus, mounted_vs_pike=reading) is cannot


def test_mounted_against_pike_result() -> None:
    assert ml.mounted_vs_pike_result() == Result("retire", hits=1)
    assert ml.mounted_vs_pike_result(mounted_vs_pike_hits="2") == Result("retire", hits=2)


def test_allocation_book_examples_17_4() -> None:
    assert sum(ml.allocate_hits(4, (2, 2)).hits) == 1  # Warriors roll 4 against two AC2 Orcs
    assert ml.allocate_hits(4 + 5, (4,)).hits == (1,)  # two Orcs 9 against AC4
    assert ml.allocate_hits(10, (4,)).hits == (2,)
    assert ml.allocate_hits(5, (2, 4)).hits == (1, 0)  # 5 against AC2 and AC4: the AC2 takes it


def test_allocation_book_example_17_5_two_rounds() -> None:
    first = ml.allocate_hits(12, (2, 4, 6))
    assert (first.hits, first.lost, first.hit_in_cycle) == ((1, 1, 0), 4, frozenset({0, 1}))
    second = ml.allocate_hits(15, (2, 4, 6), already_hit=first.hit_in_cycle)
    assert (second.hits, second.lost) == ((1, 1, 1), 0)
    assert second.hit_in_cycle == frozenset({0, 1})


@pytest.mark.parametrize("total,acs,hits,lost", [(0, (2,), (0,), 0), (2, (2,), (0,), 2), (9, (2,), (3,), 0),
                                                 (-3, (2, 4), (0, 0), 0), (8, (4, 2), (1, 1), 0),
                                                 (20, (6, 6), (1, 1), 6), (7, (), (), 7)])
def test_allocation_rows(total: int, acs: tuple[int, ...], hits: tuple[int, ...], lost: int) -> None:
    got = ml.allocate_hits(total, acs)
    assert (got.hits, got.lost) == (hits, lost)
