"""The start grid: bases seated side by side behind a course's start line (Wild Race
rules §4.2; the Doomwheel seats its wheels the same way with its own gaps).
"""

from __future__ import annotations

import math

from game.levels.course_model import BASE_LENGTH, BASE_WIDTH, EDGE_MARGIN, START_GAP, Course
from game.levels.plane import Point, _dist_segment_segment


def start_width_needed(racers: int, base_width: float = BASE_WIDTH) -> float:
    """Start-line width `racers` need side by side: bases, 0.5" gaps, 2" to each edge."""
    if racers <= 0:
        return 2 * EDGE_MARGIN
    return racers * base_width + (racers - 1) * START_GAP + 2 * EDGE_MARGIN


def _start_frame(course: Course) -> tuple[Point, Point, Point, float]:
    """(left end of the start line inside the course, unit vector along the line from
    left to right, unit vector toward the finish, usable width between the edges)."""
    (a, b) = course.start
    sp = course.start_progress
    tx, ty = course.tangent_at(sp)
    lx, ly = b[0] - a[0], b[1] - a[1]
    ln = math.hypot(lx, ly)
    ux, uy = lx / ln, ly / ln
    fx, fy = -uy, ux
    if fx * tx + fy * ty < 0.0:
        fx, fy = -fx, -fy
    # a must be the left end: left of forward f is (-fy, fx)
    if (a[0] - b[0]) * -fy + (a[1] - b[1]) * fx < 0.0:
        a, b = b, a
        ux, uy = -ux, -uy
    # clip the line to the course: the crossings with the barriers nearest the midpoint
    t_lo, t_hi = 0.0, 1.0
    bx, by = b[0] - a[0], b[1] - a[1]
    for c, d in course._barriers:
        sx, sy = d[0] - c[0], d[1] - c[1]
        den = bx * sy - by * sx
        if abs(den) < 1e-15:
            continue
        wx, wy = c[0] - a[0], c[1] - a[1]
        t = (wx * sy - wy * sx) / den
        u = (wx * by - wy * bx) / den
        if -1e-9 <= u <= 1.0 + 1e-9 and -1e-9 <= t <= 1.0 + 1e-9:
            if t <= 0.5 and t > t_lo:
                t_lo = t
            elif t > 0.5 and t < t_hi:
                t_hi = t
    left_end = (a[0] + bx * t_lo, a[1] + by * t_lo)
    return left_end, (ux, uy), (fx, fy), (t_hi - t_lo) * ln


def start_slots(
    course: Course,
    n: int,
    base_width: float = BASE_WIDTH,
    base_length: float = BASE_LENGTH,
    *,
    gap: float = START_GAP,
    margin: float = EDGE_MARGIN,
) -> list[tuple[float, float, float]]:
    """`n` racer positions (x, y, heading in degrees) side by side behind the start line.

    The front edge of each base touches the line; all face along the course
    (perpendicular to the start line, toward the finish); ordered from the left edge
    to the right edge; the spare width is shared evenly among the n - 1 gaps (each at
    least `gap`) and the two margins (each at least `margin` to the edge).
    Raises ValueError if they do not fit.
    """
    if n < 0:
        raise ValueError("the number of racers cannot be negative")
    if n == 0:
        return []
    left_end, (ux, uy), (fx, fy), span = _start_frame(course)
    need = n * base_width + (n - 1) * gap + 2 * margin
    if span < need - 1e-9:
        raise ValueError(
            f"{n} racers need {need:.2f}\" of start line ({base_width:g}\" bases, {gap:g}\" gaps, "
            f"{margin:g}\" to each edge); the course is {span:.2f}\" wide there"
        )
    extra = max(0.0, span - need) / (n + 1)
    heading = math.degrees(math.atan2(fy, fx)) % 360.0
    back = base_length / 2
    slots: list[tuple[float, float, float]] = []
    side_edges = course._sides
    for i in range(n):
        along = margin + extra + i * (base_width + gap + extra) + base_width / 2
        cx = left_end[0] + ux * along - fx * back
        cy = left_end[1] + uy * along - fy * back
        hw = base_width / 2
        corners = [
            (cx + fx * back * sf + ux * hw * su, cy + fy * back * sf + uy * hw * su)
            for sf in (1.0, -1.0)
            for su in (1.0, -1.0)
        ]
        for px, py in corners[2:]:  # the rear corners (the front ones are on the line)
            if not course.contains(px, py):
                raise ValueError(f"no room behind the start line for a {base_length:g}\" deep base (racer {i + 1})")
        # only edges whose boxes come within `margin` of the base can be too close
        bx0 = min(p[0] for p in corners) - margin
        bx1 = max(p[0] for p in corners) + margin
        by0 = min(p[1] for p in corners) - margin
        by1 = max(p[1] for p in corners) + margin
        near = [
            (e0, e1)
            for e0, e1 in side_edges
            if not (max(e0[0], e1[0]) < bx0 or min(e0[0], e1[0]) > bx1 or max(e0[1], e1[1]) < by0
                    or min(e0[1], e1[1]) > by1)
        ]
        closest = min(
            (
                _dist_segment_segment(corners[p], corners[q], e0, e1)
                for p, q in ((0, 1), (1, 3), (3, 2), (2, 0))
                for e0, e1 in near
            ),
            default=math.inf,
        )
        if closest < margin - 1e-6:
            raise ValueError(
                f"racer {i + 1} would be {closest:.2f}\" from an edge behind the start line "
                f"(at least {margin:g}\" needed)"
            )
        slots.append((cx, cy, heading))
    return slots
