"""The compiled build (mypyc) of the hot modules, kept out of the work tree.

`make play` (tools/fast.py ensure) builds it once into build/fast/ and writes a stamp
there: the sources it was built from, their hash, and where each module's compiled
file is. `python -m game` calls `activate()`, which puts the build in front of the
pure modules only when the stamp's hash still matches the sources: a compiled module
older than its .py is never imported, and with no build (or a stale one) the game
runs pure Python. The work tree itself stays pure, so `make test` tests pure Python.

Imports nothing of the game (it runs before any game module is imported); the AI
worker processes, started by `spawn`, activate the same build through the
environment (game/__init__.py). WILD_TABLE_PURE=1 keeps everything pure.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from importlib.machinery import ExtensionFileLoader, ModuleSpec
from typing import Any, Sequence

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "build", "fast")
STAMP = "stamp.json"
ENV_BUILD = "WILD_TABLE_COMPILED"  # set by activate(): child processes use the same build
ENV_PURE = "WILD_TABLE_PURE"  # set (to anything but "" or "0"): never use the build
PROBE = "game.core.angles"
NO_BUILD = "no compiled build"
QUIET = (NO_BUILD, f"{ENV_PURE} is set")  # reasons `python -m game` does not mention  # imported at activation: the build's shared library loads


def source_hash(sources: Sequence[str], root: str | None = None) -> str:
    """The hash a build is stamped with: the Python that loads it and every compiled
    module's source (path and bytes)."""
    h = hashlib.sha256()
    h.update(f"{sys.implementation.cache_tag} {sys.version}\n".encode())
    for rel in sources:
        h.update(rel.encode() + b"\0")
        with open(os.path.join(root or ROOT, rel), "rb") as f:
            h.update(f.read())
        h.update(b"\0")
    return h.hexdigest()


def read_stamp(build: str | None = None) -> dict[str, Any] | None:
    try:
        with open(os.path.join(build or BUILD, STAMP)) as f:
            stamp = json.load(f)
    except (OSError, ValueError):
        return None
    return stamp if isinstance(stamp, dict) else None


def check(build: str | None = None, root: str | None = None) -> tuple[dict[str, str] | None, str]:
    """(module name -> compiled file, "") when the build at `build` (default BUILD) is
    usable for the sources under `root` (default ROOT); else (None, why not)."""
    build, root = build or BUILD, root or ROOT
    stamp = read_stamp(build)
    if stamp is None or not stamp.get("ok"):
        return None, NO_BUILD
    try:
        sources = [str(s) for s in stamp["sources"]]
        files = {str(k): os.path.join(build, str(v)) for k, v in stamp["files"].items()}
        if source_hash(sources, root) != stamp["hash"]:
            return None, "the sources changed since the compiled build"
    except (KeyError, TypeError, AttributeError, OSError):
        return None, "the compiled build's stamp is unreadable"
    missing = [f for f in files.values() if not os.path.isfile(f)]
    if missing or not files:
        return None, "the compiled build is incomplete"
    return files, ""


class _Finder:
    """Finds the compiled modules (and the build's shared library) in the build."""

    def __init__(self, files: dict[str, str]) -> None:
        self.files = files

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        f = self.files.get(name)
        if f is None:
            return None
        return importlib.util.spec_from_file_location(name, f, loader=ExtensionFileLoader(name, f))


def active() -> bool:
    return any(isinstance(f, _Finder) for f in sys.meta_path)


def _pure_asked() -> bool:
    return os.environ.get(ENV_PURE, "") not in ("", "0")


def activate(build: str | None = None, root: str | None = None) -> str:
    """Use the compiled build if it matches the sources: "" when it is in use, else
    why not (the game then runs pure Python). Never raises."""
    if active():
        return ""
    if _pure_asked():
        return f"{ENV_PURE} is set"
    build = build or os.environ.get(ENV_BUILD) or BUILD
    try:
        files, why = check(build, root)
    except Exception as e:  # pragma: no cover - an unreadable build is no build
        files, why = None, f"the compiled build could not be checked ({e})"
    if files is None:
        return why
    early = [name for name in files if name in sys.modules]
    if early:  # a pure module already in use: mixing the two would not be the build's program
        return f"too late: {early[0]} is already imported"
    finder = _Finder(files)
    sys.meta_path.insert(0, finder)
    try:
        if PROBE in files:
            __import__(PROBE)
    except Exception as e:  # noqa: BLE001 - any failure of the build: pure Python
        sys.meta_path.remove(finder)
        for name in files:
            sys.modules.pop(name, None)
        return f"the compiled build would not load ({type(e).__name__}: {e})"
    os.environ[ENV_BUILD] = build
    return ""


def activate_for_child() -> None:
    """In a process the game started (the AI worker): the parent's build, if it had one."""
    if os.environ.get(ENV_BUILD) and not _pure_asked():
        activate(os.environ[ENV_BUILD])


def status() -> str:
    """One line for the player: which build runs."""
    return "compiled" if active() else "pure Python"
