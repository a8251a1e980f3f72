"""Reading and writing course files: ``read_course`` collects every loading problem
with its field path, ``course_from_json`` / ``load_course`` raise ``CourseError``,
``course_to_json`` / ``save_course`` are the one writer (the lowest format that holds
the course, canonical JSON, so a file loads and saves to the same bytes). Which
ruleset may use which field comes from the rulesets' course profiles
(``game.levels.profile``), never from their names.
"""

from __future__ import annotations

import os
from typing import Any

from game.core.errors import BadInput
from game.core.jsonload import Obj, describe, load_json_file, save_json_file
from game.levels.course_model import (
    CRITTER_KINDS,
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
    Course,
    Critter,
    Crossing,
    Fan,
)
from game.levels.level import (
    LevelError,
    Problem,
    _layer,
    _pt,
    _read_objects,
    _read_polyline,
    _read_segment,
    _Report,
    read_head,
)
from game.levels.pieces import (
    OBSTACLE_DOOMWHEEL_FIELDS,
    Decoration,
    ObstacleSpec,
    _decoration_from_json,
    _obstacle_from_json,
    obstacle_to_json,
)
from game.levels.plane import Point, Segment
from game.levels.profile import course_profile, course_profiles, course_rulesets, only


class CourseError(LevelError):
    """A course that cannot be loaded. Every problem found is in `problems`; the message
    (`line()`) names the first and says how many more there are."""


def _crossing_from_json(rep: _Report, o: Obj) -> Crossing | None:
    before = len(rep.problems)
    x = rep.take(lambda: o.coord("x"), 0.0)
    y = rep.take(lambda: o.coord("y"), 0.0)
    radius = rep.take(lambda: o.num("radius", lo=0.1, hi=MAX_CROSSING_RADIUS), 0.0)
    rep.unknown(o, ("x", "y", "radius"))
    return None if len(rep.problems) > before else Crossing(x, y, radius)



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
    version, refused = read_head(rep, o, "course", FORMAT)
    if refused is not None:
        return None, refused
    name = rep.take(lambda: o.string("name", min_len=1, max_len=80), "")
    ruleset = rep.take(lambda: o.string("ruleset", choices=course_rulesets()), None)
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
    elif ruleset is not None and not course_profile(ruleset).marks_obstacles:
        who = only(lambda p: p.marks_obstacles)
        ob_notes = {k: f"only {who} marks obstacles with {k}; "
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
    elif ruleset is not None:
        mine = course_profile(ruleset).layers
        for key in FIELDS_V2:
            if key not in mine and any(key in p.layers for p in course_profiles()):
                who = only(lambda p: key in p.layers)
                notes[key] = f"only {who} has {key}; this course is {ruleset!r}"
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
