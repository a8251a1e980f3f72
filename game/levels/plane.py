"""Plane geometry for level files: segments, polygons, offsets and rays, in inches.

Plain functions on points (x, y) and sequences of them, shared by every kind of level
(a course's edges and obstacles today; a battlefield's area terrain next) and by the
checks. Exactness: a tolerance of ``_EPS`` (1e-9) decides touching.
"""

from __future__ import annotations

import math
from typing import Final, Sequence

Point = tuple[float, float]
Segment = tuple[Point, Point]

MAX_TURN_DEG: Final[float] = 170.0
"""Sharpest bend a width-drawn course may have (the mitre would explode beyond)."""

_EPS: Final[float] = 1e-9


def _cross(ox: float, oy: float, ax: float, ay: float, bx: float, by: float) -> float:
    return (ax - ox) * (by - oy) - (ay - oy) * (bx - ox)


def _on_segment(px: float, py: float, a: Point, b: Point) -> bool:
    return (
        min(a[0], b[0]) - _EPS <= px <= max(a[0], b[0]) + _EPS
        and min(a[1], b[1]) - _EPS <= py <= max(a[1], b[1]) + _EPS
    )


def _segments_touch(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments ab and cd share any point (crossing, touching or overlapping)."""
    d1 = _cross(c[0], c[1], d[0], d[1], a[0], a[1])
    d2 = _cross(c[0], c[1], d[0], d[1], b[0], b[1])
    d3 = _cross(a[0], a[1], b[0], b[1], c[0], c[1])
    d4 = _cross(a[0], a[1], b[0], b[1], d[0], d[1])
    if ((d1 > _EPS and d2 < -_EPS) or (d1 < -_EPS and d2 > _EPS)) and (
        (d3 > _EPS and d4 < -_EPS) or (d3 < -_EPS and d4 > _EPS)
    ):
        return True
    if abs(d1) <= _EPS and _on_segment(a[0], a[1], c, d):
        return True
    if abs(d2) <= _EPS and _on_segment(b[0], b[1], c, d):
        return True
    if abs(d3) <= _EPS and _on_segment(c[0], c[1], a, b):
        return True
    if abs(d4) <= _EPS and _on_segment(d[0], d[1], a, b):
        return True
    return False


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether ab and cd cross properly (each strictly separates the other's ends)."""
    d1 = _cross(c[0], c[1], d[0], d[1], a[0], a[1])
    d2 = _cross(c[0], c[1], d[0], d[1], b[0], b[1])
    d3 = _cross(a[0], a[1], b[0], b[1], c[0], c[1])
    d4 = _cross(a[0], a[1], b[0], b[1], d[0], d[1])
    return ((d1 > _EPS and d2 < -_EPS) or (d1 < -_EPS and d2 > _EPS)) and (
        (d3 > _EPS and d4 < -_EPS) or (d3 < -_EPS and d4 > _EPS)
    )


def _intersection_point(a: Point, b: Point, c: Point, d: Point) -> Point:
    """Where lines ab and cd meet (a's end point when they are parallel)."""
    rx, ry = b[0] - a[0], b[1] - a[1]
    sx, sy = d[0] - c[0], d[1] - c[1]
    den = rx * sy - ry * sx
    if abs(den) < 1e-15:
        return a
    t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / den
    return (a[0] + t * rx, a[1] + t * ry)


def _dist2_point_segment(px: float, py: float, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    l2 = dx * dx + dy * dy
    t = 0.0 if l2 == 0.0 else ((px - a[0]) * dx + (py - a[1]) * dy) / l2
    if t < 0.0:
        t = 0.0
    elif t > 1.0:
        t = 1.0
    ex, ey = a[0] + t * dx - px, a[1] + t * dy - py
    return ex * ex + ey * ey


def _dist_segment_segment(a: Point, b: Point, c: Point, d: Point) -> float:
    if _segments_touch(a, b, c, d):
        return 0.0
    return math.sqrt(
        min(
            _dist2_point_segment(a[0], a[1], c, d),
            _dist2_point_segment(b[0], b[1], c, d),
            _dist2_point_segment(c[0], c[1], a, b),
            _dist2_point_segment(d[0], d[1], a, b),
        )
    )


def _point_in_polygon(x: float, y: float, poly: Sequence[Point]) -> bool:
    """Even-odd rule; points exactly on the boundary may go either way."""
    inside = False
    n = len(poly)
    jx, jy = poly[n - 1]
    for i in range(n):
        ix, iy = poly[i]
        if (iy > y) != (jy > y):
            xc = ix + (y - iy) * (jx - ix) / (jy - iy)
            if x < xc:
                inside = not inside
        jx, jy = ix, iy
    return inside


def _signed_area(poly: Sequence[Point]) -> float:
    n = len(poly)
    total = 0.0
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        total += x1 * y2 - x2 * y1
    return total / 2


def _is_convex(poly: Sequence[Point]) -> bool:
    """Strictly convex, simple polygon (all turns one way, winding once)."""
    n = len(poly)
    if n < 3:
        return False
    sign = 0.0
    turning = 0.0
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        cx, cy = poly[(i + 2) % n]
        ux, uy = bx - ax, by - ay
        vx, vy = cx - bx, cy - by
        if ux == 0.0 and uy == 0.0:
            return False
        cr = ux * vy - uy * vx
        if abs(cr) <= 1e-12:
            return False
        if sign == 0.0:
            sign = cr
        elif (cr > 0) != (sign > 0):
            return False
        turning += math.atan2(cr, ux * vx + uy * vy)
    return abs(abs(turning) - 2 * math.pi) < 1e-6


def _poly_axes(poly: Sequence[Point]) -> list[Point]:
    axes: list[Point] = []
    n = len(poly)
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        axes.append((ay - by, bx - ax))
    return axes


def _project(poly: Sequence[Point], ax: float, ay: float) -> tuple[float, float]:
    vals = [px * ax + py * ay for px, py in poly]
    return min(vals), max(vals)


def _convex_overlap(p: Sequence[Point], q: Sequence[Point]) -> bool:
    """Whether two convex polygons overlap with positive area (touching is not overlap)."""
    for ax, ay in _poly_axes(p) + _poly_axes(q):
        norm = math.hypot(ax, ay)
        if norm == 0.0:
            continue
        ax, ay = ax / norm, ay / norm
        p0, p1 = _project(p, ax, ay)
        q0, q1 = _project(q, ax, ay)
        if p1 <= q0 + _EPS or q1 <= p0 + _EPS:
            return False
    return True


def _circle_poly_overlap(cx: float, cy: float, r: float, poly: Sequence[Point]) -> bool:
    if _point_in_polygon(cx, cy, poly):
        return True
    n = len(poly)
    d2 = min(_dist2_point_segment(cx, cy, poly[i], poly[(i + 1) % n]) for i in range(n))
    return d2 < (r - _EPS) ** 2 if r > _EPS else False


def _turn_degrees(a: Point, b: Point, c: Point) -> float:
    """Unsigned turning angle at b of the polyline a-b-c, in degrees."""
    ux, uy = b[0] - a[0], b[1] - a[1]
    vx, vy = c[0] - b[0], c[1] - b[1]
    return abs(math.degrees(math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)))


def _unit_normals(pts: Sequence[Point]) -> list[Point]:
    """Left unit normal of each segment of a polyline."""
    out: list[Point] = []
    for i in range(len(pts) - 1):
        dx, dy = pts[i + 1][0] - pts[i][0], pts[i + 1][1] - pts[i][1]
        ln = math.hypot(dx, dy)
        out.append((-dy / ln, dx / ln))
    return out


def offset_polyline(pts: Sequence[Point], distance: float) -> tuple[Point, ...]:
    """The polyline offset by `distance` to its left (negative: right), mitred at bends.

    Raises ValueError(index) at a bend turning by more than MAX_TURN_DEG.
    """
    normals = _unit_normals(pts)
    limit = 1.0 + math.cos(math.radians(MAX_TURN_DEG))
    out: list[Point] = [(pts[0][0] + normals[0][0] * distance, pts[0][1] + normals[0][1] * distance)]
    for i in range(1, len(pts) - 1):
        n1x, n1y = normals[i - 1]
        n2x, n2y = normals[i]
        den = 1.0 + n1x * n2x + n1y * n2y
        if den < limit:
            raise ValueError(i)
        k = distance / den
        out.append((pts[i][0] + (n1x + n2x) * k, pts[i][1] + (n1y + n2y) * k))
    nx, ny = normals[-1]
    out.append((pts[-1][0] + nx * distance, pts[-1][1] + ny * distance))
    return tuple(out)


def offset_loop(pts: Sequence[Point], distance: float) -> tuple[Point, ...]:
    """The closed polyline `pts` (last point == first) offset like `offset_polyline`,
    mitred at the seam too, so the result is closed as well.

    Raises ValueError(index) at a bend turning by more than MAX_TURN_DEG (index 0 for
    the seam).
    """
    n = len(pts)
    ext = [pts[n - 2], *pts, pts[1]]
    try:
        out = list(offset_polyline(ext, distance))[1:-1]
    except ValueError as exc:
        i = exc.args[0] - 1
        raise ValueError(0 if i >= n - 1 else i) from None
    out[-1] = out[0]
    return tuple(out)


def _winding(x: float, y: float, poly: Sequence[Point]) -> int:
    """Winding number of the closed polygon `poly` about (x, y)."""
    wn = 0
    n = len(poly)
    ax, ay = poly[n - 1]
    for i in range(n):
        bx, by = poly[i]
        if ay <= y:
            if by > y and (bx - ax) * (y - ay) - (x - ax) * (by - ay) > 0.0:
                wn += 1
        elif by <= y and (bx - ax) * (y - ay) - (x - ax) * (by - ay) < 0.0:
            wn -= 1
        ax, ay = bx, by
    return wn


def _ray_hit(px: float, py: float, dx: float, dy: float, pts: Sequence[Point]) -> float | None:
    """Smallest t >= 0 with p + t*d on the polyline `pts` (d need not be unit), or None."""
    best: float | None = None
    for i in range(len(pts) - 1):
        ax, ay = pts[i]
        bx, by = pts[i + 1]
        sx, sy = bx - ax, by - ay
        den = dx * sy - dy * sx
        if abs(den) < 1e-15:
            continue
        wx, wy = ax - px, ay - py
        t = (wx * sy - wy * sx) / den
        u = (wx * dy - wy * dx) / den
        if t >= -1e-9 and -1e-9 <= u <= 1.0 + 1e-9:
            tt = max(t, 0.0)
            if best is None or tt < best:
                best = tt
    return best
