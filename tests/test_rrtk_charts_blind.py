"""RRtK battle charts tested blind from the spec (issue 16): dice, pre-battle, readings.

Every expected value here is written from shared/rules/rrtk-battle.md (and the seed text
where the spec cites it), never read back from the charts: the writer saw only the
charts' signatures, docstrings and docs/rrtk-charts.md. Each case id names the spec
section and row. Where a chart disagrees with the spec the case stays, marked
`xfail(strict=True)` with what the chart gives and what the spec says, so the lead can
send it to the charts' author.

Terrain and movement are in test_rrtk_charts_blind_terrain.py and _movement.py.
"""

from __future__ import annotations

import inspect
import itertools

import pytest

from game.rules.rrtk.battle.charts import dice, prebattle, readings

FACES = range(1, 7)


# --- §2.1 / §14.1 / §23.10: passes = (d1 <= modRep) + (d2 <= modRep) -------------------

@pytest.mark.parametrize(
    ("d1", "d2", "rep"),
    [(d1, d2, rep) for d1, d2 in itertools.product(FACES, FACES) for rep in (1, 3, 4, 5)],
    ids=lambda v: str(v),
)
def test_passes_every_pair_of_faces(d1: int, d2: int, rep: int) -> None:
    """§23.10: each die separately against the modified Rep."""
    assert dice.passes(d1, d2, rep) == (d1 <= rep) + (d2 <= rep)


@pytest.mark.parametrize(
    ("d1", "d2", "rep", "expected"),
    [
        pytest.param(1, 5, 4, 1, id="§2.1-example-dwarves-rep4-1-5-pass1"),
        pytest.param(1, 5, 4, 1, id="§14.10-enemy-threat-warriors-rep4-1-5-halt"),
        pytest.param(3, 4, 2, 0, id="§14.10-melee-warriors-rep4-2hits-3-4-pass0"),
        pytest.param(4, 1, 3, 1, id="§14.10-melee-orcs-rep3-4-1-pass1"),
        pytest.param(5, 4, 4, 1, id="§14.10-being-charged-warriors-rep4-5-4-pass1"),
        pytest.param(1, 5, 3, 1, id="§14.10-leader-lost-rep4-1hit-1-5-pass1"),
        pytest.param(2, 4, 4, 2, id="§13.1-received-fire-orcs-rep4-2-4-pass2"),
        pytest.param(3, 5, 5, 2, id="§13.1-wanting-to-charge-orcs-rep4+1-3-5-pass2"),
        pytest.param(6, 6, 5, 0, id="§2.1-both-over-rep5"),
        pytest.param(1, 1, 1, 2, id="§2.1-lowest-faces-rep1"),
        pytest.param(6, 6, 6, 2, id="§2.1-#2-rep6-sixes-pass-by-default"),
        pytest.param(6, 6, 7, 2, id="§2.1-#2-rep7-sixes-pass-by-default"),
        pytest.param(1, 1, 0, 0, id="§15.3-modrep0-always-pass0"),
        pytest.param(1, 1, -2, 0, id="§15.3-modrep-negative-always-pass0"),
        pytest.param(1, 2, 1, 1, id="§2.1-rep1-one-pass"),
    ],
)
def test_passes_spec_examples_and_bounds(d1: int, d2: int, rep: int, expected: int) -> None:
    assert dice.passes(d1, d2, rep) == expected


@pytest.mark.parametrize(
    ("d1", "d2", "rep", "expected"),
    [
        pytest.param(6, 6, 6, 0, id="§2.1-#2-yes-rep6-two-sixes-fail"),
        pytest.param(6, 1, 7, 1, id="§2.1-#2-yes-rep7-one-six-fails"),
        pytest.param(5, 6, 9, 1, id="§2.1-#2-yes-rep9-six-still-fails"),
        pytest.param(5, 4, 5, 2, id="§2.1-#2-yes-no-six-unchanged"),
        pytest.param(1, 5, 4, 1, id="§2.1-#2-yes-example-unchanged"),
    ],
)
def test_passes_six_fails_reading(d1: int, d2: int, rep: int, expected: int) -> None:
    """#2 alternative `yes`: the house 'a 6 always fails' applied to Reaction Tests."""
    assert dice.passes(d1, d2, rep, reaction_six_fails="yes") == expected


