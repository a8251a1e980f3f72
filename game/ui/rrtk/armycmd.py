"""`army build` and `army check` (game.ui.rrtk.commands)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from game.core.errors import BadInput, one_line
from game.rules.rrtk import lists
from game.rules.rrtk.army import Army, Leader, check, parse_options
from game.rules.rrtk.armycheck import check_file, summary
from game.rules.rrtk.armyfile import MAX_LIMIT, army_to_json, write_army
from game.rules.rrtk.muster import CannotRecruit, Muster


def add_parsers(sub: Any) -> None:
    bu = sub.add_parser("build", help="build an army by recruiting rolls or by purchase and write its file")
    bu.add_argument("nation", metavar="NATION", help="its id (aeja) or name")
    how = bu.add_mutually_exclusive_group(required=True)
    how.add_argument("--recruit", action="store_true", help="2d6 recruiting rolls from the seed until the limit")
    how.add_argument("--buy", action="append", metavar="UNIT=N",
                     help="buy N of a unit (its number or name; another list's as NATION:UNIT=N with "
                          "--option lists=mixed); repeat for several; never past the limit")
    bu.add_argument("--seed", type=int, default=None, help="the dice of --recruit")
    bu.add_argument("--points", type=int, default=400, help="the points limit (default 400)")
    bu.add_argument("--captains", type=int, default=0, help="Captains bought at 20 points each (default 0)")
    bu.add_argument("--name", default="", help="the army's name")
    bu.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="an army option (docs/rrtk-options.md): unit_cost, captain_thresholds, lists, "
                         "no_recruiting_column")
    bu.add_argument("--out", required=True, metavar="FILE")
    bu.add_argument("--json", action="store_true")
    ch = sub.add_parser("check", help="check an army file: exit 0 legal, 1 breaks a rule, 2 not an army file")
    ch.add_argument("file", metavar="FILE")
    ch.add_argument("--points", type=int, default=None, help="the limit to judge it by (default: its own)")


def run(args: argparse.Namespace) -> int:
    if args.army_cmd == "check":
        if args.points is not None and not 1 <= args.points <= MAX_LIMIT:
            raise BadInput("army check", "--points", f"must be 1-{MAX_LIMIT}")
        code, lines = check_file(args.file, args.points)
        for line in lines:
            print(line, file=sys.stderr if code == 2 else sys.stdout)
        return code
    return build(args)


def _buys(nation: lists.Nation, pairs: list[str]) -> list[tuple[lists.UnitType, int, str]]:
    out = []
    for pair in pairs:
        key, sep, count = pair.rpartition("=")
        if not sep or not key.strip():
            raise BadInput("army build", "--buy", f"{pair!r} is not UNIT=N")
        if not (count.strip().isdigit() and 1 <= int(count) <= 999):
            raise BadInput("army build", "--buy", f"{pair!r}: N must be a whole number from 1 to 999")
        home = nation
        if ":" in key:
            nkey, _, key = key.partition(":")
            try:
                home = lists.nation(nkey)
            except KeyError as e:
                raise BadInput("army build", "--buy", str(e.args[0])) from None
        try:
            unit = home.unit(key)
        except KeyError as e:
            raise BadInput("army build", "--buy", str(e.args[0])) from None
        out.append((unit, int(count), home.id))
    return out


def build(args: argparse.Namespace) -> int:
    from game.ui.rrtk.commands import find_nation
    n = find_nation(args.nation, "army build")
    if not 1 <= args.points <= MAX_LIMIT:
        raise BadInput("army build", "--points", f"must be 1-{MAX_LIMIT}")
    if not 0 <= args.captains <= 9:
        raise BadInput("army build", "--captains", "must be 0-9")
    options = parse_options({k: v for k, v in (_pair(p) for p in args.option)}, "army build", "--option")
    captains = tuple(Leader("captain") for _ in range(args.captains))
    if args.recruit:
        if args.seed is None:
            raise BadInput("army build", "--seed", "--recruit needs a seed (the dice)")
        if not 0 <= args.seed < 2**63:
            raise BadInput("army build", "--seed", f"must be 0-{2**63 - 1}")
        try:
            army = Muster(n, args.points, options, args.seed, captains=captains).run()
        except CannotRecruit as e:
            raise BadInput("army build", "--recruit", str(e)) from None
    else:
        if args.seed is not None:
            raise BadInput("army build", "--seed", "only --recruit throws dice")
        army = Army.to_purchase(n, options, args.points)
        for leader in captains:
            army = army.with_leader(leader)
        for unit, count, nid in _buys(n, args.buy):
            why = army.why_not_buy(unit, count, nid)
            if why is not None:
                raise BadInput("army build", "--buy", why)
            army = army.buy(unit, count, nid)
    if args.name:
        from dataclasses import replace
        army = replace(army, name=args.name[:80])
    problems = check(army)
    if problems:
        raise BadInput("army build", "", f"not written: {problems[0]}")
    if os.path.isdir(args.out):
        raise BadInput(args.out, "", "is a folder, not a file")
    try:
        write_army(args.out, army)
    except OSError as exc:
        raise BadInput(args.out, "", f"cannot write the file ({exc.strerror or exc})") from None
    if args.json:
        doc = {"file": args.out, "army": army_to_json(army), "points": army.points(), "units": army.unit_count()}
        sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    else:
        print(one_line(f"{args.out}: written: {summary(army)}"))
    return 0


def _pair(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep:
        raise BadInput("army build", "--option", f"{text!r} is not NAME=VALUE")
    return name.strip(), value.strip()
