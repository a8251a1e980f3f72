"""Critter movement and respawn (spec §9), at the end of each turn: slaves, then
Fanatics, then Dammaz-Drengi, each group in id order. Each walks D6" in a random
direction (a chance step over 360 whole degrees); a Dammaz-Drengi then walks D3"
toward the nearest wheel still in play (base to base). A critter that meets a track
edge turns round and walks the rest back; one that walks into a wheel is run over by
it. Then every dead critter comes back at a uniformly random free spot: a chance step
over the points of a 0.25" grid on the track where its base touches no edge and no
wheel (CONTRACTS §1)."""

from __future__ import annotations

import math
from functools import lru_cache

from game.core.course import Course
from game.table import geometry as g
from game.table.geometry import TOL
from game.table.table import Kind
from game.rules.doomwheel import events as ev
from game.rules.doomwheel.engine import PHASES, Ctx, auto, roll
from game.rules.doomwheel.geo import CRIT, backed, critter_shape, track_barriers, unit
from game.rules.doomwheel.state import Critter, DoomState, Step

ORDER = {"slave": 0, "fanatic": 1, "slayer": 2}
GRID = 0.25


def critter_order(state: DoomState) -> list[str]:
    def key(c: Critter) -> tuple[int, int, str]:
        tail = c.id.rsplit("-", 1)[-1]
        return ORDER.get(c.kind, 9), int(tail) if tail.isdigit() else 0, c.id
    return [c.id for c in sorted(state.critters.values(), key=key)]


def _start(ctx: Ctx, step: Step) -> None:
    steps = [Step.make("critter_turn", critter=cid) for cid in critter_order(ctx.state)]
    ctx.push(*steps, Step.make("respawn"))


@auto("critter_turn")
def _critter_turn(ctx: Ctx, step: Step) -> None:
    c = ctx.state.critters[step["critter"]]
    if not c.alive:
        return
    ctx.push(roll("d6", 1, c.id, "critter_move", Step.make("critter_dir", critter=c.id)))


@auto("critter_dir")
def _critter_dir(ctx: Ctx, step: Step) -> None:
    ctx.push(roll("dir", 1, step["critter"], "critter_direction",
                  Step.make("critter_walk", critter=step["critter"], dist=step["value"])))


@auto("critter_walk")
def _critter_walk(ctx: Ctx, step: Step) -> None:
    c = ctx.state.critters[step["critter"]]
    if not c.alive:
        return
    if walk(ctx, c, float(step["value"]), float(step["dist"])):
        return
    if c.kind == "slayer" and ctx.state.running():
        ctx.push(roll("d3", 1, c.id, "slayer_charge", Step.make("slayer_charge", critter=c.id)))


@auto("slayer_charge")
def _slayer_charge(ctx: Ctx, step: Step) -> None:
    c = ctx.state.critters[step["critter"]]
    if not c.alive:
        return
    near = ctx.geo.table.nearest(critter_shape(c), Kind.WHEEL)
    if near is None:
        return
    _, wid = near
    w_shape = ctx.geo.table.shape(wid)
    _, (bx, by) = g.closest_points(critter_shape(c), w_shape)
    heading = math.degrees(math.atan2(by - c.y, bx - c.x)) % 360.0
    walk(ctx, c, heading, float(step["value"]))


def walk(ctx: Ctx, c: Critter, heading: float, dist: float) -> bool:
    """Walk the critter; True if it walked into a wheel (and is run over by it)."""
    x0, y0 = c.x, c.y
    left, h = dist, heading
    table = ctx.geo.table
    for _ in range(32):
        if left <= 1e-9:
            break
        ux, uy = unit(h)
        hit = table.first_contact(critter_shape(c), ux * left, uy * left, Kind.EDGE | Kind.WHEEL,
                                  {CRIT + c.id})
        go = left if hit is None else backed(hit.dist)
        c.x, c.y = c.x + ux * go, c.y + uy * go
        left -= go if hit is not None else left
        ctx.geo.sync(ctx.state)
        if hit is None:
            break
        if hit.kind == Kind.WHEEL:
            ctx.emit(ev.CritterMoved(c.id, x0, y0, c.x, c.y))
            ctx.push(Step.make("run_over", wheel=hit.other, critter=c.id))
            return True
        h = (h + 180.0) % 360.0
    ctx.emit(ev.CritterMoved(c.id, x0, y0, c.x, c.y))
    return False


