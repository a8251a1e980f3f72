"""Rally Round the King in the window and on the command line: its `army` command
(game.ui.rrtk.commands), added to its registration (game.core.registry) when this room
is imported. References are "module:function" strings, imported when used (no pygame)."""

from __future__ import annotations

import game.rules.rrtk  # noqa: F401  (its registration, which this room extends)
from game.core import registry

registry.extend(
    "rrtk",
    window={
        # its main-menu entry (game.ui.scenes.menu): its own menu, Armies first (the battle comes later)
        "menu": ({"label": "Rally Round the King", "order": 40,
                  "tip": "Fantasy mass battles: build armies from the book's 44 lists",
                  "scene": "game.ui.rrtk.rrtkmenu:RrtkMenuScene", "args": {}},),
    },
    commands={"army": {"help": "Rally Round the King armies: list, show, build and check (docs/rrtk-armies.md)",
                       "parser": "game.ui.rrtk.commands:add_army_parser",
                       "run": "game.ui.rrtk.commands:army_command"}},
)
