"""The step machine of the Doomwheel Race: the stack of pending steps, dice as chance
steps (D6, D3 and a random direction over 360 whole degrees, CONTRACTS §1), the turn
sequence (spec §3), the move decision with one Schwenk and repair (§4), wounds and
the Strength-S hits (§8) and the end of the race (§2). The move itself, run-overs and
laps are in movement.py; ramming in ram.py, sabotage, shooting and critters in their
modules, each registering its steps here.

It runs on the shared step machine (game.core.machine): `ENGINE` owns this ruleset's
step specs, handlers, decisions and hooks. Automatic steps run at once; a decision
step waits for its player's choice; a roll step waits for the chance outcome.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Callable

from game.levels.course import start_slots
from game.core.chance import PendingChance, UniformOutcomes, uniform
from game.core.errors import IllegalChoice
from game.core.events import Event, RollMade
from game.core.machine import ROLL, Decision as MachineDecision, Engine, GroupRoll, push_steps
from game.core.protocol import CHANCE, TERMINAL, Choice
from game.rules.doomwheel import charts
from game.rules.doomwheel import events as ev
from game.table.geometry import gap
from game.rules.doomwheel.geo import Geo, critter_shape, geo_of, schwenk_cost, wheel_shape, wheels_geo_of
from game.rules.doomwheel.state import GRID_GAP, OVER, DoomState, Step, Wheel

FACES = {"d6": 6, "d3": 3, "dir": 360}
Handler = Callable[["Ctx", Step], None]
ROLLED = ("value", "faces")  # what a roll hands to its `then` step

ENGINE = Engine("doomwheel")


class Ctx:
    """One apply (the machine's Ctx, its state typed as a DoomState): the state, the
    events emitted and the table (synced when first asked for: most steps, dice
    among them, never look at the table)."""

    __slots__ = ("state", "engine", "events", "_geo")

    def __init__(self, state: DoomState) -> None:
        self.state = state
        self.engine = ENGINE
        self.events: list[Event] = []
        self._geo: Geo | None = None

    @property
    def geo(self) -> Geo:
        geo = self._geo
        if geo is None:
            geo = self._geo = geo_of(self.state)
        return geo

    @property
    def wheels_geo(self) -> Geo:
        """The table with at least its wheels synced (the critters may lag behind
        the state until `geo` is asked for): for a query no critter takes part in."""
        geo = self._geo
        if geo is None:
            geo = wheels_geo_of(self.state)
        return geo

    def emit(self, e: Event) -> None:
        self.events.append(e)

    def push(self, *steps: Step) -> None:
        """Push steps so that they run in the order given (the first on top); nothing
        once the race is over."""
        if self.state.phase != OVER:
            push_steps(ENGINE, self.state.stack, steps)

def auto(kind: str, *fields: str, owner: str = "") -> Callable[[Handler], Handler]:
    """Register an automatic step kind with the fields it carries."""
    return ENGINE.auto(kind, *fields, owner=owner)


# --- dice ------------------------------------------------------------------------

def roll(die: str, n: int, who: str, reason: str, then: Step, count: int = 0) -> Step:
    """`n` dice of kind `die` (d6, d3, dir; spot: one of `count` free spots, 0-based);
    `then` receives value=sum, faces."""
    return Step("roll", {"die": die, "n": n, "who": who, "reason": reason, "faces": (), "then": then, "count": count})


ENGINE.dice("roll", "die", "n", "who", "reason", "count")


def faces_of_step(top: Step) -> int:
    return int(top["count"]) if top["die"] == "spot" else FACES[top["die"]]


def _player_of(state: DoomState, who: str) -> str:
    return state.wheels[who].player if who in state.wheels else who


def _deliver(ctx: Ctx, top: Step, faces: tuple[int, ...], total: int, modifier: str | None) -> None:
    args = top.args
    who = args["who"]
    die = args["die"]
    wheels = ctx.state.wheels
    ctx.events.append(RollMade(who, wheels[who].player if who in wheels else who, args["reason"],
                               "d360" if die == "dir" else die, faces, total))
    ctx.push(args["then"].with_(value=total, faces=faces))


ENGINE.deliver = _deliver


# --- decisions -----------------------------------------------------------------------

ENGINE.choices({"roll": {"value"}})
CHOICE_KEYS = ENGINE.choice_keys  # every choice kind and its parameters (the engine's table)


class Decision(MachineDecision):
    """A decision of a wheel's player (its step names the wheel)."""

    def actor(self, state: DoomState, step: Step) -> str:
        return state.wheels[step["wheel"]].player


def register(d: Decision, *fields: str) -> None:
    """Register a decision kind; its step carries `wheel` and `fields`."""
    ENGINE.decision(d, "wheel", *fields)


def _wheel(state: DoomState, step: Step) -> Wheel:
    return state.wheels[step["wheel"]]


def plan_candidates(state: DoomState, step: Step) -> list[Choice]:
    """A finite spread of moves for agents: no Schwenk, or a Schwenk of 15-90 degrees
    either way at the start, the middle or the end of the move (the same for the
    same roll, base and options: memoised)."""
    w = _wheel(state, step)
    key = (int(step["value"]), w.width, state.options.schwenk, state.options.move_distance)
    got = _PLANS.get(key)
    if got is None:
        if len(_PLANS) > 256:
            _PLANS.clear()
        got = _PLANS[key] = _plan_candidates(w, int(step["value"]), state.options.schwenk,
                                             state.options.move_distance)
    return list(got)


_PLANS: dict[tuple[int, float, str, str], list[Choice]] = {}


def _plan_candidates(w: Wheel, d: int, mode: str, move_distance: str) -> list[Choice]:
    out = [Choice.make("move", at=0.0, angle=0.0)]
    for ang in (15.0, 30.0, 45.0, 60.0, 90.0, -15.0, -30.0, -45.0, -60.0, -90.0):
        cost = schwenk_cost(w, ang, mode)
        if cost > d:
            continue
        for at in sorted({0.0, math.floor((d - cost) * 500) / 1000, math.floor((d - cost) * 1000) / 1000}):
            out.append(Choice.make("move", at=at, angle=ang))
    if move_distance == "up_to":
        out += [Choice.make("move", at=0.0, angle=0.0, distance=float(k)) for k in range(0, d)]
    return out


def check_plan(state: DoomState, step: Step, choice: Choice) -> str | None:
    if choice.kind != "move":
        return "a move (at, angle[, distance]) is pending"
    w = _wheel(state, step)
    d = float(step["value"])
    try:
        at = float(choice.get("at", 0.0))
        angle = float(choice.get("angle", 0.0))
        dist = float(choice.get("distance", d))
    except (TypeError, ValueError):
        return "at, angle and distance must be numbers"
    if not all(math.isfinite(v) for v in (at, angle, dist)):
        return "at, angle and distance must be finite"
    if state.options.move_distance == "exact" and abs(dist - d) > 1e-9:
        return f"the wheel moves its full {d:g}\" (move_distance: exact)"
    if not 0.0 <= dist <= d + 1e-9:
        return f"distance must be 0-{d:g}\""
    if not -180.0 <= angle <= 180.0:
        return "the Schwenk angle must be -180 to 180 degrees"
    cost = schwenk_cost(w, angle, state.options.schwenk)
    if at < 0 or at + cost > dist + 1e-9:
        return f"the Schwenk ({cost:.2f}\") at {at:g}\" does not fit in a {dist:g}\" move"
    return None


class Activate(Decision):
    """A running wheel's activation (spec §3): drive (3D6 inches) or repair (D3)."""

    kind = "activate"
    keys = {"drive": set(), "repair": set()}

    def candidates(self, state: DoomState, step: Step) -> list[Choice]:
        return [Choice.make("drive"), Choice.make("repair")]

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        w = _wheel(ctx.state, step)
        if choice.kind == "repair":
            ctx.push(roll("d3", 1, w.id, "repair", Step.make("repair", wheel=w.id)))
        else:
            ctx.push(roll("d6", 3, w.id, "move", Step.make("plan", wheel=w.id)))


class Plan(Decision):
    """The move of the rolled distance with at most one Schwenk (spec §4)."""

    kind = "plan"
    keys = {"move": {"at", "angle", "distance"}}

    def candidates(self, state: DoomState, step: Step) -> list[Choice]:
        return plan_candidates(state, step)

    def check(self, state: DoomState, step: Step, choice: Choice) -> str | None:
        return check_plan(state, step, choice)

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        w = _wheel(ctx.state, step)
        d = float(step["value"])
        at = float(choice.get("at", 0.0))
        angle = float(choice.get("angle", 0.0))
        dist = float(choice.get("distance", d))
        mode = ctx.state.options.schwenk
        rest = dist - at - schwenk_cost(w, angle, mode)
        legs: list[tuple[Any, ...]] = []
        if at > 0:
            legs.append(("line", at, None))
        if angle != 0:
            legs.append(("turn", angle, mode))
        if rest > 1e-9:
            legs.append(("line", rest, None))
        ctx.push(Step.make("drive", wheel=w.id, legs=tuple(legs), how="move"))


class Slip(Decision):
    """A slave's slip: slide the rolled 2D6 straight ahead, or not."""

    kind = "slip"
    keys = {"slip": set(), "no_slip": set()}

    def candidates(self, state: DoomState, step: Step) -> list[Choice]:
        return [Choice.make("slip"), Choice.make("no_slip")]

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        if choice.kind == "slip":
            w = _wheel(ctx.state, step)
            ctx.push(Step.make("drive", wheel=w.id, legs=(("line", float(step["value"]), None),), how="slip"))


register(Activate())
register(Plan(), *ROLLED)
register(Slip(), *ROLLED)


# --- the turn (spec §3) --------------------------------------------------------------

# Everyone rolls a D6, highest first; ties re-rolled among the tied (the machine's
# group roll); then `<what>_done` gets the order.
GROUP = GroupRoll(ENGINE, "group", lambda m, what, then: roll("d6", 1, m, what, then),
                  lambda what, order: Step.make(f"{what}_done", order=order))


def group_roll(what: str, members: tuple[str, ...]) -> Step:
    """Everyone rolls a D6, highest first; ties re-rolled among the tied."""
    return GROUP.start(what, members)


@auto("grid_done", "order")
def _grid_done(ctx: Ctx, step: Step) -> None:
    state = ctx.state
    w0 = next(iter(state.wheels.values()))
    slots = start_slots(state.course, len(state.players), w0.width, w0.length, gap=GRID_GAP,
                        margin=GRID_GAP)
    for pid, (x, y, h) in zip(step["order"], slots):
        w = state.wheels[pid]
        w.x, w.y, w.heading = x, y, h
        ctx.emit(ev.WheelPlaced(w.id, x, y, h))
    state.phase = "grid"
    ctx.geo.sync(state)
    # RULING: a critter the level put under the start grid is set aside (it comes
    # back like any dead critter, §9)
    for c in state.critters.values():
        if c.alive and any(gap(critter_shape(c), wheel_shape(w)) <= 0 for w in state.wheels.values()):
            c.alive = False
            ctx.emit(ev.CritterSetAside(c.id, c.kind))
    ctx.geo.sync(state)
    ctx.push(Step.make("turn_start"))



@auto("turn_start")
def _turn_start(ctx: Ctx, step: Step) -> None:
    state = ctx.state
    if state.turn >= state.options.turn_cap:
        end_race(ctx, "turn cap")
        return
    check_last_running(ctx)  # a race set up (or left) with one wheel or none running is over
    if state.phase == OVER:
        return
    state.turn += 1
    state.phase = "initiative"
    ctx.emit(ev.TurnStarted(state.turn))
    players = tuple(w.player for w in state.wheels.values() if w.running)
    ctx.push(group_roll("initiative", players))


@auto("initiative_done", "order")
def _initiative_done(ctx: Ctx, step: Step) -> None:
    state = ctx.state
    state.order = step["order"]
    state.phase = "move"
    acts = [Step.make("activation", wheel=p) for p in state.order]
    phases = [Step.make("phase", name=n) for n in ("sabotage", "shooting", "critters")]
    ctx.push(*acts, *phases, Step.make("turn_end"))


def on_phase(name: str, start_phase: Handler) -> None:
    """Register what starts a phase (sabotage.py, shooting.py, critters.py)."""
    ENGINE.hooks["phase:" + name] = start_phase


@auto("phase", "name")
def _phase(ctx: Ctx, step: Step) -> None:
    ctx.state.phase = step["name"]
    ctx.state.active = ""
    start_phase = ENGINE.hooks.get("phase:" + step["name"])
    if start_phase is not None:
        start_phase(ctx, step)


@auto("turn_end")
def _turn_end(ctx: Ctx, step: Step) -> None:
    ctx.state.phase = "end"
    ctx.state.active = ""
    ctx.push(Step.make("turn_start"))


@auto("activation", "wheel")
def _activation(ctx: Ctx, step: Step) -> None:
    w = _wheel(ctx.state, step)
    if not w.running:
        return
    state = ctx.state
    w.moved_turn = state.turn
    state.active = w.id
    if w.ram_effect and w.ram_effect_turn <= state.turn:
        effect, w.ram_effect = w.ram_effect, ""
        ctx.emit(ev.RamEffect(w.id, effect))
        if effect == "out_of_control":
            ctx.push(roll("d6", 3, w.id, "out_of_control", Step.make("random_dir", wheel=w.id, how="out_of_control")))
        return
    ctx.push(Step.make("activate", wheel=w.id))


@auto("repair", "wheel", *ROLLED)
def _repair(ctx: Ctx, step: Step) -> None:
    w = _wheel(ctx.state, step)
    ctx.emit(ev.Repaired(w.id))
    change_wounds(ctx, w, int(step["value"]), "repair")


# --- wounds and hits (spec §8) ------------------------------------------------------

def change_wounds(ctx: Ctx, w: Wheel, delta: int, reason: str) -> None:
    if not w.running:
        return
    before = w.wounds
    w.wounds = max(0, min(w.max_wounds, w.wounds + delta))
    if w.wounds != before:
        ctx.emit(ev.WoundsChanged(w.id, before, w.wounds, reason))
    if w.wounds == 0:
        w.status = "destroyed"
        ctx.emit(ev.WheelDestroyed(w.id))
        ctx.geo.sync_wheel(w)
        check_last_running(ctx)


def hits(wheel: str, n: int, strength: int) -> list[Step]:
    return [Step.make("hit", wheel=wheel, strength=strength) for _ in range(n)]


@auto("hits", "wheel", "strength", *ROLLED)
def _hits(ctx: Ctx, step: Step) -> None:
    ctx.push(*hits(step["wheel"], int(step["value"]), step["strength"]))


@auto("hit", "wheel", "strength")
def _hit(ctx: Ctx, step: Step) -> None:
    w = _wheel(ctx.state, step)
    if not w.running:
        return
    if charts.to_wound(step["strength"], w.toughness) is None:
        ctx.emit(ev.HitResolved(w.id, step["strength"], False, False))
        return
    ctx.push(roll("d6", 1, w.id, "to_wound", Step.make("to_wound", wheel=w.id, strength=step["strength"])))


@auto("to_wound", "wheel", "strength", *ROLLED)
def _to_wound(ctx: Ctx, step: Step) -> None:
    w = _wheel(ctx.state, step)
    need = charts.to_wound(step["strength"], w.toughness)
    if need is None or step["value"] < need:
        ctx.emit(ev.HitResolved(w.id, step["strength"], False, False))
        return
    if charts.save_needed(w.armour, step["strength"]) is None:
        ctx.emit(ev.HitResolved(w.id, step["strength"], True, False))
        change_wounds(ctx, w, -1, "hit")
        return
    ctx.push(roll("d6", 1, w.id, "armour_save", Step.make("save", wheel=w.id, strength=step["strength"])))


@auto("save", "wheel", "strength", *ROLLED)
def _save(ctx: Ctx, step: Step) -> None:
    w = _wheel(ctx.state, step)
    saved = charts.save_passes(charts.save_needed(w.armour, step["strength"]), step["value"])
    ctx.emit(ev.HitResolved(w.id, step["strength"], True, saved))
    if not saved:
        change_wounds(ctx, w, -1, "hit")


# --- the end (spec §2) -------------------------------------------------------------------

def finish(ctx: Ctx, winner: str | None, reason: str) -> None:
    state = ctx.state
    state.phase = OVER
    state.winner = winner
    state.end_reason = reason
    state.stack.clear()
    ctx.emit(ev.RaceOver(winner, reason))


def check_last_running(ctx: Ctx) -> None:
    state = ctx.state
    if state.phase == OVER:
        return
    running = state.running()
    if len(running) == 1:
        finish(ctx, running[0].player, "last wheel running")
    elif not running:
        end_race(ctx, "all wheels destroyed")


def end_race(ctx: Ctx, reason: str) -> None:
    """No lap winner. Every wheel destroyed (spec §2): the most laps wins, else a draw.
    The turn cap (the engine's own ruling): the most laps, then checkpoints passed,
    wins, else a draw."""
    def score(w: Wheel) -> tuple[int, int]:
        return (w.laps, w.next_cp if reason == "turn cap" else 0)
    best = max(score(w) for w in ctx.state.wheels.values())
    top = [w for w in ctx.state.wheels.values() if score(w) == best]
    finish(ctx, top[0].player if len(top) == 1 else None, reason)


# --- the machine ----------------------------------------------------------------------------

# the pending input is the top step's kind (a die: "roll", ROLL); the run stops once
# the race is over
assert ROLL == "roll"
ENGINE.end_phase = OVER


def current_actor(state: DoomState) -> str:
    if state.phase == OVER:
        return TERMINAL
    top = state.stack[-1]
    if top.kind == "roll":
        return CHANCE
    if top.kind in ENGINE.decisions:  # every decision here is a wheel's player's (Decision.actor)
        return state.wheels[top["wheel"]].player
    raise RuntimeError(f"no pending input (top step {top.kind!r})")


def advance(ctx: Ctx) -> None:
    ENGINE.run(ctx)


def chance_outcomes(state: DoomState) -> Sequence[tuple[Choice, float]]:
    """The pending chance step's outcomes: a list for the dice (D6, D3, the 360
    directions), a lazily built sequence for a respawn spot (UniformOutcomes)."""
    top = state.stack[-1]
    die = top["die"]
    if die == "spot":
        return UniformOutcomes(0, int(top["count"]))
    got = _OUTCOMES.get(die)
    if got is None:
        got = _OUTCOMES[die] = uniform(0 if die == "dir" else 1, FACES[die])
    return list(got)


_OUTCOMES: dict[str, list[tuple[Choice, float]]] = {}  # per die (shared items: Choices are immutable)


def pending_chance(state: DoomState) -> PendingChance:
    """The pending die: which (d6, d3, d360, spot), for whom, why, its outcomes."""
    top = state.stack[-1]
    die = top["die"]
    return PendingChance("d360" if die == "dir" else die, top["who"], _player_of(state, top["who"]),
                         top["reason"], chance_outcomes(state))


def legal_choices(state: DoomState) -> list[Choice]:
    if state.phase == OVER:
        return []
    top = state.stack[-1]
    if top.kind == "roll":
        return [c for c, _ in chance_outcomes(state)]
    return ENGINE.decisions[top.kind].candidates(state, top)


def why_illegal(state: DoomState, choice: Choice) -> str | None:
    if state.phase == OVER:
        return "the race is over"
    bad = ENGINE.bad_keys(choice, name_allowed=False)
    if bad is not None:
        return bad
    top = state.stack[-1]
    if top.kind == "roll":
        v = choice.get("value")
        lo = 0 if top["die"] in ("dir", "spot") else 1
        hi = lo + faces_of_step(top) - 1
        if choice.kind != "roll" or not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            return f"a {top['die']} result {lo}-{hi} is pending"
        return None
    if choice.kind == "roll":
        return "no die is pending"
    return ENGINE.decisions[top.kind].check(state, top, choice)


def _roll_value(state: DoomState, choice: Choice) -> int | None:
    """The face of a well-formed roll choice for the pending die (the common case,
    checked without the general why_illegal), else None."""
    if choice.kind != "roll" or state.phase == OVER or len(choice.args) != 1:
        return None
    top = state.stack[-1]
    if top.kind != "roll":
        return None
    k, v = choice.args[0]
    if k != "value" or type(v) is not int:  # (not a bool either)
        return None
    die = top.args["die"]
    if die == "d6":
        return v if 1 <= v <= 6 else None
    if die == "dir":
        return v if 0 <= v < 360 else None
    if die == "spot":
        return v if 0 <= v < top.args["count"] else None
    return v if 1 <= v <= FACES[die] else None


def apply(state: DoomState, choice: Choice) -> list[Event]:
    value = _roll_value(state, choice)
    if value is None:
        reason = why_illegal(state, choice)
        if reason is not None:
            raise IllegalChoice(choice, reason)
    ctx = Ctx(state)
    if value is not None:
        ENGINE.roll_face(ctx, state.stack.pop(), value)  # its only chance step is the roll
    elif choice.kind == "roll":
        ENGINE.roll_face(ctx, state.stack.pop(), int(choice["value"]))
    else:
        ENGINE.decide(ctx, choice)
    ENGINE.run(ctx)
    return ctx.events


def start(state: DoomState) -> list[Event]:
    ctx = Ctx(state)
    ctx.push(group_roll("grid", state.players))
    advance(ctx)
    return ctx.events
