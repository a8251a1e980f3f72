"""RRtK special rules' dice (rrtk-battle.md §5.2-5.4, §5.9-5.10, §5.16, §17.7): the
Engine distance, every sorted Cannon roll's class, Firearms at each distance, the UD
roll, Fanatics' removal and Skirmishers' charges."""

from __future__ import annotations

import itertools

import pytest

from game.rules.rrtk.battle.charts import specials as sp


@pytest.mark.parametrize("d1,d2", list(itertools.product(range(1, 7), range(1, 7))))
def test_engine_distance_is_the_sum(d1: int, d2: int) -> None:
    assert sp.engine_distance(d1, d2) == d1 + d2


def test_book_example_engine_lands_7_ahead() -> None:
    assert sp.engine_distance(3, 4) == 7


@pytest.mark.parametrize("faces", list(itertools.product(range(1, 7), repeat=3)))
def test_cannon_every_roll(faces: tuple[int, int, int]) -> None:
    shot = sp.cannon_shot(*faces)
    ones = faces.count(1)
    hi, mid, lo = sorted(faces, reverse=True)
    assert shot.explodes is (ones == 3)
    assert shot.fires is (ones < 2)
    assert shot.spots == ((hi, hi + mid, hi + mid + lo) if ones < 2 else ())
    assert all(s <= 18 for s in shot.spots)


@pytest.mark.parametrize("faces,fires,explodes,spots", [((6, 1, 4), True, False, (6, 10, 11)),
                                                        ((1, 1, 5), False, False, ()),
                                                        ((1, 1, 1), False, True, ())])
def test_cannon_rows(faces: tuple[int, int, int], fires: bool, explodes: bool, spots: tuple[int, ...]) -> None:
    assert sp.cannon_shot(*faces) == sp.CannonShot(fires, explodes, spots)


def test_cannon_separate_spots_reading() -> None:
    assert sp.cannon_shot(2, 5, 3, cannon_spots="separate").spots == (5, 3, 2)
    with pytest.raises(ValueError):
        sp.cannon_shot(2, 5, 3, cannon_spots="random")


@pytest.mark.parametrize("distance,needed", [(0.5, 1), (1.0, 1), (1.2, 2), (2.0, 2), (2.5, 3), (3.0, 3)])
def test_firearms_needed(distance: float, needed: int) -> None:
    assert sp.firearms_needed(distance) == needed
    assert sp.firearms_needed(distance, firearms_range="weapon") == 3


@pytest.mark.parametrize("face", range(1, 7))
@pytest.mark.parametrize("distance", [1.0, 2.0, 3.0])
def test_firearms_hit_each_face(face: int, distance: float) -> None:
    assert sp.firearms_hit(face, distance) is (face >= distance)


def test_firearms_modifiers_reading() -> None:
    assert not sp.firearms_hit(2, 3.0, modifier=1)  # #10: the missile modifiers do not apply
    assert sp.firearms_hit(2, 3.0, modifier=1, firearms_modifiers="yes")


@pytest.mark.parametrize("face,ok", [(1, True), (2, True), (3, True), (4, False), (5, False), (6, False)])
def test_ud_manoeuvre(face: int, ok: bool) -> None:
    assert sp.ud_manoeuvre(face) is ok


@pytest.mark.parametrize("hits,rep,removed", [(4, 4, False), (5, 4, True), (0, 3, False)])
def test_fanatics_removed_when_hits_exceed_rep(hits: int, rep: int, removed: bool) -> None:
    assert sp.fanatic_removed(hits, rep) is removed


@pytest.mark.parametrize("skirm,hits,rep,ok", [(False, 3, 4, False), (False, 4, 4, True), (True, 0, 4, True)])
def test_skirmishers_may_charge(skirm: bool, hits: int, rep: int, ok: bool) -> None:
    assert sp.skirmishers_may_charge(skirm, hits, rep) is ok
