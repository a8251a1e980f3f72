"""The Wild Race rules options (spec §15): names verbatim, defaults first.

Each ruling that is a real choice is an option; `parse_options` validates a mapping
of name -> value and reports an unknown name or value as BadInput.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from game.core.options import names_of, pairs_to_mapping, parse_named, spec_tooltip

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

# What the set-up screen shows (CONTRACTS §8: a plain label and plain values; the
# spec's option names and values stay in the files, on the command line and in the
# tooltip, with the spec's section). A later ruleset registry reads these too.
LABELS: dict[str, str] = {
    "priority_favour": "Favour on the priority roll",
    "stamina_turns": "Stamina moves",
    "friendly_racers": "Your own racers",
    "rear_end_push": "A rear-end push goes",
    "whips_per_turn": "Whips a turn",
    "yah_direction": "A Yah! move goes",
    "barge_free_move": "Free move after a failed barge",
    "recycling": "Recycling passed scenery",
    "recycle_reference": "Recycled scenery goes past",
    "edge_hit_rounding": "Edge hits, part inches",
    "forced_obstacle_hit": "Forced into a large obstacle",
    "turn_cap": "Turn limit",
    "deaths_count": "Grand Prix: most kills counts",
    "gp_carry_favour": "Grand Prix: favour carries on",
}
VALUE_WORDS: dict[str, dict[str, str]] = {
    "priority_favour": {"one_per_player": "one per player", "none": "not allowed"},
    "stamina_turns": {"segments": "may turn between legs", "straight_only": "straight on only"},
    "friendly_racers": {"block": "block each other", "pass_through": "pass through each other"},
    "rear_end_push": {"own_facing": "along its own facing", "overtaker_direction": "the overtaker's way"},
    "whips_per_turn": {"1": "one", "unlimited": "no limit"},
    "yah_direction": {"straight": "straight ahead", "free": "any way you turn it"},
    "barge_free_move": {"gap": "up to the gap", "four_inches": "up to 4 inches", "die_score": "up to its die score"},
    "recycling": {"always": "always", "player_choice": "when the player chooses"},
    "recycle_reference": {"front": "the leader", "rear": "the rearmost piece"},
    "edge_hit_rounding": {"ceil": "round up", "nearest": "round to nearest", "floor": "round down"},
    "forced_obstacle_hit": {"yes": "a Strength 5 hit", "no": "it just stops"},
    "deaths_count": {"lives": "lives taken", "casualties": "racers put out"},
    "gp_carry_favour": {"no": "no", "yes": "yes"},
}
SECTIONS: dict[str, str] = {
    "priority_favour": "§3", "stamina_turns": "§7", "friendly_racers": "§7", "rear_end_push": "§7 Overtake 1",
    "whips_per_turn": "§8", "yah_direction": "§8", "barge_free_move": "§9.2", "recycling": "§10",
    "recycle_reference": "§10", "edge_hit_rounding": "§12", "forced_obstacle_hit": "§12", "turn_cap": "§13",
    "deaths_count": "§13", "gp_carry_favour": "§13",
}
# One line each, in the same plain words (the tooltip adds the spec's name and section)
HELP: dict[str, str] = {
    "priority_favour": "One per player: each turn a player may spend one racer's favour point on the "
                       "priority roll. Not allowed: no favour on priority rolls.",
    "stamina_turns": "May turn between legs: stamina inches may be taken as extra straight legs, with a "
                     "turn before each. Straight on only: stamina only lengthens the one straight line.",
    "friendly_racers": "Block each other: a racer stops at its own side's racers. Pass through each other: "
                       "it moves through them.",
    "rear_end_push": "On a rear-end collision the racer hit is pushed 1\": along its own facing, or the "
                     "overtaker's way (the direction the overtaker was moving).",
    "whips_per_turn": "One: a racer may whip once each turn. No limit: as often as it has targets.",
    "yah_direction": "Straight ahead: a Yah! move goes straight on. Any way you turn it: the racer may "
                     "turn first.",
    "barge_free_move": "When a barge fails, the racer it aimed at may move toward the finish for free: "
                       "up to the gap between the bases, up to 4 inches, or up to its die score.",
    "recycling": "Always: the player with priority must recycle the scenery every racer has passed. When "
                 "the player chooses: they may.",
    "recycle_reference": "The leader: recycled scenery goes at least 6\" past the leading racer and "
                         "every other piece. The rearmost piece: it is measured from the rearmost piece.",
    "edge_hit_rounding": "A racer forced into an edge takes one Strength 4 hit per inch it could not move; part "
                         "inches: round up, round to nearest or round down (at least one hit).",
    "forced_obstacle_hit": "A racer forced into a large obstacle takes a Strength 5 hit, or it just stops.",
    "turn_cap": "The race ends after this many turns; the racers still going are placed by how far "
                "they got.",
    "deaths_count": "Grand Prix bonus for the most kills: count the lives taken, or only the racers put "
                    "out of the race.",
    "gp_carry_favour": "Grand Prix: yes: unspent favour points carry on to the next race; no: they do not.",
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


def option_names() -> list[str]:
    return names_of(Options)


def parse_options(data: dict[str, Any] | None, source: str = "options", path: str = "options") -> Options:
    """Validate name -> value pairs (values as strings or, for numbers, ints)."""
    return parse_named(data, Options(), CHOICES, NUMBERS, source, path)


def parse_option_pairs(pairs: list[str], source: str = "--option") -> Options:
    """Command-line form: NAME=VALUE strings."""
    return parse_options(pairs_to_mapping(pairs, source), source, "--option")
