"""Shooting (spec §7, §8): each team's bolt thrower, standing at its fans' spot
(course `fans`, in seat order), may shoot at an enemy wheel it can see within 48",
at most every second turn (it may fire in turn 1, not in the turn right after one
in which it fired). BS 3 with -1 at long range (beyond 24") and -1 soft / -2 hard
cover (obstacles the course marks `cover`); a 1 always misses; 7+ needs a 6 and then
4+/5+/6+. S 6 against T 6 wounds on 4+, D3 wounds per unsaved wound, no armour save.
Line of sight is blocked by other wheels and by obstacles marked `blocks_sight` (not
by edges, critters or unmarked obstacles)."""

from __future__ import annotations

import math
from game.core.protocol import Choice
from game.table import geometry as g
from game.table.geometry import TOL
from game.rules.doomwheel.kinds import Kind
from game.rules.doomwheel import charts
from game.rules.doomwheel.engine import ROLLED, Ctx, Decision, auto, change_wounds, on_phase, register, roll
from game.rules.doomwheel.geo import Geo, geo_of, wheel_shape
from game.rules.doomwheel.state import DoomState, Step, Wheel

RANGE = 48.0
LONG = 24.0
BS = 3
STRENGTH = 6


def machine(state: DoomState, player: str) -> tuple[float, float] | None:
    """Where the team's bolt thrower stands: the course's `fans` spot for the team (in
    seat order), else beside the course's first crossing (spec §1's default:
    default_spot); None if the course has neither."""
    i = state.players.index(player)
    fans = state.course.fans
    if i < len(fans):
        return (fans[i].x, fans[i].y)
    return default_spot(state.course, i)


def default_spot(course: object, i: int) -> tuple[float, float] | None:
    """Team i's bolt thrower beside the first crossing: 1" outside its circle, off the
    track, on the north, south, east, west, then diagonal side in turn (the sides
    that are off the track, in that order; team i takes the i-th, round again)."""
    crossings = getattr(course, "crossings", ())
    if not crossings:
        return None
    cr = crossings[0]
    r = cr.radius + 1.0
    sides = [(cr.x + r * math.cos(math.radians(a)), cr.y + r * math.sin(math.radians(a)))
             for a in (90, 270, 0, 180, 45, 135, 225, 315)]
    off = [p for p in sides if not course.contains(*p)] or sides  # type: ignore[attr-defined]
    return off[i % len(off)]


def reloaded(state: DoomState, w: Wheel) -> bool:
    return w.fired_turn != state.turn - 1


def distance(state: DoomState, at: tuple[float, float], target: Wheel) -> float:
    return max(0.0, g.gap(g.make_circle(at[0], at[1], 1e-9), wheel_shape(target)))


def visible(state: DoomState, at: tuple[float, float], target: Wheel) -> bool:
    """A line from the machine to the target's centre or a corner that neither another
    wheel's base nor an obstacle marked blocks_sight crosses (docs/doomwheel-rulings.md,
    "Line of sight")."""
    return _visible(geo_of(state), state, at, target)


def _visible(geo: Geo, state: DoomState, at: tuple[float, float], target: Wheel) -> bool:
    others = {w.id for w in state.wheels.values() if w.id != target.id}
    pts = [(target.x, target.y)] + wheel_shape(target).points()
    for x, y in pts:
        if x == at[0] and y == at[1]:
            return True
        seg = g.make_segment(at[0], at[1], x, y)
        if any(g.penetrates(seg, b) for b in geo.blockers):
            continue
        hit = [o for o in geo.table.overlapping(seg, Kind.WHEEL, {target.id}) if o in others]
        if not hit:
            return True
    return False


def cover(state: DoomState, at: tuple[float, float], target: Wheel) -> int:
    """The cover modifier (0, -1 soft, -2 hard): the best cover of an obstacle marked
    cover that the line from the machine to the target base's centre crosses, or that
    the target's base touches (within 0.01"); hard beats soft, nothing stacks
    (docs/doomwheel-rulings.md, "Cover")."""
    return _cover(geo_of(state), at, target)


