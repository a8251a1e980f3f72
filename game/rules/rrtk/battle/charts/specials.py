"""Special rules' dice (rrtk-battle.md §5.2-5.4, §5.9-5.10, §5.16, §17.7): the Engine
and Breath distance (2d6), the Cannon's three bounces and its misfire and explosion
(3d6 sorted), Firearms (1d6 against the distance), the Undisciplined manoeuvre roll,
Fanatics' removal and the Skirmishers' charge condition.

Readings (docs/rrtk-charts.md):
- #5 `cannon_spots`: `cumulative` (highest, highest + middle, all three; 18" at most)
  or `separate` (each die from the cannon);
- #9 `firearms_range`: `distance` (the measured distance, rounded up) or `weapon`
  (always 3+);
- #10 `firearms_modifiers`: `no` (the missile modifiers do not touch the firearms die)
  or `yes`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

IMPACT_RADIUS = 2.0  # §5.2-5.3: units within 2" of an impact test, counting Terror
ARTILLERY_HITS = 1  # regardless of AC
FIREARMS_RANGE = 3.0


def engine_distance(d1: int, d2: int) -> int:
    """How far an Engine's or a Breath weapon's shot flies straight ahead from its
    centre (§5.2, §5.4): 2d6 added, in inches."""
    return d1 + d2


@dataclass(frozen=True)
class CannonShot:
    """A cannon's roll (§5.3): `fires` False on exactly two 1s; `explodes` on three 1s
    (removed as routed; units within 2" test); `spots` the landing distances."""

    fires: bool
    explodes: bool
    spots: tuple[int, ...]


def cannon_shot(d1: int, d2: int, d3: int, *, cannon_spots: str = "cumulative") -> CannonShot:
    """The Cannon's 3d6 (§5.3), sorted from highest to lowest."""
    faces = sorted((d1, d2, d3), reverse=True)
    ones = faces.count(1)
    if ones == 3:
        return CannonShot(False, True, ())
    if ones == 2:
        return CannonShot(False, False, ())
    if cannon_spots == "cumulative":
        spots = (faces[0], faces[0] + faces[1], faces[0] + faces[1] + faces[2])
    elif cannon_spots == "separate":
        spots = (faces[0], faces[1], faces[2])
    else:
        raise ValueError(f"cannon_spots is cumulative or separate, got {cannon_spots!r}")
    return CannonShot(True, False, spots)


def firearms_needed(distance: float, *, firearms_range: str = "distance") -> int:
    """The score a Firearms d6 needs (§5.10): at least the range, read as the measured
    distance rounded up (#9: 1" any roll, 2" 2+, 3" 3+), or with `weapon` always 3."""
    if firearms_range == "weapon":
        return int(FIREARMS_RANGE)
    if firearms_range != "distance":
        raise ValueError(f"firearms_range is distance or weapon, got {firearms_range!r}")
    return max(1, math.ceil(distance - 1e-9))


def firearms_hit(face: int, distance: float, *, modifier: int = 0, firearms_range: str = "distance",
                 firearms_modifiers: str = "no") -> bool:
    """Whether a Firearms shot scores its 1 hit regardless of AC (§5.10). `modifier` is
    the §16.5 per-die modifier, used only with `firearms_modifiers` `yes` (#10)."""
    if firearms_modifiers not in ("no", "yes"):
        raise ValueError(f"firearms_modifiers is no or yes, got {firearms_modifiers!r}")
    score = face + (modifier if firearms_modifiers == "yes" else 0)
    return score >= firearms_needed(distance, firearms_range=firearms_range)


# §5.16 Undisciplined: d6 -> the wheel, about face or expand goes ahead
UD_MANOEUVRE: dict[int, bool] = {1: True, 2: True, 3: True, 4: False, 5: False, 6: False}


def ud_manoeuvre(face: int) -> bool:
    """A Body with UD units tries a wheel, about face or expand (§5.16): 1-3 it goes
    ahead; 4-6 it fails, the Body stays and counts as stopped (re-activate to move)."""
    return UD_MANOEUVRE[face]


def fanatic_removed(hits: int, rep: int) -> bool:
    """Fanatics are removed when their hits exceed their original Rep (§5.9)."""
    return hits > rep


def skirmishers_may_charge(target_skirmish: bool, target_hits: int, target_rep: int) -> bool:
    """Skirmishers may charge a non-skirmisher only once it has hits at least its
    original Rep; otherwise contact routs them (§17.7). Against skirmishers: allowed."""
    return target_skirmish or target_hits >= target_rep
