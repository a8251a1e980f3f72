"""RRtK dice mechanics (rrtk-battle.md §2): passes against a modified Rep, the "6
always fails" tables, hits from a total against AC and the missile cap; the book's
dice examples of §2 as tests."""

from __future__ import annotations

import itertools

import pytest

from game.rules.rrtk.battle.charts import dice

FACES = range(1, 7)


@pytest.mark.parametrize("d1,d2", list(itertools.product(FACES, FACES)))
@pytest.mark.parametrize("rep", [0, 2, 3, 4, 5, 6, 7])
def test_passes_counts_each_die_at_most_rep(d1: int, d2: int, rep: int) -> None:
    assert dice.passes(d1, d2, rep) == (d1 <= rep) + (d2 <= rep)


def test_book_example_dwarven_infantry_passes_one() -> None:
    assert dice.passes(1, 5, 4) == 1  # §2.1: Rep 4 rolls 1 and 5


@pytest.mark.parametrize("rep,expected", [(6, 2), (7, 2), (9, 2)])
def test_rep_six_or_more_always_passes_both_by_default(rep: int, expected: int) -> None:
    assert dice.passes(6, 6, rep) == expected  # #2: no "6 always fails"


@pytest.mark.parametrize("d1,d2,rep,expected", [(6, 6, 7, 0), (6, 1, 7, 1), (5, 5, 7, 2)])
def test_reaction_six_fails_reading(d1: int, d2: int, rep: int, expected: int) -> None:
    assert dice.passes(d1, d2, rep, reaction_six_fails="yes") == expected


@pytest.mark.parametrize("d1,d2,rep,expected", [(6, 6, 9, 0), (6, 2, 9, 1), (1, 2, 9, 2), (4, 5, 4, 1),
                                                (5, 5, 4, 0)])
def test_six_always_fails_tables(d1: int, d2: int, rep: int, expected: int) -> None:
    assert dice.passes_six_fails(d1, d2, rep) == expected


def test_a_face_outside_1_to_6_is_refused() -> None:
    with pytest.raises(ValueError):
        dice.passes(0, 3, 4)
    with pytest.raises(ValueError):
        dice.passes(3, 7, 4)
    with pytest.raises(ValueError):
        dice.passes(3, 3, 4, reaction_six_fails="maybe")


@pytest.mark.parametrize("ac,per_hit", [(2, 3), (4, 5), (6, 7), (8, 9)])
def test_points_per_hit(ac: int, per_hit: int) -> None:
    assert dice.points_per_hit(ac) == per_hit
    assert dice.hits_from_total(per_hit - 1, ac) == 0
    assert dice.hits_from_total(per_hit, ac) == 1
    assert dice.hits_from_total(3 * per_hit + per_hit - 1, ac) == 3


def test_negative_totals_make_no_hits_and_bad_ac_is_refused() -> None:
    assert dice.hits_from_total(-4, 2) == 0
    with pytest.raises(ValueError):
        dice.points_per_hit(3)


def test_book_examples_of_section_2() -> None:
    assert dice.missile_hits(3 + 2, 4, 1) == 1  # §2.2: Orc Archers 5 against AC4
    assert dice.hits_from_total(3, 2) == 1  # §2.3: Dwarves roll 3 against AC2
    assert dice.hits_from_total(6, 2) == 2  # ... a 6 would be 2 hits (no cap in melee)


@pytest.mark.parametrize("total,ac,firers,hits", [(10, 2, 2, 2), (10, 2, 1, 1), (10, 2, 4, 3), (4, 4, 3, 0),
                                                  (18, 8, 2, 2), (27, 8, 2, 2), (6, 4, 0, 0)])
def test_missile_hits_are_capped_by_units_firing(total: int, ac: int, firers: int, hits: int) -> None:
    assert dice.missile_hits(total, ac, firers) == hits
