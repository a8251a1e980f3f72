"""Army files: versioned JSON of one Rally Round the King army (docs/rrtk-armies.md),
read through the one hardened loader and written canonically.

    {"format": 1, "kind": "rrtk-army", "name": "Border host", "nation": "aeja",
     "units": [{"unit": 1, "name": "Pike", "count": 3}, ...],
     "leaders": [{"role": "cinc"}, {"role": "captain", "paid": "points"}],
     "built": {"method": "recruited", "limit": 400, "seed": 7, "rolls": [7, 4, ...]},
     "options": {"unit_cost": "printed", ...}}

A unit of another list (mixed lists) names its `nation`; `name` must be the list's name
for that unit number (a check that the numbers were not shifted). `read_army` raises
BadInput (file, field, reason) for anything that is not such a file: over the size cap,
not JSON, NaN, wrong types, missing or unknown fields, a format newer than this
program's, an unknown nation, unit, role or option. Whether the army is legal is
army.check's question."""

from __future__ import annotations

from typing import Any

from game.core.errors import BadInput
from game.core.jsonload import Obj, Val, canonical_dumps, load_json_file, save_json_file
from game.rules.rrtk import ARMY_FILE_MAX_BYTES, lists
from game.rules.rrtk.army import METHODS, ROLES, Army, ArmyUnit, Built, Leader, OPTIONS, ArmyOptions

FORMAT = 1
KIND = "rrtk-army"
MAX_BYTES = ARMY_FILE_MAX_BYTES  # the one cap, registered for `validate` too (game/rules/rrtk/__init__.py)
MAX_UNITS = 200  # rows of the units list
MAX_ROLLS = 2000
MAX_LIMIT = 100_000


def _nation(val: Val) -> lists.Nation:
    key = val.string(min_len=1, max_len=80)
    try:
        return lists.nation(key)
    except KeyError:
        val.fail(f"unknown nation {key[:40]!r} (python -m game army list shows them)")


def _unit(v: Val, home: lists.Nation) -> ArmyUnit:
    o = v.obj()
    n = _nation(o.get("nation")) if o.has("nation") else home
    number = o.integer("unit", lo=1, hi=len(n.units))
    name = o.string("name", max_len=80, default=None)
    if name is not None and name != n.units[number - 1].name:
        o.fail("name", f"unit {number} of {n.name} is {n.units[number - 1].name!r}, not {name[:40]!r}")
    count = o.integer("count", lo=1, hi=999)
    o.done()
    return ArmyUnit(n.id, number, count)


def _leader(v: Val) -> Leader:
    o = v.obj()
    role = o.string("role", choices=ROLES)
    name = o.string("name", max_len=60, default="")
    paid = o.string("paid", choices=("points", "roll"), default="points") if role == "captain" else "points"
    points = o.integer("points", lo=0, hi=1000, default=0) if role in ("hero", "magic_user") else 0
    o.done()
    return Leader(role, name, paid, points)


def army_from_json(data: Any, source: str) -> Army:
    """An Army from decoded JSON; BadInput naming the field for anything wrong."""
    o = Obj.root(data, source)
    o.format_version(FORMAT, what="army file")
    o.const("kind", KIND)
    name = o.string("name", max_len=80, default="")
    home = _nation(o.get("nation"))
    units = tuple(_unit(v, home) for v in o.lst("units", max_len=MAX_UNITS))
    seen: set[tuple[str, int]] = set()
    for i, au in enumerate(units):
        if (au.nation, au.number) in seen:
            raise BadInput(source, f"units[{i}]", f"unit {au.number} of {au.nation} is listed twice")
        seen.add((au.nation, au.number))
    leaders = tuple(_leader(v) for v in o.lst("leaders", max_len=50))
    b = o.obj("built")
    method = b.string("method", choices=METHODS)
    limit = b.integer("limit", lo=1, hi=MAX_LIMIT)
    seed_val = b.maybe("seed")
    seed = None if seed_val is None or seed_val.value is None else seed_val.integer(lo=0, hi=2**63 - 1)
    rolls = tuple(v.integer(lo=2, hi=12) for v in b.lst("rolls", max_len=MAX_ROLLS, default=[]))
    if method != "recruited" and (rolls or seed is not None):
        b.fail("rolls" if rolls else "seed", f"only a recruited army has rolls and a seed (this one is {method})")
    b.done()
    opt = o.maybe("options")
    options = OPTIONS.parse(opt.obj().data if opt is not None else None, source, "options") if opt is not None \
        else ArmyOptions()
    o.done()
    return Army(home.id, units, leaders, Built(method, limit, seed, rolls), options, name)


def read_army(path: str) -> Army:
    """The army in a file (BadInput: one line naming file, field and reason)."""
    return army_from_json(load_json_file(path, max_bytes=MAX_BYTES), path)


def army_to_json(army: Army) -> dict[str, Any]:
    units = []
    for au in army.units:
        row: dict[str, Any] = {"unit": au.number, "name": au.type.name, "count": au.count}
        if au.nation != army.nation:
            row["nation"] = au.nation
        units.append(row)
    leaders = []
    for ld in army.leaders:
        d: dict[str, Any] = {"role": ld.role}
        if ld.name:
            d["name"] = ld.name
        if ld.role == "captain":
            d["paid"] = ld.paid
        if ld.role in ("hero", "magic_user"):
            d["points"] = ld.points
        leaders.append(d)
    b = army.built
    built: dict[str, Any] = {"method": b.method, "limit": b.limit}
    if b.method == "recruited":
        built["seed"] = b.seed
        built["rolls"] = list(b.rolls)
    out: dict[str, Any] = {"format": FORMAT, "kind": KIND, "nation": army.nation, "units": units,
                           "leaders": leaders, "built": built, "options": army.options.to_json()}
    if army.name:
        out["name"] = army.name
    return out


def army_text(army: Army) -> str:
    """The file's text (canonical: the same army, the same bytes)."""
    return canonical_dumps(army_to_json(army))


def write_army(path: str, army: Army) -> None:
    """Write the army file atomically."""
    save_json_file(path, army_to_json(army))
