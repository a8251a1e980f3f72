"""RRtK combat charts tested blind from the spec (issue 16): missile fire (§16), melee
(§17.3-17.5, §5.12-5.13), special rules' dice (§5.2-5.16, §17.7), pursuit and rampage
(§13.6, §17.9), Leaders and Heroes (§18, §20), after the battle (§19).

Expected values come from the spec only; see test_rrtk_charts_blind.py for the method.
"""

from __future__ import annotations

import pytest

from game.rules.rrtk.battle.charts import aftermath as am
from game.rules.rrtk.battle.charts import leaders as ld
from game.rules.rrtk.battle.charts import melee as ml
from game.rules.rrtk.battle.charts import missile as ms
from game.rules.rrtk.battle.charts import pursuit as pu
from game.rules.rrtk.battle.charts import specials as sp
from game.rules.rrtk.battle.charts.melee import MeleeUnit

# --- §16.4 ranges ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kw", "expected"),
    [
        pytest.param(dict(purpose="missile", mounted=False), 6, id="§16.4-foot-missile-6"),
        pytest.param(dict(purpose="skirmish", mounted=False), 3, id="§16.4-foot-skirmish-3"),
        pytest.param(dict(purpose="skirmish", mounted=True), 3, id="§16.4-mounted-skirmish-3"),
        pytest.param(dict(purpose="missile", mounted=True), 3, id="§16.4-mounted-missile-3"),
        pytest.param(dict(purpose="melee", mounted=False, dual=True), 3, id="§16.4-§5.7-dual-3"),
        pytest.param(dict(purpose="melee", mounted=True, dual=True), 3, id="§16.4-mounted-dual-3"),
        pytest.param(dict(purpose="missile", mounted=False, firearms=True), 3, id="§16.4-§5.10-firearms-3"),
        pytest.param(dict(purpose="missile", mounted=False, artillery="engine"), 12, id="§16.4-engine-12"),
        pytest.param(dict(purpose="missile", mounted=False, artillery="breath"), 12, id="§16.4-§5.4-breath-12"),
        pytest.param(dict(purpose="missile", mounted=False, artillery="cannon"), 18, id="§16.4-cannon-18"),
        pytest.param(dict(purpose="melee", mounted=False), None, id="§16.4-melee-does-not-shoot"),
        pytest.param(dict(purpose="melee", mounted=True), None, id="§16.4-mounted-melee-does-not-shoot"),
    ],
)
def test_missile_range(kw: dict, expected: float | None) -> None:
    assert ms.missile_range(**kw) == expected


# --- §16.6 dice, §16.5 modifiers ------------------------------------------------------------

@pytest.mark.parametrize(
    ("kw", "expected"),
    [
        pytest.param(dict(purpose="missile"), 2, id="§16.6-missile-2d6"),
        pytest.param(dict(purpose="skirmish"), 1, id="§16.6-skirmish-1d6"),
        pytest.param(dict(purpose="melee", dual=True), 1, id="§5.7-#6-dual-1d6"),
        pytest.param(dict(purpose="melee", dual=True, dual_missile_dice="2"), 2, id="§5.7-#6-dual-2d6"),
        pytest.param(dict(purpose="missile", only_one=True), 1, id="§14.7-stand-and-fire-only-1d6"),
        pytest.param(dict(purpose="skirmish", only_one=True), 1, id="§16.6-skirmish-only-one-still-1"),
    ],
)
def test_missile_dice(kw: dict, expected: int) -> None:
    assert ms.missile_dice(**kw) == expected


