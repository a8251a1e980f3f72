"""The Doomwheel's course profile: what it asks of the tracks it races on (see
game.levels.profile). Its tracks may have laps, critters and fans, may mark obstacles
with cover and sight-blocking, and may cross themselves inside declared crossings;
the gaps the checks need are a wheel's base (50 x 100 mm), and up to 4 wheels are
seated side by side behind the start line.
"""

from __future__ import annotations

from typing import Final

from game.levels.course_geo import CourseGeo
from game.levels.course_model import Course
from game.levels.course_start import start_slots
from game.levels.level import Problem
from game.levels.profile import CourseProfile

DOOMWHEEL_BASE_WIDTH: Final[float] = 1.97
"""A Doomwheel's base, 50 x 100 mm (rules §1), long side along its facing."""
DOOMWHEEL_BASE_LENGTH: Final[float] = 3.94
DOOMWHEEL_MAX_WHEELS: Final[int] = 4
DOOMWHEEL_START_GAP: Final[float] = 0.5
"""Start grid guidance for the Doomwheel (the rules only say "side by side"): 0.5"
between wheels (as in the Wild Race) and 0.25" to each edge (wheels may touch the
edges; the Wild Race's 2" is for horses fanning out)."""
DOOMWHEEL_EDGE_MARGIN: Final[float] = 0.25


def doomwheel_warnings(course: Course, geo: CourseGeo, wheels: int, warnings: list[Problem]) -> None:
    """Set-up guidance for a Doomwheel track (rules §1-2)."""
    if course.laps is None:
        warnings.append(Problem("warning", "laps", "not set: the Doomwheel race is run in laps round a circuit "
                                                   "(give laps, and a centre line that ends where it starts)"))
    try:
        start_slots(course, wheels, DOOMWHEEL_BASE_WIDTH, DOOMWHEEL_BASE_LENGTH, gap=DOOMWHEEL_START_GAP,
                    margin=DOOMWHEEL_EDGE_MARGIN)
    except ValueError as exc:
        warnings.append(Problem("warning", "start", f"{wheels} wheels cannot be placed side by side: {exc}"))
    for i, fan in enumerate(course.fans):
        if geo.contains(fan.x, fan.y):
            warnings.append(Problem("warning", f"fans[{i}]", f"the fans at ({fan.x:g}, {fan.y:g}) stand on the track "
                                                             "(they watch from beside it)"))


PROFILE = CourseProfile(
    ruleset="doomwheel", title="Doomwheel", base_width=DOOMWHEEL_BASE_WIDTH, base_length=DOOMWHEEL_BASE_LENGTH,
    field_size=DOOMWHEEL_MAX_WHEELS, layers=("laps", "critters", "fans"), marks_obstacles=True, crossings=True,
    warnings=doomwheel_warnings,
)
"""Given through the Doomwheel's registration (level_profile)."""
