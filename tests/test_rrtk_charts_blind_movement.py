"""RRtK movement charts tested blind from the spec (issue 16; rrtk-battle.md §12.2-12.6,
§13.1-13.4, §23.10).

Expected values come from the spec's Foot and Mounted Movement Rates and the text around
them (see test_rrtk_charts_blind.py for the method). The `kind` names of
`movement_equivalent` were found by calling it, not by reading the chart.
"""

from __future__ import annotations

import pytest

from game.rules.rrtk.battle.charts import movement as mv

# §12.2, (normal, retire/pursue) by AC row and figures column
FOOT = {
    2: {2: (8, 4), 3: (8, 3), 4: (6, 2)},
    4: {2: (8, 4), 3: (8, 3), 4: (6, 2)},
    6: {2: (6, 3), 3: (6, 2), 4: (4, 1)},
}
MOUNTED = {
    2: {2: (16, 8), 3: (12, 6), 4: (10, 4)},
    4: {2: (14, 8), 3: (12, 6), 4: (8, 4)},
    6: {2: (10, 4), 3: (8, 3), 4: (6, 3)},
}
CELLS = [(m, ac, figs) for m in (False, True) for ac in (2, 4, 6) for figs in (2, 3, 4)]


def _table(mounted: bool) -> dict:
    return MOUNTED if mounted else FOOT


@pytest.mark.parametrize(
    ("mounted", "ac", "figs"), CELLS,
    ids=[f"§12.2-{'mounted' if m else 'foot'}-AC{ac}-{f}figs" for m, ac, f in CELLS],
)
def test_movement_rate_cells(mounted: bool, ac: int, figs: int) -> None:
    rate = mv.movement_rate(mounted, ac, figs)
    assert (rate.normal, rate.retire) == _table(mounted)[ac][figs]
    assert mv.retire_distance(rate) == _table(mounted)[ac][figs][1]


@pytest.mark.parametrize(
    ("mounted", "ac", "figs", "row", "col"),
    [
        pytest.param(False, 8, 2, 6, 2, id="§12.2-#37-foot-AC8-reads-AC6"),
        pytest.param(False, 8, 4, 6, 4, id="§12.2-#37-foot-AC8-4figs-reads-AC6"),
        pytest.param(True, 8, 3, 6, 3, id="§12.2-#37-mounted-AC8-reads-AC6"),
        pytest.param(False, 2, 1, 2, 2, id="§12.2-#37-foot-1fig-reads-2figs"),
        pytest.param(True, 2, 1, 2, 2, id="§12.2-#37-mounted-1fig-reads-2figs"),
        pytest.param(True, 4, 5, 4, 4, id="§12.2-#37-mounted-5figs-reads-4figs"),
        pytest.param(False, 6, 6, 6, 4, id="§12.2-#37-foot-6figs-reads-4figs"),
        pytest.param(True, 8, 1, 6, 2, id="§12.2-#37-mounted-AC8-1fig-reads-AC6-2figs"),
        pytest.param(False, 8, 9, 6, 4, id="§12.2-#37-foot-AC8-9figs-reads-AC6-4figs"),
    ],
)
def test_movement_off_table_nearest(mounted: bool, ac: int, figs: int, row: int, col: int) -> None:
    rate = mv.movement_rate(mounted, ac, figs)
    assert (rate.normal, rate.retire) == _table(mounted)[row][col]
    assert tuple(mv.movement_keys(ac, figs)) == (row, col)


@pytest.mark.parametrize(
    ("mounted", "ac", "figs"),
    [
        pytest.param(False, 8, 2, id="§12.2-#37-refuse-AC8"),
        pytest.param(True, 2, 1, id="§12.2-#37-refuse-1fig"),
        pytest.param(True, 4, 5, id="§12.2-#37-refuse-5figs"),
    ],
)
def test_movement_off_table_refuse(mounted: bool, ac: int, figs: int) -> None:
    with pytest.raises(ValueError):
        mv.movement_rate(mounted, ac, figs, movement_off_table="refuse")


@pytest.mark.parametrize(("mounted", "ac", "figs"), CELLS[::4], ids=lambda v: str(v))
def test_movement_refuse_keeps_table_cells(mounted: bool, ac: int, figs: int) -> None:
    rate = mv.movement_rate(mounted, ac, figs, movement_off_table="refuse")
    assert (rate.normal, rate.retire) == _table(mounted)[ac][figs]


def test_movement_keys_in_table() -> None:
    assert tuple(mv.movement_keys(4, 3)) == (4, 3)


# --- §12.3 figure-equivalents for movement -------------------------------------------------

