"""A Doomwheel Race in the window: its session (game.ui.session.Session) from a
track, the seats, a seed and options."""

from __future__ import annotations

from typing import Any

from game.rules.doomwheel import DoomSetup, new_state
from game.ui.session import Seat, Session


def _warm_respawn_spots(state: Any) -> None:
    """The critters' respawn spots of a course take the engine a few hundred ms to
    find the first time (then cached): find them while the race is set up, not in
    the middle of a frame at the end of turn 1."""
    try:
        from game.rules.doomwheel import critters
        for r in sorted({c.radius for c in state.critters.values()}):
            critters.track_spots(state.course, r)
    except (AttributeError, TypeError):  # the engine's cache changed shape: nothing to warm
        pass


def new_session(course: Any, seats: list[Seat], seed: int, options: Any = None,
                process: bool | None = None) -> Session:
    """A fresh Doomwheel Race: one wheel per seat (its id is the player's)."""
    st = new_state(DoomSetup(course, tuple((s.player, s.name) for s in seats), seed), options)
    _warm_respawn_spots(st)
    return Session.start(st, seats, seed, process)
