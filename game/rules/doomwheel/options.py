"""The Doomwheel Race options (spec §11): names verbatim, defaults first.

`parse_options` validates a mapping of name -> value and reports an unknown name or
a bad value as BadInput. `turn_cap` is not a spec option: it is the engine's
safeguard that every race ends (docs/doomwheel-rulings.md).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from game.core.options import names_of, pairs_to_mapping, parse_named

CHOICES: dict[str, tuple[str, ...]] = {
    "move_distance": ("exact", "up_to"),
    "schwenk": ("wfb_wheel", "free_pivot"),
    "edge_damage": ("none", "d3_s4"),
    "tangled": ("replaces_move", "then_continue"),
    "ram_effect_timing": ("next_unstarted", "next_turn"),
    "sabotage_moves": ("pooled", "per_point"),
}
NUMBERS: dict[str, tuple[int, int]] = {"players": (2, 4), "laps": (1, 99), "turn_cap": (1, 10000)}

# One line each for the set-up screen (spec §11; each value in the section named)
HELP: dict[str, str] = {
    "players": "how many Doomwheels race, one a player (2-4; the track must seat them) (§1)",
    "laps": "laps to win; a lap counts only through every checkpoint in order (§2)",
    "move_distance": "exact: a wheel moves its full 3D6\" unless stopped; up_to: any distance up to it (§4)",
    "schwenk": "wfb_wheel: the turn swings about the inner front corner and the outer corner's arc "
               "counts against the move; free_pivot: it turns on the spot for free (§4)",
    "edge_damage": "none: a wheel just stops at the track edge; d3_s4: it also takes D3 Strength 4 hits (§4)",
    "tangled": "slave 1-2: replaces_move: the 2D6\" tangled move replaces the rest of the move; "
               "then_continue: the move then goes on (§4)",
    "ram_effect_timing": "next_unstarted: a ram result takes the wheel's next move not yet started "
                         "(this turn's if it has not moved); next_turn: always next turn's (§5)",
    "sabotage_moves": "pooled: N points roll N D3 for one slide in one direction; per_point: a D3\" "
                      "slide for each point, each its own direction (§6)",
    "turn_cap": "the race ends after this many turns; the most laps, then checkpoints, wins",
}


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
    return names_of(Options)


def parse_options(data: dict[str, Any] | None, source: str = "options", path: str = "options") -> Options:
    """Validate name -> value pairs (strings, or whole numbers for the numeric ones)."""
    return parse_named(data, Options(), CHOICES, NUMBERS, source, path)


def parse_option_pairs(pairs: list[str], source: str = "--option") -> Options:
    """Command-line form: NAME=VALUE strings."""
    return parse_options(pairs_to_mapping(pairs, source), source, "--option")
