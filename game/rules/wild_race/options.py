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


def option_names() -> list[str]:
    return names_of(Options)


def parse_options(data: dict[str, Any] | None, source: str = "options", path: str = "options") -> Options:
    """Validate name -> value pairs (values as strings or, for numbers, ints)."""
    return parse_named(data, Options(), CHOICES, NUMBERS, source, path)


def parse_option_pairs(pairs: list[str], source: str = "--option") -> Options:
    """Command-line form: NAME=VALUE strings."""
    return parse_options(pairs_to_mapping(pairs, source), source, "--option")
