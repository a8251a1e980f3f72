"""Rally Round the King in the window and on the command line: its `army` command
(game.ui.rrtk.commands), added to its registration (game.core.registry) when this room
is imported. References are "module:function" strings, imported when used (no pygame)."""

from __future__ import annotations

import game.rules.rrtk  # noqa: F401  (its registration, which this room extends)
from game.core import registry

registry.extend(
    "rrtk",
    commands={"army": {"help": "Rally Round the King armies: list, show, build and check (docs/rrtk-armies.md)",
                       "parser": "game.ui.rrtk.commands:add_army_parser",
                       "run": "game.ui.rrtk.commands:army_command"}},
)
