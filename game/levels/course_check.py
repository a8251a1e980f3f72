"""check_course: everything wrong with a course that loaded, each problem with its
severity, field path and reason (docs/level-format.md, "Checks").

Errors (the course is broken): swapped or crossing edges (except inside a declared
crossing, where the course's ruleset allows crossings: the Doomwheel's), the centre
line leaving the course, start / finish / checkpoint lines that do not span the
course, a finish not after the start, checkpoints out of order or inside a crossing,
a figure-eight loop no checkpoint guards (so turning at the crossing would skip it),
obstacles outside the course or overlapping (or marked, where the ruleset has no
markings), large obstacles (or the edges themselves) closing the track, critters off
the track, crossings where the ruleset allows none (the Wild Race's).

Warnings (set-up guidance): a declared crossing where the track does not cross
itself, then the ruleset's own, from the hook its course profile gives
(``game.levels.profile``; e.g. game/rules/wild_race/course_profile.py: Wild Race
rules §1, length, opening straight, start width, racers that cannot be placed;
game/rules/doomwheel/course_profile.py: no laps, wheels that cannot be placed side by
side, fans standing on the track). Nothing here asks a ruleset's name.

The checks are in parts: ``course_geo`` (the course in box trees), ``course_errors``
(edges, lines, obstacles), ``course_passage`` (the way past large obstacles, narrow
places); checkpoints, crossings and the whole check are here.

Every check is fast on the largest course the loader accepts (2000-point polylines,
200 obstacles of 64 points): segments and obstacles are kept in bounding-box trees
(`BoxTree`), so a check looks only at what is near. Checks between crowded obstacles
have a work budget; a course that exceeds it (hundreds of obstacles piled together)
is reported as such instead of being checked for minutes.
"""

from __future__ import annotations

from game.levels.boxtree import BoxTree
from game.levels.course_errors import _Budget, _check_crossings, _check_line_spans, _check_obstacles, centre_crossings
from game.levels.course_geo import (
    MAX_OVERLAPS,
    MAX_REPORTED,
    PAIR_WORK_LIMIT,
    SEGMENT_PAIR_LIMIT,
    CourseGeo,
    _edge_field,
    _Geo,
)
from game.levels.course_model import Course
from game.levels.course_passage import _check_narrow, _check_passage
from game.levels.level import Problem
from game.levels.plane import _signed_area
from game.levels.profile import course_profile, titles

__all__ = [
    "MAX_OVERLAPS", "MAX_REPORTED", "PAIR_WORK_LIMIT", "SEGMENT_PAIR_LIMIT", "BoxTree", "CourseGeo", "base_size",
    "centre_crossings", "check_course", "edge_field",
]

edge_field = _edge_field
"""The field naming a course's edge ("width" or "edges.left"), for a problem."""


def base_size(course: Course) -> tuple[float, float]:
    """(width, length) of one base on this course's ruleset (its course profile)."""
    return course_profile(course.ruleset).base


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
    profile = course_profile(course.ruleset)
    if not profile.crossings:
        for i, _ in enumerate(course.crossings):
            errors.append(Problem("error", f"crossings[{i}]", f"a {profile.title} course may not cross itself (its "
                                                               "rules need a course that does not); crossings are for "
                                                               f"{titles(lambda p: p.crossings)} tracks"))
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


def check_course(course: Course, racers: int | None = None) -> list[Problem]:
    """Problems with a course: errors (broken geometry) first, then warnings (set-up
    guidance: the ruleset's own, from its course profile's hook). `racers` (default: the
    profile's field_size, 12 racers for the Wild Race, 4 wheels for the Doomwheel) is
    capped by the course's max_racers."""
    errors: list[Problem] = []
    warnings: list[Problem] = []
    profile = course_profile(course.ruleset)
    if racers is None:
        racers = profile.field_size
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

    # -- warnings (set-up guidance): the ruleset's own
    if profile.warnings is not None:
        profile.warnings(course, geo, racers, warnings)
    return errors + warnings
