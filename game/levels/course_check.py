"""check_course: everything wrong with a course that loaded, each problem with its
severity, field path and reason (docs/level-format.md, "Checks").

Errors (the course is broken): swapped or crossing edges (except inside a declared
crossing of a Doomwheel track), the centre line leaving the course, start / finish /
checkpoint lines that do not span the course, a finish not after the start,
checkpoints out of order or inside a crossing, a figure-eight loop no checkpoint
guards (so turning at the crossing would skip it), obstacles outside the course or
overlapping, large obstacles (or the edges themselves) closing the track, critters
off the track, crossings on a Wild Race course.

Warnings (set-up guidance): Wild Race rules §1 (length, opening straight, start
width, racers that cannot be placed); Doomwheel: no laps, wheels that cannot be
placed side by side behind the start line, fans standing on the track, a declared
crossing where the track does not cross itself.

Every check is fast on the largest course the loader accepts (2000-point polylines,
200 obstacles of 64 points): segments and obstacles are kept in bounding-box trees
(`BoxTree`), so a check looks only at what is near. Checks between crowded obstacles
have a work budget; a course that exceeds it (hundreds of obstacles piled together)
is reported as such instead of being checked for minutes.
"""

from __future__ import annotations

import heapq
import math
from typing import Callable, Final, Sequence

from game.levels.course import (
    BASE_LENGTH,
    BASE_WIDTH,
    BEND_TOLERANCE_DEG,
    MAX_RACERS,
    MIN_LENGTH,
    MIN_OPENING,
    SPAN_TOLERANCE,
    Course,
    ObstacleSpec,
    Point,
    Problem,
    Segment,
    _dist2_point_segment,
    _dist_segment_segment,
    _intersection_point,
    _obstacles_overlap,
    _point_in_polygon,
    _segments_cross,
    _segments_touch,
    _signed_area,
    _start_frame,
    _turn_degrees,
    start_slots,
    start_width_needed,
)

Box = tuple[float, float, float, float]

_EPS: Final[float] = 1e-9

DOOMWHEEL_BASE_WIDTH: Final[float] = 1.97
"""A Doomwheel's base, 50 x 100 mm (rules §1), long side along its facing."""
DOOMWHEEL_BASE_LENGTH: Final[float] = 3.94
DOOMWHEEL_MAX_WHEELS: Final[int] = 4
DOOMWHEEL_START_GAP: Final[float] = 0.5
"""Start grid guidance for the Doomwheel (the rules only say "side by side"): 0.5"
between wheels (as in the Wild Race) and 0.25" to each edge (wheels may touch the
edges; the Wild Race's 2" is for horses fanning out)."""
DOOMWHEEL_EDGE_MARGIN: Final[float] = 0.25

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


def base_size(course: Course) -> tuple[float, float]:
    """(width, length) of one racer's base on this course's ruleset."""
    if course.ruleset == "doomwheel":
        return DOOMWHEEL_BASE_WIDTH, DOOMWHEEL_BASE_LENGTH
    return BASE_WIDTH, BASE_LENGTH


# --------------------------------------------------------------------------- box tree


def _seg_box(a: Point, b: Point, grow: float = 0.0) -> Box:
    return (min(a[0], b[0]) - grow, min(a[1], b[1]) - grow, max(a[0], b[0]) + grow, max(a[1], b[1]) + grow)


def _box_dist2(a: Box, b: Box) -> float:
    dx = max(0.0, a[0] - b[2], b[0] - a[2])
    dy = max(0.0, a[1] - b[3], b[1] - a[3])
    return dx * dx + dy * dy


