"""The Doomwheel Race's window on the table (spec §4 movement geometry): a Table of
the track edges (cut away inside the declared crossings, where the edges of one pass
are no barrier to the other), the wheels (rectangles, Kind.WHEEL) and the critters
(circles, Kind.CRITTER). Answers swept moves and swept rotations exactly with the
table's `first_contact` / `first_rotation_contact`; synced from the state on use."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from game.levels.course import Course, ObstacleSpec
from game.core.angles import angle_diff, norm_heading, unit  # noqa: F401  (rules and AI import them from here)
from game.table import geometry as g
from game.table.geometry import BACKOFF, TOL
from game.table.table import Contact, Table
from game.rules.doomwheel.kinds import Kind
from game.rules.doomwheel.state import Critter, DoomState, Wheel

SOLID = Kind.WHEEL | Kind.EDGE | Kind.LARGE
OBST = "o:"
CRIT = "c:"


def wheel_shape(w: Wheel, x: float | None = None, y: float | None = None, h: float | None = None) -> g.Shape:
    return g.make_rect(w.x if x is None else x, w.y if y is None else y, w.heading if h is None else h,
                       w.length, w.width)


def critter_shape(c: Critter, x: float | None = None, y: float | None = None) -> g.Shape:
    return g.make_circle(c.x if x is None else x, c.y if y is None else y, c.radius)


def track_barriers(course: Course) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The course barriers, less what lies inside a declared crossing where one pass's
    edge runs across the other pass (docs/level-format.md: there the edges of one pass
    are no barrier to the other). An edge piece inside a crossing circle is dropped
    when the track is on both sides of it; the pieces that bound the track there (the
    corners between the passes) stay."""
    return list(_track_barriers(course))


@lru_cache(maxsize=16)
def _track_barriers(course: Course) -> tuple[tuple[tuple[float, float], tuple[float, float]], ...]:
    segs = [(a, b) for a, b in course.barrier_segments() if math.hypot(b[0] - a[0], b[1] - a[1]) > 1e-9]
    if not course.crossings:
        return tuple(segs)
    out: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for a, b in segs:
        cuts = {0.0, 1.0}
        for cr in course.crossings:
            cuts.update(_circle_params(a, b, cr.x, cr.y, cr.radius))
        for c, d in segs:
            t = _seg_param(a, b, c, d)
            if t is not None:
                cuts.add(t)
        ts = sorted(cuts)
        for t0, t1 in zip(ts, ts[1:]):
            if t1 - t0 <= 1e-9:
                continue
            p = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
            q = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
            if _inside_crossing(course, p, q) and _track_both_sides(course, p, q):
                continue
            if out and out[-1][1] == p and _same_line(out[-1][0], p, q):
                out[-1] = (out[-1][0], q)  # a piece split only by the test: join it again
            else:
                out.append((p, q))
    return tuple(out)


