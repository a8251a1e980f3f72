"""The Wild Race's window on the table: keeps a Table in step with the state
(bases and obstacles synced when they differ) and answers the rules' geometric
questions in inches and degrees. The table is shared between cloned states and
re-synced on use (CONTRACTS §2)."""

from __future__ import annotations

import math
from typing import Callable, TypeVar

from game.core.angles import angle_diff, norm_heading, unit  # noqa: F401  (rules and AI import them from here)
from game.table import geometry as g
from game.table.geometry import TOL
from game.table.table import Contact, Table
from game.rules.wild_race.kinds import Kind
from game.rules.wild_race.state import Obstacle, Racer, RaceState

T = TypeVar("T")
OBS = "o:"  # table ids of obstacles
MOVE_KINDS = Kind.RACER | Kind.SMALL | Kind.LARGE | Kind.EDGE | Kind.FINISH
SOLID = Kind.RACER | Kind.SMALL | Kind.LARGE | Kind.EDGE


def racer_shape(r: Racer) -> g.Shape:
    key = (r.x, r.y, r.heading, r.length, r.width)
    c = r.shape_cache
    if c is not None and c[0] == key:
        return c[1]  # type: ignore[no-any-return]
    sh = g.make_rect(r.x, r.y, r.heading, r.length, r.width)
    r.shape_cache = (key, sh)
    return sh


def shape_at(r: Racer, x: float, y: float, heading: float) -> g.Shape:
    return g.make_rect(x, y, heading, r.length, r.width)


def obstacle_shape(o: Obstacle, x: float | None = None, y: float | None = None) -> g.Shape:
    if x is None or y is None:
        key = (o.x, o.y, o.rotation)
        c = o.shape_cache
        if c is not None and c[0] == key:
            return c[1]  # type: ignore[no-any-return]
        sh = _obstacle_shape(o, o.x, o.y)
        o.shape_cache = (key, sh)
        return sh
    return _obstacle_shape(o, x, y)


def _obstacle_shape(o: Obstacle, cx: float, cy: float) -> g.Shape:
    if o.shape == "circle":
        return g.make_circle(cx, cy, o.radius)
    if o.shape == "rect":
        return g.make_rect(cx, cy, o.rotation, o.length, o.width)
    a = math.radians(o.rotation)
    c, s = math.cos(a), math.sin(a)
    return g.make_poly([(cx + px * c - py * s, cy + px * s + py * c) for px, py in o.points])


def kind_name(kind: int) -> str:
    """racer, small, large, edge, finish (for events and messages)."""
    return Kind.name_of(kind)


def obstacle_kind(o: Obstacle) -> Kind:
    return Kind.SMALL if o.size == "small" else Kind.LARGE


