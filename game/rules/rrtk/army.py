"""An army of Rally Round the King: a nation, its units with counts, its leaders and
how it was built (the Basic Army; recruiting rolls, with the seed and every roll; or
purchase up to a limit), its points under the options, and the rule check (§6-§7,
docs/rrtk-armies.md), which returns each problem as words.

    Army.basic(nation)           the Basic Army and its CinC
    army.points()                units at their cost under `unit_cost`, Captains 20 each
    army.with_units(unit, n)     a copy with n more (or fewer) of a unit
    check(army, limit=None)      every rule the army breaks, a sentence each ([] = legal)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from game.core.options import Option, OptionSet, OptionValues
from game.rules.rrtk import lists
from game.rules.rrtk.lists import Nation, UnitType

LIMIT = 400  # §7.3: a stand-alone or tournament army is built to 400 points
CAPTAIN_POINTS = 20  # §6.2
MAX_WAR_RATING = 4  # §6.3: the War Rating table's highest value (the Captain cap's ceiling)
ROLES = ("cinc", "captain", "hero", "magic_user")
ROLE_WORDS = {"cinc": "Commander in Chief", "captain": "Captain", "hero": "Hero", "magic_user": "Magic User"}
METHODS = ("basic", "recruited", "purchased")


@dataclass(frozen=True)
class ArmyOptions(OptionValues):
    unit_cost: str = "printed"
    captain_thresholds: str = "21-31-41"
    lists: str = "own"
    no_recruiting_column: str = "basic_then_buy"


OPTIONS = OptionSet(ArmyOptions, [
    Option("unit_cost", "Unit costs", section="§7.4, §7.5 field 19; magic §15.1",
           values=(("printed", "as printed"), ("formula", "by the formula")),
           help="As the list prints them (the lists govern), or (REP + AC + SP) x figures: they differ for a few "
                "units of Mirholme, Stygustan and Black Moon Incarnate."),
    Option("captain_thresholds", "Captains allowed", section="§6.2",
           values=(("21-31-41", "at 21, 31, 41... units"),
                   ("21-30-40", "at 21, 30, 40... units")),
           help="An army of more than 20 units may buy a Captain (20 points or a recruiting roll), and one more "
                "for each further 10 units: the second at 31 units (the best reading) or at 30. A Hero takes no "
                "place among them."),
    Option("lists", "Units from", section="§7.6",
           values=(("own", "its own list"), ("mixed", "any list (mixed)")),
           help="The nation's own list only, or units of any list mixed in (the book allows mixed and own lists "
                "by agreement)."),
    Option("no_recruiting_column", "List without rolls", section="§7.3; magic §13.3",
           values=(("basic_then_buy", "buys at random"),
                   ("refuse", "recruiting refused")),
           help="A list whose units have no recruiting rolls (Black Moon Incarnate: all NA): recruiting gives its "
                "Basic Army, then buys units at random (seeded) up to the limit; or recruiting it is refused "
                "(buy units instead)."),
])


def parse_options(data: dict[str, Any] | None, source: str = "options", path: str = "options") -> ArmyOptions:
    return OPTIONS.parse(data, source, path)


@dataclass(frozen=True)
class ArmyUnit:
    """`count` units of one row of a list: `nation` (an id) and the row's `number`."""

    nation: str
    number: int
    count: int

    @property
    def type(self) -> UnitType:
        return lists.nation(self.nation).units[self.number - 1]


@dataclass(frozen=True)
class Leader:
    """A leader: the CinC (0 points), a Captain (20 points, or one recruiting roll:
    `paid` "points" or "roll"), and, for part 3, a Hero or a Magic User at `points`
    of their own (a Hero counts as a Captain, §6.2)."""

    role: str
    name: str = ""
    paid: str = "points"  # a Captain's: "points" or "roll"
    points: int = 0  # a Hero's or a Magic User's own cost

    def cost(self) -> int:
        if self.role == "captain":
            return CAPTAIN_POINTS if self.paid == "points" else 0
        return self.points if self.role in ("hero", "magic_user") else 0

    def words(self) -> str:
        extra = " (one recruiting roll)" if self.role == "captain" and self.paid == "roll" else ""
        return (f"{ROLE_WORDS[self.role]} {self.name}".strip()) + extra


