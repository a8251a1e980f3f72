"""Sides of a rectangular base: which edge (front, left or right flank, rear) a
point faces, a contact touches, a moving shape meets first, or a path crosses
first.

A rectangle's front is its edge across the heading at +length/2, the rear the
opposite edge, its left flank the long edge at heading + 90 degrees, its right
flank the other one (the ``make_rect`` convention: length along the heading).

Ties (a corner) are decided in a stated order: by the motion (the edge the
motion runs most squarely into), then by where the other shape's centre lies
(the edge line it is farthest beyond), then front, rear, left, right.  Exact:
closed-form slab clipping and the table's gap and time-of-impact kernels;
tested against shapely (tests/test_table_queries.py).  Pure, typed Python.
"""

from __future__ import annotations

from typing import Final

from game.table.distance import _axes, _closest_point, _sd_point, gap
from game.table.shapes import CIRCLE, POLY, RECT, Shape, make_segment, translated
from game.table.sweep import time_of_impact

FRONT: Final[str] = "front"
REAR: Final[str] = "rear"
LEFT: Final[str] = "left"
RIGHT: Final[str] = "right"
SIDES: Final[tuple[str, str, str, str]] = (FRONT, REAR, LEFT, RIGHT)  # also the tie order
TOL_SIDE: Final[float] = 1e-7  # edges whose gaps differ by less than this are tied


def _need_rect(r: Shape) -> None:
    if r.kind != RECT:
        raise ValueError("sides are defined for rectangular bases only")


def _local(r: Shape, x: float, y: float) -> tuple[float, float]:
    """(x, y) in the rectangle's frame: along the heading, then to its left."""
    wx = x - r.cx
    wy = y - r.cy
    return wx * r.c + wy * r.s, -wx * r.s + wy * r.c


def _normal(r: Shape, side: int) -> tuple[float, float]:
    """Outward unit normal of side 0 front, 1 rear, 2 left, 3 right."""
    if side == 0:
        return r.c, r.s
    if side == 1:
        return -r.c, -r.s
    if side == 2:
        return -r.s, r.c
    return r.s, -r.c


def _excess(r: Shape, x: float, y: float) -> list[float]:
    """How far (x, y) lies beyond each side's line (negative inside)."""
    lx, ly = _local(r, x, y)
    return [lx - r.hl, -lx - r.hl, ly - r.hw, -ly - r.hw]


def side_edge(r: Shape, side: str) -> Shape:
    """The edge of a side as a segment shape."""
    _need_rect(r)
    i = SIDES.index(side)
    xs = r.xs
    ys = r.ys
    # make_rect's corners: 0 front-right, 1 front-left, 2 rear-left, 3 rear-right
    a, b = ((0, 1), (2, 3), (1, 2), (3, 0))[i]
    return make_segment(xs[a], ys[a], xs[b], ys[b])


def side_facing(r: Shape, x: float, y: float) -> str:
    """The side whose edge line the point (x, y) lies farthest beyond: outside the
    base, the side it faces (the regions are split by the lines through the
    corners at 45 degrees); inside, the nearest edge.  Ties: front, rear, left,
    right."""
    _need_rect(r)
    ex = _excess(r, x, y)
    best = 0
    for i in range(1, 4):
        if ex[i] > ex[best] + 1e-12:
            best = i
    return SIDES[best]


_CORNER_SIDES: Final[tuple[tuple[int, int], ...]] = ((0, 3), (0, 2), (1, 2), (1, 3))  # make_rect's corner order


def _sides_at(r: Shape, x: float, y: float, out: list[int]) -> None:
    """Add the sides whose edge passes within TOL_SIDE of the point of ``r``
    nearest to (x, y)."""
    lx, ly = _local(r, x, y)
    lx = r.hl if lx > r.hl else (-r.hl if lx < -r.hl else lx)
    ly = r.hw if ly > r.hw else (-r.hw if ly < -r.hw else ly)
    ex = (abs(lx - r.hl), abs(lx + r.hl), abs(ly - r.hw), abs(ly + r.hw))
    low = min(ex)
    for i in range(4):
        if ex[i] <= low + TOL_SIDE and i not in out:
            out.append(i)


