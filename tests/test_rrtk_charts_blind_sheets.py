"""RRtK Reaction Test sheets and modifiers tested blind from the spec (issue 16;
rrtk-battle.md §14.2-14.10, §13.11, §5.15).

Every expected result is read off the spec's §14.6 (Melee sheet) and §14.7 (Missile
sheet) tables and the §14.9 precedence; the names (tests, result kinds, Subject fields)
are the charts' public vocabulary. See test_rrtk_charts_blind.py for the method.
"""

from __future__ import annotations

import pytest

from game.rules.rrtk.battle.charts import reaction as r
from game.rules.rrtk.battle.charts import sheets as s
from game.rules.rrtk.battle.charts.sheets import Subject

MELEE = s.sheet_for("melee")
MISSILE = s.sheet_for("missile")
ET, RF, WTC, BC, IIM, LL = (s.ENEMY_THREAT, s.RECEIVED_FIRE, s.WANTING_TO_CHARGE, s.BEING_CHARGED,
                            s.INVOLVED_IN_MELEE, s.LEADER_LOST)

# Subjects (what the clauses ask of the testing unit)
FOOT = Subject()
MOUNTED = Subject(mounted=True)
DUAL = Subject(dual=True)
DUAL_MOUNTED = Subject(mounted=True, dual=True)
FRENZY = Subject(frenzy=True)
FRENZY_MOUNTED = Subject(mounted=True, frenzy=True)
CHARGING = Subject(charging=True)
CHARGING_FRENZY = Subject(charging=True, frenzy=True)
CHARGING_MOUNTED = Subject(charging=True, mounted=True)
FOOT_BY_MOUNTED = Subject(charged_by_mounted=True)
IN_MELEE = Subject(in_melee=True)
FLANK = Subject(flank_or_rear=True)
MOUNTED_FLANK = Subject(mounted=True, flank_or_rear=True)
DUAL_FLANK = Subject(dual=True, flank_or_rear=True)
FOOT_VS_MOUNTED = Subject(in_melee_with_mounted=True)
MOUNTED_NOT_ROUTED_FOOT = Subject(mounted=True, enemy_foot_not_routed=True)
BATTERED = Subject(hits=4, rep=4)
OVER_BATTERED = Subject(hits=6, rep=4)
WORN = Subject(hits=3, rep=4)
MISSILE_FOOT = Subject(purpose="missile")
MISSILE_MOUNTED = Subject(purpose="missile", mounted=True)
SKIRM_FOOT = Subject(purpose="skirmish")
SKIRM_MOUNTED = Subject(purpose="skirmish", mounted=True)
MISSILE_CHARGING = Subject(purpose="missile", charging=True)
MISSILE_BY_MOUNTED = Subject(purpose="missile", charged_by_mounted=True)
MISSILE_IN_MELEE = Subject(purpose="missile", in_melee=True)
MISSILE_FLANK = Subject(purpose="missile", flank_or_rear=True)
SKIRM_BY_MOUNTED = Subject(purpose="skirmish", charged_by_mounted=True)
MISSILE_MOUNTED_NOT_ROUTED_FOOT = Subject(purpose="missile", mounted=True, enemy_foot_not_routed=True)

C, CC, F, H, A, RT, RO, GG, RM, CO = (s.CHARGE, s.CONTINUE_CHARGE, s.FIRE, s.HALT, s.ADVANCE, s.RETIRE, s.ROUT,
                                      s.GIVE_GROUND, s.REMAIN, s.CARRY_ON)