class BoxTree:
    """A static bounding-box tree over items given by their boxes (x0, y0, x1, y1):
    which items' boxes meet a query box, and the item nearest a query by a distance
    that is never less than the box distance."""

    LEAF: Final[int] = 8

    def __init__(self, boxes: Sequence[Box]) -> None:
        self.boxes = list(boxes)
        self.order = list(range(len(self.boxes)))
        self.node_box: list[Box] = []
        self.kids: list[tuple[int, int]] = []
        self.span: list[tuple[int, int]] = []
        if self.boxes:
            self._build(0, len(self.boxes))

    def _build(self, lo: int, hi: int) -> int:
        items = self.order[lo:hi]
        bs = self.boxes
        node = len(self.node_box)
        self.node_box.append(
            (min(bs[i][0] for i in items), min(bs[i][1] for i in items), max(bs[i][2] for i in items),
             max(bs[i][3] for i in items))
        )
        self.kids.append((-1, -1))
        self.span.append((lo, hi))
        if hi - lo > self.LEAF:
            cx = [bs[i][0] + bs[i][2] for i in items]
            cy = [bs[i][1] + bs[i][3] for i in items]
            axis = 0 if max(cx) - min(cx) >= max(cy) - min(cy) else 1
            items.sort(key=lambda i: bs[i][axis] + bs[i][axis + 2])
            self.order[lo:hi] = items
            mid = (lo + hi) // 2
            left = self._build(lo, mid)
            right = self._build(mid, hi)
            self.kids[node] = (left, right)
        return node

    def query(self, qx0: float, qy0: float, qx1: float, qy1: float) -> list[int]:
        """The items whose boxes meet the query box, in increasing order."""
        out: list[int] = []
        if not self.node_box:
            return out
        stack = [0]
        bs = self.boxes
        while stack:
            k = stack.pop()
            bx0, by0, bx1, by1 = self.node_box[k]
            if bx0 > qx1 or bx1 < qx0 or by0 > qy1 or by1 < qy0:
                continue
            left, right = self.kids[k]
            if left < 0:
                lo, hi = self.span[k]
                for i in self.order[lo:hi]:
                    b = bs[i]
                    if not (b[0] > qx1 or b[2] < qx0 or b[1] > qy1 or b[3] < qy0):
                        out.append(i)
            else:
                stack.append(left)
                stack.append(right)
        out.sort()
        return out

    def nearest(self, q: Box, dist: Callable[[int], float], *, squared: bool = True) -> tuple[float, int]:
        """(smallest dist(i), i) over all items (ties: the smallest i). dist(i) must be at
        least the distance between q and item i's box (squared if `squared`).
        (inf, -1) if the tree is empty."""
        best = (math.inf, -1)
        if not self.node_box:
            return best
        bound: Callable[[Box, Box], float] = (
            _box_dist2 if squared else (lambda a, b: math.sqrt(_box_dist2(a, b)))
        )
        heap: list[tuple[float, int]] = [(bound(self.node_box[0], q), 0)]
        while heap:
            lb, k = heapq.heappop(heap)
            if lb > best[0] * (1 + 1e-9) + 1e-12:
                break
            left, right = self.kids[k]
            if left < 0:
                lo, hi = self.span[k]
                for i in self.order[lo:hi]:
                    d = dist(i)
                    if d < best[0] or (d == best[0] and i < best[1]):
                        best = (d, i)
            else:
                for c in (left, right):
                    heapq.heappush(heap, (bound(self.node_box[c], q), c))
        return best


# --------------------------------------------------------------------------- fast queries on one course


class _Geo:
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


# --------------------------------------------------------------------------- errors


def _covered(course: Course, x: float, y: float) -> bool:
    """Inside a declared crossing of a Doomwheel track (where the track may cross itself)."""
    return course.ruleset == "doomwheel" and any(c.covers(x, y) for c in course.crossings)


