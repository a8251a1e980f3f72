"""Never lose a game (issue 7): records, saves, the autosave and replays.

What the window calls (docs/save-format.md):

    rg = attach(session, autosave=True, keep_replay=True)   # right after Session.start (a ruleset's new_session)
    save_game(path, session)                                 # Ctrl+S
    loaded = load_game(path)                                 # Ctrl+O (BadInput -> a dialog)
    games = unfinished_games()                               # menu: "resume?" (newest first, up to five)
    loaded = load_unfinished(games[0])                       # Resume (BadInput -> a dialog)
    ...  session = Session(loaded.state, seats, host=make_host(loaded.specs), specs=loaded.specs)
         attach(session, loaded.record, autosave=True, keep_replay=True)

Headless: `start_game(state, seats)` gives a RecordedGame whose `.rules` records
what the driver applies; `write_replay(path, [rg])`; `check_replay(path)`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# Each name from the module that defines it, imported on first use (PEP 562): the main
# menu asks only for the unfinished games, and the launch stays quick.
_FROM = {
    "game.core.record": ("GameRecord", "GameSetup", "SeatRecord", "state_digest"),
    "game.save.games": ("RecordedGame", "agent_states", "continue_game", "new_state_from_setup", "rebuild",
                        "restore_agent_states", "start_game"),
    "game.save.replay": ("check_replay", "read_replay", "write_replay"),
    "game.save.autosave": ("Unfinished", "autosave_path", "discard", "discard_autosave", "find_unfinished_autosave",
                           "load_unfinished", "unfinished_games", "write_autosave"),
    "game.save.savefile": ("LoadedGame", "attach", "list_saves", "load_game", "new_save_path", "read_summary",
                           "save_game"),
}
_WHERE = {name: module for module, names in _FROM.items() for name in names}

if TYPE_CHECKING:
    from game.core.record import GameRecord, GameSetup, SeatRecord, state_digest
    from game.save.games import (RecordedGame, agent_states, continue_game, new_state_from_setup, rebuild,
                                 restore_agent_states, start_game)
    from game.save.replay import check_replay, read_replay, write_replay
    from game.save.autosave import (Unfinished, autosave_path, discard, discard_autosave, find_unfinished_autosave,
                                    load_unfinished, unfinished_games, write_autosave)
    from game.save.savefile import (LoadedGame, attach, list_saves, load_game, new_save_path, read_summary,
                                    save_game)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))


__all__ = ["GameRecord", "GameSetup", "LoadedGame", "RecordedGame", "SeatRecord", "Unfinished", "agent_states",
           "attach", "autosave_path", "check_replay", "continue_game", "discard", "discard_autosave",
           "find_unfinished_autosave", "list_saves", "load_game", "load_unfinished", "new_save_path",
           "new_state_from_setup", "read_replay", "read_summary", "rebuild", "restore_agent_states", "save_game",
           "start_game", "state_digest", "unfinished_games", "write_autosave", "write_replay"]
