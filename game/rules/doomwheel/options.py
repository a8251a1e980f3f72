"""The Doomwheel Race options (spec §11): names verbatim, defaults first, declared
once below (game/core/options.py) with the plain label and value words the set-up
screen shows, the spec's section and one line of help.

`parse_options` validates a mapping of name -> value and reports an unknown name or
a bad value as BadInput. `turn_cap` is not a spec option: it is the engine's
safeguard that every race ends (docs/doomwheel-rulings.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.options import Option, OptionSet, OptionValues


@dataclass(frozen=True)
class Options(OptionValues):
    players: int = 2
    laps: int = 3
    move_distance: str = "exact"
    schwenk: str = "wfb_wheel"
    edge_damage: str = "none"
    tangled: str = "replaces_move"
    ram_effect_timing: str = "next_unstarted"
    sabotage_moves: str = "pooled"
    turn_cap: int = 100


OPTIONS = OptionSet(Options, [
    Option("players", "Players", section="§1",
           numbers=(2, 4),
           help="How many Doomwheels race, one a player (2-4; the track must seat them)."),
    Option("laps", "Laps", section="§2",
           numbers=(1, 99),
           help="Laps to win; a lap counts only through every checkpoint in order."),
    Option("move_distance", "A wheel moves", section="§4",
           values=(("exact", "the full roll"), ("up_to", "up to the roll")),
           help="The full roll: a wheel moves its whole 3D6\" unless something stops it. Up to the roll: any "
                "distance up to it."),
    Option("schwenk", "Turning (the Schwenk)", section="§4",
           values=(("wfb_wheel", "swings about a corner"), ("free_pivot", "turns on the spot")),
           help="Swings about a corner: the turn swings about the inner front corner and the outer corner's arc"
                " counts against the move. Turns on the spot: the wheel turns where it is, for free."),
    Option("edge_damage", "Hitting the track edge", section="§4",
           values=(("none", "it just stops"), ("d3_s4", "D3 Strength 4 hits")),
           help="It just stops: a wheel stops at the track edge. D3 Strength 4 hits: it also takes D3 Strength "
                "4 hits."),
    Option("tangled", "Tangled in slaves", section="§4 slave 1-2",
           values=(("replaces_move", "ends the move"), ("then_continue", "then the move goes on")),
           help="A slave roll of 1-2 tangles the wheel in a 2D6\" move, which ends the move; or the tangled move"
                " is made, then the move goes on."),
    Option("ram_effect_timing", "A ram's effect falls on", section="§5",
           values=(("next_unstarted", "the next move not begun"), ("next_turn", "next turn's move")),
           help="The next move not begun: a ram's result falls on the wheel's next move not yet started (this "
                "turn's if it has not moved). Next turn's move: always next turn's."),
    Option("sabotage_moves", "Sabotage slides", section="§6",
           values=(("pooled", "one slide for all points"), ("per_point", "one slide a point")),
           help="One slide for all points: N points roll N D3 for one slide in one direction. One slide a "
                "point: a D3\" slide for each point, each its own direction."),
    Option("turn_cap", "Turn limit (safeguard)", section="",
           numbers=(1, 10000),
           help="The race ends after this many turns; the most laps, then checkpoints, wins (not a rule of the "
                "game: it makes sure every race ends)."),
])

# the names the screens, files and command line have always used
CHOICES, NUMBERS, LABELS, VALUE_WORDS, SECTIONS, HELP = OPTIONS.tables()
option_label, value_word, option_tooltip, option_names, parse_options, parse_option_pairs = OPTIONS.functions()
