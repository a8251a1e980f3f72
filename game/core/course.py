"""Courses: the level file format, its geometry queries, its checks and its one writer.

Owns CONTRACTS.md §5 (courses from the start) and the course part of the Wild Race
rules digest §1 (units, course, progress) and §4.2 (start line placement). A later
issue extends the format additively (bump ``format``, keep reading format 1).

File format (``docs/level-format.md`` is the reference)::

    {"format": 1, "kind": "course", "name": ..., "ruleset": "wild-race" | "doomwheel",
     "centre": [[x, y], ...],                       # start -> finish, >= 2 points
     "edges": {"left": [[x, y], ...], "right": [...]}  OR  "width": w,
     "start": [[x, y], [x, y]], "finish": [[x, y], [x, y]],   # optional
     "obstacles": [{"id", "size", "shape", "x", "y", ...}],     # optional
     "max_racers": 1-12, "description": "..."}                  # optional

Conventions: inches; headings in degrees counter-clockwise from +x; y points up;
"left" / "right" as seen looking toward the finish.

Geometry. ``Course`` is a frozen dataclass of tuples (shared between cloned game
states and picklable). The centre line is the measure of progress (rules §1): the arc
length of the nearest centre-line point. ``Course.progress(x, y, hint)`` searches only
the part of the centre line within ``hint +- window`` so hairpins and figure-eights
never jump; it is a plain loop over precomputed segments (a few µs with a hint).
The course is the closed polygon left edge -> closing segment beyond the finish ->
right edge (reversed) -> closing segment behind the start; ``barrier_segments()``
lists those segments.

Edges given by ``width`` are the centre line offset by width/2 each side, mitred at
bends. A default start (finish) line is the perpendicular across the course at the
first (last) centre point. The Course remembers which of these were given, so the one
writer (``course_to_json`` / ``save_course``, canonical JSON from
``game.core.jsonload``) reproduces the file byte for byte.

``check_course`` reports set-up guidance as warnings (rules §1: length, opening
straight, start width) and broken geometry as errors. ``start_slots`` seats racers
behind the start line (rules §4.2).
"""

from __future__ import annotations

import math
import os
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Final, Sequence

from game.core.errors import BadInput
from game.core.jsonload import Obj, Val, load_json_file, save_json_file
from game.core.polyline import SegRow, nearest_arc, nearest_arc_near

Point = tuple[float, float]
Segment = tuple[Point, Point]

FORMAT: Final[int] = 1
"""The course format this module writes (and the newest it reads)."""
RULESETS: Final[tuple[str, ...]] = ("wild-race", "doomwheel")
SIZES: Final[tuple[str, ...]] = ("small", "large")
SHAPES: Final[tuple[str, ...]] = ("rect", "circle", "polygon")

MAX_POINTS: Final[int] = 2000
"""Most points in one polyline (centre, an edge)."""
MAX_OBSTACLES: Final[int] = 200
MAX_POLYGON_POINTS: Final[int] = 64
MAX_OBSTACLE_SIZE: Final[float] = 100.0
MAX_WIDTH: Final[float] = 1000.0
MAX_RACERS: Final[int] = 12

BASE_WIDTH: Final[float] = 0.98
"""Default racer base, 25 x 50 mm (rules §1)."""
BASE_LENGTH: Final[float] = 1.97
START_GAP: Final[float] = 0.5
"""Least gap between racers on the start line (rules §4.2)."""
EDGE_MARGIN: Final[float] = 2.0
"""Least gap between the outer racers and the edges at the start (rules §1)."""
MIN_LENGTH: Final[float] = 60.0
MIN_OPENING: Final[float] = 20.0
BEND_TOLERANCE_DEG: Final[float] = 1.0
"""A centre-line vertex turning by more than this is a bend (opening straight check)."""
MAX_TURN_DEG: Final[float] = 170.0
"""Sharpest bend a width-drawn course may have (the mitre would explode beyond)."""
SPAN_TOLERANCE: Final[float] = 0.01
"""How close a start/finish end must come to its edge to count as reaching it."""

_EPS: Final[float] = 1e-9


def start_width_needed(racers: int, base_width: float = BASE_WIDTH) -> float:
    """Start-line width `racers` need side by side: bases, 0.5" gaps, 2" to each edge."""
    if racers <= 0:
        return 2 * EDGE_MARGIN
    return racers * base_width + (racers - 1) * START_GAP + 2 * EDGE_MARGIN


# --------------------------------------------------------------------------- obstacles