def test_passes_six_fails_explicit_no_is_the_default() -> None:
    assert dice.passes(6, 6, 6, reaction_six_fails="no") == 2
    assert dice.passes(6, 5, 6) == dice.passes(6, 5, 6, reaction_six_fails="no")


@pytest.mark.parametrize(
    ("d1", "d2", "rep", "expected"),
    [
        pytest.param(5, 2, 4, 1, id="§19.4-example-orc1-rep4-5-2-pass1"),
        pytest.param(1, 5, 4, 1, id="§19.4-example-orc2-rep4-1-5-pass1"),
        pytest.param(6, 6, 6, 0, id="§18.3-six-fails-rep6"),
        pytest.param(6, 5, 7, 1, id="§18.3-six-fails-rep7"),
        pytest.param(6, 6, 9, 0, id="§18.3-six-fails-rep9"),
        pytest.param(1, 2, 4, 2, id="§18.3-two-passes"),
        pytest.param(5, 5, 4, 0, id="§18.3-no-passes"),
        pytest.param(4, 4, 4, 2, id="§18.3-equal-to-rep-passes"),
    ],
)
def test_passes_six_fails_tables(d1: int, d2: int, rep: int, expected: int) -> None:
    """Leader at Risk (§18.3) and Casualty Recovery (§19.4): a 6 is always a failure."""
    assert dice.passes_six_fails(d1, d2, rep) == expected


@pytest.mark.parametrize(
    ("face", "rep", "six_fails", "expected"),
    [
        pytest.param(4, 4, False, True, id="§2.1-equal-passes"),
        pytest.param(5, 4, False, False, id="§2.1-over-fails"),
        pytest.param(6, 6, False, True, id="§2.1-six-vs-rep6-passes"),
        pytest.param(6, 7, True, False, id="§18.3-six-always-fails"),
        pytest.param(5, 7, True, True, id="§18.3-five-vs-rep7-passes"),
        pytest.param(1, 0, False, False, id="§15.3-rep0-fails"),
    ],
)
def test_die_passes(face: int, rep: int, six_fails: bool, expected: bool) -> None:
    assert dice.die_passes(face, rep, six_fails=six_fails) is expected


@pytest.mark.parametrize("face", [0, 7, -1])
def test_check_face_refuses_non_faces(face: int) -> None:
    with pytest.raises(ValueError):
        dice.check_face(face)


@pytest.mark.parametrize("face", list(FACES))
def test_check_face_accepts_faces(face: int) -> None:
    assert dice.check_face(face) == face


# --- §2.5: hits = floor(total / (AC + 1)) -------------------------------------------------

@pytest.mark.parametrize(
    ("ac", "points"), [(2, 3), (4, 5), (6, 7), (8, 9)], ids=lambda v: f"§2.5-AC{v}" if v in (2, 4, 6, 8) else str(v)
)
def test_points_per_hit(ac: int, points: int) -> None:
    assert dice.points_per_hit(ac) == points


@pytest.mark.parametrize("ac", [0, 1, 3, 5, 10])
def test_points_per_hit_refuses_other_acs(ac: int) -> None:
    with pytest.raises(ValueError):
        dice.points_per_hit(ac)


@pytest.mark.parametrize(
    ("total", "ac"),
    [(t, ac) for ac in (2, 4, 6, 8) for t in range(0, 28)],
    ids=lambda v: str(v),
)
def test_hits_from_total_formula(total: int, ac: int) -> None:
    """§2.5 / §23.10: each full AC + 1 points is one hit."""
    assert dice.hits_from_total(total, ac) == total // (ac + 1)