@pytest.mark.parametrize(
    ("mounted", "cover", "elite", "figs", "expected"),
    [
        pytest.param(False, False, False, 2, 0, id="§16.5-none"),
        pytest.param(True, False, False, 2, 1, id="§16.5-target-mounted-+1"),
        pytest.param(False, True, False, 2, -1, id="§16.5-target-in-cover--1"),
        pytest.param(False, False, True, 2, 1, id="§16.5-elite-+1"),
        pytest.param(False, False, False, 3, 1, id="§16.5-3figs-+1"),
        pytest.param(False, False, False, 4, 2, id="§16.5-4figs-+2"),
        pytest.param(False, False, False, 1, 0, id="§16.5-1fig-0"),
        pytest.param(True, True, True, 4, 3, id="§16.5-all"),
        pytest.param(False, True, False, 1, -1, id="§16.5-cover-alone"),
    ],
)
def test_missile_modifier(mounted: bool, cover: bool, elite: bool, figs: int, expected: int) -> None:
    assert ms.missile_modifier(target_mounted=mounted, target_in_cover=cover, elite_missile=elite,
                               figs=figs) == expected


@pytest.mark.parametrize(
    ("faces", "mod", "expected"),
    [
        pytest.param((3, 2), 0, 5, id="§2.2-example-orc-archers-3+2"),
        pytest.param((4, 6), 1, 12, id="§16.5-per-die-+1-on-each"),
        pytest.param((1, 1), -1, 0, id="§16.5-#57-two-zeros"),
        pytest.param((1,), -2, -1, id="§16.5-#57-no-clamp-negative"),
        pytest.param((6,), 2, 8, id="§16.5-one-die-+2"),
    ],
)
def test_shooter_total(faces: tuple, mod: int, expected: int) -> None:
    assert ms.shooter_total(faces, mod) == expected


@pytest.mark.parametrize(
    ("totals", "ac", "expected"),
    [
        pytest.param((5,), 4, 1, id="§2.2-example-5-vs-AC4-1hit"),
        pytest.param((4, 6), 2, 2, id="§16.6-example-two-archers-10-vs-AC2-capped-2"),
        pytest.param((10,), 2, 1, id="§16.7-one-unit-1hit"),
        pytest.param((4,), 4, 0, id="§16.6-short-no-hit"),
        pytest.param((2, 3), 4, 1, id="§16.6-grand-total-5-vs-AC4"),
        pytest.param((9, 9, 9), 2, 3, id="§16.6-three-firers-capped-3"),
        pytest.param((-1, 4), 2, 1, id="§16.5-#57-negative-lowers-total"),
    ],
)
def test_fire_hits(totals: tuple, ac: int, expected: int) -> None:
    assert ms.fire_hits(totals, ac) == expected


@pytest.mark.parametrize(
    ("total", "acs", "firers", "already", "expected"),
    [
        pytest.param(10, (4, 2), 1, frozenset(), (0, 1), id="§16.7-example-10-one-hit-to-AC2"),
        pytest.param(8, (4, 2), 1, frozenset({1}), (1, 0), id="§16.8-example-8-next-turn-to-AC4"),
        pytest.param(4, (4, 2), 1, frozenset({1}), (0, 1), id="§16.8-#58-4-next-turn-to-AC2"),
        pytest.param(3, (4, 2), 1, frozenset({1}), (0, 1), id="§16.8-#58-3-next-turn-to-AC2"),
        pytest.param(2, (4, 2), 1, frozenset({1}), (0, 0), id="§16.8-#58-2-no-hit"),
        pytest.param(2, (4, 2), 1, frozenset(), (0, 0), id="§16.7-2-no-hit"),
        pytest.param(8, (2, 4), 2, frozenset(), (1, 1), id="§16.8-#59-two-firers-one-each"),
        pytest.param(20, (2, 4), 2, frozenset(), (1, 1), id="§16.8-#59-cap-two-firers"),
    ],
)
def test_several_targets(total: int, acs: tuple, firers: int, already: frozenset, expected: tuple) -> None:
    assert tuple(ms.several_targets(total, acs, firers, already).hits) == expected