@dataclass(frozen=True)
class Built:
    """How an army was built: "basic", "recruited" (the seed, if the dice were the
    seed's, and every 2d6 total in order) or "purchased"; `limit` its points limit."""

    method: str = "basic"
    limit: int = LIMIT
    seed: int | None = None
    rolls: tuple[int, ...] = ()


@dataclass(frozen=True)
class Army:
    nation: str  # its id
    units: tuple[ArmyUnit, ...]
    leaders: tuple[Leader, ...] = (Leader("cinc"),)
    built: Built = field(default_factory=Built)
    options: ArmyOptions = field(default_factory=ArmyOptions)
    name: str = ""

    # --- making ---------------------------------------------------------------------------
    @staticmethod
    def basic(nation: Nation | str, options: ArmyOptions | None = None, limit: int = LIMIT) -> Army:
        """The nation's Basic Army with its CinC."""
        n = nation if isinstance(nation, Nation) else lists.nation(nation)
        return Army(n.id, tuple(ArmyUnit(n.id, u.number, c) for u, c in n.basic_units()),
                    built=Built("basic", limit), options=options or ArmyOptions())

    @staticmethod
    def to_purchase(nation: Nation | str, options: ArmyOptions | None = None, limit: int = LIMIT) -> Army:
        """The Basic Army, to be built up by purchase (§7.3b)."""
        return replace(Army.basic(nation, options, limit), built=Built("purchased", limit))

    def why_not_buy(self, unit: UnitType, n: int = 1, nation: str | None = None) -> str | None:
        """Why `n` more of a unit cannot be bought (None: they can): a purchased army
        never passes its limit, and takes units of its own list unless mixed."""
        if self.built.method != "purchased":
            return "only a purchased army buys units"
        nid = nation or self.nation
        if nid != self.nation and self.options.lists == "own":
            return f"{unit.name} is not on the {self.nation_data.name} list (units from the nation's own list only)"
        price = unit.price(self.options.unit_cost) * n
        if self.points() + price > self.built.limit:
            return (f"{n} {unit.name} for {price} points would make {self.points() + price}, over the limit of "
                    f"{self.built.limit}")
        return None

    def buy(self, unit: UnitType, n: int = 1, nation: str | None = None) -> Army:
        """A copy with `n` more of a unit bought; ValueError (the reason) if it cannot be."""
        why = self.why_not_buy(unit, n, nation)
        if why is not None:
            raise ValueError(why)
        return self.with_units(unit, n, nation)

    def with_units(self, unit: UnitType | tuple[str, int], n: int = 1, nation: str | None = None) -> Army:
        """A copy with `n` more of a unit (negative: fewer; a row at 0 goes)."""
        nid, number = (nation or self.nation, unit.number) if isinstance(unit, UnitType) else unit
        out, found = [], False
        for au in self.units:
            if (au.nation, au.number) == (nid, number):
                found = True
                if au.count + n > 0:
                    out.append(replace(au, count=au.count + n))
            else:
                out.append(au)
        if not found and n > 0:
            out.append(ArmyUnit(nid, number, n))
        return replace(self, units=tuple(out))

    def with_leader(self, leader: Leader) -> Army:
        return replace(self, leaders=self.leaders + (leader,))

    # --- reading --------------------------------------------------------------------------
    @property
    def nation_data(self) -> Nation:
        return lists.nation(self.nation)

    def count(self, unit: UnitType, nation: str | None = None) -> int:
        nid = nation or self.nation
        return sum(au.count for au in self.units if (au.nation, au.number) == (nid, unit.number))

    def unit_count(self) -> int:
        """Units in the army (the count §6.2's Captain thresholds read)."""
        return sum(au.count for au in self.units)

    def unit_points(self) -> int:
        return sum(au.type.price(self.options.unit_cost) * au.count for au in self.units)

    def points(self) -> int:
        """Every unit at its cost under `unit_cost`, and the leaders' costs."""
        return self.unit_points() + sum(ld.cost() for ld in self.leaders)

    def captains(self) -> int:
        """Captains and Heroes (a Hero counts as a Captain on the table: the War Rating cap)."""
        return sum(1 for ld in self.leaders if ld.role in ("captain", "hero"))

    def bought_captains(self) -> int:
        """Captains bought (20 points or a roll): what §6.2's unit-count thresholds allow.
        A Hero is hired by its own rules and takes no place among them (ruling 11)."""
        return sum(1 for ld in self.leaders if ld.role == "captain")


