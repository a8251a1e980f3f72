"""Shapes for the table kernels: the ``Shape`` record (oriented rectangles,
convex polygons, circles, segments), its constructors, moved and turned copies,
and the contact constants.  Inches, degrees CCW from +x, y up.

Part of ``game.table.geometry`` (which re-exports it); see there for the
contact semantics.  Pure, typed Python, compiled by mypyc in the fast build.
"""

from __future__ import annotations

import math
from typing import Final


EPS: Final[float] = 1e-9
BACKOFF: Final[float] = 1e-6
TOL: Final[float] = 0.01

RECT: Final[int] = 0
POLY: Final[int] = 1
CIRCLE: Final[int] = 2
SEGMENT: Final[int] = 3

_INF: Final[float] = math.inf
_TWO_PI: Final[float] = 2.0 * math.pi
_TIE: Final[float] = 1e-12  # ties between constraint values when taking derivatives
_EMPTY: tuple[float, float, float, float] = (math.inf, -math.inf, math.inf, -math.inf)

_NOLIST: Final[list[float]] = []
_KIND_NAMES: Final[tuple[str, str, str, str]] = ("RECT", "POLY", "CIRCLE", "SEGMENT")


def _cos_sin_deg(h: float) -> tuple[float, float]:
    """cos and sin of an angle in degrees; exact for multiples of 90."""
    r = h % 360.0
    if r == 0.0:
        return 1.0, 0.0
    if r == 90.0:
        return 0.0, 1.0
    if r == 180.0:
        return -1.0, 0.0
    if r == 270.0:
        return 0.0, -1.0
    a = math.radians(r)
    return math.cos(a), math.sin(a)


class Shape:
    """A convex shape.  Treat instances as immutable (build new ones with
    ``translated`` / ``rotated`` / the ``make_*`` constructors).

    Fields: ``kind``; centre ``cx, cy``; for RECT and SEGMENT the heading in
    degrees and its ``c = cos, s = sin``, half length ``hl`` and half width
    ``hw`` (0 for a segment); ``radius`` (CIRCLE); vertices ``xs, ys``
    (counter-clockwise; a segment's two end points); ``bound`` (bounding
    radius about the centre) and the axis-aligned box ``minx .. maxy``.
    Edge normals / separating axes are kept in ``nx, ny, h`` and
    ``ax, ay, alo, ahi`` (computed lazily for rectangles and segments).
    """

    __slots__ = (
        "kind", "cx", "cy", "heading", "c", "s", "hl", "hw", "radius",
        "xs", "ys", "nx", "ny", "h", "ax", "ay", "alo", "ahi",
        "bound", "minx", "miny", "maxx", "maxy",
    )

    def __init__(
        self,
        kind: int,
        cx: float,
        cy: float,
        heading: float,
        c: float,
        s: float,
        hl: float,
        hw: float,
        radius: float,
        xs: list[float],
        ys: list[float],
        bound: float,
        minx: float,
        miny: float,
        maxx: float,
        maxy: float,
    ) -> None:
        self.kind: int = kind
        self.cx: float = cx
        self.cy: float = cy
        self.heading: float = heading
        self.c: float = c
        self.s: float = s
        self.hl: float = hl
        self.hw: float = hw
        self.radius: float = radius
        self.xs: list[float] = xs
        self.ys: list[float] = ys
        # edge i runs from vertex i to vertex i+1; outward unit normal, offset.
        # (Filled lazily for RECT / SEGMENT by _axes; until then they share one
        # empty list, which is never mutated: lists are replaced, not filled.)
        self.nx: list[float] = _NOLIST
        self.ny: list[float] = _NOLIST
        self.h: list[float] = _NOLIST
        # separating axes with this shape's own span on each
        self.ax: list[float] = _NOLIST
        self.ay: list[float] = _NOLIST
        self.alo: list[float] = _NOLIST
        self.ahi: list[float] = _NOLIST
        self.bound: float = bound
        self.minx: float = minx
        self.miny: float = miny
        self.maxx: float = maxx
        self.maxy: float = maxy

    def __repr__(self) -> str:
        k = self.kind
        if k == CIRCLE:
            return f"Shape(CIRCLE, c=({self.cx:.6g}, {self.cy:.6g}), r={self.radius:.6g})"
        if k == RECT:
            return (
                f"Shape(RECT, c=({self.cx:.6g}, {self.cy:.6g}), heading={self.heading:.6g}, "
                f"length={2.0 * self.hl:.6g}, width={2.0 * self.hw:.6g})"
            )
        pts = ", ".join(f"({x:.6g}, {y:.6g})" for x, y in zip(self.xs, self.ys))
        return f"Shape({_KIND_NAMES[k]}, [{pts}])"

    def points(self) -> list[tuple[float, float]]:
        """The vertices (counter-clockwise; a segment's end points; [] for a circle)."""
        return list(zip(self.xs, self.ys))


