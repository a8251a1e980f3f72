"""The checks of the way through a course: large obstacles (with the edges) that close
the track, and edges closer together than a base is wide. The base is the one the
course's ruleset profile gives.
"""

from __future__ import annotations

import math

from game.levels.boxtree import BoxTree, _box_dist2, _seg_box
from game.levels.course_errors import _Budget, _ob_box
from game.levels.course_geo import SEGMENT_PAIR_LIMIT, _edge_field, _Geo
from game.levels.course_model import Course
from game.levels.level import Problem
from game.levels.pieces import ObstacleSpec
from game.levels.plane import Point, _dist2_point_segment, _dist_segment_segment, _point_in_polygon
from game.levels.profile import course_profile


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
    profile = course_profile(course.ruleset)
    gap, crosses = profile.base_width, profile.crossings
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
        if crosses and any(
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
    profile = course_profile(course.ruleset)
    gap, crosses = profile.base_width, profile.crossings
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
            if crosses and any(cr.covers(mx, my, gap) for cr in course.crossings):
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
