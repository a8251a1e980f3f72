"""Writing save and replay files: readable JSON with exact floats, written atomically
(a temporary file in the same folder, fsync, rename, fsync the folder), optionally
keeping the previous file as `<name>.bak`.

A kill at any moment leaves `<name>` either the old file or the new one, complete,
and `<name>.bak` either the file before that or the old one; a leftover temporary
file (`.<name>.*.tmp`) is never read and is cleared by `remove_stale_temps`.

`STAGE_HOOK` is for tests only: called with the stage name ("partial": half of the
new file written; "written": all of it, fsynced; "backed-up": the .bak replaced;
"renamed": the new file in place) so a test can kill the writer at each point.
"""

from __future__ import annotations

import itertools
import json
import os
import tempfile
from typing import Any, Callable

STAGE_HOOK: Callable[[str], None] | None = None

_WIDTH = 110
_counter = itertools.count()


def _stage(name: str) -> None:
    if STAGE_HOOK is not None:
        STAGE_HOOK(name)


def dumps(value: Any) -> str:
    """JSON text: sorted keys, floats exact (shortest repr, so a load gives the very
    same float), small objects and lists on one line, others one item a line."""
    out: list[str] = []
    _write(value, "", out)
    out.append("\n")
    return "".join(out)


_ENCODER = json.JSONEncoder(sort_keys=True, separators=(", ", ": "), ensure_ascii=False, allow_nan=False)


def _one(value: Any) -> str:
    return _ENCODER.encode(value)


class RawList:
    """A list whose items are already JSON text (one line each): written one a line
    without encoding them again (the history of a long game, autosaved every turn)."""

    __slots__ = ("items",)

    def __init__(self, items: list[str]) -> None:
        self.items = items


def encode_line(value: Any) -> str:
    """One value as one line of JSON (for RawList)."""
    return _ENCODER.encode(value)


def _may_fit(value: Any, budget: int = 24) -> bool:
    """Whether `value` is small enough to try on one line (without writing it out)."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            budget -= len(v)
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            budget -= len(v)
            stack.extend(v)
        if budget < 0:
            return False
    return True


def _write(value: Any, indent: str, out: list[str]) -> None:
    if isinstance(value, RawList):
        if not value.items:
            out.append("[]")
            return
        inner = ",\n" + indent + " "
        out.append("[\n" + indent + " " + inner.join(value.items) + "\n" + indent + "]")
        return
    if isinstance(value, (dict, list, tuple)) and value:
        if _may_fit(value):
            flat = _one(value)
            if len(flat) + len(indent) <= _WIDTH:
                out.append(flat)
                return
        inner = indent + " "
        if isinstance(value, dict):
            out.append("{\n")
            keys = sorted(value)
            for i, k in enumerate(keys):
                out.append(inner + json.dumps(str(k), ensure_ascii=False) + ": ")
                _write(value[k], inner, out)
                out.append(",\n" if i < len(keys) - 1 else "\n")
            out.append(indent + "}")
        else:
            out.append("[\n")
            for i, item in enumerate(value):
                out.append(inner)
                _write(item, inner, out)
                out.append(",\n" if i < len(value) - 1 else "\n")
            out.append(indent + "]")
        return
    out.append(_one(value))


def _fsync_dir(folder: str) -> None:
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        dfd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:  # pragma: no cover
        return
    try:
        os.fsync(dfd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(dfd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def write_atomic(path: str, text: str, *, keep_backup: bool = False) -> None:
    """Write `text` (UTF-8) to `path` atomically; with keep_backup the file it
    replaces is kept as `path + ".bak"` (itself replaced atomically)."""
    target = os.path.abspath(path)
    folder = os.path.dirname(target)
    base = os.path.basename(target)
    data = text.encode("utf-8")
    try:
        mode = os.stat(target).st_mode & 0o777
    except OSError:
        mode = 0o644
    fd, tmp = tempfile.mkstemp(prefix=f".{base}.", suffix=".tmp", dir=folder)
    try:
        try:
            try:
                os.fchmod(fd, mode)
            except (OSError, AttributeError):  # pragma: no cover - no modes (Windows)
                pass
            half = len(data) // 2
            _write_all(fd, data[:half])
            _stage("partial")
            _write_all(fd, data[half:])
            os.fsync(fd)
        finally:
            os.close(fd)
        _stage("written")
        if keep_backup and os.path.isfile(target):
            _backup(target, folder, base)
            _stage("backed-up")
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _stage("renamed")
    _fsync_dir(folder)


def _backup(target: str, folder: str, base: str) -> None:
    """Replace `target.bak` by the current `target`, atomically (a hard link when the
    file system has them, else a copy), so `target` stays in place meanwhile."""
    tmp = os.path.join(folder, f".{base}.bak.{os.getpid()}.{next(_counter)}.tmp")
    try:
        try:
            os.link(target, tmp)
        except OSError:
            with open(target, "rb") as src:
                data = src.read()
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            try:
                _write_all(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
        os.replace(tmp, target + ".bak")
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def remove_stale_temps(folder: str) -> int:
    """Delete temporary files a killed writer left in `folder`; returns how many."""
    n = 0
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return 0
    for name in names:
        if name.startswith(".") and name.endswith(".tmp"):
            try:
                os.unlink(os.path.join(folder, name))
                n += 1
            except OSError:
                pass
    return n
