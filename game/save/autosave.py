"""Unfinished games (docs/save-format.md "The autosave"): every game the window plays
autosaves into a file of its own in the autosave folder, so leaving one race and
starting another never loses the first.

- A new game gets a new file, `autosave/<ruleset>-<UTC time>-<random>.json`, written
  at once, at the start of every turn, when the window closes or the player leaves,
  and at the end; the previous version is kept as its `.bak`.
- A resumed game goes on in the file it came from (a game loaded from the player's
  own saves gets a file of its own).
- A finished game's file is dropped once its replay is kept; the newest
  MAX_UNFINISHED unfinished games are kept, older ones are dropped when a new game
  starts.
- `unfinished_games()` lists them newest first (last written), cheaply (the summary
  and the digest, no rebuild); `load_unfinished` loads one (the .bak if the file
  itself will not load); `discard` deletes one file and its .bak, and never anything
  outside the autosave folder.

The file `autosave/autosave.json` of earlier versions (one slot for every game) is
listed like the others.
"""

from __future__ import annotations

import os
import secrets
import time
from dataclasses import dataclass
from typing import Any

from game.core.errors import BadInput
from game.core.paths import autosave_dir

MAX_UNFINISHED = 5
LEGACY_NAME = "autosave.json"


@dataclass
class Unfinished:
    """An unfinished game in the autosave folder: `slot` is its file, `path` the file
    it will load from (the slot, or its .bak when only that reads), `summary` the
    save's summary (ruleset, course, turn, players ...), `when` the time it was last
    written (seconds since the epoch)."""

    slot: str
    path: str
    summary: dict[str, Any]
    when: float

    @property
    def ruleset(self) -> str:
        return str(self.summary.get("ruleset", ""))

    @property
    def course(self) -> str:
        return str(self.summary.get("course", "")) or "a course"

    @property
    def turn(self) -> int:
        t = self.summary.get("turn", 0)
        return t if isinstance(t, int) and not isinstance(t, bool) else 0

    @property
    def players(self) -> list[str]:
        got = self.summary.get("players", [])
        return [str(p) for p in got] if isinstance(got, list) else []


def autosave_path() -> str:
    """The single autosave file of earlier versions (still listed and resumed)."""
    return os.path.join(autosave_dir(), LEGACY_NAME)


def slot_of(path: str) -> str | None:
    """The autosave file `path` belongs to (itself, or the file of which it is the
    .bak), or None if it is not a file in the autosave folder."""
    main = path[:-4] if path.endswith(".json.bak") else path
    if not main.endswith(".json") or os.path.basename(main).startswith("."):
        return None
    try:
        if os.path.realpath(os.path.dirname(os.path.abspath(main))) != os.path.realpath(autosave_dir()):
            return None
    except (OSError, ValueError):
        return None
    return main


def new_slot(ruleset: str) -> str:
    """A fresh file name in the autosave folder for a new game."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    safe = "".join(c if c.isalnum() else "-" for c in ruleset) or "game"
    while True:
        path = os.path.join(autosave_dir(), f"{safe}-{stamp}-{secrets.token_hex(3)}.json")
        if not os.path.exists(path):
            return path


def write_autosave(game: Any, extra: dict[str, Any] | None = None) -> str:
    """Autosave a recorded game (a RecordedGame, or a Session after `attach`) to its own
    file, keeping the previous version as the .bak; a game's first autosave makes its
    file and drops the oldest unfinished games beyond MAX_UNFINISHED. Returns the path."""
    from game.save.savefile import recorded, save_game
    rg = recorded(game)
    path = rg.autosave_file
    first = path is None
    if path is None:
        path = rg.autosave_file = new_slot(rg.record.setup.ruleset)
    save_game(path, rg, keep_backup=True, extra=extra)
    if first:
        prune(keep=path)
    return path


def drop(game: Any) -> None:
    """Forget a finished game's autosave (its replay is kept)."""
    from game.save.savefile import recorded
    rg = recorded(game)
    if rg.autosave_file is not None:
        discard(rg.autosave_file)


def _files() -> list[str]:
    folder = autosave_dir()
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return [os.path.join(folder, n) for n in names if n.endswith(".json") and not n.startswith(".")]


def _mtime(path: str) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0


def _read(slot: str) -> tuple[str, dict[str, Any]] | None:
    """(the path to load from, its summary) for an autosave file, falling back on its
    .bak when the file itself does not read; None if neither does. The .bak of a
    finished game is never offered (the game ended after it)."""
    from game.save.savefile import read_summary
    for path in (slot, slot + ".bak"):
        if not os.path.isfile(path):
            continue
        try:
            summary = read_summary(path)
        except BadInput:
            continue
        return path, summary
    return None


def unfinished_games() -> list[Unfinished]:
    """Every unfinished game in the autosave folder, newest first (last written)."""
    out = []
    for slot in _files():
        got = _read(slot)
        if got is None or got[1].get("finished"):
            continue
        path, summary = got
        out.append(Unfinished(slot, path, summary, _mtime(path)))
    out.sort(key=lambda u: (-u.when, u.slot))
    return out


def load_unfinished(game: Unfinished) -> Any:
    """Load an unfinished game (a LoadedGame), from its file or else its .bak.
    BadInput (the file's own reason) if neither loads."""
    from game.save.savefile import load_game
    first: BadInput | None = None
    for path in dict.fromkeys((game.path, game.slot, game.slot + ".bak")):
        if not os.path.isfile(path):
            continue
        try:
            loaded = load_game(path)
        except BadInput as e:
            first = first or e
            continue
        if loaded.finished:  # it ended since it was listed: nothing to resume
            raise BadInput(path, "", "this game is over (watch it in Replays)")
        return loaded
    raise first or BadInput(game.slot, "", "this unfinished game is gone")


def find_unfinished_autosave() -> Any:
    """The newest unfinished game that loads (a LoadedGame), or None."""
    for game in unfinished_games():
        try:
            return load_unfinished(game)
        except BadInput:
            continue
    return None


def discard(path: str) -> bool:
    """Delete an autosave file and its .bak (the player declined to resume it). Only a
    file in the autosave folder: False (nothing deleted) for any other path."""
    slot = slot_of(path)
    if slot is None:
        return False
    for p in (slot, slot + ".bak"):
        try:
            os.unlink(p)
        except FileNotFoundError:
            pass
    return True


def discard_autosave(path: str | None = None) -> None:
    """Forget one unfinished game (`path`: its file) or, with no path, every one."""
    for slot in [path] if path is not None else _files():
        discard(slot)


def prune(keep: str | None = None, limit: int = MAX_UNFINISHED) -> list[str]:
    """Drop the oldest unfinished games beyond `limit` (never `keep`); returns the
    files dropped."""
    games = unfinished_games()
    if keep is not None:
        games = [g for g in games if g.slot == keep] + [g for g in games if g.slot != keep]
    dropped = []
    for g in games[limit:]:
        if discard(g.slot):
            dropped.append(g.slot)
    return dropped
