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
from typing import Iterator

from game.levels.course import Course
from game.table import geometry as g
from game.table.geometry import TOL
from game.rules.doomwheel.kinds import Kind
from game.rules.doomwheel import events as ev
from game.rules.doomwheel.engine import ROLLED, Ctx, auto, on_phase, roll
from game.rules.doomwheel.geo import CRIT, backed, critter_shape, large_obstacles, track_barriers, unit
from game.rules.doomwheel.state import Critter, DoomState, Step

ORDER = {"slave": 0, "fanatic": 1, "slayer": 2}
WALK_STOPS = Kind.EDGE | Kind.WHEEL | Kind.LARGE  # large obstacles turn a critter back like an edge
GRID = 0.25


def critter_order(state: DoomState) -> list[str]:
    """The critters' ids in the order they act (kind, then number)."""
    return list(_order_of(tuple((c.id, c.kind) for c in state.critters.values())))


@lru_cache(maxsize=16)
def _order_of(herd: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    def key(c: tuple[str, str]) -> tuple[int, int, str]:
        tail = c[0].rsplit("-", 1)[-1]
        return ORDER.get(c[1], 9), int(tail) if tail.isdigit() else 0, c[0]
    return tuple(cid for cid, _ in sorted(herd, key=key))


def _start(ctx: Ctx, step: Step) -> None:
    steps = [Step.make("critter_turn", critter=cid) for cid in critter_order(ctx.state)]
    ctx.push(*steps, Step.make("respawn"))


@auto("critter_turn", "critter")
def _critter_turn(ctx: Ctx, step: Step) -> None:
    c = ctx.state.critters[step["critter"]]
    if not c.alive:
        return
    ctx.push(roll("d6", 1, c.id, "critter_move", Step.make("critter_dir", critter=c.id)))


@auto("critter_dir", "critter", *ROLLED)
def _critter_dir(ctx: Ctx, step: Step) -> None:
    ctx.push(roll("dir", 1, step["critter"], "critter_direction",
                  Step.make("critter_walk", critter=step["critter"], dist=step["value"])))


@auto("critter_walk", "critter", "dist", *ROLLED)
def _critter_walk(ctx: Ctx, step: Step) -> None:
    c = ctx.state.critters[step["critter"]]
    if not c.alive:
        return
    if walk(ctx, c, float(step["value"]), float(step["dist"])):
        return
    if c.kind == "slayer" and ctx.state.running():
        ctx.push(roll("d3", 1, c.id, "slayer_charge", Step.make("slayer_charge", critter=c.id)))


@auto("slayer_charge", "critter", *ROLLED)
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
    # only edges, wheels and large obstacles stop a walk: the other critters need not
    # be synced (the next `ctx.geo` syncs them; each walker is synced as it goes)
    geo = ctx.wheels_geo
    geo.sync_critter(c)
    table = geo.table
    tid = CRIT + c.id
    ignore = {tid}
    for _ in range(32):
        if left <= 1e-9:
            break
        ux, uy = unit(h)
        hit = table.first_contact(table.shape(tid), ux * left, uy * left, WALK_STOPS, ignore)  # synced
        go = left if hit is None else backed(hit.dist)
        c.x, c.y = c.x + ux * go, c.y + uy * go
        left -= go if hit is not None else left
        geo.sync_critter(c)
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
    """The 0.25" grid points on the track where a critter's base clears every edge and
    large obstacle (gap > TOL), in the grid's order (by x, then y). Only points within reach of an
    edge's box are tested exactly."""
    from game.table.table import Table
    segs = track_barriers(course)
    edges = Table(segs, Kind.EDGE)
    boxes = [(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)) for (x0, y0), (x1, y1) in segs]
    for oid, shape in large_obstacles(course):
        edges.put(oid, Kind.LARGE, shape)
        boxes.append((shape.minx, shape.miny, shape.maxx, shape.maxy))
    reach = radius + TOL + 1e-6
    near: set[tuple[int, int]] = set()
    for bx0, by0, bx1, by1 in boxes:
        for i in range(math.floor((bx0 - reach) / GRID), math.ceil((bx1 + reach) / GRID) + 1):
            for j in range(math.floor((by0 - reach) / GRID), math.ceil((by1 + reach) / GRID) + 1):
                near.add((i, j))
    return tuple((x, y) for x, y in _grid_on_track(course)
                 if (round(x / GRID), round(y / GRID)) not in near
                 or not edges.within(g.make_circle(x, y, radius), Kind.EDGE | Kind.LARGE, TOL))


