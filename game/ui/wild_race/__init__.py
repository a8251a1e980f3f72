"""The Wild Race in the window: its race scene, results and set-up (scenes/), its
series of races (flow), words, animator, help overlay and report parts (what both
races share stays in game/ui), added to its registration (game.core.registry) when
this room is imported. Also its command-line hooks: this is its top room.

Parts are "module:attribute" references, imported when first used, so importing
this room costs nothing (no pygame)."""

from __future__ import annotations

from typing import Any

import game.rules.wild_race  # noqa: F401  (its registration, which this room extends)
from game.core import registry


def describe(state: Any, choice: Any, kind: str, names: dict[str, str]) -> str:
    """A choice in the Wild Race's words (the racers' own names)."""
    from game.ui.wild_race.words import describe as words
    return words(state, choice, kind)


registry.extend(
    "wild-race",
    simulate="game.ui.wild_race.commands:simulate_command",
    simulate_args="game.ui.wild_race.commands:simulate_args",  # its own `simulate wild-race` options
    arena="game.ui.wild_race.commands:wild_race_arena",
    report="game.ui.wild_race.report:",
    window={
        "describe": describe,
        # its main-menu entries (game.ui.scenes.menu): label, place, tip, the scene opened with the app
        "menu": ({"label": "New race", "order": 10, "tip": "", "scene": "game.ui.wild_race.scenes.setup:SetupScene",
                  "args": {"grand_prix": False}},
                 {"label": "New Grand Prix", "order": 20, "tip": "",
                  "scene": "game.ui.wild_race.scenes.setup:SetupScene", "args": {"grand_prix": True}}),
        "replay": "game.ui.wild_race.replay:",
        "hints": "game.ui.wild_race.hints:GUIDE",  # its first-game hints and where they point (game.ui.hints)
        "throws": "game.ui.wild_race.throws:Throws",  # a favour decision shows its die as thrown
        "resume": "game.ui.wild_race.flow:resume",
        "log_line": "game.ui.wild_race.flow:log_line",
        "setup_choice": True,  # offered in the race set-up scenes' ruleset list (game.ui.setup_choice)
        "setup_scene": "game.ui.wild_race.scenes.setup:SetupScene",
        "test_session": "game.ui.wild_race.test_race:session",
        "test_scene": "game.ui.wild_race.test_race:TestRaceScene",
        "test_words": "4 normal AI racers run this course as it is",  # (test_race.TEST_PLAYERS, TEST_KIND)
        "new_level": "game.ui.editor_model:starter_data",
        "new_level_words": "a new course: an 80\" straight",
    })