@pytest.mark.parametrize(
    ("total", "expected"),
    [
        pytest.param(8, "high", id="§16.8-example-8-AC4"),
        pytest.param(5, "high", id="§16.8-5-buys-AC4"),
        pytest.param(4, "low", id="§16.8-#58-4-AC2"),
        pytest.param(3, "low", id="§16.8-#58-3-AC2"),
        pytest.param(2, None, id="§16.8-#58-2-none"),
    ],
)
def test_subsequent_fire_target(total: int, expected: str | None) -> None:
    assert ms.subsequent_fire_target(total, 2, 4) == expected


# --- §17.3 melee modifiers ------------------------------------------------------------------

@pytest.mark.parametrize(
    ("unit", "readings", "expected"),
    [
        pytest.param(MeleeUnit(), {}, 0, id="§17.3-none"),
        pytest.param(MeleeUnit(pike=True), {}, 2, id="§17.3-pike-+2"),
        pytest.param(MeleeUnit(pike=True, pike_bonus=False), {}, 0, id="§5.12-pike-exception-0"),
        pytest.param(MeleeUnit(elite_melee=True), {}, 1, id="§17.3-elite-+1"),
        pytest.param(MeleeUnit(shock=True, charged=True, clear_or_downhill=True, first_round=True), {}, 1,
                     id="§5.13-shock-charging-clear-+1"),
        pytest.param(MeleeUnit(shock=True, charged=True, clear_or_downhill=False, first_round=True), {}, 0,
                     id="§5.13-shock-not-clear-0"),
        pytest.param(MeleeUnit(shock=True, charged=False, clear_or_downhill=True, first_round=True), {}, 0,
                     id="§5.13-shock-not-charging-0"),
        pytest.param(MeleeUnit(shock=True, charged=True, clear_or_downhill=True, first_round=False), {}, 0,
                     id="§5.13-#16-first-round-only"),
        pytest.param(MeleeUnit(shock=True, charged=True, clear_or_downhill=True, first_round=False),
                     {"shock_bonus_rounds": "every"}, 1, id="§5.13-#16-every-round"),
        pytest.param(MeleeUnit(combination_weapons=True, first_round=True), {}, 1, id="§5.6-CW-first-round-+1"),
        pytest.param(MeleeUnit(combination_weapons=True), {}, 0, id="§5.6-CW-later-0"),
        pytest.param(MeleeUnit(elephant=True, first_round=True), {}, 1, id="§17.3-elephant-first-round-+1"),
        pytest.param(MeleeUnit(elephant=True), {}, 0, id="§17.3-elephant-later-0"),
        pytest.param(MeleeUnit(frenzy=True, charged=True, first_round=True), {}, 1, id="§5.5-frenzy-charged-+1"),
        pytest.param(MeleeUnit(frenzy=True, charged=False, first_round=True), {}, 0, id="§5.5-frenzy-not-charged-0"),
        pytest.param(MeleeUnit(frenzy=True, charged=True, first_round=False), {}, 0, id="§5.5-frenzy-later-0"),
        pytest.param(MeleeUnit(fighting_mounted=True), {}, 1, id="§17.3-fighting-mounted-+1"),
        pytest.param(MeleeUnit(leader_unit=True), {}, 1, id="§17.3-leader-unit-+1"),
        pytest.param(MeleeUnit(uphill_of_all=True), {}, 1, id="§17.3-uphill-+1"),
        pytest.param(MeleeUnit(enemy_behind_stakes=True), {}, -1, id="§17.3-enemy-behind-stakes--1"),
        pytest.param(MeleeUnit(missile_or_skirmish=True), {}, -1, id="§17.3-missile-in-melee--1"),
        pytest.param(MeleeUnit(horse_vs_elephant=True), {}, -2, id="§17.3-horse-vs-elephant--2"),
        pytest.param(MeleeUnit(pike=True, elite_melee=True, leader_unit=True, uphill_of_all=True,
                               enemy_behind_stakes=True), {}, 4, id="§17.3-mixed"),
    ],
)
def test_melee_modifiers(unit: MeleeUnit, readings: dict, expected: int) -> None:
    assert sum(v for _id, v in ml.melee_modifiers(unit, **readings)) == expected
    assert ml.melee_score(3, unit, **readings) == 3 + expected


