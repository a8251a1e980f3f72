"""The Doomwheel Race's `easy` AI: `normal` with a coarse eye and mistakes
(docs/ai.md).

- it sees fewer moves: straight, or a Schwenk of 30, 60 or 90 degrees either way at
  the start or midway, and never refines the best of them; otherwise it weighs them
  as `normal` does (engine traces, run-overs, rams, edges);
- it repairs, shoots, slips and sabotages as `normal` does;
- one decision in five (from its own generator) it takes any legal choice instead,
  the way a beginner misjudges a line; a sabotage decision taken on a whim is a pass
  (it never throws its points away).
"""

from __future__ import annotations

import random

from game.ai.doomwheel.normal import DoomNormalAgent, name_of
from game.core.protocol import Choice, Ruleset
from game.rules.doomwheel.state import DoomState

MISTAKE_RATE = 0.2
ANGLES = (30.0, 60.0, 90.0)
ATS = (0.0, 0.5, 1.0)


class DoomEasyAgent:
    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.normal = DoomNormalAgent(seed + 1, refine=False, angles=ANGLES, ats=ATS)
        self.why = ""

    def act(self, ruleset: Ruleset, state: DoomState, legal: list[Choice]) -> Choice:
        self.why = ""
        top = state.steps[-1]
        if len(legal) > 1 and self.rng.random() < MISTAKE_RATE:
            if top.kind == "sabotage":
                self.why = f"{name_of(top['wheel'])} forgets its sabotage"
                return Choice.make("pass")
            c = legal[self.rng.randrange(len(legal))]
            self.why = f"{name_of(top['wheel'])} goes with a hunch:"  # the window says what it took
            return c
        c = self.normal.act(ruleset, state, legal)
        self.why = self.normal.why
        return c
