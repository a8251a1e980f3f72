"""Area terrain: polygons with a type (woods, hill, water, ...) and the questions
the rules ask of them: is a base inside (wholly, or partly), the first moment a
moving or wheeling base enters one, and how long a stretch of a path lies
inside one.

An area is a simple polygon (convex or not, either winding, not closed) in
inches.  "Inside" is about the interiors: touching the boundary from outside is
not being in the area, touching it from inside is still being wholly inside.
A base "enters" an area when it would overlap the area's interior by more than
``EPS`` (the table's contact rule); the answer is the fraction of the motion at
which it starts to (0.0 if it is already in it).  Exact: the area's edges are
segments for the table's time-of-impact kernels; lengths come from the path's
crossings with the edges.  Tested against shapely (tests/test_table_queries.py).
Pure, typed Python.
"""

from __future__ import annotations

import math

from game.table.distance import _sd_point, penetrates
from game.table.rotation import rotation_toi
from game.table.shapes import CIRCLE, Shape, make_segment, point_in_polygon
from game.table.sweep import time_of_impact


class Area:
    """A polygon of terrain of one ``kind`` (a word the ruleset chooses)."""

    __slots__ = ("kind", "id", "points", "edges", "minx", "miny", "maxx", "maxy")

    def __init__(self, kind: str, points: list[tuple[float, float]], id: str = "") -> None:
        pts = [(float(x), float(y)) for x, y in points]
        if len(pts) > 1 and pts[0] == pts[-1]:
            pts.pop()
        if len(pts) < 3:
            raise ValueError(f"an area needs at least 3 points, got {len(pts)}")
        self.kind: str = kind
        self.id: str = id
        self.points: list[tuple[float, float]] = pts
        edges: list[Shape] = []
        n = len(pts)
        for i in range(n):
            x0, y0 = pts[i]
            x1, y1 = pts[i + 1 if i + 1 < n else 0]
            if (x0, y0) != (x1, y1):
                edges.append(make_segment(x0, y0, x1, y1))
        self.edges: list[Shape] = edges
        self.minx: float = min(p[0] for p in pts)
        self.miny: float = min(p[1] for p in pts)
        self.maxx: float = max(p[0] for p in pts)
        self.maxy: float = max(p[1] for p in pts)

    def __repr__(self) -> str:
        return f"Area({self.kind!r}, {len(self.points)} points{', ' + self.id if self.id else ''})"


def contains_point(area: Area, x: float, y: float) -> bool:
    """Is (x, y) in the area (points exactly on the boundary may go either way)?"""
    if x < area.minx or x > area.maxx or y < area.miny or y > area.maxy:
        return False
    return point_in_polygon(x, y, area.points)


def _boxes_meet(area: Area, s: Shape) -> bool:
    return not (s.minx > area.maxx or s.maxx < area.minx or s.miny > area.maxy or s.maxy < area.miny)


def _crossed(area: Area, s: Shape) -> bool:
    """Does an edge of the area pass through the shape's interior (deeper than EPS)?"""
    for e in area.edges:
        if not (e.minx > s.maxx or e.maxx < s.minx or e.miny > s.maxy or e.maxy < s.miny) and penetrates(e, s):
            return True
    return False


def inside(area: Area, s: Shape) -> bool:
    """Is the shape wholly inside the area (its boundary may touch the area's)?"""
    if s.minx < area.minx or s.maxx > area.maxx or s.miny < area.miny or s.maxy > area.maxy:
        return False
    return not _crossed(area, s) and contains_point(area, s.cx, s.cy)


def overlaps(area: Area, s: Shape) -> bool:
    """Is some of the shape in the area (interiors overlap by more than EPS)?"""
    if not _boxes_meet(area, s):
        return False
    if _crossed(area, s) or contains_point(area, s.cx, s.cy):
        return True
    x, y = area.points[0]
    if s.kind == CIRCLE:  # the whole area may lie within the shape
        return math.hypot(x - s.cx, y - s.cy) < s.radius
    return _sd_point(s, x, y) < 0.0


def enters(area: Area, s: Shape, dx: float, dy: float) -> float | None:
    """The shape moving by (dx, dy): the first fraction of the move at which it
    enters the area (0.0 if it overlaps it already); None if it never does."""
    if overlaps(area, s):
        return 0.0
    minx = min(s.minx, s.minx + dx)
    maxx = max(s.maxx, s.maxx + dx)
    miny = min(s.miny, s.miny + dy)
    maxy = max(s.maxy, s.maxy + dy)
    if minx > area.maxx or maxx < area.minx or miny > area.maxy or maxy < area.miny:
        return None
    best: float | None = None
    for e in area.edges:
        if e.minx > maxx or e.maxx < minx or e.miny > maxy or e.maxy < miny:
            continue
        t = time_of_impact(s, dx, dy, e)
        if t is not None and (best is None or t < best):
            best = t
    return best


def enters_turning(area: Area, s: Shape, px: float, py: float, dtheta_deg: float) -> float | None:
    """The shape turning about (px, py) by ``dtheta_deg``: the first fraction of
    the turn at which it enters the area (0.0 if it overlaps it already)."""
    if overlaps(area, s):
        return 0.0
    best: float | None = None
    for e in area.edges:
        t = rotation_toi(s, px, py, dtheta_deg, e)
        if t is not None and (best is None or t < best):
            best = t
    return best


def length_inside(area: Area, x0: float, y0: float, x1: float, y1: float) -> float:
    """Inches of the segment from (x0, y0) to (x1, y1) that lie inside the area."""
    ux = x1 - x0
    uy = y1 - y0
    ln = math.hypot(ux, uy)
    if ln == 0.0:
        return 0.0
    if (max(x0, x1) < area.minx or min(x0, x1) > area.maxx or max(y0, y1) < area.miny
            or min(y0, y1) > area.maxy):
        return 0.0
    cuts = [0.0, 1.0]
    for e in area.edges:
        ax = e.xs[0]
        ay = e.ys[0]
        ex = e.xs[1] - ax
        ey = e.ys[1] - ay
        den = ux * ey - uy * ex
        if den == 0.0:
            continue  # parallel: a run along an edge is cut by the neighbouring edges
        wx = ax - x0
        wy = ay - y0
        t = (wx * ey - wy * ex) / den
        s = (wx * uy - wy * ux) / den
        if 0.0 < t < 1.0 and -1e-12 <= s <= 1.0 + 1e-12:
            cuts.append(t)
    cuts.sort()
    total = 0.0
    for i in range(len(cuts) - 1):
        t0 = cuts[i]
        t1 = cuts[i + 1]
        if t1 <= t0:
            continue
        m = 0.5 * (t0 + t1)
        if contains_point(area, x0 + ux * m, y0 + uy * m):
            total += t1 - t0
    return total * ln


def path_length_inside(area: Area, points: list[tuple[float, float]]) -> float:
    """Inches of the polyline ``points`` that lie inside the area."""
    total = 0.0
    for i in range(len(points) - 1):
        (x0, y0), (x1, y1) = points[i], points[i + 1]
        total += length_inside(area, x0, y0, x1, y1)
    return total


def areas_under(areas: list[Area], s: Shape) -> list[Area]:
    """The areas the shape overlaps, in the order given."""
    return [a for a in areas if overlaps(a, s)]




__all__ = ["Area", "areas_under", "contains_point", "enters", "enters_turning", "inside", "length_inside",
           "overlaps", "path_length_inside"]
