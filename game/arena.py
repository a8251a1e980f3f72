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
from game.rules.wild_race import RULESET, RaceSetup, check_field, new_state
from game.rules.wild_race.options import parse_option_pairs

MAX_RACES = 100_000


def make_agent(kind: str, seed: int) -> Any:
    from game.ai.agents import make_agent as make
    return make(kind, seed, "arena")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    # rounded, and never excluding the observed rate (6 of 6 must give an upper bound of 1)
    return max(0.0, min(p, round(c - h, 12))), min(1.0, max(p, round(c + h, 12)))


def play_one(course: Any, options: Any, first: str, second: str, seed: int,
             times: dict[str, list[float]]) -> str | None:
    """One race: seat p1 plays `first`, p2 `second`; returns the winning seat."""
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
        times.setdefault(labels[actor], []).append(time.perf_counter() - t)
        RULESET.apply(st, choice)
    order = RULESET.outcome(st)["order"]
    return order[0].split("-")[0] if order else None


def _race(job: tuple[Any, Any, str, str, int, bool]) -> tuple[bool, dict[str, list[float]]]:
    """Race job: (course, options, a, b, seed, swapped) -> (a won, decision times)."""
    course, options, a, b, seed, swap = job
    times: dict[str, list[float]] = {}
    first, second = (b, a) if swap else (a, b)
    winner = play_one(course, options, first, second, seed, times)
    return winner == ("p2" if swap else "p1"), times


def shipped_courses() -> list[str]:
    import glob
    import os
    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "levels", "wild_race")
    return sorted(glob.glob(os.path.join(root, "*.json")))


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * len(ys)))]


def arena_command(args: argparse.Namespace) -> int:
    if not 1 <= args.races <= MAX_RACES:
        raise BadInput("arena", "--races", f"must be 1-{MAX_RACES}")
    if not 1 <= args.jobs <= 64:
        raise BadInput("arena", "--jobs", "must be 1-64")
    for k in (args.a, args.b):
        make_agent(k, 0)
    paths = args.course or ["all"]
    if paths == ["all"]:
        paths = shipped_courses()
    courses = [load_course(p) for p in paths]
    for p, c in zip(paths, courses):
        check_field(c, 2, 1, "arena", course_source=str(p))
    options = parse_option_pairs(args.option)
    # races come in pairs on the same course and dice seed, seats swapped
    jobs = [(courses[(i // 2) % len(courses)], options, args.a, args.b, args.seed * 100003 + i // 2, i % 2 == 1)
            for i in range(args.races)]
    if args.jobs > 1:
        import multiprocessing
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            results = pool.map(_race, jobs, chunksize=1)
    else:
        results = [_race(j) for j in jobs]
    times: dict[str, list[float]] = {args.a: [], args.b: []}
    per_course: dict[str, list[int]] = {}
    a_wins = 0
    for (won, t), job in zip(results, jobs):
        a_wins += won
        for k, v in t.items():
            times[k].extend(v)
        row = per_course.setdefault(job[0].name, [0, 0])
        row[0] += won
        row[1] += 1
    lo, hi = wilson(a_wins, args.races)
    ms = {k: (1000 * sum(v) / len(v) if v else 0.0) for k, v in times.items()}
    doc = {"a": args.a, "b": args.b, "races": args.races, "seed": args.seed, "a_wins": a_wins,
           "a_win_rate": a_wins / args.races, "a_win_ci": [lo, hi], "mean_decision_ms": ms,
           "median_decision_ms": {k: 1000 * percentile(v, 0.5) for k, v in times.items()},
           "p95_decision_ms": {k: 1000 * percentile(v, 0.95) for k, v in times.items()},
           "courses": {name: {"races": n, "a_wins": w} for name, (w, n) in sorted(per_course.items())}}
    if args.json:
        print(json.dumps(doc, indent=2, sort_keys=True))
    else:
        print(f"{args.a} vs {args.b}: {args.a} won {a_wins} of {args.races} "
              f"({100 * a_wins / args.races:.1f}%, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%)")
        for name, (w, n) in sorted(per_course.items()):
            print(f"  {name}: {w} of {n}")
        for k, v in ms.items():
            print(f"  {k}: {v:.3f} ms a decision (median {doc['median_decision_ms'][k]:.3f}, "
                  f"95th percentile {doc['p95_decision_ms'][k]:.3f})")
    return 0