def _touched(r: Shape, other: Shape) -> list[int]:
    """The sides (indices) nearest to ``other``: where the nearest points of the
    two shapes lie on ``r`` (an edge, or two at a corner); when they overlap, the
    edges with the smallest gap."""
    out: list[int] = []
    if gap(r, other) < -TOL_SIDE:
        gaps = [gap(side_edge(r, s), other) for s in SIDES]
        low = min(gaps)
        return [i for i in range(4) if gaps[i] <= low + TOL_SIDE]
    if other.kind == CIRCLE:
        x, y = _closest_point(r, other.cx, other.cy)
        _sides_at(r, x, y, out)
        return out
    # the nearest pair is a vertex of one against the other: other's vertices
    # against r, and r's corners against other
    ds: list[float] = []
    for i in range(len(other.xs)):
        ds.append(_sd_point(r, other.xs[i], other.ys[i]))
    if other.kind != POLY:
        _axes(other)
    for k in range(4):
        ds.append(_sd_point(other, r.xs[k], r.ys[k]))
    low = min(ds)
    nv = len(other.xs)
    for i in range(len(ds)):
        if ds[i] <= low + TOL_SIDE:
            if i < nv:
                _sides_at(r, other.xs[i], other.ys[i], out)
            else:
                for j in _CORNER_SIDES[i - nv]:
                    if j not in out:
                        out.append(j)
    out.sort()
    return out


def _pick(r: Shape, sides: list[int], ox: float, oy: float, vx: float, vy: float) -> str:
    """One of the tied ``sides``: by the motion (vx, vy), then by the point (ox, oy)."""
    if len(sides) > 1 and (vx != 0.0 or vy != 0.0):
        scores = []
        for i in sides:
            nx, ny = _normal(r, i)
            scores.append(-(nx * vx + ny * vy))
        top = max(scores)
        sides = [sides[k] for k in range(len(sides)) if scores[k] >= top - 1e-12 * (abs(top) + 1.0)]
    if len(sides) > 1:
        ex = _excess(r, ox, oy)
        top = max(ex[i] for i in sides)
        sides = [i for i in sides if ex[i] >= top - 1e-12]
    return SIDES[sides[0]]


def side_of_contact(r: Shape, other: Shape) -> str:
    """The side of ``r`` that ``other`` touches (or comes nearest to): the edge
    with the smallest gap to it; at a corner, the edge whose line the other's
    centre lies farthest beyond."""
    _need_rect(r)
    sides = _touched(r, other)
    return _pick(r, sides, other.cx, other.cy, 0.0, 0.0)


def side_hit(r: Shape, mover: Shape, dx: float, dy: float) -> tuple[float, str] | None:
    """``mover`` moving by (dx, dy) into ``r``: (fraction of the move at first
    contact, the side of ``r`` it meets); None if the move does not meet ``r``
    (contact semantics of ``time_of_impact``).  At a corner: the side the motion
    runs most squarely into."""
    _need_rect(r)
    t = time_of_impact(mover, dx, dy, r)
    if t is None:
        return None
    at = translated(mover, t * dx, t * dy)
    sides = _touched(r, at)
    # the rectangle is met by the mover, i.e. it moves by -v relative to the mover
    return t, _pick(r, sides, at.cx, at.cy, dx, dy)


def side_crossed(r: Shape, x0: float, y0: float, x1: float, y1: float) -> tuple[float, str] | None:
    """The path from (x0, y0) to (x1, y1): (fraction of the path, side) where it
    first meets ``r`` from outside (a path along an edge or through a corner
    meets it); None if it never does or starts inside."""
    _need_rect(r)
    lx0, ly0 = _local(r, x0, y0)
    lx1, ly1 = _local(r, x1, y1)
    ux = lx1 - lx0
    uy = ly1 - ly0
    t_in = -1e300
    t_out = 1e300
    enter: list[int] = []
    for axis in range(2):
        p = lx0 if axis == 0 else ly0
        u = ux if axis == 0 else uy
        h = r.hl if axis == 0 else r.hw
        if u == 0.0:
            if p < -h or p > h:
                return None
            continue
        ta = (-h - p) / u  # meets the low edge (rear / right)
        tb = (h - p) / u  # meets the high edge (front / left)
        lo_side = 1 if axis == 0 else 3
        hi_side = 0 if axis == 0 else 2
        if ta < tb:
            t0, t1, s0 = ta, tb, lo_side
        else:
            t0, t1, s0 = tb, ta, hi_side
        if t0 > t_in + 1e-12:
            t_in = t0
            enter = [s0]
        elif t0 >= t_in - 1e-12:
            enter.append(s0)
        if t1 < t_out:
            t_out = t1
    if not enter or t_in < 0.0 or t_in > 1.0 or t_in > t_out + 1e-12:
        return None
    px = x0 + (x1 - x0) * t_in
    py = y0 + (y1 - y0) * t_in
    return t_in, _pick(r, sorted(enter), px, py, x1 - x0, y1 - y0)


__all__ = ["FRONT", "LEFT", "REAR", "RIGHT", "SIDES", "TOL_SIDE", "side_crossed", "side_edge", "side_facing",
           "side_hit", "side_of_contact"]