def test_melee_score_example() -> None:
    """§2.3: a unit rolls 3, no modifiers: 3."""
    assert ml.melee_score(3, MeleeUnit()) == 3


@pytest.mark.parametrize(
    ("kw", "expected"),
    [
        pytest.param({}, True, id="§5.12-no-exception"),
        pytest.param({"in_woods_or_desert": True}, False, id="§5.12-woods-or-desert"),
        pytest.param({"crossing_river": True}, False, id="§5.12-crossing-river"),
        pytest.param({"enemy_on_two_sides": True}, False, id="§5.12-two-sides"),
        pytest.param({"gave_ground": True}, False, id="§5.12-gave-ground"),
        pytest.param({"attacking_behind_stakes": True}, False, id="§5.12-vs-stakes"),
    ],
)
def test_pike_bonus_applies(kw: dict, expected: bool) -> None:
    assert ml.pike_bonus_applies(**kw) is expected


@pytest.mark.parametrize(
    ("bonus", "reading", "expected"),
    [
        pytest.param(True, "always", True, id="§5.12-#14-always-with-bonus"),
        pytest.param(False, "always", True, id="§5.12-#14-always-without-bonus"),
        pytest.param(True, "while_bonus", True, id="§5.12-#14-while-bonus-with"),
        pytest.param(False, "while_bonus", False, id="§5.12-#14-while-bonus-without"),
    ],
)
def test_mounted_cannot_melee_pike(bonus: bool, reading: str, expected: bool) -> None:
    assert ml.mounted_cannot_melee_pike(bonus, mounted_vs_pike=reading) is expected


@pytest.mark.parametrize(("reading", "hits"), [("1", 1), ("2", 2)], ids=["§5.12-#15-1hit", "§5.12-#15-2hits"])
def test_mounted_vs_pike_result(reading: str, hits: int) -> None:
    got = ml.mounted_vs_pike_result(mounted_vs_pike_hits=reading)
    assert (got.kind, got.hits) == ("retire", hits)


# --- §17.4-17.5 hit allocation ----------------------------------------------------------------

@pytest.mark.parametrize(
    ("total", "acs", "kw", "hits", "lost", "cycle"),
    [
        pytest.param(4, (2, 2), {}, (1, 0), 1, {0}, id="§17.4-example-warriors-4-vs-two-AC2"),
        pytest.param(9, (4,), {}, (1,), 4, None, id="§17.4-example-orcs-9-vs-AC4"),
        pytest.param(5, (2, 4), {}, (1, 0), 2, {0}, id="§17.4-example-5-goes-to-AC2"),
        pytest.param(5, (4, 2), {}, (0, 1), 2, {1}, id="§17.4-example-order-given-AC2-still-first"),
        pytest.param(12, (2, 4, 6), {}, (1, 1, 0), 4, {0, 1}, id="§17.5-example-round1-12"),
        pytest.param(15, (2, 4, 6), {"already_hit": frozenset({0, 1})}, (1, 1, 1), 0, {0, 1},
                     id="§17.5-example-round2-15"),
        pytest.param(16, (2, 4), {}, (2, 2), 0, set(), id="§17.5-two-full-cycles"),
        pytest.param(6, (4, 2), {}, (0, 1), 3, {1}, id="§17.5-leftover-lost-no-second-hit"),
        pytest.param(30, (2,), {}, (10,), 0, None, id="§2.3-single-target-no-cap"),
        pytest.param(10, (2, 2), {"cap": 1}, (1, 0), None, None, id="§16.6-cap-one-firer"),
        pytest.param(2, (2, 4), {}, (0, 0), 2, set(), id="§17.4-too-few-points"),
    ],
)
def test_allocate_hits(total: int, acs: tuple, kw: dict, hits: tuple, lost: int | None, cycle: set | None) -> None:
    got = ml.allocate_hits(total, acs, **kw)
    assert tuple(got.hits) == hits
    if lost is not None:
        assert got.lost == lost
    if cycle is not None:
        assert set(got.hit_in_cycle) == cycle


