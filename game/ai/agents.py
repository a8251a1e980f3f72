"""The AI players by name: every agent takes a seed and keeps its own generator
(never the game's dice stream), so the same seed gives the same choices. Each
ruleset's agents live in its ai room (game/ai/<package>/), which adds them to its
registration (game.core.registry); this module asks the registry."""

from __future__ import annotations

from typing import Any

from game.core import registry

LABELS = {"random": "AI (random)", "easy": "AI (easy)", "normal": "AI (normal)", "hard": "AI (hard)",
          "greedy": "AI (greedy)"}


def registration(ruleset: str | None = None) -> registry.Registration:
    """The ruleset's registration with its ai room loaded (None: the first ruleset,
    the Wild Race)."""
    registry.load("ai")
    return registry.every()[0] if ruleset is None else registry.get(ruleset, playable=True)


def make_agent(kind: str, seed: int, source: str = "agent", ruleset: str | None = None) -> Any:
    """The agent `kind` for `ruleset` (a registered name; None: the first ruleset);
    BadInput (one line) for a kind the ruleset has not."""
    reg = registration(ruleset)
    if reg.make_agent is None:
        from game.core.errors import BadInput
        raise BadInput(source, "agent", f"the {reg.title} has no AI players")
    return reg.make_agent(kind, seed, source)


def known_agents(ruleset: str | None = None) -> tuple[str, ...]:
    """Every agent `make_agent` makes for the ruleset: what the command line accepts
    and lists."""
    return registration(ruleset).agents


def offered_agents(ruleset: str | None = None) -> tuple[str, ...]:
    """The AI levels the window offers for a seat of the ruleset."""
    return registration(ruleset).offered


LEVELS = ("random", "easy", "normal", "hard")  # the levels a seat may have (record format)
AGENTS = LEVELS + ("greedy",)


def __getattr__(name: str) -> Any:
    """Old names: <PACKAGE>_AGENTS, the levels the window offers for the ruleset whose
    rooms are called <package> (e.g. the Doomwheel Race's)."""
    if name.endswith("_AGENTS"):
        package = name[: -len("_AGENTS")].lower()
        registry.load("ai")
        for reg in registry.every():
            if reg.package == package:
                return reg.offered
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