# (sheet, test, passed, subject name, subject, expected kind, expected hits, other expected fields)
ROWS = [
    # §14.6 Melee sheet: Enemy Threat
    (MELEE, ET, 2, "mounted", MOUNTED, C, 0, {}),
    (MELEE, ET, 2, "frenzy", FRENZY, C, 0, {}),
    (MELEE, ET, 2, "frenzy-mounted", FRENZY_MOUNTED, C, 0, {}),
    (MELEE, ET, 2, "dual", DUAL, F, 0, {}),
    (MELEE, ET, 2, "dual-mounted-fires", DUAL_MOUNTED, F, 0, {}),
    (MELEE, ET, 2, "others-halt", FOOT, H, 0, {}),
    (MELEE, ET, 1, "all-halt", FOOT, H, 0, {}),
    (MELEE, ET, 1, "mounted-halt", MOUNTED, H, 0, {}),
    (MELEE, ET, 1, "dual-halt-no-fire", DUAL, H, 0, {"may_fire": False}),
    (MELEE, ET, 0, "all-retire-1hit", FOOT, RT, 1, {}),
    (MELEE, ET, 0, "mounted-retire-1hit", MOUNTED, RT, 1, {}),
    # Received Fire
    (MELEE, RF, 2, "chargers-continue", CHARGING, CC, 0, {}),
    (MELEE, RF, 2, "charging-frenzy-continues", CHARGING_FRENZY, CC, 0, {}),
    (MELEE, RF, 2, "frenzy-charge", FRENZY, C, 0, {}),
    (MELEE, RF, 2, "non-charging-dual-fire", DUAL, F, 0, {}),
    (MELEE, RF, 2, "others-advance", FOOT, A, 0, {}),
    (MELEE, RF, 2, "mounted-advance", MOUNTED, A, 0, {}),
    (MELEE, RF, 1, "chargers-continue-1hit", CHARGING, CC, 1, {}),
    (MELEE, RF, 1, "charging-mounted-continue-1hit", CHARGING_MOUNTED, CC, 1, {}),
    (MELEE, RF, 1, "non-charging-mounted-retire-1hit", MOUNTED, RT, 1, {}),
    (MELEE, RF, 1, "others-halt", FOOT, H, 0, {}),
    (MELEE, RF, 1, "dual-halt-no-fire", DUAL, H, 0, {"may_fire": False}),
    (MELEE, RF, 0, "all-retire-1hit", FOOT, RT, 1, {}),
    (MELEE, RF, 0, "hits-below-rep-retire", WORN, RT, 1, {}),
    (MELEE, RF, 0, "hits-eq-rep-rout", BATTERED, RO, 0, {}),
    (MELEE, RF, 0, "hits-over-rep-rout", OVER_BATTERED, RO, 0, {}),
    # Wanting to Charge
    (MELEE, WTC, 2, "all-charge", FOOT, C, 0, {}),
    (MELEE, WTC, 2, "dual-charge", DUAL, C, 0, {}),
    (MELEE, WTC, 1, "mounted-charge", MOUNTED, C, 0, {}),
    (MELEE, WTC, 1, "frenzy-charge", FRENZY, C, 0, {}),
    (MELEE, WTC, 1, "dual-halt-no-fire", DUAL, H, 0, {"may_fire": False}),
    (MELEE, WTC, 1, "dual-mounted-halt-no-fire", DUAL_MOUNTED, H, 0, {"may_fire": False}),
    (MELEE, WTC, 1, "others-halt", FOOT, H, 0, {}),
    (MELEE, WTC, 0, "all-halt", FOOT, H, 0, {}),
    (MELEE, WTC, 0, "mounted-halt", MOUNTED, H, 0, {}),
    (MELEE, WTC, 0, "dual-halt-no-fire", DUAL, H, 0, {"may_fire": False}),
    # Being Charged
    (MELEE, BC, 2, "mounted-countercharge", MOUNTED, C, 0, {}),
    (MELEE, BC, 2, "frenzy-countercharge", FRENZY, C, 0, {}),
    (MELEE, BC, 2, "dual-return-fire", DUAL, F, 0, {}),
    (MELEE, BC, 2, "others-halt", FOOT, H, 0, {}),
    (MELEE, BC, 2, "flank-passed-both-halt", FLANK, H, 0, {}),
    (MELEE, BC, 1, "mounted-retire-1hit", MOUNTED, RT, 1, {}),
    (MELEE, BC, 1, "foot-charged-by-mounted-rout", FOOT_BY_MOUNTED, RO, 0, {}),
    (MELEE, BC, 1, "already-in-melee-rout", IN_MELEE, RO, 0, {}),
    (MELEE, BC, 1, "flank-or-rear-rout", FLANK, RO, 0, {}),
    (MELEE, BC, 1, "§14.9-mounted-in-flank-rout-first", MOUNTED_FLANK, RO, 0, {}),
    (MELEE, BC, 1, "§14.9-dual-in-flank-rout-first", DUAL_FLANK, RO, 0, {}),
    (MELEE, BC, 1, "others-halt-§14.10-example", FOOT, H, 0, {}),
    (MELEE, BC, 1, "dual-halt-no-fire", DUAL, H, 0, {"may_fire": False}),
    (MELEE, BC, 0, "all-rout", FOOT, RO, 0, {}),
    (MELEE, BC, 0, "mounted-rout", MOUNTED, RO, 0, {}),
    # Involved In Melee
    (MELEE, IIM, 2, "mounted-not-routed-foot-retire-1hit", MOUNTED_NOT_ROUTED_FOOT, RT, 1, {}),
    (MELEE, IIM, 2, "mounted-remain", MOUNTED, RM, 0, {}),
    (MELEE, IIM, 2, "others-remain", FOOT, RM, 0, {}),
    (MELEE, IIM, 1, "mounted-retire-1hit", MOUNTED, RT, 1, {}),
    (MELEE, IIM, 1, "foot-vs-mounted-rout", FOOT_VS_MOUNTED, RO, 0, {}),
    (MELEE, IIM, 1, "other-foot-give-ground-1hit-§14.10", FOOT, GG, 1, {}),
    (MELEE, IIM, 0, "all-rout-§14.10", FOOT, RO, 0, {}),
    (MELEE, IIM, 0, "mounted-rout", MOUNTED, RO, 0, {}),
    # Leader Lost
    (MELEE, LL, 2, "carry-on", FOOT, CO, 0, {}),
    (MELEE, LL, 1, "retire-1hit-§14.10", FOOT, RT, 1, {}),
    (MELEE, LL, 1, "mounted-retire-1hit", MOUNTED, RT, 1, {}),
    (MELEE, LL, 0, "rout", FOOT, RO, 0, {}),
    # §14.7 Missile sheet
    (MISSILE, ET, 2, "all-fire", MISSILE_FOOT, F, 0, {}),
    (MISSILE, ET, 2, "skirmish-fire", SKIRM_FOOT, F, 0, {}),
    (MISSILE, ET, 1, "all-retire-1hit", MISSILE_FOOT, RT, 1, {}),
    (MISSILE, ET, 0, "all-rout", MISSILE_FOOT, RO, 0, {}),
    (MISSILE, RF, 2, "chargers-continue", MISSILE_CHARGING, CC, 0, {}),
    (MISSILE, RF, 2, "others-return-fire", MISSILE_FOOT, F, 0, {}),
    (MISSILE, RF, 2, "skirmish-return-fire", SKIRM_MOUNTED, F, 0, {}),
    (MISSILE, RF, 1, "all-retire-1hit", MISSILE_FOOT, RT, 1, {}),
    (MISSILE, RF, 1, "charging-retire-1hit", MISSILE_CHARGING, RT, 1, {}),
    (MISSILE, RF, 0, "all-rout", SKIRM_FOOT, RO, 0, {}),
    (MISSILE, WTC, 2, "all-charge", MISSILE_FOOT, C, 0, {}),
    (MISSILE, WTC, 1, "all-halt-no-fire", MISSILE_FOOT, H, 0, {"may_fire": False}),
    (MISSILE, WTC, 1, "skirmish-halt-no-fire", SKIRM_FOOT, H, 0, {"may_fire": False}),
    (MISSILE, WTC, 0, "#52-all-rout", MISSILE_FOOT, RO, 0, {}),
    (MISSILE, BC, 2, "missile-stand-and-fire", MISSILE_FOOT, F, 0, {}),
    (MISSILE, BC, 2, "mounted-missile-stand-and-fire", MISSILE_MOUNTED, F, 0, {}),
    (MISSILE, BC, 2, "skirmishers-fire-then-retire-1hit", SKIRM_FOOT, RT, 1, {"fire_first": True}),
    (MISSILE, BC, 2, "mounted-skirmishers-fire-then-retire", SKIRM_MOUNTED, RT, 1, {"fire_first": True}),
    (MISSILE, BC, 1, "mounted-retire-1hit", MISSILE_MOUNTED, RT, 1, {}),
    (MISSILE, BC, 1, "mounted-skirmish-retire-1hit", SKIRM_MOUNTED, RT, 1, {}),
    (MISSILE, BC, 1, "foot-charged-by-mounted-rout", MISSILE_BY_MOUNTED, RO, 0, {}),
    (MISSILE, BC, 1, "skirmish-charged-by-mounted-rout", SKIRM_BY_MOUNTED, RO, 0, {}),
    (MISSILE, BC, 1, "already-in-melee-rout", MISSILE_IN_MELEE, RO, 0, {}),
    (MISSILE, BC, 1, "flank-or-rear-rout", MISSILE_FLANK, RO, 0, {}),
    (MISSILE, BC, 1, "foot-missile-fire-1d6", MISSILE_FOOT, F, 0, {"fire_dice": 1}),
    (MISSILE, BC, 1, "foot-skirmish-fire-then-rout", SKIRM_FOOT, RO, 0, {"fire_first": True}),
    (MISSILE, BC, 0, "all-rout", MISSILE_FOOT, RO, 0, {}),
    (MISSILE, IIM, 2, "mounted-not-routed-foot-retire-1hit", MISSILE_MOUNTED_NOT_ROUTED_FOOT, RT, 1, {}),
    (MISSILE, IIM, 2, "others-remain", MISSILE_FOOT, RM, 0, {}),
    (MISSILE, IIM, 1, "#52-all-rout", MISSILE_FOOT, RO, 0, {}),
    (MISSILE, IIM, 0, "all-rout", MISSILE_FOOT, RO, 0, {}),
    (MISSILE, LL, 2, "carry-on", MISSILE_FOOT, CO, 0, {}),
    (MISSILE, LL, 1, "#52-all-rout", MISSILE_FOOT, RO, 0, {}),
    (MISSILE, LL, 0, "all-rout", MISSILE_FOOT, RO, 0, {}),
]


