"""The game record (issue 7): how a game was set up and everything that happened in
it, enough to rebuild any position exactly, and the state digest that proves it.

A record is
- a **setup**: the ruleset, the course as its canonical course JSON (embedded, so a
  save never depends on a course file that may change), the seats (player id, name,
  human or AI kind, the AI's seed), racers per player, the options by name, the seed
  and any start adjustments (a Grand Prix's carried favour);
- the **history**: every applied choice in order, each with its actor; chance
  outcomes (dice faces, random directions and spots) are entries whose actor is
  CHANCE;
- **checkpoints**: the state digest at the start and whenever the turn number
  changed (a "state hash per turn"), each with the history length at that moment.

Rebuilding = a fresh `new_state` from the setup, then every entry re-applied through
the protocol (`replay_history`), each checked legal and every checkpoint checked.

Entries are recorded where choices are applied: `RecordingRuleset` wraps a ruleset
object; handed to `game.core.driver.play` or set as a Session's `ruleset`, it
records each `apply` made on the one state it watches (AI look-ahead on clones is
not recorded) and calls `on_turn` hooks (autosave) when a new turn begins.

`state_digest(state)` is generic over dataclass fields (see `state_tree`): positions
and every other float rounded to 1e-6, the dice generator's state included, caches
left out. Deterministic across processes and PYTHONHASHSEED (no set or hash order).

Pure Python: no ruleset is imported here (game/save builds states from setups).
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Callable

from game.core.errors import BadInput, IllegalChoice
from game.core.jsonload import Obj, Val
from game.core.protocol import CHANCE, TERMINAL, Choice, Ruleset

# --------------------------------------------------------------------------- digest

TRANSIENT_FIELDS: set[str] = {"table", "sync_token", "offered", "course"}
"""State fields the digest leaves out: the geometry mirror, cache tokens and the
static course (the course is part of the setup). A field is also left out if it is
declared `field(compare=False)` or its name ends in `_cache`. A ruleset that adds a
cache to its state must use one of these three ways, or the digest will include it."""

DIGEST_CHARS = 24
"""Hex characters kept of the SHA-256 digest (96 bits)."""


_VIEWED: set[type] = set()
"""State classes with a `digest_view(names)`: the ordered fields they are digested
and saved as (a state whose layout changed can keep showing its old shape)."""


def _leave_out(f: dataclasses.Field[Any]) -> bool:
    return not f.compare or f.name in TRANSIENT_FIELDS or f.name.endswith("_cache")


_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields_of(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls) if not _leave_out(f))
        _FIELDS[cls] = names
    return names


class _Undigestible(Exception):
    pass


_INF = (float("inf"), float("-inf"))


def _tree(value: Any) -> Any:
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is float:
        return repr(value) if value != value or value in _INF else round(value, 6) + 0.0
    if kind in _FIELDS and kind not in _VIEWED:
        return {name: _tree(getattr(value, name)) for name in _FIELDS[kind]}
    if kind is list or kind is tuple:
        return [_tree(v) for v in value]
    if kind is dict:
        return {str(k): _tree(v) for k, v in value.items()}
    return _other(value)


def _other(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return _tree(value.value)
    if isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return _tree(float(value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        view = getattr(value, "digest_view", None)
        if view is not None:
            _VIEWED.add(type(value))
            return {name: _tree(v) for name, v in view(_fields_of(type(value))).items()}
        return {name: _tree(getattr(value, name)) for name in _fields_of(type(value))}
    if isinstance(value, (list, tuple)):
        return [_tree(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _tree(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((_tree(v) for v in value), key=lambda x: json.dumps(x, sort_keys=True))
    to_json = getattr(value, "to_json", None)
    if callable(to_json):
        return _tree(to_json())
    raise _Undigestible(value)


def state_tree(value: Any) -> Any:
    """Plain JSON data for a state (or any part of one): dataclasses by field (in
    declaration order, transient fields left out), floats rounded to 1e-6 (and -0.0
    made 0.0), tuples as lists, sets sorted, objects with `to_json` (steps, choices)
    by that. Anything else raises TypeError naming the field path."""
    try:
        return _tree(value)
    except _Undigestible as e:
        raise TypeError(f"{_path_to(value, e.args[0], 'state')}: cannot digest a {type(e.args[0]).__name__} "
                        "(mark the field compare=False, name it ..._cache, or add it to "
                        "game.core.record.TRANSIENT_FIELDS if it is a cache)") from None


def _path_to(value: Any, target: Any, path: str) -> str:
    """The field path from `value` to the object `target` (for the error message)."""
    if value is target:
        return path
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        items: list[tuple[str, Any]] = [(f".{n}", getattr(value, n)) for n in _fields_of(type(value))]
    elif isinstance(value, dict):
        items = [(f".{k}", v) for k, v in value.items()]
    elif isinstance(value, (list, tuple)):
        items = [(f"[{i}]", v) for i, v in enumerate(value)]
    else:
        return ""
    for suffix, v in items:
        got = _path_to(v, target, path + suffix)
        if got:
            return got
    return ""


def digest_text(tree: Any) -> str:
    """The digest of a plain tree (from `state_tree`)."""
    text = json.dumps(tree, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:DIGEST_CHARS]


def state_digest(state: Any) -> str:
    """A canonical digest of a game state: every field that matters (the dice
    generator's state too), floats rounded to 1e-6. Equal states, equal digests, in
    any process."""
    return digest_text(state_tree(state))


def first_difference(a: Any, b: Any, path: str = "state") -> str | None:
    """The first field path where two state trees differ, or None (for messages)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                return f"{path}.{k}"
            got = first_difference(a[k], b[k], f"{path}.{k}")
            if got:
                return got
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path} (length {len(a)} vs {len(b)})"
        for i, (x, y) in enumerate(zip(a, b)):
            got = first_difference(x, y, f"{path}[{i}]")
            if got:
                return got
        return None
    return None if a == b else f"{path} ({a!r} vs {b!r})"