# ---------------------------------------------------------------- constructors


def _rect(cx: float, cy: float, heading: float, c: float, s: float, hl: float, hw: float) -> Shape:
    dxl = hl * c
    dyl = hl * s
    dxw = -hw * s
    dyw = hw * c
    xs = [cx + dxl - dxw, cx + dxl + dxw, cx - dxl + dxw, cx - dxl - dxw]
    ys = [cy + dyl - dyw, cy + dyl + dyw, cy - dyl + dyw, cy - dyl - dyw]
    ac = abs(c)
    as_ = abs(s)
    ex = hl * ac + hw * as_
    ey = hl * as_ + hw * ac
    return Shape(RECT, cx, cy, heading, c, s, hl, hw, 0.0, xs, ys,
                 math.hypot(hl, hw), cx - ex, cy - ey, cx + ex, cy + ey)


def make_rect(cx: float, cy: float, heading_deg: float, length: float, width: float) -> Shape:
    """A rectangle centred on (cx, cy) whose length lies along ``heading_deg``."""
    if not (length > 0.0 and width > 0.0):
        raise ValueError(f"rectangle needs positive length and width, got {length!r} x {width!r}")
    c, s = _cos_sin_deg(heading_deg)
    return _rect(float(cx), float(cy), float(heading_deg), c, s, 0.5 * length, 0.5 * width)


