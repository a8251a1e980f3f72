"""RRtK Reaction Test sheets (rrtk-battle.md §14.2, §14.6-14.9): every clause of every
cell of the Melee and Missile sheets, reached through forced faces, the precedence of
multi-clause cells and its alternative, which sheet a unit reads, and the book's
worked examples of §14.10."""

from __future__ import annotations

from typing import Any

import pytest

from game.rules.rrtk.battle.charts import dice
from game.rules.rrtk.battle.charts import sheets as sh
from game.rules.rrtk.battle.charts.sheets import Result, Subject

FACES = {2: (1, 2), 1: (3, 5), 0: (5, 6)}  # against Rep 4
FOOT_MELEE: dict[str, Any] = {}
MOUNTED = {"mounted": True}
DUAL = {"dual": True}
MOUNTED_DUAL = {"mounted": True, "dual": True}
FRENZY = {"frenzy": True}
CHARGING = {"charging": True}
FOOT_MISSILE = {"purpose": "missile"}
FOOT_SKIRM = {"purpose": "skirmish"}
MOUNTED_MISSILE = {"purpose": "missile", "mounted": True}
MOUNTED_SKIRM = {"purpose": "skirmish", "mounted": True}

R = Result
RETIRE = R("retire", hits=1)
HALT = R("halt")
HALT_NO_FIRE = R("halt", may_fire=False)
ROUT = R("rout")
CHARGE = R("charge")
FIRE = R("fire")