# --------------------------------------------------------------------------- the record

MAX_SEATS = 8
MAX_HISTORY = 200_000
MAX_CHECKPOINTS = 100_000


@dataclass
class SeatRecord:
    """Who sits in a seat: a human or an AI kind with its seed."""

    player: str
    name: str
    kind: str = "human"  # human | random | easy | normal | hard | greedy
    seed: int | None = None  # the AI's own generator seed (None for a human)
    colour: int = 0  # palette index

    @property
    def is_ai(self) -> bool:
        return self.kind != "human"

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "name": self.name, "kind": self.kind, "seed": self.seed,
                "colour": self.colour}

    @staticmethod
    def from_json(o: Obj) -> "SeatRecord":
        player = o.string("player", min_len=1, max_len=40)
        name = o.string("name", max_len=80)
        kind = o.string("kind", choices=("human", "random", "easy", "normal", "hard", "greedy"))
        seed_val = o.get("seed")
        seed = None if seed_val.value is None else seed_val.integer(lo=-(2**63), hi=2**63)
        if kind != "human" and seed is None:
            seed_val.fail("an AI seat needs its seed")
        colour = o.integer("colour", lo=0, hi=99, default=0)
        o.done()
        return SeatRecord(player, name, kind, seed, colour)


# The ruleset-specific fields every setup carries (format version 1: the Wild Race
# reads them; a ruleset that has no use for them keeps the defaults). A ruleset's
# registration turns its state into them (game.core.registry, setup_fields).

def _read_fields(o: Obj) -> dict[str, Any]:
    per = o.integer("racers_per_player", lo=1, hi=3)
    names = [[n.string(max_len=40) for n in v.lst(max_len=3)] for v in o.lst("racer_names", max_len=MAX_SEATS)]
    return {"racers_per_player": per, "racer_names": names}


def _write_fields(fields: dict[str, Any]) -> dict[str, Any]:
    return {"racers_per_player": fields.get("racers_per_player", 1),
            "racer_names": [list(n) for n in fields.get("racer_names", [])]}


def _default_fields() -> dict[str, Any]:
    return {"racers_per_player": 1, "racer_names": []}


