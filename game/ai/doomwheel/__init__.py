"""The Doomwheel Race's AI players (docs/ai.md, "The Doomwheel Race"): `easy`,
`normal` and `hard`, made by game.ai.agents.make_agent(...,
ruleset="doomwheel"), registered with the Doomwheel Race's registration
(game.core.registry) when this room is imported. They answer the decisions of game.rules.doomwheel through the
one protocol, each from its own seeded generator, never the game's dice. Modules:
track (the racing line: progress round the race through the ordered lap lines),
knowledge (chart odds and worths in inches), look (following a choice on a clone of
the state with the engine itself), normal, easy, hard."""

from __future__ import annotations

from typing import Any

from game.core import registry
from game.core.errors import BadInput

AGENTS = ("random", "easy", "normal")  # the levels offered for Doomwheel seats
RUNS = ("random", "easy", "normal", "hard", "greedy")  # what make_agent makes for the Doomwheel Race
FAST_KINDS = ("random", "greedy")  # the Doomwheel easy traces its moves with the engine (about 14 ms)


def make_agent(kind: str, seed: int, source: str = "agent") -> Any:
    """The Doomwheel agent `kind`, seeded (greedy: no Doomwheel version, plays at random)."""
    if kind in ("random", "greedy"):
        from game.ai.random_agent import RandomAgent
        return RandomAgent(seed)
    if kind == "easy":
        from game.ai.doomwheel.easy import DoomEasyAgent
        return DoomEasyAgent(seed)
    if kind == "normal":
        from game.ai.doomwheel.normal import DoomNormalAgent
        return DoomNormalAgent(seed)
    if kind == "hard":
        from game.ai.doomwheel.hard import DoomHardAgent
        return DoomHardAgent(seed)
    raise BadInput(source, "agent", f"no {kind!r} agent for the Doomwheel Race "
                                    f"(available: {', '.join(RUNS)}; greedy plays at random there)")


def portable(state: Any) -> Any:
    """A copy of the state for the AI worker: plain data apart from the table."""
    st = state.clone()
    st.table = None
    return st


def prepare(state: Any) -> None:
    """A state that came through a pipe has no table yet: build it."""
    from game.rules.doomwheel.geo import geo_of
    geo_of(state)


import game.rules.doomwheel  # noqa: E402,F401  (its registration, which this room extends)

registry.extend("doomwheel", make_agent=make_agent, agents=RUNS, offered=AGENTS, fast_agents=FAST_KINDS,
                portable=portable, prepare=prepare)
