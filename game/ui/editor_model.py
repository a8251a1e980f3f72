"""The course editor's model: the course being edited as plain data, every edit an
undoable command, live validation, and loading and saving. Plain Python (no pygame),
so it is tested headless; the editor scene (game.ui.scenes.editor) only draws it and
turns mouse and keys into the edits below.

The course is kept in its file form, the JSON object of ``course_to_json``: the editor
changes only the fields it edits and passes every other field through untouched
(format-2 layers such as checkpoints, decorations or the Doomwheel critters survive an
edit and a save). Numbers the editor writes are rounded to 0.001", so what is saved
loads back equal.

Edits. Each edit replaces some top-level fields (``centre``, ``obstacles``, ...) and is
recorded as a ``Command`` holding the old and the new value of each field it changed,
so undo and redo restore exact states. A drag is one gesture: ``begin(label)``, any
number of edits shown live, then ``end()`` records one command (``cancel()`` puts
everything back). The history is bounded (``HISTORY_LIMIT`` commands).

Validation. ``problems`` lists what stops the course from loading (``course_from_json``:
repeated points, bad values, ...) or, once it loads, what ``check_course`` finds: errors
and warnings, each with its field path. ``target_for(field)`` says which item a field
path points at (``obstacles[3]`` -> that obstacle, ``centre[2]`` -> that point, ``start``
-> the start line, ``edges.left`` / ``width`` -> the edges).

Files. ``EditorModel.open(path)`` reads a course (one that loads; it is made canonical);
``save(path)`` writes it with ``save_course`` (the one canonical writer: temporary file,
fsync, rename) after copying the previous version to ``FILE.bak`` (also atomically).
Shipped courses are in ``levels/wild_race`` and ``levels/doomwheel``; the player's own
in ``courses/`` under the per-user data folder (``game.core.paths.data_dir``).

A ruleset's own fields. ``EditorModel.new(ruleset=NAME)`` starts from that ruleset's
new level (its ui room's "new_level" part: a Doomwheel track's small figure-eight).
Fields only one ruleset's levels have (the Doomwheel's critters, fans, crossings, laps)
are edited by the methods its ui room gives (its window part "editor",
game.ui.editor_kit.EditorPart.edits), which the model answers as its own, as undoable
commands like the rest; this module imports no ruleset's room.
"""

from __future__ import annotations

import copy
import inspect
import math
import os
import re
from dataclasses import dataclass, field
from typing import Any, Final, Iterable

from game.levels.course import (
    Course,
    Problem,
    check_course,
    course_from_json,
    course_to_json,
    offset_polyline,
    save_course,
)
from game.levels import course_list
from game.levels.course_list import CourseEntry
from game.core.atomic import write_atomic
from game.core.errors import BadInput
from game.core.jsonload import load_json_file
from game.ui import editor_kit

ROOT: Final[str] = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HISTORY_LIMIT: Final[int] = 200
"""Most commands kept for undo (the oldest go first)."""
DECIMALS: Final[int] = 3
"""Coordinates and sizes the editor writes are rounded to this many decimals."""
MIN_SIZE: Final[float] = 0.1
"""Smallest obstacle length, width or radius the editor makes (inches)."""
MAX_SIZE: Final[float] = 100.0
MIN_WIDTH: Final[float] = 1.0
MAX_WIDTH: Final[float] = 200.0

_MISSING: Final[Any] = object()


def r3(v: float) -> float:
    """Round to DECIMALS and never give -0."""
    out = round(float(v), DECIMALS)
    return 0.0 if out == 0 else out


def _pt(x: float, y: float) -> list[float]:
    return [r3(x), r3(y)]


# --------------------------------------------------------------------------- presets

PRESETS: Final[dict[str, dict[str, Any]]] = {
    "hedge": {"shape": "rect", "size": "small", "length": 4, "width": 0.7, "rotation": 90},
    "wall": {"shape": "rect", "size": "small", "length": 3.5, "width": 0.6, "rotation": 90},
    "log": {"shape": "rect", "size": "small", "length": 3, "width": 0.6, "rotation": 90},
    "rock": {"shape": "circle", "size": "large", "radius": 2},
    "ruin": {"shape": "polygon", "size": "large",
             "points": [[-1.47, -1.81], [1.02, -1.33], [2.11, 0.34], [1.06, 1.77], [-1.11, 1.3], [-2.14, -0.25]]},
    "statue": {"shape": "polygon", "size": "small",
               "points": [[-1.63, 0.15], [1.12, -0.77], [1.62, -0.51], [1.36, -0.01], [-1.42, 0.81]]},
}
"""The obstacles the editor adds, by look (the shipped courses' pieces): a rect's
`length` lies along `rotation` (90: across a course that runs along +x)."""

STARTER_LENGTH: Final[float] = 80.0
STARTER_WIDTH: Final[float] = 24.0
STARTER_START: Final[float] = 4.0
"""The starter's start line is this far along the centre line (room behind it for the
racers' bases)."""


