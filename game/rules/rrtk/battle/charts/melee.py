"""Melee charts (rrtk-battle.md §17.3-17.5, §5.5-5.6, §5.12-5.14): the melee
modifiers of the Combat QRS with the special rules' conditions, the Pike exceptions
and mounted-against-Pike, and the allocation of a combined total across several enemy
units (lowest AC first, no second hit before each has one, leftover points lost).

Readings (docs/rrtk-charts.md):
- #14 `mounted_vs_pike`: `always` (mounted never melee Pike) or `while_bonus` (only
  while the Pike unit has its +2);
- #15 `mounted_vs_pike_hits`: `1` (the Retire's own hit) or `2`;
- #16 `shock_bonus_rounds`: `first` (the first round of the melee it charged into) or
  `every` (every round of that melee);
- #61 "Horse" is a mounted unit that is not a flyer; "fighting mounted enemy" is any
  mounted enemy in its melee; the first round is the first after contact (the only
  readings; the caller's flags).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.rrtk.battle.charts.dice import points_per_hit
from game.rules.rrtk.battle.charts.sheets import RETIRE, Result

# §17.3 Melee Modifiers (Combat QRS, "grouped together on page 74")
MELEE_MODIFIERS: dict[str, int] = {
    "pike": 2, "elite_melee": 1, "shock": 1, "combination_weapons": 1, "elephant": 1, "frenzy": 1,
    "fighting_mounted": 1, "leader_unit": 1, "uphill_of_all": 1, "enemy_behind_stakes": -1,
    "missile_in_melee": -1, "horse_vs_elephant": -2}


def pike_bonus_applies(*, in_woods_or_desert: bool = False, crossing_river: bool = False,
                       enemy_on_two_sides: bool = False, gave_ground: bool = False,
                       attacking_behind_stakes: bool = False) -> bool:
    """Whether a Pike unit keeps its +2 (§5.12): none of the exceptions applies."""
    return not (in_woods_or_desert or crossing_river or enemy_on_two_sides or gave_ground
                or attacking_behind_stakes)


@dataclass(frozen=True)
class MeleeUnit:
    """A unit's melee circumstances this round. `charged`: it charged or countercharged
    into this melee; `first_round`: the first round after contact; `clear_or_downhill`:
    its charge was over clear or downhill (Shock)."""

    pike: bool = False
    pike_bonus: bool = True  # `pike_bonus_applies`
    elite_melee: bool = False
    shock: bool = False
    charged: bool = False
    clear_or_downhill: bool = False
    first_round: bool = False
    combination_weapons: bool = False
    elephant: bool = False
    frenzy: bool = False
    fighting_mounted: bool = False
    leader_unit: bool = False
    uphill_of_all: bool = False
    enemy_behind_stakes: bool = False  # or in fieldworks
    missile_or_skirmish: bool = False  # artillerists too (§17.8)
    horse_vs_elephant: bool = False


def melee_modifiers(u: MeleeUnit, *, shock_bonus_rounds: str = "first") -> list[tuple[str, int]]:
    """The modifiers on a unit's melee d6 (§17.3), as (id, value) in QRS order."""
    if shock_bonus_rounds not in ("first", "every"):
        raise ValueError(f"shock_bonus_rounds is first or every, got {shock_bonus_rounds!r}")
    shock_round = u.first_round or shock_bonus_rounds == "every"
    flags = {
        "pike": u.pike and u.pike_bonus,
        "elite_melee": u.elite_melee,
        "shock": u.shock and u.charged and u.clear_or_downhill and shock_round,
        "combination_weapons": u.combination_weapons and u.first_round,
        "elephant": u.elephant and u.first_round,
        "frenzy": u.frenzy and u.first_round and u.charged,
        "fighting_mounted": u.fighting_mounted,
        "leader_unit": u.leader_unit,
        "uphill_of_all": u.uphill_of_all,
        "enemy_behind_stakes": u.enemy_behind_stakes,
        "missile_in_melee": u.missile_or_skirmish,
        "horse_vs_elephant": u.horse_vs_elephant,
    }
    return [(k, MELEE_MODIFIERS[k]) for k, on in flags.items() if on]


def melee_score(face: int, u: MeleeUnit, **readings: str) -> int:
    """A unit's melee score: 1d6 plus its modifiers (§17.2 step 1)."""
    return face + sum(v for _, v in melee_modifiers(u, **readings))


@dataclass(frozen=True)
class Allocation:
    """Hits per target (in the order given), the points lost, and the targets hit in
    the cycle still open afterwards (carry it to the next round, §17.5)."""

    hits: tuple[int, ...]
    lost: int
    hit_in_cycle: frozenset[int] = field(default_factory=frozenset)


def allocate_hits(total: int, target_acs: tuple[int, ...], *, already_hit: frozenset[int] = frozenset(),
                  cap: int | None = None, fall_back_to_hit: bool = False) -> Allocation:
    """A combined total applied to several enemy units (§17.4-17.5): each hit costs the
    target's AC + 1; the lowest-AC unit not yet hit in this cycle takes the next hit
    (equal ACs: the first given; the owner may reorder them); once every unit has one
    hit the cycle starts again. Points that cannot buy the next hit are lost. `cap`
    limits the hits (missile fire: one per unit firing). `fall_back_to_hit`: when the
    points cannot buy a hit on a unit still due one, they buy one on the cheapest unit
    already hit (a lone shooter's second turn, §16.8)."""
    n = len(target_acs)
    hits = [0] * n
    done = set(already_hit)
    points = max(0, total)
    order = sorted(range(n), key=lambda i: (target_acs[i], i))
    while n and (cap is None or sum(hits) < cap):
        if len(done) >= n:
            done.clear()
        due = [i for i in order if i not in done]
        pick = due[0]
        if points < points_per_hit(target_acs[pick]):
            spare = [i for i in order if i in done]
            if not (fall_back_to_hit and spare and points >= points_per_hit(target_acs[spare[0]])):
                break
            pick = spare[0]
        points -= points_per_hit(target_acs[pick])
        hits[pick] += 1
        done.add(pick)
    if len(done) >= n:
        done.clear()
    return Allocation(tuple(hits), points if n else max(0, total), frozenset(done))


def mounted_cannot_melee_pike(pike_has_bonus: bool, *, mounted_vs_pike: str = "always") -> bool:
    """Whether a mounted unit (flyers included) that would melee a Pike unit gets the
    automatic Retire instead (§5.12, #14)."""
    if mounted_vs_pike == "always":
        return True
    if mounted_vs_pike == "while_bonus":
        return pike_has_bonus
    raise ValueError(f"mounted_vs_pike is always or while_bonus, got {mounted_vs_pike!r}")


def mounted_vs_pike_result(*, mounted_vs_pike_hits: str = "1") -> Result:
    """The automatic result for mounted against Pike (§5.12, #15): Retire with its one
    hit, or (`2`) with a second."""
    if mounted_vs_pike_hits not in ("1", "2"):
        raise ValueError(f"mounted_vs_pike_hits is 1 or 2, got {mounted_vs_pike_hits!r}")
    return Result(RETIRE, hits=int(mounted_vs_pike_hits))
