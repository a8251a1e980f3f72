"""The one hardened JSON loader (and canonical writer) for every file the program reads.

Import every name below from here. The decoding lives in ``game.core.jsonparse``, the
writer in ``game.core.jsonwrite``; this module holds the validating wrappers (``Val``,
``Obj``) and re-exports the rest.

CONTRACTS.md §6: courses, scenarios, saves, replays and settings are all read through
this module. Whatever goes wrong, the caller gets a single exception type,
`game.core.errors.BadInput(source, field, reason)`, whose `.line()` reads
``FILE: field.path: reason`` (exit code 2 on the command line, a dialog in the game).

Reading a file
--------------
``load_json_file(path, *, max_bytes=5_000_000)`` and ``parse_json_text(text, source)``
return the decoded JSON value. They refuse, with a clear reason:

- a missing file, a folder, anything that is not a regular file (a named pipe, whose
  open would block forever, a socket, a device: refused from ``os.stat`` before any
  open), a file that cannot be read (permission, I/O error);
- more than ``max_bytes`` bytes (5 MB by default) and an empty (or all-blank) file;
- bytes that are not UTF-8 (a UTF-8 byte-order mark is accepted and skipped);
- invalid JSON (the reason gives line and column; a file that ends early says so);
- nesting deeper than ``MAX_DEPTH`` (including the RecursionError that 100 000 ``[``
  would raise inside the decoder);
- ``NaN``, ``Infinity``, ``-Infinity`` and numbers too large for a float (``1e999``),
  and integers longer than ``MAX_INT_DIGITS`` digits;
- duplicate keys in one object.

Non-finite numbers and duplicate keys are reported with the field path where they
occur (e.g. ``obstacles[3].radius: NaN is not allowed``).

Validating a structure
----------------------
A decoded value is checked through two small wrappers that carry the source name and
the field path, so every problem names its field:

- ``Val(value, source, path)``: one value; converters ``obj()``, ``num(lo=, hi=)``
  (finite int or float, never a bool; returned as float), ``integer(lo=, hi=)``,
  ``string(choices=, min_len=, max_len=)``, ``boolean()``, ``lst(min_len=, max_len=)``
  (a list of ``Val`` items with paths ``key[i]``), ``coord()`` (a number with
  ``|x| <= MAX_COORD``), ``point()`` (``[x, y]``), ``points(min_len=, max_len=)``,
  ``segment()`` (two points) and ``fail(reason)``.
- ``Obj``: a JSON object. ``Obj.root(value, source)`` wraps the top level. Each
  converter above exists on ``Obj`` with the key as first argument and an optional
  ``default`` (a missing key without a default is an error "missing required field"),
  e.g. ``o.num("radius", lo=0.1, hi=100)``, ``o.lst("obstacles", max_len=200)``,
  ``o.obj("edges")``, ``o.opt_obj("edges")``. ``req(key, kind)`` / ``opt(key, kind,
  default)`` check a plain Python type. ``format_version(current)`` refuses a newer
  format with a clear message; ``const(key, value)`` checks a fixed tag such as
  ``"kind": "course"``. ``done()`` must be called once all fields were read: it
  raises BadInput naming the first unknown field (in sorted order, so the report is
  deterministic) and lists the known ones. ``fail(key, reason)`` raises for a field.

A loader therefore reads::

    o = Obj.root(load_json_file(path), str(path))
    o.format_version(1)
    o.const("kind", "course")
    name = o.string("name", max_len=80)
    for item in o.lst("obstacles", max_len=200, default=[]):
        ob = item.obj()
        radius = ob.num("radius", lo=0.01, hi=100.0)
        ob.done()
    o.done()

Absurd sizes: lists take a caller-supplied ``max_len``; coordinates are capped at
``MAX_COORD`` (10 000 inches); strings at ``MAX_STRING`` characters unless the caller
gives ``max_len``.

Writing a file
--------------
``canonical_dumps(value)`` is the one canonical writer: sorted keys, 2-space indent,
floats rounded to 6 decimals with trailing zeros stripped (``format_float``), ints as
ints, short lists of scalars on one line, a newline at the end. So load -> save ->
load -> save is byte-identical. ``save_json_file(path, value)`` writes it atomically
(temporary file in the same folder, fsync, ``os.replace``).
"""

