"""Time of impact of a shape turning about a pivot (exact orbit roots of
vertices against edges and of circles against rounded shapes).

Part of ``game.table.geometry`` (which re-exports it).  Pure, typed Python,
compiled by mypyc in the fast build.
"""

from __future__ import annotations

import math

from game.table.shapes import (
    CIRCLE,
    POLY,
    Shape,
    _INF,
    _TIE,
    _TWO_PI,
    rotated,
)
from game.table.distance import (
    _axes,
    _sd_increasing,
    penetrates,
)
from game.table.sweep import (
    _moving_away,
)

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


