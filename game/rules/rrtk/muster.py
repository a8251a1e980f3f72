"""Recruiting an army by the book (§7.2-§7.3a): 2d6 recruiting rolls against the list's
column, each a chance step of the one protocol (game.core.protocol): `pending_chance()`
says "2d6 recruiting roll" with the 11 totals and their probabilities, `apply(roll)`
adds the unit of that total. Rolls go on until the army reaches or passes its limit
(400, or the points option); the last roll may pass it. Dice come from the seed
(`throw()`: two d6 of the seeded generator) or from outside (forced dice, the window's
dice tray).

A list with no recruiting column (Black Moon Incarnate: every unit NA) recruits by the
default of the `no_recruiting_column` option: its Basic Army, then units bought at
random (seeded: each a uniform pick among the unit types that still fit) until none
fits under the limit; `defaulted` says so (docs/rrtk-armies.md).
"""

from __future__ import annotations

from dataclasses import replace

from game.core.chance import PendingChance, roll_choice
from game.core.dice import sample_face, stream_state
from game.core.errors import IllegalChoice
from game.core.protocol import CHANCE, TERMINAL, Choice
from game.rules.rrtk import lists
from game.rules.rrtk.army import LIMIT, Army, ArmyOptions, Built, Leader, _counts
from game.rules.rrtk.lists import TWO_D6_WAYS, Nation, UnitType

DIE = "2d6"
REASON = "2d6 recruiting roll"
OUTCOMES = tuple((roll_choice(t), TWO_D6_WAYS[t] / 36) for t in range(2, 13))


class CannotRecruit(ValueError):
    """A list with no recruiting column, under no_recruiting_column=refuse."""


class Muster:
    """One army being recruited. `army` is the army so far (its `built` records the
    seed and every roll); `last` the unit the last roll raised; `done` once the limit
    is reached or passed."""

    def __init__(self, nation: Nation | str, limit: int = LIMIT, options: ArmyOptions | None = None,
                 seed: int | None = None, captains: tuple[Leader, ...] = ()) -> None:
        self.nation = nation if isinstance(nation, Nation) else lists.nation(nation)
        self.options = options or ArmyOptions()
        self.limit = limit
        self.defaulted = not self.nation.recruits
        if self.defaulted and self.options.no_recruiting_column == "refuse":
            raise CannotRecruit(f"{self.nation.name} has no recruiting rolls: build it by purchase")
        if self.defaulted and seed is None:
            seed = 0
        self.rng = stream_state(seed) if seed is not None else None
        base = Army.basic(self.nation, self.options, limit)
        # Captains bought with points join before the first roll (their 20 points count toward the limit)
        self.army = replace(base, leaders=base.leaders + captains, built=Built("recruited", limit, seed, ()))
        self.last: UnitType | None = None
        if self.defaulted:
            self.army, self.rng = buy_at_random(self.army, self.nation, limit, self.rng or 0)

    # --- the protocol's chance step -------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.defaulted or self.army.points() >= self.limit

    def current_actor(self) -> str:
        return TERMINAL if self.done else CHANCE

    def pending_chance(self) -> PendingChance | None:
        """The pending recruiting roll (None once recruiting is over)."""
        if self.done:
            return None
        return PendingChance(DIE, self.nation.id, self.nation.id, REASON, list(OUTCOMES))

    def chance_outcomes(self) -> list[tuple[Choice, float]]:
        return [] if self.done else list(OUTCOMES)

    def is_legal(self, choice: Choice | int) -> str | None:
        if self.done:
            return "recruiting is over: the army has reached its limit"
        total = choice if isinstance(choice, int) else (choice.get("value") if choice.kind == "roll" else None)
        if isinstance(total, bool) or not isinstance(total, int) or not 2 <= total <= 12:
            return "a 2d6 recruiting roll is a total from 2 to 12"
        return None

    def apply(self, choice: Choice | int) -> UnitType | None:
        """A 2d6 total came in: the unit of that total joins the army (returned; None if
        the list has no unit on it). IllegalChoice when recruiting is over or the value
        is no 2d6 total; nothing changes then."""
        why = self.is_legal(choice)
        if why is not None:
            raise IllegalChoice(choice, why)
        total = choice if isinstance(choice, int) else int(choice["value"])
        unit = self.nation.unit_for_roll(total)
        army = self.army if unit is None else self.army.with_units(unit, 1)
        self.army = replace(army, built=replace(army.built, rolls=army.built.rolls + (total,)))
        self.last = unit
        return unit

    def throw(self) -> tuple[tuple[int, int], UnitType | None]:
        """Two d6 from the seed, applied: (faces, unit gained)."""
        if self.rng is None:
            raise ValueError("this muster has no seed: its dice come from outside (apply)")
        a, self.rng = sample_face(self.rng, 6)
        b, self.rng = sample_face(self.rng, 6)
        return (a, b), self.apply(a + b)

    def take_captain(self) -> None:
        """Spend one recruiting roll on a Captain (§6.2) instead of throwing it."""
        if self.done:
            raise IllegalChoice(Choice.make("captain"), "recruiting is over")
        self.army = self.army.with_leader(Leader("captain", paid="roll"))

    def run(self) -> Army:
        """Throw the seed's dice until the limit is reached; the army."""
        while not self.done:
            self.throw()
        return self.army