from __future__ import annotations

import math
from typing import Any, Final, NoReturn, Sequence, TypeVar, overload

from game.core.errors import BadInput
from game.core.jsonparse import (
    MAX_BYTES,
    MAX_COORD,
    MAX_DEPTH,
    MAX_INT_DIGITS,
    MAX_STRING,
    join_index,
    join_key,
    load_json_file,
    parse_json_text,
)
from game.core.jsonwrite import canonical_dumps, format_float, save_json_file, save_text_atomic

__all__ = [
    "MAX_BYTES", "MAX_COORD", "MAX_DEPTH", "MAX_INT_DIGITS", "MAX_STRING", "MISSING", "Obj", "Point", "Val",
    "canonical_dumps", "describe", "format_float", "join_index", "join_key", "load_json_file", "parse_json_text",
    "save_json_file", "save_text_atomic",
]

Point = tuple[float, float]
T = TypeVar("T")


class _Missing:
    """Marker for "no default given" (distinct from None, which is a valid default)."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Final[Any] = _Missing()


# --------------------------------------------------------------------------- validating


def describe(value: Any) -> str:
    """Short name of a JSON value's kind, for messages ("a string", "a list", ...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _fmt_num(x: float) -> str:
    if isinstance(x, float):
        return format_float(x) if abs(x) < 1e15 else repr(x)
    return str(x) if abs(x) < 10**15 else f"{x:.3e}"


def _check_range(val: Val, x: float, lo: float | None, hi: float | None) -> None:
    if lo is not None and x < lo:
        val.fail(f"must be at least {_fmt_num(lo)} (got {_fmt_num(x)})")
    if hi is not None and x > hi:
        val.fail(f"must be at most {_fmt_num(hi)} (got {_fmt_num(x)})")


