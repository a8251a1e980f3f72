"""Command line: `python -m game [play|simulate|scenario|arena|validate|import-tiled|replay|report] ...`,
and the commands a ruleset's top room registers (`army`: Rally Round the King's armies).

Bad input (a file, field, option or choice) prints one line naming it and exits 2;
never a traceback. `validate` prints every problem of every course file (one line
each) and exits 2 if any is an error."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Sequence

from game.core.errors import BadInput, IllegalChoice, one_line

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULT_SCHEMA = "wild-table/result"


def __getattr__(name: str) -> Any:
    """DEFAULT_COURSE: the first ruleset's default level (a full path);
    <PACKAGE>_DEFAULT: that ruleset's default level, relative to the project root."""
    from game.core import registry
    if name == "DEFAULT_COURSE":
        return os.path.join(ROOT, *registry.default().default_level.split("/"))
    from game.ui.commands import package_level
    try:
        return package_level(name, "_DEFAULT")
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one line, exit 2
        print(f"{self.prog}: {message}", file=sys.stderr)
        raise SystemExit(2)


def _or(names: Sequence[str]) -> str:
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else "".join(names)


def build_parser() -> argparse.ArgumentParser:
    from game.core import registry
    registry.load("ui")  # the command-line hooks and options are the top rooms' (no pygame)
    regs = registry.every()
    first, names = regs[0], [r.name for r in regs]
    p = _Parser(prog="python -m game", description="Wild Table: tabletop rule sets, exact and playable.")
    sub = p.add_subparsers(dest="cmd", parser_class=_Parser)
    kinds = [r.agents for r in regs]
    same = all(set(ks) == set(kinds[0]) for ks in kinds)
    sim = sub.add_parser("simulate", help="play whole races with the AI agents at every seat",
                         description="Play whole games with an AI agent at every seat. Each ruleset has its "
                                     "own options: python -m game simulate RULESET --help.")
    per = sim.add_subparsers(dest="ruleset", metavar="RULESET", required=True, parser_class=_Parser)
    for r in regs:
        _simulate_parser(per, r)
    sc = sub.add_parser("scenario", help="play a scenario file and check its expectations")
    sc.add_argument("file")
    sc.add_argument("--json", action="store_true")
    ar = sub.add_parser("arena", help="head-to-head races between two agents: win rates and decision times")
    ar.add_argument("--ruleset", default=first.name, help=_or([f"{first.name} (the default)"] + names[1:]))
    ar.add_argument("--a", default="normal", help="the first agent (default normal): " + (
        _or(first.agents) if same else _or(first.agents) + "".join(
            f" ({_the(r.title)}: {_or(r.agents)})" for r in regs[1:])))
    ar.add_argument("--b", default="random", help="the second agent (default random), as --a")
    ar.add_argument("--races", type=int, default=100)
    ar.add_argument("--seed", type=int, default=1)
    ar.add_argument("--course", action="append", default=[], metavar="FILE",
                    help="a course file (repeat for several; default: every shipped course)")
    ar.add_argument("--jobs", type=int, default=1, help="races run side by side in this many processes")
    ar.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    ar.add_argument("--json", action="store_true")
    va = sub.add_parser("validate", help="check course files (.json, or Tiled maps .tmj): every problem, one line each")
    va.add_argument("files", nargs="+", metavar="FILE")
    va.add_argument("--racers", type=int, default=None, metavar="N",
                    help="the field size to check the start for (default: 12 racers, or 4 Doomwheels)")
    ti = sub.add_parser("import-tiled", help="convert a Tiled map (.tmj) into a course file")
    ti.add_argument("tmj", metavar="IN.tmj")
    ti.add_argument("out", metavar="OUT.json")
    ti.add_argument("--force", action="store_true", help="write the course even if check_course finds errors in it")
    rp = sub.add_parser("replay", help="check a replay's digest and state hashes and watch it in the window "
                                             "(pause, step, speed, turn scrubber); --check: headless only")
    rp.add_argument("file")
    rp.add_argument("--check", action="store_true",
                    help="verify headless: exit 0 ok, 1 an edit (its digest) or a mismatch, 2 a bad file")
    rr = sub.add_parser("report", help="draw a replay's race report (course, trails, standings) to a PNG")
    rr.add_argument("file", metavar="REPLAY")
    rr.add_argument("--out", required=True, metavar="FILE.png")
    rr.add_argument("--game", type=int, default=1, help="which game of a Grand Prix replay (1-based)")
    sub.add_parser("play", help="open the game window (the default)")
    registry.load("ui")  # the rulesets' own commands are their top rooms'
    for reg in registry.every(all=True):
        for name, command in sorted(reg.commands.items()):
            registry.resolve(command["parser"])(sub.add_parser(name, help=command.get("help", "")))
    return p