def recruit(nation: Nation | str, seed: int, limit: int = LIMIT, options: ArmyOptions | None = None) -> Army:
    """A whole recruited army from a seed."""
    return Muster(nation, limit, options, seed).run()


def buy_at_random(army: Army, nation: Nation, limit: int, rng: int) -> tuple[Army, int]:
    """The no-recruiting-column default: units bought one at a time, each a uniform
    pick (one seeded draw) among the list's unit types whose cost still fits under the
    limit, until none fits."""
    unit_cost = army.options.unit_cost
    while True:
        room = limit - army.points()
        fits = [u for u in nation.units if u.price(unit_cost) <= room]
        if not fits:
            return army, rng
        k, rng = sample_face(rng, len(fits))
        army = army.with_units(fits[k - 1], 1)


def seed_rolls(seed: int, n: int) -> tuple[int, ...]:
    """The first n 2d6 totals the seed throws."""
    rng, out = stream_state(seed), []
    for _ in range(n):
        a, rng = sample_face(rng, 6)
        b, rng = sample_face(rng, 6)
        out.append(a + b)
    return tuple(out)


def check_recruited(army: Army, limit: int) -> list[str]:
    """The rules a recruited army breaks (army.check asks): its units are the Basic
    Army plus the unit of each roll; it was below the limit before its last roll and
    reached it with that roll; its rolls are its seed's, if it names one."""
    n = army.nation_data
    b = army.built
    if not n.recruits:
        if army.options.no_recruiting_column == "refuse":
            return [f"{n.name} has no recruiting rolls and recruiting it is refused (no_recruiting_column)"]
        if b.rolls:
            return [f"{n.name} has no recruiting rolls, but the army records {len(b.rolls)}"]
        seed = 0 if b.seed is None else b.seed
        want, _ = buy_at_random(Army.basic(n, army.options, limit), n, limit, stream_state(seed))
        if _counts(army) != _counts(want):
            return [f"its units are not the ones {n.name}'s default buys with seed {seed} up to {limit} points"]
        return []
    out: list[str] = []
    want = Army.basic(n, army.options, limit)
    want = replace(want, leaders=army.leaders)
    for i, total in enumerate(b.rolls):
        before = want.points()
        if before >= limit and not out:
            out.append(f"roll {i + 1} was thrown at {before} points, when the limit of {limit} was already reached")
        unit = n.unit_for_roll(total)
        if unit is not None:
            want = want.with_units(unit, 1)
    if _counts(army) != _counts(want):
        out.append("its units are not the Basic Army plus the unit each of its rolls raises")
    if want.points() < limit:
        out.append(f"recruiting stopped at {want.points()} points, below the limit of {limit}: it goes on until "
                   "the limit is reached")
    if b.seed is not None and b.rolls != seed_rolls(b.seed, len(b.rolls)):
        out.append(f"its rolls are not the ones seed {b.seed} throws")
    return out