class Val:
    """One decoded JSON value with its source name and field path."""

    __slots__ = ("value", "source", "path")

    def __init__(self, value: Any, source: str, path: str = "") -> None:
        self.value = value
        self.source = source
        self.path = path

    def fail(self, reason: str) -> NoReturn:
        """Raise BadInput for this value's field."""
        raise BadInput(self.source, self.path, reason)

    def _expected(self, what: str) -> NoReturn:
        self.fail(f"expected {what}, got {describe(self.value)}")

    def obj(self) -> Obj:
        """This value as an object (for further field reads)."""
        if not isinstance(self.value, dict):
            self._expected("an object")
        return Obj(self.value, self.source, self.path)

    def num(self, *, lo: float | None = None, hi: float | None = None) -> float:
        """A finite number (int or float, not true/false) in [lo, hi], as a float."""
        v = self.value
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            self._expected("a number")
        if isinstance(v, int):
            if abs(v) > 10**15:
                self.fail(f"number {v} is too large")
            x = float(v)
        else:
            x = v
        if not math.isfinite(x):
            self.fail("numbers must be finite")
        _check_range(self, x, lo, hi)
        return x

    def integer(self, *, lo: int | None = None, hi: int | None = None) -> int:
        """A whole number (an int, or a float with no fraction such as 3.0) in [lo, hi]."""
        v = self.value
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            self._expected("a whole number")
        if isinstance(v, float):
            if not math.isfinite(v) or v != math.floor(v) or abs(v) > 2.0**53:
                self.fail(f"expected a whole number, got {_fmt_num(v)}")
            n = int(v)
        else:
            n = v
        if lo is not None and n < lo:
            self.fail(f"must be at least {lo} (got {n})")
        if hi is not None and n > hi:
            self.fail(f"must be at most {hi} (got {n})")
        return n

    def string(
        self,
        *,
        choices: Sequence[str] | None = None,
        min_len: int = 0,
        max_len: int = MAX_STRING,
    ) -> str:
        """A string (optionally one of `choices`) of min_len..max_len characters."""
        v = self.value
        if not isinstance(v, str):
            self._expected("a string")
        try:
            v.encode("utf-8")
        except UnicodeEncodeError:
            self.fail("string contains an unpaired surrogate escape")
        if choices is not None:
            if v not in choices:
                self.fail(f"must be one of {', '.join(repr(c) for c in choices)} (got {v[:40]!r})")
            return v
        if len(v) < min_len:
            self.fail("must not be empty" if min_len == 1 else f"must have at least {min_len} characters")
        if len(v) > max_len:
            self.fail(f"too long ({len(v)} characters; at most {max_len})")
        return v

    def boolean(self) -> bool:
        """true or false."""
        if not isinstance(self.value, bool):
            self._expected("true or false")
        return self.value

    def lst(self, *, min_len: int = 0, max_len: int) -> list[Val]:
        """A list of min_len..max_len items, each wrapped with its path ``key[i]``."""
        v = self.value
        if not isinstance(v, list):
            self._expected("a list")
        if len(v) < min_len:
            self.fail(f"needs at least {min_len} item{'s' if min_len != 1 else ''} (got {len(v)})")
        if len(v) > max_len:
            self.fail(f"too many items ({len(v)}; at most {max_len})")
        return [Val(item, self.source, join_index(self.path, i)) for i, item in enumerate(v)]

    def coord(self) -> float:
        """A coordinate: a finite number with |x| <= MAX_COORD inches."""
        return self.num(lo=-MAX_COORD, hi=MAX_COORD)

    def point(self) -> Point:
        """A point ``[x, y]`` of two coordinates."""
        v = self.value
        if not isinstance(v, list):
            self._expected("a point [x, y]")
        if len(v) != 2:
            self.fail(f"expected a point [x, y] (2 numbers), got a list of {len(v)}")
        x = Val(v[0], self.source, join_index(self.path, 0)).coord()
        y = Val(v[1], self.source, join_index(self.path, 1)).coord()
        return (x, y)

    def points(self, *, min_len: int = 0, max_len: int) -> tuple[Point, ...]:
        """A list of min_len..max_len points."""
        return tuple(item.point() for item in self.lst(min_len=min_len, max_len=max_len))

    def segment(self) -> tuple[Point, Point]:
        """A segment ``[[x, y], [x, y]]`` of two distinct points."""
        v = self.value
        if not isinstance(v, list):
            self._expected("a segment [[x, y], [x, y]]")
        if len(v) != 2:
            self.fail(f"expected a segment [[x, y], [x, y]] (2 points), got a list of {len(v)}")
        a, b = self.points(min_len=2, max_len=2)
        if a == b:
            self.fail("the two end points are the same")
        return (a, b)