def _check_crossings(course: Course, problems: list[Problem], limit: int = MAX_REPORTED) -> None:
    edges = _Edges(course)
    segs = edges.segs
    tree = BoxTree([_seg_box(a, b, _EPS) for a, b in segs])
    dw = course.ruleset == "doomwheel"
    why = ("declare a crossing there (crossings) if the track crosses itself" if dw
           else "the course may not cross itself")
    found = 0
    extra = 0
    work = SEGMENT_PAIR_LIMIT
    for k in range(len(segs)):
        a, b = segs[k]
        nxt = edges.succ(k)
        c = segs[nxt][1]
        if _turn_degrees(a, b, c) > 179.999 and not _covered(course, b[0], b[1]):
            if found < limit:
                problems.append(
                    Problem("error", edges.field(k),
                            f"{edges.name(k)} folds back onto {edges.name(nxt)} at ({b[0]:.2f}, {b[1]:.2f}); {why}")
                )
            found += 1
        near = tree.query(*tree.boxes[k])
        work -= len(near)
        if work < 0:
            problems.append(Problem("error", "edges", "the edges are too tangled to check for crossings (too many "
                                                      "long edge segments over one another)"))
            return
        for j in near:
            if j <= k or edges.adjacent(k, j):
                continue
            c, d = segs[j]
            if _segments_touch(a, b, c, d):
                px, py = _intersection_point(a, b, c, d)
                if _covered(course, px, py):
                    continue
                if found < limit:
                    problems.append(
                        Problem("error", edges.field(k),
                                f"{edges.name(k)} meets {edges.name(j)} near ({px:.2f}, {py:.2f}); {why}")
                    )
                else:
                    extra += 1
                found += 1
    if extra:
        problems.append(Problem("error", "edges", f"... and {extra} more places where the edges cross"))


def centre_crossings(course: Course, limit: int = 200) -> list[tuple[Point, float, float]]:
    """Where the centre line crosses itself: (point, arc of the first pass, arc of the
    second pass), at most `limit` of them (and no more than SEGMENT_PAIR_LIMIT pairs of
    segments looked at)."""
    segs = list(zip(course.centre, course.centre[1:]))
    n = len(segs)
    tree = BoxTree([_seg_box(a, b, _EPS) for a, b in segs])
    cum = course._cum
    closed = course.laps is not None
    out: list[tuple[Point, float, float]] = []
    work = SEGMENT_PAIR_LIMIT
    for i in range(n):
        a, b = segs[i]
        near = tree.query(*tree.boxes[i])
        work -= len(near)
        if work < 0:
            return out
        for j in near:
            if j <= i + 1 or (closed and i == 0 and j == n - 1):
                continue
            c, d = segs[j]
            if _segments_touch(a, b, c, d):
                p = _intersection_point(a, b, c, d)
                out.append((p, cum[i] + math.dist(a, p), cum[j] + math.dist(c, p)))
                if len(out) >= limit:
                    return out
    return out


def _check_line_spans(course: Course, geo: _Geo, key: str, label: str, seg: Segment,
                      problems: list[Problem]) -> None:
    a, b = seg
    gaps = []
    for side in ("left", "right"):
        gap = geo.dist_to(side, a, b)
        if gap > SPAN_TOLERANCE:
            gaps.append(f"misses the {side} edge by {gap:.2f}\"")
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    tol = SPAN_TOLERANCE
    on_boundary = any(
        _dist2_point_segment(mx, my, c, d) <= tol * tol for c, d in geo.bars_near((mx - tol, my - tol, mx + tol, my + tol))
    )
    if not on_boundary and not geo.contains(mx, my):
        gaps.append("its midpoint is outside the course")
    if gaps:
        problems.append(Problem("error", key, f"{label} does not span the course: {'; '.join(gaps)}"))


def _obstacle_outside(geo: _Geo, ob: ObstacleSpec) -> bool:
    if ob.shape == "circle":
        if not geo.contains(ob.x, ob.y):
            return True
        r = ob.radius
        r2 = (r - _EPS) ** 2
        near = geo.bars_near((ob.x - r, ob.y - r, ob.x + r, ob.y + r))
        return any(_dist2_point_segment(ob.x, ob.y, a, b) < r2 for a, b in near)
    poly = ob.polygon()
    for px, py in poly:
        if not geo.contains(px, py) and not geo.near_barrier(px, py, 1e-6):
            return True
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        for a, b in geo.bars_near(_seg_box(p, q, _EPS)):
            if _segments_cross(p, q, a, b):
                return True
    return False


class _Budget:
    def __init__(self, limit: int) -> None:
        self.left = limit

    def spend(self, n: int) -> bool:
        self.left -= n
        return self.left >= 0


