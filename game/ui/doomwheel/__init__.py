"""The Doomwheel Race in the window: its view, panels, words, editor, series of
races (flow), scenes and report parts, added to its registration
(game.core.registry) when this room is imported. Also its command-line hooks: this
is its top room.

Parts are "module:attribute" references, imported when first used, so importing
this room costs nothing (no pygame)."""

from __future__ import annotations

from typing import Any

import game.rules.doomwheel  # noqa: F401  (its registration, which this room extends)
from game.core import registry


def describe(state: Any, choice: Any, kind: str, names: dict[str, str]) -> str:
    """A choice in the Doomwheel's words (the seats' names)."""
    from game.ui.doomwheel.words import describe as words
    return words(state, choice, kind, names)


registry.extend(
    "doomwheel",
    simulate="game.ui.doomwheel.commands:simulate_doomwheel",
    arena="game.ui.doomwheel.commands:doomwheel_arena",
    report="game.ui.doomwheel.report:",
    window={
        "describe": describe,
        # its main-menu entry (game.ui.scenes.menu): label, place, tip, the scene opened with the app
        "menu": ({"label": "Doomwheel Race", "order": 30,
                  "tip": "Giant rat-driven wheels race laps of a figure of eight",
                  "scene": "game.ui.doomwheel.scenes.setup:DoomSetupScene", "args": {}},),
        "replay": "game.ui.doomwheel.replay:",
        "hints": "game.ui.doomwheel.hints:GUIDE",  # its first-game hints and where they point (game.ui.hints)
        "resume": "game.ui.doomwheel.flow:resume",
        "log_line": "game.ui.doomwheel.flow:log_line",
        "setup_choice": True,  # offered in the race set-up scenes' ruleset list (game.ui.setup_choice)
        "setup_scene": "game.ui.doomwheel.scenes.setup:DoomSetupScene",
        "test_session": "game.ui.doomwheel.test_race:session",
        "test_scene": "game.ui.doomwheel.test_race:DoomTestRaceScene",
        "test_words": "2-4 normal AI wheels run this track as it is, its laps",
        "new_level": "game.ui.doomwheel.editor_model:new_level",
        "editor": "game.ui.doomwheel.editor_model:EDITOR",  # its pieces in the course editor (game.ui.editor_kit)
        "new_level_words": "a new Doomwheel track: a small figure-eight, 3 laps",
    })
