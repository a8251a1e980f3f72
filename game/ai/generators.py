"""The AI agents' generators: the state of every random.Random inside each agent, as
JSON, so a resumed game's AIs go on drawing where they were (saves, docs/save-format.md,
and the AI worker process, game.ai.host)."""

from __future__ import annotations

import random
from typing import Any


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
