"""Pursuit and rampage rolls (rrtk-battle.md §13.6, §17.9): whether a unit that made
an enemy retire or rout pursues (1d6 against its original Rep, by its part in the
melee, a Leader may shift the die 1 either way), and an Elephant's rampage direction.
The pursuit distance is movement.pursue_distance (§12.2)."""

from __future__ import annotations

CHARGER = "charger"
DEFENDER_FIRST_ROUND = "defender_first_round"
CONTINUING = "continuing"
ROLES = (CHARGER, DEFENDER_FIRST_ROUND, CONTINUING)


def pursues(face: int, rep: int, role: str, *, shift: int = 0, leader: bool = False) -> bool:
    """Whether the unit pursues (§13.6): a charger if the d6 is at most its original
    Rep; a defender in the first round or a unit continuing a melee if it is above.
    `shift` (-1, 0, +1) is the owner's change of the die, allowed only with a Leader."""
    if role not in ROLES:
        raise ValueError(f"a pursuit role is one of {ROLES}, got {role!r}")
    if shift not in (-1, 0, 1) or (shift and not leader):
        raise ValueError("only a unit with a Leader may shift the pursuit die, by 1")
    score = face + shift
    return score <= rep if role == CHARGER else score > rep


def pursuit_choices(face: int, rep: int, role: str, *, leader: bool) -> frozenset[bool]:
    """The outcomes the owner can reach (one without a Leader; with one, the shifts)."""
    shifts = (-1, 0, 1) if leader else (0,)
    return frozenset(pursues(face, rep, role, shift=s, leader=leader) for s in shifts)


# §17.9 Elephant rampage: d6 -> degrees from "directly away from the cause" (left < 0)
RAMPAGE: dict[int, int] = {1: 0, 2: 0, 3: 0, 4: 0, 5: -45, 6: 45}
RAMPAGE_NAMES: dict[int, str] = {0: "away", -45: "left_45", 45: "right_45"}


def rampage_direction(face: int) -> int:
    """The turn from "directly away" an Elephant rampages in (§17.9): 1-4 straight
    away, 5 45 degrees to the left (-45), 6 45 degrees to the right (+45)."""
    return RAMPAGE[face]