@lru_cache(maxsize=16)
def track_spots(course: Course, radius: float) -> tuple[tuple[float, float], ...]:
    """The 0.25" grid points on the track where a critter's base clears every edge."""
    from game.table.table import Table
    edges = Table(track_barriers(course))
    return tuple((x, y) for x, y in _grid_on_track(course)
                 if not edges.within(g.make_circle(x, y, radius), Kind.EDGE, TOL))


@lru_cache(maxsize=8)
def _grid_on_track(course: Course) -> tuple[tuple[float, float], ...]:
    outline = course.outline()
    x0, y0 = min(p[0] for p in outline), min(p[1] for p in outline)
    x1, y1 = max(p[0] for p in outline), max(p[1] for p in outline)
    out = []
    nx, ny = int((x1 - x0) / GRID) + 1, int((y1 - y0) / GRID) + 1
    ix0, iy0 = math.ceil(x0 / GRID), math.ceil(y0 / GRID)
    for i in range(nx):
        for j in range(ny):
            x, y = (ix0 + i) * GRID, (iy0 + j) * GRID
            if course.contains(x, y):
                out.append((x, y))
    return tuple(out)


def free_spots(ctx: Ctx, c: Critter) -> list[tuple[float, float]]:
    """Track spots where the critter's base would not be under or touching a wheel
    (memoised per table state)."""
    table = ctx.geo.table
    wheels = [table.shape(w.id) for w in ctx.state.running() if table.has(w.id)]
    key = (c.radius, tuple((ws.cx, ws.cy, ws.heading) for ws in wheels))
    memo = ctx.geo.spot_memo
    got = memo.get(key)
    if got is not None:
        return got
    static = track_spots(ctx.state.course, c.radius)
    on_track = _spot_set(ctx.state.course, c.radius)
    excluded: set[tuple[float, float]] = set()
    reach = c.radius + TOL
    for ws in wheels:
        i0, i1 = math.floor((ws.minx - reach) / GRID), math.ceil((ws.maxx + reach) / GRID)
        j0, j1 = math.floor((ws.miny - reach) / GRID), math.ceil((ws.maxy + reach) / GRID)
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                p = (i * GRID, j * GRID)
                if p in on_track and p not in excluded and g.gap(g.make_circle(p[0], p[1], c.radius), ws) <= TOL:
                    excluded.add(p)
    out = [p for p in static if p not in excluded] if excluded else list(static)
    if len(memo) > 32:
        memo.clear()
    memo[key] = out
    return out


@lru_cache(maxsize=16)
def _spot_set(course: Course, radius: float) -> frozenset[tuple[float, float]]:
    return frozenset(track_spots(course, radius))


@auto("respawn")
def _respawn(ctx: Ctx, step: Step) -> None:
    for cid in reversed(critter_order(ctx.state)):
        if not ctx.state.critters[cid].alive:
            ctx.push(Step.make("respawn_one", critter=cid))


@auto("respawn_one")
def _respawn_one(ctx: Ctx, step: Step) -> None:
    c = ctx.state.critters[step["critter"]]
    spots = free_spots(ctx, c)
    if not spots:
        return
    ctx.push(roll("spot", 1, c.id, "respawn", Step.make("respawn_at", critter=c.id), count=len(spots)))


@auto("respawn_at")
def _respawn_at(ctx: Ctx, step: Step) -> None:
    c = ctx.state.critters[step["critter"]]
    x, y = free_spots(ctx, c)[int(step["value"])]
    c.x, c.y, c.alive = x, y, True
    ctx.geo.sync(ctx.state)
    ctx.emit(ev.CritterRespawned(c.id, x, y))


PHASES["critters"] = _start