@lru_cache(maxsize=8)
def _grid_on_track(course: Course) -> tuple[tuple[float, float], ...]:
    """The 0.25" grid points inside the course (Course.contains), found row by row:
    the winding number at x counts the outline's crossings of the row right of x
    (points within 1e-9" of a crossing ask Course.contains itself)."""
    outline = course.outline()
    x0, y0 = min(p[0] for p in outline), min(p[1] for p in outline)
    x1, y1 = max(p[0] for p in outline), max(p[1] for p in outline)
    nx, ny = int((x1 - x0) / GRID) + 1, int((y1 - y0) / GRID) + 1
    ix0, iy0 = math.ceil(x0 / GRID), math.ceil(y0 / GRID)
    nonzero = course.laps is not None or bool(course.crossings)
    n = len(outline)
    cols: list[list[tuple[float, float]]] = [[] for _ in range(nx)]
    for j in range(ny):
        y = (iy0 + j) * GRID
        cross: list[tuple[float, int]] = []  # (x of the crossing, +1 up / -1 down)
        ax, ay = outline[n - 1]
        for k in range(n):
            bx, by = outline[k]
            if ay <= y < by:
                cross.append((ax + (bx - ax) * (y - ay) / (by - ay), 1))
            elif by <= y < ay:
                cross.append((ax + (bx - ax) * (y - ay) / (by - ay), -1))
            ax, ay = bx, by
        cross.sort()
        for i in range(nx):
            x = (ix0 + i) * GRID
            if x > x1 or y > y1:
                continue
            if not nonzero or any(abs(x - xc) < 1e-9 for xc, _ in cross):
                inside = course.contains(x, y)
            else:
                right = [d for xc, d in cross if xc > x]
                inside = sum(right) != 0
            if inside:
                cols[i].append((x, y))
    return tuple(p for col in cols for p in col)


def _slab(p: float, q: float, lo: float, hi: float) -> tuple[float, float] | None:
    """The x with lo <= p*x + q <= hi (p may be 0): an interval, or None."""
    if abs(p) < 1e-12:
        return (-math.inf, math.inf) if lo <= q <= hi else None
    a, b = (lo - q) / p, (hi - q) / p
    return (a, b) if a <= b else (b, a)


def _near_wheel(static_index: dict[tuple[float, float], int], ws: g.Shape, radius: float) -> list[int]:
    """Indices (into the track spots) of the spots where a critter's base of `radius`
    would be under or touching the wheel base `ws` (gap <= TOL). On each grid row the
    candidates are the points inside the base grown by the reach (a superset); the
    region gap <= TOL is convex, so on a row it is one run of points: its two ends are
    found by testing from each side, and the points between are in it."""
    reach = radius + TOL + 1e-6
    out: list[int] = []
    j0, j1 = math.floor((ws.miny - reach) / GRID), math.ceil((ws.maxy + reach) / GRID)
    c, s = ws.c, ws.s
    for j in range(j0, j1 + 1):
        y = j * GRID
        ry = y - ws.cy
        # |rx*c + ry*s| <= hl + reach and |-rx*s + ry*c| <= hw + reach, rx = x - cx
        a = _slab(c, ry * s, -ws.hl - reach, ws.hl + reach)
        b = _slab(-s, ry * c, -ws.hw - reach, ws.hw + reach)
        if a is None or b is None:
            continue
        lo, hi = max(a[0], b[0]) + ws.cx, min(a[1], b[1]) + ws.cx
        if lo > hi:
            continue
        lo, hi = max(lo, ws.minx - reach), min(hi, ws.maxx + reach)
        i0, i1 = math.floor(lo / GRID), math.ceil(hi / GRID)
        while i0 <= i1 and not _touches(ws, i0 * GRID, y, ry, radius):
            i0 += 1
        while i1 > i0 and not _touches(ws, i1 * GRID, y, ry, radius):
            i1 -= 1
        for i in range(i0, i1 + 1):
            k = static_index.get((i * GRID, y))
            if k is not None:
                out.append(k)
    return out