@dataclass
class GameSetup:
    """Everything `new_state` needs, by value: the ruleset's name, its level (the
    level's canonical JSON, embedded; the file's key is "course"), the seats, the seed,
    the options by name, the ruleset-specific fields (_read_fields) and start
    adjustments (e.g. {"favour": {piece: n}})."""

    ruleset: str  # as registered (game.core.registry): "wild-race", "doomwheel"
    level: dict[str, Any]  # the canonical level JSON (for a race, game.levels.course.course_to_json)
    seats: list[SeatRecord]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)  # option name -> value
    fields: dict[str, Any] = field(default_factory=_default_fields)  # the ruleset's own fields, by file key
    start: dict[str, Any] = field(default_factory=dict)  # start adjustments

    def to_json(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "course": self.level, "seats": [s.to_json() for s in self.seats],
                "seed": self.seed, "options": dict(self.options), **_write_fields(self.fields), "start": self.start}

    @staticmethod
    def from_json(o: Obj) -> "GameSetup":
        ruleset = o.string("ruleset", max_len=40)
        level = o.get("course")
        if not isinstance(level.value, dict):
            level.fail(f"expected the course as an object, got {type(level.value).__name__}")
        seats = [SeatRecord.from_json(v.obj()) for v in o.lst("seats", min_len=1, max_len=MAX_SEATS)]
        ids = [s.player for s in seats]
        if len(set(ids)) != len(ids):
            o.fail("seats", "two seats have the same player id")
        seed = o.integer("seed", lo=-(2**63), hi=2**63)
        opts = o.get("options")
        if not isinstance(opts.value, dict):
            opts.fail("expected an object of option names and values")
        fields = _read_fields(o)
        start = o.get("start")
        if not isinstance(start.value, dict):
            start.fail("expected an object")
        o.done()
        return GameSetup(ruleset, level.value, seats, seed, dict(opts.value), fields, dict(start.value))


@dataclass(frozen=True)
class Entry:
    """One applied choice: who made it (a player id, or CHANCE for a die or other
    chance outcome) and the choice. `rng`: the dice generator's state just before the
    choice was applied, when it had changed since the last apply (the driver draws a
    chance outcome by advancing the generator outside `apply`); re-applying sets it."""

    actor: str
    choice: Choice
    rng: int | None = None

    @property
    def chance(self) -> bool:
        return self.actor == CHANCE

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = ({"chance": self.choice.to_json()} if self.chance
                               else {"by": self.actor, "choice": self.choice.to_json()})
        if self.rng is not None:
            out["rng"] = self.rng
        return out

    @staticmethod
    def from_json(v: Val) -> "Entry":
        o = v.obj()
        if o.has("chance"):
            c = o.obj("chance")
            actor = CHANCE
        else:
            actor = o.string("by", min_len=1, max_len=40)
            c = o.obj("choice")
        rng = o.integer("rng", lo=0, hi=2**64 - 1, default=None)
        o.done()
        kind = c.string("kind", min_len=1, max_len=40)
        try:
            choice = Choice.from_json({**c.data, "kind": kind})
        except (TypeError, ValueError) as e:  # pragma: no cover - JSON values always freeze
            c.fail("", f"not a choice ({e})")
        return Entry(actor, choice, rng)


@dataclass(frozen=True)
class Checkpoint:
    """The state digest after `step` history entries, when turn `turn` had begun."""

    step: int
    turn: int
    hash: str

    def to_json(self) -> list[Any]:
        return [self.step, self.turn, self.hash]

    @staticmethod
    def from_json(v: Val) -> "Checkpoint":
        items = v.lst(min_len=3, max_len=3)
        step = items[0].integer(lo=0, hi=MAX_HISTORY)
        turn = items[1].integer(lo=-1, hi=10**6)
        h = items[2].string(min_len=DIGEST_CHARS, max_len=DIGEST_CHARS)
        if any(ch not in "0123456789abcdef" for ch in h):
            items[2].fail("not a hex digest")
        return Checkpoint(step, turn, h)