def _ob_box(ob: ObstacleSpec, grow: float = 0.0) -> Box:
    if ob.shape == "circle":
        r = ob.radius + grow
        return (ob.x - r, ob.y - r, ob.x + r, ob.y + r)
    pts = ob.polygon()
    return (min(p[0] for p in pts) - grow, min(p[1] for p in pts) - grow, max(p[0] for p in pts) + grow,
            max(p[1] for p in pts) + grow)


def _ob_cost(ob: ObstacleSpec) -> int:
    return 1 if ob.shape == "circle" else len(ob.polygon())


def _check_obstacles(course: Course, geo: _Geo, budget: _Budget,
                     problems: list[Problem]) -> set[tuple[int, int]] | None:
    """Duplicate ids, obstacles outside the course, overlapping obstacles. Returns the
    overlapping pairs (j, i), j < i, or None if the overlap check was cut short."""
    obs = course.obstacles
    ids: dict[str, int] = {}
    tree = BoxTree([_ob_box(ob) for ob in obs])
    pairs: set[tuple[int, int]] = set()
    complete = True
    for i, ob in enumerate(obs):
        key = f"obstacles[{i}]"
        if ob.id in ids:
            problems.append(Problem("error", f"{key}.id", f"duplicate obstacle id {ob.id!r}"))
        ids.setdefault(ob.id, i)
        if course.ruleset != "doomwheel" and ob.doomwheel_marked():
            field = f"{key}.cover" if ob.cover != "none" else f"{key}.blocks_sight"
            problems.append(Problem("error", field, f"obstacle {ob.id!r}: only a Doomwheel course marks cover or "
                                                    f"sight-blocking terrain; this course is {course.ruleset!r}"))
        elif ob.cover not in ("none", "soft", "hard"):
            problems.append(Problem("error", f"{key}.cover", f"must be 'none', 'soft' or 'hard' (got {ob.cover!r})"))
        if _obstacle_outside(geo, ob):
            problems.append(Problem("error", key, f"obstacle {ob.id!r} is (partly) outside the course"))
        if not complete:
            continue
        for j in tree.query(*tree.boxes[i]):
            if j >= i:
                break
            other = obs[j]
            if not budget.spend((_ob_cost(ob) + _ob_cost(other)) ** 2):
                complete = False
                problems.append(Problem("error", "obstacles", "too many obstacles crowded together to check them "
                                                              "all for overlaps"))
                break
            if _obstacles_overlap(ob, other):
                pairs.add((j, i))
                problems.append(Problem("error", key, f"obstacle {ob.id!r} overlaps obstacle {other.id!r}"))
                if len(pairs) >= MAX_OVERLAPS:
                    problems.append(Problem("error", "obstacles", f"... stopped after {MAX_OVERLAPS} overlapping "
                                                                  "obstacles"))
                    complete = False
                    break
    return pairs if complete else None


# --------------------------------------------------------------------------- the way past the large obstacles


def _ob_dist(a: ObstacleSpec, b: ObstacleSpec, below: float, overlapping: bool, budget: _Budget) -> float | None:
    """Distance between two obstacles, exact when it is below `below` (otherwise any
    number >= below); `overlapping` says whether they overlap (check_course knows).
    None when the budget ran out."""
    if overlapping:
        return 0.0
    if a.shape == "circle" and b.shape == "circle":
        return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius)
    if b.shape == "circle":
        a, b = b, a
    if a.shape == "circle":
        poly = b.polygon()
        n = len(poly)
        d2 = min(_dist2_point_segment(a.x, a.y, poly[i], poly[(i + 1) % n]) for i in range(n))
        return max(0.0, math.sqrt(d2) - a.radius)
    p, q = a.polygon(), b.polygon()
    g2 = below * below
    looked = 0
    for px, py in p:  # two corners that close settle it
        looked += len(q)
        for qx, qy in q:
            if (px - qx) ** 2 + (py - qy) ** 2 < g2:
                budget.spend(looked)
                return math.hypot(px - qx, py - qy)
    if not budget.spend(looked + len(p) * len(q)):
        return None
    qb = _ob_box(b, below)
    pb = _ob_box(a, below)
    pe = [(p[i], p[(i + 1) % len(p)]) for i in range(len(p))]
    qe = [(q[i], q[(i + 1) % len(q)]) for i in range(len(q))]
    pe = [e for e in pe if _box_dist2(_seg_box(*e), qb) == 0.0]
    qe = [e for e in qe if _box_dist2(_seg_box(*e), pb) == 0.0]
    best = below
    for e0, e1 in pe:
        eb = _seg_box(e0, e1, below)
        for f0, f1 in qe:
            if _box_dist2(eb, _seg_box(f0, f1)) > 0.0:
                continue
            d = _dist_segment_segment(e0, e1, f0, f1)
            if d < best:
                best = d
    return best


