"""Replay files (docs/replay-format.md): the record of each finished game with a
state hash per turn, checked headless by re-playing every choice and die.

    {"format": 2, "kind": "replay", "program": "wild-table",
     "games": [{"record": {setup, history, checkpoints}, "final_hash": ..., "outcome": {...}}],
     "series": {...},            # a Grand Prix: the points (optional)
     "digest": {"sha256": ..., "games": [{part: sha256}], "series": ...}}   # game.save.digest

`check_replay(path)` checks the digest (any edit of the file, named by part: format 2;
format 1 files carry none), rebuilds each game from its setup, re-applies the history
(each choice must be legal, each chance outcome possible), compares every
checkpoint's state hash, the final hash and the outcome. Exit codes of
`python -m game replay FILE --check`: 0 all match, 1 an edit or a mismatch (naming
the game and the part, or the turn), 2 a bad file (one line).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterable

from game.core.errors import BadInput
from game.core.jsonload import Obj, load_json_file
from game.core.record import Divergence, GameRecord, replay_history, state_digest, turn_of
from game.save.games import RecordedGame, new_state_from_setup

FORMAT = 2  # 2: the digest (format 1, without it, is still read)
KIND = "replay"
PROGRAM = "wild-table"
MAX_GAMES = 100


def _plain(value: Any) -> Any:
    """JSON round trip (tuples to lists), so outcomes compare as they are stored."""
    return json.loads(json.dumps(value, sort_keys=True))


def game_entry(rg: RecordedGame) -> dict[str, Any]:
    return {"record": rg.record.to_json(), "final_hash": state_digest(rg.state), "turns": turn_of(rg.state),
            "outcome": _plain(rg.ruleset.outcome(rg.state))}


def replay_document(games: Iterable[RecordedGame], series: dict[str, Any] | None = None) -> dict[str, Any]:
    doc: dict[str, Any] = {"format": FORMAT, "kind": KIND, "program": PROGRAM,
                           "games": [game_entry(g) for g in games]}
    if series:
        doc["series"] = _plain(series)
    from game.save.digest import replay_digest
    doc["digest"] = replay_digest(doc)
    return doc


def write_replay(path: str, games: Iterable[RecordedGame], series: dict[str, Any] | None = None) -> None:
    """Write a replay file atomically (BadInput naming the file if it cannot be written)."""
    import os

    from game.save.files import dumps, write_atomic
    if os.path.isdir(path):
        raise BadInput(path, "", "is a folder, not a file")
    text = dumps(replay_document(games, series))
    from game.core.jsonload import MAX_BYTES
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise BadInput(path, "", f"the replay would be {len(text.encode('utf-8'))} bytes, more than the "
                                 f"{MAX_BYTES} a replay may have: record fewer races")
    try:
        write_atomic(path, text)
    except OSError as e:
        raise BadInput(path, "", f"cannot write the replay ({e.strerror or e})") from None


@dataclass
class ReplayGame:
    record: GameRecord
    final_hash: str
    turns: int
    outcome: Any


@dataclass
class Replay:
    path: str
    games: list[ReplayGame]
    series: dict[str, Any] = field(default_factory=dict)
    format: int = FORMAT
    edits: list["Mismatch"] = field(default_factory=list)  # parts that no longer match the digest

    def edits_of(self, index: int) -> list["Mismatch"]:
        """The edits that concern game `index` (0-based): its own and the file's."""
        return [e for e in self.edits if e.game in (0, index + 1)]


def read_replay(path: str) -> Replay:
    """Read and check the structure of a replay file (BadInput on any problem)."""
    raw = load_json_file(path)
    o = Obj.root(raw, path)
    version = o.format_version(FORMAT, what="replay")
    kind = o.get("kind")
    if kind.value != KIND:
        hint = " (a save: load it in the game)" if kind.value == "save" else ""
        shown = repr(kind.value[:40]) if isinstance(kind.value, str) else "not a string"
        kind.fail(f"this is not a replay: kind is {shown}, expected 'replay'{hint}")
    o.const("program", PROGRAM)
    games = []
    for v in o.lst("games", min_len=1, max_len=MAX_GAMES):
        g = v.obj()
        record = GameRecord.from_json(g.obj("record"))
        final = g.string("final_hash", min_len=1, max_len=64)
        turns = g.integer("turns", lo=0, hi=10**6)
        outcome = g.get("outcome").value
        g.done()
        games.append(ReplayGame(record, final, turns, outcome))
    series = o.get("series").value if o.has("series") else {}
    if not isinstance(series, dict):
        o.fail("series", "expected an object")
    from game.save import digest
    sealed = digest.read_digest(o, games=len(games), series=o.has("series")) if version >= 2 else None
    o.done()
    edits = [] if sealed is None else [Mismatch(e.game, None, None, e.reason)
                                       for e in digest.check_replay(raw, sealed)]
    return Replay(path, games, series, version, edits)


@dataclass
class Mismatch:
    """A game that does not re-play as recorded (at `turn`, `step`), or a part of the
    file edited since it was written (turn None; game 0: the file as a whole)."""

    game: int  # 1-based; 0: the whole file
    turn: int | None
    step: int | None
    reason: str

    def line(self, path: str) -> str:
        where = f"game {self.game}: " if self.game else ""
        if self.turn is not None:
            where += f"turn {self.turn} (step {self.step}): "
        return f"{path}: {where}{self.reason}"


