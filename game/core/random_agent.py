"""The random agent: a uniformly random legal choice, from its own seeded generator
(never the game's dice stream)."""

from __future__ import annotations

import random
from typing import Any

from game.core.protocol import Choice


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, ruleset: Any, state: Any, legal: list[Choice]) -> Choice:
        return legal[self.rng.randrange(len(legal))]
