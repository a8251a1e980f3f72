"""RRtK missile charts (rrtk-battle.md §16.4-16.8, §5.7): ranges, dice, per-die
modifiers, casualties with the cap, several targets and subsequent fire; the book's
examples of §16.6-16.8."""

from __future__ import annotations

from typing import Any

import pytest

from game.rules.rrtk.battle.charts import missile as ms


@pytest.mark.parametrize("kw,rng", [
    ({"purpose": "missile", "mounted": False}, 6.0),
    ({"purpose": "skirmish", "mounted": False}, 3.0),
    ({"purpose": "skirmish", "mounted": True}, 3.0),
    ({"purpose": "melee", "mounted": False, "dual": True}, 3.0),
    ({"purpose": "melee", "mounted": True, "dual": True}, 3.0),
    ({"purpose": "missile", "mounted": True}, 3.0),
    ({"purpose": "missile", "mounted": False, "firearms": True}, 3.0),
    ({"purpose": "missile", "mounted": False, "artillery": "engine"}, 12.0),
    ({"purpose": "missile", "mounted": False, "artillery": "breath"}, 12.0),
    ({"purpose": "missile", "mounted": False, "artillery": "cannon"}, 18.0),
    ({"purpose": "melee", "mounted": False}, None),
])
def test_missile_ranges(kw: dict[str, Any], rng: float | None) -> None:
    assert ms.missile_range(**kw) == rng


@pytest.mark.parametrize("kw,n", [({"purpose": "missile"}, 2), ({"purpose": "skirmish"}, 1),
                                  ({"purpose": "melee", "dual": True}, 1),
                                  ({"purpose": "melee", "dual": True, "dual_missile_dice": "2"}, 2),
                                  ({"purpose": "missile", "only_one": True}, 1)])
def test_missile_dice(kw: dict[str, Any], n: int) -> None:
    assert ms.missile_dice(**kw) == n


def test_a_plain_melee_unit_has_no_missile_dice() -> None:
    with pytest.raises(ValueError):
        ms.missile_dice(purpose="melee")


@pytest.mark.parametrize("kw,mod", [
    ({}, 0), ({"target_mounted": True}, 1), ({"target_in_cover": True}, -1), ({"elite_missile": True}, 1),
    ({"figs": 3}, 1), ({"figs": 4}, 2), ({"figs": 1}, 0),
    ({"target_mounted": True, "target_in_cover": True, "elite_missile": True, "figs": 4}, 3),
])
def test_missile_modifiers(kw: dict[str, Any], mod: int) -> None:
    base = {"target_mounted": False, "target_in_cover": False, "elite_missile": False, "figs": 2}
    assert ms.missile_modifier(**{**base, **kw}) == mod


def test_modified_dice_are_not_clamped() -> None:
    assert ms.shooter_total((1, 1), -1) == 0
    assert ms.shooter_total((1,), -2) == -1  # #57: lowers the grand total
    assert ms.fire_hits((ms.shooter_total((1,), -2), 4), 2) == 1


def test_book_examples_of_casualties() -> None:
    assert ms.fire_hits((5,), 4) == 1 and ms.fire_hits((6,), 4) == 1  # §16.6
    assert ms.fire_hits((4, 6), 2) == 2  # two archer units, 10 against AC2: capped at 2


def test_book_example_several_targets_then_subsequent_fire() -> None:
    first = ms.several_targets(4 + 6, (4, 2), 1)  # §16.7: an AC4 and an AC2 Orc unit
    assert first.hits == (0, 1)
    second = ms.several_targets(8, (4, 2), 1, already_hit=first.hit_in_cycle)  # §16.8: 8 on the next turn
    assert second.hits == (1, 0)
    assert ms.several_targets(4, (4, 2), 1, already_hit=first.hit_in_cycle).hits == (0, 1)  # 3 or 4: the AC2
    assert ms.several_targets(2, (4, 2), 1, already_hit=first.hit_in_cycle).hits == (0, 0)  # #58: 2 hits nothing


@pytest.mark.parametrize("total,out", [(8, "high"), (5, "high"), (4, "low"), (3, "low"), (2, None)])
def test_subsequent_fire_target(total: int, out: str | None) -> None:
    assert ms.subsequent_fire_target(total, 2, 4) == out


def test_several_shooters_several_targets_cycle_and_cap() -> None:
    got = ms.several_targets(20, (2, 4), 2)
    assert got.hits == (1, 1)  # one each before a second, at most 2 for 2 shooters
    got = ms.several_targets(20, (2, 4), 3)
    assert got.hits == (2, 1)
