"""The charts as data and the Warhammer hit mechanics (spec §4, §5, §8)."""

from __future__ import annotations

import pytest

from game.rules.doomwheel import charts


@pytest.mark.parametrize("s,t,need", [(8, 6, 2), (9, 6, 2), (7, 6, 3), (6, 6, 4), (5, 6, 5), (4, 6, 6), (3, 6, 6),
                                      (2, 6, None), (1, 6, None), (5, 3, 2), (3, 3, 4)])
def test_to_wound_table(s: int, t: int, need: int | None) -> None:
    assert charts.to_wound(s, t) == need


@pytest.mark.parametrize("armour,s,need", [(4, 3, 4), (4, 4, 5), (4, 5, 6), (4, 6, None), (3, 6, 6), (2, 5, 4),
                                           (None, 3, None)])
def test_save_table(armour: int | None, s: int, need: int | None) -> None:
    assert charts.save_needed(armour, s) == need


def test_strength_5_hit_on_a_doomwheel() -> None:
    assert charts.to_wound(5, 6) == 5
    need = charts.save_needed(4, 5)
    assert need == 6
    assert charts.save_passes(need, 6) and not charts.save_passes(need, 5)
    assert charts.to_wound(6, 6) == 4 and charts.save_needed(4, 6) is None  # the bolt thrower


def test_a_natural_1_always_fails_a_save() -> None:
    assert not charts.save_passes(1, 1)
    assert charts.save_passes(2, 2)


def test_to_hit_one_roll() -> None:
    t = charts.to_hit_target(3, 0)
    assert t == 4
    assert [charts.hits(t, f) for f in range(1, 7)] == [False, False, False, True, True, True]
    assert charts.to_hit_target(3, -1) == 5 and charts.to_hit_target(3, -3) == 7
    assert not charts.hits(2, 1)  # a 1 always misses


@pytest.mark.parametrize("target,second", [(7, 4), (8, 5), (9, 6)])
def test_to_hit_seven_plus(target: int, second: int) -> None:
    assert charts.to_hit_second(target) == second
    assert not charts.hits(target, 5, 6)
    assert not charts.hits(target, 6, second - 1)
    assert charts.hits(target, 6, second)


def test_to_hit_ten_plus_impossible() -> None:
    assert charts.to_hit_second(10) is None
    assert not charts.hits(10, 6, 6)


def test_slave_and_ram_tables_cover_every_face() -> None:
    assert [charts.SLAVE_TABLE[f] for f in range(1, 7)] == ["tangled", "tangled", "rat_food", "defect", "slip", "slip"]
    assert [charts.RAM_TABLE[f] for f in range(1, 7)] == ["toppled", "toppled", "breakdown", "breakdown",
                                                          "out_of_control", "out_of_control"]
    assert [charts.RAM_ROLL[f] for f in range(1, 7)] == ["rammer"] * 2 + ["rammed"] * 4