def _ruleset_command(name: str | None) -> Any:
    """The run function of a ruleset's own top-level command called `name`, or None."""
    from game.core import registry
    for reg in registry.every(all=True):
        if name in reg.commands:
            return registry.resolve(reg.commands[name]["run"])
    return None


def _simulate_parser(per: Any, r: Any) -> argparse.ArgumentParser:
    """`simulate <name>`: the options every ruleset's simulate reads, then its own
    (its registration's `simulate_args`: "module:function" adding them to the parser)."""
    agents = f"agents {_or(r.agents)}; " if r.agents else ""
    one = per.add_parser(r.name, help=f"{r.title} ({agents}default course {r.default_level_title})",
                         description=f"Play whole games of {_the(r.title)} with an AI agent at every seat.")
    one.add_argument("--course", default=None, metavar="FILE",
                     help=f"default: {r.default_level_title} ({r.default_level})" if r.default_level else None)
    one.add_argument("--players", type=int, default=3,
                     help="players (default 3)" + (f": {r.help['players']}" if "players" in r.help else ""))
    one.add_argument("--seed", type=int, default=1)
    one.add_argument("--agent", choices=r.agents or None, default="greedy",
                     help=f"the AI at every seat: {_or(r.agents)} (default greedy, the quick test agent"
                          + (f"; {r.help['agent']}" if "agent" in r.help else "") + ")" if r.agents else None)
    one.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="a rules option (repeat for several)" + (
                         f": the names in {r.help['options']}" if "options" in r.help else ""))
    one.add_argument("--json", action="store_true")
    one.add_argument("--replay-out", default=None, metavar="FILE", help="write the replay of the simulated game(s)")
    extra = r.hook("simulate_args")
    if extra is not None:
        extra(one)
    return one  # type: ignore[no-any-return]


def _the(title: str) -> str:
    """"the Wild Race" for "The Wild Race", within a sentence."""
    return "the " + title[4:] if title.startswith("The ") else title