def make_segment(x0: float, y0: float, x1: float, y1: float) -> Shape:
    """A segment from (x0, y0) to (x1, y1)."""
    x0 = float(x0)
    y0 = float(y0)
    x1 = float(x1)
    y1 = float(y1)
    ln = math.hypot(x1 - x0, y1 - y0)
    if not ln > 0.0:
        raise ValueError("degenerate segment (zero length)")
    c = (x1 - x0) / ln
    s = (y1 - y0) / ln
    hl = 0.5 * ln
    return Shape(SEGMENT, 0.5 * (x0 + x1), 0.5 * (y0 + y1), math.degrees(math.atan2(s, c)),
                 c, s, hl, 0.0, 0.0, [x0, x1], [y0, y1], hl,
                 min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def make_circle(cx: float, cy: float, r: float) -> Shape:
    """A disc of radius ``r`` centred on (cx, cy)."""
    if not r > 0.0:
        raise ValueError(f"circle needs a positive radius, got {r!r}")
    cx = float(cx)
    cy = float(cy)
    r = float(r)
    return Shape(CIRCLE, cx, cy, 0.0, 1.0, 0.0, 0.0, 0.0, r, [], [], r,
                 cx - r, cy - r, cx + r, cy + r)


def _poly_from_ccw(xs: list[float], ys: list[float]) -> Shape:
    """Build a POLY from clean, strictly convex, counter-clockwise vertices."""
    n = len(xs)
    a2 = 0.0
    sx = 0.0
    sy = 0.0
    x0 = xs[0]
    y0 = ys[0]
    for i in range(n):
        j = i + 1 if i + 1 < n else 0
        xi = xs[i] - x0
        yi = ys[i] - y0
        xj = xs[j] - x0
        yj = ys[j] - y0
        cr = xi * yj - xj * yi
        a2 += cr
        sx += (xi + xj) * cr
        sy += (yi + yj) * cr
    cx = x0 + sx / (3.0 * a2)
    cy = y0 + sy / (3.0 * a2)
    bound = 0.0
    for i in range(n):
        d = math.hypot(xs[i] - cx, ys[i] - cy)
        if d > bound:
            bound = d
    sh = Shape(POLY, cx, cy, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, xs, ys, bound,
               min(xs), min(ys), max(xs), max(ys))
    _fill_poly_edges(sh)
    return sh


def _fill_poly_edges(sh: Shape) -> None:
    xs = sh.xs
    ys = sh.ys
    n = len(xs)
    nx: list[float] = []
    ny: list[float] = []
    h: list[float] = []
    ax: list[float] = []
    ay: list[float] = []
    for i in range(n):
        j = i + 1 if i + 1 < n else 0
        ex = xs[j] - xs[i]
        ey = ys[j] - ys[i]
        ln = math.hypot(ex, ey)
        ux = ey / ln
        uy = -ex / ln
        nx.append(ux)
        ny.append(uy)
        h.append(ux * xs[i] + uy * ys[i])
        dup = False
        for k in range(len(ax)):
            if abs(ax[k] * uy - ay[k] * ux) <= 1e-12:
                dup = True
                break
        if not dup:
            ax.append(ux)
            ay.append(uy)
    alo: list[float] = []
    ahi: list[float] = []
    for k in range(len(ax)):
        lo = _INF
        hi = -_INF
        for i in range(n):
            p = ax[k] * xs[i] + ay[k] * ys[i]
            if p < lo:
                lo = p
            if p > hi:
                hi = p
        alo.append(lo)
        ahi.append(hi)
    sh.nx = nx
    sh.ny = ny
    sh.h = h
    sh.ax = ax
    sh.ay = ay
    sh.alo = alo
    sh.ahi = ahi


def make_poly(points: list[tuple[float, float]]) -> Shape:
    """A convex polygon (either winding).  Repeated and collinear points are
    dropped; raises ValueError if the result is degenerate or not convex."""
    px: list[float] = []
    py: list[float] = []
    for p in points:
        x = float(p[0])
        y = float(p[1])
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ValueError("polygon point is not finite")
        if px and px[-1] == x and py[-1] == y:
            continue
        px.append(x)
        py.append(y)
    while len(px) > 1 and px[0] == px[-1] and py[0] == py[-1]:
        px.pop()
        py.pop()
    if len(px) < 3:
        raise ValueError("degenerate polygon (fewer than 3 distinct points)")
    area2 = 0.0
    n = len(px)
    for i in range(n):
        j = (i + 1) % n
        area2 += (px[i] - px[0]) * (py[j] - py[0]) - (px[j] - px[0]) * (py[i] - py[0])
    if area2 < 0.0:
        px.reverse()
        py.reverse()
    # drop collinear vertices
    changed = True
    while changed and len(px) >= 3:
        changed = False
        n = len(px)
        for i in range(n):
            a = i - 1 if i > 0 else n - 1
            b = i + 1 if i + 1 < n else 0
            e1x = px[i] - px[a]
            e1y = py[i] - py[a]
            e2x = px[b] - px[i]
            e2y = py[b] - py[i]
            cr = e1x * e2y - e1y * e2x
            if abs(cr) <= 1e-12 * math.hypot(e1x, e1y) * math.hypot(e2x, e2y) and e1x * e2x + e1y * e2y > 0.0:
                del px[i]
                del py[i]
                changed = True
                break
    n = len(px)
    if n < 3:
        raise ValueError("degenerate polygon (all points collinear)")
    turning = 0.0
    scale = 0.0
    for i in range(n):
        a = i - 1 if i > 0 else n - 1
        b = i + 1 if i + 1 < n else 0
        e1x = px[i] - px[a]
        e1y = py[i] - py[a]
        e2x = px[b] - px[i]
        e2y = py[b] - py[i]
        cr = e1x * e2y - e1y * e2x
        if cr <= 0.0:
            raise ValueError("polygon is not convex")
        turning += math.atan2(cr, e1x * e2x + e1y * e2y)
        scale = max(scale, abs(px[i]), abs(py[i]))
    if abs(turning - _TWO_PI) > 1e-6:
        raise ValueError("polygon is not simple (it winds more than once)")
    area2 = 0.0
    for i in range(n):
        j = (i + 1) % n
        area2 += (px[i] - px[0]) * (py[j] - py[0]) - (px[j] - px[0]) * (py[i] - py[0])
    if not area2 > 1e-18 * max(scale, 1.0) ** 2:
        raise ValueError("degenerate polygon (zero area)")
    return _poly_from_ccw(px, py)


def translated(s: Shape, dx: float, dy: float) -> Shape:
    """``s`` moved by (dx, dy)."""
    k = s.kind
    if k == RECT:
        return _rect(s.cx + dx, s.cy + dy, s.heading, s.c, s.s, s.hl, s.hw)
    if k == CIRCLE:
        return make_circle(s.cx + dx, s.cy + dy, s.radius)
    if k == SEGMENT:
        return make_segment(s.xs[0] + dx, s.ys[0] + dy, s.xs[1] + dx, s.ys[1] + dy)
    xs = [x + dx for x in s.xs]
    ys = [y + dy for y in s.ys]
    sh = Shape(POLY, s.cx + dx, s.cy + dy, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, xs, ys, s.bound,
               s.minx + dx, s.miny + dy, s.maxx + dx, s.maxy + dy)
    sh.nx = s.nx
    sh.ny = s.ny
    sh.h = [s.h[i] + s.nx[i] * dx + s.ny[i] * dy for i in range(len(s.h))]
    sh.ax = s.ax
    sh.ay = s.ay
    sh.alo = [s.alo[i] + s.ax[i] * dx + s.ay[i] * dy for i in range(len(s.ax))]
    sh.ahi = [s.ahi[i] + s.ax[i] * dx + s.ay[i] * dy for i in range(len(s.ax))]
    return sh


def rotated(s: Shape, px: float, py: float, dtheta_deg: float) -> Shape:
    """``s`` rotated about the point (px, py) by ``dtheta_deg`` (CCW positive)."""
    c, sn = _cos_sin_deg(dtheta_deg)
    k = s.kind
    if k == RECT or k == CIRCLE:
        rx = s.cx - px
        ry = s.cy - py
        ncx = px + c * rx - sn * ry
        ncy = py + sn * rx + c * ry
        if k == CIRCLE:
            return make_circle(ncx, ncy, s.radius)
        hd = s.heading + dtheta_deg
        hc, hs = _cos_sin_deg(hd)
        return _rect(ncx, ncy, hd, hc, hs, s.hl, s.hw)
    xs: list[float] = []
    ys: list[float] = []
    for i in range(len(s.xs)):
        rx = s.xs[i] - px
        ry = s.ys[i] - py
        xs.append(px + c * rx - sn * ry)
        ys.append(py + sn * rx + c * ry)
    if k == SEGMENT:
        return make_segment(xs[0], ys[0], xs[1], ys[1])
    return _poly_from_ccw(xs, ys)


# ---------------------------------------------------------------- polygons


def point_in_polygon(x: float, y: float, pts: list[tuple[float, float]]) -> bool:
    """Even-odd test for a simple (possibly concave) polygon given by its
    vertices (either winding, not closed).  Points exactly on the boundary may
    go either way."""
    inside = False
    n = len(pts)
    if n < 3:
        return False
    x0, y0 = pts[n - 1]
    for i in range(n):
        x1, y1 = pts[i]
        if (y1 > y) != (y0 > y):
            xc = x1 + (y - y1) * (x0 - x1) / (y0 - y1)
            if x < xc:
                inside = not inside
        x0 = x1
        y0 = y1
    return inside
