"""The Wild Race AI players (docs/ai.md): `random`, `easy`, `normal`, `hard` and the
quick test agent `greedy`, registered with the Wild Race's registration
(game.core.registry) when this room is imported; game.ai.agents.make_agent makes
them. Modules: knowledge, lines, greedy, easy, normal, hard."""

from __future__ import annotations

import copy
from typing import Any

from game.core import registry
from game.core.errors import BadInput

LEVELS = ("random", "easy", "normal", "hard")  # the levels the window offers
AGENTS = LEVELS + ("greedy",)  # every agent make_agent makes
FAST_KINDS = ("random", "easy", "greedy")  # decide in well under a millisecond


def make_agent(kind: str, seed: int, source: str = "agent") -> Any:
    """The Wild Race agent `kind`, seeded."""
    if kind == "random":
        from game.ai.random_agent import RandomAgent
        return RandomAgent(seed)
    if kind == "greedy":
        from game.ai.wild_race.greedy import GreedyAgent
        return GreedyAgent(seed)
    if kind == "easy":
        from game.ai.wild_race.easy import EasyAgent
        return EasyAgent(seed)
    if kind == "normal":
        from game.ai.wild_race.normal import NormalAgent
        return NormalAgent(seed)
    if kind == "hard":
        from game.ai.wild_race.hard import HardAgent
        return HardAgent(seed)
    raise BadInput(source, "agent", f"unknown agent {kind!r} (available: {', '.join(AGENTS)})")


def portable(state: Any) -> Any:
    """A copy of the state that pickles small: no table, no cached shapes."""
    st = state.clone()
    st.table = None
    st.offered = None
    st.racers = {k: _bare(r) for k, r in st.racers.items()}
    st.obstacles = {k: _bare(o) for k, o in st.obstacles.items()}
    return st


def _bare(x: Any) -> Any:
    y = copy.copy(x)
    y.shape_cache = None
    if hasattr(y, "progress_cache"):
        y.progress_cache = None
    return y


def prepare(state: Any) -> None:
    """A state that came through a pipe has no table yet: build it."""
    from game.rules.wild_race.geo import geo_of
    geo_of(state)


import game.rules.wild_race  # noqa: E402,F401  (its registration, which this room extends)

registry.extend("wild-race", make_agent=make_agent, agents=AGENTS, offered=LEVELS, fast_agents=FAST_KINDS,
                portable=portable, prepare=prepare)