def main(argv: Sequence[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):  # never die on a character the terminal cannot show
        try:
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        except (AttributeError, ValueError):
            pass
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra and getattr(args, "cmd", None) != "simulate":
        parser.error("unrecognized arguments: " + " ".join(extra))  # one line, exit 2
    try:
        if extra:  # an option this ruleset's simulate does not have: one line naming it
            raise BadInput("simulate", extra[0], f"{_the(registry_title(args.ruleset))} has no such option "
                                                 f"(python -m game simulate {args.ruleset} --help)")
        if args.cmd == "simulate":
            from game.core import registry
            registry.load("ui")  # the command-line hooks are the top rooms'
            simulate = registry.get(args.ruleset).hook("simulate")
            if simulate is None:  # a ruleset with no simulate of its own: whole games, generically
                from game.sim import simulate_games as simulate
            return int(simulate(args))
        if args.cmd == "scenario":
            return scenario_command(args.file, args.json)
        if args.cmd == "arena":
            from game.arena import arena_command
            return arena_command(args)
        if args.cmd == "validate":
            return validate_command(args.files, args.racers)
        if args.cmd == "import-tiled":
            return import_tiled_command(args.tmj, args.out, args.force)
        if args.cmd == "replay":
            if args.check:
                from game.save.replay import replay_command
                return replay_command(args.file)
            from game.ui.watch import watch_replay  # checks, then opens the window's replay viewer
            return watch_replay(args.file)
        if args.cmd == "report":
            from game.ui.report import report_command
            return report_command(args.file, args.out, args.game)
        run = _ruleset_command(args.cmd)
        if run is not None:
            return int(run(args))
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


def registry_title(name: str) -> str:
    from game.core import registry
    return registry.get(name).title


def play_command() -> int:
    from game.ui.main import run
    return run()


def headless_race() -> int:
    """A spectated race of AI racers, printed (when there is no display)."""
    from game.ui.main import headless_race as race
    return race()


def scenario_command(path: str, as_json: bool) -> int:
    """Play a scenario file through the one runner, with its ruleset's hooks; the AI
    agents for `fill.choices` come from here (above the rules)."""
    from game.ai.agents import make_agent
    from game.core.jsonload import load_json_file
    from game.core import registry
    from game.core.scenario import ScenarioHooks, run_file
    data = load_json_file(path)
    named = data.get("ruleset") if isinstance(data, dict) else None
    # the ruleset the file names, exactly; else the first (whose hooks say what is wrong)
    reg = next((r for r in registry.every() if r.name == named), registry.default())
    hooks: ScenarioHooks = reg.hook("scenario")

    def agents(kind: str, seed: int) -> Any:
        return make_agent(kind, seed, path, reg.name)
    return run_file(path, hooks, as_json, data, agents)


# --------------------------------------------------------------------------- validate, import-tiled

MAX_LINES_PER_FILE = 100
"""Problems printed for one file; the rest are counted in one more line."""


def problem_line(source: str, problem: Any) -> str:
    """`file: field: reason`, with `warning: ` before the field for a warning (and no
    field part for a problem with the whole file)."""
    where = f"{problem.field}: " if problem.field else ""
    tag = "warning: " if problem.severity == "warning" else ""
    return one_line(f"{source}: {tag}{where}{problem.reason}")


def validate_file(path: str, racers: int | None = None) -> tuple[list[str], bool]:
    """The lines `validate` prints for one file, and whether it has an error. A Tiled map
    (a .tmj file, or a .json file holding a Tiled map rather than a course) is imported
    first; a file whose "kind" a ruleset registered (`file_kinds`: an army file) is
    checked by that ruleset. The file is only read."""
    from game.levels.course import Problem, check_course, read_course
    from game.core.jsonload import load_json_file
    from game.levels.tiled import read_tiled

    try:
        data = load_json_file(path)
    except BadInput as e:
        return [problem_line(path, Problem("error", e.field, e.reason))], True
    own, cap = _file_kind_check(data)
    if own is not None:  # a file of a ruleset's own (an army, say), checked by that ruleset
        if cap is not None:  # under its own size cap, as its own command reads it (the one loader's words)
            try:
                data = load_json_file(path, max_bytes=cap)
            except BadInput as e:
                return [problem_line(path, Problem("error", e.field, e.reason))], True
        return _problem_lines(path, own(data, path))
    tiled = path.lower().endswith(".tmj") or (
        isinstance(data, dict) and "kind" not in data and data.get("type") == "map" and "layers" in data
    )
    course, problems = read_tiled(data, path) if tiled else read_course(data, path)
    if course is not None:
        problems = problems + check_course(course, racers)
    return _problem_lines(path, problems)


def _file_kind_check(data: Any) -> tuple[Any, int | None]:
    """The checker a ruleset registers for this file's "kind" and the kind's size cap
    (None, None: a course or a map)."""
    from game.core import registry
    kind = data.get("kind") if isinstance(data, dict) else None
    if not isinstance(kind, str):
        return None, None
    for reg in registry.every(all=True):
        if kind in reg.file_kinds:
            return registry.resolve(reg.file_kinds[kind]), reg.file_caps.get(kind)
    return None, None


def _problem_lines(path: str, problems: Sequence[Any]) -> tuple[list[str], bool]:
    errors = sum(1 for p in problems if p.severity == "error")
    lines = [problem_line(path, p) for p in problems[:MAX_LINES_PER_FILE]]
    if len(problems) > MAX_LINES_PER_FILE:
        lines.append(one_line(f"{path}: ... and {len(problems) - MAX_LINES_PER_FILE} more problems"))
    if not problems:
        lines.append(one_line(f"{path}: ok"))
    elif not errors:
        lines.append(one_line(f"{path}: ok ({len(problems)} warning{'s' if len(problems) != 1 else ''})"))
    return lines, errors > 0


def validate_command(files: Sequence[str], racers: int | None) -> int:
    """Print every problem of every file; exit 2 if any file has an error, else 0."""
    if racers is not None and not 1 <= racers <= 12:
        print(f"python -m game validate: --racers must be 1-12 (got {racers})", file=sys.stderr)
        return 2
    bad = False
    for path in files:
        try:
            lines, has_error = validate_file(path, racers)
        except Exception as exc:  # a bug: still one line, and the file counts as bad
            lines = [one_line(f"{path}: internal error while validating ({type(exc).__name__}: {exc}); "
                               "please report it")]
            has_error = True
        for line in lines:
            print(line)
        bad = bad or has_error
    return 2 if bad else 0


def import_tiled_command(tmj: str, out: str, force: bool) -> int:
    """Convert a Tiled map into a course file (written by save_course, atomically).
    Nothing is written if the map cannot be made into a course, or (without --force) if
    check_course finds errors in it; exit 2 then."""
    from game.levels.course import check_course, course_format, save_course
    from game.levels.tiled import read_tiled_file

    if os.path.abspath(out) == os.path.abspath(tmj):
        raise BadInput(out, "", "is the Tiled map itself: give another file to write the course to")
    course, problems = read_tiled_file(tmj)
    if course is not None:
        problems = problems + check_course(course)
    for p in problems:
        print(problem_line(tmj, p))
    errors = sum(1 for p in problems if p.severity == "error")
    if course is None or (errors and not force):
        print(one_line(f"{out}: not written"), file=sys.stderr)
        return 2
    if os.path.isdir(out):
        raise BadInput(out, "", "is a folder, not a file")
    try:
        save_course(course, out)
    except OSError as exc:
        raise BadInput(out, "", f"cannot write the file ({exc.strerror or exc})") from None
    print(one_line(f"{out}: written (format {course_format(course)}, {len(course.obstacles)} obstacles"
                    f"{', with errors' if errors else ''})"))
    return 2 if errors else 0
