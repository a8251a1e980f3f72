"""`simulate`: whole games with the agents at every seat; output is byte-identical
for the same arguments (no hash order, no wall clock).

The command line finds a ruleset's simulate through its registration
(game.core.registry): the races register their own, in their top rooms
(game/ui/<r>/commands.py); a ruleset that registers none is played here by
`simulate_games`, from its `quick_setup`. What the hooks share (seats, agent seeds,
recording) is game.ui.commands, re-exported here."""

from __future__ import annotations

import argparse
import json
from typing import Any

from game.core import registry
from game.core.driver import play
from game.core.errors import BadInput
from game.names import PLAYER_IDS
from game.ui.commands import ROOT, agent_seed, default_level, make_agents, package_level, recorded, seats_of

__all__ = ["PLAYER_IDS", "ROOT", "agent_seed", "default_level", "make_agents", "seats_of", "simulate_games"]


def __getattr__(name: str) -> Any:
    """<PACKAGE>_COURSE: that ruleset's default level, relative to the project root."""
    try:
        return package_level(name, "_COURSE")
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


def simulate_games(args: argparse.Namespace) -> int:
    """`simulate <name>` for a ruleset that registers no simulate of its own: one
    whole game with its agents (`--agent`; the random agent when it registers none)
    at every seat, built by its `quick_setup` (seats, seed, options), seeded as the
    races are (agent_seed); prints its outcome, or --json: the simulate schema with
    "games" (each: seed and the ruleset's outcome). Byte-identical for the same
    arguments."""
    from game.core.random_agent import RandomAgent
    reg = registry.get(args.ruleset)
    if reg.quick_setup is None:
        raise BadInput("simulate", "ruleset", f"{_title(reg.title)} cannot be simulated (it registers no quick_setup)")
    if getattr(args, "replay_out", None) and reg.setup_fields is None:
        raise BadInput("simulate", "--replay-out", f"{_title(reg.title)} cannot be recorded (no setup_fields)")
    if reg.options is not None:
        options = reg.options.parse_option_pairs(args.option, "simulate")
    elif args.option:
        raise BadInput("simulate", "--option", f"{_title(reg.title)} has no options")
    else:
        options = None
    if reg.make_agent is not None:
        reg.make_agent(args.agent, 0, "simulate")  # an unknown agent: one line, exit 2
    if not 1 <= args.players <= len(PLAYER_IDS):
        raise BadInput("simulate", "--players", f"1-{len(PLAYER_IDS)} players")
    players = seats_of(args.players)
    ids = [p for p, _ in players]
    st = reg.ruleset.new_state(reg.quick_setup(ids, args.seed, options), options)
    kind = args.agent if reg.make_agent is not None else "random"
    agents = {p: (reg.make_agent(kind, agent_seed(args.seed, i), "simulate") if reg.make_agent is not None
                  else RandomAgent(agent_seed(args.seed, i))) for i, p in enumerate(ids)}
    games: list[Any] | None = [] if getattr(args, "replay_out", None) else None
    play(recorded(st, players, kind, args.seed, games), st, agents)
    if games is not None:
        from game.save.replay import write_replay
        write_replay(args.replay_out, games)
    out = reg.ruleset.outcome(st)
    if args.json:
        print(json.dumps({"schema": "wild-table/simulate", "version": 1, "ruleset": reg.name, "seed": args.seed,
                          "games": [{"seed": args.seed, "outcome": out}]}, indent=2, sort_keys=True))
        return 0
    seat = dict(players)  # a seat is named as the window names it, never by its id
    winner = out.get("winner")
    print(f"{reg.title} (seed {args.seed}): winner {seat.get(winner, winner) if winner else 'none'}")
    for key in sorted(k for k in out if k != "winner"):
        value = out[key]
        if isinstance(value, dict):
            value = ", ".join(f"{seat.get(k, k)} {v}" for k, v in value.items())
        print(f"  {key}: {value}")
    return 0


def _title(title: str) -> str:
    """"the Wild Race" for "The Wild Race", within a sentence."""
    return "the " + title[4:] if title.startswith("The ") else title
