"""A race being played in the window: the rules state, who sits in each seat (a
human or an agent), dice rolled automatically, and the events waiting to be shown.
Plain Python (no pygame), so it is tested headless and the window only draws it.

The window asks `pending()` what decision is open and whose it is; humans answer
with `submit(choice)`; `think()` rolls dice and collects AI answers, a bounded
number of steps per call, and never waits for an AI that is still thinking: the
agents live in a game.ai.host (a worker process for `normal` and `hard`, CONTRACTS
§3), so a frame never waits long. Every AI choice is logged with its reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core import registry
from game.core.events import Event

from game.core.driver import sample_chance
from game.core.errors import IllegalChoice
from game.core.protocol import CHANCE, TERMINAL, Choice
from game.rules import ruleset_of


@dataclass
class Seat:
    player: str
    name: str
    kind: str = "human"  # human | random | easy | normal | hard | greedy
    colour: int = 0  # palette index


@dataclass(frozen=True)
class AiThought(Event):
    """Why an AI player chose what it did (for the log; not a rules event)."""

    player: str
    why: str

    def text(self) -> str:
        return self.why if self.why.split(" ", 1)[0].startswith(self.player) else f"{self.player} {self.why}"


@dataclass(frozen=True)
class Chosen(Event):
    """A player's choice, as the window saw it go in (for animation, e.g. the bolt
    thrower's shot at its target; not a rules event, no log line)."""

    player: str
    choice: Any

    def text(self) -> str:
        return ""


@dataclass
class Pending:
    actor: str
    kind: str
    legal: list[Choice]
    seat: Seat


