"""The pre-battle charts (rrtk-battle.md §6.3-6.4, §10.2-10.4, §10.10): the War
Rating table and the current War Rating, the Scouting Table, the Who's Attacking
modifiers and comparison, the attacker's first-turn bonus and the placement ratio.

Readings (docs/rrtk-charts.md, "Readings to become options"):
- #20 a modified War Rating die outside 1-6 reads as 1 or 6 (the only reading);
- #21 `wr_after_cinc_lost`: `captains` (surviving Captains still count) or `one`;
- #23 `flyer_scouting`: `6` (the table) or `12` (six AC2 Light Cavalry);
- #24 `mounted_skirmish_scouting`: `higher` (count once, 2) or `sum` (2 + 1);
- #25 `no_scouts_bonus`: `neither` (0 against 0 is no superiority) or `both`;
- #26 `first_turn_twice`: `at_least` (2x or more) or `exactly`.
"""

from __future__ import annotations

# §6.3: the modified d6 -> War Rating
WAR_RATING: dict[int, int] = {1: 2, 2: 3, 3: 3, 4: 3, 5: 3, 6: 4}


def war_rating(face: int, modifier: int) -> int:
    """The CinC's War Rating (§6.3): 1d6 plus the list's War Rating modifier, read on
    the table; a score below 1 reads as 1 and above 6 as 6 (#20)."""
    score = min(6, max(1, face + modifier))
    return WAR_RATING[score]


def current_war_rating(base: int, captains_on_table: int, cinc_lost: bool, *,
                       wr_after_cinc_lost: str = "captains") -> int:
    """Bodies that may be activated this turn (§6.3-6.4): the CinC's rating (lost with
    him) plus 1 per Captain on the table, never below 1. With `one` (#21 alternative)
    the army activates 1 Body a turn once the CinC is lost, whatever its Captains."""
    if wr_after_cinc_lost not in ("captains", "one"):
        raise ValueError(f"wr_after_cinc_lost is captains or one, got {wr_after_cinc_lost!r}")
    if cinc_lost and wr_after_cinc_lost == "one":
        return 1
    return max(1, (0 if cinc_lost else base) + max(0, captains_on_table))


# §10.2 Scouting Table, as (row id, value), in the book's order
SCOUTING_TABLE: tuple[tuple[str, int], ...] = (
    ("ac2_mounted", 2), ("ac4_mounted", 1), ("ac2_skirmish", 1), ("flyer", 6), ("other", 0))


def scouting_value(*, mounted: bool, ac: int, skirmish: bool, flyer: bool = False,
                   flyer_scouting: str = "6", mounted_skirmish_scouting: str = "higher") -> int:
    """One unit's Scouting Value (§10.2). A flyer scores 6 whatever its AC (#23: `12`
    counts it as six AC2 Light Cavalry); an AC2 Mounted Skirmish unit matches two rows
    and scores 2 (#24: `sum` gives 3). AC6 and AC8 mounted units score 0."""
    if flyer:
        if flyer_scouting not in ("6", "12"):
            raise ValueError(f"flyer_scouting is 6 or 12, got {flyer_scouting!r}")
        return int(flyer_scouting)
    rows = dict(SCOUTING_TABLE)
    values = []
    if mounted and ac == 2:
        values.append(rows["ac2_mounted"])
    if mounted and ac == 4:
        values.append(rows["ac4_mounted"])
    if skirmish and ac == 2:
        values.append(rows["ac2_skirmish"])
    if not values:
        return rows["other"]
    if mounted_skirmish_scouting == "higher":
        return max(values)
    if mounted_skirmish_scouting == "sum":
        return sum(values)
    raise ValueError(f"mounted_skirmish_scouting is higher or sum, got {mounted_skirmish_scouting!r}")


def scouting_ratio_bonus(own: int, other: int, *, no_scouts_bonus: str = "neither") -> int:
    """The scouting part of the Who's Attacking modifiers (§10.3): +2 at 3x the
    opponent's total or when the opponent has no scouts, +1 at 2x (under 3x), else 0.
    Both sides at 0: no bonus (#25 `neither`), or +2 each (`both`)."""
    if no_scouts_bonus not in ("neither", "both"):
        raise ValueError(f"no_scouts_bonus is neither or both, got {no_scouts_bonus!r}")
    if other <= 0:
        if own > 0 or no_scouts_bonus == "both":
            return 2
        return 0
    if own >= 3 * other:
        return 2
    if own >= 2 * other:
        return 1
    return 0


def who_attacks_modifier(war_rating_total: int, *, invading: bool, own_scouting: int,
                         other_scouting: int, no_scouts_bonus: str = "neither") -> int:
    """A side's modified War Rating for Who's Attacking (§10.3): its total War Rating
    (CinC and Captains), +1 if invading, plus the scouting bonus. The d6 is added to it."""
    return (war_rating_total + (1 if invading else 0)
            + scouting_ratio_bonus(own_scouting, other_scouting, no_scouts_bonus=no_scouts_bonus))


def who_attacks(total_a: int, total_b: int) -> str | None:
    """"a" or "b", the side with the higher modified WR + d6 total (§10.3); None on a
    tie (the engine re-rolls)."""
    if total_a == total_b:
        return None
    return "a" if total_a > total_b else "b"


def first_turn_bonus(attacker_total: int, defender_total: int, *, first_turn_twice: str = "at_least") -> bool:
    """Whether every attacking Body moves +50% on the first turn (§10.4): the attacker's
    Who's Attacking total twice the defender's (#26: `at_least` 2x, or `exactly`)."""
    if first_turn_twice == "at_least":
        return attacker_total >= 2 * defender_total
    if first_turn_twice == "exactly":
        return attacker_total == 2 * defender_total
    raise ValueError(f"first_turn_twice is at_least or exactly, got {first_turn_twice!r}")


FIRST_TURN_MOVE_FACTOR = 1.5  # §10.4: +50%


# §10.10 Scouting effects on placement: (you place, for every N the opponent places)
PLACEMENT_RATIO: dict[str, tuple[int, int]] = {"tripled": (9, 3), "doubled": (6, 3), "other": (3, 3)}


def placement_batch(own_scouting: int, other_scouting: int) -> tuple[int, int]:
    """(units you place, per units the opponent places) in alternate placement (§10.10):
    9 per 3 when the opponent out-scouts you 3x or more, 6 per 3 at 2x, else 3 per 3.
    An opponent with no scouts never out-scouts you (as #25)."""
    if other_scouting > 0 and other_scouting >= 3 * own_scouting:
        return PLACEMENT_RATIO["tripled"]
    if other_scouting > 0 and other_scouting >= 2 * own_scouting:
        return PLACEMENT_RATIO["doubled"]
    return PLACEMENT_RATIO["other"]


# §10.10 deployment restrictions (inches, before the distance scale of §1.3)
DEPLOY_FROM_BASELINE = (3.0, 12.0)
DEPLOY_FROM_SIDELINE = 12.0
DEPLOY_FROM_SIDELINE_FOOT_MELEE = 18.0  # Melee Foot and dismounted cavalry