def _circle_params(a: tuple[float, float], b: tuple[float, float], cx: float, cy: float, r: float) -> list[float]:
    """Where segment a-b meets the circle (parameters in (0, 1))."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - cx, a[1] - cy
    qa = dx * dx + dy * dy
    qb = 2 * (fx * dx + fy * dy)
    qc = fx * fx + fy * fy - r * r
    disc = qb * qb - 4 * qa * qc
    if qa <= 0 or disc <= 0:
        return []
    sq = math.sqrt(disc)
    return [t for t in ((-qb - sq) / (2 * qa), (-qb + sq) / (2 * qa)) if 0.0 < t < 1.0]


def _seg_param(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float],
               d: tuple[float, float]) -> float | None:
    """The parameter on a-b where c-d crosses it strictly inside both, or None."""
    rx, ry = b[0] - a[0], b[1] - a[1]
    sx, sy = d[0] - c[0], d[1] - c[1]
    den = rx * sy - ry * sx
    if abs(den) < 1e-15:
        return None
    qx, qy = c[0] - a[0], c[1] - a[1]
    t = (qx * sy - qy * sx) / den
    u = (qx * ry - qy * rx) / den
    return t if 1e-9 < t < 1 - 1e-9 and 1e-9 < u < 1 - 1e-9 else None


def _inside_crossing(course: Course, p: tuple[float, float], q: tuple[float, float]) -> bool:
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    return any(math.hypot(mx - cr.x, my - cr.y) < cr.radius for cr in course.crossings)


def _track_both_sides(course: Course, p: tuple[float, float], q: tuple[float, float]) -> bool:
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    ln = math.hypot(q[0] - p[0], q[1] - p[1])
    nx, ny = -(q[1] - p[1]) / ln * 1e-3, (q[0] - p[0]) / ln * 1e-3
    return course.contains(mx + nx, my + ny) and course.contains(mx - nx, my - ny)


def _same_line(a: tuple[float, float], p: tuple[float, float], q: tuple[float, float]) -> bool:
    return abs((p[0] - a[0]) * (q[1] - p[1]) - (p[1] - a[1]) * (q[0] - p[0])) < 1e-12


class Geo:
    """A Table plus what has been synced into it (shared by clones; synced on use)."""

    def __init__(self, course: Course) -> None:
        self.table = Table(track_barriers(course), Kind.EDGE)
        for oid, shape in large_obstacles(course):
            self.table.put(oid, Kind.LARGE, shape)
        self.synced: dict[str, tuple[float, ...]] = {}
        self.spot_memo: dict[object, Any] = {}  # critters.free_spot_set
        self.cp_dirs: list[tuple[float, float]] = list(_lap_directions(course))
        self.cover: list[tuple[int, g.Shape]] = cover_obstacles(course)
        self.blockers: list[g.Shape] = sight_blockers(course)

    def sync(self, state: DoomState) -> None:
        """Bring the table in line with the state (what moved, died or came back)."""
        self.sync_wheels(state)
        synced = self.synced
        table = self.table
        for c in state.critters.values():
            tid = CRIT + c.id
            if c.alive:
                key = (c.x, c.y, c.radius)
                if synced.get(tid) != key:
                    table.put(tid, Kind.CRITTER, critter_shape(c))
                    synced[tid] = key
            elif tid in synced:
                table.remove(tid)
                del synced[tid]

    def sync_wheels(self, state: DoomState) -> None:
        """Sync the wheels alone (the critters may lag behind the state): enough for
        a query no critter takes part in, such as a critter's walk."""
        synced = self.synced
        table = self.table
        placed = state.phase != "setup"
        for w in state.wheels.values():
            tid = w.id
            if w.running and placed:
                key = (w.x, w.y, w.heading)
                if synced.get(tid) != key:
                    table.put(tid, Kind.WHEEL, wheel_shape(w))
                    synced[tid] = key
            elif tid in synced:
                table.remove(tid)
                del synced[tid]

    def sync_critter(self, c: Critter) -> None:
        """Sync one critter (the only thing that changed since the last sync)."""
        tid = CRIT + c.id
        if c.alive:
            key = (c.x, c.y, c.radius)
            if self.synced.get(tid) != key:
                self.table.put(tid, Kind.CRITTER, critter_shape(c))
                self.synced[tid] = key
        elif tid in self.synced:
            self.table.remove(tid)
            del self.synced[tid]

    def sync_wheel(self, w: Wheel, placed: bool = True) -> None:
        """Sync one wheel (the only thing that changed since the last sync)."""
        tid = w.id
        if w.running and placed:
            key = (w.x, w.y, w.heading)
            if self.synced.get(tid) != key:
                self.table.put(tid, Kind.WHEEL, wheel_shape(w))
                self.synced[tid] = key
        elif tid in self.synced:
            self.table.remove(tid)
            del self.synced[tid]

    # --- questions -----------------------------------------------------------
    def line_contacts(self, w: Wheel, heading: float, dist: float) -> tuple[Contact | None, Contact | None]:
        """Sliding the wheel `dist` inches along `heading`: (the first wheel or edge
        contact, the first critter touched before it)."""
        ux, uy = unit(heading)
        shape = wheel_shape(w)
        stop = self.table.first_contact(shape, ux * dist, uy * dist, SOLID, {w.id})
        crit = self.table.first_contact(shape, ux * dist, uy * dist, Kind.CRITTER)
        if crit is not None and stop is not None and crit.dist > stop.dist:
            crit = None
        return stop, crit

    def touching_edges(self, w: Wheel) -> set[str]:
        """The track edges the wheel's base touches (gap <= TOL)."""
        return {oid for _, oid in self.table.within(wheel_shape(w), Kind.EDGE, TOL)}

    def turn_contacts(self, w: Wheel, px: float, py: float, angle: float,
                      lifted: set[str] | None = None) -> tuple[Contact | None, Contact | None]:
        """Rotating the wheel about (px, py) by `angle` degrees: (the first wheel or
        edge contact, the first critter touched before it); `dist` in degrees. With
        `lifted` (edges the base touches), the wheel is lifted clear of every edge as
        in `lifted_turn` (for this pivot only): the sweep passes over the edges and a
        facing that would overlap one is an edge contact at 0 degrees."""
        shape = wheel_shape(w)
        if lifted:
            stop = self.table.first_rotation_contact(shape, px, py, angle, Kind.WHEEL | Kind.LARGE, {w.id})
            turned = angle if stop is None else max(0.0, stop.dist - 1e-6) * (1.0 if angle > 0 else -1.0)
            x1, y1 = rotate_about(w.x, w.y, px, py, turned)
            over = self.table.overlapping(wheel_shape(w, x1, y1, w.heading + turned), Kind.EDGE, set())
            if over:
                return Contact(0.0, 0.0, over[0], Kind.EDGE), None
        else:
            stop = self.table.first_rotation_contact(shape, px, py, angle, SOLID, {w.id})
        crit = self.table.first_rotation_contact(shape, px, py, angle, Kind.CRITTER)
        if crit is not None and stop is not None and crit.dist > stop.dist:
            crit = None
        return stop, crit

    def lifted_turn(self, w: Wheel, angle: float) -> tuple[float, float, float, str, list[str]]:
        """A turn by a wheel whose base touches a track edge (docs/doomwheel-rulings.md):
        lifted clear of every edge, it turns about its centre or, if that facing would
        overlap an edge, about the middle of its rear edge; only wheels (and large
        obstacles) stop the sweep
        (stopping 1e-6 degrees short). If neither facing clears the edges the turn does
        not happen. Returns (pivot x, pivot y, degrees turned, what stopped it: a
        wheel, an edge or "", the critters the sweep touches in touch order)."""
        shape = wheel_shape(w)
        sign = 1.0 if angle > 0 else -1.0
        ux, uy = unit(w.heading)
        blocked = ""
        for px, py in ((w.x, w.y), (w.x - ux * w.length / 2, w.y - uy * w.length / 2)):
            stop = self.table.first_rotation_contact(shape, px, py, angle, Kind.WHEEL | Kind.LARGE, {w.id})
            turned = angle if stop is None else max(0.0, stop.dist - 1e-6) * sign
            x1, y1 = rotate_about(w.x, w.y, px, py, turned)
            over = self.table.overlapping(wheel_shape(w, x1, y1, w.heading + turned), Kind.EDGE, set())
            if over:
                blocked = blocked or over[0]
                continue
            crits: list[str] = []
            while abs(turned) > 0.0:
                c = self.table.first_rotation_contact(shape, px, py, turned, Kind.CRITTER, set(crits))
                if c is None:
                    break
                crits.append(c.other)
            return px, py, turned, "" if stop is None else stop.other, crits
        return w.x, w.y, 0.0, blocked, []

    def overlaps(self, shape: g.Shape, kinds: Kind, ignore: set[str]) -> list[str]:
        return self.table.overlapping(shape, kinds, ignore)


