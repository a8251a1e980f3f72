"""What every ruleset's series of races shares in the window: recording a new race
(`record`) and going on with a loaded or resumed game (`resume_game`), each in its
ruleset's own series (game/ui/<ruleset>/flow.py: the Wild Race's single race or Grand
Prix, the Doomwheel Race's race and its re-runs), found through the ruleset's
registration (game.core.registry, its ui room's `resume` and `log_line` parts).

Every race is recorded (game.save.attach): autosaved at the start of every turn and
kept as a replay when it ends. The series (a Grand Prix's standings, the race
number, the palette) and the take-backs house rule ride in the record's `extra`, so
a loaded or resumed game goes on in the same series (`resume_game`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core import registry
from game.ui.app import App
from game.ui.session import Seat, Session


def record(session: Session, extra: dict[str, Any]) -> Session:
    """Record a new race: autosave every turn, keep its replay at the end."""
    from game.save import attach
    attach(session, autosave=True, keep_replay=True, extra=extra)
    return session


@dataclass
class Resumed:
    """What a loaded game's series was (read from its `extra`), for its ruleset's
    `resume` part: (app, loaded, session, Resumed) -> (series, race scene)."""

    info: dict[str, Any]  # the saved series
    named: list[tuple[str, str]]  # (name, kind) per seat
    palette: list[int]
    seed: int
    number: int
    takebacks: bool


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
    registry.load("ui")
    reg = registry.get(loaded.ruleset)
    host = make_host(loaded.specs, ruleset=reg.name)
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
    series, scene = reg.part("resume")(app, loaded, session, Resumed(info, named, palette, seed, number, takebacks))
    rg.extra = series.extra()
    for e in loaded.events[-300:]:  # the log and the dice tray as the race scene words them
        text = reg.part("log_line")(scene, e)
        if text:
            scene.log.add(text, mark=turn_mark(e))
    rolls = [e for e in loaded.events if e.kind == "RollMade"]
    for e in rolls[-6:]:
        scene.dice.add(e)
    scene.log.add(f"Resumed: turn {loaded.turn} ({loaded.path})")
    session.note_throws()  # stopped on a favour decision: its dice, as if just thrown
    scene._catch_up()
    return scene