# --- §5.2-5.4 artillery -----------------------------------------------------------------------

@pytest.mark.parametrize(("d1", "d2", "expected"), [(3, 4, 7), (1, 1, 2), (6, 6, 12), (5, 2, 7)],
                         ids=["§5.2-example-3+4=7", "§5.2-min-2", "§5.2-max-12", "§5.2-5+2"])
def test_engine_distance(d1: int, d2: int, expected: int) -> None:
    assert sp.engine_distance(d1, d2) == expected


@pytest.mark.parametrize(
    ("dice", "reading", "fires", "explodes", "spots"),
    [
        pytest.param((5, 2, 3), "cumulative", True, False, (5, 8, 10), id="§5.3-#5-cumulative-sorted"),
        pytest.param((6, 6, 6), "cumulative", True, False, (6, 12, 18), id="§5.3-#5-max-18"),
        pytest.param((1, 2, 3), "cumulative", True, False, (3, 5, 6), id="§5.3-one-1-fires"),
        pytest.param((5, 2, 3), "separate", True, False, (5, 3, 2), id="§5.3-#5-separate"),
        pytest.param((1, 1, 4), "cumulative", False, False, None, id="§5.3-two-1s-no-fire"),
        pytest.param((4, 1, 1), "cumulative", False, False, None, id="§5.3-two-1s-any-order"),
        pytest.param((1, 1, 1), "cumulative", False, True, None, id="§5.3-three-1s-explodes"),
    ],
)
def test_cannon_shot(dice: tuple, reading: str, fires: bool, explodes: bool, spots: tuple | None) -> None:
    got = sp.cannon_shot(*dice, cannon_spots=reading)
    assert got.fires is fires
    assert got.explodes is explodes
    if spots is not None:
        assert tuple(got.spots) == spots


def test_artillery_constants() -> None:
    """§5.2-5.3: 1 hit regardless of AC; tests within 2"; firearms range 3"."""
    assert sp.IMPACT_RADIUS == 2
    assert sp.ARTILLERY_HITS == 1
    assert sp.FIREARMS_RANGE == 3


# --- §5.10 firearms ----------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("distance", "reading", "expected"),
    [
        pytest.param(1, "distance", 1, id="§5.10-#9-1in-any"),
        pytest.param(2, "distance", 2, id="§5.10-#9-2in-2+"),
        pytest.param(3, "distance", 3, id="§5.10-#9-3in-3+"),
        pytest.param(2.3, "distance", 3, id="§5.10-#9-rounded-up"),
        pytest.param(0.5, "distance", 1, id="§5.10-#9-half-inch-any"),
        pytest.param(1, "weapon", 3, id="§5.10-#9-weapon-always-3"),
        pytest.param(3, "weapon", 3, id="§5.10-#9-weapon-3in"),
    ],
)
def test_firearms_needed(distance: float, reading: str, expected: int) -> None:
    assert sp.firearms_needed(distance, firearms_range=reading) == expected


@pytest.mark.parametrize(
    ("face", "distance", "kw", "expected"),
    [
        pytest.param(2, 2, {}, True, id="§5.10-2-at-2in-hits"),
        pytest.param(1, 2, {}, False, id="§5.10-1-at-2in-misses"),
        pytest.param(1, 1, {}, True, id="§5.10-1-at-1in-hits"),
        pytest.param(2, 2.5, {}, False, id="§5.10-2-at-2.5in-misses"),
        pytest.param(6, 3, {}, True, id="§5.10-6-at-3in"),
        pytest.param(2, 1, {"firearms_range": "weapon"}, False, id="§5.10-#9-weapon-2-misses"),
        pytest.param(3, 1, {"firearms_range": "weapon"}, True, id="§5.10-#9-weapon-3-hits"),
        pytest.param(2, 3, {"modifier": 1}, False, id="§5.10-#10-no-modifiers"),
        pytest.param(2, 3, {"modifier": 1, "firearms_modifiers": "yes"}, True, id="§5.10-#10-yes-modifiers"),
    ],
)
def test_firearms_hit(face: int, distance: float, kw: dict, expected: bool) -> None:
    assert sp.firearms_hit(face, distance, **kw) is expected