@pytest.mark.parametrize(
    ("total", "ac", "expected"),
    [
        pytest.param(3, 2, 1, id="§2.3-example-dwarves-3-vs-AC2-1hit"),
        pytest.param(6, 2, 2, id="§2.3-example-6-vs-AC2-2hits"),
        pytest.param(6, 2, 2, id="§17.2-example-warrior-6-vs-AC2-2hits"),
        pytest.param(2, 2, 0, id="§2.5-AC2-2-no-hit"),
        pytest.param(4, 4, 0, id="§2.5-AC4-4-no-hit"),
        pytest.param(9, 4, 1, id="§17.4-example-orcs-4+5-vs-AC4-1hit"),
        pytest.param(10, 4, 2, id="§17.4-example-10-vs-AC4-2hits"),
        pytest.param(4, 2, 1, id="§17.4-example-warriors-4-vs-AC2-1hit"),
        pytest.param(8, 8, 0, id="§2.5-AC8-8-no-hit"),
        pytest.param(18, 8, 2, id="§2.5-AC8-18-2hits"),
        pytest.param(-3, 2, 0, id="§16.5-#57-negative-total-no-hit"),
        pytest.param(0, 6, 0, id="§2.5-zero-total"),
    ],
)
def test_hits_from_total_examples(total: int, ac: int, expected: int) -> None:
    assert dice.hits_from_total(total, ac) == expected


@pytest.mark.parametrize(
    ("total", "ac", "firers", "expected"),
    [
        pytest.param(5, 4, 1, 1, id="§2.2-example-orc-archers-3+2-vs-AC4-1hit"),
        pytest.param(6, 4, 1, 1, id="§16.6-example-6-vs-AC4-1hit"),
        pytest.param(10, 2, 2, 2, id="§16.6-example-two-archers-4+6-vs-AC2-capped-2"),
        pytest.param(10, 2, 1, 1, id="§16.7-example-elves-10-vs-AC2-capped-1"),
        pytest.param(8, 4, 1, 1, id="§16.8-example-elves-8-vs-AC4-1hit"),
        pytest.param(4, 4, 1, 0, id="§16.8-4-vs-AC4-no-hit"),
        pytest.param(9, 2, 3, 3, id="§16.6-cap-not-reached-3"),
        pytest.param(27, 2, 3, 3, id="§16.6-cap-3-of-9"),
        pytest.param(2, 2, 5, 0, id="§16.6-below-AC2-no-hit"),
        pytest.param(-2, 2, 1, 0, id="§16.5-#57-negative-total"),
        pytest.param(18, 8, 4, 2, id="§16.6-AC8-18-2hits-under-cap"),
    ],
)
def test_missile_hits(total: int, ac: int, firers: int, expected: int) -> None:
    assert dice.missile_hits(total, ac, firers) == expected


