"""Course profiles: what a ruleset asks of the courses it races on, so the level
loader and the checks never ask a ruleset's name.

A ruleset gives one ``CourseProfile`` through its registration
(``game.core.registry``: ``level_profile``, e.g.
"game.rules.wild_race.course_profile:PROFILE"): the name a course file gives in
``"ruleset"``, a title for messages, the base the checks measure gaps with, how many
bases the start must seat by default, which top-level course fields only its courses
may have (the Doomwheel's laps, critters and fans), whether its obstacles carry cover
markings, whether its tracks may cross themselves at declared crossings, a hook that
adds its set-up warnings (``check_course``) and its first shipped course. The order
of the rulesets (the "ruleset" choices) and their shipped folders are the registry's.
The rulesets sit above this layer; the registry loads them on the first look-up."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from game.core import registry
from game.levels.course_model import BASE_LENGTH, BASE_WIDTH, MAX_RACERS

if TYPE_CHECKING:
    from game.levels.course_geo import CourseGeo
    from game.levels.course_model import Course
    from game.levels.level import Problem

Warnings = Callable[["Course", "CourseGeo", int, "list[Problem]"], None]
"""(course, its box-tree index, how many bases to seat, the list to add warnings to)."""


@dataclass(frozen=True)
class CourseProfile:
    """One ruleset's wishes of a course (see the module docstring)."""

    ruleset: str  # as in course files: "wild-race"
    title: str  # as in messages: "Wild Race"
    base_width: float = BASE_WIDTH  # one base, long side along its facing (the gaps the checks need)
    base_length: float = BASE_LENGTH
    field_size: int = MAX_RACERS  # bases the start must seat when the check is not told
    layers: tuple[str, ...] = ()  # top-level course fields only its courses may have
    marks_obstacles: bool = False  # its obstacles may carry cover / blocks_sight
    crossings: bool = False  # its tracks may cross themselves inside declared crossings
    warnings: Warnings | None = None  # its set-up guidance (check_course's warnings)
    first: str = ""  # the shipped course offered first (file name: short, the obvious first race)

    @property
    def base(self) -> tuple[float, float]:
        """(width, length) of one base."""
        return self.base_width, self.base_length


def course_profiles() -> list[CourseProfile]:
    """The profiles of the registered rulesets that have one, in the registry's order."""
    out: list[CourseProfile] = []
    for reg in registry.every():
        profile = reg.hook("level_profile")
        if profile is not None:
            out.append(profile)
    return out


def course_rulesets() -> tuple[str, ...]:
    """The names a course file may give in "ruleset", in order."""
    return tuple(p.ruleset for p in course_profiles())


def default_ruleset() -> str:
    """The ruleset of a course that does not say (a Course built in code, a Tiled map
    without the property; a course file always says): the first registered ruleset
    that has a course profile (the registry's order), else the registry's default."""
    profiles = course_profiles()
    return profiles[0].ruleset if profiles else registry.default().name


def plain_profile(ruleset: str) -> CourseProfile:
    """The profile of a ruleset when no registered one has a profile at all."""
    return CourseProfile(ruleset=ruleset, title=ruleset)


def course_profile(ruleset: str) -> CourseProfile:
    """The profile of the ruleset a course names. A name with no profile (a Course built
    in code; a file cannot name one) gets the default ruleset's (``default_ruleset``,
    the ruleset of a course that names none: the first profile), else ``plain_profile``."""
    profiles = course_profiles()
    for profile in profiles:
        if profile.ruleset == ruleset:
            return profile
    return profiles[0] if profiles else plain_profile(ruleset)


def shipped_dir(ruleset: str) -> str:
    """The folder of a ruleset's shipped levels, relative to the project root ("" if none)."""
    reg = registry.find(ruleset)
    return reg.levels_dir if reg is not None else ""


def only(allows: Callable[[CourseProfile], bool], *, named: bool = True) -> str:
    """Who may use a ruleset-only feature, for a message: "a Doomwheel course (ruleset
    'doomwheel')" (several joined by "or"); without `named`, "a Doomwheel course"."""
    who = [p for p in course_profiles() if allows(p)]
    return " or ".join(f"a {p.title} course" + (f" (ruleset {p.ruleset!r})" if named else "") for p in who)


def titles(allows: Callable[[CourseProfile], bool]) -> str:
    """The titles of the rulesets that allow a feature ("Doomwheel"; several joined by "or")."""
    return " or ".join(p.title for p in course_profiles() if allows(p))