def starter_data(name: str = "New course") -> dict[str, Any]:
    """A new course: an 80" straight, 24" wide (seats 12 racers), the start line 4" in,
    the finish at the far end, no obstacles; a middle point to drag into a bend."""
    half = STARTER_WIDTH / 2
    course = Course.build(name, [(0.0, 0.0), (STARTER_LENGTH / 2, 0.0), (STARTER_LENGTH, 0.0)],
                          width=STARTER_WIDTH, start=((STARTER_START, half), (STARTER_START, -half)))
    return course_to_json(course)


# --------------------------------------------------------------------------- obstacles as data


def obstacle_polygon(ob: dict[str, Any]) -> list[tuple[float, float]]:
    """World outline of an obstacle in file form (a circle as 24 points)."""
    x, y = float(ob.get("x", 0.0)), float(ob.get("y", 0.0))
    shape = ob.get("shape")
    if shape == "circle":
        r = float(ob.get("radius", 0.0))
        return [(x + r * math.cos(2 * math.pi * k / 24), y + r * math.sin(2 * math.pi * k / 24)) for k in range(24)]
    if shape == "polygon":
        return [(x + float(p[0]), y + float(p[1])) for p in ob.get("points", [])]
    a = math.radians(float(ob.get("rotation", 0.0)))
    c, s = math.cos(a), math.sin(a)
    hl, hw = float(ob.get("length", 0.0)) / 2, float(ob.get("width", 0.0)) / 2
    return [(x + px * c - py * s, y + px * s + py * c) for px, py in ((hl, -hw), (hl, hw), (-hl, hw), (-hl, -hw))]


def obstacle_radius(ob: dict[str, Any]) -> float:
    """Radius of a circle about (x, y) that holds the obstacle."""
    x, y = float(ob.get("x", 0.0)), float(ob.get("y", 0.0))
    pts = obstacle_polygon(ob)
    return max((math.hypot(px - x, py - y) for px, py in pts), default=0.5)


def obstacle_heading(ob: dict[str, Any]) -> float:
    """The direction the obstacle faces, degrees: a rect's rotation, else 0 (a
    polygon's rotation is in its points)."""
    return float(ob.get("rotation", 0.0)) if ob.get("shape") == "rect" else 0.0


def moved(ob: dict[str, Any], x: float, y: float) -> dict[str, Any]:
    out = dict(ob)
    out["x"], out["y"] = r3(x), r3(y)
    return out


def rotated(ob: dict[str, Any], degrees: float) -> dict[str, Any]:
    """Turned counter-clockwise by `degrees` about its centre (a rect's rotation kept in
    [0, 360); a polygon's points turned about (x, y); a circle unchanged)."""
    out = dict(ob)
    if ob.get("shape") == "rect":
        rot = r3((float(ob.get("rotation", 0.0)) + degrees) % 360.0)
        out["rotation"] = 0.0 if rot >= 360.0 else rot
    elif ob.get("shape") == "polygon":
        a = math.radians(degrees)
        c, s = math.cos(a), math.sin(a)
        out["points"] = [_pt(px * c - py * s, px * s + py * c) for px, py in ob.get("points", [])]
    return out


def scaled(ob: dict[str, Any], k: float) -> dict[str, Any]:
    """Grown (k > 1) or shrunk about its centre, each size kept within MIN_SIZE-MAX_SIZE."""
    out = dict(ob)
    shape = ob.get("shape")
    if shape == "circle":
        out["radius"] = r3(min(MAX_SIZE, max(MIN_SIZE, float(ob["radius"]) * k)))
    elif shape == "rect":
        ln, wd = float(ob["length"]), float(ob["width"])
        k = min(max(k, MIN_SIZE / min(ln, wd)), MAX_SIZE / max(ln, wd))
        out["length"], out["width"] = r3(ln * k), r3(wd * k)
    elif shape == "polygon":
        pts = [(float(p[0]), float(p[1])) for p in ob.get("points", [])]
        far = max((max(abs(px), abs(py)) for px, py in pts), default=1.0)
        span = max((math.hypot(px, py) for px, py in pts), default=1.0)
        k = min(max(k, MIN_SIZE / max(span, 1e-6)), MAX_SIZE / max(far, 1e-6))
        out["points"] = [_pt(px * k, py * k) for px, py in pts]
    return out


# --------------------------------------------------------------------------- lines across the course

Pt = tuple[float, float]
ON_EDGE: Final[float] = 0.05
"""A line end this close to an edge is on it (and follows the edge when the width or
the centre line changes)."""


def _dist_to_polyline(p: Pt, pts: list[Pt]) -> float:
    best = math.inf
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        dx, dy = bx - ax, by - ay
        l2 = dx * dx + dy * dy
        t = 0.0 if l2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / l2))
        best = min(best, math.hypot(ax + t * dx - p[0], ay + t * dy - p[1]))
    return best


