"""Time of impact of a translating shape: swept separating axes for
rectangles and polygons, ray against rounded shapes for circles, and the exit
time of a pass.

Part of ``game.table.geometry`` (which re-exports it).  Pure, typed Python,
compiled by mypyc in the fast build.
"""

from __future__ import annotations

import math

from game.table.shapes import (
    CIRCLE,
    EPS,
    POLY,
    RECT,
    SEGMENT,
    Shape,
    _EMPTY,
    _INF,
    _TIE,
)
from game.table.distance import (
    _axes,
    _project,
    _sd_increasing,
    _sd_point,
)

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


