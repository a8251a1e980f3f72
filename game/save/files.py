"""Writing save and replay files: readable JSON with exact floats, written atomically
(a temporary file in the same folder, fsync, rename, fsync the folder), optionally
keeping the previous file as `<name>.bak`.

A kill at any moment leaves `<name>` either the old file or the new one, complete,
and `<name>.bak` either the file before that or the old one; a leftover temporary
file (`.<name>.*.tmp`) is never read; `clean_stale_temps` removes those left in every
folder the program writes (the menu calls it at start-up).

`STAGE_HOOK` is for tests only: called with the stage name ("partial": half of the
new file written; "written": all of it, fsynced; "backed-up": the .bak replaced;
"renamed": the new file in place) so a test can kill the writer at each point.
"""

from __future__ import annotations

import json
import os
import re
import stat
import time
from typing import Any, Callable

from game.core import atomic

STAGE_HOOK: Callable[[str], None] | None = None

_WIDTH = 110


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


def write_atomic(path: str, text: str, *, keep_backup: bool = False) -> None:
    """Write `text` (UTF-8) to `path` atomically; with keep_backup the file it
    replaces is kept as `path + ".bak"` (itself replaced atomically). The one writer
    is game.core.atomic; STAGE_HOOK sees its stages."""
    atomic.write_atomic(path, text, keep_backup=keep_backup, stage=_stage)


# The temporary names this program's writers use, and nothing else:
# `.<name>.json.<8 random>.tmp` (write_atomic, jsonload.save_text_atomic, the editor),
# `.<name>.json.bak.<pid>.<n>.tmp` (the backup) and `.<name>.png.<pid>.tmp.png` (reports).
_OWN_TEMP = re.compile(r"^\.[^/\\]+\.json(?:\.bak)?\.(?:[a-z0-9_]{8}|bak\.\d+\.\d+)\.tmp$"
                       r"|^\.[^/\\]+\.png\.\d+\.tmp\.png$")

STALE_AFTER = 60.0
"""Seconds a temporary file must have been left alone before start-up removes it: a
younger one may be another copy of the program writing at this moment."""


def is_own_temp(name: str) -> bool:
    """Whether a file name is one of this program's temporary names."""
    return bool(_OWN_TEMP.match(name))


def remove_stale_temps(folder: str, min_age: float = 0.0) -> int:
    """Delete the temporary files a killed writer left in `folder` (only this program's
    own names, only regular files, not in sub-folders, and only those last changed at
    least `min_age` seconds ago); returns how many."""
    n = 0
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return 0
    now = time.time()
    for name in names:
        if not is_own_temp(name):
            continue
        path = os.path.join(folder, name)
        try:
            st = os.lstat(path)
            if not stat.S_ISREG(st.st_mode) or now - st.st_mtime < min_age:
                continue
            os.unlink(path)
            n += 1
        except OSError:
            pass
    return n


def data_folders() -> list[str]:
    """Every folder the program writes files into: the data folder itself (settings),
    saves, the autosave, replays, the player's courses and race reports."""
    from game.core.paths import autosave_dir, data_dir, replays_dir, saves_dir
    root = data_dir()
    return [root, saves_dir(), autosave_dir(), replays_dir(), os.path.join(root, "courses"),
            os.path.join(root, "reports")]


def clean_stale_temps(min_age: float = STALE_AFTER) -> int:
    """At start-up: remove what killed writers left in every folder the program
    writes (see remove_stale_temps); returns how many files were removed."""
    return sum(remove_stale_temps(folder, min_age) for folder in data_folders())
