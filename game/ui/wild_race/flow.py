"""The Wild Race in the window, race by race: a single race or a Grand Prix series
builds each race's session, hands over to the race scene and then to the results
(game.ui.scenes.flow records each race and resumes a loaded one)."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any

from game.rules.wild_race.grand_prix import Standings
from game.rules.wild_race.options import Options
from game.names import PLAYER_IDS
from game.ui.app import App
from game.ui.scenes.flow import Resumed, record
from game.ui.session import Seat, Session
from game.ui.wild_race.session import new_session as fresh_session


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
    takebacks: bool = False  # house rule: a human may undo their own choices back to the last die

    def extra(self) -> dict[str, Any]:
        """What a save keeps of the series (game.save's `extra`)."""
        return {"takebacks": self.takebacks,
                "series": {"races": self.races, "number": self.number, "seed": self.seed,
                           "palette": list(self.palette), "standings": asdict(self.standings),
                           "results": list(self.results)}}

    def colours(self) -> dict[str, int]:
        return {PLAYER_IDS[i]: (self.palette[i] if i < len(self.palette) else i) for i in range(len(self.seats))}

    def new_session(self) -> Session:
        self.number += 1
        seats = [Seat(PLAYER_IDS[i], name, kind, i) for i, (name, kind) in enumerate(self.seats)]
        return fresh_session(self.course, seats, self.per, self.seed + self.number * 100003, self.options)


def start_series(app: App, course: Any, seats: list[tuple[str, str]], per: int, options: Options, races: int,
                 seed: int | None = None, colours: list[int] | None = None, takebacks: bool = False) -> Series:
    series = Series(course, seats, per, options, races, random.randrange(1 << 30) if seed is None else seed,
                    palette=list(colours or []), takebacks=takebacks)
    next_race(app, series)
    return series


def next_race(app: App, series: Series) -> None:
    session = series.new_session()
    play_race(app, series, record(session, series.extra()))


def play_race(app: App, series: Series, session: Session) -> Any:
    from game.ui.wild_race.scenes.race import RaceScene
    from game.ui.wild_race.scenes.results import ResultsScene

    def over(session: Session) -> None:
        out = session.outcome()
        pts = series.standings.add_race(session.state, out["order"]) if series.races > 1 else {}
        series.results.append({"order": out["order"], "points": pts})
        app.replace(ResultsScene(app, series, session))

    scene = RaceScene(app, session, series.colours(), over)
    app.replace(scene)
    return scene


def resume(app: App, loaded: Any, session: Session, was: Resumed) -> tuple[Series, Any]:
    """A loaded Wild Race in its series (a Grand Prix's standings and results)."""
    info = was.info
    races = info.get("races", 1)
    races = races if isinstance(races, int) and not isinstance(races, bool) else 1
    series = Series(loaded.state.course, was.named, loaded.record.setup.fields["racers_per_player"],
                    loaded.state.options, max(1, races), was.seed, number=was.number, palette=was.palette,
                    takebacks=was.takebacks)
    st = info.get("standings")
    if isinstance(st, dict):
        try:
            series.standings = Standings(**st)
        except TypeError:  # a save from another version of the standings: start them afresh
            pass
    if isinstance(info.get("results"), list):
        series.results = list(info["results"])
    return series, play_race(app, series, session)


def log_line(scene: Any, e: Any) -> str:
    """An event's line in the race scene's log."""
    return str(scene._named(e.text()))
