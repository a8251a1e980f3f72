"""RRtK pre-battle charts (rrtk-battle.md §6.3-6.4, §10.2-10.4, §10.10): each row with
forced faces, each reading's alternative."""

from __future__ import annotations

import pytest

from game.rules.rrtk.battle.charts import prebattle as pb


@pytest.mark.parametrize("face,wr", [(1, 2), (2, 3), (3, 3), (4, 3), (5, 3), (6, 4)])
def test_war_rating_table(face: int, wr: int) -> None:
    assert pb.war_rating(face, 0) == wr


@pytest.mark.parametrize("face,mod,wr", [(1, -1, 2), (2, -2, 2), (6, 1, 4), (5, 1, 4), (1, 1, 3), (6, -1, 3)])
def test_war_rating_modifier_and_clamp(face: int, mod: int, wr: int) -> None:
    assert pb.war_rating(face, mod) == wr  # #20: below 1 reads 1, above 6 reads 6


@pytest.mark.parametrize("base,captains,lost,wr", [(3, 1, False, 4), (3, 0, False, 3), (4, 0, True, 1),
                                                   (3, 2, True, 2), (2, 0, False, 2)])
def test_current_war_rating(base: int, captains: int, lost: bool, wr: int) -> None:
    assert pb.current_war_rating(base, captains, lost) == wr


def test_book_example_war_rating_losses() -> None:
    assert pb.current_war_rating(3, 1, False) == 4  # §6.4: 3 + a Captain
    assert pb.current_war_rating(3, 0, False) == 3  # the Captain is lost
    assert pb.current_war_rating(3, 0, True) == 1  # the CinC routs: still 1


def test_wr_after_cinc_lost_alternative() -> None:
    assert pb.current_war_rating(3, 2, True, wr_after_cinc_lost="one") == 1
    assert pb.current_war_rating(3, 2, False, wr_after_cinc_lost="one") == 5
    with pytest.raises(ValueError):
        pb.current_war_rating(3, 2, True, wr_after_cinc_lost="zero")


@pytest.mark.parametrize("row,kw,value", [
    ("ac2_mounted", {"mounted": True, "ac": 2, "skirmish": False}, 2),
    ("ac4_mounted", {"mounted": True, "ac": 4, "skirmish": False}, 1),
    ("ac2_skirmish", {"mounted": False, "ac": 2, "skirmish": True}, 1),
    ("flyer", {"mounted": True, "ac": 6, "skirmish": False, "flyer": True}, 6),
    ("other", {"mounted": True, "ac": 6, "skirmish": False}, 0),
    ("other", {"mounted": True, "ac": 8, "skirmish": False}, 0),
    ("other", {"mounted": False, "ac": 4, "skirmish": True}, 0),
    ("other", {"mounted": False, "ac": 2, "skirmish": False}, 0),
])
def test_scouting_table(row: str, kw: dict[str, object], value: int) -> None:
    if "flyer" not in kw:
        assert dict(pb.SCOUTING_TABLE)[row] == value
    assert pb.scouting_value(**kw) == value  # type: ignore[arg-type]


def test_scouting_readings() -> None:
    assert pb.scouting_value(mounted=True, ac=2, skirmish=True) == 2  # #24 counted once
    assert pb.scouting_value(mounted=True, ac=2, skirmish=True, mounted_skirmish_scouting="sum") == 3
    assert pb.scouting_value(mounted=True, ac=2, skirmish=False, flyer=True, flyer_scouting="12") == 12
    with pytest.raises(ValueError):
        pb.scouting_value(mounted=True, ac=2, skirmish=True, mounted_skirmish_scouting="both")


@pytest.mark.parametrize("own,other,bonus", [(6, 2, 2), (9, 3, 2), (5, 2, 1), (4, 2, 1), (3, 2, 0), (1, 2, 0),
                                             (3, 0, 2), (0, 0, 0), (0, 3, 0)])
def test_who_attacks_scouting_bonus(own: int, other: int, bonus: int) -> None:
    assert pb.scouting_ratio_bonus(own, other) == bonus


def test_no_scouts_on_either_side_reading() -> None:
    assert pb.scouting_ratio_bonus(0, 0, no_scouts_bonus="both") == 2


def test_who_attacks_modifier_and_comparison() -> None:
    assert pb.who_attacks_modifier(3, invading=True, own_scouting=6, other_scouting=2) == 3 + 1 + 2
    assert pb.who_attacks_modifier(4, invading=False, own_scouting=1, other_scouting=4) == 4
    assert pb.who_attacks(9, 7) == "a"
    assert pb.who_attacks(5, 8) == "b"
    assert pb.who_attacks(6, 6) is None  # ties are re-rolled


@pytest.mark.parametrize("att,dfn,bonus", [(10, 5, True), (11, 5, True), (9, 5, False), (4, 2, True)])
def test_first_turn_bonus(att: int, dfn: int, bonus: bool) -> None:
    assert pb.first_turn_bonus(att, dfn) is bonus


def test_first_turn_bonus_exactly_reading() -> None:
    assert pb.first_turn_bonus(10, 5, first_turn_twice="exactly")
    assert not pb.first_turn_bonus(11, 5, first_turn_twice="exactly")


@pytest.mark.parametrize("own,other,batch", [(1, 3, (9, 3)), (0, 2, (9, 3)), (1, 2, (6, 3)), (2, 5, (6, 3)),
                                             (2, 3, (3, 3)), (3, 1, (3, 3)), (0, 0, (3, 3))])
def test_placement_ratio(own: int, other: int, batch: tuple[int, int]) -> None:
    assert pb.placement_batch(own, other) == batch
