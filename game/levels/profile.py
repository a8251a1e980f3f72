"""Course profiles: what a ruleset asks of the courses it races on, so the level
loader and the checks never ask a ruleset's name.

A ruleset supplies one ``CourseProfile`` (its module ``game/rules/<package>/course_profile.py``
calls ``register_course_profile``): the name a course file gives in ``"ruleset"``, a
title for messages, the base the checks measure gaps with, how many bases the start
must seat by default, which top-level course fields only its courses may have (the
Doomwheel's laps, critters and fans), whether its obstacles carry cover markings,
whether its tracks may cross themselves at declared crossings, and a hook that adds
its set-up warnings (``check_course``).

The rulesets sit above this layer, so they are never imported here by a statement:
on the first look-up every ``game.rules`` package that has a ``course_profile``
module is imported by name (as ``game.core.registry`` loads the rulesets), which
registers them. A course built in code for a ruleset that registered no profile is
checked as one of the default ruleset (``course_profile``).
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from game.levels.course_model import BASE_LENGTH, BASE_WIDTH, DEFAULT_RULESET, MAX_RACERS

if TYPE_CHECKING:
    from game.levels.course_geo import CourseGeo
    from game.levels.course_model import Course
    from game.levels.level import Problem

Warnings = Callable[["Course", "CourseGeo", int, "list[Problem]"], None]
"""(course, its box-tree index, how many bases to seat, the list to add warnings to)."""

PROFILE_MODULE = "course_profile"
"""The module of a ruleset's rules package that registers its course profile."""


@dataclass(frozen=True)
class CourseProfile:
    """One ruleset's wishes of a course (see the module docstring)."""

    ruleset: str  # as in course files: "wild-race"
    title: str  # as in messages: "Wild Race"
    order: int = 100  # where it stands among the rulesets (the order of the "ruleset" choices)
    base_width: float = BASE_WIDTH  # one base, long side along its facing (the gaps the checks need)
    base_length: float = BASE_LENGTH
    field_size: int = MAX_RACERS  # bases the start must seat when the check is not told
    layers: tuple[str, ...] = ()  # top-level course fields only its courses may have
    marks_obstacles: bool = False  # its obstacles may carry cover / blocks_sight
    crossings: bool = False  # its tracks may cross themselves inside declared crossings
    warnings: Warnings | None = None  # its set-up guidance (check_course's warnings)
    shipped_dir: str = ""  # its shipped courses, relative to the project root ("levels/wild_race")
    first: str = ""  # the shipped course offered first (file name: short, the obvious first race)

    @property
    def base(self) -> tuple[float, float]:
        """(width, length) of one base."""
        return self.base_width, self.base_length


_PROFILES: dict[str, CourseProfile] = {}
_loaded = False


def register_course_profile(profile: CourseProfile) -> CourseProfile:
    """Add a ruleset's course profile (again: replaces it)."""
    _PROFILES[profile.ruleset] = profile
    return profile


def unregister_course_profile(ruleset: str) -> None:
    """Remove a profile (a test's toy ruleset)."""
    _PROFILES.pop(ruleset, None)


def _load() -> None:
    """Import the rulesets' profile modules once (see the module docstring)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    rules = importlib.import_module("game.rules")
    for info in sorted(pkgutil.iter_modules(rules.__path__), key=lambda m: m.name):
        name = f"game.rules.{info.name}.{PROFILE_MODULE}"
        if info.ispkg and importlib.util.find_spec(name) is not None:
            importlib.import_module(name)


def course_profiles() -> list[CourseProfile]:
    """Every registered profile, in their order (then by name)."""
    _load()
    return sorted(_PROFILES.values(), key=lambda p: (p.order, p.ruleset))


def course_rulesets() -> tuple[str, ...]:
    """The names a course file may give in "ruleset", in order."""
    return tuple(p.ruleset for p in course_profiles())


def plain_profile(ruleset: str) -> CourseProfile:
    """The profile of a ruleset that registered none."""
    return CourseProfile(ruleset=ruleset, title=ruleset)


def course_profile(ruleset: str) -> CourseProfile:
    """The profile of the ruleset a course names. A name with no profile (a Course built
    in code; a file cannot name one) gets the default ruleset's (``DEFAULT_RULESET``,
    the ruleset of a course that names none), else ``plain_profile``."""
    _load()
    found = _PROFILES.get(ruleset)
    if found is None:
        found = _PROFILES.get(DEFAULT_RULESET)
    return found if found is not None else plain_profile(ruleset)


def only(allows: Callable[[CourseProfile], bool], *, named: bool = True) -> str:
    """Who may use a ruleset-only feature, for a message: "a Doomwheel course (ruleset
    'doomwheel')" (several joined by "or"); without `named`, "a Doomwheel course"."""
    who = [p for p in course_profiles() if allows(p)]
    return " or ".join(f"a {p.title} course" + (f" (ruleset {p.ruleset!r})" if named else "") for p in who)


def titles(allows: Callable[[CourseProfile], bool]) -> str:
    """The titles of the rulesets that allow a feature ("Doomwheel"; several joined by "or")."""
    return " or ".join(p.title for p in course_profiles() if allows(p))