@dataclass
class GameRecord:
    setup: GameSetup
    history: list[Entry] = field(default_factory=list)
    checkpoints: list[Checkpoint] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"setup": self.setup.to_json(), "history": [e.to_json() for e in self.history],
                "checkpoints": [c.to_json() for c in self.checkpoints]}

    @staticmethod
    def from_json(o: Obj) -> "GameRecord":
        setup = GameSetup.from_json(o.obj("setup"))
        history = [Entry.from_json(v) for v in o.lst("history", max_len=MAX_HISTORY)]
        cps = [Checkpoint.from_json(v) for v in o.lst("checkpoints", min_len=1, max_len=MAX_CHECKPOINTS)]
        last = -1
        for i, cp in enumerate(cps):
            if cp.step < last or cp.step > len(history):
                raise BadInput(o.source, f"{o.field('checkpoints')}[{i}]",
                               f"step {cp.step} is out of order or beyond the history ({len(history)} entries)")
            last = cp.step
        if cps[0].step != 0:
            raise BadInput(o.source, f"{o.field('checkpoints')}[0]", "the first checkpoint must be at step 0")
        o.done()
        return GameRecord(setup, history, cps)

    def turn_hashes(self) -> dict[int, str]:
        """turn -> the digest when it began (the last checkpoint of that turn number)."""
        return {cp.turn: cp.hash for cp in self.checkpoints}

    def prefix(self, steps: int) -> "GameRecord":
        """The record of the game after its first `steps` entries (for take-backs)."""
        return GameRecord(self.setup, self.history[:steps], [c for c in self.checkpoints if c.step <= steps])

    def takeback_steps(self, player: str) -> int:
        """How many entries at the end of the history are `player`'s own choices made
        since the last chance outcome (what a take-back may undo; 0 if none)."""
        n = 0
        for e in reversed(self.history):
            if e.chance or e.actor != player:
                break
            n += 1
        return n


def turn_of(state: Any) -> int:
    t = getattr(state, "turn", 0)
    return t if isinstance(t, int) else 0


# --------------------------------------------------------------------------- recording

class RecordingRuleset:
    """A ruleset object that records every `apply` made on one watched state into a
    GameRecord (delegating everything else). Applies to other states (AI look-ahead
    on clones) pass through unrecorded. `on_turn(state, record)` hooks run after the
    apply that began a new turn; `on_end` hooks after the apply that ended the game.
    """

    def __init__(self, inner: Any, state: Any, record: GameRecord) -> None:
        self.inner = inner
        self.state = state
        self.record = record
        self.on_turn: list[Callable[[Any, GameRecord], None]] = []
        self.on_end: list[Callable[[Any, GameRecord], None]] = []
        self._turn = turn_of(state)
        self._rng = getattr(state, "rng", None)
        # (history length, a clone of the state then): just after the last chance outcome
        # (taken at the first decision that follows it), where a take-back goes back to
        # without re-playing the game from the start
        self.snapshot: tuple[int, Any] | None = None
        if not record.checkpoints:
            record.checkpoints.append(Checkpoint(len(record.history), self._turn, state_digest(state)))

    @property
    def name(self) -> str:
        return str(self.inner.name)

    def __getattr__(self, attr: str) -> Any:  # new_state, legal_choices, is_legal ...
        return getattr(self.inner, attr)

    def apply(self, state: Any, choice: Choice) -> list[Any]:
        if state is not self.state:
            return list(self.inner.apply(state, choice))
        actor = self.inner.current_actor(state)
        if actor == TERMINAL:
            raise IllegalChoice(choice, "the game is over")
        rng = getattr(state, "rng", None)
        history = self.record.history
        if actor != CHANCE and history and history[-1].chance and (self.snapshot is None
                                                                   or self.snapshot[0] != len(history)):
            before = self.inner.clone(state)  # the first decision after dice: where take-backs stop
        else:
            before = None
        events = list(self.inner.apply(state, choice))  # raises before changing anything if illegal
        if before is not None:
            self.snapshot = (len(history), before)
        history.append(Entry(actor, choice, rng if rng != self._rng else None))
        self._rng = getattr(state, "rng", None)
        turn = turn_of(state)
        if turn != self._turn:
            self._turn = turn
            self.record.checkpoints.append(Checkpoint(len(self.record.history), turn, state_digest(state)))
            for hook in list(self.on_turn):
                hook(state, self.record)
        if self.inner.current_actor(state) == TERMINAL:
            for hook in list(self.on_end):
                hook(state, self.record)
        return events


    def rewind(self, steps: int) -> Any:
        """Undo the last `steps` entries, none of them a chance outcome made before the
        snapshot (see GameRecord.takeback_steps): returns the new state object (the one
        watched from now on); the record loses those entries."""
        history = self.record.history
        keep = len(history) - steps
        if steps <= 0 or keep < 0:
            raise ValueError(f"cannot take back {steps} steps of {len(history)}")
        snap = self.snapshot
        if snap is not None and snap[0] <= keep:
            state = self.inner.clone(snap[1])
            start = snap[0]
        else:
            raise ValueError("a take-back cannot go back past the last chance outcome")
        cut = self.record.prefix(keep)
        for entry in history[start:keep]:
            if entry.rng is not None:
                state.rng = entry.rng
            self.inner.apply(state, entry.choice)
        self.record.history[:] = cut.history
        self.record.checkpoints[:] = cut.checkpoints
        self.state = state
        self._turn = turn_of(state)
        self._rng = getattr(state, "rng", None)
        return state


