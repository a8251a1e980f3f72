"""Arc-length kernels on a polyline (the centre line of a course): the progress of a
point, tracked within a window around a hint. Pure typed Python, written to be
compiled by mypyc (`make fast`) like game/table/geometry.py; game/levels/course.py
calls it thousands of times a race."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right

# one row per centre-line segment: (ax, ay, dx, dy, length, arc at start, 1 / length**2)
SegRow = tuple[float, float, float, float, float, float, float]


def nearest_arc(segs: tuple[SegRow, ...], x: float, y: float) -> float:
    """Arc length of the polyline point nearest (x, y)."""
    best_d = math.inf
    best_s = 0.0
    for ax, ay, dx, dy, ln, s0, inv in segs:
        t = ((x - ax) * dx + (y - ay) * dy) * inv
        if t < 0.0:
            t = 0.0
        elif t > 1.0:
            t = 1.0
        ex = ax + t * dx - x
        ey = ay + t * dy - y
        d = ex * ex + ey * ey
        if d < best_d:
            best_d = d
            best_s = s0 + t * ln
    return best_s


def nearest_arc_near(segs: tuple[SegRow, ...], cum: tuple[float, ...], length: float, x: float, y: float,
                     hint: float, window: float) -> float:
    """Arc length of the point nearest (x, y) within [hint - window, hint + window]
    of the polyline; ties go to the point nearest the hint."""
    h = 0.0 if hint < 0.0 else (length if hint > length else hint)
    if window < 0.0:
        window = 0.0
    lo = h - window
    hi = h + window
    n = len(segs)
    i0 = bisect_right(cum, lo) - 1
    if i0 < 0:
        i0 = 0
    i1 = bisect_left(cum, hi)
    if i1 > n:
        i1 = n
    if i1 <= i0:
        i1 = i0 + 1 if i0 < n else n
        i0 = i1 - 1
    best_d = math.inf
    best_s = 0.0
    best_off = math.inf
    for i in range(i0, i1):
        ax, ay, dx, dy, ln, s0, inv = segs[i]
        t = ((x - ax) * dx + (y - ay) * dy) * inv
        tlo = (lo - s0) / ln
        thi = (hi - s0) / ln
        if tlo < 0.0:
            tlo = 0.0
        if thi > 1.0:
            thi = 1.0
        if t < tlo:
            t = tlo
        elif t > thi:
            t = thi
        ex = ax + t * dx - x
        ey = ay + t * dy - y
        d = ex * ex + ey * ey
        s = s0 + t * ln
        if d < best_d - 1e-12:
            best_d = d
            best_s = s
            best_off = abs(s - h)
        elif d <= best_d + 1e-12:
            off = abs(s - h)
            if off < best_off:
                best_d = min(d, best_d)
                best_s = s
                best_off = off
    return best_s
