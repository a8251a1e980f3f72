"""The Doomwheel Race in the window, race by race: one race (and its re-runs with
"Race again") builds each race's session, hands over to the race scene and then to
the results (game.ui.scenes.flow records each race and resumes a loaded one)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.names import PLAYER_IDS
from game.ui.app import App
from game.ui.scenes.flow import Resumed, record
from game.ui.session import Seat, Session
from game.ui.doomwheel.session import new_session as fresh_session


@dataclass
class DoomSeries:
    """One Doomwheel Race (and its re-runs with "Race again")."""

    course: Any
    seats: list[tuple[str, str]]  # (name, kind)
    options: Any  # game.rules.doomwheel.options.Options
    seed: int
    palette: list[int] = field(default_factory=list)
    number: int = 0
    races: int = 1
    takebacks: bool = False  # house rule: a human may undo their own choices back to the last die

    def extra(self) -> dict[str, Any]:
        return {"takebacks": self.takebacks,
                "series": {"number": self.number, "seed": self.seed, "palette": list(self.palette)}}

    def colours(self) -> dict[str, int]:
        return {PLAYER_IDS[i]: (self.palette[i] if i < len(self.palette) else i) for i in range(len(self.seats))}

    def new_session(self) -> Session:
        self.number += 1
        seats = [Seat(PLAYER_IDS[i], name, kind, i) for i, (name, kind) in enumerate(self.seats)]
        return fresh_session(self.course, seats, self.seed + self.number * 100003, self.options)


def start_doomwheel(app: App, course: Any, seats: list[tuple[str, str]], options: Any, seed: int | None = None,
                    colours: list[int] | None = None, takebacks: bool = False) -> DoomSeries:
    series = DoomSeries(course, seats, options, random.randrange(1 << 30) if seed is None else seed,
                        palette=list(colours or []), takebacks=takebacks)
    next_doom_race(app, series)
    return series


def next_doom_race(app: App, series: DoomSeries) -> None:
    session = series.new_session()
    play_doom_race(app, series, record(session, series.extra()))


def play_doom_race(app: App, series: DoomSeries, session: Session) -> Any:
    from game.ui.doomwheel.scenes.race import DoomRaceScene
    from game.ui.doomwheel.scenes.results import DoomResultsScene

    def over(session: Session) -> None:
        app.replace(DoomResultsScene(app, series, session))

    scene = DoomRaceScene(app, session, series.colours(), over)
    app.replace(scene)
    return scene


def resume(app: App, loaded: Any, session: Session, was: Resumed) -> tuple[DoomSeries, Any]:
    """A loaded Doomwheel Race in its series."""
    series = DoomSeries(loaded.state.course, was.named, loaded.state.options, was.seed, palette=was.palette,
                        number=was.number, takebacks=was.takebacks)
    return series, play_doom_race(app, series, session)


def log_line(scene: Any, e: Any) -> str:
    """An event's line in the race scene's log, in the Doomwheel's words."""
    from game.ui.doomwheel import words as doom_words
    return str(doom_words.log_line(e, scene.names))