class Obj:
    """A JSON object being validated: reads fields by key and remembers which it read.

    Call `done()` after reading every field: any field not asked about is an error.
    """

    __slots__ = ("data", "source", "path", "_seen")

    def __init__(self, data: dict[str, Any], source: str, path: str = "") -> None:
        self.data = data
        self.source = source
        self.path = path
        self._seen: set[str] = set()

    @classmethod
    def root(cls, value: Any, source: str) -> Obj:
        """Wrap the top-level value of a file, which must be an object."""
        if not isinstance(value, dict):
            raise BadInput(source, "", f"expected a JSON object at the top level, got {describe(value)}")
        return cls(value, source, "")

    # -- plumbing
    def field(self, key: str) -> str:
        """The field path of `key` in this object."""
        return join_key(self.path, key)

    def fail(self, key: str, reason: str) -> NoReturn:
        """Raise BadInput for field `key` of this object ("" = the object itself)."""
        raise BadInput(self.source, self.field(key) if key else self.path, reason)

    def has(self, key: str) -> bool:
        """Whether `key` is present (also marks it as a known field)."""
        self._seen.add(key)
        return key in self.data

    def get(self, key: str) -> Val:
        """The value of a required field."""
        self._seen.add(key)
        if key not in self.data:
            self.fail(key, "missing required field")
        return Val(self.data[key], self.source, self.field(key))

    def maybe(self, key: str) -> Val | None:
        """The value of an optional field, or None when it is absent."""
        self._seen.add(key)
        if key not in self.data:
            return None
        return Val(self.data[key], self.source, self.field(key))

    # -- plain type checks
    def req(self, key: str, kind: type | tuple[type, ...]) -> Any:
        """A required field of Python type `kind` (bool is never an int; int counts as float)."""
        val = self.get(key)
        return _check_kind(val, kind)

    def opt(self, key: str, kind: type | tuple[type, ...], default: Any) -> Any:
        """An optional field of Python type `kind`, or `default`."""
        val = self.maybe(key)
        if val is None:
            return default
        return _check_kind(val, kind)

    # -- converters: `default` omitted -> the field is required; given -> returned as is
    #    when the field is absent (it is not validated).
    @overload
    def num(self, key: str, *, lo: float | None = None, hi: float | None = None) -> float: ...
    @overload
    def num(self, key: str, *, lo: float | None = None, hi: float | None = None, default: T) -> float | T: ...
    def num(self, key: str, *, lo: float | None = None, hi: float | None = None, default: Any = MISSING) -> Any:
        """A finite number in [lo, hi] (see Val.num)."""
        val = self._val(key, default)
        return default if val is None else val.num(lo=lo, hi=hi)

    @overload
    def integer(self, key: str, *, lo: int | None = None, hi: int | None = None) -> int: ...
    @overload
    def integer(self, key: str, *, lo: int | None = None, hi: int | None = None, default: T) -> int | T: ...
    def integer(self, key: str, *, lo: int | None = None, hi: int | None = None, default: Any = MISSING) -> Any:
        """A whole number in [lo, hi] (see Val.integer)."""
        val = self._val(key, default)
        return default if val is None else val.integer(lo=lo, hi=hi)

    @overload
    def string(
        self, key: str, *, choices: Sequence[str] | None = None, min_len: int = 0, max_len: int = MAX_STRING
    ) -> str: ...
    @overload
    def string(
        self,
        key: str,
        *,
        choices: Sequence[str] | None = None,
        min_len: int = 0,
        max_len: int = MAX_STRING,
        default: T,
    ) -> str | T: ...
    def string(
        self,
        key: str,
        *,
        choices: Sequence[str] | None = None,
        min_len: int = 0,
        max_len: int = MAX_STRING,
        default: Any = MISSING,
    ) -> Any:
        """A string, optionally one of `choices` (see Val.string)."""
        val = self._val(key, default)
        return default if val is None else val.string(choices=choices, min_len=min_len, max_len=max_len)

    @overload
    def boolean(self, key: str) -> bool: ...
    @overload
    def boolean(self, key: str, *, default: T) -> bool | T: ...
    def boolean(self, key: str, *, default: Any = MISSING) -> Any:
        """true or false."""
        val = self._val(key, default)
        return default if val is None else val.boolean()

    @overload
    def lst(self, key: str, *, min_len: int = 0, max_len: int) -> list[Val]: ...
    @overload
    def lst(self, key: str, *, min_len: int = 0, max_len: int, default: T) -> list[Val] | T: ...
    def lst(self, key: str, *, min_len: int = 0, max_len: int, default: Any = MISSING) -> Any:
        """A list field as ``Val`` items (paths ``key[i]``)."""
        val = self._val(key, default)
        return default if val is None else val.lst(min_len=min_len, max_len=max_len)

    @overload
    def coord(self, key: str) -> float: ...
    @overload
    def coord(self, key: str, *, default: T) -> float | T: ...
    def coord(self, key: str, *, default: Any = MISSING) -> Any:
        """A coordinate, |x| <= MAX_COORD."""
        val = self._val(key, default)
        return default if val is None else val.coord()

    @overload
    def point(self, key: str) -> Point: ...
    @overload
    def point(self, key: str, *, default: T) -> Point | T: ...
    def point(self, key: str, *, default: Any = MISSING) -> Any:
        """A point [x, y]."""
        val = self._val(key, default)
        return default if val is None else val.point()

    @overload
    def points(self, key: str, *, min_len: int = 0, max_len: int) -> tuple[Point, ...]: ...
    @overload
    def points(self, key: str, *, min_len: int = 0, max_len: int, default: T) -> tuple[Point, ...] | T: ...
    def points(self, key: str, *, min_len: int = 0, max_len: int, default: Any = MISSING) -> Any:
        """A list of min_len..max_len points."""
        val = self._val(key, default)
        return default if val is None else val.points(min_len=min_len, max_len=max_len)

    @overload
    def segment(self, key: str) -> tuple[Point, Point]: ...
    @overload
    def segment(self, key: str, *, default: T) -> tuple[Point, Point] | T: ...
    def segment(self, key: str, *, default: Any = MISSING) -> Any:
        """A segment [[x, y], [x, y]] of two distinct points."""
        val = self._val(key, default)
        return default if val is None else val.segment()

    def obj(self, key: str) -> Obj:
        """A required object field."""
        return self.get(key).obj()

    def opt_obj(self, key: str) -> Obj | None:
        """An optional object field, or None."""
        val = self.maybe(key)
        return None if val is None else val.obj()

    # -- file-level helpers
    def format_version(self, current: int, *, key: str = "format", what: str = "file") -> int:
        """Read the `format` number; refuse one newer than `current` (checked first, so a
        newer file is refused for its version, not for the fields it added)."""
        n = self.get(key).integer(lo=1)
        if n > current:
            self.fail(
                key,
                f"this {what} uses format {n}, newer than this program reads (up to {current}); "
                "update the program",
            )
        return n

    def const(self, key: str, expected: str) -> str:
        """A required string field that must equal `expected` (a file-kind tag)."""
        v = self.get(key).value
        if v != expected:
            shown = repr(v[:40]) if isinstance(v, str) else describe(v)
            self.fail(key, f"must be {expected!r} (got {shown})")
        return expected

    def done(self) -> None:
        """Raise BadInput naming the first unknown field (sorted order), if any."""
        unknown = sorted(k for k in self.data if k not in self._seen)
        if unknown:
            known = ", ".join(sorted(self._seen))
            self.fail(unknown[0], f"unknown field (known fields: {known})")

    def _val(self, key: str, default: Any) -> Val | None:
        if default is MISSING:
            return self.get(key)
        return self.maybe(key)


def _check_kind(val: Val, kind: type | tuple[type, ...]) -> Any:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    v = val.value
    if isinstance(v, bool):
        if bool in kinds:
            return v
        val.fail(f"expected {_kind_names(kinds)}, got {describe(v)}")
    if isinstance(v, int) and int not in kinds and float in kinds:
        return val.num()
    if isinstance(v, float) and float in kinds:
        return val.num()
    if isinstance(v, kinds):
        return v
    val.fail(f"expected {_kind_names(kinds)}, got {describe(v)}")


_KIND_NAMES: Final[dict[type, str]] = {
    bool: "true/false",
    int: "a whole number",
    float: "a number",
    str: "a string",
    list: "a list",
    dict: "an object",
    type(None): "null",
}


def _kind_names(kinds: tuple[type, ...]) -> str:
    return " or ".join(_KIND_NAMES.get(k, k.__name__) for k in kinds)