def _id(row: tuple) -> str:
    sheet, test, passed, name = row[:4]
    sec = "§14.6" if sheet == MELEE else "§14.7"
    return f"{sec}-{sheet}-{test}-pass{passed}-{name}"


@pytest.mark.parametrize("row", ROWS, ids=[_id(row) for row in ROWS])
def test_reaction_result(row: tuple) -> None:
    sheet, test, passed, _name, subject, kind, hits, extra = row
    got = s.reaction_result("A", sheet, test, passed, subject)
    assert got.kind == kind
    assert got.hits == hits
    for field, value in extra.items():
        assert getattr(got, field) == value, field


@pytest.mark.parametrize("tactics", ["B", "C"])
@pytest.mark.parametrize("row", ROWS[::3], ids=[_id(row) for row in ROWS[::3]])
def test_all_army_types_read_one_set(row: tuple, tactics: str) -> None:
    """§14.2 #47: the A, B and C sheets cannot be told apart; all read the same tables."""
    sheet, test, passed, _name, subject = row[:5]
    assert s.reaction_result(tactics, sheet, test, passed, subject) == s.reaction_result("A", sheet, test, passed,
                                                                                         subject)


def test_retire_results_carry_their_single_hit() -> None:
    """§14.6: 'retire and take 1 hit' is the Retire procedure's one hit, not a second one."""
    for row in ROWS:
        if row[5] == RT:
            assert row[6] == 1