def _ray_hit(p: Pt, d: Pt, pts: list[Pt]) -> float | None:
    """Smallest t >= 0 with p + t*d on the polyline, or None."""
    best: float | None = None
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        sx, sy = bx - ax, by - ay
        den = d[0] * sy - d[1] * sx
        if abs(den) < 1e-12:
            continue
        wx, wy = ax - p[0], ay - p[1]
        t = (wx * sy - wy * sx) / den
        u = (wx * d[1] - wy * d[0]) / den
        if t >= -1e-9 and -1e-9 <= u <= 1 + 1e-9 and (best is None or t < best):
            best = max(0.0, t)
    return best


def _crossing(a: Pt, b: Pt, pts: list[Pt]) -> Pt | None:
    """Where segment ab first crosses the polyline, or None."""
    d = (b[0] - a[0], b[1] - a[1])
    t = _ray_hit(a, d, pts)
    if t is None or t > 1.0:
        return None
    return (a[0] + t * d[0], a[1] + t * d[1])


def refit_line(seg: Any, centre: list[Pt], old: tuple[list[Pt], list[Pt]],
               new: tuple[list[Pt], list[Pt]]) -> list[list[float]] | None:
    """A line whose ends were on the old edges, with its ends moved to the new edges
    (same crossing of the centre line, same direction); None if it was not on both
    edges or no longer meets them."""
    a = (float(seg[0][0]), float(seg[0][1]))
    b = (float(seg[1][0]), float(seg[1][1]))
    ends = []
    for e in (a, b):
        dl, dr = _dist_to_polyline(e, old[0]), _dist_to_polyline(e, old[1])
        if min(dl, dr) > ON_EDGE:
            return None
        ends.append((e, 0 if dl <= dr else 1))
    if ends[0][1] == ends[1][1]:
        return None
    x = _crossing(a, b, centre)
    if x is None:
        return None
    out = []
    for e, side in ends:
        ln = math.hypot(e[0] - x[0], e[1] - x[1])
        if ln < 1e-9:
            return None
        d = ((e[0] - x[0]) / ln, (e[1] - x[1]) / ln)
        t = _ray_hit(x, d, new[side])
        if t is None:
            return None
        out.append(_pt(x[0] + t * d[0], x[1] + t * d[1]))
    return out


# --------------------------------------------------------------------------- targets


@dataclass(frozen=True)
class Target:
    """An item on the table: a centre-line point (`index`; None: the whole line), an
    edge point (`side` left / right, `index`; side "" : both edges), an obstacle
    (`index`), or a line (`side` start / finish / checkpoint, `index` for a checkpoint,
    `end` 0 / 1 for one of its end points); on a Doomwheel track also a critter, a
    team's fans or a crossing (`index`; a crossing's size handle has `side` "radius"),
    and "laps" (the field, in the sidebar)."""

    kind: str
    index: int | None = None
    side: str = ""
    end: int | None = None

    def describe(self) -> str:
        if self.kind == "centre":
            return "the centre line" if self.index is None else f"centre point {self.index}"
        if self.kind == "edge":
            what = f"{self.side} edge" if self.side else "the edges"
            return what if self.index is None else f"{what} point {self.index}"
        if self.kind == "obstacle":
            return f"obstacle {self.index}"
        if self.kind == "critter":
            return f"critter {self.index}"
        if self.kind == "fan":
            return f"team {(self.index or 0) + 1}'s fans"
        if self.kind == "crossing":
            return f"crossing {self.index}" + (" (its size)" if self.side == "radius" else "")
        if self.kind == "laps":
            return "the laps"
        name = f"checkpoint {self.index}" if self.side == "checkpoint" else f"the {self.side} line"
        return name if self.end is None else f"{name}, end {self.end}"


def field_words(path: str) -> str:
    """A problem's field path in a player's words: `obstacles[0].size` -> "Obstacle 1
    (size)", `edges.left[3]` -> "Left edge, point 4"; other paths as they are."""
    if not path:
        return "The course"
    if path.startswith("width"):
        return "Width"
    t = target_for(path)
    m = re.match(r"[a-z_.]+(?:\[\d+\])*(?:\.(\w+))?$", path)
    tail = f" ({m.group(1)})" if m and m.group(1) and t is not None and t.kind in (
        "obstacle", "critter", "fan", "crossing") else ""
    if t is None:
        return path
    n = "" if t.index is None else f" {t.index + 1}"
    if t.kind == "centre":
        return "Centre line" + (f", point{n}" if n else "")
    if t.kind == "edge":
        return (f"{t.side.capitalize()} edge" if t.side else "Edges") + (f", point{n}" if n else "")
    if t.kind == "line":
        if t.side == "checkpoint":
            return f"Checkpoint{n}"
        return f"{str(t.side).capitalize()} line"
    if t.kind == "laps":
        return "Laps"
    return f"{t.kind.capitalize()}{n}{tail}"


