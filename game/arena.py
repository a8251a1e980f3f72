"""`arena`: head-to-head 2-player Wild Races between two agents, seat order swapped
every other race; win rates with 95% (Wilson) intervals and mean decision times.
A player wins when its best racer places first (CONTRACTS §9)."""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

from game.core.course import load_course
from game.core.driver import sample_chance
from game.core.errors import BadInput
from game.core.protocol import CHANCE, TERMINAL
from game.rules.wild_race import RULESET, RaceSetup, new_state
from game.rules.wild_race.options import parse_option_pairs

AGENTS = ("random", "greedy")
MAX_RACES = 100_000


def make_agent(kind: str, seed: int) -> Any:
    from game.ai.greedy import GreedyAgent
    from game.ai.random_agent import RandomAgent
    if kind == "greedy":
        return GreedyAgent(seed)
    if kind == "random":
        return RandomAgent(seed)
    raise BadInput("arena", "agent", f"unknown agent {kind!r} (available: {', '.join(AGENTS)})")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def play_one(course: Any, options: Any, first: str, second: str, seed: int,
             times: dict[str, list[float]]) -> str | None:
    """One race: 'a' seat plays `first`; returns the winning seat's agent label."""
    st = new_state(RaceSetup(course, (("p1", "P1"), ("p2", "P2")), 1, seed), options)
    agents = {"p1": make_agent(first, seed * 2 + 1), "p2": make_agent(second, seed * 2 + 2)}
    labels = {"p1": first, "p2": second}
    while True:
        actor = RULESET.current_actor(st)
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            RULESET.apply(st, sample_chance(RULESET, st))
            continue
        legal = RULESET.legal_choices(st)
        t = time.perf_counter()
        choice = agents[actor].act(RULESET, st, legal)
        times[labels[actor]].append(time.perf_counter() - t)
        RULESET.apply(st, choice)
    order = RULESET.outcome(st)["order"]
    return order[0].split("-")[0] if order else None


def arena_command(args: argparse.Namespace) -> int:
    if not 1 <= args.races <= MAX_RACES:
        raise BadInput("arena", "--races", f"must be 1-{MAX_RACES}")
    for k in (args.a, args.b):
        make_agent(k, 0)
    course = load_course(args.course)
    options = parse_option_pairs(args.option)
    times: dict[str, list[float]] = {args.a: [], args.b: []}
    if args.a == args.b:
        times = {args.a: []}
    a_wins = 0.0
    for i in range(args.races):
        swap = i % 2 == 1
        first, second = (args.b, args.a) if swap else (args.a, args.b)
        winner_seat = play_one(course, options, first, second, args.seed * 100003 + i, times)
        a_seat = "p2" if swap else "p1"
        if winner_seat == a_seat:
            a_wins += 1
    lo, hi = wilson(a_wins, args.races)
    ms = {k: (1000 * sum(v) / len(v) if v else 0.0) for k, v in times.items()}
    doc = {"a": args.a, "b": args.b, "races": args.races, "seed": args.seed, "a_wins": int(a_wins),
           "a_win_rate": a_wins / args.races, "a_win_ci": [lo, hi], "mean_decision_ms": ms}
    if args.json:
        print(json.dumps(doc, indent=2, sort_keys=True))
    else:
        print(f"{args.a} vs {args.b}: {args.a} won {int(a_wins)} of {args.races} "
              f"({100 * a_wins / args.races:.1f}%, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%)")
        for k, v in ms.items():
            print(f"  {k}: {v:.3f} ms a decision")
    return 0
