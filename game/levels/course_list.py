"""The one listing of course files: the shipped courses and the player's own.

Both set-up screens (Wild Race, Doomwheel Race) and the editor's Open list read the
course folders through this module, never with a JSON reader of their own. Each
file is read once, through the hardened loader (``game.core.jsonload``: the 5 MB
cap, deep nesting, bad UTF-8, named pipes and folders named ``x.json`` all refused
with a reason), loaded as a course and checked (``check_course``); the result is
kept per file and read again only when the file changes (its size, modification
time or inode).

A listed file is a ``CourseEntry``: its path, ``where`` it is ("shipped" or
"yours"), its ``ruleset`` (as the file says; "" when it cannot be told), the name to
show (the course's own name, else the file name in words) and either the loaded
``course`` or its first ``problem`` in one line: why the file does not load, or the
first error ``check_course`` finds. ``startable`` says whether a race can be run on
it; ``opens`` whether the editor can open it (a course that loads, even with errors
to fix). No pygame here.
"""

from __future__ import annotations

import glob
import os
from dataclasses import dataclass
from typing import Any, Final, Iterable

from game.levels.course import Course, check_course, course_profile, course_rulesets, read_course
from game.levels.profile import shipped_dir as levels_dir
from game.core.errors import BadInput
from game.core.jsonload import load_json_file

ROOT: Final[str] = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAME_MAX: Final[int] = 60


@dataclass(frozen=True)
class CourseEntry:
    """One course file as the lists show it (see the module docstring)."""

    path: str
    where: str  # "shipped" | "yours"
    ruleset: str  # "wild-race" | "doomwheel" | "" (the file does not say, or cannot be read)
    name: str
    course: Course | None = None
    problem: str = ""  # "" when the course loads and check_course finds no error

    @property
    def label(self) -> str:
        """The name shown for the course."""
        return self.name

    @property
    def startable(self) -> bool:
        """A race can be run on it: it loads and check_course finds no error."""
        return self.course is not None and not self.problem

    @property
    def opens(self) -> bool:
        """The editor can open it: it loads (errors check_course finds can be fixed there)."""
        return self.course is not None


_cache: dict[tuple[str, str], tuple[tuple[int, ...], CourseEntry]] = {}


def file_name_words(path: str) -> str:
    """A file's name as words ("my_canyon.json" -> "my canyon")."""
    return os.path.splitext(os.path.basename(path))[0].replace("_", " ")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _stamp(path: str) -> tuple[int, ...] | None:
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino, st.st_mode, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _name_and_ruleset(data: Any, path: str) -> tuple[str, str]:
    name, ruleset = "", ""
    if isinstance(data, dict):
        n, r = data.get("name"), data.get("ruleset")
        if isinstance(n, str) and n.strip():
            name = _one_line(n)[:NAME_MAX]
        if isinstance(r, str) and r in course_rulesets():
            ruleset = r
    return name or file_name_words(path), ruleset


def _read(path: str, where: str) -> CourseEntry:
    """Read, load and check one file (never raises for a bad file)."""
    try:
        data = load_json_file(path)
    except BadInput as e:
        return CourseEntry(path, where, "", file_name_words(path), None, _problem(e.field, e.reason))
    name, ruleset = _name_and_ruleset(data, path)
    course, problems = read_course(data, path)
    if course is None:
        first = problems[0] if problems else None
        more = len(problems) - 1
        reason = (first.reason if first else "does not load") + (
            f" (and {more} more problem{'s' if more != 1 else ''})" if more > 0 else "")
        return CourseEntry(path, where, ruleset, name, None, _problem(first.field if first else "", reason))
    errors = [p for p in check_course(course) if p.severity == "error"]
    problem = ""
    if errors:
        more = len(errors) - 1
        problem = _problem(errors[0].field, errors[0].reason + (
            f" (and {more} more error{'s' if more != 1 else ''})" if more else ""))
    return CourseEntry(path, where, course.ruleset, course.name.strip()[:NAME_MAX] or name, course, problem)


def _problem(field: str, reason: str) -> str:
    return _one_line(f"{field}: {reason}" if field else reason)


def entry(path: str, where: str = "yours") -> CourseEntry:
    """The listing's entry for one file, read again only if the file changed."""
    key = (os.path.abspath(path), where)
    stamp = _stamp(path)
    if stamp is not None:
        hit = _cache.get(key)
        if hit is not None and hit[0] == stamp:
            return hit[1]
    found = _read(path, where)
    if stamp is not None and _stamp(path) == stamp:  # keep it only if the file held still meanwhile
        _cache[key] = (stamp, found)
    return found


def user_dir() -> str:
    """The player's own courses: courses/ in the per-user data folder (the editor saves there)."""
    from game.core.paths import data_dir
    return os.path.join(data_dir(), "courses")


def _json_files(folder: str) -> list[str]:
    try:
        return sorted(glob.glob(os.path.join(glob.escape(folder), "*.json")))
    except (OSError, ValueError):
        return []


def shipped_dir(ruleset: str) -> str:
    """The folder of a ruleset's shipped courses (its registration's levels_dir)."""
    return os.path.join(ROOT, *levels_dir(ruleset).split("/"))


def shipped(ruleset: str) -> list[CourseEntry]:
    """The shipped courses of a ruleset, the one offered first (its profile's `first`) first."""
    profile = course_profile(ruleset)
    files = _json_files(shipped_dir(ruleset)) if levels_dir(ruleset) else []
    first = profile.first or None
    files.sort(key=lambda f: os.path.basename(f) != first)
    return [entry(f, "shipped") for f in files]


def yours(ruleset: str | None = None) -> list[CourseEntry]:
    """The player's own course files. With a ruleset: those of that ruleset and those
    whose ruleset cannot be told (a file that does not read), so a broken course is
    listed with its reason rather than left out without a word."""
    out = [entry(f, "yours") for f in _json_files(user_dir())]
    if ruleset is None:
        return out
    return [e for e in out if e.ruleset in (ruleset, "")]


def list_courses(ruleset: str | None = None) -> list[CourseEntry]:
    """The shipped courses (of `ruleset`, or of every ruleset), then the player's own."""
    rulesets = [ruleset] if ruleset is not None else list(course_rulesets())
    out: list[CourseEntry] = []
    for r in rulesets:
        out += shipped(r)
    return out + yours(ruleset)


def distinct_labels(entries: Iterable[CourseEntry]) -> list[str]:
    """One label a course, made distinct (a drop-down needs them so) by the file name."""
    out: list[str] = []
    for e in entries:
        label = e.name
        if label in out:
            label = f"{label} ({os.path.basename(e.path)})"
        n = 2
        base = label
        while label in out:
            label = f"{base} {n}"
            n += 1
        out.append(label)
    return out


def forget() -> None:
    """Drop every cached entry (tests)."""
    _cache.clear()
