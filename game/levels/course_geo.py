"""A course indexed for the checks: its segments in box trees (containment, nearness
to the barriers, progress: the same answers as Course.contains / Course.progress,
found faster), the names and fields of its edge segments, and the checks' budgets.
"""

from __future__ import annotations

from typing import Final

from game.levels.boxtree import Box, BoxTree, _seg_box
from game.levels.course_model import Course
from game.levels.plane import Point, Segment, _dist2_point_segment, _dist_segment_segment

MAX_REPORTED: Final[int] = 10
"""Places reported one by one for one kind of problem (edges crossing, ...)."""
MAX_OVERLAPS: Final[int] = 20
"""Overlapping obstacle pairs reported before the overlap check stops."""
PAIR_WORK_LIMIT: Final[int] = 3_000_000
"""Budget for the obstacle-against-obstacle checks, counted in vertex pairs looked at
(a 64-point polygon against another costs 4000 to 16000). Real courses use well under
1%; beyond it the checks stop and say why."""
SEGMENT_PAIR_LIMIT: Final[int] = 120_000
"""Budget for each check of segments against segments (edges crossing, the centre line
crossing itself, edges too close): pairs whose boxes meet. A real course needs a few
thousand; a tangle of thousands of long segments that all overlap would take minutes."""


class CourseGeo:
    """A course's segments in box trees: containment, nearness to the barriers and
    progress with the same answers as Course.contains / Course.progress."""

    def __init__(self, course: Course) -> None:
        self.course = course
        ring = course.outline()
        n = len(ring)
        self.ring_edges = [(ring[k - 1], ring[k]) for k in range(n)]  # as _point_in_polygon walks them
        self.ring_tree = BoxTree([_seg_box(a, b) for a, b in self.ring_edges])
        self.flat_xy = [(a[0], a[1], b[0], b[1]) for a, b in self.ring_edges]
        self.flat_yx = [(a[1], a[0], b[1], b[0]) for a, b in self.ring_edges]
        self.bars = course.barrier_segments()
        self.bar_tree = BoxTree([_seg_box(a, b) for a, b in self.bars])
        self.left_segs = list(zip(course.left, course.left[1:]))
        self.right_segs = list(zip(course.right, course.right[1:]))
        self.left_tree = BoxTree([_seg_box(a, b) for a, b in self.left_segs])
        self.right_tree = BoxTree([_seg_box(a, b) for a, b in self.right_segs])
        self.centre_segs = list(zip(course.centre, course.centre[1:]))
        self.centre_tree = BoxTree([_seg_box(a, b) for a, b in self.centre_segs])

    def contains(self, x: float, y: float) -> bool:
        """Course.contains(x, y) for points off the boundary (a point on an edge may go
        either way; the checks give boundaries a tolerance of their own). The ray is cast
        toward the nearest side of the course's bounding box, so it meets few edges."""
        x0, y0, x1, y1 = self.course._bbox
        if x < x0 or x > x1 or y < y0 or y > y1:
            return False
        way = min((x1 - x, 0), (x - x0, 1), (y1 - y, 2), (y - y0, 3))[1]
        if way == 0:
            cands = self.ring_tree.query(x, y, x1, y)
        elif way == 1:
            cands = self.ring_tree.query(x0, y, x, y)
        elif way == 2:
            cands = self.ring_tree.query(x, y, x, y1)
        else:
            cands = self.ring_tree.query(x, y0, x, y)

        # the ray along +u in (u, v) = (sg * x, y) or (sg * y, x): a mirror image at
        # worst, which keeps the parity and the winding number's magnitude
        sg = 1.0 if way in (0, 2) else -1.0
        flat = self.flat_xy if way < 2 else self.flat_yx
        if way < 2:
            u, v = sg * x, y
        else:
            u, v = sg * y, x
        if self.course._nonzero:
            wn = 0
            for k in cands:
                au, av, bu, bv = flat[k]
                au *= sg
                bu *= sg
                if av <= v:
                    if bv > v and (bu - au) * (v - av) - (u - au) * (bv - av) > 0.0:
                        wn += 1
                elif bv <= v and (bu - au) * (v - av) - (u - au) * (bv - av) < 0.0:
                    wn -= 1
            return wn != 0
        inside = False
        for k in cands:
            ju, jv, iu, iv = flat[k]
            if (iv > v) != (jv > v):
                uc = sg * (iu + (v - iv) * (ju - iu) / (jv - iv))
                if u < uc:
                    inside = not inside
        return inside

    def bars_near(self, box: Box) -> list[Segment]:
        return [self.bars[i] for i in self.bar_tree.query(*box)]

    def near_barrier(self, x: float, y: float, tol: float) -> bool:
        """Whether a barrier comes within `tol` of (x, y)."""
        t2 = tol * tol
        box = (x - tol, y - tol, x + tol, y + tol)
        return any(_dist2_point_segment(x, y, a, b) <= t2 for a, b in self.bars_near(box))

    def dist_to(self, which: str, a: Point, b: Point) -> float:
        """Distance from segment ab to the left or right edge."""
        tree, segs = (self.left_tree, self.left_segs) if which == "left" else (self.right_tree, self.right_segs)
        q = _seg_box(a, b)

        def dist(i: int) -> float:
            c, d = segs[i]
            return _dist_segment_segment(a, b, c, d)

        return tree.nearest(q, dist, squared=False)[0]

    def progress(self, x: float, y: float) -> float:
        """Course.progress(x, y) without a hint (the same answer, found faster)."""
        segs = self.course._segs

        def d2(i: int) -> float:
            ax, ay, dx, dy, ln, s0, inv = segs[i]
            t = ((x - ax) * dx + (y - ay) * dy) * inv
            if t < 0.0:
                t = 0.0
            elif t > 1.0:
                t = 1.0
            ex = ax + t * dx - x
            ey = ay + t * dy - y
            return ex * ex + ey * ey

        _, i = self.centre_tree.nearest((x, y, x, y), d2)
        ax, ay, dx, dy, ln, s0, inv = segs[i]
        t = ((x - ax) * dx + (y - ay) * dy) * inv
        t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
        return s0 + t * ln


