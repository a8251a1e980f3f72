"""The Doomwheel Race options (spec §11): names verbatim, defaults first.

`parse_options` validates a mapping of name -> value and reports an unknown name or
a bad value as BadInput. `turn_cap` is not a spec option: it is the engine's
safeguard that every race ends (docs/doomwheel-rulings.md).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from game.core.errors import BadInput

CHOICES: dict[str, tuple[str, ...]] = {
    "move_distance": ("exact", "up_to"),
    "schwenk": ("wfb_wheel", "free_pivot"),
    "edge_damage": ("none", "d3_s4"),
    "tangled": ("replaces_move", "then_continue"),
    "ram_effect_timing": ("next_unstarted", "next_turn"),
    "sabotage_moves": ("pooled", "per_point"),
}
NUMBERS: dict[str, tuple[int, int]] = {"players": (2, 4), "laps": (1, 99), "turn_cap": (1, 10000)}


@dataclass(frozen=True)
class Options:
    players: int = 2
    laps: int = 3
    move_distance: str = "exact"
    schwenk: str = "wfb_wheel"
    edge_damage: str = "none"
    tangled: str = "replaces_move"
    ram_effect_timing: str = "next_unstarted"
    sabotage_moves: str = "pooled"
    turn_cap: int = 100

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def option_names() -> list[str]:
    return [f.name for f in fields(Options)]


def _number(name: str, value: Any, source: str, path: str) -> int:
    lo, hi = NUMBERS[name]
    if isinstance(value, bool):
        raise BadInput(source, f"{path}.{name}", f"must be a whole number {lo}-{hi}, got {value!r}")
    if isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            raise BadInput(source, f"{path}.{name}", f"must be a whole number {lo}-{hi}, got {value!r}") from None
    if not isinstance(value, int) or not lo <= value <= hi:
        raise BadInput(source, f"{path}.{name}", f"must be a whole number {lo}-{hi}, got {value!r}")
    return value


def parse_options(data: dict[str, Any] | None, source: str = "options", path: str = "options") -> Options:
    """Validate name -> value pairs (strings, or whole numbers for the numeric ones)."""
    opts = Options()
    if not data:
        return opts
    if not isinstance(data, dict):
        raise BadInput(source, path, "must be an object of option names and values")
    changes: dict[str, Any] = {}
    for name in sorted(data):
        value = data[name]
        if name in NUMBERS:
            changes[name] = _number(name, value, source, path)
        elif name in CHOICES:
            allowed = CHOICES[name]
            if not isinstance(value, str) or value not in allowed:
                raise BadInput(source, f"{path}.{name}", f"must be one of {', '.join(allowed)}; got {value!r}")
            changes[name] = value
        else:
            raise BadInput(source, f"{path}.{name}",
                           f"unknown option (the options are: {', '.join(option_names())})")
    return replace(opts, **changes)