@pytest.mark.parametrize(
    ("total", "ac", "firers"), [(t, ac, n) for ac in (2, 4, 6, 8) for t in (0, 5, 9, 14, 20, 30) for n in (1, 2, 3)],
    ids=lambda v: str(v),
)
def test_missile_hits_formula(total: int, ac: int, firers: int) -> None:
    """§23.10: missile_hits = min(hits_from_total, n_firing_units)."""
    assert dice.missile_hits(total, ac, firers) == min(total // (ac + 1), firers)


def test_melee_has_no_cap() -> None:
    """§2.3: no cap on melee hits per unit: 12 against AC2 is 4 hits."""
    assert dice.hits_from_total(12, 2) == 4


# --- §6.3 War Rating ----------------------------------------------------------------------

WR_TABLE = {1: 2, 2: 3, 3: 3, 4: 3, 5: 3, 6: 4}


@pytest.mark.parametrize(("face", "expected"), list(WR_TABLE.items()), ids=lambda v: str(v))
def test_war_rating_table_rows(face: int, expected: int) -> None:
    assert prebattle.war_rating(face, 0) == expected


@pytest.mark.parametrize(
    ("face", "modifier", "expected"),
    [
        pytest.param(1, 1, 3, id="§6.3-1+1=2-WR3"),
        pytest.param(5, 1, 4, id="§6.3-5+1=6-WR4"),
        pytest.param(6, 1, 4, id="§6.3-#20-6+1=7-reads-6-WR4"),
        pytest.param(6, 2, 4, id="§6.3-#20-6+2=8-reads-6-WR4"),
        pytest.param(2, -1, 2, id="§6.3-2-1=1-WR2"),
        pytest.param(1, -1, 2, id="§6.3-#20-1-1=0-reads-1-WR2"),
        pytest.param(1, -2, 2, id="§6.3-#20-1-2=-1-reads-1-WR2"),
        pytest.param(6, -1, 3, id="§6.3-6-1=5-WR3"),
        pytest.param(3, 2, 3, id="§6.3-3+2=5-WR3"),
    ],
)
def test_war_rating_modified(face: int, modifier: int, expected: int) -> None:
    assert prebattle.war_rating(face, modifier) == expected


# --- §6.3-6.4 current War Rating (#21) -----------------------------------------------------

@pytest.mark.parametrize(
    ("base", "captains", "cinc_lost", "reading", "expected"),
    [
        pytest.param(3, 1, False, "captains", 4, id="§6.4-example-3+1-captain=4"),
        pytest.param(3, 0, False, "captains", 3, id="§6.4-example-captain-lost=3"),
        pytest.param(3, 0, True, "captains", 1, id="§6.4-example-cinc-lost-min1"),
        pytest.param(4, 0, False, "captains", 4, id="§6.3-no-captains"),
        pytest.param(2, 3, False, "captains", 5, id="§6.3-three-captains"),
        pytest.param(3, 2, True, "captains", 2, id="§6.4-#21-cinc-lost-2-captains-still-count"),
        pytest.param(3, 1, True, "captains", 1, id="§6.4-#21-cinc-lost-1-captain"),
        pytest.param(3, 2, True, "one", 1, id="§6.4-#21-one-cinc-lost-2-captains-1"),
        pytest.param(3, 0, True, "one", 1, id="§6.4-#21-one-cinc-lost-no-captains-1"),
        pytest.param(3, 2, False, "one", 5, id="§6.4-#21-one-cinc-alive-unchanged"),
    ],
)
def test_current_war_rating(base: int, captains: int, cinc_lost: bool, reading: str, expected: int) -> None:
    assert prebattle.current_war_rating(base, captains, cinc_lost, wr_after_cinc_lost=reading) == expected


# --- §10.2 Scouting Table (#23, #24) -------------------------------------------------------

@pytest.mark.parametrize(
    ("kw", "expected"),
    [
        pytest.param(dict(mounted=True, ac=2, skirmish=False), 2, id="§10.2-AC2-mounted-2"),
        pytest.param(dict(mounted=True, ac=4, skirmish=False), 1, id="§10.2-AC4-mounted-1"),
        pytest.param(dict(mounted=True, ac=6, skirmish=False), 0, id="§10.2-AC6-mounted-0"),
        pytest.param(dict(mounted=True, ac=8, skirmish=False), 0, id="§10.2-AC8-mounted-0"),
        pytest.param(dict(mounted=False, ac=2, skirmish=True), 1, id="§10.2-AC2-foot-skirmish-1"),
        pytest.param(dict(mounted=False, ac=4, skirmish=True), 0, id="§10.2-AC4-foot-skirmish-0"),
        pytest.param(dict(mounted=False, ac=2, skirmish=False), 0, id="§10.2-AC2-foot-other-0"),
        pytest.param(dict(mounted=False, ac=4, skirmish=False), 0, id="§10.2-AC4-foot-other-0"),
        pytest.param(dict(mounted=True, ac=2, skirmish=True), 2, id="§10.2-#24-AC2-mounted-skirmish-higher-2"),
        pytest.param(dict(mounted=True, ac=2, skirmish=True, mounted_skirmish_scouting="sum"), 3,
                     id="§10.2-#24-sum-AC2-mounted-skirmish-3"),
        pytest.param(dict(mounted=True, ac=4, skirmish=True), 1, id="§10.2-AC4-mounted-skirmish-1"),
        pytest.param(dict(mounted=True, ac=4, skirmish=True, mounted_skirmish_scouting="sum"), 1,
                     id="§10.2-#24-sum-AC4-mounted-skirmish-still-1"),
        pytest.param(dict(mounted=True, ac=6, skirmish=False, flyer=True), 6, id="§10.2-#23-flyer-AC6-6"),
        pytest.param(dict(mounted=True, ac=8, skirmish=False, flyer=True), 6, id="§10.2-#23-flyer-AC8-6"),
        pytest.param(dict(mounted=True, ac=2, skirmish=False, flyer=True), 6, id="§10.2-#23-flyer-AC2-6"),
        pytest.param(dict(mounted=True, ac=6, skirmish=False, flyer=True, flyer_scouting="12"), 12,
                     id="§10.2-#23-12-flyer-six-light-cavalry"),
        pytest.param(dict(mounted=True, ac=2, skirmish=False, flyer=True, flyer_scouting="12"), 12,
                     id="§10.2-#23-12-flyer-AC2"),
    ],
)
def test_scouting_value(kw: dict, expected: int) -> None:
    assert prebattle.scouting_value(**kw) == expected


# --- §10.3 Who's Attacking (#25) -----------------------------------------------------------

@pytest.mark.parametrize(
    ("own", "other", "reading", "expected"),
    [
        pytest.param(4, 2, "neither", 1, id="§10.3-exactly-2x-+1"),
        pytest.param(5, 2, "neither", 1, id="§10.3-2.5x-+1"),
        pytest.param(11, 4, "neither", 1, id="§10.3-2.75x-+1"),
        pytest.param(6, 2, "neither", 2, id="§10.3-exactly-3x-+2"),
        pytest.param(12, 2, "neither", 2, id="§10.3-6x-+2"),
        pytest.param(3, 2, "neither", 0, id="§10.3-1.5x-0"),
        pytest.param(7, 4, "neither", 0, id="§10.3-1.75x-0"),
        pytest.param(2, 2, "neither", 0, id="§10.3-equal-0"),
        pytest.param(1, 4, "neither", 0, id="§10.3-outscouted-0"),
        pytest.param(0, 4, "neither", 0, id="§10.3-none-vs-some-0"),
        pytest.param(1, 0, "neither", 2, id="§10.3-opponent-no-scouts-+2"),
        pytest.param(0, 0, "neither", 0, id="§10.3-#25-neither-none-vs-none-0"),
        pytest.param(0, 0, "both", 2, id="§10.3-#25-both-none-vs-none-+2"),
        pytest.param(4, 2, "both", 1, id="§10.3-#25-both-no-effect-at-2x"),
        pytest.param(0, 3, "both", 0, id="§10.3-#25-both-no-effect-when-opponent-scouts"),
    ],
)
def test_scouting_ratio_bonus(own: int, other: int, reading: str, expected: int) -> None:
    assert prebattle.scouting_ratio_bonus(own, other, no_scouts_bonus=reading) == expected


@pytest.mark.parametrize(
    ("wr", "invading", "own", "other", "reading", "expected"),
    [
        pytest.param(3, False, 2, 2, "neither", 3, id="§10.3-no-modifiers"),
        pytest.param(3, True, 2, 2, "neither", 4, id="§10.3-invading-+1"),
        pytest.param(4, True, 6, 2, "neither", 7, id="§10.3-invading-and-3x-+3"),
        pytest.param(4, False, 4, 2, "neither", 5, id="§10.3-2x-+1"),
        pytest.param(3, False, 2, 0, "neither", 5, id="§10.3-opponent-no-scouts-+2"),
        pytest.param(3, False, 0, 0, "neither", 3, id="§10.3-#25-neither"),
        pytest.param(3, True, 0, 0, "both", 6, id="§10.3-#25-both-invading"),
    ],
)
def test_who_attacks_modifier(wr: int, invading: bool, own: int, other: int, reading: str,
                              expected: int) -> None:
    assert prebattle.who_attacks_modifier(wr, invading=invading, own_scouting=own, other_scouting=other,
                                          no_scouts_bonus=reading) == expected


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        pytest.param(7, 5, "a", id="§10.3-a-higher-attacks"),
        pytest.param(5, 7, "b", id="§10.3-b-higher-attacks"),
        pytest.param(6, 6, None, id="§10.3-tie-reroll"),
        pytest.param(2, 3, "b", id="§10.3-by-one"),
    ],
)
def test_who_attacks(a: int, b: int, expected: str | None) -> None:
    assert prebattle.who_attacks(a, b) == expected