def target_for(path: str) -> Target | None:
    """The item a problem's field path points at, if any."""
    m = re.match(r"obstacles\[(\d+)\]", path)
    if m:
        return Target("obstacle", int(m.group(1)))
    m = re.match(r"centre(?:\[(\d+)\])?", path)
    if m:
        return Target("centre", int(m.group(1)) if m.group(1) is not None else None)
    m = re.match(r"edges\.(left|right)(?:\[(\d+)\])?", path)
    if m:
        return Target("edge", int(m.group(2)) if m.group(2) is not None else None, m.group(1))
    if path.startswith("edges") or path.startswith("width"):
        return Target("edge")
    m = re.match(r"(start|finish)(?:\[(\d)\])?", path)
    if m:
        return Target("line", None, m.group(1), int(m.group(2)) if m.group(2) is not None else None)
    m = re.match(r"checkpoints\[(\d+)\](?:\[(\d)\])?", path)
    if m:
        return Target("line", int(m.group(1)), "checkpoint", int(m.group(2)) if m.group(2) is not None else None)
    m = re.match(r"(critters|fans|crossings)\[(\d+)\]", path)
    if m:
        return Target({"critters": "critter", "fans": "fan", "crossings": "crossing"}[m.group(1)], int(m.group(2)))
    if path == "laps":
        return Target("laps")
    return None


# --------------------------------------------------------------------------- commands


@dataclass
class Command:
    """One edit: the old and the new value of each top-level field it changed
    (_MISSING where the field was absent)."""

    label: str
    before: dict[str, Any]
    after: dict[str, Any]
    serial: int = 0


def _copy(v: Any) -> Any:
    return v if v is _MISSING else copy.deepcopy(v)


