"""The checks for broken course geometry: edges that cross or fold back, lines that
do not span the course, obstacles outside it, duplicated or overlapping. Where the
track may cross itself and whose obstacles may carry markings comes from the course's
ruleset profile (``game.levels.profile``).
"""

from __future__ import annotations

import math

from game.levels.boxtree import Box, BoxTree, _seg_box
from game.levels.course_geo import MAX_OVERLAPS, MAX_REPORTED, SEGMENT_PAIR_LIMIT, _Edges, _Geo
from game.levels.course_model import SPAN_TOLERANCE, Course
from game.levels.level import Problem
from game.levels.pieces import ObstacleSpec, _obstacles_overlap
from game.levels.plane import (
    _EPS,
    Point,
    Segment,
    _dist2_point_segment,
    _intersection_point,
    _segments_cross,
    _segments_touch,
    _turn_degrees,
)
from game.levels.profile import course_profile, only


def _covered(course: Course, x: float, y: float) -> bool:
    """Inside a declared crossing of a track whose ruleset lets it cross itself there."""
    return course_profile(course.ruleset).crossings and any(c.covers(x, y) for c in course.crossings)


def _check_crossings(course: Course, problems: list[Problem], limit: int = MAX_REPORTED) -> None:
    edges = _Edges(course)
    segs = edges.segs
    tree = BoxTree([_seg_box(a, b, _EPS) for a, b in segs])
    dw = course_profile(course.ruleset).crossings
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
    marks = course_profile(course.ruleset).marks_obstacles
    for i, ob in enumerate(obs):
        key = f"obstacles[{i}]"
        if ob.id in ids:
            problems.append(Problem("error", f"{key}.id", f"duplicate obstacle id {ob.id!r}"))
        ids.setdefault(ob.id, i)
        if not marks and ob.doomwheel_marked():
            field = f"{key}.cover" if ob.cover != "none" else f"{key}.blocks_sight"
            who = only(lambda p: p.marks_obstacles, named=False)
            problems.append(Problem("error", field, f"obstacle {ob.id!r}: only {who} marks cover or "
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
