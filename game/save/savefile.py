"""Save files (docs/save-format.md): save, load, the autosave and resuming.

A save is versioned JSON (`"format": 2, "kind": "save"`) holding the game record
(setup with the embedded course and the seats, every choice and chance outcome,
checkpoints), the digest of the current state and a readable snapshot of it
(the dice generator's state included), the AI players' generator states when they
were at hand, an `extra` object the window may fill (a Grand Prix's standings), and
the `digest` of the whole file and of each part (game.save.digest): a save edited
after it was written is refused, naming the part.

Loading reads the file through game.core.jsonload (size cap, decode errors), checks
every field strictly, rebuilds the game from the setup by re-applying every
recorded choice (each must be legal) and checks every checkpoint and the final hash.
Any problem is one BadInput naming the file, the field and the reason; the file on
disk is only ever read.

Format policy: a file of a newer format than this program reads is refused ("update
the program"); older formats are migrated in memory when read and never rewritten by
a load (format 1, without the digest, loads as before: checked by its state hashes).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any

from game.core.errors import BadInput
from game.core.jsonload import Obj, load_json_file
from game.core.paths import replays_dir, saves_dir
from game.core.record import GameRecord, SeatRecord, first_difference, state_digest, state_tree, turn_of
from game.save.files import RawList, dumps, write_atomic
from game.save.games import RecordedGame, agent_states, continue_game, rebuild, restore_agent_states, start_game

FORMAT = 2  # 2: the digest (format 1, without it, is still read)
KIND = "save"
PROGRAM = "wild-table"


@dataclass
class LoadedGame:
    """A game rebuilt from a save: go on playing `state`; `game` records on."""

    path: str
    state: Any
    record: GameRecord
    seats: list[SeatRecord]
    events: list[Any]  # every rules event of the game so far (for the window's log)
    agents: dict[str, Any] = field(default_factory=dict)  # AI generator states (restore_agent_states)
    extra: dict[str, Any] = field(default_factory=dict)
    finished: bool = False
    saved_at: str = ""
    game: RecordedGame | None = None

    @property
    def specs(self) -> dict[str, tuple[str, int]]:
        """AI seats as a Session wants them: player -> (kind, seed)."""
        return {s.player: (s.kind, int(s.seed or 0)) for s in self.seats if s.is_ai}

    @property
    def ruleset(self) -> str:
        return self.record.setup.ruleset

    @property
    def turn(self) -> int:
        return turn_of(self.state)


# --------------------------------------------------------------------------- the session side

def recorded(game: Any) -> RecordedGame:
    """The RecordedGame of a Session (attached with `attach`) or the thing itself."""
    if isinstance(game, RecordedGame):
        return game
    rg = getattr(game, "recorded_game", None)
    if isinstance(rg, RecordedGame):
        return rg
    raise TypeError("not a recorded game: attach(session) first, or pass a RecordedGame")


def attach(session: Any, resume: "LoadedGame | GameRecord | None" = None, *, autosave: bool = False,
           keep_replay: bool = False, extra: dict[str, Any] | None = None) -> RecordedGame:
    """Record a window Session: its `ruleset` becomes the recording wrapper, so every
    choice it applies (human, AI or die) is recorded.

    Call right after Session.start (no choice applied yet), or for a
    loaded game with the LoadedGame (its state must be the session's state): the AI
    generators saved with it are restored into an inline host's agents. With
    `autosave`, the game is saved to its own autosave file (game.save.autosave; a game
    resumed from the autosave folder goes on in its file) now, at the start of every
    turn and when it ends, and the file is dropped once the game is over and its
    replay kept; with `keep_replay`, a finished game is written to the replays folder.
    `extra` (also `rg.extra`, which the window may update) goes into every save. Write
    failures never stop the game: they land in `rg.last_error`."""
    host = getattr(session, "host", None)
    agents = getattr(host, "agents", None) if host is not None else None
    if isinstance(resume, LoadedGame):
        if resume.state is not session.state:
            raise ValueError("the session must play the loaded state (Session(loaded.state, ...))")
        rg = resume.game if resume.game is not None else continue_game(session.state, resume.record)
        if isinstance(agents, dict) and resume.agents:
            restore_agent_states(agents, resume.agents)
        elif resume.agents:
            restore = getattr(host, "restore_agent_states", None)  # a worker-process host that supports it
            if callable(restore):
                restore(resume.agents)
        if extra is None:
            extra = resume.extra
    elif isinstance(resume, GameRecord):
        rg = continue_game(session.state, resume)
    else:
        seats = [SeatRecord(s.player, s.name, s.kind, session.specs.get(s.player, (s.kind, None))[1]
                            if s.kind != "human" else None, getattr(s, "colour", 0))
                 for s in session.seats.values()]
        rg = start_game(session.state, seats)
    if isinstance(agents, dict):
        rg.agents = agents
    rg.host = host
    rg.extra = dict(extra or {})
    session.ruleset = rg.rules
    session.recorded_game = rg
    if autosave:
        from game.save.autosave import drop, slot_of, write_autosave
        if isinstance(resume, LoadedGame) and rg.autosave_file is None:
            rg.autosave_file = slot_of(resume.path)  # resumed from the autosave: go on in the same file
        rg.rules.on_turn.append(lambda _s, _r: _safe(rg, lambda: write_autosave(rg)))
        rg.rules.on_end.append(lambda _s, _r: _safe(rg, lambda: write_autosave(rg)))
        _safe(rg, lambda: write_autosave(rg))
    if keep_replay:
        rg.rules.on_end.append(lambda _s, _r: _safe(rg, lambda: keep_finished_replay(rg)))
    if autosave:  # the game is over and (when asked) its replay kept: its autosave goes
        rg.rules.on_end.append(lambda _s, _r: drop(rg) if rg.last_error is None else None)
    return rg


def _safe(rg: RecordedGame, write: Any) -> None:
    try:
        write()
        rg.last_error = None
    except (OSError, ValueError, TypeError) as e:
        rg.last_error = f"could not save: {e}"


# --------------------------------------------------------------------------- writing

def save_document(game: Any, *, extra: dict[str, Any] | None = None, saved_at: str | None = None) -> dict[str, Any]:
    rg = recorded(game)
    state = rg.state
    doc: dict[str, Any] = {
        "format": FORMAT,
        "kind": KIND,
        "program": PROGRAM,
        "record": {"setup": rg.record.setup.to_json(), "history": RawList(list(rg.history_lines())),
                   "checkpoints": [c.to_json() for c in rg.record.checkpoints]},
        "hash": state_digest(state),
        "state": state_tree(state),
        "summary": summary(rg),
        "agents": _agent_states(rg),
        "extra": dict(extra if extra is not None else rg.extra),
    }
    if saved_at is None:
        saved_at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    if saved_at:
        doc["saved_at"] = saved_at
    from game.save.digest import save_digest
    doc["digest"] = save_digest(doc)
    return doc


def _agent_states(rg: RecordedGame) -> dict[str, Any]:
    """The AIs' generator states: from agents in this process, or from a worker host
    that offers `agent_states()` (else none: resumed AIs restart from their seeds)."""
    if rg.agents:
        return agent_states(rg.agents)
    ask = getattr(rg.host, "agent_states", None)
    if callable(ask):
        got = ask()
        return got if isinstance(got, dict) else {}
    return {}


def summary(rg: RecordedGame) -> dict[str, Any]:
    st = rg.state
    return {"ruleset": rg.record.setup.ruleset, "course": str(rg.record.setup.level.get("name", "")),
            "turn": turn_of(st), "steps": len(rg.record.history), "finished": rg.over,
            "players": [s.name for s in rg.seats]}


def save_game(path: str, game: Any, *, keep_backup: bool = False, extra: dict[str, Any] | None = None) -> None:
    """Save a recorded game (a RecordedGame, or a Session after `attach`) to `path`,
    atomically; `keep_backup` keeps the file it replaces as `path.bak`. Creates the
    folder if needed. OSError if the disk refuses."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    write_atomic(path, dumps(save_document(game, extra=extra)), keep_backup=keep_backup)


def keep_finished_replay(game: Any) -> str:
    """Write a finished game's replay into the replays folder; returns its path."""
    from game.save.replay import replay_document
    rg = recorded(game)
    folder = replays_dir()
    os.makedirs(folder, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    path = os.path.join(folder, f"{rg.record.setup.ruleset}-{stamp}-{state_digest(rg.state)[:8]}.replay.json")
    write_atomic(path, dumps(replay_document([rg])))
    return path


# --------------------------------------------------------------------------- reading

def load_game(path: str) -> LoadedGame:
    """Read, validate and rebuild a save. BadInput (file: field: reason) for a missing,
    empty, truncated or corrupted file, another kind of file, a newer format, an
    unknown ruleset, a bad course, a recorded choice that is not legal, or a hash that
    does not match. Never writes."""
    source = path
    raw = load_json_file(path)
    o = Obj.root(raw, source)
    version = o.format_version(FORMAT, what="save")
    kind = o.get("kind")
    if kind.value != KIND:
        hint = " (a replay: watch it with `python -m game replay`)" if kind.value == "replay" else ""
        shown = repr(kind.value[:40]) if isinstance(kind.value, str) else "not a string"
        kind.fail(f"this is not a save: kind is {shown}, expected 'save'{hint}")
    o.const("program", PROGRAM)
    record = GameRecord.from_json(o.obj("record"))
    want = o.string("hash", min_len=1, max_len=64)
    snapshot = o.get("state").value
    summ = o.obj("summary")
    summ_data = dict(summ.data)
    agents = o.get("agents")
    _check_generators(agents)
    extra = o.get("extra")
    if not isinstance(extra.value, dict):
        extra.fail("expected an object")
    saved_at = o.string("saved_at", max_len=40, default="")
    sealed = _read_digest(o) if version >= 2 else None
    o.done()
    if sealed is not None:
        _check_digest(raw, o, sealed)
    snap: list[tuple[int, Any]] = []
    state, events = rebuild(record, source, "record", snapshot=snap)
    got = state_digest(state)
    if got != want:
        where = first_difference(snapshot, state_tree(state)) if isinstance(snapshot, dict) else None
        detail = f"; first difference at {where}" if where else ""
        raise BadInput(source, "hash", f"the rebuilt game does not match the saved state (saved {want}, "
                                       f"rebuilt {got}){detail}")
    rg = continue_game(state, record, snap[0] if snap else None)
    if summ_data.get("turn") != turn_of(state) or summ_data.get("finished") is not rg.over:
        raise BadInput(source, "summary", "does not match the rebuilt game (turn or finished)")
    return LoadedGame(path, state, record, list(record.setup.seats), events, dict(agents.value),
                      dict(extra.value), rg.over, saved_at, rg)


def _read_digest(o: Obj) -> dict[str, Any]:
    """The save's `digest` field (BadInput if it is not one this program writes)."""
    from game.save import digest
    return digest.read_digest(o, parts=digest.SAVE_PARTS)


def _check_digest(raw: dict[str, Any], o: Obj, sealed: dict[str, Any]) -> None:
    """BadInput naming the first part of the save edited since it was written (its
    digest no longer matches)."""
    from game.save import digest
    edits = digest.check_save(raw, sealed)
    if edits:
        first = edits[0]
        more = f" (and {len(edits) - 1} more part{'s' if len(edits) > 2 else ''})" if len(edits) > 1 else ""
        raise BadInput(o.source, digest.SAVE_FIELDS.get(first.part, "digest"),
                       f"{first.reason}{more}: a save changed after the game wrote it is not loaded")


def _check_generators(agents: Any) -> None:
    """`agents`: {player: {attribute path: [version, [625 ints], gauss or null]}}, each a
    state random.Random accepts."""
    import random
    if not isinstance(agents.value, dict):
        agents.fail("expected an object")
    for player, gens in agents.value.items():
        where = f"{agents.path}.{player}"
        if not isinstance(gens, dict):
            raise BadInput(agents.source, where, "expected an object of generator states")
        for attr, st in gens.items():
            try:
                if not isinstance(st, list) or len(st) != 3 or not isinstance(st[1], list):
                    raise ValueError("not [version, [numbers], gauss]")
                random.Random().setstate((st[0], tuple(st[1]), st[2]))
            except (ValueError, TypeError, OverflowError) as e:
                raise BadInput(agents.source, f"{where}.{attr}", f"not a generator state ({e})") from None


def read_summary(path: str) -> dict[str, Any]:
    """A save's summary (ruleset, course, turn, steps, finished, players) and
    `saved_at`, for a file list, without rebuilding the game; BadInput for a file
    that is not a save this program reads. `load_game` still checks everything."""
    raw = load_json_file(path)
    o = Obj.root(raw, path)
    version = o.format_version(FORMAT, what="save")
    if o.get("kind").value != KIND:
        o.fail("kind", "this is not a save")
    if version >= 2:
        _check_digest(raw, o, _read_digest(o))
    summ = o.get("summary").value
    if not isinstance(summ, dict):
        o.fail("summary", "expected an object")
    saved = o.get("saved_at").value if o.has("saved_at") else ""
    return {**summ, "saved_at": saved if isinstance(saved, str) else ""}


def list_saves(folder: str | None = None) -> list[tuple[str, dict[str, Any] | str]]:
    """Every `.json` file in the saves folder (newest first): (path, its summary) or
    (path, the one-line reason it cannot be read), for the load dialog."""
    folder = folder or saves_dir()
    try:
        names = [n for n in os.listdir(folder) if n.endswith(".json") and not n.startswith(".")]
    except OSError:
        return []
    paths = sorted((os.path.join(folder, n) for n in names), key=lambda p: (-_mtime(p), p))
    out: list[tuple[str, dict[str, Any] | str]] = []
    for path in paths:
        try:
            out.append((path, read_summary(path)))
        except BadInput as e:
            out.append((path, e.line()))
    return out


def _mtime(path: str) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0


def new_save_path(game: Any, folder: str | None = None) -> str:
    """A fresh file name in the saves folder for this game (Ctrl+S without a name):
    `<ruleset>-<course>-turn<N>-<UTC time>.json`."""
    rg = recorded(game)
    course = "".join(c if c.isalnum() else "-" for c in str(rg.record.setup.level.get("name", "course")).lower())
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    base = f"{rg.record.setup.ruleset}-{course.strip('-') or 'course'}-turn{turn_of(rg.state)}-{stamp}"
    folder = folder or saves_dir()
    path = os.path.join(folder, base + ".json")
    n = 2
    while os.path.exists(path):
        path = os.path.join(folder, f"{base}-{n}.json")
        n += 1
    return path


def new_recorded(state: Any, seats: list[SeatRecord]) -> RecordedGame:
    """Record a headless game from its first step (driver: play(rg.rules, rg.state, ...))."""
    return start_game(state, seats)


# the autosave moved to game.save.autosave (one file per unfinished game); the old names
from game.save.autosave import (autosave_path, discard_autosave, find_unfinished_autosave,  # noqa: E402
                                write_autosave)

__all__ = ["LoadedGame", "attach", "autosave_path", "discard_autosave", "find_unfinished_autosave", "list_saves",
           "load_game", "new_save_path", "read_summary", "save_game", "write_autosave"]