@dataclass(frozen=True)
class ObstacleSpec:
    """One obstacle as placed by the level: where, what shape, small or large.

    rect: ``length`` along ``rotation`` (degrees CCW from +x), ``width`` across it;
    circle: ``radius``; polygon: convex ``points`` relative to (x, y).
    """

    id: str
    size: str
    shape: str
    x: float
    y: float
    length: float = 0.0
    width: float = 0.0
    rotation: float = 0.0
    radius: float = 0.0
    points: tuple[Point, ...] = ()
    look: str = ""

    def polygon(self) -> tuple[Point, ...]:
        """World vertices (counter-clockwise for a rect; as given for a polygon); () for a circle."""
        if self.shape == "rect":
            r = math.radians(self.rotation)
            c, s = math.cos(r), math.sin(r)
            hl, hw = self.length / 2, self.width / 2
            corners = ((hl, -hw), (hl, hw), (-hl, hw), (-hl, -hw))
            return tuple((self.x + px * c - py * s, self.y + px * s + py * c) for px, py in corners)
        if self.shape == "polygon":
            return tuple((self.x + px, self.y + py) for px, py in self.points)
        return ()

    def outline(self, segments: int = 32) -> tuple[Point, ...]:
        """World outline; a circle is approximated by `segments` vertices on the circle."""
        if self.shape == "circle":
            return tuple(
                (
                    self.x + self.radius * math.cos(2 * math.pi * k / segments),
                    self.y + self.radius * math.sin(2 * math.pi * k / segments),
                )
                for k in range(segments)
            )
        return self.polygon()

    def bounding_radius(self) -> float:
        """Radius of a circle about (x, y) that holds the whole obstacle."""
        if self.shape == "circle":
            return self.radius
        return max(math.hypot(px - self.x, py - self.y) for px, py in self.polygon())


# --------------------------------------------------------------------------- geometry helpers


def _cross(ox: float, oy: float, ax: float, ay: float, bx: float, by: float) -> float:
    return (ax - ox) * (by - oy) - (ay - oy) * (bx - ox)


def _on_segment(px: float, py: float, a: Point, b: Point) -> bool:
    return (
        min(a[0], b[0]) - _EPS <= px <= max(a[0], b[0]) + _EPS
        and min(a[1], b[1]) - _EPS <= py <= max(a[1], b[1]) + _EPS
    )


