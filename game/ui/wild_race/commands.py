"""The Wild Race on the command line (its registration's `simulate` and `arena`
hooks): whole races or a Grand Prix with the simple agents, and head-to-head races
of one racer a side. Output is byte-identical for the same arguments (no hash order,
no wall clock). What both races share is game.ui.commands. No pygame."""

from __future__ import annotations

import argparse
import json
from typing import Any

from game.core.driver import play
from game.core.errors import BadInput
from game.levels.course import load_course
from game.rules.wild_race import RULESET, RaceSetup, check_field, new_state
from game.rules.wild_race.grand_prix import Standings
from game.rules.wild_race.options import parse_option_pairs
from game.rules.wild_race.state import RaceState
from game.ai.tally import Tally
from game.ui.commands import (arena_agent, default_level, make_agents, recorded, run_jobs, seats_of,
                              shipped_courses, timed_play)

MAX_GP_RACES = 100


def run_race(course: Any, players: int, per: int, seed: int, options: Any, agent: str,
             favour: dict[str, int] | None = None, games: list[Any] | None = None) -> RaceState:
    """One simulated race (`favour`: each racer's carried favour, in a Grand Prix)."""
    pl = seats_of(players)
    st = new_state(RaceSetup(course, pl, per, seed), options)
    if favour:
        for rid, f in favour.items():
            if rid in st.racers:
                st.racers[rid].favour = f
    play(recorded(st, pl, agent, seed, games), st, make_agents(agent, [p for p, _ in pl], seed))
    return st


def race_summary(st: RaceState) -> dict[str, Any]:
    out = RULESET.outcome(st)
    racers = []
    for place, rid in enumerate(out["order"], 1):
        r = st.racers[rid]
        racers.append({"place": place, "racer": rid, "name": r.name, "player": r.player, "status": r.status,
                       "lives": r.lives, "lives_taken": r.lives_taken, "favour_spent": r.favour_spent,
                       "stamina_spent": r.stamina_spent})
    return {"turns": st.turn, "winner": out["winner"], "order": out["order"], "casualties": out["casualties"],
            "racers": racers}


def simulate_args(parser: argparse.ArgumentParser) -> None:
    """The Wild Race's own `simulate wild-race` options."""
    parser.add_argument("--racers-per-player", type=int, default=2, help="1-3 racers each (default 2)")
    parser.add_argument("--grand-prix", type=int, default=0, metavar="RACES", help="a Grand Prix of this many races "
                                                                                   "(--replay-out: every race in "
                                                                                   "one file)")