# --- §10.4 first-turn bonus (#26) ----------------------------------------------------------

@pytest.mark.parametrize(
    ("att", "dfd", "reading", "expected"),
    [
        pytest.param(10, 5, "at_least", True, id="§10.4-exactly-2x"),
        pytest.param(11, 5, "at_least", True, id="§10.4-#26-more-than-2x"),
        pytest.param(9, 5, "at_least", False, id="§10.4-under-2x"),
        pytest.param(5, 5, "at_least", False, id="§10.4-equal"),
        pytest.param(10, 5, "exactly", True, id="§10.4-#26-exactly-2x"),
        pytest.param(11, 5, "exactly", False, id="§10.4-#26-exactly-more-than-2x-no"),
        pytest.param(9, 5, "exactly", False, id="§10.4-#26-exactly-under-2x"),
    ],
)
def test_first_turn_bonus(att: int, dfd: int, reading: str, expected: bool) -> None:
    assert prebattle.first_turn_bonus(att, dfd, first_turn_twice=reading) is expected


def test_first_turn_move_factor() -> None:
    """§10.4: +50% on the first turn."""
    assert prebattle.FIRST_TURN_MOVE_FACTOR == 1.5


# --- §10.10 placement ----------------------------------------------------------------------

@pytest.mark.parametrize(
    ("own", "other", "expected"),
    [
        pytest.param(2, 6, (9, 3), id="§10.10-opponent-exactly-3x-9-per-3"),
        pytest.param(1, 8, (9, 3), id="§10.10-opponent-8x-9-per-3"),
        pytest.param(2, 5, (6, 3), id="§10.10-opponent-2.5x-6-per-3"),
        pytest.param(2, 4, (6, 3), id="§10.10-opponent-exactly-2x-6-per-3"),
        pytest.param(2, 3, (3, 3), id="§10.10-opponent-1.5x-3-per-3"),
        pytest.param(4, 2, (3, 3), id="§10.10-you-outscout-3-per-3"),
        pytest.param(6, 2, (3, 3), id="§10.10-you-3x-3-per-3"),
        pytest.param(3, 3, (3, 3), id="§10.10-equal-3-per-3"),
        pytest.param(0, 2, (9, 3), id="§10.10-you-no-scouts-opponent-some-9-per-3"),
        pytest.param(0, 0, (3, 3), id="§10.10-neither-scouts-3-per-3"),
        pytest.param(2, 0, (3, 3), id="§10.10-opponent-no-scouts-3-per-3"),
    ],
)
def test_placement_batch(own: int, other: int, expected: tuple[int, int]) -> None:
    assert tuple(prebattle.placement_batch(own, other)) == expected


