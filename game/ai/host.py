"""Where AI players think, so the window never waits on them (CONTRACTS §3).

`ProcessHost` keeps the agents in a worker process: the window sends it a copy of
the state and the legal choices, goes on drawing, and picks the answer up on a
later frame. `InlineHost` asks agents in this process; it is for agents that decide
in microseconds (random, easy, greedy), for the headless commands and for tests.

Both give the same answers: an agent is made from (kind, seed) on either side and
sees the same sequence of decisions, so its own generator advances the same way.
"""

from __future__ import annotations

import copy
from typing import Any

from game.core import registry
from game.core.protocol import Choice



def portable(state: Any) -> Any:
    """A copy of the state that pickles small (its ruleset's copy for the AI worker:
    no table, no cached shapes)."""
    reg = _registration_of(state)
    if reg.portable is not None:
        return reg.portable(state)
    st = state.clone()
    st.table = None
    return st


def _registration_of(state: Any) -> registry.Registration:
    registry.load("ai")
    return registry.of_state(state)


def _decide(agents: dict[str, Any], player: str, state: Any, legal: list[Choice]) -> tuple[Choice, str]:
    reg = _registration_of(state)
    if reg.prepare is not None:
        reg.prepare(state)  # a state that came through a pipe has no table yet
    agent = agents[player]
    choice = agent.act(reg.ruleset, state, legal)
    return choice, str(getattr(agent, "why", "") or "")


class InlineHost:
    def __init__(self, specs: dict[str, tuple[str, int]], ruleset: str | None = None) -> None:
        from game.ai.agents import make_agent
        self.ruleset = ruleset
        self.agents = {p: make_agent(kind, seed, ruleset=ruleset) for p, (kind, seed) in specs.items()}
        self._answer: tuple[Choice, str] | None = None

    def ask(self, player: str, state: Any, legal: list[Choice]) -> None:
        self._answer = _decide(self.agents, player, state, legal)

    def poll(self) -> tuple[Choice, str] | None:
        got, self._answer = self._answer, None
        return got

    def wait(self) -> tuple[Choice, str] | None:
        return self.poll()

    def close(self) -> None:
        pass


def _serve(conn: Any, specs: dict[str, tuple[str, int]], ruleset: str | None) -> None:  # pragma: no cover - worker
    """The worker: one message at a time, answered in order. ("ask", player, state
    without its course, legal, the course or None when it is the one sent before) ->
    ("answer", choice, why, the agents' generator states after it);
    ("states",) -> ("states", generator states); ("restore", states) -> no reply;
    None ends it."""
    from game.ai.agents import make_agent
    from game.ai.generators import agent_states, restore_agent_states
    agents = {p: make_agent(kind, seed, ruleset=ruleset) for p, (kind, seed) in specs.items()}
    course: Any = None  # the race's course, sent once: every state shares this one object
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        try:
            if msg[0] == "states":
                conn.send(("states", agent_states(agents)))
            elif msg[0] == "restore":
                restore_agent_states(agents, msg[1])
            else:
                _, player, state, legal, sent = msg
                if sent is not None:
                    course = sent
                state.course = course  # the same object every time, so caches keyed on it hold
                choice, why = _decide(agents, player, state, legal)
                conn.send(("answer", choice, why, agent_states(agents)))
        except Exception as e:  # an agent bug must not hang the window: say so
            conn.send(("error", f"{type(e).__name__}: {e}"))


