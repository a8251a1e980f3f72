"""Hostile files for the folders the game reads (issue 12): each kind, the words its
refusal must contain, and a watchdog that turns a hang on a named pipe into a test
failure instead of a suite that never ends."""

from __future__ import annotations

import contextlib
import os
import pathlib
import threading
from typing import Iterator

# kind -> the words the reason shown for it contains
REASONS: dict[str, str] = {
    "deep": "nested too deeply",
    "huge": "too large",
    "not_utf8": "not UTF-8",
    "truncated": "truncated",
    "pipe": "named pipe",
    "folder": "is a folder",
    "wrong_kind": "",  # each folder words it its own way (see WRONG_KIND)
    "newer": "newer than this program reads",
    "nan": "NaN is not allowed",
}
KINDS = tuple(REASONS)
CAN_PIPE = hasattr(os, "mkfifo")

# the "kind" a file of this folder must have, and the words refusing another
WRONG_KIND: dict[str, tuple[str, str]] = {
    "courses": ('{"format": 1, "kind": "save"}', "must be 'course'"),
    "saves": ('{"format": 1, "kind": "course"}', "not a save"),
    "autosave": ('{"format": 1, "kind": "course"}', "not a save"),
    "replays": ('{"format": 1, "kind": "save"}', "not a replay"),
    "settings": ("[1, 2, 3]", "expected a JSON object"),
}


def reason(kind: str, folder: str) -> str:
    """The words the refusal of this kind of file in this folder contains."""
    return WRONG_KIND[folder][1] if kind == "wrong_kind" else REASONS[kind]


def write_hostile(path: pathlib.Path, kind: str, folder: str, *, real_huge: bool = False) -> pathlib.Path:
    """Put a hostile file of `kind` at `path` (for the folder named `folder`).

    "huge" is a valid 20 MB JSON array when `real_huge` (what took the old listing 40-59 s
    and about 1 GB), else a sparse 20 MB file (the size cap refuses either unread)."""
    if kind == "deep":
        path.write_text("[" * 100_000 + "]" * 100_000)
    elif kind == "huge":
        if real_huge:
            with open(path, "w") as f:
                f.write("[" + "0," * 10_000_000 + "0]")
        else:
            with open(path, "wb") as f:
                f.truncate(20_000_000)
    elif kind == "not_utf8":
        path.write_bytes(b'{"format": 1, "name": "Caf\xe9 \xff\xfe"}')
    elif kind == "truncated":
        path.write_text('{"format": 1, "kind": "course", "name": "Half a')
    elif kind == "pipe":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
        (path / "inside.json").write_text("{}")
    elif kind == "wrong_kind":
        path.write_text(WRONG_KIND[folder][0])
    elif kind == "newer":
        path.write_text('{"format": 999, "kind": "course", "ruleset": "wild-race", "name": "From the future"}')
    elif kind == "nan":
        path.write_text('{"format": 1, "kind": "course", "ruleset": "wild-race", "name": "x", "width": NaN}')
    else:  # pragma: no cover
        raise ValueError(kind)
    return path


def fill_folder(folder: pathlib.Path, name: str, *, real_huge: bool = False) -> dict[pathlib.Path, str]:
    """One hostile file of every kind in `folder` (x-<kind>.json): path -> the reason's words."""
    folder.mkdir(parents=True, exist_ok=True)
    out = {}
    for kind in KINDS:
        if kind == "pipe" and not CAN_PIPE:
            continue
        path = write_hostile(folder / f"x-{kind}.json", kind, name, real_huge=real_huge)
        out[path] = reason(kind, name)
    return out


@contextlib.contextmanager
def pipe_watchdog(folder: pathlib.Path, patience: float = 60.0) -> Iterator[dict[str, bool]]:
    """While the block runs, a thread waits (at most `patience` seconds) for it to end;
    if it has not, something is blocked opening a named pipe under `folder`: the thread
    opens every pipe there for writing and closes it, which lets the blocked reader go
    on (it reads an empty file), and records the hang. The caller asserts that
    ``hung["hung"]`` stayed False: a regression fails the test instead of hanging it."""
    done = threading.Event()
    state = {"hung": False}

    def watch() -> None:
        while not done.wait(patience):
            state["hung"] = True
            for pipe in folder.rglob("*"):
                if pipe.is_fifo():
                    try:
                        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
                    except OSError:  # no reader blocked on this one
                        pass

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        done.set()
        thread.join()
