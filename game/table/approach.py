"""Approach: the first moment a moving base comes within a distance of another.

A rules question such as "does this move bring the unit within 4 inches of an
enemy (a threat test), or within 1 inch of a friend (it must stop)?".  The base
moves by (dx, dy) (a translation) or turns by ``dtheta`` degrees about a pivot
(a wheel); the answer is the first fraction ``t`` in [0, 1] of that motion at
which ``gap(moved base, other) <= d`` (inches, ``d >= 0``), or None.  A base
already within ``d`` at the start answers 0.0.

"Comes within d" means: the gap becomes d on the way to less than d; a pass
that only grazes at exactly d does not count (the table's touching rule).

Exact: the distance between two convex shapes reaches ``d`` only when a vertex
(or a circle's centre) of one meets the other shape grown by ``d`` (its edges
pushed out by ``d`` and circles of radius ``d`` about its vertices).  For a
translation that is the first entry of a vertex's ray into the other grown
shape (closed form); for a wheel the candidate moments are the roots of the
orbit of each vertex against the grown edges and circles, and the gap between
two consecutive candidates tells.  Tested against shapely
(tests/test_table_queries.py).

Pure, typed Python (mypyc-ready).  Inches, degrees counter-clockwise, y up.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from typing import Final

from game.table.distance import _axes, gap
from game.table.rotation import _orbit_circle, _orbit_seg, _reach
from game.table.shapes import CIRCLE, POLY, Shape, rotated
from game.table.sweep import _ray_disc, _ray_rounded
from game.table.table import ALL, Contact, Table

TOL_APPROACH: Final[float] = 1e-9  # within d + this at the start counts as within d already
_NO_IDS: Final[frozenset[str]] = frozenset()


def _edges(s: Shape) -> int:
    """Number of edges to offset (a segment has two sides), after making sure the
    normals exist."""
    if s.kind != POLY:
        _axes(s)
    return len(s.nx)


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
    ``b`` becomes d on the way to less than d (0.0 if it is within d already);
    None if it never comes closer than d.

    The shapes are convex, so the first moment is when a vertex of one (a
    circle's centre) enters the other grown by d: a ray against a rounded
    shape for each vertex, no search."""
    if gap(a, b) <= d + TOL_APPROACH:
        return 0.0
    if dx == 0.0 and dy == 0.0:
        return None
    best = math.inf
    if a.kind == CIRCLE:
        if b.kind == CIRCLE:
            lo, hi = _ray_disc(a.cx, a.cy, dx, dy, b.cx, b.cy, a.radius + b.radius + d)
        else:
            lo, hi = _ray_rounded(b, a.cx, a.cy, dx, dy, a.radius + d)
        if lo < hi and hi > 0.0:
            best = lo
    elif b.kind == CIRCLE:
        lo, hi = _ray_rounded(a, b.cx, b.cy, -dx, -dy, b.radius + d)
        if lo < hi and hi > 0.0:
            best = lo
    else:
        for i in range(len(a.xs)):
            lo, hi = _ray_rounded(b, a.xs[i], a.ys[i], dx, dy, d)
            if lo < hi and hi > 0.0 and lo < best:
                best = lo
        for i in range(len(b.xs)):
            lo, hi = _ray_rounded(a, b.xs[i], b.ys[i], -dx, -dy, d)
            if lo < hi and hi > 0.0 and lo < best:
                best = lo
    if best > 1.0:
        return None
    return best if best > 0.0 else 0.0


def approach_rotation_toi(a: Shape, px: float, py: float, dtheta_deg: float, b: Shape, d: float) -> float | None:
    """``a`` turning about (px, py) by ``dtheta_deg``: the first fraction of the
    turn at which its gap to ``b`` becomes d on the way to less than d (0.0 if
    within d already); None if never.  The candidate moments are where a vertex
    (a circle's centre) of one meets the other grown by d; between two of them
    the gap is below d all along or not at all, which the middle one tells."""
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
    cands.append(1.0)
    prev = 0.0
    for t in cands:
        if t <= prev:
            continue
        if t > 1.0:
            t = 1.0
        # between two candidates the gap is either below d all along or not at all
        if gap(rotated(a, px, py, dtheta_deg * 0.5 * (prev + t)), b) < d:
            return prev
        prev = t
        if prev >= 1.0:
            break
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
