"""The Wild Race rules options (spec §15): names verbatim, defaults first.

Each ruling that is a real choice is an option; `parse_options` validates a mapping
of name -> value and reports an unknown name or value as BadInput.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from game.core.options import names_of, pairs_to_mapping, parse_named

CHOICES: dict[str, tuple[str, ...]] = {
    "priority_favour": ("one_per_player", "none"),
    "stamina_turns": ("segments", "straight_only"),
    "friendly_racers": ("block", "pass_through"),
    "rear_end_push": ("own_facing", "overtaker_direction"),
    "whips_per_turn": ("1", "unlimited"),
    "yah_direction": ("straight", "free"),
    "barge_free_move": ("gap", "four_inches", "die_score"),
    "recycling": ("always", "player_choice"),
    "recycle_reference": ("front", "rear"),
    "edge_hit_rounding": ("ceil", "nearest", "floor"),
    "forced_obstacle_hit": ("yes", "no"),
    "deaths_count": ("lives", "casualties"),
    "gp_carry_favour": ("no", "yes"),
}


@dataclass(frozen=True)
class Options:
    priority_favour: str = "one_per_player"
    stamina_turns: str = "segments"
    friendly_racers: str = "block"
    rear_end_push: str = "own_facing"
    whips_per_turn: str = "1"
    yah_direction: str = "straight"
    barge_free_move: str = "gap"
    recycling: str = "always"
    recycle_reference: str = "front"
    edge_hit_rounding: str = "ceil"
    forced_obstacle_hit: str = "yes"
    turn_cap: int = 60
    deaths_count: str = "lives"
    gp_carry_favour: str = "no"

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


NUMBERS: dict[str, tuple[int, int]] = {"turn_cap": (10, 100000)}

# One line each for the set-up screen (spec §15; each value in the section named)
HELP: dict[str, str] = {
    "priority_favour": "one_per_player: a player may spend one racer's favour point on the priority "
                       "roll each turn; none: no favour on priority rolls (§3)",
    "stamina_turns": "segments: stamina inches may be taken as extra straight legs, a pivot before each; "
                     "straight_only: stamina only lengthens the one straight line (Movement Phase, §7)",
    "friendly_racers": "block: a racer stops at its own side's racers; pass_through: it moves through them (§7)",
    "rear_end_push": "Overtake 1: the racer ahead is pushed 1\" along its own_facing, or in the "
                     "overtaker_direction (§7)",
    "whips_per_turn": "1: a racer may whip once a turn; unlimited: as often as it has targets (§8)",
    "yah_direction": "straight: a Yah! move goes straight ahead; free: the racer may turn first (§8)",
    "barge_free_move": "how far the winning defender may move free: the gap between the bases, "
                       "four_inches, or its die_score (§9.2)",
    "recycling": "always: the priority player must recycle passed scenery; player_choice: may (§10)",
    "recycle_reference": "recycled scenery goes 6\" beyond the front of the race, or beyond the "
                         "rearmost object (§10)",
    "edge_hit_rounding": "forced into an edge: one Strength 4 hit per inch it could not move, the "
                         "inches rounded up (ceil), to the nearest or down (floor), at least one hit (§12)",
    "forced_obstacle_hit": "yes: a racer forced into a large obstacle takes a Strength 5 hit; no: it "
                           "just stops (§12)",
    "turn_cap": "the race ends after this many turns; the rest are then placed by progress (§13)",
    "deaths_count": "Grand Prix bonus for the most lives taken: count lives, or only racers made "
                    "casualties (§13)",
    "gp_carry_favour": "Grand Prix: yes: unspent favour points carry to the next race; no: they do "
                       "not (§13)",
}


def option_names() -> list[str]:
    return names_of(Options)


def parse_options(data: dict[str, Any] | None, source: str = "options", path: str = "options") -> Options:
    """Validate name -> value pairs (values as strings or, for numbers, ints)."""
    return parse_named(data, Options(), CHOICES, NUMBERS, source, path)


def parse_option_pairs(pairs: list[str], source: str = "--option") -> Options:
    """Command-line form: NAME=VALUE strings."""
    return parse_options(pairs_to_mapping(pairs, source), source, "--option")