# (sheet, test, passed, subject, result): every clause of every cell at least once
CASES: list[tuple[str, str, int, dict[str, Any], Result]] = [
    # Melee sheet, Enemy Threat
    ("melee", "enemy_threat", 2, MOUNTED, CHARGE),
    ("melee", "enemy_threat", 2, FRENZY, CHARGE),
    ("melee", "enemy_threat", 2, DUAL, FIRE),
    ("melee", "enemy_threat", 2, MOUNTED_DUAL, FIRE),
    ("melee", "enemy_threat", 2, FOOT_MELEE, HALT),
    ("melee", "enemy_threat", 1, FOOT_MELEE, HALT),
    ("melee", "enemy_threat", 1, MOUNTED, HALT),
    ("melee", "enemy_threat", 1, DUAL, HALT_NO_FIRE),
    ("melee", "enemy_threat", 0, FOOT_MELEE, RETIRE),
    ("melee", "enemy_threat", 0, MOUNTED, RETIRE),
    # Received Fire
    ("melee", "received_fire", 2, CHARGING, R("continue_charge")),
    ("melee", "received_fire", 2, {"frenzy": True, "charging": True}, R("continue_charge")),
    ("melee", "received_fire", 2, FRENZY, CHARGE),
    ("melee", "received_fire", 2, DUAL, FIRE),
    ("melee", "received_fire", 2, FOOT_MELEE, R("advance")),
    ("melee", "received_fire", 2, MOUNTED, R("advance")),
    ("melee", "received_fire", 1, CHARGING, R("continue_charge", hits=1)),
    ("melee", "received_fire", 1, MOUNTED, RETIRE),
    ("melee", "received_fire", 1, DUAL, HALT_NO_FIRE),
    ("melee", "received_fire", 1, FOOT_MELEE, HALT),
    ("melee", "received_fire", 0, FOOT_MELEE, RETIRE),
    ("melee", "received_fire", 0, {"hits": 3, "rep": 4}, RETIRE),
    ("melee", "received_fire", 0, {"hits": 4, "rep": 4}, ROUT),
    ("melee", "received_fire", 0, {"hits": 5, "rep": 4, "mounted": True}, ROUT),
    # Wanting to Charge
    ("melee", "wanting_to_charge", 2, FOOT_MELEE, CHARGE),
    ("melee", "wanting_to_charge", 2, DUAL, CHARGE),
    ("melee", "wanting_to_charge", 1, MOUNTED, CHARGE),
    ("melee", "wanting_to_charge", 1, FRENZY, CHARGE),
    ("melee", "wanting_to_charge", 1, DUAL, HALT_NO_FIRE),
    ("melee", "wanting_to_charge", 1, MOUNTED_DUAL, HALT_NO_FIRE),
    ("melee", "wanting_to_charge", 1, FOOT_MELEE, HALT),
    ("melee", "wanting_to_charge", 0, FOOT_MELEE, HALT),
    ("melee", "wanting_to_charge", 0, DUAL, HALT_NO_FIRE),
    # Being Charged
    ("melee", "being_charged", 2, MOUNTED, CHARGE),
    ("melee", "being_charged", 2, FRENZY, CHARGE),
    ("melee", "being_charged", 2, DUAL, FIRE),
    ("melee", "being_charged", 2, FOOT_MELEE, HALT),
    ("melee", "being_charged", 1, MOUNTED, RETIRE),
    ("melee", "being_charged", 1, {"charged_by_mounted": True}, ROUT),
    ("melee", "being_charged", 1, {"in_melee": True}, ROUT),
    ("melee", "being_charged", 1, {"flank_or_rear": True}, ROUT),
    ("melee", "being_charged", 1, {"flank_or_rear": True, "mounted": True}, ROUT),
    ("melee", "being_charged", 1, {"in_melee": True, "mounted": True}, ROUT),
    ("melee", "being_charged", 1, {"charged_by_mounted": True, "mounted": True}, RETIRE),
    ("melee", "being_charged", 1, DUAL, HALT_NO_FIRE),
    ("melee", "being_charged", 1, FOOT_MELEE, HALT),
    ("melee", "being_charged", 0, FOOT_MELEE, ROUT),
    ("melee", "being_charged", 0, MOUNTED, ROUT),
    # Involved In Melee
    ("melee", "involved_in_melee", 2, {"mounted": True, "enemy_foot_not_routed": True}, RETIRE),
    ("melee", "involved_in_melee", 2, MOUNTED, R("remain_in_melee")),
    ("melee", "involved_in_melee", 2, FOOT_MELEE, R("remain_in_melee")),
    ("melee", "involved_in_melee", 1, MOUNTED, RETIRE),
    ("melee", "involved_in_melee", 1, {"in_melee_with_mounted": True}, ROUT),
    ("melee", "involved_in_melee", 1, FOOT_MELEE, R("give_ground", hits=1)),
    ("melee", "involved_in_melee", 0, FOOT_MELEE, ROUT),
    # Leader Lost
    ("melee", "leader_lost", 2, FOOT_MELEE, R("carry_on")),
    ("melee", "leader_lost", 1, MOUNTED, RETIRE),
    ("melee", "leader_lost", 0, FOOT_MELEE, ROUT),
    # Missile sheet
    ("missile", "enemy_threat", 2, FOOT_MISSILE, FIRE),
    ("missile", "enemy_threat", 1, FOOT_SKIRM, RETIRE),
    ("missile", "enemy_threat", 0, FOOT_MISSILE, ROUT),
    ("missile", "received_fire", 2, {"purpose": "missile", "charging": True}, R("continue_charge")),
    ("missile", "received_fire", 2, FOOT_MISSILE, FIRE),
    ("missile", "received_fire", 1, MOUNTED_MISSILE, RETIRE),
    ("missile", "received_fire", 0, FOOT_SKIRM, ROUT),
    ("missile", "wanting_to_charge", 2, FOOT_MISSILE, CHARGE),
    ("missile", "wanting_to_charge", 1, FOOT_MISSILE, HALT_NO_FIRE),
    ("missile", "wanting_to_charge", 0, FOOT_SKIRM, ROUT),
    ("missile", "being_charged", 2, FOOT_MISSILE, FIRE),
    ("missile", "being_charged", 2, MOUNTED_MISSILE, FIRE),
    ("missile", "being_charged", 2, FOOT_SKIRM, R("retire", hits=1, fire_first=True)),
    ("missile", "being_charged", 2, MOUNTED_SKIRM, R("retire", hits=1, fire_first=True)),
    ("missile", "being_charged", 1, MOUNTED_MISSILE, RETIRE),
    ("missile", "being_charged", 1, MOUNTED_SKIRM, RETIRE),
    ("missile", "being_charged", 1, {"purpose": "missile", "charged_by_mounted": True}, ROUT),
    ("missile", "being_charged", 1, {"purpose": "missile", "in_melee": True}, ROUT),
    ("missile", "being_charged", 1, {"purpose": "skirmish", "flank_or_rear": True}, ROUT),
    ("missile", "being_charged", 1, FOOT_MISSILE, R("fire", fire_dice=1)),
    ("missile", "being_charged", 1, FOOT_SKIRM, R("rout", fire_first=True)),
    ("missile", "being_charged", 0, FOOT_MISSILE, ROUT),
    ("missile", "involved_in_melee", 2, {"purpose": "missile", "mounted": True, "enemy_foot_not_routed": True},
     RETIRE),
    ("missile", "involved_in_melee", 2, FOOT_MISSILE, R("remain_in_melee")),
    ("missile", "involved_in_melee", 1, FOOT_MISSILE, ROUT),
    ("missile", "involved_in_melee", 0, MOUNTED_SKIRM, ROUT),
    ("missile", "leader_lost", 2, FOOT_SKIRM, R("carry_on")),
    ("missile", "leader_lost", 1, FOOT_MISSILE, ROUT),
    ("missile", "leader_lost", 0, FOOT_MISSILE, ROUT),
]


