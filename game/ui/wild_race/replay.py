"""The Wild Race's parts of the replay viewer (game.ui.scenes.replay): its table view
and animator; its log is the events' own lines, its dice the plain tray."""

from __future__ import annotations

from typing import Any

NARRATED = False  # no Narrator: the log shows each event's own line


def look(scene: Any, st: Any) -> None:
    """The scene's view, animator and names for a Wild Race state."""
    from game.ui.table_view import TableView
    from game.ui.wild_race.animate import Animator
    scene.view = TableView(st, scene.colours, scene.app.settings.colour_blind)
    scene.anim = Animator.of(st)
    scene.names.update({r.id: r.name for r in st.racers.values()})
    scene.dice_names = scene.names
    scene.narrator = scene._scribe = None