def _diff(old: dict[str, Any], new: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    keys = [k for k in sorted(set(old) | set(new)) if old.get(k, _MISSING) != new.get(k, _MISSING)]
    return ({k: _copy(old.get(k, _MISSING)) for k in keys}, {k: _copy(new.get(k, _MISSING)) for k in keys})


# --------------------------------------------------------------------------- files


def shipped_dir(ruleset: str | None = None) -> str:
    """The ruleset's shipped levels (None or an unknown name: the first ruleset's)."""
    from game.core import registry
    reg = (registry.find(ruleset) if ruleset else None) or registry.default()
    return os.path.join(ROOT, *reg.levels_dir.split("/"))


def shipped_dirs() -> list[str]:
    from game.core import registry
    return [shipped_dir(r.name) for r in registry.every()]


def user_dir() -> str:
    """The player's own courses: courses/ in the per-user data folder."""
    return course_list.user_dir()


def is_shipped(path: str | None) -> bool:
    if not path:
        return False
    return os.path.dirname(os.path.realpath(path)) in {os.path.realpath(d) for d in shipped_dirs()}


def slug(name: str) -> str:
    """A file name for a course name: lower case, letters, digits and underscores."""
    s = re.sub(r"[^a-z0-9]+", "_", name.strip().lower()).strip("_")[:40].strip("_")
    return s or "course"


def course_files() -> list[CourseEntry]:
    """The courses there are to open: the shipped ones, then the player's own, each
    read once through the one listing (game.levels.course_list): a file that does not
    load is listed with its reason (``opens`` is False)."""
    return course_list.list_courses(None)


def backup_path(path: str) -> str:
    return path + ".bak"


# --------------------------------------------------------------------------- the model


@dataclass
class _Derived:
    revision: int = -1
    course: Course | None = None
    load_problems: list[Problem] = field(default_factory=list)
    check_revision: int = -1
    problems: list[Problem] = field(default_factory=list)


class EditorModel:
    """One course being edited (see the module docstring)."""

    def __init__(self, data: dict[str, Any] | None = None, path: str | None = None,
                 history_limit: int = HISTORY_LIMIT) -> None:
        self.data: dict[str, Any] = copy.deepcopy(data) if data is not None else starter_data()
        self.path = path
        self.history_limit = history_limit
        self.undo_stack: list[Command] = []
        self.redo_stack: list[Command] = []
        self._serial = 0
        self._saved_token = 0
        self.revision = 0  # bumped by every change of `data`
        self._gesture: tuple[str, dict[str, Any]] | None = None
        self._derived = _Derived()
        self._last_good: Course | None = None
        self._build()

    # --- construction ---------------------------------------------------------------
    def __getattr__(self, name: str) -> Any:
        """The edits and readings a ruleset's ui room gives for its own fields
        (game.ui.editor_kit.EditorPart.edits), answered as the model's own."""
        if name.startswith("__"):
            raise AttributeError(name)
        for part in editor_kit.parts():
            if part.edits is not None:
                try:
                    attr = inspect.getattr_static(part.edits, name)
                except AttributeError:
                    continue
                return attr.__get__(self, type(self)) if hasattr(attr, "__get__") else attr
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def ruleset(self) -> str:
        """The ruleset the course is for (a file that does not say: the default one)."""
        got = self.data.get("ruleset")
        return str(got) if got is not None else editor_kit.default_ruleset()

    @classmethod
    def new(cls, name: str = "New course", ruleset: str | None = None) -> EditorModel:
        """The ruleset's new level (its ui room's "new_level" part): the Wild Race's 80"
        straight (the default), or a Doomwheel track's small figure-eight."""
        from game.core import registry
        registry.load("ui")
        reg = registry.find(ruleset) if ruleset else None
        make = reg.part("new_level") if reg is not None else None
        return cls(make(name) if make is not None else starter_data(name))

    @classmethod
    def open(cls, path: str) -> EditorModel:
        """A course file, made canonical (raises BadInput if it does not load)."""
        course = course_from_json(load_json_file(path), path)
        return cls(course_to_json(course), path)

    # --- derived: the course and its problems -----------------------------------------
    def _build(self) -> _Derived:
        d = self._derived
        if d.revision != self.revision:
            d.revision = self.revision
            try:
                d.course = course_from_json(self.data, self.path or "<new course>")
                d.load_problems = []
                self._last_good = d.course
            except BadInput as e:
                d.course = None
                d.load_problems = list(getattr(e, "problems", None) or [Problem("error", e.field, e.reason)])
        return d

    @property
    def course(self) -> Course | None:
        """The course as it stands, or None if it does not load (see `problems`)."""
        return self._build().course

    @property
    def last_good(self) -> Course | None:
        """The latest state of the course that loaded (to draw while it does not)."""
        self._build()
        return self._last_good

    @property
    def problems(self) -> list[Problem]:
        """Loading problems, or (once it loads) check_course's errors and warnings."""
        d = self._build()
        if d.check_revision != self.revision:
            d.check_revision = self.revision
            if d.course is None:
                d.problems = list(d.load_problems)
            else:
                try:
                    d.problems = check_course(d.course)
                except Exception as e:  # noqa: BLE001 - the checks must never take the editor down
                    d.problems = [Problem("error", "", f"the checks failed: {e}")]
        return d.problems

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity != "error"]

    # --- history ----------------------------------------------------------------------
    def _token(self) -> int:
        return self.undo_stack[-1].serial if self.undo_stack else 0

    @property
    def dirty(self) -> bool:
        """Whether there are changes since the last save (or since opening)."""
        return self._token() != self._saved_token or self._gesture is not None

    @property
    def can_undo(self) -> bool:
        return bool(self.undo_stack) and self._gesture is None

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack) and self._gesture is None

    def _put(self, values: dict[str, Any]) -> None:
        new = dict(self.data)
        for k, v in values.items():
            if v is _MISSING:
                new.pop(k, None)
            else:
                new[k] = _copy(v)
        self.data = new
        self.revision += 1

    def _record(self, label: str, before: dict[str, Any], after: dict[str, Any]) -> Command:
        self._serial += 1
        cmd = Command(label, before, after, self._serial)
        self.undo_stack.append(cmd)
        del self.undo_stack[:-self.history_limit]
        self.redo_stack.clear()
        return cmd

    def change(self, label: str, values: dict[str, Any]) -> Command | None:
        """Set top-level fields (a value of _MISSING removes the field) as one command;
        inside a gesture, just show it. None if nothing changed."""
        if self._gesture is not None:
            self._put(values)
            return None
        old = {k: self.data.get(k, _MISSING) for k in values}
        before, after = _diff(old, {k: v for k, v in values.items()})
        if not before:
            return None
        self._put(after)
        return self._record(label, before, after)

    def undo(self) -> str | None:
        """Undo the last command; its label, or None if there is none."""
        if not self.can_undo:
            return None
        cmd = self.undo_stack.pop()
        self._put(cmd.before)
        self.redo_stack.append(cmd)
        return cmd.label

    def redo(self) -> str | None:
        if not self.can_redo:
            return None
        cmd = self.redo_stack.pop()
        self._put(cmd.after)
        self.undo_stack.append(cmd)
        return cmd.label

    # --- gestures (drags) --------------------------------------------------------------
    def begin(self, label: str) -> None:
        """Start a gesture: edits show at once and become one command at `end()`."""
        if self._gesture is not None:
            self.end()
        self._gesture = (label, copy.deepcopy(self.data))

    @property
    def in_gesture(self) -> bool:
        return self._gesture is not None

    def gesture_base(self) -> dict[str, Any]:
        """The data as it was when the gesture began (the data if there is none)."""
        return self._gesture[1] if self._gesture is not None else self.data

    def end(self) -> Command | None:
        if self._gesture is None:
            return None
        label, base = self._gesture
        self._gesture = None
        before, after = _diff(base, self.data)
        if not before:
            return None
        return self._record(label, before, after)

    def cancel(self) -> None:
        if self._gesture is None:
            return
        _, base = self._gesture
        self._gesture = None
        self.data = base
        self.revision += 1

    # --- reading the data ----------------------------------------------------------------
    @property
    def name(self) -> str:
        return str(self.data.get("name", ""))

    @property
    def by_width(self) -> bool:
        return "width" in self.data

    @property
    def width(self) -> float | None:
        w = self.data.get("width")
        return float(w) if w is not None else None

    def centre(self) -> list[tuple[float, float]]:
        return [(float(p[0]), float(p[1])) for p in self.data.get("centre", [])]

    def edge(self, side: str) -> list[tuple[float, float]]:
        """An edge's points: given ones, else those drawn by width (of the last course
        that loaded)."""
        e = self.data.get("edges")
        if isinstance(e, dict):
            return [(float(p[0]), float(p[1])) for p in e.get(side, [])]
        c = self.last_good
        return list(getattr(c, side)) if c is not None else []

    def obstacles(self) -> list[dict[str, Any]]:
        return list(self.data.get("obstacles", []))

    def line(self, key: str, index: int | None = None) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """The start / finish line (given, else the default of the last course that
        loaded) or checkpoint `index`."""
        if key == "checkpoint":
            cps = self.data.get("checkpoints", [])
            if index is None or not 0 <= index < len(cps):
                return None
            (a, b) = cps[index]
            return ((float(a[0]), float(a[1])), (float(b[0]), float(b[1])))
        seg = self.data.get(key)
        if seg is not None:
            return ((float(seg[0][0]), float(seg[0][1])), (float(seg[1][0]), float(seg[1][1])))
        c = self.last_good
        if c is None:
            return None
        return c.start if key == "start" else c.finish

    @property
    def circuit(self) -> bool:
        return self.data.get("laps") is not None

    # --- the centre line ------------------------------------------------------------------
    def _polyline_set(self, pts: list[list[float]], i: int, x: float, y: float) -> list[list[float]]:
        pts = [list(p) for p in pts]
        pts[i] = _pt(x, y)
        if self.circuit and len(pts) > 2 and i in (0, len(pts) - 1):  # a circuit stays closed
            pts[0] = pts[-1] = _pt(x, y)
        return pts

    def set_centre_point(self, i: int, x: float, y: float) -> Command | None:
        pts = self.data["centre"]
        if not 0 <= i < len(pts):
            return None
        return self.change(f"move centre point {i}", self._follow({"centre": self._polyline_set(pts, i, x, y)}))

    def insert_centre_point(self, i: int, x: float, y: float) -> Command | None:
        """A new point before index `i` (len: after the last)."""
        pts = [list(p) for p in self.data["centre"]]
        if not 0 <= i <= len(pts):
            return None
        pts.insert(i, _pt(x, y))
        return self.change(f"add centre point {i}", self._follow({"centre": pts}))

    def delete_centre_point(self, i: int) -> Command | None:
        pts = [list(p) for p in self.data["centre"]]
        if len(pts) <= (4 if self.circuit else 2) or not 0 <= i < len(pts):
            return None
        if self.circuit and i in (0, len(pts) - 1):
            return None
        del pts[i]
        return self.change(f"delete centre point {i}", self._follow({"centre": pts}))

    # --- width and edges ----------------------------------------------------------------------
    def set_width(self, w: float) -> Command | None:
        """A new width; start, finish and checkpoint lines that ran edge to edge keep
        doing so."""
        if not self.by_width or not math.isfinite(w):
            return None
        w = r3(min(MAX_WIDTH, max(MIN_WIDTH, w)))
        return self.change("set the width", self._follow({"width": w}))

    def _follow(self, values: dict[str, Any]) -> dict[str, Any]:
        """`values` (a new centre line or width of a width-drawn course) plus the given
        lines refitted to the new edges (see refit_line)."""
        old_w = self.width
        if old_w is None:
            return values
        centre = [(float(p[0]), float(p[1])) for p in values.get("centre", self.data.get("centre", []))]
        new_w = float(values.get("width", old_w))
        try:
            old_c = self.centre()
            old = (list(offset_polyline(old_c, old_w / 2)), list(offset_polyline(old_c, -old_w / 2)))
            new = (list(offset_polyline(centre, new_w / 2)), list(offset_polyline(centre, -new_w / 2)))
        except (ValueError, ZeroDivisionError, IndexError):
            return values
        out = dict(values)
        for key in ("start", "finish"):
            if key in self.data:
                got = refit_line(self.data[key], centre, old, new)
                if got is not None:
                    out[key] = got
        cps = self.data.get("checkpoints")
        if cps:
            new_cps = [refit_line(cp, centre, old, new) or [list(cp[0]), list(cp[1])] for cp in cps]
            if new_cps != cps:
                out["checkpoints"] = new_cps
        return out

    def use_edges(self) -> Command | None:
        """Switch from width to explicit edges (where the width drew them)."""
        c = self.course
        if not self.by_width or c is None:
            return None
        edges = {"left": [_pt(*p) for p in c.left], "right": [_pt(*p) for p in c.right]}
        return self.change("draw the edges", {"width": _MISSING, "edges": edges})

    def use_width(self, w: float | None = None) -> Command | None:
        """Switch from explicit edges to a width (by default the width at the start,
        to the half inch)."""
        if self.by_width:
            return None
        if w is None:
            c = self.course or self.last_good
            w = round(c.width_at(c.start_progress) * 2) / 2 if c is not None else STARTER_WIDTH
        return self.change("edges by width", {"edges": _MISSING, "width": r3(min(MAX_WIDTH, max(MIN_WIDTH, w)))})

    def _edges(self) -> dict[str, list[list[float]]] | None:
        e = self.data.get("edges")
        return {k: [list(p) for p in v] for k, v in e.items()} if isinstance(e, dict) else None

    def set_edge_point(self, side: str, i: int, x: float, y: float) -> Command | None:
        e = self._edges()
        if e is None or not 0 <= i < len(e.get(side, [])):
            return None
        e[side] = self._polyline_set(e[side], i, x, y)
        return self.change(f"move {side} edge point {i}", {"edges": e})

    def insert_edge_point(self, side: str, i: int, x: float, y: float) -> Command | None:
        e = self._edges()
        if e is None or not 0 <= i <= len(e.get(side, [])):
            return None
        e[side].insert(i, _pt(x, y))
        return self.change(f"add {side} edge point {i}", {"edges": e})

    def delete_edge_point(self, side: str, i: int) -> Command | None:
        e = self._edges()
        if e is None or not 0 <= i < len(e.get(side, [])) or len(e[side]) <= (4 if self.circuit else 2):
            return None
        if self.circuit and i in (0, len(e[side]) - 1):
            return None
        del e[side][i]
        return self.change(f"delete {side} edge point {i}", {"edges": e})

    # --- start, finish, checkpoints -------------------------------------------------------------
    def set_line_end(self, key: str, end: int, x: float, y: float, index: int | None = None) -> Command | None:
        """Move one end of the start / finish line (a default line becomes a given one)
        or of checkpoint `index`."""
        seg = self.line(key, index)
        if seg is None or end not in (0, 1):
            return None
        pts = [_pt(*seg[0]), _pt(*seg[1])]
        pts[end] = _pt(x, y)
        if key == "checkpoint":
            cps = [[list(a), list(b)] for a, b in self.data.get("checkpoints", [])]
            assert index is not None
            cps[index] = pts
            return self.change(f"move checkpoint {index}", {"checkpoints": cps})
        if key == "finish" and self.circuit:
            return None
        return self.change(f"move the {key} line", {key: pts})

    def checkpoint_at(self, x: float, y: float) -> list[list[float]] | None:
        """The line across the course, edge to edge, perpendicular to the centre line at
        its point nearest (x, y) (None if the course does not load or it meets no edge)."""
        c = self.course
        if c is None:
            return None
        s = c.progress(x, y)
        px, py = c.point_at(s)
        tx, ty = c.tangent_at(s)
        nx, ny = -ty, tx
        tl = _ray_hit((px, py), (nx, ny), list(c.left))
        tr = _ray_hit((px, py), (-nx, -ny), list(c.right))
        if tl is None or tr is None:
            return None
        return [_pt(px + nx * tl, py + ny * tl), _pt(px - nx * tr, py - ny * tr)]

    def add_checkpoint(self, x: float, y: float) -> int | None:
        """A checkpoint (format 2) across the course at the centre-line point nearest
        (x, y), perpendicular to the centre line from edge to edge, put in race order;
        its index. None if the course does not load or the line meets no edge."""
        c = self.course
        seg = self.checkpoint_at(x, y)
        if c is None or seg is None:
            return None
        s = c.progress(x, y)
        cps = [[list(a), list(b)] for a, b in self.data.get("checkpoints", [])]

        def along(cp: list[list[float]]) -> float:
            return c.progress((cp[0][0] + cp[1][0]) / 2, (cp[0][1] + cp[1][1]) / 2)

        i = sum(1 for cp in cps if along(cp) <= s)
        cps.insert(i, seg)
        values: dict[str, Any] = {"checkpoints": cps}
        if int(self.data.get("format", 1)) < 2:
            values["format"] = 2  # checkpoints came with format 2
        self.change(f"add checkpoint {i}", values)
        return i

    def delete_checkpoint(self, i: int) -> Command | None:
        cps = [[list(a), list(b)] for a, b in self.data.get("checkpoints", [])]
        if not 0 <= i < len(cps):
            return None
        del cps[i]
        return self.change(f"delete checkpoint {i}", {"checkpoints": cps if cps else _MISSING})

    def reset_line(self, key: str) -> Command | None:
        """The start or finish line back to its default place (across the course at the
        first / last centre point)."""
        if key not in ("start", "finish") or key not in self.data:
            return None
        return self.change(f"reset the {key} line", {key: _MISSING})

    # --- obstacles ----------------------------------------------------------------------------
    def free_id(self, look: str) -> str:
        used = {str(o.get("id")) for o in self.obstacles()}
        n = 1
        while f"{look}-{n}" in used:
            n += 1
        return f"{look}-{n}"

    def add_obstacle(self, look: str, x: float, y: float, size: str | None = None) -> int | None:
        """Add a preset obstacle centred at (x, y); its index."""
        preset = PRESETS.get(look)
        if preset is None:
            return None
        ob: dict[str, Any] = {"id": self.free_id(look), "look": look, "x": r3(x), "y": r3(y)}
        ob.update(copy.deepcopy(preset))
        if size is not None:
            ob["size"] = size
        obs = self.obstacles() + [ob]
        self.change(f"add {ob['id']}", {"obstacles": obs})
        return len(obs) - 1

    def set_obstacle(self, i: int, ob: dict[str, Any], label: str = "") -> Command | None:
        obs = self.obstacles()
        if not 0 <= i < len(obs):
            return None
        obs[i] = ob
        return self.change(label or f"change {ob.get('id')}", {"obstacles": obs})

    def move_obstacle(self, i: int, x: float, y: float) -> Command | None:
        obs = self.obstacles()
        if not 0 <= i < len(obs):
            return None
        return self.set_obstacle(i, moved(obs[i], x, y), f"move {obs[i].get('id')}")

    def rotate_obstacle(self, i: int, degrees: float) -> Command | None:
        obs = self.obstacles()
        if not 0 <= i < len(obs):
            return None
        return self.set_obstacle(i, rotated(obs[i], degrees), f"turn {obs[i].get('id')}")

    def scale_obstacle(self, i: int, k: float) -> Command | None:
        obs = self.obstacles()
        if not 0 <= i < len(obs):
            return None
        return self.set_obstacle(i, scaled(obs[i], k), f"resize {obs[i].get('id')}")

    def set_obstacle_size(self, i: int, size: str) -> Command | None:
        obs = self.obstacles()
        if not 0 <= i < len(obs) or size not in ("small", "large"):
            return None
        ob = dict(obs[i])
        ob["size"] = size
        return self.set_obstacle(i, ob, f"make {ob.get('id')} {size}")

    def delete_obstacle(self, i: int) -> Command | None:
        obs = self.obstacles()
        if not 0 <= i < len(obs):
            return None
        gone = obs.pop(i)
        return self.change(f"delete {gone.get('id')}", {"obstacles": obs})

    # --- other fields ----------------------------------------------------------------------------
    def rename(self, name: str) -> Command | None:
        name = name.strip()[:80]
        if not name:
            return None
        return self.change("rename the course", {"name": name})

    def delete(self, t: Target) -> Command | None:
        """Delete what a target points at: a point, an obstacle, a checkpoint; a given
        start or finish line goes back to its default place."""
        if t.kind == "centre" and t.index is not None:
            return self.delete_centre_point(t.index)
        if t.kind == "edge" and t.side and t.index is not None:
            return self.delete_edge_point(t.side, t.index)
        if t.kind == "obstacle" and t.index is not None:
            return self.delete_obstacle(t.index)
        if t.kind == "line" and t.side == "checkpoint" and t.index is not None:
            return self.delete_checkpoint(t.index)
        if t.kind == "line" and t.side in ("start", "finish"):
            return self.reset_line(t.side)
        return self._room_edit("delete_target", t)  # type: ignore[no-any-return]

    def exists(self, t: Target) -> bool:
        """Whether a target still points at something (after an undo it may not)."""
        if t.kind == "centre":
            return t.index is None or 0 <= t.index < len(self.data.get("centre", []))
        if t.kind == "edge":
            if not t.side or t.index is None:
                return True
            return 0 <= t.index < len(self.edge(t.side))
        if t.kind == "obstacle":
            return t.index is not None and 0 <= t.index < len(self.obstacles())
        if t.kind == "line":
            return self.line(t.side, t.index) is not None
        return bool(self._room_edit("target_exists", t))

    def _room_edit(self, name: str, *args: Any) -> Any:
        """The first answer (not None) of a ruleset's own edit `name` (its editor part's
        `edits`), None if none has one."""
        for part in editor_kit.parts():
            fn = getattr(part.edits, name, None) if part.edits is not None else None
            if fn is not None:
                got = fn(self, *args)
                if got is not None:
                    return got
        return None

    # --- files ------------------------------------------------------------------------------------
    def save_as_path(self, name: str) -> str:
        """Where "save as" puts a course called `name`: next to the course being edited
        if that is a shipped one, else in the player's courses folder; a file name not
        used by another course."""
        folder = os.path.dirname(os.path.abspath(self.path)) if self.path and is_shipped(self.path) else user_dir()
        base = slug(name)
        path = os.path.join(folder, base + ".json")
        n = 2
        while os.path.exists(path) and not (self.path and os.path.abspath(path) == os.path.abspath(self.path)):
            path = os.path.join(folder, f"{base}_{n}.json")
            n += 1
        return path

    def save(self, path: str | None = None) -> str:
        """Write the course to `path` (default: where it came from) with the canonical
        writer, atomically, keeping the previous file as FILE.bak. Raises BadInput if
        the course does not load (it cannot be written as a course) and OSError if the
        file cannot be written; returns the path."""
        path = path or self.path
        if not path:
            raise BadInput("<new course>", "", "the course has no file yet: use save as")
        if self._gesture is not None:
            self.end()
        course = course_from_json(self.data, path)
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        if os.path.isfile(path):
            with open(path, "rb") as f:
                write_atomic(backup_path(path), f.read())
        save_course(course, path)
        self.path = path
        self._saved_token = self._token()
        return path

    def mark_saved(self) -> None:
        self._saved_token = self._token()


def changed_fields(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """The top-level fields whose values differ (for tests and messages)."""
    return sorted(k for k in set(a) | set(b) if a.get(k, _MISSING) != b.get(k, _MISSING))


def problem_lines(problems: Iterable[Problem]) -> list[str]:
    return [f"{p.severity}: {p.field or '(course)'}: {p.reason}" for p in problems]
