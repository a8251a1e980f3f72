"""A race being played in the window: the rules state, who sits in each seat (a
human or an agent), dice rolled automatically, and the events waiting to be shown.
Plain Python (no pygame), so it is tested headless and the window only draws it.

The window asks `pending()` what decision is open and whose it is; humans answer
with `submit(choice)`; `think()` lets agents answer and rolls dice, a bounded number
of steps per call so that a frame never waits long (CONTRACTS §3: the simple agents
decide in well under a millisecond; heavier ones will run in their own process).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.driver import sample_chance
from game.core.errors import IllegalChoice
from game.core.protocol import CHANCE, TERMINAL, Choice
from game.rules.wild_race import RULESET, RaceSetup, new_state
from game.rules.wild_race.options import Options
from game.rules.wild_race.state import RaceState


@dataclass
class Seat:
    player: str
    name: str
    kind: str = "human"  # human | greedy | random
    colour: int = 0  # palette index
    agent: Any = None


@dataclass
class Pending:
    actor: str
    kind: str
    legal: list[Choice]
    seat: Seat


@dataclass
class Session:
    state: RaceState
    seats: dict[str, Seat]
    events: list[Any] = field(default_factory=list)  # every event so far
    unseen: list[Any] = field(default_factory=list)  # events not yet animated
    _legal_cache: Any = None

    @staticmethod
    def new(course: Any, seats: list[Seat], racers_per_player: int, seed: int,
            options: Options | None = None) -> "Session":
        from game.sim import make_agents
        st = new_state(RaceSetup(course, tuple((s.player, s.name) for s in seats), racers_per_player, seed),
                       options or Options())
        agents = {}
        for s in seats:
            if s.kind != "human":
                agents[s.player] = make_agents(s.kind, [s.player], seed * 31 + len(agents))[s.player]
                s.agent = agents[s.player]
        return Session(st, {s.player: s for s in seats})

    # --- what is going on -------------------------------------------------------
    @property
    def over(self) -> bool:
        return RULESET.current_actor(self.state) == TERMINAL

    def pending(self) -> Pending | None:
        """The open decision (after dice and agents have had their go), or None."""
        actor = RULESET.current_actor(self.state)
        if actor in (TERMINAL, CHANCE):
            return None
        top = self.state.stack[-1]
        if self._legal_cache is None or self._legal_cache[0] is not top:
            self._legal_cache = (top, RULESET.legal_choices(self.state))
        return Pending(actor, top.kind if top.kind != "group_roll" else "group_favour", self._legal_cache[1],
                       self.seats[actor])

    def human_turn(self) -> Pending | None:
        p = self.pending()
        return p if p is not None and p.seat.kind == "human" else None

    # --- moving on ----------------------------------------------------------------
    def _apply(self, choice: Choice) -> list[Any]:
        evs = RULESET.apply(self.state, choice)
        self._legal_cache = None
        self.events.extend(evs)
        self.unseen.extend(evs)
        return evs

    def submit(self, choice: Choice) -> str | None:
        """A human's choice: None if taken, else why it is not legal (nothing changes)."""
        why = RULESET.is_legal(self.state, choice)
        if why is not None:
            return why
        try:
            self._apply(choice)
        except IllegalChoice as e:  # pragma: no cover - is_legal said yes
            return e.reason
        return None

    def think(self, max_steps: int = 40) -> int:
        """Roll pending dice and let agents decide, up to `max_steps` steps; stops at
        a human's decision or the end. Returns the steps taken."""
        n = 0
        while n < max_steps:
            actor = RULESET.current_actor(self.state)
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                self._apply(sample_chance(RULESET, self.state))
            else:
                seat = self.seats[actor]
                if seat.kind == "human":
                    break
                legal = RULESET.legal_choices(self.state)
                self._apply(seat.agent.act(RULESET, self.state, legal))
            n += 1
        return n

    def take_unseen(self, limit: int | None = None) -> list[Any]:
        out = self.unseen if limit is None else self.unseen[:limit]
        self.unseen = [] if limit is None else self.unseen[limit:]
        return out

    def outcome(self) -> dict[str, Any]:
        return RULESET.outcome(self.state)
