"""A Wild Race in the window: its session (game.ui.session.Session) from a course,
the seats, racers per player, a seed and options."""

from __future__ import annotations

from typing import Any

from game.rules.wild_race import RaceSetup, new_state
from game.rules.wild_race.options import Options
from game.ui.session import Seat, Session


def new_session(course: Any, seats: list[Seat], racers_per_player: int, seed: int,
                options: Options | None = None, process: bool | None = None) -> Session:
    """A fresh Wild Race: `racers_per_player` racers per seat."""
    st = new_state(RaceSetup(course, tuple((s.player, s.name) for s in seats), racers_per_player, seed),
                   options or Options())
    return Session.start(st, seats, seed, process)
