"""The Doomwheel Race's parts of the replay viewer (game.ui.scenes.replay): its view
and animator, and the Narrator that words its log and dice tray as the live race
does (game.ui.doomwheel.words)."""

from __future__ import annotations

from typing import Any

NARRATED = True  # the log and the tray are worded by a Narrator


def look(scene: Any, st: Any) -> None:
    """The scene's view, animator, names and narrators for a Doomwheel state."""
    from game.ui.doomwheel import words as doom_words
    from game.ui.doomwheel.animate import DoomAnimator
    from game.ui.doomwheel.view import DoomTableView
    scene.view = DoomTableView(st, scene.colours, scene.app.settings.colour_blind, scene.names)
    scene.anim = DoomAnimator.of(st)
    scene.dice_names = {**{c: doom_words.critter_name(c) for c in st.critters}, **scene.names}
    scene.narrator = doom_words.Narrator(scene.names, st)  # the shown log's and tray's words
    scene._scribe = doom_words.Narrator(scene.names, st)  # words each entry as first played


def narrator(names: dict[str, str], st: Any) -> Any:
    from game.ui.doomwheel import words as doom_words
    return doom_words.Narrator(names, st)


def tray(told: Any) -> Any:
    """The dice tray, its rolls worded by the narrator (TrayRoll goes in as it is)."""
    from game.ui.doomwheel.panels import DoomDiceTray
    return DoomDiceTray(told)


def tray_roll(who: str, why: str, result: Any, faces: Any, e: Any) -> Any:
    from game.ui.doomwheel.panels import TrayRoll
    return TrayRoll(who, why, result, faces, e)


def quiet(e: Any) -> bool:
    """A roll kept out of the tray (the critters' own dice)."""
    from game.ui.doomwheel import words as doom_words
    return bool(doom_words.quiet(e))
