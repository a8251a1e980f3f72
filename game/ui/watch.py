"""`python -m game replay FILE`: check the replay headless (the same lines as
`--check`), then watch it in the window's replay viewer (game.ui.scenes.replay).
With no display it says so in one line after the check. Exit 0 if the file is as
written and every hash matches, 1 if a part was edited or a game differs (the viewer
shows where), 2 for a bad file."""

from __future__ import annotations

import os
import sys


def watch_replay(path: str) -> int:
    from game.save.replay import replay_command
    code = replay_command(path)  # the --check lines; BadInput: the caller prints its line, exit 2
    from game.ui.main import display_available
    if not display_available():
        print(f"{path}: no display: checked headless only (the viewer needs a window)", file=sys.stderr)
        return code
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.ui.app import App
    from game.ui.scenes.replay import ReplayScene
    app = App()
    app.push(ReplayScene(app, path, back_to_menu=False))
    try:
        app.run()
    except KeyboardInterrupt:
        app.close()
    return code
