"""The `easy` AI: the greedy racer with mistakes. One decision in five (from its own
generator) it picks any legal choice instead, the way a beginner misjudges a line or
forgets to spend favour; it never spends a favour point on a whim."""

from __future__ import annotations

import random
from typing import Any

from game.ai.wild_race.greedy import GreedyAgent
from game.core.protocol import Choice, Ruleset

MISTAKE_RATE = 0.2
FAVOUR_KINDS = ("reroll", "favour_plus", "favour_minus")


class EasyAgent:
    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.greedy = GreedyAgent(seed + 1)
        self.why = ""

    def act(self, ruleset: Ruleset, state: Any, legal: list[Choice]) -> Choice:
        self.why = ""
        if len(legal) > 1 and self.rng.random() < MISTAKE_RATE:
            plain = [c for c in legal if c.kind not in FAVOUR_KINDS] or legal
            c = plain[self.rng.randrange(len(plain))]
            self.why = "goes with a hunch:"
            return c
        c = self.greedy.act(ruleset, state, legal)
        self.why = _greedy_words(state, c)
        return c


def _greedy_words(state: Any, c: Choice) -> str:
    k = c.kind
    if k == "move":
        return f"{c['racer']} heads for the finish"
    if k in ("reroll", "favour_plus", "favour_minus"):
        return "spends favour on a bad roll"
    if k == "barge":
        return f"{c['racer']} barges {c['target']}"
    if k == "spur":
        return f"{c['racer']} spurs"
    if k == "whip":
        return f"{c['racer']} whips {c['target']}"
    return ""