@pytest.mark.parametrize(
    ("purpose", "dual", "expected"),
    [
        pytest.param("melee", False, "melee", id="§14.2-melee-unit-melee-sheet"),
        pytest.param("melee", True, "melee", id="§14.2-dual-melee-sheet"),
        pytest.param("missile", False, "missile", id="§14.2-missile-unit-missile-sheet"),
        pytest.param("skirmish", False, "missile", id="§14.2-skirmish-missile-sheet"),
    ],
)
def test_sheet_for(purpose: str, dual: bool, expected: str) -> None:
    assert s.sheet_for(purpose, dual=dual) == (MELEE if expected == "melee" else MISSILE)


def test_player_choice_offers_every_matching_clause() -> None:
    """§14.9 #53 alternative: a mounted unit charged in the flank passing 1d6 on Being Charged
    fits 'All Mounted retire' and 'charged in flank or rear rout': the owner chooses."""
    kinds = {res.kind for res in s.reaction_results("A", MELEE, BC, 1, MOUNTED_FLANK,
                                                    clause_precedence="player_choice")}
    assert kinds == {RT, RO}
    assert len(s.reaction_results("A", MELEE, BC, 1, MOUNTED_FLANK)) == 1


def test_player_choice_catch_all_only_when_nothing_specific() -> None:
    got = s.reaction_results("A", MELEE, ET, 2, FOOT, clause_precedence="player_choice")
    assert [res.kind for res in got] == [H]