def test_deployment_distances() -> None:
    """§10.10: 3"-12" from the own baseline; 12" from a sideline, 18" for Melee Foot and dismounted cavalry."""
    assert tuple(prebattle.DEPLOY_FROM_BASELINE) == (3, 12)
    assert prebattle.DEPLOY_FROM_SIDELINE == 12
    assert prebattle.DEPLOY_FROM_SIDELINE_FOOT_MELEE == 18


# --- docs/rrtk-charts.md "Readings to become options" --------------------------------------

DOC_READINGS = {
    # name: (values default first, spec §, ambiguity #, (module, function))
    "reaction_six_fails": (("no", "yes"), "2.1", 2, [(dice, "passes")]),
    "wr_after_cinc_lost": (("captains", "one"), "6.4", 21, [(prebattle, "current_war_rating")]),
    "flyer_scouting": (("6", "12"), "10.2", 23, [(prebattle, "scouting_value")]),
    "mounted_skirmish_scouting": (("higher", "sum"), "10.2", 24, [(prebattle, "scouting_value")]),
    "no_scouts_bonus": (("neither", "both"), "10.3", 25, [(prebattle, "scouting_ratio_bonus")]),
    "first_turn_twice": (("at_least", "exactly"), "10.4", 26, [(prebattle, "first_turn_bonus")]),
    "bridge_rivers": (("5_and_9", "6_and_10"), "10.6", 29, [("terrain", "water_feature")]),
    "movement_off_table": (("nearest", "refuse"), "12.2", 37, [("movement", "movement_rate")]),
    "cannon_spots": (("cumulative", "separate"), "5.3", 5, [("specials", "cannon_shot")]),
    "dual_missile_dice": (("1", "2"), "5.7", 6, [("missile", "missile_dice")]),
    "firearms_range": (("distance", "weapon"), "5.10", 9, [("specials", "firearms_needed"),
                                                           ("specials", "firearms_hit")]),
    "firearms_modifiers": (("no", "yes"), "5.10", 10, [("specials", "firearms_hit")]),
    "mounted_vs_pike": (("always", "while_bonus"), "5.12", 14, [("melee", "mounted_cannot_melee_pike")]),
    "mounted_vs_pike_hits": (("1", "2"), "5.12", 15, [("melee", "mounted_vs_pike_result")]),
    "shock_bonus_rounds": (("first", "every"), "5.13", 16, [("melee", "melee_modifiers")]),
    "stakes_reaction": (("fieldworks", "none"), "5.14", 17, [("reaction", "reaction_modifiers")]),
    "terror_stacking": (("once", "each"), "5.15", 18, [("reaction", "reaction_modifiers")]),
    "cover_reaction": (("none", "fieldworks"), "10.7", 31, [("reaction", "reaction_modifiers")]),
    "friends_in_contact": (("each_up_to_3", "flat"), "14.3", 48, [("reaction", "reaction_modifiers")]),
    "leader_contact_bonus": (("others_only", "both"), "14.3", 49, [("reaction", "reaction_modifiers")]),
    "outnumbered_fired_on": (("figures", "always"), "14.4", 50, [("reaction", "outnumbered")]),
    "clause_precedence": (("rout_first", "player_choice"), "14.9", 53, [("sheets", "reaction_clauses"),
                                                                       ("sheets", "reaction_results")]),
    "hero_ac": (("two_classes", "two_points"), "20.2", 71, [("leaders", "hero_ac")]),
    "hero_penalty": (("accumulates", "once"), "20.3", 72, [("leaders", "heroic_dice")]),
}