@lru_cache(maxsize=16)
def _lap_directions(course: Course) -> tuple[tuple[float, float], ...]:
    """The course's direction of travel at each lap line (Geo.cp_dirs)."""
    out = []
    for a, b in lap_lines(course):
        s = course.progress((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        out.append(course.tangent_at(s))
    return tuple(out)


def large_obstacles(course: Course) -> list[tuple[str, g.Shape]]:
    """The course's large obstacles as table shapes (ids "o:<id>"): impassable to
    wheels and critters like an edge (docs/doomwheel-rulings.md); small obstacles play
    no part in the Doomwheel Race."""
    return [(OBST + o.id, obstacle_shape(o)) for o in course.obstacles if o.size == "large"]


def obstacle_shape(o: ObstacleSpec) -> g.Shape:
    """One obstacle as a table shape."""
    if o.shape == "circle":
        return g.make_circle(o.x, o.y, o.radius)
    if o.shape == "rect":
        return g.make_rect(o.x, o.y, o.rotation, o.length, o.width)
    a = math.radians(o.rotation)
    c, s = math.cos(a), math.sin(a)
    return g.make_poly([(o.x + px * c - py * s, o.y + px * s + py * c) for px, py in o.points])


COVER_MOD: dict[str, int] = {"soft": -1, "hard": -2}
"""The to-hit modifier of an obstacle's cover marking (rules §8)."""


def cover_obstacles(course: Course) -> list[tuple[int, g.Shape]]:
    """The obstacles marked cover, as (to-hit modifier, shape): any size
    (docs/doomwheel-rulings.md, "Cover")."""
    return [(COVER_MOD[o.cover], obstacle_shape(o)) for o in course.obstacles if o.cover in COVER_MOD]


def sight_blockers(course: Course) -> list[g.Shape]:
    """The obstacles marked blocks_sight, as shapes: any size (rules §7)."""
    return [obstacle_shape(o) for o in course.obstacles if o.blocks_sight]


def lap_lines(course: Course) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The lines a lap passes in order: the checkpoints, then the start line."""
    return list(course.checkpoints) + [course.start]


def geo_of(state: DoomState) -> Geo:
    """The state's table, synced."""
    if state.table is None:
        state.table = Geo(state.course)
    geo: Geo = state.table
    geo.sync(state)
    return geo


def wheels_geo_of(state: DoomState) -> Geo:
    """The state's table with its wheels synced (Geo.sync_wheels)."""
    if state.table is None:
        state.table = Geo(state.course)
    geo: Geo = state.table
    geo.sync_wheels(state)
    return geo


def pivot_point(w: Wheel, angle: float, mode: str) -> tuple[float, float]:
    """The Schwenk's pivot: the inner front corner (wfb_wheel; left corner for a turn
    to the left, angle > 0) or the base's centre (free_pivot)."""
    if mode == "free_pivot":
        return w.x, w.y
    ux, uy = unit(w.heading)
    side = 1.0 if angle > 0 else -1.0
    return (w.x + ux * w.length / 2 - uy * w.width / 2 * side,
            w.y + uy * w.length / 2 + ux * w.width / 2 * side)


def schwenk_cost(w: Wheel, angle: float, mode: str) -> float:
    """Inches of move a Schwenk uses: the arc of the outer front corner (wfb_wheel);
    a free pivot costs nothing (docs/doomwheel-rulings.md)."""
    if mode == "free_pivot":
        return 0.0
    return w.width * math.radians(abs(angle))


def rotate_about(x: float, y: float, px: float, py: float, angle: float) -> tuple[float, float]:
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    dx, dy = x - px, y - py
    return px + dx * c - dy * s, py + dx * s + dy * c


def backed(dist: float) -> float:
    return max(0.0, dist - BACKOFF)


def seg_cross(p0: tuple[float, float], p1: tuple[float, float], a: tuple[float, float],
              b: tuple[float, float]) -> bool:
    """Whether the path p0 -> p1 reaches or crosses segment a-b (p0 strictly before it)."""
    rx, ry = p1[0] - p0[0], p1[1] - p0[1]
    sx, sy = b[0] - a[0], b[1] - a[1]
    den = rx * sy - ry * sx
    if abs(den) < 1e-15:
        return False
    qx, qy = a[0] - p0[0], a[1] - p0[1]
    t = (qx * sy - qy * sx) / den
    u = (qx * ry - qy * rx) / den
    return 1e-12 < t <= 1.0 + 1e-12 and -1e-12 <= u <= 1.0 + 1e-12