def _touches(ws: g.Shape, x: float, y: float, ry: float, radius: float) -> bool:
    """g.gap(circle of `radius` at (x, y), ws) <= TOL, with gap's own arithmetic for a
    rectangle (ry = y - ws.cy)."""
    if ws.kind != g.RECT:
        return g.gap(g.make_circle(x, y, radius), ws) <= TOL
    rx = x - ws.cx
    ex = abs(rx * ws.c + ry * ws.s) - ws.hl
    ey = abs(-rx * ws.s + ry * ws.c) - ws.hw
    if ex > 0.0:
        sd = math.hypot(ex, ey) if ey > 0.0 else ex
    elif ey > 0.0:
        sd = ey
    else:
        sd = ex if ex > ey else ey
    return sd - radius <= TOL


class FreeSpots:
    """The free respawn spots for one critter size and one placing of the wheels: the
    track spots in their fixed order less the excluded ones, as a sequence whose length
    and items are found without building the list (a few hundred spots near the wheels
    are excluded out of thousands)."""

    __slots__ = ("spots", "excluded", "n")

    def __init__(self, spots: tuple[tuple[float, float], ...], excluded: list[int]) -> None:
        self.spots = spots
        self.excluded = excluded  # sorted, distinct
        self.n = len(spots) - len(excluded)

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, k: int) -> tuple[float, float]:
        if not 0 <= k < self.n:
            raise IndexError(k)
        # the k-th spot not excluded: skip every excluded index at or before it
        j = k
        for e in self.excluded:
            if e <= j:
                j += 1
            else:
                break
        return self.spots[j]

    def __iter__(self) -> Iterator[tuple[float, float]]:
        ex = set(self.excluded)
        return (p for i, p in enumerate(self.spots) if i not in ex)


def free_spot_set(ctx: Ctx, c: Critter) -> FreeSpots:
    """The spots where the critter's base would not be under or touching a wheel
    (memoised per table state)."""
    table = ctx.geo.table
    wheels = [table.shape(w.id) for w in ctx.state.running() if table.has(w.id)]
    key = (c.radius, tuple((ws.cx, ws.cy, ws.heading) for ws in wheels))
    memo = ctx.geo.spot_memo
    got = memo.get(key)
    if got is not None:
        return got
    static = track_spots(ctx.state.course, c.radius)
    index = _spot_index(ctx.state.course, c.radius)
    if len(memo) > 64:
        memo.clear()
    excluded: set[int] = set()
    for ws in wheels:  # each wheel's spots are kept too: a wheel that did not move has the same
        wkey = (c.radius, ws.cx, ws.cy, ws.heading, ws.hl, ws.hw)
        near = memo.get(wkey)
        if near is None:
            near = memo[wkey] = _near_wheel(index, ws, c.radius)
        excluded.update(near)
    out = FreeSpots(static, sorted(excluded))
    memo[key] = out
    return out


def free_spots(ctx: Ctx, c: Critter) -> list[tuple[float, float]]:
    """The free spots as a list (the respawn roll's outcome k is item k)."""
    return list(free_spot_set(ctx, c))


@lru_cache(maxsize=16)
def _spot_index(course: Course, radius: float) -> dict[tuple[float, float], int]:
    return {p: i for i, p in enumerate(track_spots(course, radius))}


@auto("respawn")
def _respawn(ctx: Ctx, step: Step) -> None:
    for cid in reversed(critter_order(ctx.state)):
        if not ctx.state.critters[cid].alive:
            ctx.push(Step.make("respawn_one", critter=cid))


@auto("respawn_one", "critter")
def _respawn_one(ctx: Ctx, step: Step) -> None:
    c = ctx.state.critters[step["critter"]]
    n = len(free_spot_set(ctx, c))
    if not n:
        return
    ctx.push(roll("spot", 1, c.id, "respawn", Step.make("respawn_at", critter=c.id), count=n))


@auto("respawn_at", "critter", *ROLLED)
def _respawn_at(ctx: Ctx, step: Step) -> None:
    c = ctx.state.critters[step["critter"]]
    x, y = free_spot_set(ctx, c)[int(step["value"])]
    c.x, c.y, c.alive = x, y, True
    ctx.geo.sync_critter(c)
    ctx.emit(ev.CritterRespawned(c.id, x, y))


on_phase("critters", _start)