def test_readings_defaults_match_the_doc() -> None:
    assert readings.defaults() == {name: row[0][0] for name, row in DOC_READINGS.items()}


@pytest.mark.parametrize("name", list(DOC_READINGS))
def test_reading_declared_as_option(name: str) -> None:
    values, section, number, _ = DOC_READINGS[name]
    by_name = {o.name: o for o in readings.READINGS}
    assert set(by_name) == set(DOC_READINGS)
    option = by_name[name]
    assert tuple(v for v, _words in option.values) == values
    assert section in option.section
    assert readings.AMBIGUITY[name] == number


@pytest.mark.parametrize("name", list(DOC_READINGS))
def test_reading_is_the_charts_keyword_default(name: str) -> None:
    import importlib

    values, _, _, users = DOC_READINGS[name]
    for module, func in users:
        if isinstance(module, str):
            module = importlib.import_module(f"game.rules.rrtk.battle.charts.{module}")
        param = inspect.signature(getattr(module, func)).parameters[name]
        assert param.kind is inspect.Parameter.KEYWORD_ONLY
        assert param.default == values[0]


@pytest.mark.parametrize(
    ("call", "bad"),
    [
        pytest.param(lambda v: dice.passes(1, 2, 3, reaction_six_fails=v), "maybe", id="reaction_six_fails"),
        pytest.param(lambda v: prebattle.current_war_rating(3, 1, True, wr_after_cinc_lost=v), "two",
                     id="wr_after_cinc_lost"),
        pytest.param(lambda v: prebattle.scouting_value(mounted=True, ac=2, skirmish=False, flyer=True,
                                                        flyer_scouting=v), "8", id="flyer_scouting"),
        pytest.param(lambda v: prebattle.scouting_ratio_bonus(0, 0, no_scouts_bonus=v), "either",
                     id="no_scouts_bonus"),
        pytest.param(lambda v: prebattle.first_turn_bonus(10, 5, first_turn_twice=v), "twice",
                     id="first_turn_twice"),
    ],
)
def test_unknown_reading_values_are_refused(call, bad: str) -> None:
    """An option value outside the declared ones is a caller's bug, never a silent default."""
    with pytest.raises((ValueError, KeyError)):
        call(bad)
