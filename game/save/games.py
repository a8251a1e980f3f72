"""Recorded games: a setup made from a fresh state and its seats, a state made from a
setup (per ruleset, through its public new_state), recording a game as it is played
and rebuilding one from its record.

This package sits above game/rules (it builds states through the ruleset registry,
game.core.registry: each ruleset's setup hooks) and below the UI; game/core/record.py holds the ruleset-free parts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from game.levels.course import Course, course_from_json, course_to_json
from game.ai.generators import agent_states, restore_agent_states  # noqa: F401  (re-exported)
from game.core import registry
from game.core.errors import BadInput
from game.core.protocol import TERMINAL, Ruleset
from game.core.record import (Divergence, GameRecord, GameSetup, RecordingRuleset, SeatRecord, first_difference,
                              replay_history, state_digest, state_tree)


def registration_named(name: str, source: str = "game", where: str = "setup.ruleset") -> registry.Registration:
    """The registered ruleset called `name`; BadInput naming the field otherwise."""
    reg = registry.find(name, playable=True)
    if reg is None:
        raise BadInput(source, where, f"unknown ruleset {name!r} (known: {registry.known()})")
    return reg


def ruleset_named(name: str, source: str = "game", where: str = "setup.ruleset") -> Ruleset:
    return registration_named(name, source, where).rules()


def _prefixed(e: BadInput, source: str, prefix: str) -> BadInput:
    fld = f"{prefix}.{e.field}" if e.field else prefix
    return BadInput(source, fld, e.reason)


def level_of(setup: GameSetup, source: str, where: str = "setup") -> Course:
    try:
        return course_from_json(setup.level, source)
    except BadInput as e:
        raise _prefixed(e, source, f"{where}.course") from None


def new_state_from_setup(setup: GameSetup, source: str = "game", where: str = "setup") -> tuple[Ruleset, Any]:
    """(ruleset, fresh state) for a setup; BadInput naming the field on any problem."""
    reg = registration_named(setup.ruleset, source, f"{where}.ruleset")
    rules = reg.rules()
    level = level_of(setup, source, where)
    if level.ruleset != rules.name:
        raise BadInput(source, f"{where}.ruleset", f"is {rules.name}, but the course is a {level.ruleset} course")
    if reg.new_state is None:
        raise BadInput(source, f"{where}.ruleset", f"the {reg.title} cannot be set up from a file")
    try:
        state = reg.new_state(setup, level, source, where)
    except BadInput as e:
        if e.source == source:
            raise
        raise _prefixed(e, source, where) from None
    if reg.apply_start is not None:
        reg.apply_start(state, setup.start, source, where)
    return rules, state


def setup_from_state(state: Any, seats: Iterable[SeatRecord]) -> GameSetup:
    """The setup that rebuilds `state`, a game that has had no choice applied yet.
    Raises ValueError if the state cannot be rebuilt from a setup (it was changed
    outside the rules, beyond what a setup records)."""
    reg = registry.of_state(state)
    seat_list = list(seats)
    players = list(getattr(state, "players", ()))
    if [s.player for s in seat_list] != players:
        raise ValueError(f"the seats {[s.player for s in seat_list]} are not the state's players {players}")
    level = course_to_json(state.course)
    setup = GameSetup(reg.rules().name, level, seat_list, int(state.seed), state.options.to_json())
    if reg.setup_fields is not None:
        setup.fields.update(reg.setup_fields(state))
    _, fresh = new_state_from_setup(setup)
    start = reg.start_of(state, fresh) if reg.start_of is not None else {}
    if start:
        setup.start = start
        _, fresh = new_state_from_setup(setup)
    if state_digest(fresh) != state_digest(state):
        where = first_difference(state_tree(fresh), state_tree(state))
        raise ValueError(f"this state cannot be rebuilt from its setup (it differs at {where}); "
                         "record a game from its first step")
    if course_from_json(level, "course") != state.course:
        raise ValueError("the course does not survive its canonical JSON exactly")
    return setup


@dataclass
class RecordedGame:
    """A game being played and recorded: the state, its recording ruleset (hand it to
    the driver, or set it as a Session's `ruleset`), the record and the seats."""

    state: Any
    rules: RecordingRuleset
    seats: list[SeatRecord]
    last_error: str | None = None  # the last autosave or replay write that failed (for the window)
    agents: dict[str, Any] = field(default_factory=dict)  # AI agents, when they live in this process
    extra: dict[str, Any] = field(default_factory=dict)  # the window's own data, saved with the game
    host: Any = None  # the Session's AI host (attach), asked for its agents' generator states if it can
    autosave_file: str | None = None  # this game's own file in the autosave folder (game.save.autosave)
    _lines: list[str] = field(default_factory=list, repr=False)  # the history as JSON lines, so far
    _last: Any = field(default=None, repr=False)  # the entry the last cached line is of

    def history_lines(self) -> list[str]:
        """The history as one JSON line per entry, encoding only the entries added since
        the last call (autosaves every turn stay cheap in a long game)."""
        from game.save.files import encode_line
        history = self.record.history
        n = len(self._lines)
        if n > len(history) or (n and history[n - 1] is not self._last):
            self._lines, n = [], 0  # the history was cut (a take-back) or replaced
        self._lines.extend(encode_line(e.to_json()) for e in history[n:])
        self._last = history[-1] if history else None
        return self._lines

    def take_back(self, player: str) -> int:
        """Undo `player`'s own choices since the last chance outcome (issue 7's
        take-backs house rule): returns how many were undone (0: none to undo). The
        game goes on from `self.state`, a new state object (a Session must be given it)."""
        n = self.record.takeback_steps(player)
        if n == 0:
            return 0
        snap = self.rules.snapshot
        keep = len(self.record.history) - n
        if snap is None or snap[0] > keep:  # no snapshot (a game with no die yet): re-play it
            state, _ = rebuild(self.record.prefix(keep))
            self.rules.snapshot = (keep, self.rules.inner.clone(state))
        self.state = self.rules.rewind(n)
        return n

    @property
    def record(self) -> GameRecord:
        return self.rules.record

    @property
    def ruleset(self) -> Any:
        return self.rules.inner

    @property
    def over(self) -> bool:
        return bool(self.rules.inner.current_actor(self.state) == TERMINAL)

    @property
    def specs(self) -> dict[str, tuple[str, int]]:
        """AI seats as a Session wants them: player -> (kind, seed)."""
        return {s.player: (s.kind, int(s.seed or 0)) for s in self.seats if s.is_ai}


def start_game(state: Any, seats: Iterable[SeatRecord]) -> RecordedGame:
    """Begin recording a game that has had no choice applied yet."""
    seat_list = list(seats)
    record = GameRecord(setup_from_state(state, seat_list))
    return RecordedGame(state, RecordingRuleset(registry.of_state(state).rules(), state, record), seat_list)


def continue_game(state: Any, record: GameRecord, snapshot: tuple[int, Any] | None = None) -> RecordedGame:
    """Go on recording a rebuilt game (after a load); `snapshot` (history length, a
    clone of the state then, after the last chance outcome) lets take-backs work at
    once."""
    rules = RecordingRuleset(registry.of_state(state).rules(), state, record)
    rules.snapshot = snapshot
    return RecordedGame(state, rules, list(record.setup.seats))


def rebuild(record: GameRecord, source: str = "game", where: str = "record",
            upto: int | None = None, snapshot: list[tuple[int, Any]] | None = None) -> tuple[Any, list[Any]]:
    """(state, events): the setup's fresh state with the history re-applied and every
    checkpoint verified. BadInput (naming `where`.history[i] or the checkpoint) if it
    does not rebuild. A `snapshot` list receives (history length, a clone of the state)
    just after the last chance outcome, for take-backs."""
    rules, state = new_state_from_setup(record.setup, source, f"{where}.setup")
    history = record.history if upto is None else record.history[:upto]
    last = max((i for i, e in enumerate(history) if e.chance), default=-1)

    def keep(i: int, _e: Any, _evs: list[Any]) -> None:
        if i == last and snapshot is not None:
            snapshot.append((i + 1, rules.clone(state)))
    try:
        events = replay_history(rules, state, record, upto=upto, on_step=keep)
    except Divergence as d:
        fld = f"{where}.{d.field}" if d.field else f"{where}.checkpoints"
        raise BadInput(source, fld, f"turn {d.turn}: {d.reason}") from None
    return state, events