# --- §5.16 UD, §5.9 Fanatics, §17.7 Skirmishers -------------------------------------------------

@pytest.mark.parametrize("face", range(1, 7), ids=[f"§5.16-UD-d6={f}" for f in range(1, 7)])
def test_ud_manoeuvre(face: int) -> None:
    assert sp.ud_manoeuvre(face) is (face <= 3)


@pytest.mark.parametrize(("hits", "rep", "expected"), [(5, 4, True), (4, 4, False), (0, 4, False), (8, 7, True)],
                         ids=["§5.9-5>4-removed", "§5.9-4=4-stays", "§5.9-no-hits", "§5.9-8>7"])
def test_fanatic_removed(hits: int, rep: int, expected: bool) -> None:
    assert sp.fanatic_removed(hits, rep) is expected


@pytest.mark.parametrize(
    ("skirm", "hits", "rep", "expected"),
    [(False, 4, 4, True), (False, 5, 4, True), (False, 3, 4, False), (True, 0, 4, True)],
    ids=["§17.7-hits-eq-rep", "§17.7-hits-over-rep", "§17.7-hits-under-rep", "§17.7-#63-vs-skirmish"],
)
def test_skirmishers_may_charge(skirm: bool, hits: int, rep: int, expected: bool) -> None:
    assert sp.skirmishers_may_charge(skirm, hits, rep) is expected


# --- §13.6 pursuit, §17.9 rampage ---------------------------------------------------------------

ROLES = {"charger": pu.CHARGER, "defender": pu.DEFENDER_FIRST_ROUND, "continuing": pu.CONTINUING}


@pytest.mark.parametrize(
    ("role", "rep", "face"),
    [(role, rep, f) for role in ROLES for rep in (3, 4, 5) for f in range(1, 7)],
    ids=[f"§13.6-{role}-rep{rep}-d6={f}" for role in ROLES for rep in (3, 4, 5) for f in range(1, 7)],
)
def test_pursues(role: str, rep: int, face: int) -> None:
    expected = face <= rep if role == "charger" else face > rep
    assert pu.pursues(face, rep, ROLES[role]) is expected


@pytest.mark.parametrize(
    ("face", "rep", "role", "shift", "expected"),
    [
        pytest.param(5, 4, "charger", -1, True, id="§13.6-leader-shifts-charger-down-pursues"),
        pytest.param(4, 4, "charger", 1, False, id="§13.6-leader-shifts-charger-up-stays"),
        pytest.param(4, 4, "defender", 1, True, id="§13.6-leader-shifts-defender-up-pursues"),
        pytest.param(5, 4, "continuing", -1, False, id="§13.6-leader-shifts-continuing-down-stays"),
    ],
)
def test_pursues_with_leader_shift(face: int, rep: int, role: str, shift: int, expected: bool) -> None:
    assert pu.pursues(face, rep, ROLES[role], shift=shift, leader=True) is expected


def test_pursuit_choices() -> None:
    """§13.6: with a Leader the owner may move the die 1 either way."""
    assert pu.pursuit_choices(5, 4, pu.CHARGER, leader=False) == frozenset({False})
    assert pu.pursuit_choices(5, 4, pu.CHARGER, leader=True) == frozenset({True, False})
    assert pu.pursuit_choices(2, 4, pu.CHARGER, leader=True) == frozenset({True})


