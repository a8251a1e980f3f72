"""`python -m game army ...`: Rally Round the King armies on the command line (its
registration's `commands`, added to game/cli.py through the registry).

    army list [--json]                     the nations (id, name, historical equivalent)
    army show NATION [--json]              one list as a table (every field)
    army build NATION --recruit --seed S | --buy UNIT=N ... [--points 400]
               [--option NAME=VALUE] --out FILE [--json]
    army check FILE [--points N]           0 legal, 1 breaks a rule (a line each), 2 not an army file

A nation is named by its id or its name, any case. Bad input: one line, exit 2."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.core.errors import BadInput
from game.rules.rrtk import lists


def add_army_parser(p: argparse.ArgumentParser) -> None:
    """The `army` command's arguments (its own sub-commands)."""
    sub = p.add_subparsers(dest="army_cmd", required=True, metavar="{list,show,build,check}")
    ls = sub.add_parser("list", help="the nations of the army lists")
    ls.add_argument("--json", action="store_true")
    sh = sub.add_parser("show", help="one nation's list: its header and every unit")
    sh.add_argument("nation", metavar="NATION", help="its id (aeja) or name (\"Dwarves, Black Moon\")")
    sh.add_argument("--json", action="store_true")
    add_build_check(sub)


def add_build_check(sub: Any) -> None:
    """`army build` and `army check` (game.ui.rrtk.armycmd)."""
    from game.ui.rrtk.armycmd import add_parsers
    add_parsers(sub)


def army_command(args: argparse.Namespace) -> int:
    if args.army_cmd == "list":
        return list_command(args.json)
    if args.army_cmd == "show":
        return show_command(args.nation, args.json)
    from game.ui.rrtk.armycmd import run
    return run(args)


def find_nation(key: str, source: str = "army", field: str = "NATION") -> lists.Nation:
    """The nation a command-line argument names; BadInput (one line) otherwise."""
    try:
        return lists.nation(key)
    except KeyError as e:
        raise BadInput(source, field, str(e.args[0])) from None


def _print_json(value: Any) -> None:
    sys.stdout.write(json.dumps(value, indent=2, ensure_ascii=False) + "\n")


def nation_summary(n: lists.Nation) -> dict[str, Any]:
    return {"id": n.id, "name": n.name, "title": n.title, "historical_equivalent": n.historical_equivalent,
            "list_id": n.list_id, "page": n.page, "battle_tactics": n.battle_tactics,
            "recruits": n.recruits, "units": len(n.units)}


def list_command(as_json: bool) -> int:
    ns = lists.nations()
    if as_json:
        _print_json([nation_summary(n) for n in ns])
        return 0
    width = max(len(n.id) for n in ns)
    for n in ns:
        hist = f" ({n.historical_equivalent})" if n.historical_equivalent else ""
        print(f"{n.list_id:>2}  {n.id:<{width}}  {n.name}{hist}, p. {n.page}")
    print(f"{len(ns)} nations, {sum(len(n.units) for n in ns)} unit types")
    return 0


def unit_json(u: lists.UnitType) -> dict[str, Any]:
    return {"number": u.number, "name": u.name, "special": list(u.special), "class": u.cls, "mounted": u.mounted,
            "purpose": u.purpose, "rep": u.rep, "ac": u.ac, "sp": u.sp, "figs": u.figs, "cost": u.cost,
            "formula_cost": u.formula_cost, "recruiting_roll": u.recruiting_roll, "rolls": sorted(u.rolls),
            "count": u.count, "total": u.total, "note": u.note, "book_says": list(u.book_says)}


def nation_json(n: lists.Nation) -> dict[str, Any]:
    return {**nation_summary(n), "alignment": n.alignment, "tech": n.tech, "mana": n.mana, "defense": n.defense,
            "government": n.government, "motivation": n.motivation, "national_morale": n.national_morale,
            "war_rating": n.war_rating, "recruiting_rolls": n.recruiting_rolls,
            "basic_army": {"units": n.basic_army.units, "total": n.basic_army.total},
            "note": n.note, "book_says": list(n.book_says), "units": [unit_json(u) for u in n.units]}


def _signed(x: int) -> str:
    return f"{x:+d}" if x else "0"


def show_command(key: str, as_json: bool) -> int:
    n = find_nation(key, "army show")
    if as_json:
        _print_json(nation_json(n))
        return 0
    print(f"{n.title}: list {n.list_id}, page {n.page}")
    print(f"Alignment {_signed(n.alignment)}, Tech {_signed(n.tech)}, Mana {_signed(n.mana)}, Defense {n.defense}, "
          f"{n.government}, {n.motivation}, National Morale {n.national_morale}")
    print(f"Battle Tactics {n.battle_tactics}, War Rating {_signed(n.war_rating)}, "
          f"Recruiting Rolls {n.recruiting_rolls}; Basic Army {n.basic_army.units} units, {n.basic_army.total} points")
    rows = [("#", "no.", "Unit type", "Class", "REP", "AC", "SP", "Figs", "Cost", "Rolls", "Total")]
    for u in n.units:
        rows.append((str(u.count), str(u.number), u.label(), u.cls, str(u.rep), str(u.ac), _signed(u.sp),
                     str(u.figs), str(u.cost), u.recruiting_roll, str(u.total)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    left = {2, 3, 9}
    for r in rows:
        print("  ".join(c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip())
    flags = [f"{u.number} {u.name}: {u.note or 'the book is inconsistent here'}" + (
        f" (book says: {', '.join(u.book_says)})" if u.book_says else "")
        for u in n.units if u.note or u.book_says]
    if n.note or n.book_says:
        flags.insert(0, f"the list: {n.note}" + (f" (book says: {', '.join(n.book_says)})" if n.book_says else ""))
    if not n.recruits:
        flags.append("no unit has a recruiting roll: recruiting builds the Basic Army, then buys units at random "
                     "up to the limit (docs/rrtk-armies.md)")
    for f in flags:
        print("note: " + f)
    return 0