def _ob_seg_dist(ob: ObstacleSpec, a: Point, b: Point) -> float:
    if ob.shape == "circle":
        return max(0.0, math.sqrt(_dist2_point_segment(ob.x, ob.y, a, b)) - ob.radius)
    poly = ob.polygon()
    if _point_in_polygon(a[0], a[1], poly) or _point_in_polygon(b[0], b[1], poly):
        return 0.0
    n = len(poly)
    return min(_dist_segment_segment(poly[i], poly[(i + 1) % n], a, b) for i in range(n))


def _ob_progress_span(geo: _Geo, ob: ObstacleSpec) -> tuple[float, float]:
    if ob.shape == "circle":
        p = geo.progress(ob.x, ob.y)
        return p - ob.radius, p + ob.radius
    ps = [geo.progress(x, y) for x, y in ob.polygon()]
    return min(ps), max(ps)


def _check_passage(course: Course, geo: _Geo, budget: _Budget, overlaps: set[tuple[int, int]],
                   problems: list[Problem]) -> None:
    """Large obstacles (with the edges) closing the track: a chain of them from the left
    edge to the right edge with no gap a racer's base fits through."""
    gap, _ = base_size(course)
    large = [i for i, ob in enumerate(course.obstacles) if ob.size == "large"]
    if not large:
        return
    obs = course.obstacles
    parent = {i: i for i in large}

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    boxes = [_ob_box(obs[i], gap / 2) for i in large]
    tree = BoxTree(boxes)
    for a in range(len(large)):
        for b in tree.query(*boxes[a]):
            if b >= a:
                break
            oa, ob = obs[large[a]], obs[large[b]]
            dist = _ob_dist(oa, ob, gap, (large[b], large[a]) in overlaps, budget)
            if dist is None:
                problems.append(Problem("error", "obstacles", "too many large obstacles crowded together to check "
                                                              "the way past them"))
                return
            if dist < gap:
                parent[find(large[a])] = find(large[b])
    touches: dict[int, set[str]] = {}
    for i in large:
        ob = obs[i]
        if course.ruleset == "doomwheel" and any(
            math.hypot(ob.x - c.x, ob.y - c.y) < ob.bounding_radius() + c.radius + gap for c in course.crossings
        ):
            continue  # at a crossing the edges of the other road are no barrier
        box = _ob_box(ob, gap)
        for side, tree_s, segs in (("left", geo.left_tree, geo.left_segs), ("right", geo.right_tree, geo.right_segs)):
            for k in tree_s.query(*box):
                if _ob_seg_dist(ob, *segs[k]) < gap:
                    touches.setdefault(find(i), set()).add(side)
                    break
    groups: dict[int, list[int]] = {}
    for i in large:
        groups.setdefault(find(i), []).append(i)
    for root, members in sorted(groups.items(), key=lambda kv: min(kv[1])):
        if touches.get(root, set()) != {"left", "right"}:
            continue
        spans = [_ob_progress_span(geo, obs[i]) for i in members]
        lo, hi = min(s[0] for s in spans), max(s[1] for s in spans)
        if course.laps is None and (hi <= course.start_progress or lo >= course.finish_progress):
            continue
        names = ", ".join(repr(obs[i].id) for i in sorted(members)[:8]) + (", ..." if len(members) > 8 else "")
        what = "large obstacle" if len(members) == 1 else "large obstacles"
        problems.append(
            Problem("error", f"obstacles[{min(members)}]",
                    f"the {what} {names} close{'s' if len(members) == 1 else ''} the track "
                    f"{(lo + hi) / 2:.1f}\" along the centre line: no gap of {gap:g}\" (a racer's base) "
                    "between them and the edges, so the finish cannot be reached")
        )


