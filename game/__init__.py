"""Wild Table: a real-time, top-down tabletop simulator for miniature rule sets."""

__version__ = "0.1.0"

import os as _os

if _os.environ.get("WILD_TABLE_COMPILED"):  # a process the game started (its AI worker): the game's build
    from game.compiled import activate_for_child as _child

    _child()
