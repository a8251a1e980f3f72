"""Approach: the first moment a moving base comes within a distance of another.

A rules question such as "does this move bring the unit within 4 inches of an
enemy (a threat test), or within 1 inch of a friend (it must stop)?".  The base
moves by (dx, dy) (a translation) or turns by ``dtheta`` degrees about a pivot
(a wheel); the answer is the first fraction ``t`` in [0, 1] of that motion at
which ``gap(moved base, other) <= d`` (inches, ``d >= 0``), or None.  A base
already within ``d`` at the start answers 0.0.

Exact: the distance between two convex shapes reaches ``d`` only when a vertex
(or a circle's centre) of one meets the other shape grown by ``d`` (its edges
pushed out by ``d`` and circles of radius ``d`` about its vertices).  The
candidate fractions are the roots of those point-against-segment and
point-against-circle equations, in closed form (lines for a translation, the
orbit of a point for a wheel); the first candidate at which the gap is within
``d`` (up to ``TOL_APPROACH``, 1e-9") is the answer.  Tested against shapely
(tests/test_table_queries.py).

Pure, typed Python (mypyc-ready).  Inches, degrees counter-clockwise, y up.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from typing import Final

from game.table.distance import _axes, gap
from game.table.rotation import _orbit_circle, _orbit_seg, _reach
from game.table.shapes import CIRCLE, POLY, Shape, rotated, translated
from game.table.table import ALL, Contact, Table

TOL_APPROACH: Final[float] = 1e-9  # a candidate counts if its gap is within d + this
_NO_IDS: Final[frozenset[str]] = frozenset()


def _line_seg(qx: float, qy: float, vx: float, vy: float, x0: float, y0: float, x1: float, y1: float,
              out: list[float]) -> None:
    """Fractions t in [0, 1] at which q + t v meets the segment x0y0-x1y1."""
    ex = x1 - x0
    ey = y1 - y0
    den = vx * ey - vy * ex
    if den == 0.0:
        return  # parallel: the segment's end circles give the moments
    wx = x0 - qx
    wy = y0 - qy
    t = (wx * ey - wy * ex) / den
    s = (wx * vy - wy * vx) / den
    if -1e-12 <= s <= 1.0 + 1e-12 and -1e-12 <= t <= 1.0 + 1e-12:
        out.append(min(max(t, 0.0), 1.0))


def _line_circle(qx: float, qy: float, vx: float, vy: float, cx: float, cy: float, r: float,
                 out: list[float]) -> None:
    """Fractions t in [0, 1] at which q + t v is at distance r from c."""
    a = vx * vx + vy * vy
    if a == 0.0:
        return
    wx = qx - cx
    wy = qy - cy
    b = wx * vx + wy * vy
    c = wx * wx + wy * wy - r * r
    disc = b * b - a * c
    if disc < 0.0:
        if disc < -1e-12 * (b * b + abs(a * c)):
            return
        disc = 0.0
    sq = math.sqrt(disc)
    for t in ((-b - sq) / a, (-b + sq) / a):
        if -1e-12 <= t <= 1.0 + 1e-12:
            out.append(min(max(t, 0.0), 1.0))


def _edges(s: Shape) -> int:
    """Number of edges to offset (a segment has two sides), after making sure the
    normals exist."""
    if s.kind != POLY:
        _axes(s)
    return len(s.nx)


def _line_rounded(qx: float, qy: float, vx: float, vy: float, s: Shape, r: float, out: list[float]) -> None:
    """Fractions at which q + t v meets the boundary of ``s`` grown by r (whole
    offset edges and whole vertex circles: a superset of the true moments)."""
    if s.kind == CIRCLE:
        _line_circle(qx, qy, vx, vy, s.cx, s.cy, s.radius + r, out)
        return
    ne = _edges(s)
    xs = s.xs
    ys = s.ys
    n = len(xs)
    for i in range(ne):
        j = i + 1 if i + 1 < n else 0
        ox = r * s.nx[i]
        oy = r * s.ny[i]
        _line_seg(qx, qy, vx, vy, xs[i] + ox, ys[i] + oy, xs[j] + ox, ys[j] + oy, out)
    for i in range(n):
        _line_circle(qx, qy, vx, vy, xs[i], ys[i], r, out)


def _orbit_rounded_all(qx: float, qy: float, px: float, py: float, sg: float, th: float, s: Shape, r: float,
                       out: list[float]) -> None:
    """Fractions at which q turning about p meets the boundary of ``s`` grown by r."""
    if s.kind == CIRCLE:
        _orbit_circle(qx, qy, px, py, sg, th, s.cx, s.cy, s.radius + r, out)
        return
    ne = _edges(s)
    xs = s.xs
    ys = s.ys
    n = len(xs)
    for i in range(ne):
        j = i + 1 if i + 1 < n else 0
        ox = r * s.nx[i]
        oy = r * s.ny[i]
        _orbit_seg(qx, qy, px, py, sg, th, xs[i] + ox, ys[i] + oy, xs[j] + ox, ys[j] + oy, out)
    for i in range(n):
        _orbit_circle(qx, qy, px, py, sg, th, xs[i], ys[i], r, out)


def approach_toi(a: Shape, dx: float, dy: float, b: Shape, d: float) -> float | None:
    """``a`` moving by (dx, dy): the first fraction in [0, 1] at which its gap to
    ``b`` is <= d; None if it never comes that close."""
    lim = d + TOL_APPROACH
    if gap(a, b) <= lim:
        return 0.0
    cands: list[float] = []
    if a.kind == CIRCLE:
        _line_rounded(a.cx, a.cy, dx, dy, b, a.radius + d, cands)
    elif b.kind == CIRCLE:
        _line_rounded(b.cx, b.cy, -dx, -dy, a, b.radius + d, cands)
    else:
        for i in range(len(a.xs)):
            _line_rounded(a.xs[i], a.ys[i], dx, dy, b, d, cands)
        for i in range(len(b.xs)):
            _line_rounded(b.xs[i], b.ys[i], -dx, -dy, a, d, cands)
    cands.sort()
    for t in cands:
        if gap(translated(a, t * dx, t * dy), b) <= lim:
            return t
    return None


def approach_rotation_toi(a: Shape, px: float, py: float, dtheta_deg: float, b: Shape, d: float) -> float | None:
    """``a`` turning about (px, py) by ``dtheta_deg``: the first fraction of the
    turn at which its gap to ``b`` is <= d; None if never."""
    lim = d + TOL_APPROACH
    if gap(a, b) <= lim:
        return 0.0
    if dtheta_deg == 0.0:
        return None
    th = math.radians(abs(dtheta_deg))
    sg = 1.0 if dtheta_deg > 0.0 else -1.0
    if math.hypot(b.cx - px, b.cy - py) - b.bound - d > _reach(a, px, py):
        return None
    cands: list[float] = []
    if a.kind == CIRCLE:
        _orbit_rounded_all(a.cx, a.cy, px, py, sg, th, b, a.radius + d, cands)
    elif b.kind == CIRCLE:
        _orbit_rounded_all(b.cx, b.cy, px, py, -sg, th, a, b.radius + d, cands)
    else:
        for i in range(len(a.xs)):
            _orbit_rounded_all(a.xs[i], a.ys[i], px, py, sg, th, b, d, cands)
        for i in range(len(b.xs)):
            _orbit_rounded_all(b.xs[i], b.ys[i], px, py, -sg, th, a, d, cands)
    cands.sort()
    for t in cands:
        if t > 1.0:
            break
        if gap(rotated(a, px, py, dtheta_deg * t), b) <= lim:
            return t
    return None


def all_within(table: Table, shape: Shape, dx: float, dy: float, d: float, kinds: int = ALL,
               ignore: Collection[str] = _NO_IDS) -> list[Contact]:
    """Everything of ``kinds`` that ``shape`` moving by (dx, dy) comes within d
    of, with the first moment for each, sorted by (fraction, insertion order).
    ``Contact.dist`` is the inches moved before coming within d."""
    minx = min(shape.minx, shape.minx + dx) - d
    miny = min(shape.miny, shape.miny + dy) - d
    maxx = max(shape.maxx, shape.maxx + dx) + d
    maxy = max(shape.maxy, shape.maxy + dy) + d
    dd = dx * dx + dy * dy
    ln = math.sqrt(dd)
    hits: list[tuple[float, int, str, int]] = []
    for id, kind, order, o in table.in_box(kinds, minx, miny, maxx, maxy, ignore):
        wx = o.cx - shape.cx
        wy = o.cy - shape.cy
        if dd > 0.0:
            f = (wx * dx + wy * dy) / dd
            f = 1.0 if f > 1.0 else (0.0 if f < 0.0 else f)
            wx -= f * dx
            wy -= f * dy
        rr = shape.bound + o.bound + d
        if wx * wx + wy * wy > rr * rr:
            continue
        t = approach_toi(shape, dx, dy, o, d)
        if t is not None:
            hits.append((t, order, id, kind))
    hits.sort()
    return [Contact(t, t * ln, id, kind) for t, _, id, kind in hits]


def first_within(table: Table, shape: Shape, dx: float, dy: float, d: float, kinds: int = ALL,
                 ignore: Collection[str] = _NO_IDS) -> Contact | None:
    """The first thing of ``kinds`` that ``shape`` moving by (dx, dy) comes within
    d of (ties by insertion order); None if none."""
    got = all_within(table, shape, dx, dy, d, kinds, ignore)
    return got[0] if got else None


def all_within_turning(table: Table, shape: Shape, px: float, py: float, dtheta_deg: float, d: float,
                       kinds: int = ALL, ignore: Collection[str] = _NO_IDS) -> list[Contact]:
    """``all_within`` for a wheel of ``shape`` about (px, py) by ``dtheta_deg``;
    ``Contact.dist`` is the degrees turned before coming within d."""
    reach = _reach(shape, px, py) + d
    hits: list[tuple[float, int, str, int]] = []
    for id, kind, order, o in table.in_box(kinds, px - reach, py - reach, px + reach, py + reach, ignore):
        t = approach_rotation_toi(shape, px, py, dtheta_deg, o, d)
        if t is not None:
            hits.append((t, order, id, kind))
    hits.sort()
    return [Contact(t, t * abs(dtheta_deg), id, kind) for t, _, id, kind in hits]


def first_within_turning(table: Table, shape: Shape, px: float, py: float, dtheta_deg: float, d: float,
                         kinds: int = ALL, ignore: Collection[str] = _NO_IDS) -> Contact | None:
    """The first thing a wheel brings within d (ties by insertion order)."""
    got = all_within_turning(table, shape, px, py, dtheta_deg, d, kinds, ignore)
    return got[0] if got else None


__all__ = [
    "TOL_APPROACH", "all_within", "all_within_turning", "approach_rotation_toi", "approach_toi",
    "first_within", "first_within_turning",
]