class Geo:
    """A Table plus what has been synced into it."""

    def __init__(self, state: RaceState) -> None:
        course = state.course
        barriers = [(a, b) for a, b in course.barrier_segments() if math.hypot(b[0] - a[0], b[1] - a[1]) > 1e-9]
        self.table = Table(barriers, Kind.EDGE)
        if course.finish is not None:
            self.table.put_segment("finish", Kind.FINISH, course.finish)
        self.synced: dict[str, tuple[float, ...]] = {}
        self.owner: object = None  # sync_token of the state last synced; its moves go through update_*
        self.version = 0  # bumped on every change of the table
        self.turn_cache: dict[str, tuple[tuple[float, ...], int, float, float]] = {}
        self.memo: dict[tuple[object, ...], object] = {}  # answers valid for one table version
        self.memo_version = -1

    def sync(self, state: RaceState) -> None:
        t = self.table
        self.owner = state.sync_token
        self.version += 1
        unplaced = state.phase in ("setup", "placement")
        for r in state.racers.values():
            key = (r.x, r.y, r.heading, r.length, r.width)
            if r.status != "racing" or (unplaced and r.id not in state.placed):
                if r.id in self.synced:
                    t.remove(r.id)
                    del self.synced[r.id]
                continue
            if self.synced.get(r.id) != key:
                t.put(r.id, Kind.RACER, racer_shape(r))
                self.synced[r.id] = key
        for o in state.obstacles.values():
            tid = OBS + o.id
            key2 = (o.x, o.y, o.rotation, 1.0 if o.size == "small" else 2.0)
            if o.removed:
                if tid in self.synced:
                    t.remove(tid)
                    del self.synced[tid]
                continue
            if self.synced.get(tid) != key2:
                t.put(tid, obstacle_kind(o), obstacle_shape(o))
                self.synced[tid] = key2

    def update_racer(self, r: Racer) -> None:
        self.version += 1
        if r.status != "racing":
            if r.id in self.synced:
                self.table.remove(r.id)
                del self.synced[r.id]
            return
        self.table.put(r.id, Kind.RACER, racer_shape(r))
        self.synced[r.id] = (r.x, r.y, r.heading, r.length, r.width)

    def update_obstacle(self, o: Obstacle) -> None:
        self.version += 1
        tid = OBS + o.id
        if o.removed:
            if tid in self.synced:
                self.table.remove(tid)
                del self.synced[tid]
            return
        self.table.put(tid, obstacle_kind(o), obstacle_shape(o))
        self.synced[tid] = (o.x, o.y, o.rotation, 1.0 if o.size == "small" else 2.0)

    # --- questions ------------------------------------------------------------
    def first_contact(self, shape: g.Shape, dx: float, dy: float, kinds: Kind,
                      ignore: frozenset[str] | set[str]) -> Contact | None:
        """The first contact of a move; touching the finish line wins a tie with a
        barrier it lies on (a course whose finish is its closing end)."""
        c = self.table.first_contact(shape, dx, dy, kinds, ignore)
        if c is not None and c.kind != Kind.FINISH and kinds & Kind.FINISH:
            f = self.table.first_contact(shape, dx, dy, Kind.FINISH, ignore)
            if f is not None and f.dist <= c.dist + 1e-6:
                return f
        return c

    def remember(self, key: tuple[object, ...], compute: "Callable[[], T]") -> "T":
        """Memoise a question about the table for as long as nothing on it moves."""
        if self.memo_version != self.version:
            self.memo.clear()
            self.memo_version = self.version
        if key in self.memo:
            return self.memo[key]  # type: ignore[return-value]
        value = compute()
        self.memo[key] = value
        return value

    def touching(self, r: Racer) -> set[str]:
        """Things within 0.01" of the base (in contact for the rules)."""
        key = ("touching", r.id, r.x, r.y, r.heading)
        return self.remember(key, lambda: {oid for _, oid in self.table.within(racer_shape(r), SOLID, TOL, {r.id})})

    def free_turn(self, r: Racer) -> tuple[float, float]:
        """How far the racer can pivot about its centre, (counter-clockwise, clockwise)
        in degrees up to 180 each, before its swept base touches anything it is not
        already in contact with (cached per table state)."""
        key = (r.x, r.y, r.heading, r.length, r.width)
        got = self.turn_cache.get(r.id)
        if got is not None and got[0] == key and got[1] == self.version:
            return got[2], got[3]
        shape = racer_shape(r)
        # the swept disc of a pivot lies within (half-diagonal - half-width) of the base
        reach = math.hypot(r.length, r.width) / 2 - min(r.length, r.width) / 2
        near = self.table.within(shape, SOLID, reach + 1e-6, {r.id})
        if not near or all(gp <= TOL for gp, _ in near):
            self.turn_cache[r.id] = (key, self.version, 180.0, 180.0)
            return 180.0, 180.0
        ign = {r.id} | {oid for gp, oid in near if gp <= TOL}
        out = []
        for sign in (1.0, -1.0):
            c = self.table.first_rotation_contact(shape, r.x, r.y, 180.0 * sign, SOLID, ign)
            out.append(180.0 if c is None else c.dist)
        self.turn_cache[r.id] = (key, self.version, out[0], out[1])
        return out[0], out[1]

    def rotation_blocked(self, r: Racer, new_heading: float, ignore: set[str] | None = None) -> str | None:
        """What a pivot about the base centre would touch (None if free). The swept
        base may not touch anything (CONTRACTS §2); what the base already touches is
        lifted past, as on the table: only the final facing must not overlap it."""
        d = angle_diff(new_heading, r.heading)
        if abs(d) < 1e-9:
            return None
        extra = ignore or set()
        if not extra:
            ccw, cw = self.free_turn(r)
            swept_free = (d > 0 and d <= ccw + 1e-9) or (d < 0 and -d <= cw + 1e-9)
        else:
            swept_free = False
        shape = racer_shape(r)
        touching = self.touching(r) - extra
        # a base pressed against an edge is lifted clear of the edges to turn (RULING:
        # otherwise a base in a corner of the course could never turn or move again)
        against_edge = any(self.table.kind(o) == Kind.EDGE for o in touching)
        sweep = SOLID & ~Kind.EDGE if against_edge else SOLID
        if not swept_free:
            ign = {r.id} | touching | extra
            c = self.table.first_rotation_contact(shape, r.x, r.y, d, sweep, ign)
            if c is not None:
                return c.other
        if touching:
            final = g.make_rect(r.x, r.y, new_heading, r.length, r.width)
            over = [o for o in self.table.overlapping(final, SOLID, {r.id} | extra)
                    if o in touching or (against_edge and self.table.kind(o) == Kind.EDGE)]
            if over:
                return over[0]
        return None

    def pivot_pose(self, r: Racer, new_heading: float) -> tuple[float, float] | None:
        """Where the base's centre is after a pivot to `new_heading`, or None if the
        pivot is blocked. A pivot turns about the base's centre; when only an edge
        blocks that, it may turn about the middle of its rear edge instead (RULING:
        the mount turns on its hindquarters), if that sweep and the final facing touch
        nothing new. A base lying along an edge, too close to turn about its centre,
        can so turn away from it."""
        blocker = self.rotation_blocked(r, new_heading)
        if blocker is None:
            return r.x, r.y
        if not self.table.has(blocker) or self.table.kind(blocker) != Kind.EDGE:
            return None
        key = ("pivot_pose", r.id, r.x, r.y, r.heading, new_heading)
        return self.remember(key, lambda: self._hindquarters(r, new_heading))

    def _hindquarters(self, r: Racer, new_heading: float) -> tuple[float, float] | None:
        half = r.length / 2.0
        ux, uy = unit(r.heading)
        px, py = r.x - ux * half, r.y - uy * half
        d = angle_diff(new_heading, r.heading)
        ign = {r.id} | self.touching(r)
        if self.table.first_rotation_contact(racer_shape(r), px, py, d, SOLID, ign) is not None:
            return None
        nx, ny = unit(new_heading)
        cx, cy = px + nx * half, py + ny * half
        if self.table.overlapping(g.make_rect(cx, cy, new_heading, r.length, r.width), SOLID, {r.id}):
            return None
        return cx, cy

    def gap(self, a: str, b: str) -> float:
        return self.table.gap(a, b)

    def within(self, shape: g.Shape, kinds: Kind, d: float, ignore: set[str]) -> list[tuple[float, str]]:
        return self.table.within(shape, kinds, d, ignore)

    def overlapping(self, shape: g.Shape, kinds: Kind, ignore: set[str]) -> list[str]:
        return self.table.overlapping(shape, kinds, ignore)

    def exit_dist(self, shape: g.Shape, ux: float, uy: float, other: str) -> float | None:
        return self.table.exit_dist(shape, ux, uy, other)


def geo_of(state: RaceState) -> Geo:
    if state.table is None:
        state.table = Geo(state)
    geo: Geo = state.table
    if geo.owner is not state.sync_token or state.phase in ("setup", "placement"):
        geo.sync(state)
    return geo


def resync(state: RaceState) -> None:
    """After changing positions outside the rules (tests, editors): sync fully."""
    if state.table is not None:
        state.table.owner = None
    geo_of(state)
