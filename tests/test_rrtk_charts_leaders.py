"""RRtK Leaders, Heroes, pursuit and after the battle (rrtk-battle.md §13.6, §17.9, §18,
§19.2-19.4, §20): each row with forced faces and each reading's alternative; the book's
Casualty Recovery example."""

from __future__ import annotations

import pytest

from game.rules.rrtk.battle.charts import aftermath as af
from game.rules.rrtk.battle.charts import leaders as ld
from game.rules.rrtk.battle.charts import pursuit as pu


@pytest.mark.parametrize("face", range(1, 7))
@pytest.mark.parametrize("role", ["charger", "defender_first_round", "continuing"])
def test_pursuit_check(face: int, role: str) -> None:
    rep = 4
    expected = face <= rep if role == "charger" else face > rep
    assert pu.pursues(face, rep, role) is expected


def test_a_leader_shifts_the_pursuit_die() -> None:
    assert not pu.pursues(5, 4, "charger")
    assert pu.pursues(5, 4, "charger", shift=-1, leader=True)
    assert pu.pursues(4, 4, "continuing", shift=1, leader=True)
    assert pu.pursuit_choices(5, 4, "charger", leader=True) == frozenset({True, False})
    assert pu.pursuit_choices(5, 4, "charger", leader=False) == frozenset({False})
    with pytest.raises(ValueError):
        pu.pursues(5, 4, "charger", shift=-1)
    with pytest.raises(ValueError):
        pu.pursues(5, 4, "bystander")


@pytest.mark.parametrize("face,turn", [(1, 0), (2, 0), (3, 0), (4, 0), (5, -45), (6, 45)])
def test_elephant_rampage_direction(face: int, turn: int) -> None:
    assert pu.rampage_direction(face) == turn
    assert pu.RAMPAGE_NAMES[turn] in ("away", "left_45", "right_45")


@pytest.mark.parametrize("faces,risks", [((1, 5), 0), ((6,), 1), ((6, 2, 6), 2), ((), 0)])
def test_leader_risk(faces: tuple[int, ...], risks: int) -> None:
    assert ld.leader_risks(faces) == risks


@pytest.mark.parametrize("d1,d2,rep,result", [(1, 2, 4, "carry_on"), (3, 5, 4, "out_of_fight"), (5, 6, 4, "dead"),
                                              (6, 6, 9, "dead"), (6, 1, 9, "out_of_fight")])
def test_leader_at_risk(d1: int, d2: int, rep: int, result: str) -> None:
    assert ld.leader_at_risk(d1, d2, rep) == result
    assert ld.leader_lost(result) is (result != "carry_on")


def test_out_of_the_fight_with_a_routed_unit_is_captured() -> None:
    assert ld.leader_at_risk(3, 5, 4, unit_routed=True) == "captured"
    assert ld.leader_at_risk(1, 1, 4, unit_routed=True) == "carry_on"


@pytest.mark.parametrize("face,ok", [(1, False), (2, False), (3, False), (4, False), (5, False), (6, True)])
def test_hero_availability(face: int, ok: bool) -> None:
    assert ld.hero_available(face) is ok


def test_hero_rep_and_ac() -> None:
    assert ld.hero_rep(5) == 7
    assert ld.hero_ac(2) == 6 and ld.hero_ac(4) == 8 and ld.hero_ac(6) == 8
    assert ld.hero_ac(2, hero_ac="two_points") == 4 and ld.hero_ac(8, hero_ac="two_points") == 8


def test_heroic_dice_and_penalty_readings() -> None:
    assert ld.heroic_dice(7, 6) == 13
    assert ld.heroic_dice(7, 6, 2) == 9
    assert ld.heroic_dice(7, 6, 2, hero_penalty="once") == 11


@pytest.mark.parametrize("faces,n", [((1, 2, 3, 4, 5, 6), 3), ((4, 4), 0), ((), 0)])
def test_heroic_successes(faces: tuple[int, ...], n: int) -> None:
    assert ld.successes(faces) == n


@pytest.mark.parametrize("a,b,out", [(2, 1, ("reroll", None)), (0, 0, ("even", None)), (2, 0, ("killed", "a")),
                                     (1, 0, ("blow", "a")), (0, 3, ("killed", "b")), (0, 1, ("blow", "b"))])
def test_heroic_step(a: int, b: int, out: tuple[str, str | None]) -> None:
    assert ld.heroic_step(a, b) == out


def test_tournament_points_book_example() -> None:
    assert af.tournament_points(400, 125, 100) == 375
    assert af.tournament_winner(375, 290) == "a" and af.tournament_winner(1, 2) == "b"
    assert af.tournament_winner(300, 300) is None


def test_major_pursuit_targets_cheapest_first() -> None:
    assert af.major_pursuit_targets((40, 20, 30), 2) == (1, 2)  # the Orc example: two cheapest pursued
    assert af.major_pursuit_targets((40, 20), 5) == (0, 1)
    assert af.major_pursuit_targets((40, 20), 0) == ()


@pytest.mark.parametrize("d1,d2,own,pursuer,out", [(1, 2, 8, 16, "returns"), (5, 2, 8, 12, "lost"),
                                                   (1, 5, 8, 8, "returns"), (1, 5, 8, 6, "returns"),
                                                   (5, 6, 8, 4, "lost"), (6, 6, 9, 4, "lost")])
def test_casualty_recovery(d1: int, d2: int, own: float, pursuer: float, out: str) -> None:
    rep = 9 if (d1, d2) == (6, 6) else 4
    assert af.casualty_recovery(d1, d2, rep, own, pursuer) == out