def _id(case: tuple[str, str, int, dict[str, Any], Result]) -> str:
    sheet, test, passed, subject, result = case
    return f"{sheet}-{test}-{passed}-{'+'.join(f'{k}={v}' for k, v in subject.items()) or 'foot'}"


@pytest.mark.parametrize("tactics", ["A", "B", "C"])
@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_sheet_clause(case: tuple[str, str, int, dict[str, Any], Result], tactics: str) -> None:
    sheet, test, passed, subject, expected = case
    kw = {"rep": 4, **subject}
    d1, d2 = FACES[passed]
    assert dice.passes(d1, d2, 4) == passed
    assert sh.reaction_result(tactics, sheet, test, passed, Subject(**kw)) == expected


def test_every_clause_of_every_cell_is_reached() -> None:
    reached = {(sheet, test, passed, sh.reaction_clauses("A", sheet, test, passed,
                                                         Subject(**{"rep": 4, **subj}))[0])
               for sheet, test, passed, subj, _ in CASES}
    for (tactics, sheet), table in sh.SHEETS.items():
        assert set(table) == set(sh.TESTS)
        for test, cells in table.items():
            assert set(cells) == {0, 1, 2}
            for passed, clauses in cells.items():
                for clause in clauses:
                    assert (sheet, test, passed, clause) in reached, (sheet, test, passed, clause)


def test_the_three_army_types_read_the_same_sheets() -> None:
    assert sh.SHEETS[("A", "melee")] is sh.SHEETS[("B", "melee")] is sh.SHEETS[("C", "melee")]
    assert sh.SHEETS[("A", "missile")] is sh.SHEETS[("C", "missile")]


@pytest.mark.parametrize("purpose,dual,sheet", [("melee", False, "melee"), ("melee", True, "melee"),
                                                ("missile", False, "missile"), ("skirmish", False, "missile"),
                                                ("missile", True, "melee"), ("skirmish", True, "melee")])
def test_which_sheet(purpose: str, dual: bool, sheet: str) -> None:
    assert sh.sheet_for(purpose, dual=dual) == sheet


def test_player_choice_offers_every_matching_clause() -> None:
    s = Subject(mounted=True, flank_or_rear=True, rep=4)
    assert sh.reaction_results("A", "melee", "being_charged", 1, s, clause_precedence="player_choice") == (
        RETIRE, ROUT)
    assert sh.reaction_results("A", "melee", "being_charged", 1, s) == (ROUT,)
    s = Subject(frenzy=True, charging=True)
    assert sh.reaction_results("A", "melee", "received_fire", 2, s, clause_precedence="player_choice") == (
        R("continue_charge"), CHARGE)
    assert sh.reaction_results("A", "melee", "enemy_threat", 2, Subject(),
                               clause_precedence="player_choice") == (HALT,)
    with pytest.raises(ValueError):
        sh.reaction_results("A", "melee", "enemy_threat", 2, Subject(), clause_precedence="dice")


def test_every_result_kind_has_a_meaning() -> None:
    kinds = {c.result.kind for t in sh.SHEETS.values() for cells in t.values() for cl in cells.values() for c in cl}
    assert kinds <= set(sh.RESULT_MEANING)
    assert all(sec.startswith("§") and text for sec, text in sh.RESULT_MEANING.values())


# §14.10 worked examples
def test_example_enemy_threat_warriors_halt() -> None:
    passed = dice.passes(1, 5, 4)
    assert sh.reaction_result("A", "melee", "enemy_threat", passed, Subject()) == HALT


def test_example_involved_in_melee() -> None:
    warriors = dice.passes(3, 4, 4 - 2)  # Rep 4, 2 hits
    assert sh.reaction_result("A", "melee", "involved_in_melee", warriors, Subject(hits=2)) == ROUT
    orcs = dice.passes(4, 1, 4 - 1)
    assert sh.reaction_result("A", "melee", "involved_in_melee", orcs, Subject(hits=1)) == R("give_ground", hits=1)


def test_example_received_fire_advance() -> None:
    assert sh.reaction_result("A", "melee", "received_fire", dice.passes(2, 4, 4), Subject()) == R("advance")
    assert sh.reaction_result("A", "melee", "wanting_to_charge", dice.passes(3, 5, 5), Subject()) == CHARGE


def test_example_being_charged_halt_and_leader_lost_retire() -> None:
    assert sh.reaction_result("A", "melee", "being_charged", dice.passes(5, 4, 4), Subject()) == HALT
    assert sh.reaction_result("A", "melee", "leader_lost", dice.passes(1, 5, 3), Subject(hits=1)) == RETIRE


def test_unknown_condition_and_purpose_are_refused() -> None:
    with pytest.raises(ValueError):
        sh.matches("tall", Subject())
    with pytest.raises(ValueError):
        sh.sheet_for("artillery")