def _segments_touch(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments ab and cd share any point (crossing, touching or overlapping)."""
    d1 = _cross(c[0], c[1], d[0], d[1], a[0], a[1])
    d2 = _cross(c[0], c[1], d[0], d[1], b[0], b[1])
    d3 = _cross(a[0], a[1], b[0], b[1], c[0], c[1])
    d4 = _cross(a[0], a[1], b[0], b[1], d[0], d[1])
    if ((d1 > _EPS and d2 < -_EPS) or (d1 < -_EPS and d2 > _EPS)) and (
        (d3 > _EPS and d4 < -_EPS) or (d3 < -_EPS and d4 > _EPS)
    ):
        return True
    if abs(d1) <= _EPS and _on_segment(a[0], a[1], c, d):
        return True
    if abs(d2) <= _EPS and _on_segment(b[0], b[1], c, d):
        return True
    if abs(d3) <= _EPS and _on_segment(c[0], c[1], a, b):
        return True
    if abs(d4) <= _EPS and _on_segment(d[0], d[1], a, b):
        return True
    return False


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether ab and cd cross properly (each strictly separates the other's ends)."""
    d1 = _cross(c[0], c[1], d[0], d[1], a[0], a[1])
    d2 = _cross(c[0], c[1], d[0], d[1], b[0], b[1])
    d3 = _cross(a[0], a[1], b[0], b[1], c[0], c[1])
    d4 = _cross(a[0], a[1], b[0], b[1], d[0], d[1])
    return ((d1 > _EPS and d2 < -_EPS) or (d1 < -_EPS and d2 > _EPS)) and (
        (d3 > _EPS and d4 < -_EPS) or (d3 < -_EPS and d4 > _EPS)
    )


def _intersection_point(a: Point, b: Point, c: Point, d: Point) -> Point:
    """Where lines ab and cd meet (a's end point when they are parallel)."""
    rx, ry = b[0] - a[0], b[1] - a[1]
    sx, sy = d[0] - c[0], d[1] - c[1]
    den = rx * sy - ry * sx
    if abs(den) < 1e-15:
        return a
    t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / den
    return (a[0] + t * rx, a[1] + t * ry)


def _dist2_point_segment(px: float, py: float, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    l2 = dx * dx + dy * dy
    t = 0.0 if l2 == 0.0 else ((px - a[0]) * dx + (py - a[1]) * dy) / l2
    if t < 0.0:
        t = 0.0
    elif t > 1.0:
        t = 1.0
    ex, ey = a[0] + t * dx - px, a[1] + t * dy - py
    return ex * ex + ey * ey


def _dist_segment_segment(a: Point, b: Point, c: Point, d: Point) -> float:
    if _segments_touch(a, b, c, d):
        return 0.0
    return math.sqrt(
        min(
            _dist2_point_segment(a[0], a[1], c, d),
            _dist2_point_segment(b[0], b[1], c, d),
            _dist2_point_segment(c[0], c[1], a, b),
            _dist2_point_segment(d[0], d[1], a, b),
        )
    )


def _dist_segment_polyline(a: Point, b: Point, pts: Sequence[Point]) -> float:
    return min(_dist_segment_segment(a, b, pts[i], pts[i + 1]) for i in range(len(pts) - 1))


def _point_in_polygon(x: float, y: float, poly: Sequence[Point]) -> bool:
    """Even-odd rule; points exactly on the boundary may go either way."""
    inside = False
    n = len(poly)
    jx, jy = poly[n - 1]
    for i in range(n):
        ix, iy = poly[i]
        if (iy > y) != (jy > y):
            xc = ix + (y - iy) * (jx - ix) / (jy - iy)
            if x < xc:
                inside = not inside
        jx, jy = ix, iy
    return inside


def _signed_area(poly: Sequence[Point]) -> float:
    n = len(poly)
    total = 0.0
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        total += x1 * y2 - x2 * y1
    return total / 2


def _is_convex(poly: Sequence[Point]) -> bool:
    """Strictly convex, simple polygon (all turns one way, winding once)."""
    n = len(poly)
    if n < 3:
        return False
    sign = 0.0
    turning = 0.0
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        cx, cy = poly[(i + 2) % n]
        ux, uy = bx - ax, by - ay
        vx, vy = cx - bx, cy - by
        if ux == 0.0 and uy == 0.0:
            return False
        cr = ux * vy - uy * vx
        if abs(cr) <= 1e-12:
            return False
        if sign == 0.0:
            sign = cr
        elif (cr > 0) != (sign > 0):
            return False
        turning += math.atan2(cr, ux * vx + uy * vy)
    return abs(abs(turning) - 2 * math.pi) < 1e-6


def _poly_axes(poly: Sequence[Point]) -> list[Point]:
    axes: list[Point] = []
    n = len(poly)
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        axes.append((ay - by, bx - ax))
    return axes


def _project(poly: Sequence[Point], ax: float, ay: float) -> tuple[float, float]:
    vals = [px * ax + py * ay for px, py in poly]
    return min(vals), max(vals)


def _convex_overlap(p: Sequence[Point], q: Sequence[Point]) -> bool:
    """Whether two convex polygons overlap with positive area (touching is not overlap)."""
    for ax, ay in _poly_axes(p) + _poly_axes(q):
        norm = math.hypot(ax, ay)
        if norm == 0.0:
            continue
        ax, ay = ax / norm, ay / norm
        p0, p1 = _project(p, ax, ay)
        q0, q1 = _project(q, ax, ay)
        if p1 <= q0 + _EPS or q1 <= p0 + _EPS:
            return False
    return True


def _circle_poly_overlap(cx: float, cy: float, r: float, poly: Sequence[Point]) -> bool:
    if _point_in_polygon(cx, cy, poly):
        return True
    n = len(poly)
    d2 = min(_dist2_point_segment(cx, cy, poly[i], poly[(i + 1) % n]) for i in range(n))
    return d2 < (r - _EPS) ** 2 if r > _EPS else False


def _obstacles_overlap(a: ObstacleSpec, b: ObstacleSpec) -> bool:
    if math.hypot(a.x - b.x, a.y - b.y) >= a.bounding_radius() + b.bounding_radius():
        return False
    if a.shape == "circle" and b.shape == "circle":
        return math.hypot(a.x - b.x, a.y - b.y) < a.radius + b.radius - _EPS
    if a.shape == "circle":
        return _circle_poly_overlap(a.x, a.y, a.radius, b.polygon())
    if b.shape == "circle":
        return _circle_poly_overlap(b.x, b.y, b.radius, a.polygon())
    return _convex_overlap(a.polygon(), b.polygon())


def _turn_degrees(a: Point, b: Point, c: Point) -> float:
    """Unsigned turning angle at b of the polyline a-b-c, in degrees."""
    ux, uy = b[0] - a[0], b[1] - a[1]
    vx, vy = c[0] - b[0], c[1] - b[1]
    return abs(math.degrees(math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)))


def _unit_normals(pts: Sequence[Point]) -> list[Point]:
    """Left unit normal of each segment of a polyline."""
    out: list[Point] = []
    for i in range(len(pts) - 1):
        dx, dy = pts[i + 1][0] - pts[i][0], pts[i + 1][1] - pts[i][1]
        ln = math.hypot(dx, dy)
        out.append((-dy / ln, dx / ln))
    return out


def offset_polyline(pts: Sequence[Point], distance: float) -> tuple[Point, ...]:
    """The polyline offset by `distance` to its left (negative: right), mitred at bends.

    Raises ValueError(index) at a bend turning by more than MAX_TURN_DEG.
    """
    normals = _unit_normals(pts)
    limit = 1.0 + math.cos(math.radians(MAX_TURN_DEG))
    out: list[Point] = [(pts[0][0] + normals[0][0] * distance, pts[0][1] + normals[0][1] * distance)]
    for i in range(1, len(pts) - 1):
        n1x, n1y = normals[i - 1]
        n2x, n2y = normals[i]
        den = 1.0 + n1x * n2x + n1y * n2y
        if den < limit:
            raise ValueError(i)
        k = distance / den
        out.append((pts[i][0] + (n1x + n2x) * k, pts[i][1] + (n1y + n2y) * k))
    nx, ny = normals[-1]
    out.append((pts[-1][0] + nx * distance, pts[-1][1] + ny * distance))
    return tuple(out)


def _ray_hit(px: float, py: float, dx: float, dy: float, pts: Sequence[Point]) -> float | None:
    """Smallest t >= 0 with p + t*d on the polyline `pts` (d need not be unit), or None."""
    best: float | None = None
    for i in range(len(pts) - 1):
        ax, ay = pts[i]
        bx, by = pts[i + 1]
        sx, sy = bx - ax, by - ay
        den = dx * sy - dy * sx
        if abs(den) < 1e-15:
            continue
        wx, wy = ax - px, ay - py
        t = (wx * sy - wy * sx) / den
        u = (wx * dy - wy * dx) / den
        if t >= -1e-9 and -1e-9 <= u <= 1.0 + 1e-9:
            tt = max(t, 0.0)
            if best is None or tt < best:
                best = tt
    return best


def _check_polyline(o: Obj | None, key: str, pts: Sequence[Point], source: str) -> None:
    """Refuse a polyline with a repeated consecutive point (a zero-length segment)."""
    for i in range(1, len(pts)):
        if pts[i] == pts[i - 1]:
            path = f"{o.field(key) if o is not None else key}[{i}]"
            raise BadInput(source, path, "repeats the previous point")


# --------------------------------------------------------------------------- the course


_SegRow = SegRow


@dataclass(frozen=True)
class Course:
    """A course: centre line, edges, start and finish lines, obstacles (immutable).

    Build one with ``Course.build`` (computes edges from a width and default start /
    finish lines) or load one with ``load_course`` / ``course_from_json``.
    ``width`` is set when the edges were drawn by width; ``start_given`` /
    ``finish_given`` say whether those lines were given or are the defaults, so the
    writer reproduces the file.
    """

    name: str
    centre: tuple[Point, ...]
    left: tuple[Point, ...]
    right: tuple[Point, ...]
    start: Segment
    finish: Segment
    obstacles: tuple[ObstacleSpec, ...] = ()
    ruleset: str = "wild-race"
    width: float | None = None
    start_given: bool = True
    finish_given: bool = True
    max_racers: int | None = None
    description: str = ""
    # precomputed (not part of equality or the file)
    _segs: tuple[_SegRow, ...] = field(init=False, repr=False, compare=False)
    _cum: tuple[float, ...] = field(init=False, repr=False, compare=False)
    _length: float = field(init=False, repr=False, compare=False)
    _outline: tuple[Point, ...] = field(init=False, repr=False, compare=False)
    _barriers: tuple[Segment, ...] = field(init=False, repr=False, compare=False)
    _bbox: tuple[float, float, float, float] = field(init=False, repr=False, compare=False)
    _start_progress: float = field(init=False, repr=False, compare=False)
    _finish_progress: float = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.centre) < 2:
            raise ValueError("a course centre line needs at least 2 points")
        if len(self.left) < 2 or len(self.right) < 2:
            raise ValueError("each course edge needs at least 2 points")
        segs: list[_SegRow] = []
        cum: list[float] = [0.0]
        s = 0.0
        for i in range(len(self.centre) - 1):
            ax, ay = self.centre[i]
            bx, by = self.centre[i + 1]
            dx, dy = bx - ax, by - ay
            ln = math.hypot(dx, dy)
            if ln <= 1e-6:
                raise ValueError(f"centre line point {i + 1} repeats the previous point")
            segs.append((ax, ay, dx, dy, ln, s, 1.0 / (ln * ln)))
            s += ln
            cum.append(s)
        object.__setattr__(self, "_segs", tuple(segs))
        object.__setattr__(self, "_cum", tuple(cum))
        object.__setattr__(self, "_length", s)
        outline = tuple(self.left) + tuple(reversed(self.right))
        object.__setattr__(self, "_outline", outline)
        barriers: list[Segment] = []
        for pts in (self.left, self.right):
            for i in range(len(pts) - 1):
                barriers.append((pts[i], pts[i + 1]))
        barriers.append((self.left[0], self.right[0]))
        barriers.append((self.left[-1], self.right[-1]))
        object.__setattr__(self, "_barriers", tuple(barriers))
        xs = [p[0] for p in outline]
        ys = [p[1] for p in outline]
        object.__setattr__(self, "_bbox", (min(xs), min(ys), max(xs), max(ys)))
        (a, b) = self.start
        object.__setattr__(self, "_start_progress", self.progress((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
        (a, b) = self.finish
        object.__setattr__(self, "_finish_progress", self.progress((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))

    # -- construction
    @classmethod
    def build(
        cls,
        name: str,
        centre: Sequence[Point],
        *,
        width: float | None = None,
        left: Sequence[Point] | None = None,
        right: Sequence[Point] | None = None,
        start: Segment | None = None,
        finish: Segment | None = None,
        obstacles: Sequence[ObstacleSpec] = (),
        ruleset: str = "wild-race",
        max_racers: int | None = None,
        description: str = "",
        source: str = "<course>",
    ) -> Course:
        """Make a course from a centre line and either `width` or `left` + `right` edges.

        Missing start / finish lines become the perpendicular across the course at the
        first / last centre point. Geometry that cannot be built raises
        BadInput(source, field, reason).
        """
        cpts = tuple((float(x), float(y)) for x, y in centre)
        if len(cpts) < 2:
            raise BadInput(source, "centre", "needs at least 2 points")
        _check_polyline(None, "centre", cpts, source)
        if width is not None:
            if left is not None or right is not None:
                raise BadInput(source, "width", "give either edges or width, not both")
            if not (math.isfinite(width) and width > 0):
                raise BadInput(source, "width", "must be a positive number")
            try:
                lpts = offset_polyline(cpts, width / 2)
                rpts = offset_polyline(cpts, -width / 2)
            except ValueError as exc:
                raise BadInput(
                    source,
                    f"centre[{exc.args[0]}]",
                    f"the centre line turns by more than {MAX_TURN_DEG:g} degrees here; "
                    "edges cannot be drawn by width (give edges instead)",
                ) from None
        else:
            if left is None or right is None:
                raise BadInput(source, "edges", "give edges {left, right} or width")
            lpts = tuple((float(x), float(y)) for x, y in left)
            rpts = tuple((float(x), float(y)) for x, y in right)
            for key, pts in (("edges.left", lpts), ("edges.right", rpts)):
                if len(pts) < 2:
                    raise BadInput(source, key, "needs at least 2 points")
                _check_polyline(None, key, pts, source)
        normals = _unit_normals(cpts)
        if start is None:
            start_seg = _default_line(cpts[0], normals[0], lpts, rpts, width is not None, 0, source, "start")
        else:
            start_seg = _as_segment(start)
        if finish is None:
            finish_seg = _default_line(cpts[-1], normals[-1], lpts, rpts, width is not None, -1, source, "finish")
        else:
            finish_seg = _as_segment(finish)
        return cls(
            name=name,
            centre=cpts,
            left=lpts,
            right=rpts,
            start=start_seg,
            finish=finish_seg,
            obstacles=tuple(obstacles),
            ruleset=ruleset,
            width=None if width is None else float(width),
            start_given=start is not None,
            finish_given=finish is not None,
            max_racers=max_racers,
            description=description,
        )

    # -- measures
    @property
    def length(self) -> float:
        """Arc length of the centre line."""
        return self._length

    @property
    def start_progress(self) -> float:
        """Progress of the start line's midpoint."""
        return self._start_progress

    @property
    def finish_progress(self) -> float:
        """Progress of the finish line's midpoint."""
        return self._finish_progress

    def barrier_segments(self) -> list[Segment]:
        """Left edge segments, right edge segments, then the closing segments
        left[0]-right[0] (behind the start) and left[-1]-right[-1] (beyond the finish)."""
        return list(self._barriers)

    def outline(self) -> list[Point]:
        """The course as a closed polygon (not repeating the first point): the left edge
        start -> finish, then the right edge finish -> start."""
        return list(self._outline)

    def contains(self, x: float, y: float) -> bool:
        """Whether (x, y) is inside the course polygon."""
        x0, y0, x1, y1 = self._bbox
        if x < x0 or x > x1 or y < y0 or y > y1:
            return False
        return _point_in_polygon(x, y, self._outline)

    def progress(self, x: float, y: float, hint: float | None = None, window: float = 12.0) -> float:
        """Arc length along the centre line of the centre-line point nearest (x, y).

        With `hint` (the last known progress), only the centre line within
        [hint - window, hint + window] is searched, so a hairpin or a crossing never
        makes progress jump; ties go to the point nearest the hint.
        """
        if hint is None:
            return nearest_arc(self._segs, x, y)
        return nearest_arc_near(self._segs, self._cum, self._length, x, y, hint, window)

    def _seg_index(self, s: float) -> int:
        i = bisect_right(self._cum, s) - 1
        n = len(self._segs)
        if i < 0:
            return 0
        if i >= n:
            return n - 1
        return i

    def point_at(self, s: float) -> Point:
        """The centre-line point at arc length `s` (clamped to [0, length])."""
        if s < 0.0:
            s = 0.0
        elif s > self._length:
            s = self._length
        ax, ay, dx, dy, ln, s0, _ = self._segs[self._seg_index(s)]
        t = (s - s0) / ln
        return (ax + t * dx, ay + t * dy)

    def tangent_at(self, s: float) -> Point:
        """Unit direction of the centre line at `s`, toward the finish (at a vertex:
        the segment that starts there)."""
        _, _, dx, dy, ln, _, _ = self._segs[self._seg_index(s)]
        return (dx / ln, dy / ln)

    def heading_at(self, s: float) -> float:
        """Direction of the centre line at `s` in degrees CCW from +x, in [0, 360)."""
        ux, uy = self.tangent_at(s)
        return math.degrees(math.atan2(uy, ux)) % 360.0

    def width_at(self, s: float) -> float:
        """Distance between the edges across the centre line at `s` (along its normal;
        where the normal misses an edge, the distance to the nearest edge point)."""
        px, py = self.point_at(s)
        ux, uy = self.tangent_at(s)
        nx, ny = -uy, ux
        tl = _ray_hit(px, py, nx, ny, self.left)
        tr = _ray_hit(px, py, -nx, -ny, self.right)
        if tl is None:
            tl = math.sqrt(
                min(_dist2_point_segment(px, py, self.left[i], self.left[i + 1]) for i in range(len(self.left) - 1))
            )
        if tr is None:
            tr = math.sqrt(
                min(_dist2_point_segment(px, py, self.right[i], self.right[i + 1]) for i in range(len(self.right) - 1))
            )
        return tl + tr


def _as_segment(seg: Segment) -> Segment:
    (ax, ay), (bx, by) = seg
    return ((float(ax), float(ay)), (float(bx), float(by)))


def _default_line(
    c: Point,
    normal: Point,
    left: Sequence[Point],
    right: Sequence[Point],
    by_width: bool,
    end: int,
    source: str,
    key: str,
) -> Segment:
    """The perpendicular across the course at centre point `c` (end 0 = first, -1 = last)."""
    if by_width:
        return (left[end], right[end])
    nx, ny = normal
    tl = _ray_hit(c[0], c[1], nx, ny, left)
    tr = _ray_hit(c[0], c[1], -nx, -ny, right)
    if tl is None or tr is None:
        side = "left" if tl is None else "right"
        raise BadInput(
            source,
            key,
            f"no default {key} line: the perpendicular at the {'first' if end == 0 else 'last'} centre point "
            f"does not meet the {side} edge; give {key} explicitly",
        )
    return ((c[0] + nx * tl, c[1] + ny * tl), (c[0] - nx * tr, c[1] - ny * tr))


# --------------------------------------------------------------------------- reading and writing


def _obstacle_from_json(o: Obj, index: int, ids: dict[str, int]) -> ObstacleSpec:
    oid = o.string("id", min_len=1, max_len=40)
    if oid in ids:
        o.fail("id", f"duplicate obstacle id {oid!r} (also used by obstacles[{ids[oid]}])")
    ids[oid] = index
    size = o.string("size", choices=SIZES)
    shape = o.string("shape", choices=SHAPES)
    x = o.coord("x")
    y = o.coord("y")
    look = o.string("look", min_len=1, max_len=40, default="")
    length = width = rotation = radius = 0.0
    points: tuple[Point, ...] = ()
    if shape == "rect":
        length = o.num("length", lo=0.01, hi=MAX_OBSTACLE_SIZE)
        width = o.num("width", lo=0.01, hi=MAX_OBSTACLE_SIZE)
        rotation = o.num("rotation", lo=-360.0, hi=360.0, default=0.0)
    elif shape == "circle":
        radius = o.num("radius", lo=0.01, hi=MAX_OBSTACLE_SIZE)
    else:
        points = o.points("points", min_len=3, max_len=MAX_POLYGON_POINTS)
        for i, (px, py) in enumerate(points):
            if abs(px) > MAX_OBSTACLE_SIZE or abs(py) > MAX_OBSTACLE_SIZE:
                o.fail(f"points[{i}]", f"too far from (x, y) (at most {MAX_OBSTACLE_SIZE:g} inches)")
        if not _is_convex(points):
            o.fail("points", "must be a convex polygon (no three points in a line, no dents, no crossing sides)")
    o.done()
    return ObstacleSpec(
        id=oid,
        size=size,
        shape=shape,
        x=x,
        y=y,
        length=length,
        width=width,
        rotation=rotation,
        radius=radius,
        points=points,
        look=look,
    )


def course_from_json(data: Any, source: str) -> Course:
    """Validate decoded JSON as a course; every problem raises BadInput naming the field."""
    o = Obj.root(data, source)
    o.format_version(FORMAT, what="course")
    o.const("kind", "course")
    name = o.string("name", min_len=1, max_len=80)
    ruleset = o.string("ruleset", choices=RULESETS)
    centre = o.points("centre", min_len=2, max_len=MAX_POINTS)
    _check_polyline(o, "centre", centre, source)
    has_edges = o.has("edges")
    has_width = o.has("width")
    width: float | None = None
    left: tuple[Point, ...] | None = None
    right: tuple[Point, ...] | None = None
    if has_edges and has_width:
        o.fail("width", "give either edges or width, not both")
    if has_edges:
        e = o.obj("edges")
        left = e.points("left", min_len=2, max_len=MAX_POINTS)
        _check_polyline(e, "left", left, source)
        right = e.points("right", min_len=2, max_len=MAX_POINTS)
        _check_polyline(e, "right", right, source)
        e.done()
    elif has_width:
        width = o.num("width", lo=0.1, hi=MAX_WIDTH)
    else:
        o.fail("edges", "missing required field: give edges {left, right} or width")
    start: Segment | None = o.segment("start", default=None)
    finish: Segment | None = o.segment("finish", default=None)
    obstacles: list[ObstacleSpec] = []
    ids: dict[str, int] = {}
    items: list[Val] = o.lst("obstacles", max_len=MAX_OBSTACLES, default=[])
    for i, item in enumerate(items):
        obstacles.append(_obstacle_from_json(item.obj(), i, ids))
    max_racers: int | None = o.integer("max_racers", lo=1, hi=MAX_RACERS, default=None)
    description: str = o.string("description", max_len=2000, default="")
    o.done()
    try:
        return Course.build(
            name,
            centre,
            width=width,
            left=left,
            right=right,
            start=start,
            finish=finish,
            obstacles=obstacles,
            ruleset=ruleset,
            max_racers=max_racers,
            description=description,
            source=source,
        )
    except (ValueError, ZeroDivisionError, OverflowError) as e:  # degenerate geometry
        raise BadInput(source, "centre", f"the course cannot be built: {e}") from None


def load_course(path: str | os.PathLike[str], *, source: str | None = None) -> Course:
    """Read, decode and validate a course file (BadInput on any problem)."""
    src = source if source is not None else os.fspath(path)
    return course_from_json(load_json_file(path, source=src), src)


def _pt(p: Point) -> list[float]:
    return [p[0], p[1]]


def obstacle_to_json(ob: ObstacleSpec) -> dict[str, Any]:
    """The file form of one obstacle."""
    d: dict[str, Any] = {"id": ob.id, "size": ob.size, "shape": ob.shape, "x": ob.x, "y": ob.y}
    if ob.shape == "rect":
        d["length"] = ob.length
        d["width"] = ob.width
        d["rotation"] = ob.rotation
    elif ob.shape == "circle":
        d["radius"] = ob.radius
    else:
        d["points"] = [_pt(p) for p in ob.points]
    if ob.look:
        d["look"] = ob.look
    return d


def course_to_json(course: Course) -> dict[str, Any]:
    """The file form of a course (format 1), for the canonical writer."""
    d: dict[str, Any] = {
        "format": FORMAT,
        "kind": "course",
        "name": course.name,
        "ruleset": course.ruleset,
        "centre": [_pt(p) for p in course.centre],
        "obstacles": [obstacle_to_json(ob) for ob in course.obstacles],
    }
    if course.width is not None:
        d["width"] = course.width
    else:
        d["edges"] = {"left": [_pt(p) for p in course.left], "right": [_pt(p) for p in course.right]}
    if course.start_given:
        d["start"] = [_pt(course.start[0]), _pt(course.start[1])]
    if course.finish_given:
        d["finish"] = [_pt(course.finish[0]), _pt(course.finish[1])]
    if course.max_racers is not None:
        d["max_racers"] = course.max_racers
    if course.description:
        d["description"] = course.description
    return d


def save_course(course: Course, path: str | os.PathLike[str]) -> None:
    """Write the course with the canonical writer, atomically."""
    save_json_file(path, course_to_json(course))


# --------------------------------------------------------------------------- checks


@dataclass(frozen=True)
class Problem:
    """One finding of check_course: severity "error" or "warning", field path, reason."""

    severity: str
    field: str
    reason: str

    def line(self, source: str = "") -> str:
        where = f"{source}: " if source else ""
        return f"{where}{self.severity}: {self.field}: {self.reason}"


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


def _check_crossings(course: Course, problems: list[Problem], limit: int = 10) -> None:
    ring = course.outline()
    m = len(ring)
    edges = [(ring[k], ring[(k + 1) % m]) for k in range(m)]
    boxes = [
        (min(a[0], b[0]) - _EPS, min(a[1], b[1]) - _EPS, max(a[0], b[0]) + _EPS, max(a[1], b[1]) + _EPS)
        for a, b in edges
    ]
    found = 0
    extra = 0
    for k in range(m):
        a, b = edges[k]
        # adjacent edge folding back onto this one
        c = edges[(k + 1) % m][1]
        if _turn_degrees(a, b, c) > 179.999:
            if found < limit:
                problems.append(
                    Problem(
                        "error",
                        _ring_edge_field(course, k),
                        f"{_ring_edge_name(course, k)} folds back onto {_ring_edge_name(course, (k + 1) % m)} "
                        f"at ({b[0]:.2f}, {b[1]:.2f}); the course may not cross itself",
                    )
                )
            found += 1
        bx0, by0, bx1, by1 = boxes[k]
        for j in range(k + 2, m):
            if k == 0 and j == m - 1:
                continue
            cx0, cy0, cx1, cy1 = boxes[j]
            if cx0 > bx1 or cx1 < bx0 or cy0 > by1 or cy1 < by0:
                continue
            c, d = edges[j]
            if _segments_touch(a, b, c, d):
                if found < limit:
                    px, py = _intersection_point(a, b, c, d)
                    problems.append(
                        Problem(
                            "error",
                            _ring_edge_field(course, k),
                            f"{_ring_edge_name(course, k)} meets {_ring_edge_name(course, j)} near "
                            f"({px:.2f}, {py:.2f}); the course may not cross itself",
                        )
                    )
                else:
                    extra += 1
                found += 1
    if extra:
        problems.append(Problem("error", "edges", f"... and {extra} more places where the edges cross"))


def _check_line_spans(course: Course, key: str, seg: Segment, problems: list[Problem]) -> None:
    a, b = seg
    gaps = []
    for side, pts in (("left", course.left), ("right", course.right)):
        gap = _dist_segment_polyline(a, b, pts)
        if gap > SPAN_TOLERANCE:
            gaps.append(f"misses the {side} edge by {gap:.2f}\"")
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    on_boundary = min(_dist2_point_segment(mx, my, c, d) for c, d in course._barriers) <= SPAN_TOLERANCE**2
    if not on_boundary and not course.contains(mx, my):
        gaps.append("its midpoint is outside the course")
    if gaps:
        problems.append(Problem("error", key, f"the {key} line does not span the course: {'; '.join(gaps)}"))


def _obstacle_outside(course: Course, ob: ObstacleSpec) -> bool:
    barriers = course._barriers
    if ob.shape == "circle":
        if not course.contains(ob.x, ob.y):
            return True
        r2 = (ob.radius - _EPS) ** 2
        return any(_dist2_point_segment(ob.x, ob.y, a, b) < r2 for a, b in barriers)
    poly = ob.polygon()
    for px, py in poly:
        if not course.contains(px, py) and min(_dist2_point_segment(px, py, a, b) for a, b in barriers) > 1e-12:
            return True
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        for a, b in barriers:
            if _segments_cross(p, q, a, b):
                return True
    return False


def _obstacle_min_progress(course: Course, ob: ObstacleSpec) -> float:
    if ob.shape == "circle":
        return course.progress(ob.x, ob.y) - ob.radius
    return min(course.progress(px, py) for px, py in ob.polygon())


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
    side_edges = course._barriers[:-2]
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
        closest = min(
            _dist_segment_segment(corners[p], corners[q], e0, e1)
            for p, q in ((0, 1), (1, 3), (3, 2), (2, 0))
            for e0, e1 in side_edges
        )
        if closest < margin - 1e-6:
            raise ValueError(
                f"racer {i + 1} would be {closest:.2f}\" from an edge behind the start line "
                f"(at least {margin:g}\" needed)"
            )
        slots.append((cx, cy, heading))
    return slots


def check_course(course: Course, racers: int = MAX_RACERS) -> list[Problem]:
    """Problems with a course: errors (broken geometry) first, then warnings (set-up
    guidance of rules §1). `racers` is capped by the course's max_racers."""
    errors: list[Problem] = []
    warnings: list[Problem] = []
    if course.max_racers is not None:
        racers = min(racers, course.max_racers)

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
    if course.ruleset == "wild-race":
        _check_crossings(course, errors)
    for i in range(1, len(course.centre) - 1):
        x, y = course.centre[i]
        if not course.contains(x, y):
            errors.append(Problem("error", f"centre[{i}]", "the centre line leaves the course here"))
    _check_line_spans(course, "start", course.start, errors)
    _check_line_spans(course, "finish", course.finish, errors)
    if course.finish_progress <= course.start_progress:
        errors.append(Problem("error", "finish", "the finish line is not after the start line along the centre line"))
    ids: dict[str, int] = {}
    for i, ob in enumerate(course.obstacles):
        key = f"obstacles[{i}]"
        if ob.id in ids:
            errors.append(Problem("error", f"{key}.id", f"duplicate obstacle id {ob.id!r}"))
        ids.setdefault(ob.id, i)
        if _obstacle_outside(course, ob):
            errors.append(Problem("error", key, f"obstacle {ob.id!r} is (partly) outside the course"))
        for j in range(i):
            other = course.obstacles[j]
            if _obstacles_overlap(ob, other):
                errors.append(Problem("error", key, f"obstacle {ob.id!r} overlaps obstacle {other.id!r}"))

    # -- warnings (set-up guidance)
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
        first = _obstacle_min_progress(course, ob)
        if first < opening_end:
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
    return errors + warnings