def check_game(rep: Replay, index: int) -> tuple[Mismatch | None, Any]:
    """Re-play game `index` (0-based): (the first mismatch or None, the final state).
    BadInput for a setup that cannot be built (a bad file)."""
    g = rep.games[index]
    where = f"games[{index}].record.setup"
    rules, state = new_state_from_setup(g.record.setup, rep.path, where)
    try:
        replay_history(rules, state, g.record)
    except Divergence as d:
        return Mismatch(index + 1, d.turn, d.step, d.reason), state
    n = len(g.record.history)
    got = state_digest(state)
    if got != g.final_hash:
        return Mismatch(index + 1, turn_of(state), n, f"the final state hash differs (recorded {g.final_hash}, "
                                                      f"got {got})"), state
    if turn_of(state) != g.turns:
        return Mismatch(index + 1, turn_of(state), n, f"the game ended on turn {turn_of(state)}, recorded "
                                                      f"{g.turns}"), state
    out = _plain(rules.outcome(state))
    if out != g.outcome:
        return Mismatch(index + 1, turn_of(state), n, f"the outcome differs: recorded {g.outcome}, got {out}"), state
    return None, state


def check_replay(path: str) -> tuple[Replay, list[Mismatch]]:
    """Read a replay, check its digest and re-play every game: (the replay, every edit
    then every mismatch). BadInput for a bad file."""
    rep = read_replay(path)
    problems = list(rep.edits)
    for i in range(len(rep.games)):
        mm, _ = check_game(rep, i)
        if mm is not None:
            problems.append(mm)
    return rep, problems


class ReplayPlayer:
    """Steps through one recorded game for a viewer: `step()` applies the next entry
    (checking the state hash at every checkpoint), `seek(pos)` / `seek_turn(turn)`
    jump anywhere (back too: from a clone kept at each turn's start, so a scrubber
    never re-plays more than a turn). `state` is the position after `pos` entries.

        player = ReplayPlayer(replay.games[0].record)
        while not player.done:
            entry, events = player.step()      # animate events
        player.seek_turn(3)                    # the scrubber
    """

    def __init__(self, record: GameRecord, source: str = "replay") -> None:
        self.record = record
        self.source = source
        self.rules, self.state = new_state_from_setup(record.setup, source, "setup")
        self.pos = 0
        self._hashes = {cp.step: cp for cp in record.checkpoints}
        self._starts: dict[int, Any] = {}  # history position -> a clone of the state there (checkpoints)
        self._check()
        self._starts.setdefault(0, self.rules.clone(self.state))

    @property
    def done(self) -> bool:
        return self.pos >= len(self.record.history)

    @property
    def turn(self) -> int:
        return turn_of(self.state)

    def turns(self) -> list[tuple[int, int]]:
        """(turn, history position where it began), for a scrubber."""
        return [(cp.turn, cp.step) for cp in self.record.checkpoints]

    def _check(self) -> None:
        cp = self._hashes.get(self.pos)
        if cp is None:
            return
        got = state_digest(self.state)
        if got != cp.hash or turn_of(self.state) != cp.turn:
            raise Divergence(self.pos, cp.turn, f"the state hash differs (recorded {cp.hash}, got {got})")
        self._starts.setdefault(self.pos, self.rules.clone(self.state))

    def step(self) -> tuple[Any, list[Any]]:
        """Apply the next entry: (the entry, its events). Divergence if the game does
        not re-play as recorded."""
        from game.core.record import check_entry
        entry = self.record.history[self.pos]
        why = check_entry(self.rules, self.state, entry)
        if why is not None:
            raise Divergence(self.pos, self.turn, f"recorded choice {entry.choice} cannot be applied: {why}",
                             field=f"history[{self.pos}]")
        if entry.rng is not None:
            self.state.rng = entry.rng
        events = list(self.rules.apply(self.state, entry.choice))
        self.pos += 1
        self._check()
        return entry, events

    def seek(self, pos: int) -> None:
        """Go to the position after `pos` entries (0 .. len(history))."""
        pos = max(0, min(pos, len(self.record.history)))
        base = max(s for s in self._starts if s <= pos)  # position 0 is always kept
        if pos < self.pos or base > self.pos:
            self.state = self.rules.clone(self._starts[base])
            self.pos = base
        while self.pos < pos:
            self.step()

    def seek_turn(self, turn: int) -> None:
        """Go to the start of `turn` (the last checkpoint recorded for it)."""
        steps = [cp.step for cp in self.record.checkpoints if cp.turn == turn]
        if not steps:
            raise ValueError(f"turn {turn} is not in this game")
        self.seek(steps[-1])


def replay_command(path: str) -> int:
    """`python -m game replay FILE --check`, and the check `python -m game replay FILE`
    makes before it opens the viewer (game.ui.watch): each edit and mismatch on
    stderr, else one "ok" line; 0 if the file is as written and every hash matches, 1
    if a part was edited or a game differs (BadInput: a bad file). A format-1 replay
    (no digest) says so in a line on stderr and is judged by its hashes alone."""
    import sys
    rep, problems = check_replay(path)
    if rep.format < 2:
        print(f"{path}: format {rep.format} carries no digest: an edit that does not change the game replayed "
              "cannot be detected (the game itself is checked)", file=sys.stderr)
    for p in problems:
        print(p.line(path), file=sys.stderr)
    if problems:
        return 1
    turns = ", ".join(str(g.turns) for g in rep.games)
    hashes = sum(len(g.record.checkpoints) for g in rep.games)
    sealed = ", the digest matches" if rep.format >= 2 else ""
    print(f"{path}: ok ({len(rep.games)} game{'s' if len(rep.games) != 1 else ''}, turns {turns}, "
          f"{hashes} state hashes match{sealed})")
    return 0
