"""The Doomwheel Race options (spec §11): names verbatim, defaults first.

`parse_options` validates a mapping of name -> value and reports an unknown name or
a bad value as BadInput. `turn_cap` is not a spec option: it is the engine's
safeguard that every race ends (docs/doomwheel-rulings.md).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from game.core.options import names_of, pairs_to_mapping, parse_named, spec_tooltip

CHOICES: dict[str, tuple[str, ...]] = {
    "move_distance": ("exact", "up_to"),
    "schwenk": ("wfb_wheel", "free_pivot"),
    "edge_damage": ("none", "d3_s4"),
    "tangled": ("replaces_move", "then_continue"),
    "ram_effect_timing": ("next_unstarted", "next_turn"),
    "sabotage_moves": ("pooled", "per_point"),
}
NUMBERS: dict[str, tuple[int, int]] = {"players": (2, 4), "laps": (1, 99), "turn_cap": (1, 10000)}

# What the set-up screen shows (CONTRACTS §8: a plain label and plain values; the
# spec's option names and values stay in the files, on the command line and in the
# tooltip, with the spec's section). A later ruleset registry reads these too.
LABELS: dict[str, str] = {
    "players": "Players",
    "laps": "Laps",
    "move_distance": "A wheel moves",
    "schwenk": "Turning (the Schwenk)",
    "edge_damage": "Hitting the track edge",
    "tangled": "Tangled in slaves",
    "ram_effect_timing": "A ram's effect falls on",
    "sabotage_moves": "Sabotage slides",
    "turn_cap": "Turn limit (safeguard)",
}
VALUE_WORDS: dict[str, dict[str, str]] = {
    "move_distance": {"exact": "the full roll", "up_to": "up to the roll"},
    "schwenk": {"wfb_wheel": "swings about a corner", "free_pivot": "turns on the spot"},
    "edge_damage": {"none": "it just stops", "d3_s4": "D3 Strength 4 hits"},
    "tangled": {"replaces_move": "ends the move", "then_continue": "then the move goes on"},
    "ram_effect_timing": {"next_unstarted": "the next move not begun", "next_turn": "next turn's move"},
    "sabotage_moves": {"pooled": "one slide for all points", "per_point": "one slide a point"},
}
SECTIONS: dict[str, str] = {
    "players": "§1", "laps": "§2", "move_distance": "§4", "schwenk": "§4", "edge_damage": "§4",
    "tangled": "§4 slave 1-2", "ram_effect_timing": "§5", "sabotage_moves": "§6", "turn_cap": "",
}
# One line each, in the same plain words (the tooltip adds the spec's name and section)
HELP: dict[str, str] = {
    "players": "How many Doomwheels race, one a player (2-4; the track must seat them).",
    "laps": "Laps to win; a lap counts only through every checkpoint in order.",
    "move_distance": "The full roll: a wheel moves its whole 3D6\" unless something stops it. Up to the "
                     "roll: any distance up to it.",
    "schwenk": "Swings about a corner: the turn swings about the inner front corner and the outer corner's "
               "arc counts against the move. Turns on the spot: the wheel turns where it is, for free.",
    "edge_damage": "It just stops: a wheel stops at the track edge. D3 Strength 4 hits: it also takes "
                   "D3 Strength 4 hits.",
    "tangled": "A slave roll of 1-2 tangles the wheel in a 2D6\" move, which ends the move; or the "
               "tangled move is made, then the move goes on.",
    "ram_effect_timing": "The next move not begun: a ram's result falls on the wheel's next move not yet "
                         "started (this turn's if it has not moved). Next turn's move: always next turn's.",
    "sabotage_moves": "One slide for all points: N points roll N D3 for one slide in one direction. One "
                      "slide a point: a D3\" slide for each point, each its own direction.",
    "turn_cap": "The race ends after this many turns; the most laps, then checkpoints, wins (not a rule "
                "of the game: it makes sure every race ends).",
}


def option_label(name: str) -> str:
    """The plain label of an option (its name if it has none)."""
    return LABELS.get(name, name)


def value_word(name: str, value: str) -> str:
    """The plain words for one value of a choice option (the value itself if none)."""
    return VALUE_WORDS.get(name, {}).get(value, value)


def option_tooltip(name: str) -> str:
    """The tooltip: the plain help, then the spec's name, values and section."""
    return spec_tooltip(name, HELP.get(name, ""), SECTIONS.get(name, ""), CHOICES.get(name))


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
