"""Distances between shapes: gap (minus the penetration depth when they
overlap), penetration, closest points, and the point helpers they share.

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
    _INF,
    _TIE,
)

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


