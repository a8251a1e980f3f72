"""The Wild Race rules options (spec §15): names verbatim, defaults first.

Each ruling that is a real choice is an option, declared once below (game/core/options.py):
what the set-up screen shows (CONTRACTS §8: a plain label and plain values; the spec's
option names and values stay in the files, on the command line and in the tooltip,
with the spec's section), and one line of help in the same plain words.
`parse_options` validates a mapping of name -> value and reports an unknown name or
value as BadInput.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.options import Option, OptionSet, OptionValues


@dataclass(frozen=True)
class Options(OptionValues):
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


OPTIONS = OptionSet(Options, [
    Option("priority_favour", "Favour on the priority roll", section="§3",
           values=(("one_per_player", "one per player"), ("none", "not allowed")),
           help="One per player: each turn a player may spend one racer's favour point on the priority roll. "
                "Not allowed: no favour on priority rolls."),
    Option("stamina_turns", "Stamina moves", section="§7",
           values=(("segments", "may turn between legs"), ("straight_only", "straight on only")),
           help="May turn between legs: stamina inches may be taken as extra straight legs, with a turn before "
                "each. Straight on only: stamina only lengthens the one straight line."),
    Option("friendly_racers", "Your own racers", section="§7",
           values=(("block", "block each other"), ("pass_through", "pass through each other")),
           help="Block each other: a racer stops at its own side's racers. Pass through each other: it moves "
                "through them."),
    Option("rear_end_push", "A rear-end push goes", section="§7 Overtake 1",
           values=(("own_facing", "along its own facing"), ("overtaker_direction", "the overtaker's way")),
           help="On a rear-end collision the racer hit is pushed 1\": along its own facing, or the overtaker's "
                "way (the direction the overtaker was moving)."),
    Option("whips_per_turn", "Whips a turn", section="§8",
           values=(("1", "one"), ("unlimited", "no limit")),
           help="One: a racer may whip once each turn. No limit: as often as it has targets."),
    Option("yah_direction", "A Yah! move goes", section="§8",
           values=(("straight", "straight ahead"), ("free", "any way you turn it")),
           help="Straight ahead: a Yah! move goes straight on. Any way you turn it: the racer may turn first."),
    Option("barge_free_move", "Free move after a failed barge", section="§9.2",
           values=(("gap", "up to the gap"), ("four_inches", "up to 4 inches"),
                   ("die_score", "up to its die score")),
           help="When a barge fails, the racer it aimed at may move toward the finish for free: up to the gap "
                "between the bases, up to 4 inches, or up to its die score."),
    Option("recycling", "Recycling passed scenery", section="§10",
           values=(("always", "always"), ("player_choice", "when the player chooses")),
           help="Always: the player with priority must recycle the scenery every racer has passed. When the "
                "player chooses: they may."),
    Option("recycle_reference", "Recycled scenery goes past", section="§10",
           values=(("front", "the leader"), ("rear", "the rearmost piece")),
           help="The leader: recycled scenery goes at least 6\" past the leading racer and every other piece. "
                "The rearmost piece: it is measured from the rearmost piece."),
    Option("edge_hit_rounding", "Edge hits, part inches", section="§12",
           values=(("ceil", "round up"), ("nearest", "round to nearest"), ("floor", "round down")),
           help="A racer forced into an edge takes one Strength 4 hit per inch it could not move; part inches: "
                "round up, round to nearest or round down (at least one hit)."),
    Option("forced_obstacle_hit", "Forced into a large obstacle", section="§12",
           values=(("yes", "a Strength 5 hit"), ("no", "it just stops")),
           help="A racer forced into a large obstacle takes a Strength 5 hit, or it just stops."),
    Option("turn_cap", "Turn limit", section="§13",
           numbers=(10, 100000),
           help="The race ends after this many turns; the racers still going are placed by how far they got."),
    Option("deaths_count", "Grand Prix: most kills counts", section="§13",
           values=(("lives", "lives taken"), ("casualties", "racers put out")),
           help="Grand Prix bonus for the most kills: count the lives taken, or only the racers put out of the "
                "race."),
    Option("gp_carry_favour", "Grand Prix: favour carries on", section="§13",
           values=(("no", "no"), ("yes", "yes")),
           help="Grand Prix: yes: unspent favour points carry on to the next race; no: they do not."),
])

# the names the screens, files and command line have always used
CHOICES, NUMBERS, LABELS, VALUE_WORDS, SECTIONS, HELP = OPTIONS.tables()
option_label, value_word, option_tooltip, option_names, parse_options, parse_option_pairs = OPTIONS.functions()
