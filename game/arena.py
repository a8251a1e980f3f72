"""`arena`: head-to-head 2-player races between two agents, seat order swapped
every other race on the same course and dice seed; win rates with 95% (Wilson)
intervals, per-course counts and decision times.

The Wild Race (the default): one racer each; a player wins when its best racer
places first (CONTRACTS §9). The Doomwheel Race (`--ruleset doomwheel`): one wheel
each, on every shipped Doomwheel course in turn; a race can end in a draw (the
spec's draw rule, or the turn cap with equal laps): a draw is not a win, and the
JSON counts draws apart. `arena_command` finds the ruleset's arena through its
registration (game.core.registry, set by its ui room)."""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

from game.levels.course import load_course
from game.core import registry
from game.core.driver import sample_chance
from game.core.errors import BadInput
from game.core.protocol import CHANCE, TERMINAL
from game.rules.wild_race import RULESET, RaceSetup, check_field, new_state
from game.rules.wild_race.options import parse_option_pairs

MAX_RACES = 100_000


def make_agent(kind: str, seed: int, ruleset: str | None = None) -> Any:
    from game.ai.agents import make_agent as make
    return make(kind, seed, "arena", ruleset=ruleset)


def ruleset_arg(name: str) -> registry.Registration:
    """The registered ruleset a --ruleset value names; BadInput otherwise."""
    reg = registry.find(str(name))
    if reg is None:
        names = registry.names()
        known = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else "".join(names)
        raise BadInput("arena", "--ruleset", f"unknown ruleset {name!r} ({known})")
    return reg


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


def play_doomwheel(course: Any, options: Any, first: str, second: str, seed: int,
                   times: dict[str, list[float]]) -> str | None:
    """One Doomwheel race: seat p1 plays `first`, p2 `second`; returns the winning
    seat (None: a draw)."""
    from game.rules.doomwheel import RULESET as DOOM, DoomSetup, new_state as new_doom
    st = new_doom(DoomSetup(course, (("p1", "P1"), ("p2", "P2")), seed), options)
    agents = {"p1": make_agent(first, seed * 2 + 1, DOOM.name), "p2": make_agent(second, seed * 2 + 2, DOOM.name)}
    labels = {"p1": first, "p2": second}
    while True:
        actor = DOOM.current_actor(st)
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            DOOM.apply(st, sample_chance(DOOM, st))
            continue
        legal = DOOM.legal_choices(st)
        t = time.perf_counter()
        choice = agents[actor].act(DOOM, st, legal)
        times.setdefault(labels[actor], []).append(time.perf_counter() - t)
        DOOM.apply(st, choice)
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


def shipped_courses(ruleset: str | None = None) -> list[str]:
    """Every shipped level of the ruleset (None: the first ruleset)."""
    import glob
    import os
    reg = registry.default() if ruleset is None else registry.get(ruleset)
    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), *reg.levels_dir.split("/"))
    return sorted(glob.glob(os.path.join(root, "*.json")))


def doom_options(pairs: list[str]) -> Any:
    """NAME=VALUE pairs as Doomwheel options (BadInput for a bad name or value)."""
    from game.rules.doomwheel.options import parse_option_pairs as doom_pairs
    return doom_pairs(pairs, "arena")


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
    reg = ruleset_arg(getattr(args, "ruleset", None) or registry.default().name)
    registry.load("ui")  # the command-line hooks are the top rooms'
    return int(reg.hook("arena")(args))


def wild_race_arena(args: argparse.Namespace) -> int:
    """`arena` for the Wild Race: one racer a side."""
    for k in (args.a, args.b):
        make_agent(k, 0)
    paths = args.course or ["all"]
    if paths == ["all"]:
        paths = shipped_courses(RULESET.name)
    courses = [load_course(p) for p in paths]
    for p, c in zip(paths, courses):
        check_field(c, 2, 1, "arena", course_source=str(p))
    options = parse_option_pairs(args.option, "arena")
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


def doomwheel_arena(args: argparse.Namespace) -> int:
    """`arena --ruleset doomwheel`: as for the Wild Race, one wheel a side; the
    default courses are every shipped Doomwheel course."""
    from game.rules.doomwheel import NAME, check_field as doom_field
    for k in (args.a, args.b):
        make_agent(k, 0, NAME)
    paths = args.course or shipped_courses(NAME)
    courses = [load_course(p) for p in paths]
    for p, c in zip(paths, courses):
        doom_field(c, 2, str(p))
    options = doom_options(args.option)
    if options.players != 2:
        raise BadInput("arena", "--option", "the arena races two wheels (players=2)")
    jobs = [(courses[(i // 2) % len(courses)], options, args.a, args.b, args.seed * 100003 + i // 2, i % 2 == 1)
            for i in range(args.races)]
    if args.jobs > 1:
        import multiprocessing
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            results = pool.map(_doom_race, jobs, chunksize=1)
    else:
        results = [_doom_race(j) for j in jobs]
    times: dict[str, list[float]] = {args.a: [], args.b: []}
    per_course: dict[str, list[int]] = {}
    a_wins = draws = 0
    for (won, t), job in zip(results, jobs):
        a_wins += won is True
        draws += won is None
        for k, v in t.items():
            times[k].extend(v)
        row = per_course.setdefault(job[0].name, [0, 0, 0])
        row[0] += won is True
        row[1] += 1
        row[2] += won is None
    lo, hi = wilson(a_wins, args.races)
    ms = {k: (1000 * sum(v) / len(v) if v else 0.0) for k, v in times.items()}
    doc = {"ruleset": NAME, "a": args.a, "b": args.b, "races": args.races, "seed": args.seed,
           "a_wins": a_wins, "draws": draws, "a_win_rate": a_wins / args.races, "a_win_ci": [lo, hi],
           "decisions": {k: len(v) for k, v in times.items()}, "mean_decision_ms": ms,
           "median_decision_ms": {k: 1000 * percentile(v, 0.5) for k, v in times.items()},
           "p95_decision_ms": {k: 1000 * percentile(v, 0.95) for k, v in times.items()},
           "courses": {name: {"races": n, "a_wins": w, "draws": d} for name, (w, n, d) in sorted(per_course.items())}}
    if args.json:
        print(json.dumps(doc, indent=2, sort_keys=True))
        return 0
    print(f"Doomwheel Race, {args.a} vs {args.b}: {args.a} won {a_wins} of {args.races} "
          f"({100 * a_wins / args.races:.1f}%, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%), {draws} drawn")
    for name, (w, n, d) in sorted(per_course.items()):
        print(f"  {name}: {w} of {n}" + (f" ({d} drawn)" if d else ""))
    for k, mean in ms.items():
        print(f"  {k}: {mean:.3f} ms a decision (median {doc['median_decision_ms'][k]:.3f}, "
              f"95th percentile {doc['p95_decision_ms'][k]:.3f})")
    return 0