# --- §14.3 modifiers to Rep ---------------------------------------------------------------

Sit = r.Situation


@pytest.mark.parametrize(
    ("rep", "sit", "readings", "expected"),
    [
        pytest.param(4, Sit(), {}, 4, id="§14.3-no-modifiers"),
        pytest.param(4, Sit(friends_in_contact=1), {}, 5, id="§14.3-example-orcs-one-friend-5"),
        pytest.param(4, Sit(hits=2), {}, 2, id="§14.3-example-warriors-2hits-2"),
        pytest.param(4, Sit(hits=1), {}, 3, id="§14.10-leader-lost-1hit-3"),
        pytest.param(4, Sit(leader_unit=True), {}, 6, id="§14.3-leader-unit-+2"),
        pytest.param(4, Sit(hero=True), {}, 6, id="§14.3-hero-+2",
                     marks=pytest.mark.xfail(strict=True, reason="chart gives 4 for Situation(hero=True): "
                                             "§14.3 'Leader unit or Hero' is +2 for a Hero; the chart seems "
                                             "to want leader_unit=True set as well (undocumented)")),
        pytest.param(4, Sit(hero=True, leader_unit=True), {}, 6, id="§14.3-hero-as-leader-+2-once"),
        pytest.param(4, Sit(contact_with_leader=True), {}, 5, id="§14.3-contact-with-leader-+1"),
        pytest.param(4, Sit(friends_in_contact=2), {}, 6, id="§14.3-two-friends-+2"),
        pytest.param(4, Sit(friends_in_contact=3), {}, 7, id="§14.3-three-friends-+3"),
        pytest.param(4, Sit(friends_in_contact=5), {}, 7, id="§14.3-#48-five-friends-capped-+3"),
        pytest.param(4, Sit(friends_in_contact=3), {"friends_in_contact": "flat"}, 5, id="§14.3-#48-flat-+1"),
        pytest.param(4, Sit(friends_in_contact=0), {"friends_in_contact": "flat"}, 4, id="§14.3-#48-flat-none-0"),
        pytest.param(4, Sit(uphill_of_all=True), {}, 5, id="§14.3-uphill-+1"),
        pytest.param(4, Sit(fieldworks=True), {}, 5, id="§14.3-fieldworks-+1"),
        pytest.param(4, Sit(behind_stakes=True), {}, 5, id="§5.14-#17-stakes-+1"),
        pytest.param(4, Sit(behind_stakes=True), {"stakes_reaction": "none"}, 4, id="§5.14-#17-none-stakes-0"),
        pytest.param(4, Sit(in_cover=True), {}, 4, id="§10.7-#31-cover-no-bonus"),
        pytest.param(4, Sit(in_cover=True), {"cover_reaction": "fieldworks"}, 5, id="§10.7-#31-fieldworks-cover-+1"),
        pytest.param(4, Sit(missile_in_melee=True), {}, 3, id="§14.3-missile-in-melee--1"),
        pytest.param(4, Sit(outnumbered=True), {}, 3, id="§14.3-outnumbered--1"),
        pytest.param(4, Sit(terror_sources=1), {}, 3, id="§14.3-terror--1"),
        pytest.param(4, Sit(terror_sources=3), {}, 3, id="§5.15-#18-terror-once--1"),
        pytest.param(4, Sit(terror_sources=3), {"terror_stacking": "each"}, 1, id="§5.15-#18-each--3"),
        pytest.param(4, Sit(leader_unit=True, contact_with_leader=True), {}, 6, id="§14.3-#49-leader-own-+2-only"),
        pytest.param(4, Sit(leader_unit=True, contact_with_leader=True), {"leader_contact_bonus": "both"}, 7,
                     id="§14.3-#49-both-+3"),
        pytest.param(4, Sit(hits=6), {}, -2, id="§15.3-more-hits-than-rep"),
        pytest.param(5, Sit(leader_unit=True, friends_in_contact=2, uphill_of_all=True, hits=3,
                            outnumbered=True), {}, 6, id="§14.3-mixed-5+2+2+1-3-1"),
    ],
)
def test_modified_rep(rep: int, sit: r.Situation, readings: dict, expected: int) -> None:
    assert r.modified_rep(rep, sit, **readings) == expected


