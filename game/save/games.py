"""Recorded games: a setup made from a fresh state and its seats, a state made from a
setup (per ruleset, through its public new_state), recording a game as it is played
and rebuilding one from its record.

This package sits above game/rules (it builds states through `game.rules.by_name`)
and below the UI; game/core/record.py holds the ruleset-free parts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Iterable

from game.levels.course import Course, course_from_json, course_to_json
from game.core.errors import BadInput
from game.core.protocol import TERMINAL
from game.core.record import (Divergence, GameRecord, GameSetup, RecordingRuleset, SeatRecord, first_difference,
                              replay_history, state_digest, state_tree)


def ruleset_named(name: str, source: str = "game", where: str = "setup.ruleset") -> Any:
    from game.rules import by_name
    try:
        return by_name(name)
    except ValueError:
        raise BadInput(source, where, f"unknown ruleset {name!r} (known: wild-race, doomwheel)") from None


def _prefixed(e: BadInput, source: str, prefix: str) -> BadInput:
    fld = f"{prefix}.{e.field}" if e.field else prefix
    return BadInput(source, fld, e.reason)


def course_of(setup: GameSetup, source: str, where: str = "setup") -> Course:
    try:
        return course_from_json(setup.course, source)
    except BadInput as e:
        raise _prefixed(e, source, f"{where}.course") from None


def new_state_from_setup(setup: GameSetup, source: str = "game", where: str = "setup") -> tuple[Any, Any]:
    """(ruleset, fresh state) for a setup; BadInput naming the field on any problem."""
    rules = ruleset_named(setup.ruleset, source, f"{where}.ruleset")
    course = course_of(setup, source, where)
    if course.ruleset != rules.name:
        raise BadInput(source, f"{where}.ruleset", f"is {rules.name}, but the course is a {course.ruleset} course")
    players = tuple((s.player, s.name) for s in setup.seats)
    try:
        if rules.name == "doomwheel":
            from game.rules.doomwheel import DoomSetup
            from game.rules.doomwheel.options import parse_options as doom_options
            state = rules.new_state(DoomSetup(course, players, setup.seed),
                                    doom_options(setup.options, source, f"{where}.options"))
        else:
            from game.rules.wild_race import RaceSetup
            from game.rules.wild_race.options import parse_options as wild_options
            names = tuple(tuple(n) for n in setup.racer_names)
            state = rules.new_state(RaceSetup(course, players, setup.racers_per_player, setup.seed, names),
                                    wild_options(setup.options, source, f"{where}.options"))
    except BadInput as e:
        if e.source == source:
            raise
        raise _prefixed(e, source, where) from None
    _apply_start(rules.name, state, setup, source, where)
    return rules, state


def _apply_start(ruleset: str, state: Any, setup: GameSetup, source: str, where: str) -> None:
    """Start adjustments: {"favour": {racer: n}} (a Grand Prix's carried favour)."""
    for key, value in sorted(setup.start.items()):
        if key != "favour" or ruleset == "doomwheel" or not isinstance(value, dict):
            raise BadInput(source, f"{where}.start.{key}", "unknown start adjustment (known: favour, Wild Race)")
        for rid, n in sorted(value.items()):
            if rid not in state.racers or isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 99:
                raise BadInput(source, f"{where}.start.favour.{rid}", "must name a racer and a favour count 0-99")
            state.racers[rid].favour = n


def setup_from_state(state: Any, seats: Iterable[SeatRecord]) -> GameSetup:
    """The setup that rebuilds `state`, a game that has had no choice applied yet.
    Raises ValueError if the state cannot be rebuilt from a setup (it was changed
    outside the rules, beyond what a setup records)."""
    from game.rules import ruleset_of
    rules = ruleset_of(state)
    seat_list = list(seats)
    players = list(getattr(state, "players", ()))
    if [s.player for s in seat_list] != players:
        raise ValueError(f"the seats {[s.player for s in seat_list]} are not the state's players {players}")
    course = course_to_json(state.course)
    setup = GameSetup(rules.name, course, seat_list, int(state.seed), state.options.to_json())
    if rules.name != "doomwheel":
        per = {p: [r for r in state.racers.values() if r.player == p] for p in players}
        setup.racers_per_player = len(per[players[0]])
        setup.racer_names = [[r.name for r in per[p]] for p in players]
    _, fresh = new_state_from_setup(setup)
    if rules.name != "doomwheel":
        favour = {rid: r.favour for rid, r in state.racers.items() if r.favour != fresh.racers[rid].favour}
        if favour:
            setup.start = {"favour": favour}
            _, fresh = new_state_from_setup(setup)
    if state_digest(fresh) != state_digest(state):
        where = first_difference(state_tree(fresh), state_tree(state))
        raise ValueError(f"this state cannot be rebuilt from its setup (it differs at {where}); "
                         "record a game from its first step")
    if course_from_json(course, "course") != state.course:
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
    from game.rules import ruleset_of
    seat_list = list(seats)
    record = GameRecord(setup_from_state(state, seat_list))
    return RecordedGame(state, RecordingRuleset(ruleset_of(state), state, record), seat_list)


def continue_game(state: Any, record: GameRecord, snapshot: tuple[int, Any] | None = None) -> RecordedGame:
    """Go on recording a rebuilt game (after a load); `snapshot` (history length, a
    clone of the state then, after the last chance outcome) lets take-backs work at
    once."""
    from game.rules import ruleset_of
    rules = RecordingRuleset(ruleset_of(state), state, record)
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


# --------------------------------------------------------------------------- AI generators

def agent_states(agents: dict[str, Any]) -> dict[str, Any]:
    """The state of every random.Random inside each agent (JSON), so a resumed game's
    AIs go on drawing where they were: {player: {"rng": [...], "greedy.rng": [...]}}."""
    return {p: dict(sorted(_generators(a, ""))) for p, a in sorted(agents.items())}


def restore_agent_states(agents: dict[str, Any], states: dict[str, Any]) -> None:
    for p, gens in states.items():
        if p not in agents:
            continue
        found = dict(_find_generators(agents[p], ""))
        for path, st in gens.items():
            if path in found and isinstance(st, list) and len(st) == 3:
                found[path].setstate((st[0], tuple(st[1]), st[2]))


def _find_generators(obj: Any, prefix: str, depth: int = 0) -> list[tuple[str, random.Random]]:
    out: list[tuple[str, random.Random]] = []
    for name, value in sorted(vars(obj).items()) if hasattr(obj, "__dict__") else []:
        path = f"{prefix}{name}"
        if isinstance(value, random.Random):
            out.append((path, value))
        elif depth < 2 and type(value).__module__.startswith("game.ai") and hasattr(value, "__dict__"):
            out.extend(_find_generators(value, path + ".", depth + 1))
    return out


def _generators(obj: Any, prefix: str) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for path, gen in _find_generators(obj, prefix):
        version, internal, gauss = gen.getstate()
        out.append((path, [version, list(internal), gauss]))
    return out
