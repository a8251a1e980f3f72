"""Courses: the level file format, its geometry queries, its loader and its one writer.

Owns CONTRACTS.md §5 (courses from the start) and the course part of the Wild Race
rules digest §1 (units, course, progress) and §4.2 (start line placement). Format 2
(issue 5) added fields additively; every format-1 file reads as before.

File format (``docs/level-format.md`` is the reference)::

    {"format": 1 | 2, "kind": "course", "name": ..., "ruleset": "wild-race" | "doomwheel",
     "centre": [[x, y], ...],                       # start -> finish, >= 2 points
     "edges": {"left": [[x, y], ...], "right": [...]}  OR  "width": w,
     "start": [[x, y], [x, y]], "finish": [[x, y], [x, y]],   # optional
     "obstacles": [{"id", "size", "shape", "x", "y", ...}],     # optional
     "max_racers": 1-12, "description": "...",                  # optional
     # format 2, all optional:
     "checkpoints": [[[x, y], [x, y]], ...],       # in race order
     "crossings": [{"x", "y", "radius"}],           # where the track crosses itself
     "decorations": [{"look", "x", "y", "rotation", "scale"}],
     "laps": n, "critters": [{"kind", "x", "y"}], "fans": [{"x", "y"}]}   # Doomwheel only

Conventions: inches; headings in degrees counter-clockwise from +x; y points up;
"left" / "right" as seen looking toward the finish.

Geometry. ``Course`` is a frozen dataclass of tuples (shared between cloned game
states and picklable). The centre line is the measure of progress (rules §1): the arc
length of the nearest centre-line point. ``Course.progress(x, y, hint)`` searches only
the part of the centre line within ``hint +- window`` so hairpins and figure-eights
never jump; it is a plain loop over precomputed segments (a few µs with a hint).
The course is the closed polygon left edge -> closing segment beyond the finish ->
right edge (reversed) -> closing segment behind the start; ``barrier_segments()``
lists those segments. A course with ``laps`` is a circuit: centre line and edges are
closed, the start line is the finish line and there are no closing segments.

Edges given by ``width`` are the centre line offset by width/2 each side, mitred at
bends. A default start (finish) line is the perpendicular across the course at the
first (last) centre point. The Course remembers which of these were given, so the one
writer (``course_to_json`` / ``save_course``, canonical JSON from
``game.core.jsonload``) reproduces the file byte for byte; it writes the lowest format
that holds the course (``course_format``), so format-1 files stay format 1.

Loading. ``read_course`` / ``read_course_file`` collect every loading problem (wrong
types, values out of range, unknown fields, a format-2 field in a format-1 file, a
Doomwheel field on a Wild Race course) as ``Problem`` errors with field paths;
``course_from_json`` / ``load_course`` raise ``CourseError`` (a BadInput naming the
first, carrying them all). ``check_course`` (``game.levels.course_check``) reports
broken geometry as errors and set-up guidance as warnings. ``start_slots`` seats
racers behind the start line (rules §4.2).
"""

from __future__ import annotations

import json
import math
import os
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Callable, Final, Sequence, TypeVar

from game.core.errors import BadInput
from game.core.jsonload import Obj, Val, describe, join_index, join_key, load_json_file, save_json_file
from game.core.polyline import SegRow, nearest_arc, nearest_arc_near

Point = tuple[float, float]
Segment = tuple[Point, Point]
T = TypeVar("T")

FORMAT: Final[int] = 2
"""The newest course format this module reads. The writer writes the lowest format
that holds the course (`course_format`): 1 unless a format-2 field is used."""
RULESETS: Final[tuple[str, ...]] = ("wild-race", "doomwheel")
SIZES: Final[tuple[str, ...]] = ("small", "large")
SHAPES: Final[tuple[str, ...]] = ("rect", "circle", "polygon")
COVERS: Final[tuple[str, ...]] = ("none", "soft", "hard")
"""An obstacle's Doomwheel cover marking (rules §8; format 2, Doomwheel only)."""
CRITTER_KINDS: Final[tuple[str, ...]] = ("fanatic", "slayer", "slave")
"""Doomwheel critters (rules §1): Fanatics, Dammaz-Drengi (dwarf slayers) and slaves."""

