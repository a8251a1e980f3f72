"""The Wild Race in the window: its race scene, results, set-up, panels and words
(what both races share stays in game/ui), and its command-line hooks (the top room),
added to its registration (game.core.registry) when this room is imported."""

from __future__ import annotations

import game.rules.wild_race  # noqa: F401  (its registration, which this room extends)
from game.core import registry

registry.extend("wild-race", simulate="game.sim:simulate_command", arena="game.arena:wild_race_arena")