# --------------------------------------------------------------------------- naming edges


def _edge_field(course: Course, side: str) -> str:
    return "width" if course.width is not None else f"edges.{side}"


def _ring_edge_name(course: Course, k: int) -> str:
    nl, nr = len(course.left), len(course.right)
    if k < nl - 1:
        return f"left edge segment {k}"
    if k == nl - 1:
        return "the closing segment beyond the finish"
    if k < nl - 1 + nr:
        return f"right edge segment {nr - 2 - (k - nl)}"
    return "the closing segment behind the start"


def _ring_edge_field(course: Course, k: int) -> str:
    nl, nr = len(course.left), len(course.right)
    if k < nl - 1:
        return _edge_field(course, "left")
    if nl - 1 < k < nl - 1 + nr:
        return _edge_field(course, "right")
    return "width" if course.width is not None else "edges"


class _Edges:
    """The course's edges as one list of segments with names, fields and neighbours:
    the outline ring of an open course, or the two closed edges of a circuit."""

    def __init__(self, course: Course) -> None:
        self.course = course
        if course.laps is None:
            ring = course.outline()
            m = len(ring)
            self.segs = [(ring[k], ring[(k + 1) % m]) for k in range(m)]
            self.chain = [0] * m
            self.index = list(range(m))
            self.count = [m]
        else:
            left = list(zip(course.left, course.left[1:]))
            right = list(zip(course.right, course.right[1:]))
            self.segs = left + right
            self.chain = [0] * len(left) + [1] * len(right)
            self.index = list(range(len(left))) + list(range(len(right)))
            self.count = [len(left), len(right)]

    def succ(self, k: int) -> int:
        c, i = self.chain[k], self.index[k]
        n = self.count[c]
        return k - i + (i + 1) % n

    def adjacent(self, k: int, j: int) -> bool:
        if self.chain[k] != self.chain[j]:
            return False
        i, h = self.index[k], self.index[j]
        n = self.count[self.chain[k]]
        return abs(i - h) == 1 or abs(i - h) == n - 1

    def name(self, k: int) -> str:
        if self.course.laps is None:
            return _ring_edge_name(self.course, k)
        return f"{'left' if self.chain[k] == 0 else 'right'} edge segment {self.index[k]}"

    def field(self, k: int) -> str:
        if self.course.laps is None:
            return _ring_edge_field(self.course, k)
        return _edge_field(self.course, "left" if self.chain[k] == 0 else "right")


_Geo = CourseGeo