def test_hero_is_immune_to_terror() -> None:
    """§5.15 / §20.2: Heroes are immune to Terror."""
    assert r.modified_rep(6, Sit(hero=True, leader_unit=True, terror_sources=1)) == 8
    assert r.modified_rep(6, Sit(hero=True, terror_sources=2), terror_stacking="each") == 6 + r.modified_rep(
        0, Sit(hero=True))


def test_stakes_and_fieldworks_are_one_line() -> None:
    """§14.3: 'In fieldworks, camp, or similar' is one +1; stakes read that line (#17)."""
    assert r.modified_rep(4, Sit(fieldworks=True, behind_stakes=True)) == 5


# --- §14.4 outnumbered ---------------------------------------------------------------------

@pytest.mark.parametrize(
    ("own", "enemy", "kw", "expected"),
    [
        pytest.param(2, 3, {}, True, id="§14.4-example-skirmisher-2-vs-knight-3"),
        pytest.param(3, 3, {}, False, id="§14.4-equal-not-outnumbered"),
        pytest.param(4, 3, {}, False, id="§14.4-more-not-outnumbered"),
        pytest.param(4, 6, {}, True, id="§14.4-two-enemy-units-6-vs-4"),
        pytest.param(2, 3, {"hero": True}, False, id="§14.4-hero-never"),
        pytest.param(2, 4, {"fired_on": True}, True, id="§14.4-fired-on-by-more-figures"),
        pytest.param(4, 2, {"fired_on": True}, False, id="§14.4-#50-fired-on-fewer-figures"),
        pytest.param(4, 2, {"fired_on": True, "outnumbered_fired_on": "always"}, True,
                     id="§14.4-#50-always-fired-on"),
        pytest.param(4, 2, {"outnumbered_fired_on": "always"}, False, id="§14.4-#50-always-melee-still-figures"),
        pytest.param(4, 6, {"fired_on": True, "hero": True, "outnumbered_fired_on": "always"}, False,
                     id="§14.4-hero-never-even-always"),
    ],
)
def test_outnumbered(own: int, enemy: int, kw: dict, expected: bool) -> None:
    assert r.outnumbered(own, enemy, **kw) is expected


# --- §13.11 simultaneous routs ------------------------------------------------------------

@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        pytest.param(4, 3, "a", id="§13.11-a-higher-stays"),
        pytest.param(1, 5, "b", id="§13.11-b-higher-stays"),
        pytest.param(3, 3, "both_stay", id="§13.11-equal-both-stay"),
        pytest.param(-1, -1, "both_stay", id="§13.11-equal-negative"),
    ],
)
def test_simultaneous_rout(a: int, b: int, expected: str) -> None:
    assert r.simultaneous_rout(a, b) == expected


def test_simultaneous_rout_hit() -> None:
    assert r.SIMULTANEOUS_ROUT_HITS == 1