def _check_narrow(course: Course, geo: _Geo, problems: list[Problem]) -> None:
    """The edges closer together than a base is wide (between the start and finish)."""
    gap, _ = base_size(course)
    worst: tuple[float, Point] | None = None
    work = SEGMENT_PAIR_LIMIT
    for a, b in geo.left_segs:
        near = geo.right_tree.query(*_seg_box(a, b, gap))
        work -= len(near)
        if work < 0:
            break  # a tangle: _check_crossings says so
        for k in near:
            c, d = geo.right_segs[k]
            dist = _dist_segment_segment(a, b, c, d)
            if dist <= 0.0 or dist >= gap or (worst is not None and dist >= worst[0]):
                continue  # (touching edges are reported as crossing)
            mx, my = (a[0] + b[0] + c[0] + d[0]) / 4, (a[1] + b[1] + c[1] + d[1]) / 4
            if course.ruleset == "doomwheel" and any(cr.covers(mx, my, gap) for cr in course.crossings):
                continue
            if course.laps is None:
                s = geo.progress(mx, my)
                if s <= course.start_progress or s >= course.finish_progress:
                    continue
            if worst is None or dist < worst[0]:
                worst = (dist, (mx, my))
    if worst is not None:
        problems.append(
            Problem("error", _edge_field(course, "left"),
                    f"the course is only {worst[0]:.2f}\" wide near ({worst[1][0]:.2f}, {worst[1][1]:.2f}), "
                    f"narrower than a racer's base ({gap:g}\"): no racer can pass")
        )


# --------------------------------------------------------------------------- checkpoints and crossings


def _rel(course: Course, s: float) -> float:
    """Arc from the start line to `s` in race direction (around the loop on a circuit)."""
    r = s - course.start_progress
    if course.laps is not None:
        r %= course.length
    return r


def _check_checkpoints(course: Course, geo: _Geo, problems: list[Problem]) -> list[float]:
    """Each checkpoint spans the course, lies between start and finish, after the one
    before, and outside the crossings. Returns their progress."""
    arcs: list[float] = []
    last = 0.0
    race = course.length if course.laps is not None else course.finish_progress - course.start_progress
    for i, (a, b) in enumerate(course.checkpoints):
        key = f"checkpoints[{i}]"
        _check_line_spans(course, geo, key, f"checkpoint {i}", (a, b), problems)
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        s = geo.progress(mx, my)
        arcs.append(s)
        for j, c in enumerate(course.crossings):
            if c.covers(mx, my):
                problems.append(Problem("error", key, f"checkpoint {i} is inside crossings[{j}], where the two passes "
                                                      "overlap: put it where the track does not cross itself"))
        r = _rel(course, s)
        if not (1e-6 < r < race - 1e-6):
            where = "start and finish lines" if course.laps is None else "start line and itself one lap later"
            problems.append(Problem("error", key, f"checkpoint {i} is not between the {where} ({s:.1f}\" along the "
                                                  f"centre line; the start line is at {course.start_progress:.1f}\")"))
        elif r <= last + 1e-6:
            problems.append(Problem("error", key, f"out of order: checkpoint {i} is {r:.1f}\" after the start line "
                                                  f"along the centre line, not after checkpoint {i - 1} ({last:.1f}\")"))
        else:
            last = r
    return arcs


