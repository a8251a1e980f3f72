"""Missile fire charts (rrtk-battle.md §16.4-16.8, §5.7, §2.2): ranges, how many dice
a shooter rolls, the per-die modifiers, the grand total and its capped hits, and how
the hits of one fire action go among several targets in the arc.

Readings (docs/rrtk-charts.md):
- #6 `dual_missile_dice`: `1` (default) or `2` dice for a Dual-Armed unit;
- #57 a modified die is never clamped (the only reading): it may be 0 or less;
- #59 several shooters at several targets: the melee allocation (lowest AC first, one
  hit each per cycle), the hits capped at the number of shooters (the only reading).
"""

from __future__ import annotations

from game.rules.rrtk.battle.charts.dice import missile_hits, points_per_hit
from game.rules.rrtk.battle.charts.melee import Allocation, allocate_hits

# §16.4 Missile Ranges (inches, before the §1.3 scale)
RANGES: dict[str, float] = {"foot_missile": 6.0, "short": 3.0, "engine": 12.0, "cannon": 18.0}
ALWAYS_FIRE_RANGE = 1.0  # §16.1: a unit may always fire at 1"


def missile_range(*, purpose: str, mounted: bool, dual: bool = False, firearms: bool = False,
                  artillery: str | None = None) -> float | None:
    """A unit's range (§16.4): Foot Missile 6"; all Skirmish, Dual-Armed, Mounted and
    Firearm units 3"; Engines (and Breath weapons) 12"; Cannons 18". `artillery` is
    `engine`, `breath` or `cannon`. None: the unit does not shoot (a Melee unit that
    is not Dual-Armed)."""
    if artillery is not None:
        return RANGES["cannon"] if artillery == "cannon" else RANGES["engine"]
    if firearms or dual or purpose == "skirmish":
        return RANGES["short"]
    if purpose == "missile":
        return RANGES["short"] if mounted else RANGES["foot_missile"]
    return None


def missile_dice(*, purpose: str, dual: bool = False, only_one: bool = False, dual_missile_dice: str = "1") -> int:
    """Dice a shooter rolls (§16.6, §2.2): Missile 2, Skirmish 1, Dual-Armed per #6;
    1 when a result says "with only 1d6"."""
    if only_one:
        return 1
    if purpose == "missile":
        return 2
    if purpose == "skirmish":
        return 1
    if dual:
        if dual_missile_dice not in ("1", "2"):
            raise ValueError(f"dual_missile_dice is 1 or 2, got {dual_missile_dice!r}")
        return int(dual_missile_dice)
    raise ValueError("a Melee unit that is not Dual-Armed does not shoot")


# §16.5 Missile Modifiers (per die)
MISSILE_MODIFIERS: dict[str, int] = {
    "target_mounted": 1, "target_in_cover": -1, "elite_missile": 1, "three_figures": 1, "four_figures": 2}


def missile_modifier(*, target_mounted: bool, target_in_cover: bool, elite_missile: bool, figs: int) -> int:
    """The modifier added to each die a shooter rolls (§16.5)."""
    m = MISSILE_MODIFIERS
    total = 0
    if target_mounted:
        total += m["target_mounted"]
    if target_in_cover:
        total += m["target_in_cover"]
    if elite_missile:
        total += m["elite_missile"]
    if figs == 3:
        total += m["three_figures"]
    elif figs >= 4:
        total += m["four_figures"]
    return total


def shooter_total(faces: tuple[int, ...], modifier: int) -> int:
    """One shooter's modified total: each die plus the modifier, not clamped (#57)."""
    return sum(f + modifier for f in faces)


def fire_hits(totals: tuple[int, ...], target_ac: int) -> int:
    """Hits on one target from every unit firing at it (§16.6): the grand total's full
    (AC + 1)s, no more than the number of units firing."""
    return missile_hits(sum(totals), target_ac, len(totals))


def several_targets(total: int, target_acs: tuple[int, ...], firing_units: int,
                    already_hit: frozenset[int] = frozenset()) -> Allocation:
    """One fire action's hits among several targets in the arc (§16.7-16.8, #59): the
    lowest-AC target first, no target a second hit before each has one (`already_hit`:
    indexes hit earlier in the cycle, so consecutive turns' fire reaches the higher AC,
    §16.8), at most one hit per firing unit; points too few for a hit on a target still
    due one buy a hit on the cheapest target already hit (§16.8: "if not, the lower-AC
    unit takes it"). Every target takes Received Fire."""
    return allocate_hits(total, target_acs, already_hit=already_hit, cap=firing_units, fall_back_to_hit=True)


def subsequent_fire_target(total: int, low_ac: int, high_ac: int) -> str | None:
    """A lone shooter's hit on the second turn at the same two targets (§16.8): the
    higher-AC unit if the score buys a hit on it, else the lower-AC unit if it can,
    else none (#58: the example's "2 or 4" read as 3 or 4)."""
    if total >= points_per_hit(high_ac):
        return "high"
    if total >= points_per_hit(low_ac):
        return "low"
    return None
