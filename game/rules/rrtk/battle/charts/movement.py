"""Movement charts (rrtk-battle.md §12.2-12.6, §23.9 #17): the Foot and Mounted
Movement Rates by AC and figures (normal move, and the retire/pursue distance), the
figure-equivalents for movement (§12.3), the pursuit distance roll, and the costs and
limits of about face and wheeling as data.

Reading #37 (`movement_off_table`): `nearest` (default) reads AC8 on the AC6 row, 1
figure in the 2-figure column and more than 4 in the 4-figure column; `refuse` raises
for a unit off the printed table (a house rule is then needed). Skirmishers use the
same tables (#38). Dragons count as four figures (p. 70): the caller passes 4.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rate:
    """A cell of the movement tables: the normal move and the retire/pursue distance."""

    normal: int
    retire: int


# §12.2 (identical on the Combat QRS): AC -> figures -> Rate
FOOT_RATES: dict[int, dict[int, Rate]] = {
    2: {2: Rate(8, 4), 3: Rate(8, 3), 4: Rate(6, 2)},
    4: {2: Rate(8, 4), 3: Rate(8, 3), 4: Rate(6, 2)},
    6: {2: Rate(6, 3), 3: Rate(6, 2), 4: Rate(4, 1)},
}
MOUNTED_RATES: dict[int, dict[int, Rate]] = {
    2: {2: Rate(16, 8), 3: Rate(12, 6), 4: Rate(10, 4)},
    4: {2: Rate(14, 8), 3: Rate(12, 6), 4: Rate(8, 4)},
    6: {2: Rate(10, 4), 3: Rate(8, 3), 4: Rate(6, 3)},
}


def movement_keys(ac: int, figs: int, *, movement_off_table: str = "nearest") -> tuple[int, int]:
    """The (AC row, figures column) a unit reads, after #37."""
    if ac in (2, 4, 6) and figs in (2, 3, 4):
        return ac, figs
    if movement_off_table == "refuse":
        raise ValueError(f"AC{ac} with {figs} figures is not on the movement tables (§12.2)")
    if movement_off_table != "nearest":
        raise ValueError(f"movement_off_table is nearest or refuse, got {movement_off_table!r}")
    return min(6, max(2, ac)), min(4, max(2, figs))


def movement_rate(mounted: bool, ac: int, figs: int, *, movement_off_table: str = "nearest") -> Rate:
    """The unit's movement (§12.2), by the keys it moves as (see `movement_equivalent`)."""
    row, col = movement_keys(ac, figs, movement_off_table=movement_off_table)
    return (MOUNTED_RATES if mounted else FOOT_RATES)[row][col]


# §12.3 figure-equivalents for movement only: kind -> (figures, AC or None = its own)
MOVEMENT_EQUIVALENTS: dict[str, tuple[int, int | None]] = {
    "missile_chariot": (2, None),
    "melee_chariot": (3, None),
    "elephant": (3, None),  # and other large beasts or monsters
    "artillery": (4, 6),  # four AC6 figures whatever its AC; foot (§5.1)
}


def movement_equivalent(ac: int, figs: int, kind: str | None = None) -> tuple[int, int]:
    """(AC, figures) a unit moves as (§12.3); outnumbering keeps the list's Figs."""
    if kind is None:
        return ac, figs
    eq_figs, eq_ac = MOVEMENT_EQUIVALENTS[kind]
    return (ac if eq_ac is None else eq_ac), eq_figs


# §12.2 note / §23.9 #17: the pursuit distance roll, d6 -> inches added
PURSUIT_VARIATION: dict[int, int] = {1: -1, 2: -1, 3: 0, 4: 0, 5: 1, 6: 1}


def pursue_distance(rate: Rate, face: int) -> int:
    """How far a pursuing unit moves (§12.2, §13.6): its retire/pursue distance with the
    d6 variation (1-2: 1" less, 3-4: as listed, 5-6: 1" more), never below 0."""
    return max(0, rate.retire + PURSUIT_VARIATION[face])


def retire_distance(rate: Rate) -> int:
    """Retire uses the bracketed value unmodified (§12.2, §13.9)."""
    return rate.retire


# §12.5 about face: fraction of the move it costs
ABOUT_FACE_COST: dict[str, float] = {"foot": 0.5, "mounted": 1.0, "artillery": 1.0}
# §12.6 wheeling: fraction of the move it uses
WHEEL_COST: dict[str, float] = {"foot": 1.0, "mounted": 0.5}
WHEEL_LIMIT_DEGREES = 45.0
WHEEL_LIMIT_ONE_WIDE = 90.0
CONFORM_SHIFT = 0.5  # §12.12: up to half a base width
FRIENDLY_BODY_STOP = 1.0  # §12.16: within 1" of another friendly Body
ACTIVE_MIN_FRACTION = 0.5  # §11.2: active Bodies move at least half speed
ADVANCE_FRACTION = 0.5  # §13.1
GIVE_GROUND = 1.0  # §13.4
FOLLOW_UP = 1.0  # §13.3
RETIRE_BLOCKED_GAP = 1.0  # §13.9: stops 1" short of a friendly non-skirmish unit


def about_face_cost(kind: str) -> float:
    """The fraction of its move an about face costs (§12.5): foot half, mounted and
    artillery the full move."""
    return ABOUT_FACE_COST[kind]


def wheel_cost(mounted: bool) -> float:
    """The fraction of the move a wheel uses (§12.6): foot all, mounted half."""
    return WHEEL_COST["mounted" if mounted else "foot"]


def wheel_limit(units_wide: int) -> float:
    """The most a Body may wheel in a turn (§12.6): 45 degrees, 90 if one unit wide."""
    return WHEEL_LIMIT_ONE_WIDE if units_wide == 1 else WHEEL_LIMIT_DEGREES