def simulate_command(args: argparse.Namespace) -> int:
    """`simulate wild-race`: a race, or a Grand Prix of --grand-prix races."""
    if not 0 <= args.grand_prix <= MAX_GP_RACES:
        raise BadInput("simulate", "--grand-prix", f"a series is 1-{MAX_GP_RACES} races (0: one race, no series)")
    if getattr(args, "course", None) is None:
        args.course = default_level(RULESET.name)
    course = load_course(args.course)
    options = parse_option_pairs(args.option, "simulate")
    check_field(course, args.players, args.racers_per_player, "simulate", course_source=args.course)
    races = max(1, args.grand_prix)
    standings = Standings()
    results = []
    favour: dict[str, int] | None = None
    games: list[Any] | None = [] if getattr(args, "replay_out", None) else None
    recording: dict[str, Any] = {"games": games} if games is not None else {}
    for i in range(races):
        st = run_race(course, args.players, args.racers_per_player, args.seed + i * 100003, options, args.agent,
                      favour, **recording)
        summ = race_summary(st)
        if args.grand_prix:
            pts = standings.add_race(st, summ["order"])
            for row in summ["racers"]:
                row["points"] = pts[row["racer"]]
            if options.gp_carry_favour == "yes":
                favour = {r.id: r.favour for r in st.racers.values()}
        results.append(summ)
    if games is not None:
        from game.save.replay import write_replay
        series = ({"points": standings.totals(), "teams": standings.team_totals(),
                   "most_lives_taken": standings.bonus_racers()} if args.grand_prix else None)
        write_replay(args.replay_out, games, series)
    if args.json:
        doc: dict[str, Any] = {"schema": "wild-table/simulate", "version": 1, "ruleset": RULESET.name,
                               "seed": args.seed, "course": course.name, "races": results}
        if args.grand_prix:
            doc["grand_prix"] = {"points": standings.totals(), "teams": standings.team_totals(),
                                 "most_lives_taken": standings.bonus_racers()}
        print(json.dumps(doc, indent=2, sort_keys=True))
        return 0
    seat = dict(seats_of(args.players))  # the words name a seat as the window does, never by its id
    racer = {row["racer"]: f"{row['name']} ({seat.get(row['player'], row['player'])})"
             for summ in results for row in summ["racers"]}
    for n, summ in enumerate(results, 1):
        title = f"Race {n} of {races}" if args.grand_prix else "The Wild Race"
        winner = seat.get(summ["winner"], summ["winner"]) if summ["winner"] else "none"
        print(f"{title} on {course.name} (seed {args.seed}): {summ['turns']} turns, winner {winner}")
        for row in summ["racers"]:
            got = f"  {row['points']:>2} pts" if "points" in row else ""
            print(f"  {row['place']:>2}. {row['name']:<11} ({seat.get(row['player'], row['player']):<6}) "
                  f"{row['status']:<9} lives {row['lives']}  lives taken {row['lives_taken']}  "
                  f"favour used {row['favour_spent']}  stamina used {row['stamina_spent']}{got}")
        if summ["casualties"]:
            print(f"  casualties: {', '.join(racer.get(r, r) for r in summ['casualties'])}")
    if args.grand_prix:
        print("Grand Prix standings:")
        tot = standings.totals()
        bonus = standings.bonus_racers()
        for rid in sorted(tot, key=lambda r: (-tot[r], r)):
            extra = " (+10 most lives taken)" if rid in bonus else ""
            print(f"  {racer.get(rid, rid):<20} {tot[rid]:>3}{extra}")
        teams = standings.team_totals()
        print("Teams: " + ", ".join(f"{seat.get(p, p)} {teams[p]}" for p in sorted(teams, key=lambda p: (-teams[p], p))))
    return 0


# --------------------------------------------------------------------------- arena

def play_one(course: Any, options: Any, first: str, second: str, seed: int,
             times: dict[str, list[float]]) -> str | None:
    """One race: seat p1 plays `first`, p2 `second`; returns the winning seat."""
    st = new_state(RaceSetup(course, (("p1", "P1"), ("p2", "P2")), 1, seed), options)
    agents = {"p1": arena_agent(first, seed * 2 + 1), "p2": arena_agent(second, seed * 2 + 2)}
    timed_play(RULESET, st, agents, {"p1": first, "p2": second}, times)
    order = RULESET.outcome(st)["order"]
    return order[0].split("-")[0] if order else None


def _race(job: tuple[Any, Any, str, str, int, bool]) -> tuple[bool, dict[str, list[float]]]:
    """Race job: (course, options, a, b, seed, swapped) -> (a won, decision times)."""
    course, options, a, b, seed, swap = job
    times: dict[str, list[float]] = {}
    first, second = (b, a) if swap else (a, b)
    winner = play_one(course, options, first, second, seed, times)
    return winner == ("p2" if swap else "p1"), times


def wild_race_arena(args: argparse.Namespace) -> int:
    """`arena` for the Wild Race: one racer a side."""
    for k in (args.a, args.b):
        arena_agent(k, 0)
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
    results = run_jobs(_race, jobs, args.jobs)
    t = Tally.of(args.a, args.b, args.seed, results, [job[0].name for job in jobs])
    return t.print(args.json, t.doc())
