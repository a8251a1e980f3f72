"""The random agent, by its old address: it needs nothing above the core (the
scenario runner uses it too), so it lives in game/core/random_agent.py."""

from __future__ import annotations

from game.core.random_agent import RandomAgent

__all__ = ["RandomAgent"]
