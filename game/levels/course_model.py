"""The course: a race track's centre line, edges, start and finish lines, obstacles
and the format-2 layers (checkpoints, laps, crossings, decorations, critters, fans),
as one immutable value with its geometry queries (progress along the centre line,
containment, width). The file format's limits are here too; reading and writing are
in ``game.levels.course_io``, the start grid in ``game.levels.course_start``, and
``game.levels.course`` gathers every public name (import them from there).
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Final, Sequence

from game.core.errors import BadInput
from game.core.polyline import SegRow, nearest_arc, nearest_arc_near
from game.levels.level import _check_polyline
from game.levels.pieces import Decoration, ObstacleSpec
from game.levels.plane import (
    MAX_TURN_DEG,
    Point,
    Segment,
    _dist2_point_segment,
    _point_in_polygon,
    _ray_hit,
    _unit_normals,
    _winding,
    offset_loop,
    offset_polyline,
)

FORMAT: Final[int] = 2
"""The newest course format this module reads. The writer writes the lowest format
that holds the course (`course_format`): 1 unless a format-2 field is used."""
CRITTER_KINDS: Final[tuple[str, ...]] = ("fanatic", "slayer", "slave")
"""Doomwheel critters (rules §1): Fanatics, Dammaz-Drengi (dwarf slayers) and slaves."""

FIELDS_V1: Final[tuple[str, ...]] = (
    "format", "kind", "name", "ruleset", "centre", "width", "edges", "start", "finish", "obstacles",
    "max_racers", "description",
)
"""The top-level fields of format 1."""
FIELDS_V2: Final[tuple[str, ...]] = ("checkpoints", "laps", "crossings", "decorations", "critters", "fans")
"""The top-level fields format 2 added."""

MAX_POINTS: Final[int] = 2000
"""Most points in one polyline (centre, an edge)."""
MAX_OBSTACLES: Final[int] = 200
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
SPAN_TOLERANCE: Final[float] = 0.01
"""How close a start/finish end must come to its edge to count as reaching it."""


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
    ruleset: str = ""  # "": the default ruleset's (profile.default_ruleset), set when made
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
        if not self.ruleset:  # a course built in code that does not say: the default ruleset's
            from game.levels.profile import default_ruleset
            object.__setattr__(self, "ruleset", default_ruleset())
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
        ruleset: str = "",
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
