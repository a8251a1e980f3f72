"""A single race or a Grand Prix series: builds each race's session, hands over to
the race scene and then to the results; the same for a Doomwheel Race (DoomSeries).

Every race is recorded (game.save.attach): autosaved at the start of every turn and
kept as a replay when it ends. The series (a Grand Prix's standings, the race
number, the palette) and the take-backs house rule ride in the record's `extra`, so
a loaded or resumed game goes on in the same series (`resume_game`)."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
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
        return Session.new(self.course, seats, self.per, self.seed + self.number * 100003, self.options)


def record(session: Session, extra: dict[str, Any]) -> Session:
    """Record a new race: autosave every turn, keep its replay at the end."""
    from game.save import attach
    attach(session, autosave=True, keep_replay=True, extra=extra)
    return session


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
    from game.ui.scenes.race import RaceScene
    from game.ui.scenes.results import ResultsScene

    def over(session: Session) -> None:
        out = session.outcome()
        pts = series.standings.add_race(session.state, out["order"]) if series.races > 1 else {}
        series.results.append({"order": out["order"], "points": pts})
        app.replace(ResultsScene(app, series, session))

    scene = RaceScene(app, session, series.colours(), over)
    app.replace(scene)
    return scene


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
    takebacks: bool = False  # house rule: a human may undo their own choices back to the last die

    def extra(self) -> dict[str, Any]:
        return {"takebacks": self.takebacks,
                "series": {"number": self.number, "seed": self.seed, "palette": list(self.palette)}}

    def colours(self) -> dict[str, int]:
        return {PLAYER_IDS[i]: (self.palette[i] if i < len(self.palette) else i) for i in range(len(self.seats))}

    def new_session(self) -> Session:
        self.number += 1
        seats = [Seat(PLAYER_IDS[i], name, kind, i) for i, (name, kind) in enumerate(self.seats)]
        return Session.new_doomwheel(self.course, seats, self.seed + self.number * 100003, self.options)


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


# --- a loaded or resumed game ------------------------------------------------------------

def _int(d: dict[str, Any], key: str, default: int) -> int:
    v = d.get(key, default)
    return v if isinstance(v, int) and not isinstance(v, bool) else default


def resume_game(app: App, loaded: Any) -> Any:
    """Go on with a loaded game (game.save.LoadedGame) in its own race scene, in the
    series its `extra` describes (a Grand Prix's standings and race number), recorded
    on with autosave and replay as a new game is. Returns the race scene."""
    from game.ai.host import make_host
    from game.save import attach
    from game.ui.throws import turn_mark
    seats = {s.player: Seat(s.player, s.name, s.kind, s.colour) for s in loaded.seats}
    doom = loaded.ruleset == "doomwheel"
    host = make_host(loaded.specs, ruleset="doomwheel" if doom else "wild_race")
    session = Session(loaded.state, seats, host=host, specs=loaded.specs)
    extra = dict(loaded.extra)
    rg = attach(session, loaded, autosave=True, keep_replay=True, extra=extra)
    session.events = list(loaded.events)
    got = extra.get("series")
    info: dict[str, Any] = got if isinstance(got, dict) else {}
    setup = loaded.record.setup
    number = max(1, _int(info, "number", 1))
    seed = _int(info, "seed", setup.seed - number * 100003)
    given = info.get("palette")
    palette = [c for c in (given if isinstance(given, list) else [s.colour for s in loaded.seats])
               if isinstance(c, int)]
    named = [(s.name, s.kind) for s in loaded.seats]
    takebacks = bool(extra.get("takebacks", False))
    series: Any
    if doom:
        series = DoomSeries(loaded.state.course, named, loaded.state.options, seed, palette=palette,
                            number=number, takebacks=takebacks)
        scene = play_doom_race(app, series, session)
    else:
        series = Series(loaded.state.course, named, setup.fields["racers_per_player"], loaded.state.options,
                        max(1, _int(info, "races", 1)), seed, number=number, palette=palette, takebacks=takebacks)
        st = info.get("standings")
        if isinstance(st, dict):
            try:
                series.standings = Standings(**st)
            except TypeError:  # a save from another version of the standings: start them afresh
                pass
        if isinstance(info.get("results"), list):
            series.results = list(info["results"])
        scene = play_race(app, series, session)
    rg.extra = series.extra()
    for e in loaded.events[-300:]:  # the log and the dice tray as the race scene words them
        if doom:
            from game.ui.doomwheel import words as doom_words
            text = doom_words.log_line(e, scene.names)
        else:
            text = scene._named(e.text())
        if text:
            scene.log.add(text, mark=turn_mark(e))
    rolls = [e for e in loaded.events if e.kind == "RollMade"]
    for e in rolls[-6:]:
        scene.dice.add(e)
    scene.log.add(f"Resumed: turn {loaded.turn} ({loaded.path})")
    session.note_throws()  # stopped on a favour decision: its dice, as if just thrown
    scene._catch_up()
    return scene
