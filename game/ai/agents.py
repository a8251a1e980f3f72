"""The AI players by name: every agent takes a seed and keeps its own generator
(never the game's dice stream), so the same seed gives the same choices."""

from __future__ import annotations

from typing import Any

from game.core.errors import BadInput

LEVELS = ("random", "easy", "normal", "hard")
AGENTS = LEVELS + ("greedy",)
LABELS = {"random": "AI (random)", "easy": "AI (easy)", "normal": "AI (normal)", "hard": "AI (hard)",
          "greedy": "AI (greedy)"}


def make_agent(kind: str, seed: int, source: str = "agent", ruleset: str = "wild_race") -> Any:
    """The agent `kind` for `ruleset` ('wild_race' or 'doomwheel')."""
    if ruleset.replace("-", "_") == "doomwheel":
        return _doomwheel_agent(kind, seed, source)
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


DOOMWHEEL_AGENTS = ("random", "easy", "normal")  # the levels offered for Doomwheel seats (game/ai/doomwheel/)
DOOMWHEEL_RUNS = ("random", "easy", "normal", "hard", "greedy")  # what make_agent makes for the Doomwheel Race


def known_agents(ruleset: str) -> tuple[str, ...]:
    """Every agent `make_agent` makes for the ruleset ('wild_race' / 'wild-race' or
    'doomwheel'): what the command line accepts and lists."""
    return DOOMWHEEL_RUNS if ruleset.replace("-", "_") == "doomwheel" else AGENTS


def _doomwheel_agent(kind: str, seed: int, source: str) -> Any:
    if kind in ("random", "greedy"):  # greedy: no Doomwheel version, plays at random
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
                                    f"(available: {', '.join(DOOMWHEEL_RUNS)}; greedy plays at random there)")