# --------------------------------------------------------------------------- replaying

class Divergence(Exception):
    """Re-applying a history did not give the recorded game: a digest differs at a
    checkpoint, or a recorded choice is not legal (or not the actor's) any more."""

    def __init__(self, step: int, turn: int, reason: str, field: str = "") -> None:
        self.step = step
        self.turn = turn
        self.reason = reason
        self.field = field
        super().__init__(f"turn {turn}, step {step}: {reason}")


def check_entry(ruleset: Ruleset, state: Any, entry: Entry) -> str | None:
    """Why `entry` cannot be applied to `state` now, or None."""
    actor = ruleset.current_actor(state)
    if actor == TERMINAL:
        return "the game is already over"
    if entry.chance:
        if actor != CHANCE:
            return f"a chance outcome was recorded, but {actor} is to decide"
        if entry.choice not in [c for c, _ in ruleset.chance_outcomes(state)]:
            return f"{entry.choice} is not one of the outcomes of the pending chance step"
        return None
    if actor != entry.actor:
        who = "a chance step is pending" if actor == CHANCE else f"it is {actor}'s decision"
        return f"a choice by {entry.actor} was recorded, but {who}"
    return ruleset.is_legal(state, entry.choice)


def replay_history(ruleset: Ruleset, state: Any, record: GameRecord, *, upto: int | None = None,
                   on_step: Callable[[int, Entry, list[Any]], None] | None = None) -> list[Any]:
    """Re-apply the record's history (its first `upto` entries) to `state`, a fresh
    state from the setup, checking each entry and every checkpoint on the way.
    Returns every event; raises Divergence at the first difference."""
    history = record.history if upto is None else record.history[:upto]
    cps = sorted(record.checkpoints, key=lambda c: c.step)
    ci = 0
    events: list[Any] = []

    def check_points(step: int) -> None:
        nonlocal ci
        while ci < len(cps) and cps[ci].step == step:
            cp = cps[ci]
            got = state_digest(state)
            if turn_of(state) != cp.turn:
                raise Divergence(step, turn_of(state), f"turn {cp.turn} was recorded here, the game is at turn "
                                                       f"{turn_of(state)}")
            if got != cp.hash:
                raise Divergence(step, cp.turn, f"the state hash differs (recorded {cp.hash}, got {got})")
            ci += 1

    check_points(0)
    for i, entry in enumerate(history):
        why = check_entry(ruleset, state, entry)
        if why is not None:
            raise Divergence(i, turn_of(state), f"recorded choice {entry.choice} cannot be applied: {why}",
                             field=f"history[{i}]")
        if entry.rng is not None:
            state.rng = entry.rng  # the generator as the recorded draw left it
        try:
            evs = ruleset.apply(state, entry.choice)
        except IllegalChoice as e:
            raise Divergence(i, turn_of(state), f"recorded choice {entry.choice} is not legal: {e.reason}",
                             field=f"history[{i}]") from None
        events.extend(evs)
        if on_step is not None:
            on_step(i, entry, evs)
        check_points(i + 1)
    return events
