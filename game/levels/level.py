"""What every level file has, whatever it holds: the problems found in it, the
collector that reads a file without stopping at the first problem, and the readers
of points, polylines, segments and lists of objects with their field paths.

A course (``game.levels.course``) is read with these; a battlefield joins the same
way: its own reader on this collector, its own kind, its own fields.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Callable, Final, Sequence, TypeVar

from game.core.errors import BadInput
from game.core.jsonload import Obj, Val, describe, join_index, join_key
from game.levels.plane import Point, Segment

T = TypeVar("T")


@dataclass(frozen=True)
class Problem:
    """One finding about a course: severity "error" or "warning", field path, reason.

    Loading problems (wrong types, unknown fields, a newer format, ...) are errors;
    check_course adds errors (broken geometry) and warnings (set-up guidance)."""

    severity: str
    field: str
    reason: str

    def line(self, source: str = "") -> str:
        where = f"{source}: " if source else ""
        return f"{where}{self.severity}: {self.field}: {self.reason}"


class LevelError(BadInput):
    """A level that cannot be loaded. Every problem found is in `problems`; the message
    (`line()`) names the first and says how many more there are."""

    def __init__(self, source: str, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        first = self.problems[0]
        more = len(self.problems) - 1
        reason = first.reason + (f" (and {more} more problem{'s' if more != 1 else ''})" if more else "")
        super().__init__(source, first.field, reason)


MAX_UNKNOWN_SHOWN: Final[int] = 20
"""Unknown fields reported one by one in one object; the rest are counted."""


def _key_text(key: str) -> str:
    """A field name fit for a one-line message (control characters escaped, cut short)."""
    text = key if key.isprintable() else json.dumps(key)
    return text if len(text) <= 60 else text[:57] + "..."


class _Report:
    """Collects the problems of one file instead of stopping at the first."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[Problem] = []

    def add(self, path: str, reason: str) -> None:
        self.problems.append(Problem("error", path, reason))

    def take(self, read: Callable[[], T], default: T) -> T:
        """`read()`, or `default` after recording the BadInput it raised."""
        try:
            return read()
        except BadInput as exc:
            self.add(exc.field, exc.reason)
            return default

    def unknown(self, o: Obj, allowed: Sequence[str], notes: dict[str, str] | None = None) -> None:
        """Report every field of `o` not in `allowed` (in sorted order; `notes` gives a
        reason of its own for some keys)."""
        notes = notes or {}
        bad = sorted(k for k in o.data if k not in allowed)
        known = ", ".join(sorted(allowed))
        shown = 0
        for key in bad:
            if key in notes:
                self.add(o.field(key), notes[key])
                continue
            if shown == MAX_UNKNOWN_SHOWN:
                rest = len([k for k in bad if k not in notes]) - shown
                self.add(o.path, f"... and {rest} more unknown fields")
                break
            self.add(join_key(o.path, _key_text(key)), f"unknown field (known fields: {known})")
            shown += 1


def _read_point(rep: _Report, v: Val) -> Point | None:
    val = v.value
    if isinstance(val, list) and len(val) == 2:
        x = rep.take(Val(val[0], v.source, join_index(v.path, 0)).coord, None)
        y = rep.take(Val(val[1], v.source, join_index(v.path, 1)).coord, None)
        return None if x is None or y is None else (x, y)
    rep.take(v.point, None)  # the message for a value that is not [x, y]
    return None


def _read_points(rep: _Report, v: Val, *, min_len: int, max_len: int) -> tuple[Point, ...] | None:
    items = rep.take(lambda: v.lst(min_len=min_len, max_len=max_len), None)
    if items is None:
        return None
    pts = [_read_point(rep, item) for item in items]
    if any(p is None for p in pts):
        return None
    return tuple(p for p in pts if p is not None)


def _read_polyline(rep: _Report, v: Val, *, min_len: int, max_len: int) -> tuple[Point, ...] | None:
    """Points with no point repeating the one before it (a zero-length segment)."""
    pts = _read_points(rep, v, min_len=min_len, max_len=max_len)
    if pts is None:
        return None
    ok = True
    for i in range(1, len(pts)):
        if pts[i] == pts[i - 1]:
            rep.add(join_index(v.path, i), "repeats the previous point")
            ok = False
    return pts if ok else None


def _read_segment(rep: _Report, v: Val) -> Segment | None:
    val = v.value
    if isinstance(val, list) and len(val) == 2:
        a = _read_point(rep, Val(val[0], v.source, join_index(v.path, 0)))
        b = _read_point(rep, Val(val[1], v.source, join_index(v.path, 1)))
        if a is None or b is None:
            return None
        if a == b:
            rep.add(v.path, "the two end points are the same")
            return None
        return (a, b)
    rep.take(v.segment, None)  # the message for a value that is not a segment
    return None


def _read_objects(rep: _Report, o: Obj, key: str, max_len: int) -> list[Val]:
    """The items of an optional list (each to be read as an object)."""
    v = o.maybe(key)
    if v is None:
        return []
    items: list[Val] = rep.take(lambda: v.lst(max_len=max_len), [])
    return items


def _layer(rep: _Report, o: Obj, key: str, max_len: int, read: Callable[[_Report, Obj], T | None]) -> list[T]:
    out: list[T] = []
    for item in _read_objects(rep, o, key, max_len):
        obj = rep.take(item.obj, None)
        if obj is not None:
            got = read(rep, obj)
            if got is not None:
                out.append(got)
    return out


def _pt(p: Point) -> list[float]:
    return [p[0], p[1]]


def _check_polyline(o: Obj | None, key: str, pts: Sequence[Point], source: str) -> None:
    """Refuse a polyline with a repeated consecutive point (a zero-length segment)."""
    for i in range(1, len(pts)):
        if pts[i] == pts[i - 1]:
            path = f"{o.field(key) if o is not None else key}[{i}]"
            raise BadInput(source, path, "repeats the previous point")


def read_head(rep: _Report, o: Obj, kind: str, newest: int) -> tuple[int, list[Problem] | None]:
    """The head every level file starts with: ``format`` (1 up to `newest`) and ``kind``
    (`kind`: "course"). Returns (the format, None), a missing field recorded in `rep`
    (the format then counts as `newest`); or (0, the problems to report instead of any
    other) for a newer format (its other fields may be ones this program does not know)
    or another kind of file."""
    version = newest
    fv = o.maybe("format")
    if fv is None:
        rep.add("format", "missing required field")
    else:
        n = rep.take(lambda: fv.integer(lo=1), None)
        if n is not None and n > newest:
            return 0, [Problem("error", "format", f"this {kind} uses format {n}, newer than this program reads "
                                                  f"(up to {newest}); update the program")]
        if n is not None:
            version = n
    kv = o.maybe("kind")
    if kv is None:
        rep.add("kind", "missing required field")
    elif kv.value != kind:
        v = kv.value
        shown = repr(v[:40]) if isinstance(v, str) else describe(v)
        return 0, rep.problems + [Problem("error", "kind", f"must be {kind!r} (got {shown})")]
    return version, None
