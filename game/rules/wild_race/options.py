"""The Wild Race rules options (spec §15): names verbatim, defaults first.

Each ruling that is a real choice is an option; `parse_options` validates a mapping
of name -> value and reports an unknown name or value as BadInput.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from game.core.errors import BadInput

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


def option_names() -> list[str]:
    return [f.name for f in fields(Options)]


def parse_options(data: dict[str, Any] | None, source: str = "options", path: str = "options") -> Options:
    """Validate name -> value pairs (values as strings or, for numbers, ints)."""
    opts = Options()
    if not data:
        return opts
    if not isinstance(data, dict):
        raise BadInput(source, path, "must be an object of option names to values")
    changes: dict[str, Any] = {}
    for name in sorted(data):
        value = data[name]
        where = f"{path}.{name}"
        if name == "turn_cap":
            if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() and len(value) < 7:
                value = int(value)
            if isinstance(value, bool) or not isinstance(value, int) or not 10 <= value <= 100000:
                raise BadInput(source, where, f"must be a whole number from 10 to 100000, got {str(value)[:20]!r}")
            changes[name] = value
            continue
        if name not in CHOICES:
            known = ", ".join(option_names())
            raise BadInput(source, where, f"unknown option (known: {known})")
        text = str(value) if isinstance(value, (int, str)) and not isinstance(value, bool) else None
        if text not in CHOICES[name]:
            raise BadInput(source, where, f"must be one of {' | '.join(CHOICES[name])}, got {value!r}")
        changes[name] = text
    return replace(opts, **changes)


def parse_option_pairs(pairs: list[str], source: str = "--option") -> Options:
    """Command-line form: NAME=VALUE strings."""
    data: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise BadInput(source, pair, "expected NAME=VALUE")
        k, v = pair.split("=", 1)
        data[k.strip()] = v.strip()
    return parse_options(data, source, "option")