@pytest.mark.parametrize(
    ("ac", "figs", "kind", "expected"),
    [
        pytest.param(4, 4, "missile_chariot", (4, 2), id="§12.3-missile-chariot-2figs"),
        pytest.param(2, 3, "melee_chariot", (2, 3), id="§12.3-melee-chariot-3figs"),
        pytest.param(6, 2, "melee_chariot", (6, 3), id="§12.3-melee-chariot-from-2-is-3figs"),
        pytest.param(6, 4, "elephant", (6, 3), id="§12.3-elephant-3figs"),
        pytest.param(2, 2, "artillery", (6, 4), id="§12.3-artillery-4-AC6-figs-whatever-AC2"),
        pytest.param(4, 3, "artillery", (6, 4), id="§12.3-artillery-4-AC6-figs-whatever-AC4"),
        pytest.param(4, 3, None, (4, 3), id="§12.3-ordinary-unit-own-keys"),
    ],
)
def test_movement_equivalent(ac: int, figs: int, kind: str | None, expected: tuple[int, int]) -> None:
    assert tuple(mv.movement_equivalent(ac, figs, kind)) == expected


def test_artillery_moves_4_retires_1() -> None:
    """§5.1: artillery counts as four AC6 figures, so it moves 4" and retires 1"."""
    rate = mv.movement_rate(False, *mv.movement_equivalent(2, 2, "artillery"))
    assert (rate.normal, rate.retire) == (4, 1)


def test_elephant_moves_as_three_figures() -> None:
    """§12.3: an AC4 elephant of 4 figures moves as 3: foot AC4 3 figures, 8" (3")."""
    rate = mv.movement_rate(False, *mv.movement_equivalent(4, 4, "elephant"))
    assert (rate.normal, rate.retire) == (8, 3)


# --- §12.2 / §13.6 pursuit distance --------------------------------------------------------

PURSUE_SHIFT = {1: -1, 2: -1, 3: 0, 4: 0, 5: 1, 6: 1}


@pytest.mark.parametrize(
    ("mounted", "ac", "figs", "face"),
    [(m, ac, f, face) for m, ac, f in [(True, 2, 2), (False, 6, 4), (False, 4, 3)] for face in range(1, 7)],
    ids=[f"§12.2-pursue-{'mounted' if m else 'foot'}-AC{ac}-{f}figs-d6={face}"
         for m, ac, f in [(True, 2, 2), (False, 6, 4), (False, 4, 3)] for face in range(1, 7)],
)
def test_pursue_distance(mounted: bool, ac: int, figs: int, face: int) -> None:
    rate = mv.movement_rate(mounted, ac, figs)
    listed = _table(mounted)[ac][figs][1]
    assert mv.pursue_distance(rate, face) == max(0, listed + PURSUE_SHIFT[face])


def test_pursue_distance_worst_case_is_zero() -> None:
    """Foot AC6 4 figures pursues 1" listed; a 1 takes it to 0", never below."""
    assert mv.pursue_distance(mv.movement_rate(False, 6, 4), 1) == 0


# --- §12.5 about face, §12.6 wheeling ------------------------------------------------------

@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        pytest.param("foot", 0.5, id="§12.5-foot-half"),
        pytest.param("mounted", 1, id="§12.5-mounted-full"),
        pytest.param("artillery", 1, id="§12.5-§5.1-artillery-full"),
    ],
)
def test_about_face_cost(kind: str, expected: float) -> None:
    assert mv.about_face_cost(kind) == expected


@pytest.mark.parametrize(
    ("mounted", "expected"),
    [pytest.param(False, 1, id="§12.6-foot-whole-move"), pytest.param(True, 0.5, id="§12.6-mounted-half")],
)
def test_wheel_cost(mounted: bool, expected: float) -> None:
    assert mv.wheel_cost(mounted) == expected


@pytest.mark.parametrize(
    ("wide", "expected"),
    [
        pytest.param(1, 90, id="§12.6-one-unit-wide-90"),
        pytest.param(2, 45, id="§12.6-two-wide-45"),
        pytest.param(3, 45, id="§12.6-three-wide-45"),
        pytest.param(6, 45, id="§12.6-six-wide-45"),
    ],
)
def test_wheel_limit(wide: int, expected: float) -> None:
    assert mv.wheel_limit(wide) == expected


# --- the fixed distances of §11-§13 --------------------------------------------------------

@pytest.mark.parametrize(
    ("name", "expected"),
    [
        pytest.param("WHEEL_LIMIT_DEGREES", 45, id="§12.6-45-degrees"),
        pytest.param("WHEEL_LIMIT_ONE_WIDE", 90, id="§12.6-90-one-wide"),
        pytest.param("CONFORM_SHIFT", 0.5, id="§12.12-half-base-width"),
        pytest.param("FRIENDLY_BODY_STOP", 1, id="§12.16-friendly-body-1in"),
        pytest.param("ACTIVE_MIN_FRACTION", 0.5, id="§11.2-§13.2-at-least-half-speed"),
        pytest.param("ADVANCE_FRACTION", 0.5, id="§13.1-advance-half-speed"),
        pytest.param("GIVE_GROUND", 1, id="§13.4-give-ground-1in"),
        pytest.param("FOLLOW_UP", 1, id="§13.3-follow-up-1in"),
        pytest.param("RETIRE_BLOCKED_GAP", 1, id="§13.9-stop-1in-short-of-friends"),
    ],
)
def test_fixed_distances(name: str, expected: float) -> None:
    assert getattr(mv, name) == expected