def captains_allowed(units: int, thresholds: str = "21-31-41") -> int:
    """Captains an army of `units` units may buy (§6.2): none up to 20; then one from
    21 and one more from 31, 41, ... ("21-31-41", the best reading) or one from 21, two
    at 30, three at 40 ("21-30-40")."""
    if units <= 20:
        return 0
    if thresholds == "21-30-40":
        return 1 + (units - 20) // 10
    return -(-(units - 20) // 10)


def recruit_units(nation: Nation, rolls: tuple[int, ...]) -> list[UnitType | None]:
    """The unit each 2d6 total raises (None: the list has no unit on that total)."""
    return [nation.unit_for_roll(r) for r in rolls]


def check(army: Army, limit: int | None = None) -> list[str]:
    """Every rule the army breaks, one sentence each (an empty list: a legal army).
    `limit`: the points limit to judge it by (default its own, `built.limit`)."""
    n = army.nation_data
    opts = army.options
    lim = army.built.limit if limit is None else limit
    out: list[str] = []
    cincs = sum(1 for ld in army.leaders if ld.role == "cinc")
    if cincs != 1:
        out.append(f"an army has one Commander in Chief; this one has {cincs}")
    if opts.lists == "own":
        for au in army.units:
            if au.nation != army.nation:
                out.append(f"{au.type.name} is from the {lists.nation(au.nation).name} list; with units from "
                           f"the nation's own list only, {n.name} cannot field it")
    _check_captains(army, out)
    method = army.built.method
    if method == "basic":
        if _counts(army) != _counts(Army.basic(n)):
            out.append(f"built as the Basic Army, but its units are not {n.name}'s Basic Army")
    else:
        _check_basic_included(army, n, out)
    if method == "purchased":
        if any(ld.role == "captain" and ld.paid == "roll" for ld in army.leaders):
            out.append("a purchased army pays 20 points for a Captain, not a recruiting roll")
        if army.points() > lim:
            out.append(f"{army.points()} points is over the limit of {lim}: a purchased army may not pass it")
    elif method == "recruited":
        from game.rules.rrtk.muster import check_recruited
        out.extend(check_recruited(army, lim))
    return out


def _counts(army: Army) -> dict[tuple[str, int], int]:
    out: dict[tuple[str, int], int] = {}
    for au in army.units:
        out[(au.nation, au.number)] = out.get((au.nation, au.number), 0) + au.count
    return out


def _check_basic_included(army: Army, n: Nation, out: list[str]) -> None:
    have = _counts(army)
    for u, c in n.basic_units():
        got = have.get((n.id, u.number), 0)
        if got < c:
            out.append(f"the Basic Army's {c} {u.name} are not all there ({got}): an army is built on its "
                       "Basic Army")


def _check_captains(army: Army, out: list[str]) -> None:
    """§6.2: the unit-count thresholds limit the Captains bought (Heroes take no place
    among them, ruling 11); Captains and Heroes together never exceed the highest War
    Rating (the cap itself is applied at battle set-up, ruling 6)."""
    units, have = army.unit_count(), army.bought_captains()
    allowed = captains_allowed(units, army.options.captain_thresholds)
    if have > allowed:
        out.append(f"{have} Captain{'s' if have != 1 else ''} but an army of {units} units may have {allowed}"
                   + (" (more than 20 units for the first)" if not allowed else ""))
    leaders = army.captains()
    if leaders > MAX_WAR_RATING:
        heroes = leaders - have
        what = f"{leaders} Captains" + (f" (counting {heroes} Hero{'es' if heroes != 1 else ''})" if heroes else "")
        out.append(f"{what} can never all be fielded: no War Rating is above {MAX_WAR_RATING}")