@pytest.mark.parametrize(("face", "expected"), [(1, 0), (2, 0), (3, 0), (4, 0), (5, -45), (6, 45)],
                         ids=[f"§17.9-rampage-d6={f}" for f in range(1, 7)])
def test_rampage_direction(face: int, expected: int) -> None:
    assert pu.rampage_direction(face) == expected


# --- §18 Leaders, §20 Heroes --------------------------------------------------------------------

@pytest.mark.parametrize(("faces", "expected"), [((6, 3, 6), 2), ((1, 2), 0), ((), 0), ((6,), 1), ((5, 5, 5), 0)],
                         ids=["§18.2-two-sixes", "§18.2-none", "§18.2-no-hits", "§18.2-one-six", "§18.2-fives"])
def test_leader_risks(faces: tuple, expected: int) -> None:
    assert ld.leader_risks(faces) == expected


@pytest.mark.parametrize(
    ("d1", "d2", "rep", "routed", "expected"),
    [
        pytest.param(1, 2, 4, False, "carry_on", id="§18.3-pass2-carry-on"),
        pytest.param(1, 5, 4, False, "out", id="§18.3-pass1-out-of-fight"),
        pytest.param(5, 5, 4, False, "dead", id="§18.3-pass0-dead"),
        pytest.param(6, 1, 7, False, "out", id="§18.3-six-always-fails-rep7"),
        pytest.param(6, 6, 9, False, "dead", id="§18.3-two-sixes-dead"),
        pytest.param(1, 5, 4, True, "captured", id="§18.3-#67-out-while-routed-captured"),
        pytest.param(1, 2, 4, True, "carry_on", id="§18.3-routed-pass2-carry-on"),
        pytest.param(5, 6, 4, True, "dead", id="§18.3-routed-pass0-dead"),
    ],
)
def test_leader_at_risk(d1: int, d2: int, rep: int, routed: bool, expected: str) -> None:
    names = {"carry_on": ld.CARRY_ON, "out": ld.OUT_OF_FIGHT, "dead": ld.DEAD, "captured": ld.CAPTURED}
    assert ld.leader_at_risk(d1, d2, rep, unit_routed=routed) == names[expected]


def test_leader_lost() -> None:
    """§18.4: out of the fight (captured) or dead is lost; carry on is not."""
    assert not ld.leader_lost(ld.CARRY_ON)
    assert ld.leader_lost(ld.OUT_OF_FIGHT) and ld.leader_lost(ld.DEAD) and ld.leader_lost(ld.CAPTURED)
    assert ld.CAPTAIN_LOST_RADIUS == 2


@pytest.mark.parametrize("face", range(1, 7), ids=[f"§20.1-hero-d6={f}" for f in range(1, 7)])
def test_hero_available(face: int) -> None:
    assert ld.hero_available(face) is (face == 6)


def test_hero_rep() -> None:
    assert ld.hero_rep(5) == 7 and ld.hero_rep(4) == 6


@pytest.mark.parametrize(
    ("ac", "reading", "expected"),
    [(2, "two_classes", 6), (4, "two_classes", 8), (6, "two_classes", 8), (8, "two_classes", 8),
     (2, "two_points", 4), (4, "two_points", 6), (6, "two_points", 8), (8, "two_points", 8)],
    ids=lambda v: str(v),
)
def test_hero_ac(ac: int, reading: str, expected: int) -> None:
    """§20.2 #71: two classes (+4) or two points (+2), at most 8."""
    assert ld.hero_ac(ac, hero_ac=reading) == expected


@pytest.mark.parametrize(
    ("blows", "reading", "expected"),
    [(0, "accumulates", 13), (1, "accumulates", 11), (2, "accumulates", 9), (0, "once", 13), (1, "once", 11),
     (3, "once", 11)],
    ids=lambda v: str(v),
)
def test_heroic_dice(blows: int, reading: str, expected: int) -> None:
    """§20.3: Rep + AC dice (7 + 6 here), -2d6 after a punishing blow (#72)."""
    assert ld.heroic_dice(7, 6, blows, hero_penalty=reading) == expected