FIELDS_V1: Final[tuple[str, ...]] = (
    "format", "kind", "name", "ruleset", "centre", "width", "edges", "start", "finish", "obstacles",
    "max_racers", "description",
)
"""The top-level fields of format 1."""
FIELDS_V2: Final[tuple[str, ...]] = ("checkpoints", "laps", "crossings", "decorations", "critters", "fans")
"""The top-level fields format 2 added."""
DOOMWHEEL_FIELDS: Final[tuple[str, ...]] = ("laps", "critters", "fans")
"""Fields only a Doomwheel course may have (its ruleset layer and its laps)."""

MAX_POINTS: Final[int] = 2000
"""Most points in one polyline (centre, an edge)."""
MAX_OBSTACLES: Final[int] = 200
MAX_POLYGON_POINTS: Final[int] = 64
MAX_OBSTACLE_SIZE: Final[float] = 100.0
MAX_WIDTH: Final[float] = 1000.0
MAX_RACERS: Final[int] = 12
MAX_CHECKPOINTS: Final[int] = 100
MAX_CROSSINGS: Final[int] = 20
MAX_DECORATIONS: Final[int] = 500
MAX_CRITTERS: Final[int] = 100
MAX_FANS: Final[int] = 4
"""One fan position per team; the Doomwheel race has 2-4 wheels (rules §1)."""
MAX_LAPS: Final[int] = 99
MAX_CROSSING_RADIUS: Final[float] = 100.0
MIN_SCALE: Final[float] = 0.05
MAX_SCALE: Final[float] = 20.0

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
    cover: str = "none"
    """Doomwheel only (format 2): "soft" or "hard" cover to a target behind or against it."""
    blocks_sight: bool = False
    """Doomwheel only (format 2): the bolt thrower cannot see through it."""

    def doomwheel_marked(self) -> bool:
        """Whether it carries a Doomwheel marking (cover or blocks_sight): a format-2 field."""
        return self.cover != "none" or self.blocks_sight

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


@dataclass(frozen=True)
class Crossing:
    """A declared crossing (format 2): where a figure-eight track legitimately crosses
    itself. Inside the circle the two passes overlap: their edges are not barriers
    there (a wheel goes straight across the other road), and the checks allow the
    edges (and the centre line) to cross each other inside it."""

    x: float
    y: float
    radius: float

    def covers(self, x: float, y: float, slack: float = 0.0) -> bool:
        """Whether (x, y) is inside the circle (grown by `slack`)."""
        return (x - self.x) ** 2 + (y - self.y) ** 2 <= (self.radius + slack) ** 2


@dataclass(frozen=True)
class Decoration:
    """Scenery drawn on or beside the course with no effect on the rules (format 2):
    `look` names the picture, `rotation` in degrees counter-clockwise, `scale` 1 = its
    natural size."""

    look: str
    x: float
    y: float
    rotation: float = 0.0
    scale: float = 1.0


@dataclass(frozen=True)
class Critter:
    """A Doomwheel critter's place at the start of the race (format 2): `kind` is one of
    CRITTER_KINDS (fanatic, slayer, slave)."""

    kind: str
    x: float
    y: float


@dataclass(frozen=True)
class Fan:
    """Where one Doomwheel team's fans and bolt thrower stand (format 2); the list is in
    seat order (the first player's team first)."""

    x: float
    y: float


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


def offset_loop(pts: Sequence[Point], distance: float) -> tuple[Point, ...]:
    """The closed polyline `pts` (last point == first) offset like `offset_polyline`,
    mitred at the seam too, so the result is closed as well.

    Raises ValueError(index) at a bend turning by more than MAX_TURN_DEG (index 0 for
    the seam).
    """
    n = len(pts)
    ext = [pts[n - 2], *pts, pts[1]]
    try:
        out = list(offset_polyline(ext, distance))[1:-1]
    except ValueError as exc:
        i = exc.args[0] - 1
        raise ValueError(0 if i >= n - 1 else i) from None
    out[-1] = out[0]
    return tuple(out)


