"""`simulate`: whole races (or a Grand Prix) with the simple agents; output is
byte-identical for the same arguments (no hash order, no wall clock).

The command line finds a ruleset's simulate function through its registration
(game.core.registry, set by its ui room): here are the Wild Race's
(`simulate_command`, `run_race`, `race_summary`) and the Doomwheel Race's
(`simulate_doomwheel`), and what they share (seats, agent seeds, recording)."""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from game.levels.course import load_course
from game.core import registry
from game.core.errors import BadInput
from game.core.driver import play
from game.names import PLAYER_IDS, colour_name
from game.rules.wild_race import RULESET, RaceSetup, check_field, new_state
from game.rules.wild_race.grand_prix import Standings
from game.rules.wild_race.options import parse_option_pairs
from game.rules.wild_race.state import RaceState


def agent_seed(seed: int, seat: int) -> int:
    """The AI seed of seat `seat` in a simulated race of game seed `seed`."""
    return seed * 1009 + seat * 7919 + 1


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def default_level(ruleset: str) -> str:
    """The ruleset's default level file (a full path)."""
    return os.path.join(ROOT, *registry.get(ruleset).default_level.split("/"))


def make_agents(kind: str, players: list[str], seed: int, ruleset: str | None = None) -> dict[str, Any]:
    from game.ai.agents import make_agent
    return {p: make_agent(kind, agent_seed(seed, i), "simulate", ruleset=ruleset) for i, p in enumerate(players)}


def _recorded(state: Any, players: Any, kind: str, seed: int, games: list[Any] | None) -> Any:
    """The ruleset to play through: the recording wrapper when a replay is wanted
    (--replay-out; the RecordedGame is appended to `games`), else the plain one."""
    if games is None:
        return registry.of_state(state).ruleset
    from game.core.record import SeatRecord
    from game.save.games import start_game
    rg = start_game(state, [SeatRecord(p, name, kind, agent_seed(seed, i), colour=i)
                            for i, (p, name) in enumerate(players)])
    games.append(rg)
    return rg.rules


MAX_GP_RACES = 100


def seats_of(players: int) -> tuple[tuple[str, str], ...]:
    """The command line's seats: (id, name), each named after the colour its seat is
    drawn in (seat i: palette index i; the id "green" is the seat drawn yellow, so an
    id is never a name: game.names)."""
    return tuple((PLAYER_IDS[i], colour_name(i)) for i in range(players))


def run_race(course: Any, players: int, per: int, seed: int, options: Any, agent: str,
             favour: dict[str, int] | None = None, games: list[Any] | None = None) -> RaceState:
    pl = seats_of(players)
    st = new_state(RaceSetup(course, pl, per, seed), options)
    if favour:
        for rid, f in favour.items():
            if rid in st.racers:
                st.racers[rid].favour = f
    play(_recorded(st, pl, agent, seed, games), st, make_agents(agent, [p for p, _ in pl], seed))
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


def simulate_command(args: argparse.Namespace) -> int:
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


def __getattr__(name: str) -> Any:
    """<PACKAGE>_COURSE: that ruleset's default level, relative to the project root."""
    if name.endswith("_COURSE"):
        package = name[: -len("_COURSE")].lower()
        for reg in registry.every():
            if reg.package == package:
                return reg.default_level
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def simulate_doomwheel(args: argparse.Namespace) -> int:
    """`simulate doomwheel`: one race with `--agent` in every seat (any Doomwheel
    agent; greedy plays at random, as before); byte-identical output for the same
    arguments."""
    from game.core.driver import play as play_game
    from game.rules.doomwheel import RULESET as DOOM, DoomSetup, check_field as check_doom_field, new_state as new_doom
    from game.rules.doomwheel.options import parse_option_pairs as doom_pairs
    from game.ai.agents import make_agent
    kind = "random" if args.agent == "greedy" else args.agent
    make_agent(kind, 0, "simulate", ruleset=DOOM.name)  # an unknown agent: one line, exit 2
    if args.grand_prix:
        raise BadInput("simulate", "--grand-prix", "the Doomwheel Race has no Grand Prix")
    path = args.course or default_level(DOOM.name)
    course = load_course(path)
    check_doom_field(course, args.players, "simulate")  # before any seat is made: one line naming --players
    players = seats_of(args.players)
    st = new_doom(DoomSetup(course, players, args.seed), doom_pairs(args.option, "simulate"))
    games: list[Any] | None = [] if getattr(args, "replay_out", None) else None
    rules = _recorded(st, players, kind, args.seed, games)
    play_game(rules, st, {p: make_agent(kind, agent_seed(args.seed, i), "simulate", ruleset=DOOM.name)
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
    if args.grand_prix:
        raise BadInput("simulate", "--grand-prix", f"{_title(reg.title)} has no Grand Prix")
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
    play(_recorded(st, players, kind, args.seed, games), st, agents)
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
