"""The Wild Race's course profile: what it asks of the courses it races on (see
game.levels.profile). Its courses are open (no laps), never cross themselves and
carry no cover markings; their set-up guidance is the rules' §1 (length, the opening
straight, the start's width, 12 racers seated side by side).
"""

from __future__ import annotations

import math

from game.levels.course_check import edge_field as _edge_field
from game.levels.course_geo import CourseGeo
from game.levels.course_model import BEND_TOLERANCE_DEG, MIN_LENGTH, MIN_OPENING, Course
from game.levels.course_start import _start_frame, start_slots, start_width_needed
from game.levels.level import Problem
from game.levels.pieces import ObstacleSpec
from game.levels.plane import _turn_degrees
from game.levels.profile import CourseProfile


def _opening_obstacle(course: Course, geo: CourseGeo, ob: ObstacleSpec, opening_end: float) -> bool:
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


def wild_race_warnings(course: Course, geo: CourseGeo, racers: int, warnings: list[Problem]) -> None:
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



PROFILE = CourseProfile(ruleset="wild-race", title="Wild Race", first="sprint.json", warnings=wild_race_warnings)
"""Given through the Wild Race's registration (level_profile)."""