def _check_declared_crossings(course: Course, arcs: list[float], errors: list[Problem],
                              warnings: list[Problem]) -> None:
    if course.ruleset != "doomwheel":
        for i, _ in enumerate(course.crossings):
            errors.append(Problem("error", f"crossings[{i}]", "a Wild Race course may not cross itself (its rules "
                                                               "need a course that does not); crossings are for "
                                                               "Doomwheel tracks"))
        return
    found = centre_crossings(course)
    uncovered = [p for p, _, _ in found if not any(c.covers(p[0], p[1]) for c in course.crossings)]
    for (x, y) in uncovered[:MAX_REPORTED]:
        errors.append(Problem("error", "centre", f"the centre line crosses itself near ({x:.2f}, {y:.2f}) outside "
                                                 "any declared crossing: declare one there (crossings)"))
    markers = [course.start_progress] + arcs
    if course.laps is None:
        markers.append(course.finish_progress)
    for i, c in enumerate(course.crossings):
        inside = [(s1, s2) for p, s1, s2 in found if c.covers(p[0], p[1])]
        key = f"crossings[{i}]"
        if not inside:
            warnings.append(Problem("warning", key, "the centre line does not cross itself here"))
            continue
        if len(inside) > 1:
            warnings.append(Problem("warning", key, f"the centre line crosses itself {len(inside)} times here "
                                                    "(a crossing is one road over another)"))
            continue
        s1, s2 = inside[0]
        if not any(s1 < m < s2 for m in markers):
            errors.append(Problem("error", "checkpoints",
                                  f"no checkpoint on the loop from {s1:.1f}\" to {s2:.1f}\" along the centre line "
                                  f"(between the two passes through {key}): a racer could turn at the crossing "
                                  "and skip that loop"))
        if course.laps is not None and not any(m < s1 or m > s2 for m in markers):
            errors.append(Problem("error", "checkpoints",
                                  f"no checkpoint on the loop from {s2:.1f}\" round to {s1:.1f}\" along the centre "
                                  f"line (between the two passes through {key}): a racer could turn at the "
                                  "crossing and skip that loop"))


# --------------------------------------------------------------------------- the check


def _opening_obstacle(course: Course, geo: _Geo, ob: ObstacleSpec, opening_end: float) -> bool:
    """Whether some point of the obstacle is nearest a centre-line point before
    `opening_end` (as min over its outline of Course.progress < opening_end)."""
    if ob.shape == "circle":
        return geo.progress(ob.x, ob.y) - ob.radius < opening_end
    p0 = geo.progress(ob.x, ob.y)
    px, py = geo.course.point_at(p0)
    reach = math.hypot(px - ob.x, py - ob.y) + 2 * ob.bounding_radius() + 1e-6
    cum = course._cum
    near = geo.centre_tree.query(ob.x - reach, ob.y - reach, ob.x + reach, ob.y + reach)
    if not any(cum[i] < opening_end for i in near):
        return False
    return min(geo.progress(x, y) for x, y in ob.polygon()) < opening_end


def check_course(course: Course, racers: int | None = None) -> list[Problem]:
    """Problems with a course: errors (broken geometry) first, then warnings (set-up
    guidance). `racers` (default: 12 for the Wild Race, 4 wheels for the Doomwheel) is
    capped by the course's max_racers."""
    errors: list[Problem] = []
    warnings: list[Problem] = []
    dw = course.ruleset == "doomwheel"
    if racers is None:
        racers = DOOMWHEEL_MAX_WHEELS if dw else MAX_RACERS
    if course.max_racers is not None:
        racers = min(racers, course.max_racers)
    geo = _Geo(course)
    budget = _Budget(PAIR_WORK_LIMIT)

    # -- errors
    area = _signed_area(course.outline())
    if area > 0.0:
        errors.append(
            Problem(
                "error",
                "edges",
                "the left and right edges are swapped (left is on the left looking toward the finish)",
            )
        )
    _check_crossings(course, errors)
    outside = [i for i in range(1, len(course.centre) - 1) if not geo.contains(*course.centre[i])]
    for i in outside[:MAX_REPORTED]:
        errors.append(Problem("error", f"centre[{i}]", "the centre line leaves the course here"))
    if len(outside) > MAX_REPORTED:
        errors.append(Problem("error", "centre", f"... and {len(outside) - MAX_REPORTED} more points where the "
                                                 "centre line leaves the course"))
    _check_line_spans(course, geo, "start", "the start line", course.start, errors)
    if course.laps is None:
        _check_line_spans(course, geo, "finish", "the finish line", course.finish, errors)
        if course.finish_progress <= course.start_progress:
            errors.append(
                Problem("error", "finish", "the finish line is not after the start line along the centre line")
            )
    overlaps = _check_obstacles(course, geo, budget, errors)
    arcs = _check_checkpoints(course, geo, errors)
    _check_declared_crossings(course, arcs, errors, warnings)
    _check_narrow(course, geo, errors)
    if overlaps is not None:
        _check_passage(course, geo, budget, overlaps, errors)
    for i, cr in enumerate(course.critters):
        if not geo.contains(cr.x, cr.y):
            errors.append(Problem("error", f"critters[{i}]", f"the {cr.kind} at ({cr.x:g}, {cr.y:g}) is not on "
                                                             "the track"))

    # -- warnings (set-up guidance)
    if dw:
        _doomwheel_warnings(course, geo, racers, warnings)
    else:
        _wild_race_warnings(course, geo, racers, warnings)
    return errors + warnings