def _winding(x: float, y: float, poly: Sequence[Point]) -> int:
    """Winding number of the closed polygon `poly` about (x, y)."""
    wn = 0
    n = len(poly)
    ax, ay = poly[n - 1]
    for i in range(n):
        bx, by = poly[i]
        if ay <= y:
            if by > y and (bx - ax) * (y - ay) - (x - ax) * (by - ay) > 0.0:
                wn += 1
        elif by <= y and (bx - ax) * (y - ay) - (x - ax) * (by - ay) < 0.0:
            wn -= 1
        ax, ay = bx, by
    return wn


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

    Format 2 adds ordered ``checkpoints`` (segments across the course), ``laps``,
    declared ``crossings``, ``decorations`` and the Doomwheel layer (``critters``,
    ``fans``). A course with ``laps`` is a circuit: its centre line and edges end where
    they start, the start line is also the finish line, there is no closing barrier
    across the track, and ``finish_progress`` is one lap after ``start_progress``.
    A circuit, or a course with declared crossings, counts a point as on the course by
    the non-zero winding rule (where the two passes of a figure-eight overlap, the
    point is on both); other courses by the even-odd rule, as always.
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
    checkpoints: tuple[Segment, ...] = ()
    laps: int | None = None
    crossings: tuple[Crossing, ...] = ()
    decorations: tuple[Decoration, ...] = ()
    critters: tuple[Critter, ...] = ()
    fans: tuple[Fan, ...] = ()
    # precomputed (not part of equality or the file)
    _segs: tuple[_SegRow, ...] = field(init=False, repr=False, compare=False)
    _cum: tuple[float, ...] = field(init=False, repr=False, compare=False)
    _length: float = field(init=False, repr=False, compare=False)
    _outline: tuple[Point, ...] = field(init=False, repr=False, compare=False)
    _sides: tuple[Segment, ...] = field(init=False, repr=False, compare=False)
    _barriers: tuple[Segment, ...] = field(init=False, repr=False, compare=False)
    _bbox: tuple[float, float, float, float] = field(init=False, repr=False, compare=False)
    _start_progress: float = field(init=False, repr=False, compare=False)
    _finish_progress: float = field(init=False, repr=False, compare=False)
    _nonzero: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.centre) < 2:
            raise ValueError("a course centre line needs at least 2 points")
        if len(self.left) < 2 or len(self.right) < 2:
            raise ValueError("each course edge needs at least 2 points")
        if self.laps is not None:
            for what, pts in (("centre line", self.centre), ("left edge", self.left), ("right edge", self.right)):
                if len(pts) < 4 or pts[0] != pts[-1]:
                    raise ValueError(f"a course with laps is a circuit: its {what} must end where it starts")
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
        sides: list[Segment] = []
        for pts in (self.left, self.right):
            for i in range(len(pts) - 1):
                sides.append((pts[i], pts[i + 1]))
        object.__setattr__(self, "_sides", tuple(sides))
        barriers = list(sides)
        if self.laps is None:
            barriers.append((self.left[0], self.right[0]))
            barriers.append((self.left[-1], self.right[-1]))
        object.__setattr__(self, "_barriers", tuple(barriers))
        object.__setattr__(self, "_nonzero", self.laps is not None or bool(self.crossings))
        xs = [p[0] for p in outline]
        ys = [p[1] for p in outline]
        object.__setattr__(self, "_bbox", (min(xs), min(ys), max(xs), max(ys)))
        (a, b) = self.start
        object.__setattr__(self, "_start_progress", self.progress((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
        if self.laps is not None:
            object.__setattr__(self, "_finish_progress", self._start_progress + s)
        else:
            (a, b) = self.finish
            object.__setattr__(self, "_finish_progress", self.progress((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))

    @property
    def is_circuit(self) -> bool:
        """Whether the course is run in laps (it has `laps`)."""
        return self.laps is not None

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
        checkpoints: Sequence[Segment] = (),
        laps: int | None = None,
        crossings: Sequence[Crossing] = (),
        decorations: Sequence[Decoration] = (),
        critters: Sequence[Critter] = (),
        fans: Sequence[Fan] = (),
    ) -> Course:
        """Make a course from a centre line and either `width` or `left` + `right` edges.

        Missing start / finish lines become the perpendicular across the course at the
        first / last centre point. With `laps` the course is a circuit: the centre line
        (and given edges) must end where they start, width-drawn edges are mitred at the
        seam too, and there is no finish line apart from the start line. Geometry that
        cannot be built raises BadInput(source, field, reason).
        """
        cpts = tuple((float(x), float(y)) for x, y in centre)
        if len(cpts) < 2:
            raise BadInput(source, "centre", "needs at least 2 points")
        _check_polyline(None, "centre", cpts, source)
        circuit = laps is not None
        if circuit:
            if len(cpts) < 4 or cpts[0] != cpts[-1]:
                raise BadInput(source, "centre", "a course with laps is a circuit: its centre line must end where "
                                                 "it starts (at least 4 points, the last equal to the first)")
            if finish is not None:
                raise BadInput(source, "finish", "a course with laps has no separate finish line (the start line "
                                                 "is also the finish line): remove finish")
        if width is not None:
            if left is not None or right is not None:
                raise BadInput(source, "width", "give either edges or width, not both")
            if not (math.isfinite(width) and width > 0):
                raise BadInput(source, "width", "must be a positive number")
            try:
                if circuit:
                    lpts = offset_loop(cpts, width / 2)
                    rpts = offset_loop(cpts, -width / 2)
                else:
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
                if circuit and (len(pts) < 4 or pts[0] != pts[-1]):
                    raise BadInput(source, key, "a course with laps is a circuit: each edge must end where it "
                                                "starts (at least 4 points, the last equal to the first)")
        normals = _unit_normals(cpts)
        if start is None:
            start_seg = _default_line(cpts[0], normals[0], lpts, rpts, width is not None, 0, source, "start")
        else:
            start_seg = _as_segment(start)
        if circuit:
            finish_seg = start_seg
        elif finish is None:
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
            checkpoints=tuple(_as_segment(c) for c in checkpoints),
            laps=laps,
            crossings=tuple(crossings),
            decorations=tuple(decorations),
            critters=tuple(critters),
            fans=tuple(fans),
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
        left[0]-right[0] (behind the start) and left[-1]-right[-1] (beyond the finish);
        a circuit has no closing segments."""
        return list(self._barriers)

    def outline(self) -> list[Point]:
        """The course as a closed polygon (not repeating the first point): the left edge
        start -> finish, then the right edge finish -> start."""
        return list(self._outline)

    def contains(self, x: float, y: float) -> bool:
        """Whether (x, y) is inside the course polygon (even-odd rule; the non-zero
        winding rule for a circuit or a course with declared crossings)."""
        x0, y0, x1, y1 = self._bbox
        if x < x0 or x > x1 or y < y0 or y > y1:
            return False
        if self._nonzero:
            return _winding(x, y, self._outline) != 0
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


@dataclass(frozen=True)
class Problem:
    """One finding about a course: severity "error" or "warning", field path, reason.

    Loading problems (wrong types, unknown fields, a newer format, ...) are errors;
    check_course adds errors (broken geometry) and warnings (set-up guidance)."""

    severity: str
    field: str
    reason: str

    def line(self, source: str = "") -> str:
        where = f"{source}: " if source else ""
        return f"{where}{self.severity}: {self.field}: {self.reason}"


class CourseError(BadInput):
    """A course that cannot be loaded. Every problem found is in `problems`; the message
    (`line()`) names the first and says how many more there are."""

    def __init__(self, source: str, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        first = self.problems[0]
        more = len(self.problems) - 1
        reason = first.reason + (f" (and {more} more problem{'s' if more != 1 else ''})" if more else "")
        super().__init__(source, first.field, reason)


MAX_UNKNOWN_SHOWN: Final[int] = 20
"""Unknown fields reported one by one in one object; the rest are counted."""

_OBSTACLE_COMMON: Final[tuple[str, ...]] = ("id", "size", "shape", "x", "y", "look")
OBSTACLE_DOOMWHEEL_FIELDS: Final[tuple[str, ...]] = ("cover", "blocks_sight")
"""Obstacle fields format 2 added, for a Doomwheel course only (rules §7-8)."""
_OBSTACLE_SHAPE_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "rect": ("length", "width", "rotation"),
    "circle": ("radius",),
    "polygon": ("points",),
}


def _key_text(key: str) -> str:
    """A field name fit for a one-line message (control characters escaped, cut short)."""
    text = key if key.isprintable() else json.dumps(key)
    return text if len(text) <= 60 else text[:57] + "..."


class _Report:
    """Collects the problems of one file instead of stopping at the first."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[Problem] = []

    def add(self, path: str, reason: str) -> None:
        self.problems.append(Problem("error", path, reason))

    def take(self, read: Callable[[], T], default: T) -> T:
        """`read()`, or `default` after recording the BadInput it raised."""
        try:
            return read()
        except BadInput as exc:
            self.add(exc.field, exc.reason)
            return default

    def unknown(self, o: Obj, allowed: Sequence[str], notes: dict[str, str] | None = None) -> None:
        """Report every field of `o` not in `allowed` (in sorted order; `notes` gives a
        reason of its own for some keys)."""
        notes = notes or {}
        bad = sorted(k for k in o.data if k not in allowed)
        known = ", ".join(sorted(allowed))
        shown = 0
        for key in bad:
            if key in notes:
                self.add(o.field(key), notes[key])
                continue
            if shown == MAX_UNKNOWN_SHOWN:
                rest = len([k for k in bad if k not in notes]) - shown
                self.add(o.path, f"... and {rest} more unknown fields")
                break
            self.add(join_key(o.path, _key_text(key)), f"unknown field (known fields: {known})")
            shown += 1


def _read_point(rep: _Report, v: Val) -> Point | None:
    val = v.value
    if isinstance(val, list) and len(val) == 2:
        x = rep.take(Val(val[0], v.source, join_index(v.path, 0)).coord, None)
        y = rep.take(Val(val[1], v.source, join_index(v.path, 1)).coord, None)
        return None if x is None or y is None else (x, y)
    rep.take(v.point, None)  # the message for a value that is not [x, y]
    return None


def _read_points(rep: _Report, v: Val, *, min_len: int, max_len: int) -> tuple[Point, ...] | None:
    items = rep.take(lambda: v.lst(min_len=min_len, max_len=max_len), None)
    if items is None:
        return None
    pts = [_read_point(rep, item) for item in items]
    if any(p is None for p in pts):
        return None
    return tuple(p for p in pts if p is not None)


def _read_polyline(rep: _Report, v: Val, *, min_len: int, max_len: int) -> tuple[Point, ...] | None:
    """Points with no point repeating the one before it (a zero-length segment)."""
    pts = _read_points(rep, v, min_len=min_len, max_len=max_len)
    if pts is None:
        return None
    ok = True
    for i in range(1, len(pts)):
        if pts[i] == pts[i - 1]:
            rep.add(join_index(v.path, i), "repeats the previous point")
            ok = False
    return pts if ok else None


def _read_segment(rep: _Report, v: Val) -> Segment | None:
    val = v.value
    if isinstance(val, list) and len(val) == 2:
        a = _read_point(rep, Val(val[0], v.source, join_index(v.path, 0)))
        b = _read_point(rep, Val(val[1], v.source, join_index(v.path, 1)))
        if a is None or b is None:
            return None
        if a == b:
            rep.add(v.path, "the two end points are the same")
            return None
        return (a, b)
    rep.take(v.segment, None)  # the message for a value that is not a segment
    return None


def _read_objects(rep: _Report, o: Obj, key: str, max_len: int) -> list[Val]:
    """The items of an optional list (each to be read as an object)."""
    v = o.maybe(key)
    if v is None:
        return []
    items: list[Val] = rep.take(lambda: v.lst(max_len=max_len), [])
    return items


def _obstacle_from_json(rep: _Report, o: Obj, index: int, ids: dict[str, int],
                        notes: dict[str, str] | None = None) -> ObstacleSpec | None:
    """One obstacle; `notes` refuses the Doomwheel markings (a format-1 file, a Wild
    Race course) with a reason of its own."""
    notes = notes or {}
    before = len(rep.problems)
    oid = rep.take(lambda: o.string("id", min_len=1, max_len=40), None)
    if oid is not None:
        if oid in ids:
            rep.add(o.field("id"), f"duplicate obstacle id {oid!r} (also used by obstacles[{ids[oid]}])")
        else:
            ids[oid] = index
    size = rep.take(lambda: o.string("size", choices=SIZES), None)
    shape = rep.take(lambda: o.string("shape", choices=SHAPES), None)
    x = rep.take(lambda: o.coord("x"), 0.0)
    y = rep.take(lambda: o.coord("y"), 0.0)
    look = rep.take(lambda: o.string("look", min_len=1, max_len=40, default=""), "")
    cover = "none"
    blocks_sight = False
    if not notes:
        cover = rep.take(lambda: o.string("cover", choices=COVERS, default="none"), "none")
        blocks_sight = rep.take(lambda: o.boolean("blocks_sight", default=False), False)
    length = width = rotation = radius = 0.0
    points: tuple[Point, ...] = ()
    if shape == "rect":
        length = rep.take(lambda: o.num("length", lo=0.01, hi=MAX_OBSTACLE_SIZE), 0.0)
        width = rep.take(lambda: o.num("width", lo=0.01, hi=MAX_OBSTACLE_SIZE), 0.0)
        rotation = rep.take(lambda: o.num("rotation", lo=-360.0, hi=360.0, default=0.0), 0.0)
    elif shape == "circle":
        radius = rep.take(lambda: o.num("radius", lo=0.01, hi=MAX_OBSTACLE_SIZE), 0.0)
    elif shape == "polygon":
        pv = o.maybe("points")
        if pv is None:
            rep.add(o.field("points"), "missing required field")
        else:
            got = _read_points(rep, pv, min_len=3, max_len=MAX_POLYGON_POINTS)
            if got is not None:
                far = False
                for i, (px, py) in enumerate(got):
                    if abs(px) > MAX_OBSTACLE_SIZE or abs(py) > MAX_OBSTACLE_SIZE:
                        rep.add(o.field(f"points[{i}]"), f"too far from (x, y) (at most {MAX_OBSTACLE_SIZE:g} inches)")
                        far = True
                if not far and not _is_convex(got):
                    rep.add(o.field("points"),
                            "must be a convex polygon (no three points in a line, no dents, no crossing sides)")
                points = got
    if shape is None:  # shape unknown: do not call the other shapes' fields unknown too
        allowed = _OBSTACLE_COMMON + tuple(k for ks in _OBSTACLE_SHAPE_FIELDS.values() for k in ks)
    else:
        allowed = _OBSTACLE_COMMON + _OBSTACLE_SHAPE_FIELDS[shape]
    if not notes:
        allowed = allowed + OBSTACLE_DOOMWHEEL_FIELDS
    rep.unknown(o, allowed, notes)
    if len(rep.problems) > before or oid is None or size is None or shape is None:
        return None
    return ObstacleSpec(id=oid, size=size, shape=shape, x=x, y=y, length=length, width=width,
                        rotation=rotation, radius=radius, points=points, look=look, cover=cover,
                        blocks_sight=blocks_sight)


def _crossing_from_json(rep: _Report, o: Obj) -> Crossing | None:
    before = len(rep.problems)
    x = rep.take(lambda: o.coord("x"), 0.0)
    y = rep.take(lambda: o.coord("y"), 0.0)
    radius = rep.take(lambda: o.num("radius", lo=0.1, hi=MAX_CROSSING_RADIUS), 0.0)
    rep.unknown(o, ("x", "y", "radius"))
    return None if len(rep.problems) > before else Crossing(x, y, radius)


def _decoration_from_json(rep: _Report, o: Obj) -> Decoration | None:
    before = len(rep.problems)
    look = rep.take(lambda: o.string("look", min_len=1, max_len=40), "")
    x = rep.take(lambda: o.coord("x"), 0.0)
    y = rep.take(lambda: o.coord("y"), 0.0)
    rotation = rep.take(lambda: o.num("rotation", lo=-360.0, hi=360.0, default=0.0), 0.0)
    scale = rep.take(lambda: o.num("scale", lo=MIN_SCALE, hi=MAX_SCALE, default=1.0), 1.0)
    rep.unknown(o, ("look", "x", "y", "rotation", "scale"))
    return None if len(rep.problems) > before else Decoration(look, x, y, rotation, scale)


def _critter_from_json(rep: _Report, o: Obj) -> Critter | None:
    before = len(rep.problems)
    kind = rep.take(lambda: o.string("kind", choices=CRITTER_KINDS), "")
    x = rep.take(lambda: o.coord("x"), 0.0)
    y = rep.take(lambda: o.coord("y"), 0.0)
    rep.unknown(o, ("kind", "x", "y"))
    return None if len(rep.problems) > before else Critter(kind, x, y)


def _fan_from_json(rep: _Report, o: Obj) -> Fan | None:
    before = len(rep.problems)
    x = rep.take(lambda: o.coord("x"), 0.0)
    y = rep.take(lambda: o.coord("y"), 0.0)
    rep.unknown(o, ("x", "y"))
    return None if len(rep.problems) > before else Fan(x, y)


def _layer(rep: _Report, o: Obj, key: str, max_len: int, read: Callable[[_Report, Obj], T | None]) -> list[T]:
    out: list[T] = []
    for item in _read_objects(rep, o, key, max_len):
        obj = rep.take(item.obj, None)
        if obj is not None:
            got = read(rep, obj)
            if got is not None:
                out.append(got)
    return out


def read_course(data: Any, source: str) -> tuple[Course | None, list[Problem]]:
    """Validate decoded JSON as a course, collecting every loading problem.

    Returns (the course, []) or (None, the problems: each an error with its field path,
    in reading order). A `format` newer than FORMAT is the only problem reported for a
    file (its other fields may be ones this program does not know), and so is a `kind`
    other than "course" (it is some other kind of file).
    """
    if not isinstance(data, dict):
        return None, [Problem("error", "", f"expected a JSON object at the top level, got {describe(data)}")]
    rep = _Report(source)
    o = Obj(data, source)
    version = FORMAT
    fv = o.maybe("format")
    if fv is None:
        rep.add("format", "missing required field")
    else:
        n = rep.take(lambda: fv.integer(lo=1), None)
        if n is not None and n > FORMAT:
            return None, [Problem("error", "format", f"this course uses format {n}, newer than this program reads "
                                                     f"(up to {FORMAT}); update the program")]
        if n is not None:
            version = n
    kv = o.maybe("kind")
    if kv is None:
        rep.add("kind", "missing required field")
    elif kv.value != "course":
        v = kv.value
        shown = repr(v[:40]) if isinstance(v, str) else describe(v)
        return None, rep.problems + [Problem("error", "kind", f"must be 'course' (got {shown})")]
    name = rep.take(lambda: o.string("name", min_len=1, max_len=80), "")
    ruleset = rep.take(lambda: o.string("ruleset", choices=RULESETS), None)
    centre: tuple[Point, ...] | None = None
    cv = o.maybe("centre")
    if cv is None:
        rep.add("centre", "missing required field")
    else:
        centre = _read_polyline(rep, cv, min_len=2, max_len=MAX_POINTS)
    width: float | None = None
    left: tuple[Point, ...] | None = None
    right: tuple[Point, ...] | None = None
    has_edges = o.has("edges")
    has_width = o.has("width")
    if has_edges and has_width:
        rep.add("width", "give either edges or width, not both")
    elif has_edges:
        e = rep.take(lambda: o.obj("edges"), None)
        if e is not None:
            for side in ("left", "right"):
                sv = e.maybe(side)
                if sv is None:
                    rep.add(e.field(side), "missing required field")
                    continue
                got = _read_polyline(rep, sv, min_len=2, max_len=MAX_POINTS)
                if side == "left":
                    left = got
                else:
                    right = got
            rep.unknown(e, ("left", "right"))
    elif has_width:
        width = rep.take(lambda: o.num("width", lo=0.1, hi=MAX_WIDTH), None)
    else:
        rep.add("edges", "missing required field: give edges {left, right} or width")
    lines: dict[str, Segment | None] = {}
    for key in ("start", "finish"):
        lv = o.maybe(key)
        lines[key] = None if lv is None else _read_segment(rep, lv)
    obstacles: list[ObstacleSpec] = []
    ids: dict[str, int] = {}
    ob_notes: dict[str, str] = {}
    if version < 2:
        ob_notes = {k: f"a format 2 field, and this file says format {version}: set \"format\": 2 to use it"
                    for k in OBSTACLE_DOOMWHEEL_FIELDS}
    elif ruleset is not None and ruleset != "doomwheel":
        ob_notes = {k: f"only a Doomwheel course (ruleset 'doomwheel') marks obstacles with {k}; "
                       f"this course is {ruleset!r}" for k in OBSTACLE_DOOMWHEEL_FIELDS}
    for i, item in enumerate(_read_objects(rep, o, "obstacles", MAX_OBSTACLES)):
        obj = rep.take(item.obj, None)
        if obj is not None:
            ob = _obstacle_from_json(rep, obj, i, ids, ob_notes)
            if ob is not None:
                obstacles.append(ob)
    max_racers = rep.take(lambda: o.integer("max_racers", lo=1, hi=MAX_RACERS, default=None), None)
    description = rep.take(lambda: o.string("description", max_len=2000, default=""), "")
    # format 2
    notes: dict[str, str] = {}
    if version < 2:
        for key in FIELDS_V2:
            notes[key] = f"a format 2 field, and this file says format {version}: set \"format\": 2 to use it"
    elif ruleset is not None and ruleset != "doomwheel":
        for key in DOOMWHEEL_FIELDS:
            notes[key] = f"only a Doomwheel course (ruleset 'doomwheel') has {key}; this course is {ruleset!r}"
    laps: int | None = None
    checkpoints: list[Segment] = []
    crossings: list[Crossing] = []
    decorations: list[Decoration] = []
    critters: list[Critter] = []
    fans: list[Fan] = []
    if version >= 2:
        if "laps" not in notes:
            laps = rep.take(lambda: o.integer("laps", lo=1, hi=MAX_LAPS, default=None), None)
        cpv = o.maybe("checkpoints")
        if cpv is not None:
            items = rep.take(lambda: cpv.lst(max_len=MAX_CHECKPOINTS), None)
            for cp in items or []:
                seg = _read_segment(rep, cp)
                if seg is not None:
                    checkpoints.append(seg)
        crossings = _layer(rep, o, "crossings", MAX_CROSSINGS, _crossing_from_json)
        decorations = _layer(rep, o, "decorations", MAX_DECORATIONS, _decoration_from_json)
        if "critters" not in notes:
            critters = _layer(rep, o, "critters", MAX_CRITTERS, _critter_from_json)
        if "fans" not in notes:
            fans = _layer(rep, o, "fans", MAX_FANS, _fan_from_json)
    rep.unknown(o, [k for k in FIELDS_V1 + FIELDS_V2 if k not in notes], notes)
    if rep.problems or centre is None or ruleset is None:
        return None, rep.problems
    try:
        course = Course.build(
            name,
            centre,
            width=width,
            left=left,
            right=right,
            start=lines["start"],
            finish=lines["finish"],
            obstacles=obstacles,
            ruleset=ruleset,
            max_racers=max_racers,
            description=description,
            source=source,
            checkpoints=checkpoints,
            laps=laps,
            crossings=crossings,
            decorations=decorations,
            critters=critters,
            fans=fans,
        )
    except BadInput as e:
        return None, [Problem("error", e.field, e.reason)]
    except (ValueError, ZeroDivisionError, OverflowError) as e:  # degenerate geometry
        return None, [Problem("error", "centre", f"the course cannot be built: {e}")]
    return course, []


def course_from_json(data: Any, source: str) -> Course:
    """Validate decoded JSON as a course; raises CourseError (a BadInput naming the first
    problem's field, with every problem in `.problems`)."""
    course, problems = read_course(data, source)
    if course is None:
        raise CourseError(source, problems)
    return course


def load_course(path: str | os.PathLike[str], *, source: str | None = None) -> Course:
    """Read, decode and validate a course file (BadInput on any problem)."""
    src = source if source is not None else os.fspath(path)
    return course_from_json(load_json_file(path, source=src), src)


def read_course_file(path: str | os.PathLike[str], *, source: str | None = None) -> tuple[Course | None, list[Problem]]:
    """Like `read_course` for a file: a file that cannot be read or decoded gives one
    problem (field "" for the file as a whole). Never raises BadInput."""
    src = source if source is not None else os.fspath(path)
    try:
        data = load_json_file(path, source=src)
    except BadInput as e:
        return None, [Problem("error", e.field, e.reason)]
    return read_course(data, src)


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
    if ob.cover != "none":
        d["cover"] = ob.cover
    if ob.blocks_sight:
        d["blocks_sight"] = True
    return d


def course_format(course: Course) -> int:
    """The lowest format that holds the course: 2 if it uses a format-2 field, else 1."""
    if (course.checkpoints or course.laps is not None or course.crossings or course.decorations
            or course.critters or course.fans or any(ob.doomwheel_marked() for ob in course.obstacles)):
        return 2
    return 1


def course_to_json(course: Course) -> dict[str, Any]:
    """The file form of a course (in the lowest format that holds it), for the
    canonical writer."""
    d: dict[str, Any] = {
        "format": course_format(course),
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
    if course.finish_given and course.laps is None:
        d["finish"] = [_pt(course.finish[0]), _pt(course.finish[1])]
    if course.max_racers is not None:
        d["max_racers"] = course.max_racers
    if course.description:
        d["description"] = course.description
    if course.laps is not None:
        d["laps"] = course.laps
    if course.checkpoints:
        d["checkpoints"] = [[_pt(a), _pt(b)] for a, b in course.checkpoints]
    if course.crossings:
        d["crossings"] = [{"x": c.x, "y": c.y, "radius": c.radius} for c in course.crossings]
    if course.decorations:
        d["decorations"] = [{"look": e.look, "x": e.x, "y": e.y, "rotation": e.rotation, "scale": e.scale}
                            for e in course.decorations]
    if course.critters:
        d["critters"] = [{"kind": c.kind, "x": c.x, "y": c.y} for c in course.critters]
    if course.fans:
        d["fans"] = [{"x": f.x, "y": f.y} for f in course.fans]
    return d


def save_course(course: Course, path: str | os.PathLike[str]) -> None:
    """Write the course with the canonical writer, atomically."""
    save_json_file(path, course_to_json(course))


def check_course(course: Course, racers: int | None = None) -> list[Problem]:
    """Problems with a course that loaded: errors (broken geometry) first, then warnings
    (set-up guidance). See game.levels.course_check.check_course."""
    from game.levels.course_check import check_course as check

    return check(course, racers)


# --------------------------------------------------------------------------- the start


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