class ProcessHost:
    """Agents in a worker process. `ask` returns at once; `poll` is non-blocking.

    The agents' generator states (for saves, docs/save-format.md) come back with
    every answer, so `agent_states()` knows them without a round trip while an ask
    is outstanding (they are the states before that ask: nothing else draws from
    them). The pipe is ordered and the worker answers in order, so a states query
    sent before an ask is answered before it."""

    def __init__(self, specs: dict[str, tuple[str, int]], ruleset: str | None = None) -> None:
        import multiprocessing
        self.ruleset = ruleset
        self._course: Any = None  # the course the worker holds
        ctx = multiprocessing.get_context("spawn")  # the same on Linux, macOS and Windows
        self._conn, child = ctx.Pipe()
        self._proc = ctx.Process(target=_serve, args=(child, specs, ruleset), daemon=True, name="wild-table-ai")
        self._proc.start()
        child.close()
        self._waiting = False
        self._states: dict[str, Any] | None = None  # the agents' generator states when no ask is outstanding
        self._states_due = 0  # states replies sent for and not yet read
        self._restore: dict[str, Any] | None = None  # a restore queued behind an outstanding ask
        self._fresh = True  # no ask or restore yet: the generators are as their seeds made them

    def _send(self, msg: Any) -> None:
        try:
            self._conn.send(msg)
        except (OSError, ValueError) as e:
            raise RuntimeError(f"the AI process stopped ({e})") from None

    def ask(self, player: str, state: Any, legal: list[Choice]) -> None:
        if self._states is None:  # know the states before this ask, for a save made while it thinks
            self._send(("states",))
            self._states_due += 1
        self._fresh = False
        st = portable(state)
        course = st.course
        st.course = None  # the worker keeps the course: sent once, not pickled with every state
        sent = None if course is self._course else course
        self._send(("ask", player, st, legal, sent))
        self._course = course
        self._waiting = True

    def poll(self) -> tuple[Choice, str] | None:
        if not self._waiting:
            return None
        while self._conn.poll():
            got = self._receive()
            if got is not None:
                return got
        if not self._proc.is_alive():
            raise RuntimeError("the AI process stopped")
        return None

    def wait(self) -> tuple[Choice, str] | None:
        while self._waiting:
            got = self._receive()
            if got is not None:
                return got
        return None

    def _receive(self) -> tuple[Choice, str] | None:
        """Read one reply: an answer (returned), or a states reply (kept; None)."""
        try:
            got = self._conn.recv()
        except (EOFError, OSError) as e:
            self._waiting = False
            raise RuntimeError(f"the AI process stopped ({e})") from None
        if got[0] == "states":
            self._states_due -= 1
            self._states = got[1]
            return None
        self._waiting = False
        if got[0] == "error":
            raise RuntimeError(f"the AI failed: {got[1]}")
        _, choice, why, states = got
        self._states = states
        if self._restore is not None:
            queued, self._restore = self._restore, None
            self.restore_agent_states(queued)
        return choice, why

    def agent_states(self) -> dict[str, Any]:
        """The agents' generator states as of the last decision answered (the state a
        resumed game must restore); asks the worker if they are not known yet. Before
        any ask or restore the generators are as their seeds made them: {} says so
        without waiting for a worker that may still be starting."""
        if self._fresh and self._states is None and not self._waiting:
            return {}
        while self._states is None and (self._states_due > 0 or not self._waiting):
            if self._states_due == 0:
                self._send(("states",))
                self._states_due += 1
            got = self._receive()  # the states reply comes first: it was sent before any ask
            if got is not None:  # pragma: no cover - replies come in order
                raise RuntimeError("the AI process answered out of order")
        return dict(self._states or {})

    def restore_agent_states(self, states: dict[str, Any]) -> None:
        """Set the agents' generators (a resumed game); queued behind an outstanding ask."""
        if self._waiting:
            self._restore = dict(states)
            return
        self._send(("restore", dict(states)))
        self._fresh = False
        self._states = {p: dict(v) for p, v in states.items()}  # what the worker's generators now hold

    def close(self) -> None:
        try:
            self._conn.send(None)
        except (OSError, BrokenPipeError):
            pass
        self._proc.join(timeout=1.0)
        if self._proc.is_alive():  # pragma: no cover - a stuck worker
            self._proc.terminate()
        self._conn.close()


def make_host(specs: dict[str, tuple[str, int]], process: bool | None = None, ruleset: str | None = None) -> Any:
    """A process host when any agent needs real thinking time, else inline; the
    agents are `ruleset`'s (a registered name; None: the first ruleset)."""
    if process is None:
        from game.ai.agents import registration
        fast = registration(ruleset).fast_agents
        process = any(kind not in fast for kind, _ in specs.values())
    if not specs or not process:
        return InlineHost(specs, ruleset)
    try:
        return ProcessHost(specs, ruleset)
    except (OSError, ValueError, ImportError):  # pragma: no cover - no processes here: think inline
        return InlineHost(specs, ruleset)