def _cover(geo: Geo, at: tuple[float, float], target: Wheel) -> int:
    if not geo.cover:
        return 0
    base = wheel_shape(target)
    line = None if (target.x, target.y) == at else g.make_segment(at[0], at[1], target.x, target.y)
    best = 0
    for mod, shape in geo.cover:
        if mod >= best:
            continue
        if (line is not None and g.penetrates(line, shape)) or g.gap(base, shape) <= TOL:
            best = mod
    return best


def to_hit_needed(state: DoomState, at: tuple[float, float], target: Wheel) -> int:
    return _to_hit_needed(geo_of(state), at, target, distance(state, at, target))


def _to_hit_needed(geo: Geo, at: tuple[float, float], target: Wheel, dist: float) -> int:
    return charts.to_hit_target(BS, (-1 if dist > LONG else 0) + _cover(geo, at, target))


def targets(state: DoomState, player: str) -> list[str]:
    w = state.wheels[player]
    at = machine(state, player)
    if at is None or not w.running or not reloaded(state, w):
        return []
    geo = geo_of(state)  # synced once for every target
    out = []
    for t in state.wheels.values():
        if not t.running or t.id == w.id:
            continue
        d = distance(state, at, t)
        if d <= RANGE and _visible(geo, state, at, t) and _to_hit_needed(geo, at, t, d) < 10:
            out.append(t.id)
    return out


def _start(ctx: Ctx, step: Step) -> None:
    ctx.push(Step.make("shoot_round", i=0))


@auto("shoot_round", "i")
def _round(ctx: Ctx, step: Step) -> None:
    state = ctx.state
    i = int(step["i"])
    while i < len(state.order):
        p = state.order[i]
        if targets(state, p):
            ctx.push(Step.make("shoot", wheel=p, i=i))
            return
        i += 1


class Shoot(Decision):
    kind = "shoot"
    keys = {"shoot": {"target"}, "hold": set()}

    def candidates(self, state: DoomState, step: Step) -> list[Choice]:
        return [Choice.make("hold")] + [Choice.make("shoot", target=t) for t in targets(state, step["wheel"])]

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        state = ctx.state
        nxt = Step.make("shoot_round", i=step["i"] + 1)
        if choice.kind == "hold":
            ctx.push(nxt)
            return
        w = state.wheels[step["wheel"]]
        w.fired_turn = state.turn
        t = state.wheels[str(choice["target"])]
        at = machine(state, w.id)
        assert at is not None
        need = to_hit_needed(state, at, t)
        ctx.push(roll("d6", 1, w.id, "to_hit", Step.make("to_hit", wheel=w.id, target=t.id, need=need)), nxt)


@auto("to_hit", "wheel", "target", "need", *ROLLED)
def _to_hit(ctx: Ctx, step: Step) -> None:
    need, v = int(step["need"]), int(step["value"])
    if need >= 7 and v == 6 and charts.to_hit_second(need) is not None:
        ctx.push(roll("d6", 1, step["wheel"], "to_hit_7_plus",
                      Step.make("to_hit_second", wheel=step["wheel"], target=step["target"], need=need)))
        return
    if charts.hits(need, v):
        ctx.push(_wound_roll(step))


@auto("to_hit_second", "wheel", "target", "need", *ROLLED)
def _to_hit_second(ctx: Ctx, step: Step) -> None:
    if charts.hits(int(step["need"]), 6, int(step["value"])):
        ctx.push(_wound_roll(step))


def _wound_roll(step: Step) -> Step:
    return roll("d6", 1, step["wheel"], "bolt_to_wound", Step.make("bolt_wound", wheel=step["wheel"],
                                                                   target=step["target"]))


@auto("bolt_wound", "wheel", "target", *ROLLED)
def _bolt_wound(ctx: Ctx, step: Step) -> None:
    t = ctx.state.wheels[step["target"]]
    need = charts.to_wound(STRENGTH, t.toughness)
    if need is not None and int(step["value"]) >= need and t.running:
        ctx.push(roll("d3", 1, step["wheel"], "bolt_wounds", Step.make("bolt_damage", target=t.id)))


@auto("bolt_damage", "target", *ROLLED)
def _bolt_damage(ctx: Ctx, step: Step) -> None:
    change_wounds(ctx, ctx.state.wheels[step["target"]], -int(step["value"]), "bolt_thrower")


register(Shoot(), "i")
on_phase("shooting", _start)
