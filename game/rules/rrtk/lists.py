"""The 44 Rally Round the King army lists (book pp. 11-25) as the program reads them:
game/rules/rrtk/data/army-lists.json (made once by tools/rrtk_lists.py; loaded lazily,
once, through the one hardened loader). Every number is as the book prints it; where
the book contradicts itself the printed value is kept and `book_says` names the check
it fails (docs/rrtk-armies.md).

    nations() -> tuple[Nation, ...]      in book order (list ids A..RR)
    nation(key) -> Nation                by id ("dwarves-black-moon") or name, any case
    TAGS[tag] -> Tag                     a printed tag's rule words and SP per figure
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from collections.abc import Iterator, Mapping
from typing import Any

from game.core.errors import BadInput
from game.core.jsonload import Obj, load_json_file

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "army-lists.json")
FORMAT = 1
KIND = "rrtk-army-lists"
TWO_D6_WAYS = {k: 6 - abs(7 - k) for k in range(2, 13)}  # the 36 throws of 2d6, by total
PURPOSES = ("Melee", "Missile", "Skirmish")


@dataclass(frozen=True)
class Tag:
    """A special-rule tag as printed after a unit's name ("Shock"): its rule and page,
    and what it adds to the SP column per figure (§5.17)."""

    name: str
    rule: str
    sp: int


@dataclass(frozen=True)
class UnitType:
    """One row of a list. `number` is its place in the list (1-based: unit names repeat,
    Beastmen has two "Beastmen" rows); `cost` is as printed, `formula_cost` is
    (REP + AC + SP) x figs with the printed SP (§7.4); `rolls` the 2d6 totals that raise
    it (empty for NA); `count` and `total` its Basic Army row."""

    number: int
    name: str
    special: tuple[str, ...]
    cls: str  # "Foot Melee" ... "Mounted Skirmish"
    rep: int
    ac: int
    sp: int
    figs: int
    cost: int
    recruiting_roll: str  # as printed: "2-3, 12" or "NA"
    rolls: frozenset[int]
    count: int
    total: int
    note: str = ""
    book_says: tuple[str, ...] = ()
    printed: str = ""  # the name cell as printed, where the YAML records it

    @property
    def mounted(self) -> bool:
        return self.cls.startswith("Mounted")

    @property
    def purpose(self) -> str:
        """Its Battlefield Purpose (§4.1): Melee, Missile or Skirmish."""
        return self.cls.split()[-1]

    @property
    def formula_cost(self) -> int:
        return (self.rep + self.ac + self.sp) * self.figs

    @property
    def modifier_sp(self) -> int:
        """The SP the modifier table gives (class and tags, §5.17); differs from the
        printed `sp` where `book_says` names "sp"."""
        mods = _data().class_modifiers
        sp = mods["Mounted"] if self.mounted else 0
        sp += mods.get(self.purpose, 0)
        return sp + sum(TAGS[t].sp for t in self.special)

    def label(self) -> str:
        """"Knights - Elite, Shock", as the list prints it (with a plain hyphen)."""
        return f"{self.name} - {', '.join(self.special)}" if self.special else self.name

    def price(self, unit_cost: str = "printed") -> int:
        """Its cost under the `unit_cost` option: "printed" (the list) or "formula"."""
        return self.formula_cost if unit_cost == "formula" else self.cost


@dataclass(frozen=True)
class BasicArmy:
    units: int  # as printed (the row counts may sum otherwise: book_says basic_army_units)
    total: int  # as printed


@dataclass(frozen=True)
class Nation:
    """One army list: its header (§7.5 fields 1-11) and its units (fields 12-21)."""

    id: str
    name: str
    list_id: str
    page: int
    historical_equivalent: str | None
    title: str
    alignment: int
    tech: int
    mana: int
    defense: int
    government: str
    motivation: str
    national_morale: int
    battle_tactics: str
    war_rating: int
    recruiting_rolls: int
    basic_army: BasicArmy
    units: tuple[UnitType, ...]
    note: str = ""
    book_says: tuple[str, ...] = ()
    _by_roll: dict[int, UnitType] = field(default_factory=dict, compare=False, repr=False)

    @property
    def recruits(self) -> bool:
        """False for a list whose every unit is NA (Black Moon Incarnate)."""
        return bool(self._by_roll)

    def unit_for_roll(self, total: int) -> UnitType | None:
        """The unit a 2d6 recruiting roll of `total` raises (None: no unit has it)."""
        return self._by_roll.get(total)

    def unit(self, key: int | str) -> UnitType:
        """A unit by its number (1-based, or "3") or by its name (any case; a name two
        rows share must be given by number). KeyError naming the choices."""
        text = str(key).strip()
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(self.units):
                return self.units[n - 1]
        else:
            hits = [u for u in self.units if u.name.lower() == text.lower()]
            if len(hits) == 1:
                return hits[0]
            if len(hits) > 1:
                raise KeyError(f"{self.name} has {len(hits)} units called {hits[0].name!r}: give its number "
                               f"({', '.join(str(u.number) for u in hits)})")
        raise KeyError(f"{self.name} has no unit {text!r} (its units: "
                       + ", ".join(f"{u.number} {u.name}" for u in self.units) + ")")

    def basic_units(self) -> tuple[tuple[UnitType, int], ...]:
        """The Basic Army: (unit type, count) for every row with a count."""
        return tuple((u, u.count) for u in self.units if u.count)

    def basic_points(self, unit_cost: str = "printed") -> int:
        """The Basic Army's points as count x cost (the book's own sums use that, not a
        misprinted Total cell)."""
        return sum(u.price(unit_cost) * n for u, n in self.basic_units())


@dataclass(frozen=True)
class Lists:
    nations: tuple[Nation, ...]
    tags: dict[str, Tag]
    class_modifiers: dict[str, int]
    classes: tuple[str, ...]
    source: dict[str, str]
    gazetteer: dict[str, Any]


def parse_rolls(text: str) -> frozenset[int]:
    """"2-3, 12" -> {2, 3, 12}; "NA" -> empty. ValueError for anything else."""
    t = str(text).strip()
    if t.upper() == "NA":
        return frozenset()
    out: set[int] = set()
    for part in t.split(","):
        part = part.strip()
        if not part:
            continue  # a trailing comma is printed once ("3, 6,")
        lo, _, hi = part.partition("-")
        a, b = int(lo), int(hi or lo)
        if not 2 <= a <= b <= 12:
            raise ValueError(f"not a 2d6 total or range: {part!r}")
        out.update(range(a, b + 1))
    return frozenset(out)


def _unit(o: Obj, number: int) -> UnitType:
    try:
        rolls = parse_rolls(o.string("recruiting_roll", max_len=40))
    except ValueError as e:
        o.fail("recruiting_roll", str(e))
    u = UnitType(
        number=number, name=o.string("unit_type", min_len=1, max_len=60),
        special=tuple(v.string(min_len=1, max_len=20) for v in o.lst("special", max_len=8)),
        cls=o.string("class", max_len=20), rep=o.integer("rep", lo=1, hi=12), ac=o.integer("ac", lo=0, hi=12),
        sp=o.integer("sp", lo=-10, hi=20), figs=o.integer("figs", lo=1, hi=4), cost=o.integer("cost", lo=0, hi=999),
        recruiting_roll=str(o.data["recruiting_roll"]), rolls=rolls, count=o.integer("count", lo=0, hi=99),
        total=o.integer("total", lo=0, hi=9999), note=o.string("note", max_len=1000, default=""),
        book_says=tuple(v.string(max_len=40) for v in o.lst("book_says", max_len=10, default=[])),
        printed=o.string("printed", max_len=80, default=""))
    o.done()
    return u


def _nation(o: Obj) -> Nation:
    units = tuple(_unit(v.obj(), i) for i, v in enumerate(o.lst("units", min_len=1, max_len=30), 1))
    ba = o.obj("basic_army")
    basic = BasicArmy(ba.integer("units", lo=0, hi=999), ba.integer("total", lo=0, hi=9999))
    ba.done()
    hist = o.get("historical_equivalent").value
    n = Nation(
        id=o.string("id", min_len=1, max_len=60), name=o.string("name", min_len=1, max_len=60),
        list_id=o.string("list_id", max_len=4), page=o.integer("page", lo=1, hi=100),
        historical_equivalent=None if hist is None else o.string("historical_equivalent", max_len=60),
        title=o.string("title", max_len=100), alignment=o.integer("alignment", lo=-2, hi=2),
        tech=o.integer("tech", lo=-2, hi=2), mana=o.integer("mana", lo=-2, hi=2),
        defense=o.integer("defense", lo=0, hi=4), government=o.string("government", max_len=20),
        motivation=o.string("motivation", max_len=20), national_morale=o.integer("national_morale", lo=0, hi=9),
        battle_tactics=o.string("battle_tactics", choices=("A", "B", "C")),
        war_rating=o.integer("war_rating", lo=-2, hi=2), recruiting_rolls=o.integer("recruiting_rolls", lo=0, hi=99),
        basic_army=basic, units=units, note=o.string("note", max_len=1000, default=""),
        book_says=tuple(v.string(max_len=40) for v in o.lst("book_says", max_len=10, default=[])),
        _by_roll={r: u for u in units for r in u.rolls})
    o.done()
    return n


def read(path: str = DATA) -> Lists:
    """The lists file read and checked (BadInput naming the field if it is damaged)."""
    o = Obj.root(load_json_file(path), path)
    o.format_version(FORMAT, what="army lists file")
    o.const("kind", KIND)
    tags = {}
    for name, v in o.obj("tag_modifiers").data.items():
        t = Obj(v, path, f"tag_modifiers.{name}") if isinstance(v, dict) else o.fail(f"tag_modifiers.{name}",
                                                                                    "expected an object")
        tags[name] = Tag(name, t.string("rule", max_len=200), t.integer("sp", lo=-5, hi=5))
        t.done()
    mods = o.obj("class_modifiers")
    class_mods = {k: mods.integer(k, lo=-5, hi=5) for k in ("Mounted", "Missile", "Skirmish")}
    mods.done()
    classes = tuple(v.string(max_len=20) for v in o.lst("classes", max_len=10))
    src = o.obj("source")
    source = {k: src.string(k, max_len=200) for k in sorted(src.data)}
    src.done()
    nations = tuple(_nation(v.obj()) for v in o.lst("nations", min_len=1, max_len=100))
    gaz = o.get("gazetteer").obj().data
    o.done()
    for n in nations:
        for u in n.units:
            if u.cls not in classes:
                raise BadInput(path, f"nations.{n.id}.units[{u.number - 1}].class", f"unknown class {u.cls!r}")
            unknown = [t for t in u.special if t not in tags]
            if unknown:
                raise BadInput(path, f"nations.{n.id}.units[{u.number - 1}].special", f"unknown tag {unknown[0]!r}")
    return Lists(nations, tags, class_mods, classes, source, gaz)


_LOADED: list[Lists] = []


def _data() -> Lists:
    if not _LOADED:
        _LOADED.append(read())
    return _LOADED[0]


def nations() -> tuple[Nation, ...]:
    """Every list, in book order."""
    return _data().nations


def _key(text: str) -> str:
    return " ".join(str(text).lower().replace("-", " ").replace(",", " ").split())


def nation(key: str) -> Nation:
    """A nation by its id or its name, any case ("Dwarves, Black Moon",
    "dwarves-black-moon"); KeyError naming the known ones."""
    want = str(key).strip().lower()
    for n in nations():
        if want in (n.id, n.name.lower()):
            return n
    loose = [n for n in nations() if _key(want) in (_key(n.id), _key(n.name))]
    if len(loose) == 1:
        return loose[0]
    raise KeyError(f"unknown nation {key!r} (known: {', '.join(n.id for n in nations())})")


class _Tags(Mapping[str, Tag]):
    """TAGS: the printed tags, read from the data on first use."""

    def __getitem__(self, k: str) -> Tag:
        return _data().tags[k]

    def __iter__(self) -> Iterator[str]:
        return iter(_data().tags)

    def __len__(self) -> int:
        return len(_data().tags)


TAGS: Mapping[str, Tag] = _Tags()
