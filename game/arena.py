"""`arena`: head-to-head 2-player races between two agents, seat order swapped
every other race on the same course and dice seed; win rates with 95% (Wilson)
intervals, per-course counts and decision times.

The Wild Race (the default): one racer each; a player wins when its best racer
places first (CONTRACTS §9). The Doomwheel Race (`--ruleset doomwheel`): one wheel
each, on every shipped Doomwheel course in turn; a race can end in a draw (the
spec's draw rule, or the turn cap with equal laps): a draw is not a win, and the
JSON counts draws apart. `arena_command` finds the ruleset's arena through its
registration (game.core.registry): each race's is in its top room
(game/ui/<r>/commands.py); what they share is game.ui.commands, re-exported here."""

from __future__ import annotations

import argparse

from game.core import registry
from game.core.errors import BadInput
from game.ai.tally import percentile, wilson
from game.ui.commands import arena_agent as make_agent, shipped_courses

__all__ = ["MAX_RACES", "arena_command", "make_agent", "percentile", "ruleset_arg", "shipped_courses", "wilson"]

MAX_RACES = 100_000


def ruleset_arg(name: str) -> registry.Registration:
    """The registered ruleset a --ruleset value names; BadInput otherwise."""
    reg = registry.find(str(name), playable=True)
    if reg is None:
        names = registry.names()
        known = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else "".join(names)
        raise BadInput("arena", "--ruleset", f"unknown ruleset {name!r} ({known})")
    return reg


def arena_command(args: argparse.Namespace) -> int:
    if not 1 <= args.races <= MAX_RACES:
        raise BadInput("arena", "--races", f"must be 1-{MAX_RACES}")
    if not 1 <= args.jobs <= 64:
        raise BadInput("arena", "--jobs", "must be 1-64")
    reg = ruleset_arg(getattr(args, "ruleset", None) or registry.default().name)
    registry.load("ui")  # the command-line hooks are the top rooms'
    arena = reg.hook("arena")
    if arena is None:
        raise BadInput("arena", "--ruleset", f"{reg.title} registers no arena")
    return int(arena(args))
