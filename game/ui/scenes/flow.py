"""A single race or a Grand Prix series: builds each race's session, hands over to
the race scene and then to the results; the same for a Doomwheel Race (DoomSeries)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.rules.wild_race.grand_prix import Standings
from game.rules.wild_race.options import Options
from game.sim import PLAYER_IDS
from game.ui.app import App
from game.ui.session import Seat, Session


@dataclass
class Series:
    course: Any
    seats: list[tuple[str, str]]  # (name, kind)
    per: int
    options: Options
    races: int
    seed: int
    number: int = 0
    palette: list[int] = field(default_factory=list)  # palette index (colour and shape) per seat
    standings: Standings = field(default_factory=Standings)
    results: list[dict[str, Any]] = field(default_factory=list)

    def colours(self) -> dict[str, int]:
        return {PLAYER_IDS[i]: (self.palette[i] if i < len(self.palette) else i) for i in range(len(self.seats))}

    def new_session(self) -> Session:
        self.number += 1
        seats = [Seat(PLAYER_IDS[i], name, kind, i) for i, (name, kind) in enumerate(self.seats)]
        return Session.new(self.course, seats, self.per, self.seed + self.number * 100003, self.options)


def start_series(app: App, course: Any, seats: list[tuple[str, str]], per: int, options: Options, races: int,
                 seed: int | None = None, colours: list[int] | None = None) -> Series:
    series = Series(course, seats, per, options, races, random.randrange(1 << 30) if seed is None else seed,
                    palette=list(colours or []))
    next_race(app, series)
    return series


def next_race(app: App, series: Series) -> None:
    from game.ui.scenes.race import RaceScene
    from game.ui.scenes.results import ResultsScene

    def over(session: Session) -> None:
        out = session.outcome()
        pts = series.standings.add_race(session.state, out["order"]) if series.races > 1 else {}
        series.results.append({"order": out["order"], "points": pts})
        app.replace(ResultsScene(app, series, session))

    app.replace(RaceScene(app, series.new_session(), series.colours(), over))


# --- the Doomwheel Race ------------------------------------------------------------------

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

    def colours(self) -> dict[str, int]:
        return {PLAYER_IDS[i]: (self.palette[i] if i < len(self.palette) else i) for i in range(len(self.seats))}

    def new_session(self) -> Session:
        self.number += 1
        seats = [Seat(PLAYER_IDS[i], name, kind, i) for i, (name, kind) in enumerate(self.seats)]
        return Session.new_doomwheel(self.course, seats, self.seed + self.number * 100003, self.options)


def start_doomwheel(app: App, course: Any, seats: list[tuple[str, str]], options: Any, seed: int | None = None,
                    colours: list[int] | None = None) -> DoomSeries:
    series = DoomSeries(course, seats, options, random.randrange(1 << 30) if seed is None else seed,
                        palette=list(colours or []))
    next_doom_race(app, series)
    return series


def next_doom_race(app: App, series: DoomSeries) -> None:
    from game.ui.scenes.doom_race import DoomRaceScene
    from game.ui.scenes.doom_results import DoomResultsScene

    def over(session: Session) -> None:
        app.replace(DoomResultsScene(app, series, session))

    app.replace(DoomRaceScene(app, series.new_session(), series.colours(), over))
