"""The Doomwheel Race on the command line (its registration's `simulate` and
`arena` hooks): one race with an agent in every seat, and head-to-head races of one
wheel a side. Output is byte-identical for the same arguments. What both races share
is game.ui.commands. No pygame."""

from __future__ import annotations

import argparse
import json
from typing import Any

from game.core.driver import play
from game.core.errors import BadInput
from game.levels.course import load_course
from game.rules.doomwheel import NAME, RULESET as DOOM, DoomSetup, check_field, new_state
from game.rules.doomwheel.options import parse_option_pairs
from game.ai.tally import Tally
from game.ui.commands import (agent_seed, arena_agent, default_level, recorded, run_jobs, seats_of,
                              shipped_courses, timed_play)


def simulate_doomwheel(args: argparse.Namespace) -> int:
    """`simulate doomwheel`: one race with `--agent` in every seat (any Doomwheel
    agent; greedy plays at random, as before); byte-identical output for the same
    arguments."""
    from game.ai.agents import make_agent
    kind = "random" if args.agent == "greedy" else args.agent
    make_agent(kind, 0, "simulate", ruleset=DOOM.name)  # an unknown agent: one line, exit 2
    path = args.course or default_level(DOOM.name)
    course = load_course(path)
    check_field(course, args.players, "simulate")  # before any seat is made: one line naming --players
    players = seats_of(args.players)
    st = new_state(DoomSetup(course, players, args.seed), parse_option_pairs(args.option, "simulate"))
    games: list[Any] | None = [] if getattr(args, "replay_out", None) else None
    rules = recorded(st, players, kind, args.seed, games)
    play(rules, st, {p: make_agent(kind, agent_seed(args.seed, i), "simulate", ruleset=DOOM.name)
                     for i, (p, _) in enumerate(players)})
    if games is not None:
        from game.save.replay import write_replay
        write_replay(args.replay_out, games)
    out = DOOM.outcome(st)
    if args.json:
        print(json.dumps({"schema": "wild-table/simulate", "version": 1, "ruleset": DOOM.name, "seed": args.seed,
                          "course": course.name, "race": out}, indent=2, sort_keys=True))
        return 0
    seat = dict(players)  # a wheel is named as the window names it, never by its id
    winner = seat.get(out["winner"], out["winner"]) if out["winner"] else "none"
    print(f"The Doomwheel Race on {course.name} (seed {args.seed}): {out['turns']} turns, "
          f"winner {winner} ({out['reason']})")
    for w in [p for p, _ in players if p in out["laps"]]:
        wrecked = "  wrecked" if not st.wheels[w].running else ""
        print(f"  {seat[w]:<7} laps {out['laps'][w]}  wounds {out['wounds'][w]}{wrecked}")
    return 0


# --------------------------------------------------------------------------- arena

def play_doomwheel(course: Any, options: Any, first: str, second: str, seed: int,
                   times: dict[str, list[float]]) -> str | None:
    """One Doomwheel race: seat p1 plays `first`, p2 `second`; returns the winning
    seat (None: a draw)."""
    st = new_state(DoomSetup(course, (("p1", "P1"), ("p2", "P2")), seed), options)
    agents = {"p1": arena_agent(first, seed * 2 + 1, DOOM.name), "p2": arena_agent(second, seed * 2 + 2, DOOM.name)}
    timed_play(DOOM, st, agents, {"p1": first, "p2": second}, times)
    winner: str | None = DOOM.outcome(st)["winner"]
    return winner


def _doom_race(job: tuple[Any, Any, str, str, int, bool]) -> tuple[bool | None, dict[str, list[float]]]:
    """Doomwheel race job -> (a won; None for a draw, decision times)."""
    course, options, a, b, seed, swap = job
    times: dict[str, list[float]] = {}
    first, second = (b, a) if swap else (a, b)
    winner = play_doomwheel(course, options, first, second, seed, times)
    if winner is None:
        return None, times
    return winner == ("p2" if swap else "p1"), times


def doom_options(pairs: list[str]) -> Any:
    """NAME=VALUE pairs as Doomwheel options (BadInput for a bad name or value)."""
    return parse_option_pairs(pairs, "arena")


def doomwheel_arena(args: argparse.Namespace) -> int:
    """`arena --ruleset doomwheel`: as for the Wild Race, one wheel a side; the
    default courses are every shipped Doomwheel course."""
    for k in (args.a, args.b):
        arena_agent(k, 0, NAME)
    paths = args.course or shipped_courses(NAME)
    courses = [load_course(p) for p in paths]
    for p, c in zip(paths, courses):
        check_field(c, 2, str(p))
    options = doom_options(args.option)
    if options.players != 2:
        raise BadInput("arena", "--option", "the arena races two wheels (players=2)")
    jobs = [(courses[(i // 2) % len(courses)], options, args.a, args.b, args.seed * 100003 + i // 2, i % 2 == 1)
            for i in range(args.races)]
    results = run_jobs(_doom_race, jobs, args.jobs)
    t = Tally.of(args.a, args.b, args.seed, results, [job[0].name for job in jobs])
    doc = t.doc(draws=True, ruleset=NAME, decisions={k: len(v) for k, v in t.times.items()})
    return t.print(args.json, doc, "Doomwheel Race, ", draws=True)