@dataclass
class Session:
    state: Any  # a RaceState or a DoomState
    seats: dict[str, Seat]
    events: list[Any] = field(default_factory=list)  # every event so far
    unseen: list[Any] = field(default_factory=list)  # events not yet animated
    _legal_cache: Any = None

    host: Any = None  # where the AI players think (game.ai.host)
    _asked: Any = None  # the decision an AI is thinking about
    specs: dict[str, tuple[str, int]] = field(default_factory=dict)  # AI seats: (kind, seed)
    ruleset: Any = None  # the state's ruleset (game.rules.ruleset_of), set on creation
    recorded_game: Any = None  # the game.save RecordedGame recording this session (game.save.attach sets it)
    _marks: list[int] = field(default_factory=list)  # len(events) before each human choice (take-backs)
    _throws: Any = None  # dice shown as they land: its ruleset's "throws" window part (game.ui.throws), if any

    def __post_init__(self) -> None:
        if self.ruleset is None:
            self.ruleset = ruleset_of(self.state)
        if self._throws is None:
            registry.load("ui")
            try:
                make = registry.of_state(self.state).part("throws")
            except KeyError:  # a state no ruleset registered plays (a test's stand-in)
                make = None
            self._throws = make() if make is not None else None

    @staticmethod
    def start(state: Any, seats: list[Seat], seed: int, process: bool | None = None) -> "Session":
        """A session of a fresh game of any ruleset (its ui room builds the state: e.g.
        game.ui.wild_race.session.new_session): its AI seats think in a host (a worker
        process when any needs real thinking time), seeded from `seed` by seat."""
        from game.ai.host import make_host
        specs = {s.player: (s.kind, seed * 31 + i) for i, s in enumerate(seats) if s.kind != "human"}
        host = make_host(specs, process, ruleset=registry.of_state(state).name)
        return Session(state, {s.player: s for s in seats}, host=host, specs=specs)

    def close(self) -> None:
        """Stop the AI worker (leaving the race)."""
        if self.host is not None:
            self.host.close()
            self.host = None

    # --- what is going on -------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.ruleset.current_actor(self.state) == TERMINAL

    def pending(self) -> Pending | None:
        """The open decision (after dice and agents have had their go), or None."""
        actor = self.ruleset.current_actor(self.state)
        if actor in (TERMINAL, CHANCE):
            return None
        top = self.state.stack[-1]
        if self._legal_cache is None or self._legal_cache[0] is not top:
            self._legal_cache = (top, self.ruleset.legal_choices(self.state))
        return Pending(actor, top.kind if top.kind != "group_roll" else "group_favour", self._legal_cache[1],
                       self.seats[actor])

    def human_turn(self) -> Pending | None:
        p = self.pending()
        return p if p is not None and p.seat.kind == "human" else None

    # --- moving on ----------------------------------------------------------------
    def _apply(self, choice: Choice) -> list[Any]:
        evs = self.ruleset.apply(self.state, choice)
        self._legal_cache = None
        self.events.extend(evs)
        self.unseen.extend(evs)
        self.note_throws(evs)
        return evs

    def note_throws(self, evs: list[Any] | None = None) -> None:
        """Show the dice a favour decision now waits on, as they land (a `DieThrown`
        each); call once for a loaded game that stopped on such a decision."""
        if self._throws is None:
            return
        thrown = self._throws.after(self.state, list(evs or ()))
        self.events.extend(thrown)
        self.unseen.extend(thrown)

    def _chosen(self, choice: Choice) -> None:
        actor = self.ruleset.current_actor(self.state)
        c = Chosen(str(actor), choice)
        self.events.append(c)
        self.unseen.append(c)

    def submit(self, choice: Choice) -> str | None:
        """A human's choice: None if taken, else why it is not legal (nothing changes)."""
        why = self.ruleset.is_legal(self.state, choice)
        if why is not None:
            return why
        self._marks.append(len(self.events))
        self._chosen(choice)
        try:
            self._apply(choice)
        except IllegalChoice as e:  # pragma: no cover - is_legal said yes
            return e.reason
        return None

    def replace_state(self, state: Any) -> None:
        """Play on from another state object (a take-back's restored position). Only
        while a human's decision is pending, so no AI is thinking about the old state."""
        if self.pending() is None or self.pending().seat.kind != "human":  # type: ignore[union-attr]
            raise RuntimeError("replace_state: only while a human's decision is pending")
        self.state = state
        self._legal_cache = None
        self._asked = None

    def can_take_back(self) -> bool:
        """Whether the current human player has choices of their own to take back
        (since the last die rolled). Needs a recorded game (game.save.attach)."""
        p = self.human_turn()
        rg = self.recorded_game
        return p is not None and rg is not None and rg.record.takeback_steps(p.actor) > 0

    def take_back(self) -> int:
        """Undo the current human player's own choices back to the last die rolled
        (the take-backs house rule): how many were undone (0: none). The session
        goes on from the recorded game's restored state; their events are dropped."""
        if not self.can_take_back():
            return 0
        p = self.human_turn()
        assert p is not None and self.recorded_game is not None
        n = int(self.recorded_game.take_back(p.actor))
        if n == 0:
            return 0
        self.replace_state(self.recorded_game.state)
        marks = self._marks[-n:] if len(self._marks) >= n else []
        if marks:
            cut = marks[0]
            del self._marks[-n:]
            dropped = self.events[cut:]
            self.events = self.events[:cut]
            self.unseen = [e for e in self.unseen if all(e is not d for d in dropped)]
        self.note_throws()  # back on a favour decision: its die, shown again
        return n

    def think(self, max_steps: int = 40, block: bool = False) -> int:
        """Roll pending dice and take AI answers, up to `max_steps` steps; stops at a
        human's decision, the end, or an AI still thinking (unless `block`: then it
        waits for the answer, for skipping to the end). Returns the steps taken."""
        n = 0
        while n < max_steps:
            actor = self.ruleset.current_actor(self.state)
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                self._apply(sample_chance(self.ruleset, self.state))
                n += 1
                continue
            seat = self.seats[actor]
            if seat.kind == "human" or self.host is None:
                break
            top = self.state.stack[-1]
            try:
                if self._asked is not top:
                    self.host.ask(actor, self.state, self.ruleset.legal_choices(self.state))
                    self._asked = top
                got = self.host.wait() if block else self.host.poll()
            except RuntimeError as e:  # the worker died: think here from now on (slower, never stuck)
                from game.ai.host import InlineHost
                self.host.close()
                self.host = InlineHost(self.specs, self.ruleset.name)
                self._asked = None
                t = AiThought(actor, f"(the AI process stopped: {e}; the AI now thinks in the game window)")
                self.events.append(t)
                self.unseen.append(t)
                continue
            if got is None:
                break  # still thinking: come back next frame
            self._asked = None
            choice, why = got
            if self.ruleset.is_legal(self.state, choice) is not None:  # pragma: no cover - agents are tested legal
                choice, why = self.ruleset.legal_choices(self.state)[0], "(its choice was not legal; it takes the first)"
            if not why or why.endswith(":"):  # every AI choice gets its line, if only what it was
                label = self._describe(choice, top.kind)
                why = f"{why} {label}" if why else f"{actor}: {label}"
            t = AiThought(actor, why)
            self.events.append(t)
            self.unseen.append(t)
            self._chosen(choice)
            self._apply(choice)
            n += 1
        return n

    def _describe(self, choice: Choice, kind: str) -> str:
        """A choice in the ruleset's words (its ui room's `describe` part)."""
        registry.load("ui")
        describe = registry.of_state(self.state).part("describe")
        return str(describe(self.state, choice, kind, {p: s.name for p, s in self.seats.items()}))

    @property
    def thinking(self) -> str | None:
        """The player whose AI is thinking now, if any."""
        actor = self.ruleset.current_actor(self.state)
        if actor in (TERMINAL, CHANCE) or self.seats[actor].kind == "human":
            return None
        return actor

    def take_unseen(self, limit: int | None = None) -> list[Any]:
        out = self.unseen if limit is None else self.unseen[:limit]
        self.unseen = [] if limit is None else self.unseen[limit:]
        return out

    def outcome(self) -> dict[str, Any]:
        return self.ruleset.outcome(self.state)