def _wild_race_warnings(course: Course, geo: _Geo, racers: int, warnings: list[Problem]) -> None:
    """Set-up guidance of the Wild Race rules, §1."""
    race = course.finish_progress - course.start_progress
    if race < MIN_LENGTH:
        warnings.append(
            Problem("warning", "centre", f"the course is {race:.1f}\" from start to finish (at least {MIN_LENGTH:g}\")")
        )
    sp = course.start_progress
    opening_end = sp + MIN_OPENING
    for i in range(1, len(course.centre) - 1):
        s = course._cum[i]
        if sp - 1e-9 <= s < opening_end:
            turn = _turn_degrees(course.centre[i - 1], course.centre[i], course.centre[i + 1])
            if turn > BEND_TOLERANCE_DEG:
                warnings.append(
                    Problem(
                        "warning",
                        f"centre[{i}]",
                        f"a {turn:.0f} degree bend {s - sp:.1f}\" after the start line "
                        f"(the opening straight should be {MIN_OPENING:g}\")",
                    )
                )
    for i, ob in enumerate(course.obstacles):
        if _opening_obstacle(course, geo, ob, opening_end):
            warnings.append(
                Problem(
                    "warning",
                    f"obstacles[{i}]",
                    f"obstacle {ob.id!r} is within the opening straight ({MIN_OPENING:g}\" after the start line)",
                )
            )
    need = start_width_needed(racers)
    _, _, _, span = _start_frame(course)
    if span < need - 1e-9:
        warnings.append(
            Problem(
                "warning",
                "start",
                f"the start is {span:.2f}\" wide; {racers} racers side by side need {need:.2f}\"",
            )
        )
    else:
        narrowest = min(
            course.width_at(min(sp + k, course.length)) for k in range(int(MIN_OPENING) + 1)
        )
        if narrowest < need - 1e-6:
            warnings.append(
                Problem(
                    "warning",
                    _edge_field(course, "left"),
                    f"the course narrows to {narrowest:.2f}\" in the opening straight; "
                    f"{racers} racers side by side need {need:.2f}\"",
                )
            )
        try:
            start_slots(course, racers)
        except ValueError as exc:
            warnings.append(Problem("warning", "start", f"racers cannot be placed: {exc}"))


def _doomwheel_warnings(course: Course, geo: _Geo, wheels: int, warnings: list[Problem]) -> None:
    """Set-up guidance for a Doomwheel track (rules §1-2)."""
    if course.laps is None:
        warnings.append(Problem("warning", "laps", "not set: the Doomwheel race is run in laps round a circuit "
                                                   "(give laps, and a centre line that ends where it starts)"))
    try:
        start_slots(course, wheels, DOOMWHEEL_BASE_WIDTH, DOOMWHEEL_BASE_LENGTH, gap=DOOMWHEEL_START_GAP,
                    margin=DOOMWHEEL_EDGE_MARGIN)
    except ValueError as exc:
        warnings.append(Problem("warning", "start", f"{wheels} wheels cannot be placed side by side: {exc}"))
    for i, fan in enumerate(course.fans):
        if geo.contains(fan.x, fan.y):
            warnings.append(Problem("warning", f"fans[{i}]", f"the fans at ({fan.x:g}, {fan.y:g}) stand on the track "
                                                             "(they watch from beside it)"))
