"""Command line: `python -m game [play|simulate|scenario] ...`.

Bad input (a file, field, option or choice) prints one line naming it and exits 2;
never a traceback."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Sequence

from game.core.errors import BadInput, IllegalChoice

DEFAULT_COURSE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "levels", "wild_race",
                              "sample_sprint.json")
RESULT_SCHEMA = "wild-table/result"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one line, exit 2
        print(f"{self.prog}: {message}", file=sys.stderr)
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m game", description="Wild Table: tabletop rule sets, exact and playable.")
    sub = p.add_subparsers(dest="cmd", parser_class=_Parser)
    sim = sub.add_parser("simulate", help="play whole races with the simple agents")
    sim.add_argument("ruleset", choices=["wild-race"])
    sim.add_argument("--course", default=DEFAULT_COURSE)
    sim.add_argument("--players", type=int, default=3)
    sim.add_argument("--racers-per-player", type=int, default=2)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--grand-prix", type=int, default=0, metavar="RACES")
    sim.add_argument("--agent", choices=["greedy", "random", "easy", "normal", "hard"], default="greedy",
                     help="the AI playing every seat (greedy: the quick test agent)")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    sim.add_argument("--json", action="store_true")
    sc = sub.add_parser("scenario", help="play a scenario file and check its expectations")
    sc.add_argument("file")
    sc.add_argument("--json", action="store_true")
    ar = sub.add_parser("arena", help="head-to-head races between two agents: win rates and decision times")
    ar.add_argument("--a", default="normal", help="random, easy, normal, hard or greedy")
    ar.add_argument("--b", default="random")
    ar.add_argument("--races", type=int, default=100)
    ar.add_argument("--seed", type=int, default=1)
    ar.add_argument("--course", action="append", default=[], metavar="FILE",
                    help="a course file (repeat for several; default: every shipped course)")
    ar.add_argument("--jobs", type=int, default=1, help="races run side by side in this many processes")
    ar.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    ar.add_argument("--json", action="store_true")
    sub.add_parser("play", help="open the game window (the default)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):  # never die on a character the terminal cannot show
        try:
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        except (AttributeError, ValueError):
            pass
    args = build_parser().parse_args(argv)
    try:
        if args.cmd == "simulate":
            from game.sim import simulate_command
            return simulate_command(args)
        if args.cmd == "scenario":
            return scenario_command(args.file, args.json)
        if args.cmd == "arena":
            from game.arena import arena_command
            return arena_command(args)
        return play_command()
    except BadInput as e:
        print(e.line(), file=sys.stderr)
        return 2
    except IllegalChoice as e:
        print(f"illegal choice: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0


def play_command() -> int:
    from game.ui.main import run
    return run()


def headless_race() -> int:
    """A spectated race of AI racers, printed (when there is no display)."""
    from game.sim import simulate_command
    ns = argparse.Namespace(ruleset="wild-race", course=DEFAULT_COURSE, players=3, racers_per_player=2, seed=1,
                            grand_prix=0, agent="greedy", option=[], json=False)
    return simulate_command(ns)


def scenario_command(path: str, as_json: bool) -> int:
    from game.core.jsonload import load_json_file
    from game.rules.wild_race.scenario import load_scenario, run_scenario
    from game.rules.wild_race.serial import state_to_json
    sc = load_scenario(load_json_file(path), path)
    res = run_scenario(sc)
    if as_json:
        out = {"schema": "wild-table/scenario-result", "version": 1, "scenario": path, "ok": res.ok,
               "stopped": res.stopped, "mismatches": res.mismatches, "state": state_to_json(sc.state),
               "events": [e.to_json() for e in res.events],
               "rolls": [e.to_json() for e in res.events if e.kind == "RollMade"]}
        print(json.dumps(out, indent=2, sort_keys=True))
    else:
        print(f"scenario: {sc.name or path}")
        for e in res.events:
            print(f"  {e.text()}")
        st = state_to_json(sc.state)
        print(f"state: turn {st['turn']}, {st['phase']} phase, pending {st['pending']}")
        for rid, r in st["racers"].items():
            print(f"  {rid}: at ({r['x']:.2f}, {r['y']:.2f}) facing {r['heading']:.1f}, lives {r['lives']}, "
                  f"favour {r['favour']}, stamina {r['stamina']}, penalty {r['penalty_accrued']}"
                  f"+{r['penalty_in_effect']}, lockout {r['lockout']}, {r['status']}")
        for m in res.mismatches:
            print(f"MISMATCH {m}")
        print("ok" if res.ok else f"{len(res.mismatches)} expectation(s) failed")
    return 0 if res.ok else 1