def test_successes() -> None:
    """§20.3: each 1, 2 or 3 a success."""
    assert ld.successes((1, 2, 3, 4, 5, 6)) == 3
    assert ld.successes((4, 5, 6)) == 0
    assert ld.successes(()) == 0


@pytest.mark.parametrize(
    ("a", "b", "outcome", "winner"),
    [
        pytest.param(3, 2, "reroll", None, id="§20.3-both-succeed-reroll"),
        pytest.param(0, 0, "even", None, id="§20.3-both-none-even"),
        pytest.param(2, 0, "killed", "a", id="§20.3-a-by-2-killed"),
        pytest.param(5, 0, "killed", "a", id="§20.3-a-by-5-killed"),
        pytest.param(1, 0, "blow", "a", id="§20.3-a-by-1-blow"),
        pytest.param(0, 1, "blow", "b", id="§20.3-b-by-1-blow"),
        pytest.param(0, 3, "killed", "b", id="§20.3-b-by-3-killed"),
    ],
)
def test_heroic_step(a: int, b: int, outcome: str, winner: str | None) -> None:
    names = {"reroll": ld.REROLL, "even": ld.EVEN, "killed": ld.KILLED, "blow": ld.BLOW}
    got = ld.heroic_step(a, b)
    assert got[0] == names[outcome]
    if winner is not None:
        assert got[1] == winner


# --- §19 after the battle -------------------------------------------------------------------------

def test_tournament_points_example() -> None:
    """§19.2 example: 400 - 125 + 100 = 375."""
    assert am.tournament_points(400, 125, 100) == 375


@pytest.mark.parametrize(("a", "b", "expected"), [(375, 300, "a"), (300, 375, "b"), (350, 350, None)],
                         ids=["§19.2-a-wins", "§19.2-b-wins", "§19.2-draw"])
def test_tournament_winner(a: int, b: int, expected: str | None) -> None:
    assert am.tournament_winner(a, b) == expected


@pytest.mark.parametrize(
    ("points", "pursuers", "expected"),
    [
        pytest.param((40, 20, 30), 2, {1, 2}, id="§19.4-example-two-cheapest-pursued"),
        pytest.param((40, 20, 30), 5, {0, 1, 2}, id="§19.3-all-pursued"),
        pytest.param((40, 20, 30), 0, set(), id="§19.3-none"),
        pytest.param((10, 50), 1, {0}, id="§19.3-cheapest-first"),
    ],
)
def test_major_pursuit_targets(points: tuple, pursuers: int, expected: set) -> None:
    assert set(am.major_pursuit_targets(points, pursuers)) == expected


@pytest.mark.parametrize(
    ("d1", "d2", "rep", "own", "pursuer", "expected"),
    [
        pytest.param(5, 2, 4, 6, 12, "lost", id="§19.4-example-orc1-faster-pursuer-lost"),
        pytest.param(1, 5, 4, 6, 6, "returns", id="§19.4-example-orc2-equal-pursuer-returns"),
        pytest.param(1, 5, 4, 8, 6, "returns", id="§19.4-pass1-slower-pursuer-returns"),
        pytest.param(1, 2, 4, 6, 16, "returns", id="§19.4-pass2-returns"),
        pytest.param(5, 5, 4, 16, 6, "lost", id="§19.4-pass0-lost"),
        pytest.param(6, 1, 7, 6, 12, "lost", id="§19.4-six-fails-pass1-faster-lost"),
        pytest.param(6, 6, 9, 6, 6, "lost", id="§19.4-two-sixes-lost"),
    ],
)
def test_casualty_recovery(d1: int, d2: int, rep: int, own: float, pursuer: float, expected: str) -> None:
    names = {"returns": am.RETURNS, "lost": am.LOST}
    assert am.casualty_recovery(d1, d2, rep, own, pursuer) == names[expected]
