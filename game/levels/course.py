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

This module is the courses' one public face: import every name from here. The parts
live in ``course_model`` (the Course and its limits), ``course_io`` (reading and
writing), ``course_start`` (the start grid), ``course_check`` (the checks), and the
parts every level shares: ``level`` (problems, the collecting reader), ``pieces``
(obstacles, decorations), ``plane`` (geometry) and ``profile`` (what a ruleset asks
of its courses: the hooks that replace asking a ruleset's name).
"""

from __future__ import annotations

from game.levels.course_check import check_course
from game.levels.course_io import (
    CourseError,
    course_format,
    course_from_json,
    course_to_json,
    load_course,
    read_course,
    read_course_file,
    save_course,
)
from game.levels.course_model import (
    BASE_LENGTH,
    BASE_WIDTH,
    BEND_TOLERANCE_DEG,
    CRITTER_KINDS,
    EDGE_MARGIN,
    FIELDS_V1,
    FIELDS_V2,
    FORMAT,
    MAX_CHECKPOINTS,
    MAX_CRITTERS,
    MAX_CROSSING_RADIUS,
    MAX_CROSSINGS,
    MAX_DECORATIONS,
    MAX_FANS,
    MAX_LAPS,
    MAX_OBSTACLES,
    MAX_POINTS,
    MAX_RACERS,
    MAX_WIDTH,
    MIN_LENGTH,
    MIN_OPENING,
    SPAN_TOLERANCE,
    START_GAP,
    Course,
    Critter,
    Crossing,
    Fan,
)
from game.levels.course_start import start_slots, start_width_needed
from game.levels.level import MAX_UNKNOWN_SHOWN, LevelError, Problem
from game.levels.pieces import (
    COVERS,
    MAX_OBSTACLE_SIZE,
    MAX_POLYGON_POINTS,
    MAX_SCALE,
    MIN_SCALE,
    OBSTACLE_DOOMWHEEL_FIELDS,
    SHAPES,
    SIZES,
    Decoration,
    ObstacleSpec,
    obstacle_to_json,
)
from game.levels.plane import MAX_TURN_DEG, Point, Segment, offset_loop, offset_polyline
from game.levels.profile import CourseProfile, course_profile, course_rulesets, default_ruleset

__all__ = [
    "BASE_LENGTH", "BASE_WIDTH", "BEND_TOLERANCE_DEG", "COVERS", "CRITTER_KINDS", "EDGE_MARGIN",
    "FIELDS_V1", "FIELDS_V2", "FORMAT", "MAX_CHECKPOINTS", "MAX_CRITTERS", "MAX_CROSSINGS", "MAX_CROSSING_RADIUS",
    "MAX_DECORATIONS", "MAX_FANS", "MAX_LAPS", "MAX_OBSTACLES", "MAX_OBSTACLE_SIZE", "MAX_POINTS",
    "MAX_POLYGON_POINTS", "MAX_RACERS", "MAX_SCALE", "MAX_TURN_DEG", "MAX_UNKNOWN_SHOWN", "MAX_WIDTH",
    "MIN_LENGTH", "MIN_OPENING", "MIN_SCALE", "OBSTACLE_DOOMWHEEL_FIELDS", "SHAPES", "SIZES", "SPAN_TOLERANCE",
    "START_GAP", "Course", "CourseError", "CourseProfile", "Critter", "Crossing", "Decoration", "Fan",
    "LevelError", "ObstacleSpec", "Point", "Problem", "Segment", "check_course", "course_format",
    "course_from_json", "course_profile", "course_rulesets", "default_ruleset", "course_to_json", "load_course",
    "obstacle_to_json", "offset_loop", "offset_polyline", "read_course", "read_course_file", "save_course",
    "start_slots", "start_width_needed",
]
