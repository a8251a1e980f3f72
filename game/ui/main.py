"""Open the window (`python -m game`, `make play`); with no display, say so in one
line and run a spectated AI race headless instead."""

from __future__ import annotations

import os
import sys


def display_available() -> bool:
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return False
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return False
    return True


def headless_race() -> int:
    """A spectated race of AI racers, printed (when there is no display): the first
    ruleset's `simulate` with its defaults."""
    import argparse

    from game.core import registry
    registry.load("ui")
    first = registry.default()
    ns = argparse.Namespace(ruleset=first.name, course=None, players=3, racers_per_player=2, seed=1,
                            grand_prix=0, agent="greedy", option=[], json=False)
    return int(first.hook("simulate")(ns))


def run() -> int:
    if not display_available():
        print("Wild Table: no display available; running a spectated AI race headless instead.")
        return headless_race()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.core import registry
    registry.load("ui")  # every ruleset's rooms: its parts of the window
    try:
        from game.ui.app import App
        from game.ui.scenes.menu import MenuScene
        app = App()
    except Exception as e:  # SDL could not open a window after all
        print(f"Wild Table: could not open a window ({e}); running a spectated AI race headless instead.")
        return headless_race()
    app.push(MenuScene(app))
    try:
        app.run()
    except KeyboardInterrupt:
        app.close()
    return 0
