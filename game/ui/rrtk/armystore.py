"""The player's armies on disk: army files in the per-user data folder's `armies`
folder (game.core.paths), written and read by the army file module
(game.rules.rrtk.armyfile: the one loader, its checks); army sheets (PNG) beside
them in `army-sheets`. Every failure comes back as one line of words (never a
traceback): the screen shows it in a dialog. No pygame."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from typing import Any

from game.core.errors import BadInput
from game.core.paths import data_dir

SUFFIX = ".json"


def armies_dir() -> str:
    return os.path.join(data_dir(), "armies")


def sheets_dir() -> str:
    return os.path.join(data_dir(), "army-sheets")


def file_stem(name: str) -> str:
    """A file name from an army's name: letters, digits and hyphens."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return stem[:60] or "army"


@dataclass(frozen=True)
class Saved:
    """A saved army file: its path, name (from the file when it reads; else the
    file's own name) and modification time."""

    path: str
    name: str
    mtime: float


def listing() -> list[Saved]:
    """Every army file in the folder, newest first. A file that will not read is
    listed under its file name (loading it says why)."""
    folder = armies_dir()
    if not os.path.isdir(folder):
        return []
    out = []
    for f in os.listdir(folder):
        if not f.endswith(SUFFIX) or f.startswith("."):
            continue
        p = os.path.join(folder, f)
        try:
            mtime = os.path.getmtime(p)
        except OSError:
            continue
        out.append(Saved(p, f[: -len(SUFFIX)], mtime))
    return sorted(out, key=lambda s: (-s.mtime, s.name))


def to_text(army: Any) -> str:
    """The army file's text (game.rules.rrtk.armyfile: canonical, the same army the same bytes)."""
    from game.rules.rrtk import armyfile
    return str(armyfile.army_text(army))


def save(army: Any, path: str | None = None) -> tuple[str | None, str]:
    """Write the army (to `path`, else a new file named after it). (path, "") or
    (None, why)."""
    folder = armies_dir()
    try:
        os.makedirs(folder, exist_ok=True)
        if path is None:
            stem = file_stem(army.name or "army")
            path = os.path.join(folder, stem + SUFFIX)
            k = 2
            while os.path.exists(path):
                path = os.path.join(folder, f"{stem}-{k}{SUFFIX}")
                k += 1
        from game.rules.rrtk import armyfile
        armyfile.write_army(path, army)
    except (OSError, ValueError, ImportError) as e:
        return None, f"The army could not be saved: {e}"
    return path, ""


def load(path: str) -> tuple[Any, str]:
    """(army, "") or (None, one line saying why the file will not load)."""
    from game.rules.rrtk import armyfile
    try:
        return armyfile.read_army(path), ""
    except BadInput as e:
        return None, e.line()
    except (OSError, ValueError, KeyError, ImportError) as e:
        return None, f"{os.path.basename(path)}: {e}"


def rename(path: str, new_name: str) -> tuple[str | None, str]:
    """Give a saved army a new name (inside the file, and the file's own name)."""
    name = " ".join(new_name.split())[:60]
    if not name:
        return None, "An army needs a name."
    army, why = load(path)
    if army is None:
        return None, why
    same = os.path.join(os.path.dirname(path), file_stem(name) + SUFFIX)
    new_path, why = save(replace(army, name=name), path if os.path.abspath(same) == os.path.abspath(path) else None)
    if new_path is None:
        return None, why
    if os.path.abspath(new_path) != os.path.abspath(path):
        try:
            os.remove(path)
        except OSError as e:
            return new_path, f"The renamed copy is saved, but the old file stays: {e}"
    return new_path, ""


def delete(path: str) -> str:
    """Delete a saved army file (only a file in the armies folder). "" or why not."""
    if os.path.dirname(os.path.abspath(path)) != os.path.abspath(armies_dir()):
        return "Only an army in the armies folder is deleted here."
    try:
        os.remove(path)
    except OSError as e:
        return f"The army could not be deleted: {e}"
    return ""


def sheet_path(name: str) -> str:
    os.makedirs(sheets_dir(), exist_ok=True)
    return os.path.join(sheets_dir(), file_stem(name) + ".png")


__all__ = ["Saved", "armies_dir", "delete", "listing", "load", "rename", "save", "sheet_path", "sheets_dir",
           "to_text", "BadInput"]
