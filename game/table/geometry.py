"""Exact 2-D geometry kernels for the table (inches, degrees CCW from +x, y up).

Pure, typed, standard-library Python, written so that mypyc can compile it
unchanged (type hints everywhere, ``__slots__``, no dynamic attributes).

Shapes are convex: oriented rectangles (racer bases, rectangular obstacles),
convex polygons, circles (round bases) and segments (course edges, finish
lines; a segment is a degenerate two-vertex polygon).  A rectangle's LONG side
(its length) lies along its heading; its "left" is heading + 90 degrees.

Contact semantics (TABLE-GEOMETRY.md):

* a move is blocked only by a penetration deeper than ``EPS``: touching does
  not block, sliding along a touching thing is free, moving away from a
  contact is free, moving into a touching thing gives ``t = 0``;
* the contact time reported is the moment the shapes start to overlap (the
  penetration depth crosses 0), provided the move then goes on to penetrate
  deeper than ``EPS`` before its end; callers stop ``BACKOFF`` inches short;
* "in contact" for the rules means ``gap <= TOL``.

The penetration depth of two overlapping shapes is the minimum translation
distance that separates them (for polygons: the smallest overlap over the
separating axes, which is exact for convex shapes).  ``gap`` returns minus
that depth when the shapes overlap.
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


# ---------------------------------------------------------------- helpers


def _axes(s: Shape) -> Shape:
    """Make sure the separating axes (and edge normals) of a RECT/SEGMENT exist."""
    if not s.ax:
        c = s.c
        sn = s.s
        m1 = s.cx * c + s.cy * sn
        m2 = -s.cx * sn + s.cy * c
        s.ax = [c, -sn]
        s.ay = [sn, c]
        s.alo = [m1 - s.hl, m2 - s.hw]
        s.ahi = [m1 + s.hl, m2 + s.hw]
        xs = s.xs
        ys = s.ys
        if s.kind == SEGMENT:
            s.nx = [-sn, sn]
            s.ny = [c, -c]
            s.h = [m2, -m2]
        else:
            nx = [c, -sn, -c, sn]
            ny = [sn, c, -sn, -c]
            s.nx = nx
            s.ny = ny
            s.h = [nx[i] * xs[i] + ny[i] * ys[i] for i in range(4)]
    return s


def _project(s: Shape, ux: float, uy: float) -> tuple[float, float]:
    k = s.kind
    m = s.cx * ux + s.cy * uy
    if k == RECT or k == SEGMENT:
        r = s.hl * abs(s.c * ux + s.s * uy) + s.hw * abs(s.c * uy - s.s * ux)
        return m - r, m + r
    if k == CIRCLE:
        return m - s.radius, m + s.radius
    lo = _INF
    hi = -_INF
    xs = s.xs
    ys = s.ys
    for i in range(len(xs)):
        p = xs[i] * ux + ys[i] * uy
        if p < lo:
            lo = p
        if p > hi:
            hi = p
    return lo, hi


def _seg_closest(x: float, y: float, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float]:
    ex = x1 - x0
    ey = y1 - y0
    ee = ex * ex + ey * ey
    t = ((x - x0) * ex + (y - y0) * ey) / ee if ee > 0.0 else 0.0
    if t <= 0.0:
        return x0, y0
    if t >= 1.0:
        return x1, y1
    return x0 + t * ex, y0 + t * ey


def _closest_point(s: Shape, x: float, y: float) -> tuple[float, float]:
    """Closest point of the polygon-like ``s`` to (x, y) (the point itself if inside)."""
    k = s.kind
    if k == RECT or k == SEGMENT:
        rx = x - s.cx
        ry = y - s.cy
        c = s.c
        sn = s.s
        lx = rx * c + ry * sn
        ly = -rx * sn + ry * c
        hl = s.hl
        hw = s.hw
        if -hl <= lx <= hl and -hw <= ly <= hw:
            return x, y
        if lx > hl:
            lx = hl
        elif lx < -hl:
            lx = -hl
        if ly > hw:
            ly = hw
        elif ly < -hw:
            ly = -hw
        return s.cx + lx * c - ly * sn, s.cy + lx * sn + ly * c
    xs = s.xs
    ys = s.ys
    nx = s.nx
    ny = s.ny
    h = s.h
    n = len(xs)
    best = _INF
    bx = x
    by = y
    for i in range(n):
        if nx[i] * x + ny[i] * y - h[i] > 0.0:
            j = i + 1 if i + 1 < n else 0
            qx, qy = _seg_closest(x, y, xs[i], ys[i], xs[j], ys[j])
            d = (qx - x) * (qx - x) + (qy - y) * (qy - y)
            if d < best:
                best = d
                bx = qx
                by = qy
    return bx, by


def _sd_point(s: Shape, x: float, y: float) -> float:
    """Signed distance from (x, y) to the polygon-like ``s`` (negative inside)."""
    k = s.kind
    if k == RECT or k == SEGMENT:
        rx = x - s.cx
        ry = y - s.cy
        ex = abs(rx * s.c + ry * s.s) - s.hl
        ey = abs(-rx * s.s + ry * s.c) - s.hw
        if ex > 0.0:
            if ey > 0.0:
                return math.hypot(ex, ey)
            return ex
        if ey > 0.0:
            return ey
        return ex if ex > ey else ey
    nx = s.nx
    ny = s.ny
    h = s.h
    m = -_INF
    for i in range(len(h)):
        d = nx[i] * x + ny[i] * y - h[i]
        if d > m:
            m = d
    if m <= 0.0:
        return m
    qx, qy = _closest_point(s, x, y)
    return math.hypot(qx - x, qy - y)


def _sd_increasing(s: Shape, x: float, y: float, u: float, v: float) -> bool:
    """Does the signed distance from the point (x, y) moving along (u, v) to the
    polygon-like ``s`` strictly increase at once?"""
    k = s.kind
    if k == RECT or k == SEGMENT:
        rx = x - s.cx
        ry = y - s.cy
        c = s.c
        sn = s.s
        lx = rx * c + ry * sn
        ly = -rx * sn + ry * c
        lu = u * c + v * sn
        lv = -u * sn + v * c
        ex = abs(lx) - s.hl
        ey = abs(ly) - s.hw
        if ex > 0.0 or ey > 0.0:
            wx = math.copysign(ex, lx) if ex > 0.0 else 0.0
            wy = math.copysign(ey, ly) if ey > 0.0 else 0.0
            return wx * lu + wy * lv > 0.0
        # inside (or on the boundary): derivative of max(|lx| - hl, |ly| - hw)
        gx = (lu if lx > 0.0 else -lu) if lx != 0.0 else abs(lu)
        gy = (lv if ly > 0.0 else -lv) if ly != 0.0 else abs(lv)
        if ex > ey + _TIE:
            return gx > 0.0
        if ey > ex + _TIE:
            return gy > 0.0
        return max(gx, gy) > 0.0
    nx = s.nx
    ny = s.ny
    h = s.h
    m = -_INF
    for i in range(len(h)):
        d = nx[i] * x + ny[i] * y - h[i]
        if d > m:
            m = d
    if m <= 0.0:
        g = -_INF
        for i in range(len(h)):
            if nx[i] * x + ny[i] * y - h[i] >= m - _TIE:
                gd = nx[i] * u + ny[i] * v
                if gd > g:
                    g = gd
        return g > 0.0
    qx, qy = _closest_point(s, x, y)
    return (x - qx) * u + (y - qy) * v > 0.0


# ---------------------------------------------------------------- distances


def _sep_obb(a: Shape, b: Shape) -> float:
    """Largest separation over the 4 axes of two RECT/SEGMENT shapes (-depth if overlapping)."""
    ac = a.c
    as_ = a.s
    bc = b.c
    bs = b.s
    tx = b.cx - a.cx
    ty = b.cy - a.cy
    r00 = abs(ac * bc + as_ * bs)
    r01 = abs(as_ * bc - ac * bs)
    ahl = a.hl
    ahw = a.hw
    bhl = b.hl
    bhw = b.hw
    s1 = abs(tx * ac + ty * as_) - (ahl + bhl * r00 + bhw * r01)
    s2 = abs(ty * ac - tx * as_) - (ahw + bhl * r01 + bhw * r00)
    s3 = abs(tx * bc + ty * bs) - (bhl + ahl * r00 + ahw * r01)
    s4 = abs(ty * bc - tx * bs) - (bhw + ahl * r01 + ahw * r00)
    if s2 > s1:
        s1 = s2
    if s3 > s1:
        s1 = s3
    if s4 > s1:
        s1 = s4
    return s1


def _gap_obb(a: Shape, b: Shape) -> float:
    ac = a.c
    as_ = a.s
    bc = b.c
    bs = b.s
    tx = b.cx - a.cx
    ty = b.cy - a.cy
    q00 = ac * bc + as_ * bs  # a.d . b.d  (= a.n . b.n)
    q01 = as_ * bc - ac * bs  # a.d . b.n  (= -a.n . b.d)
    r00 = abs(q00)
    r01 = abs(q01)
    ahl = a.hl
    ahw = a.hw
    bhl = b.hl
    bhw = b.hw
    ta = tx * ac + ty * as_
    tn = ty * ac - tx * as_
    tb = tx * bc + ty * bs
    tbn = ty * bc - tx * bs
    sep = abs(ta) - (ahl + bhl * r00 + bhw * r01)
    s = abs(tn) - (ahw + bhl * r01 + bhw * r00)
    if s > sep:
        sep = s
    s = abs(tb) - (bhl + ahl * r00 + ahw * r01)
    if s > sep:
        sep = s
    s = abs(tbn) - (bhw + ahl * r01 + ahw * r00)
    if s > sep:
        sep = s
    if sep <= 0.0:
        return sep
    # separated: the closest pair involves a vertex of one of them
    best = _INF
    # b's corners in a's frame: b.d -> (q00, -q01), b.n -> (q01, q00)
    hx = bhl * q00
    hy = -bhl * q01
    wx = bhw * q01
    wy = bhw * q00
    for sx in (1.0, -1.0):
        for sy in (1.0, -1.0):
            ex = abs(ta + sx * hx + sy * wx) - ahl
            ey = abs(tn + sx * hy + sy * wy) - ahw
            d = 0.0
            if ex > 0.0:
                d = ex * ex
            if ey > 0.0:
                d += ey * ey
            if d < best:
                best = d
    # a's corners in b's frame: a.d -> (q00, q01), a.n -> (-q01, q00)
    hx = ahl * q00
    hy = ahl * q01
    wx = -ahw * q01
    wy = ahw * q00
    for sx in (1.0, -1.0):
        for sy in (1.0, -1.0):
            ex = abs(-tb + sx * hx + sy * wx) - bhl
            ey = abs(-tbn + sx * hy + sy * wy) - bhw
            d = 0.0
            if ex > 0.0:
                d = ex * ex
            if ey > 0.0:
                d += ey * ey
            if d < best:
                best = d
    return math.sqrt(best)


def _sep_generic(a: Shape, b: Shape) -> float:
    best = -_INF
    if a.kind != POLY:
        _axes(a)
    if b.kind != POLY:
        _axes(b)
    ax = a.ax
    ay = a.ay
    alo = a.alo
    ahi = a.ahi
    for i in range(len(ax)):
        lo, hi = _project(b, ax[i], ay[i])
        s = lo - ahi[i]
        s2 = alo[i] - hi
        if s2 > s:
            s = s2
        if s > best:
            best = s
    ax = b.ax
    ay = b.ay
    alo = b.alo
    ahi = b.ahi
    for i in range(len(ax)):
        lo, hi = _project(a, ax[i], ay[i])
        s = lo - ahi[i]
        s2 = alo[i] - hi
        if s2 > s:
            s = s2
        if s > best:
            best = s
    return best


def _point_dist2(s: Shape, x: float, y: float) -> float:
    qx, qy = _closest_point(s, x, y)
    return (qx - x) * (qx - x) + (qy - y) * (qy - y)


def _gap_generic(a: Shape, b: Shape) -> float:
    sep = _sep_generic(a, b)
    if sep <= 0.0:
        return sep
    best = _INF
    for i in range(len(a.xs)):
        d = _point_dist2(b, a.xs[i], a.ys[i])
        if d < best:
            best = d
    for i in range(len(b.xs)):
        d = _point_dist2(a, b.xs[i], b.ys[i])
        if d < best:
            best = d
    return math.sqrt(best)


def gap(a: Shape, b: Shape) -> float:
    """Distance between the two shapes (0 when touching); minus the penetration
    depth (minimum translation distance) when they overlap."""
    ka = a.kind
    kb = b.kind
    if ka == CIRCLE:
        if kb == CIRCLE:
            return math.hypot(a.cx - b.cx, a.cy - b.cy) - a.radius - b.radius
        return _sd_point(b, a.cx, a.cy) - a.radius
    if kb == CIRCLE:
        return _sd_point(a, b.cx, b.cy) - b.radius
    if ka != POLY and kb != POLY:
        return _gap_obb(a, b)
    return _gap_generic(a, b)


def penetrates(a: Shape, b: Shape) -> bool:
    """Do the shapes overlap deeper than EPS?"""
    ka = a.kind
    kb = b.kind
    if ka == CIRCLE or kb == CIRCLE:
        return gap(a, b) < -EPS
    if ka != POLY and kb != POLY:
        return _sep_obb(a, b) < -EPS
    return _sep_generic(a, b) < -EPS


def closest_points(a: Shape, b: Shape) -> tuple[tuple[float, float], tuple[float, float]]:
    """(point on a, point on b) realising ``gap(a, b)`` for shapes that do not
    overlap.  For overlapping shapes the result is some pair of nearby points
    and carries no meaning."""
    ka = a.kind
    kb = b.kind
    if ka == CIRCLE and kb == CIRCLE:
        dx = b.cx - a.cx
        dy = b.cy - a.cy
        d = math.hypot(dx, dy)
        if d > 0.0:
            ux = dx / d
            uy = dy / d
        else:
            ux = 1.0
            uy = 0.0
        return ((a.cx + a.radius * ux, a.cy + a.radius * uy),
                (b.cx - b.radius * ux, b.cy - b.radius * uy))
    if ka == CIRCLE or kb == CIRCLE:
        circ = a if ka == CIRCLE else b
        other = b if ka == CIRCLE else a
        qx, qy = _closest_point(other, circ.cx, circ.cy)
        dx = qx - circ.cx
        dy = qy - circ.cy
        d = math.hypot(dx, dy)
        if d > 0.0:
            px = circ.cx + circ.radius * dx / d
            py = circ.cy + circ.radius * dy / d
        else:
            px = qx
            py = qy
        if ka == CIRCLE:
            return (px, py), (qx, qy)
        return (qx, qy), (px, py)
    if ka != POLY:
        _axes(a)
    if kb != POLY:
        _axes(b)
    best = _INF
    pa = (a.xs[0], a.ys[0])
    pb = pa
    for i in range(len(a.xs)):
        x = a.xs[i]
        y = a.ys[i]
        qx, qy = _closest_point(b, x, y)
        d = (qx - x) * (qx - x) + (qy - y) * (qy - y)
        if d < best:
            best = d
            pa = (x, y)
            pb = (qx, qy)
    for i in range(len(b.xs)):
        x = b.xs[i]
        y = b.ys[i]
        qx, qy = _closest_point(a, x, y)
        d = (qx - x) * (qx - x) + (qy - y) * (qy - y)
        if d < best:
            best = d
            pa = (qx, qy)
            pb = (x, y)
    return pa, pb


# ---------------------------------------------------------------- translation


def _sweep_obb(a: Shape, dx: float, dy: float, b: Shape) -> tuple[float, float, float, float]:
    """Open intervals of t (on the whole line) where a + t*d overlaps b deeper
    than 0 (lo0, hi0) and deeper than EPS (loE, hiE).  RECT/SEGMENT only."""
    ac = a.c
    as_ = a.s
    bc = b.c
    bs = b.s
    tx = b.cx - a.cx
    ty = b.cy - a.cy
    r00 = abs(ac * bc + as_ * bs)
    r01 = abs(as_ * bc - ac * bs)
    ahl = a.hl
    ahw = a.hw
    bhl = b.hl
    bhw = b.hw
    lo0 = -_INF
    hi0 = _INF
    loE = -_INF
    hiE = _INF
    for k in range(4):
        if k == 0:
            tu = tx * ac + ty * as_
            v = dx * ac + dy * as_
            r = ahl + bhl * r00 + bhw * r01
        elif k == 1:
            tu = ty * ac - tx * as_
            v = dy * ac - dx * as_
            r = ahw + bhl * r01 + bhw * r00
        elif k == 2:
            tu = tx * bc + ty * bs
            v = dx * bc + dy * bs
            r = bhl + ahl * r00 + ahw * r01
        else:
            tu = ty * bc - tx * bs
            v = dy * bc - dx * bs
            r = bhw + ahl * r01 + ahw * r00
        # overlap on this axis while |tu - v t| < r (deeper than EPS: < r - EPS)
        re = r - EPS
        if v == 0.0:
            if abs(tu) >= re:
                return _EMPTY
            continue
        if v > 0.0:
            l0 = (tu - r) / v
            h0 = (tu + r) / v
            lE = (tu - re) / v
            hE = (tu + re) / v
        else:
            l0 = (tu + r) / v
            h0 = (tu - r) / v
            lE = (tu + re) / v
            hE = (tu - re) / v
        if l0 > lo0:
            lo0 = l0
        if h0 < hi0:
            hi0 = h0
        if lE > loE:
            loE = lE
        if hE < hiE:
            hiE = hE
        if loE >= hiE:
            return _EMPTY
    return lo0, hi0, loE, hiE


def _sweep_generic(a: Shape, dx: float, dy: float, b: Shape) -> tuple[float, float, float, float]:
    if a.kind != POLY:
        _axes(a)
    if b.kind != POLY:
        _axes(b)
    lo0 = -_INF
    hi0 = _INF
    loE = -_INF
    hiE = _INF
    for side in range(2):
        own = a if side == 0 else b
        oth = b if side == 0 else a
        ax = own.ax
        ay = own.ay
        for i in range(len(ax)):
            ux = ax[i]
            uy = ay[i]
            lo, hi = _project(oth, ux, uy)
            if side == 0:
                a0 = own.alo[i]
                a1 = own.ahi[i]
                b0 = lo
                b1 = hi
            else:
                a0 = lo
                a1 = hi
                b0 = own.alo[i]
                b1 = own.ahi[i]
            tu = 0.5 * ((b0 + b1) - (a0 + a1))
            r = 0.5 * ((a1 - a0) + (b1 - b0))
            v = dx * ux + dy * uy
            re = r - EPS
            if v == 0.0:
                if abs(tu) >= re:
                    return _EMPTY
                continue
            if v > 0.0:
                l0 = (tu - r) / v
                h0 = (tu + r) / v
                lE = (tu - re) / v
                hE = (tu + re) / v
            else:
                l0 = (tu + r) / v
                h0 = (tu - r) / v
                lE = (tu + re) / v
                hE = (tu - re) / v
            if l0 > lo0:
                lo0 = l0
            if h0 < hi0:
                hi0 = h0
            if lE > loE:
                loE = lE
            if hE < hiE:
                hiE = hE
            if loE >= hiE:
                return _EMPTY
    return lo0, hi0, loE, hiE


def _ray_disc(px: float, py: float, dx: float, dy: float, qx: float, qy: float,
              r: float) -> tuple[float, float]:
    """Open interval of t where |p + t d - q| < r; (inf, -inf) if empty."""
    wx = px - qx
    wy = py - qy
    a = dx * dx + dy * dy
    c = wx * wx + wy * wy - r * r
    if a == 0.0:
        return (-_INF, _INF) if c < 0.0 else (_INF, -_INF)
    b = wx * dx + wy * dy
    disc = b * b - a * c
    if disc <= 0.0 or r <= 0.0:
        return _INF, -_INF
    sq = math.sqrt(disc)
    q = -(b + sq) if b >= 0.0 else -(b - sq)
    t1 = q / a
    t2 = c / q
    if t1 <= t2:
        return t1, t2
    return t2, t1


def _ray_rbox(x: float, y: float, u: float, v: float, hl: float, hw: float,
              r: float) -> tuple[float, float]:
    """Ray (x, y) + t (u, v) against the open box |X| < hl, |Y| < hw rounded by r."""
    bx = hl + r
    by = hw + r
    lo = -_INF
    hi = _INF
    if u == 0.0:
        if abs(x) >= bx:
            return _INF, -_INF
    else:
        t1 = (-bx - x) / u
        t2 = (bx - x) / u
        if t1 > t2:
            t1, t2 = t2, t1
        lo = t1
        hi = t2
    if v == 0.0:
        if abs(y) >= by:
            return _INF, -_INF
    else:
        t1 = (-by - y) / v
        t2 = (by - y) / v
        if t1 > t2:
            t1, t2 = t2, t1
        if t1 > lo:
            lo = t1
        if t2 < hi:
            hi = t2
    if lo >= hi:
        return _INF, -_INF
    if r <= 0.0:
        return lo, hi
    ex = x + lo * u
    ey = y + lo * v
    if abs(ex) > hl and abs(ey) > hw:
        dl, dh = _ray_disc(x, y, u, v, math.copysign(hl, ex), math.copysign(hw, ey), r)
        if dl >= dh:
            return _INF, -_INF
        lo = dl
    ex = x + hi * u
    ey = y + hi * v
    if abs(ex) > hl and abs(ey) > hw:
        dl, dh = _ray_disc(x, y, u, v, math.copysign(hl, ex), math.copysign(hw, ey), r)
        if dl >= dh:
            return _INF, -_INF
        hi = dh
    if lo >= hi:
        return _INF, -_INF
    return lo, hi


def _ray_rpoly(s: Shape, px: float, py: float, dx: float, dy: float, r: float) -> tuple[float, float]:
    """Ray p + t d against the open convex polygon ``s`` rounded by r (d != 0)."""
    nx = s.nx
    ny = s.ny
    h = s.h
    lo = -_INF
    hi = _INF
    ilo = -1
    ihi = -1
    for i in range(len(h)):
        nd = nx[i] * dx + ny[i] * dy
        dist = h[i] + r - (nx[i] * px + ny[i] * py)
        if nd == 0.0:
            if dist <= 0.0:
                return _INF, -_INF
            continue
        t = dist / nd
        if nd > 0.0:
            if t < hi:
                hi = t
                ihi = i
        else:
            if t > lo:
                lo = t
                ilo = i
    if lo >= hi or ilo < 0 or ihi < 0:
        return _INF, -_INF
    if r <= 0.0:
        return lo, hi
    xs = s.xs
    ys = s.ys
    n = len(xs)
    for end in range(2):
        i = ilo if end == 0 else ihi
        t = lo if end == 0 else hi
        j = i + 1 if i + 1 < n else 0
        ex = xs[j] - xs[i]
        ey = ys[j] - ys[i]
        f = ((px + t * dx - xs[i]) * ex + (py + t * dy - ys[i]) * ey) / (ex * ex + ey * ey)
        if f < 0.0 or f > 1.0:
            k = i if f < 0.0 else j
            dl, dh = _ray_disc(px, py, dx, dy, xs[k], ys[k], r)
            if dl >= dh:
                return _INF, -_INF
            if end == 0:
                lo = dl
            else:
                hi = dh
    if lo >= hi:
        return _INF, -_INF
    return lo, hi


def _ray_rounded(s: Shape, px: float, py: float, dx: float, dy: float, r: float) -> tuple[float, float]:
    """Open interval of t where the point p + t d is closer than r to the
    polygon-like ``s`` (inside counts as distance < 0)."""
    if dx == 0.0 and dy == 0.0:
        if _sd_point(s, px, py) < r:
            return -_INF, _INF
        return _INF, -_INF
    k = s.kind
    if k == RECT or k == SEGMENT:
        rx = px - s.cx
        ry = py - s.cy
        c = s.c
        sn = s.s
        return _ray_rbox(rx * c + ry * sn, -rx * sn + ry * c,
                         dx * c + dy * sn, -dx * sn + dy * c, s.hl, s.hw, r)
    return _ray_rpoly(s, px, py, dx, dy, r)


def _sweep_circle(a: Shape, dx: float, dy: float, b: Shape) -> tuple[float, float, float, float]:
    ka = a.kind
    kb = b.kind
    if ka == CIRCLE and kb == CIRCLE:
        r = a.radius + b.radius
        l0, h0 = _ray_disc(a.cx, a.cy, dx, dy, b.cx, b.cy, r)
        if l0 >= h0:
            return _EMPTY
        lE, hE = _ray_disc(a.cx, a.cy, dx, dy, b.cx, b.cy, r - EPS)
        return l0, h0, lE, hE
    if ka == CIRCLE:
        poly = b
        px = a.cx
        py = a.cy
        r = a.radius
        ux = dx
        uy = dy
    else:
        poly = a
        px = b.cx
        py = b.cy
        r = b.radius
        ux = -dx
        uy = -dy
    l0, h0 = _ray_rounded(poly, px, py, ux, uy, r)
    if l0 >= h0:
        return _EMPTY
    re = r - EPS
    if re < 0.0:
        re = 0.0
    lE, hE = _ray_rounded(poly, px, py, ux, uy, re)
    return l0, h0, lE, hE


def _sweep(a: Shape, dx: float, dy: float, b: Shape) -> tuple[float, float, float, float]:
    ka = a.kind
    kb = b.kind
    if ka == CIRCLE or kb == CIRCLE:
        return _sweep_circle(a, dx, dy, b)
    if ka != POLY and kb != POLY:
        return _sweep_obb(a, dx, dy, b)
    return _sweep_generic(a, dx, dy, b)


def _sat_slope(a: Shape, dx: float, dy: float, b: Shape) -> float:
    """Right derivative at t = 0 of the overlap depth of a + t d against b
    (polygon-like shapes)."""
    if a.kind != POLY:
        _axes(a)
    if b.kind != POLY:
        _axes(b)
    depth = _INF
    slope = _INF
    vals: list[float] = []
    slopes: list[float] = []
    for side in range(2):
        own = a if side == 0 else b
        oth = b if side == 0 else a
        for i in range(len(own.ax)):
            ux = own.ax[i]
            uy = own.ay[i]
            lo, hi = _project(oth, ux, uy)
            if side == 0:
                a0 = own.alo[i]
                a1 = own.ahi[i]
                b0 = lo
                b1 = hi
            else:
                a0 = lo
                a1 = hi
                b0 = own.alo[i]
                b1 = own.ahi[i]
            v = dx * ux + dy * uy
            vals.append(a1 - b0)
            slopes.append(v)
            vals.append(b1 - a0)
            slopes.append(-v)
    for g in vals:
        if g < depth:
            depth = g
    for i in range(len(vals)):
        if vals[i] <= depth + _TIE and slopes[i] < slope:
            slope = slopes[i]
    return slope


def _moving_away(a: Shape, dx: float, dy: float, b: Shape) -> bool:
    """For overlapping shapes: does moving a along d reduce the overlap at once?"""
    ka = a.kind
    kb = b.kind
    if ka == CIRCLE and kb == CIRCLE:
        wx = a.cx - b.cx
        wy = a.cy - b.cy
        if wx == 0.0 and wy == 0.0:
            return dx != 0.0 or dy != 0.0
        return wx * dx + wy * dy > 0.0
    if ka == CIRCLE:
        return _sd_increasing(b, a.cx, a.cy, dx, dy)
    if kb == CIRCLE:
        return _sd_increasing(a, b.cx, b.cy, -dx, -dy)
    return _sat_slope(a, dx, dy, b) < 0.0


def time_of_impact(a: Shape, dx: float, dy: float, b: Shape) -> float | None:
    """Fraction t in [0, 1] of the move (dx, dy) of ``a`` at which it first
    touches ``b`` on its way to a penetration deeper than EPS; None if the move
    never penetrates ``b`` deeper than EPS.  Touching and moving in gives 0;
    sliding along or moving away from a touching ``b`` gives None.  If they
    already penetrate at t = 0: 0.0 unless the move reduces the overlap at once
    (then None: convex shapes never re-enter)."""
    lo0, hi0, loE, hiE = _sweep(a, dx, dy, b)
    if not loE < hiE or hiE <= 0.0 or loE >= 1.0:
        return None
    if loE < 0.0:
        if _moving_away(a, dx, dy, b):
            return None
        return 0.0
    return lo0 if lo0 > 0.0 else 0.0


def exit_time(a: Shape, dx: float, dy: float, b: Shape) -> float | None:
    """Supposing ``a`` passes through ``b`` along (dx, dy): the fraction t (may
    exceed 1) at which it no longer overlaps ``b`` at all (they only touch
    there).  None if the move (t >= 0 on the whole ray) never penetrates ``b``
    deeper than EPS."""
    if dx == 0.0 and dy == 0.0:
        return None
    lo0, hi0, loE, hiE = _sweep(a, dx, dy, b)
    if not loE < hiE or hiE <= 0.0:
        return None
    return hi0


# ---------------------------------------------------------------- rotation


def _add_angle(ang: float, sg: float, th: float, out: list[float]) -> None:
    """Add the fractions at which a rotation of total |angle| th in direction
    sg reaches the signed angle ``ang`` (radians, from atan2)."""
    a = sg * ang
    if a < 0.0:
        a += _TWO_PI
    while a <= th:
        out.append(a / th)
        a += _TWO_PI


def _orbit_seg(qx: float, qy: float, px: float, py: float, sg: float, th: float,
               x0: float, y0: float, x1: float, y1: float, out: list[float]) -> None:
    """Angles at which the point q rotating about p meets the segment x0y0-x1y1."""
    wx = qx - px
    wy = qy - py
    rho2 = wx * wx + wy * wy
    if rho2 == 0.0:
        return
    ex = x1 - x0
    ey = y1 - y0
    fx = x0 - px
    fy = y0 - py
    a = ex * ex + ey * ey
    if a == 0.0:
        return
    b = fx * ex + fy * ey
    c = fx * fx + fy * fy - rho2
    disc = b * b - a * c
    if disc < 0.0:
        if disc < -1e-12 * (b * b + abs(a * c)):
            return
        disc = 0.0
    sq = math.sqrt(disc)
    for sgn in (-1.0, 1.0):
        f = (-b + sgn * sq) / a
        if f < -1e-12 or f > 1.0 + 1e-12:
            continue
        xx = fx + f * ex
        yy = fy + f * ey
        _add_angle(math.atan2(wx * yy - wy * xx, wx * xx + wy * yy), sg, th, out)
        if sq == 0.0:
            break


def _orbit_circle(qx: float, qy: float, px: float, py: float, sg: float, th: float,
                  cx: float, cy: float, r: float, out: list[float]) -> None:
    """Angles at which the point q rotating about p meets the circle (c, r)."""
    wx = qx - px
    wy = qy - py
    rho2 = wx * wx + wy * wy
    if rho2 == 0.0:
        return
    rho = math.sqrt(rho2)
    vx = cx - px
    vy = cy - py
    d = math.hypot(vx, vy)
    if d == 0.0 or d > rho + r or d < abs(rho - r):
        return
    m = (rho2 - r * r + d * d) / (2.0 * d)
    hh = rho2 - m * m
    hh = math.sqrt(hh) if hh > 0.0 else 0.0
    bx = m * vx / d
    by = m * vy / d
    for sgn in (-1.0, 1.0):
        xx = bx - sgn * hh * vy / d
        yy = by + sgn * hh * vx / d
        _add_angle(math.atan2(wx * yy - wy * xx, wx * xx + wy * yy), sg, th, out)
        if hh == 0.0:
            break


def _orbit_rounded(qx: float, qy: float, px: float, py: float, sg: float, th: float,
                   s: Shape, r: float, out: list[float]) -> None:
    """Angles at which the point q rotating about p meets the boundary of the
    polygon-like ``s`` rounded by r (superset: whole offset edges, whole vertex circles)."""
    if s.kind != POLY:
        _axes(s)
    xs = s.xs
    ys = s.ys
    n = len(xs)
    nx = s.nx
    ny = s.ny
    for i in range(len(nx)):
        j = i + 1 if i + 1 < n else 0
        ox = r * nx[i]
        oy = r * ny[i]
        _orbit_seg(qx, qy, px, py, sg, th, xs[i] + ox, ys[i] + oy, xs[j] + ox, ys[j] + oy, out)
    for i in range(n):
        _orbit_circle(qx, qy, px, py, sg, th, xs[i], ys[i], r, out)


def _reach(s: Shape, px: float, py: float) -> float:
    """Largest distance from p to a point of s."""
    if s.kind == CIRCLE:
        return math.hypot(s.cx - px, s.cy - py) + s.radius
    best = 0.0
    for i in range(len(s.xs)):
        d = math.hypot(s.xs[i] - px, s.ys[i] - py)
        if d > best:
            best = d
    return best


def _rot_slope(a: Shape, px: float, py: float, sg: float, b: Shape) -> float:
    """Right derivative (per radian, direction sg) of the overlap depth of a
    rotating about p against b, at the start (polygon-like shapes)."""
    if a.kind != POLY:
        _axes(a)
    if b.kind != POLY:
        _axes(b)
    vals: list[float] = []
    slopes: list[float] = []
    axs = a.xs
    ays = a.ys
    bxs = b.xs
    bys = b.ys
    # axes of b (fixed): a's vertices move with velocity sg * perp(v - p)
    for i in range(len(b.ax)):
        ux = b.ax[i]
        uy = b.ay[i]
        lo = _INF
        hi = -_INF
        for k in range(len(axs)):
            p = axs[k] * ux + ays[k] * uy
            if p < lo:
                lo = p
            if p > hi:
                hi = p
        dmax = -_INF
        dmin = _INF
        for k in range(len(axs)):
            p = axs[k] * ux + ays[k] * uy
            dv = sg * (-(ays[k] - py) * ux + (axs[k] - px) * uy)
            if p >= hi - _TIE and dv > dmax:
                dmax = dv
            if p <= lo + _TIE and dv < dmin:
                dmin = dv
        vals.append(hi - b.alo[i])
        slopes.append(dmax)
        vals.append(b.ahi[i] - lo)
        slopes.append(-dmin)
    # axes of a (rotating with it): a's projections move by p . u', b's by w . u'
    for i in range(len(a.ax)):
        ux = a.ax[i]
        uy = a.ay[i]
        upx = -sg * uy
        upy = sg * ux
        pa = px * upx + py * upy
        lo = _INF
        hi = -_INF
        for k in range(len(bxs)):
            p = bxs[k] * ux + bys[k] * uy
            if p < lo:
                lo = p
            if p > hi:
                hi = p
        dmax = -_INF
        dmin = _INF
        for k in range(len(bxs)):
            p = bxs[k] * ux + bys[k] * uy
            dv = bxs[k] * upx + bys[k] * upy
            if p >= hi - _TIE and dv > dmax:
                dmax = dv
            if p <= lo + _TIE and dv < dmin:
                dmin = dv
        vals.append(a.ahi[i] - lo)
        slopes.append(pa - dmin)
        vals.append(hi - a.alo[i])
        slopes.append(dmax - pa)
    depth = _INF
    for g in vals:
        if g < depth:
            depth = g
    slope = _INF
    for i in range(len(vals)):
        if vals[i] <= depth + _TIE and slopes[i] < slope:
            slope = slopes[i]
    return slope


def _rot_away(a: Shape, px: float, py: float, sg: float, b: Shape) -> bool:
    ka = a.kind
    kb = b.kind
    if ka == CIRCLE:
        # the centre moves with velocity sg * perp(c - p)
        return _moving_away(a, -sg * (a.cy - py), sg * (a.cx - px), b)
    if kb == CIRCLE:
        # in a's frame b's centre moves with velocity -sg * perp(c - p)
        return _sd_increasing(a, b.cx, b.cy, sg * (b.cy - py), -sg * (b.cx - px))
    return _rot_slope(a, px, py, sg, b) < 0.0


def rotation_toi(a: Shape, px: float, py: float, dtheta_deg: float, b: Shape) -> float | None:
    """Rotating ``a`` about (px, py) by ``dtheta_deg``: the first fraction of the
    rotation in [0, 1] at which ``a`` starts to overlap ``b`` on its way to a
    penetration deeper than EPS; None if never.  Exact: the candidate angles
    are those where a vertex of one shape meets an edge of the other (circles:
    the rounded boundary); between consecutive candidates the overlap state is
    constant and is tested at the midpoint.  Touching / moving-away semantics
    as for ``time_of_impact``, except that a rotation which starts overlapped
    (deeper than EPS) is free only if it reduces the overlap at once AND comes
    clear of ``b`` within the rotation (a rotation's overlap is not monotone);
    otherwise 0.0.  After coming clear, a re-entry is reported as usual."""
    if dtheta_deg == 0.0:
        return 0.0 if penetrates(a, b) else None
    th = math.radians(abs(dtheta_deg))
    sg = 1.0 if dtheta_deg > 0.0 else -1.0
    reach = _reach(a, px, py)
    if math.hypot(b.cx - px, b.cy - py) - b.bound >= reach:
        return None
    ka = a.kind
    kb = b.kind
    cands: list[float] = []
    if ka != CIRCLE and kb != CIRCLE:
        if ka != POLY:
            _axes(a)
        if kb != POLY:
            _axes(b)
        axs = a.xs
        ays = a.ys
        bxs = b.xs
        bys = b.ys
        na = len(axs)
        nb = len(bxs)
        ea = 1 if na == 2 else na
        eb = 1 if nb == 2 else nb
        for i in range(na):
            for j in range(eb):
                k = j + 1 if j + 1 < nb else 0
                _orbit_seg(axs[i], ays[i], px, py, sg, th, bxs[j], bys[j], bxs[k], bys[k], cands)
        for i in range(nb):
            for j in range(ea):
                k = j + 1 if j + 1 < na else 0
                _orbit_seg(bxs[i], bys[i], px, py, -sg, th, axs[j], ays[j], axs[k], ays[k], cands)
    elif ka == CIRCLE and kb == CIRCLE:
        _orbit_circle(a.cx, a.cy, px, py, sg, th, b.cx, b.cy, a.radius + b.radius, cands)
    elif ka == CIRCLE:
        _orbit_rounded(a.cx, a.cy, px, py, sg, th, b, a.radius, cands)
    else:
        _orbit_rounded(b.cx, b.cy, px, py, -sg, th, a, b.radius, cands)
    skipping = False
    if penetrates(a, b):
        if not _rot_away(a, px, py, sg, b):
            return 0.0
        skipping = True
    cands.sort()
    cands.append(1.0)
    prev = 0.0
    for t in cands:
        if t <= prev:
            continue
        if t > 1.0:
            t = 1.0
        mid = 0.5 * (prev + t)
        if penetrates(rotated(a, px, py, dtheta_deg * mid), b):
            if not skipping:
                return prev
        else:
            skipping = False
        prev = t
        if prev >= 1.0:
            break
    if skipping:
        # it turned away at first but never came clear: the turn does not
        # separate them, so it is blocked at once
        return 0.0
    return None


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
