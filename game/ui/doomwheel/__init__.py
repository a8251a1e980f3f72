"""The Doomwheel Race in the window: its view, panels, words, editor and scenes."""

from __future__ import annotations

import game.rules.doomwheel  # noqa: F401  (its registration, which this room extends)
from game.core import registry

registry.extend("doomwheel", simulate="game.sim:simulate_doomwheel", arena="game.arena:doomwheel_arena")
