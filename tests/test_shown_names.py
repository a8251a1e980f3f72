"""A player, a racer and a wheel are named only by what the player sees (issue 12,
item 9): the seat ids (red, blue, green, gold: the third seat is drawn yellow) never
reach the log, the report or the command line's words; a seat named after a colour
is named after the colour it is drawn in."""

from __future__ import annotations

import os
import pathlib
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from game.cli import main  # noqa: E402
from game.names import colour_name, seat_looks, seat_name  # noqa: E402
from tests.test_ui import click_button  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
RATWAYS = ROOT / "levels" / "doomwheel" / "the_ratways.json"
SPRINT = ROOT / "levels" / "wild_race" / "sample_sprint.json"
IDS = re.compile(r"\b(red|blue|green|gold)\b", re.I)  # the seat ids of four players
GREEN_GOLD = re.compile(r"\b(green|gold)\b", re.I)  # no seat of these races is drawn green or gold


def _race_log(app, scene_name: str, lines: int, frames: int = 4000) -> list[str]:  # type: ignore[no-untyped-def]
    """The log of the race on screen after `lines` lines (or the race's end)."""
    scene = app.scene
    assert type(scene).__name__ == scene_name
    for _ in range(frames):
        app.frame(1 / 60)
        if app.scene is not scene or len(scene.log.lines) >= lines:
            break
    return list(scene.log.lines)


@pytest.mark.parametrize("players", [3, 4])
def test_doomwheel_log_names_wheels_by_their_players_names(app, players: int) -> None:  # type: ignore[no-untyped-def]
    """The AIs' reasons named a wheel by its id ("Yellow: Green keeps its 5 sabotage
    points"): every line names a seat by its player's name."""
    from game.levels.course import load_course
    from game.rules.doomwheel.options import Options
    from game.ui.doomwheel.flow import start_doomwheel
    names = ["Ann", "Bob", "Cat", "Dan"][:players]
    start_doomwheel(app, load_course(str(RATWAYS)), [(n, "normal") for n in names], Options(players=players, laps=1),
                    seed=5, colours=[2, 0, 1, 3][:players])
    log = _race_log(app, "DoomRaceScene", 160)
    thoughts = [ln for ln in log if ln.split(" ", 1)[0].rstrip(":") in names]
    assert len(thoughts) > 20, log[:40]
    assert any("sabotage point" in ln for ln in log), log
    bad = [ln for ln in log if IDS.search(ln)]
    assert bad == [], bad[:10]


def test_doomwheel_default_names_are_the_colours_drawn(app) -> None:  # type: ignore[no-untyped-def]
    """A 3-player race from the set-up's defaults: the third seat is drawn yellow and
    called Yellow everywhere, never Green (its id)."""
    from game.ui.doomwheel.scenes.setup import DoomSetupScene
    app.frame(1 / 60)
    click_button(app, "Doomwheel Race")
    setup = app.scene
    assert isinstance(setup, DoomSetupScene)
    setup.course_i = next(i for i, f in enumerate(setup.files) if f.endswith("the_ratways.json"))
    setup.seed, setup.players = 5, 3
    setup.kinds = ["AI (normal)"] * 3
    setup.resized()
    app.frame(1 / 60)
    click_button(app, "Start the race")
    race = app.scene
    assert race.names == {"red": "Red", "blue": "Blue", "green": "Yellow"}, race.names
    log = _race_log(app, "DoomRaceScene", 120)
    assert any(ln.startswith("Yellow") for ln in log), log[:40]
    bad = [ln for ln in log if GREEN_GOLD.search(ln)]
    assert bad == [], bad[:10]


@pytest.mark.parametrize("players", [3, 4])
def test_wild_race_log_names_players_and_racers_as_seen(app, players: int) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    names = ["Ann", "Bob", "Cat", "Dan"][:players]
    start_series(app, load_course(str(SPRINT)), [(n, "normal") for n in names], 1, Options(), 1, seed=5,
                 colours=[2, 0, 1, 3][:players])
    log = _race_log(app, "RaceScene", 200)
    assert len(log) > 50
    bad = [ln for ln in log if IDS.search(ln)]
    assert bad == [], bad[:10]


def test_a_seat_named_after_a_colour_follows_the_colour_it_is_given(app) -> None:  # type: ignore[no-untyped-def]
    """Seat 1 (named Red by default) given purple is called Purple in the race."""
    from game.ui.wild_race.scenes.setup import SetupScene
    app.frame(1 / 60)
    click_button(app, "New race")
    setup = app.scene
    assert isinstance(setup, SetupScene)
    setup.seed = 4
    setup.kinds = ["AI (random)"] * 2
    setup.resized()
    app.frame(1 / 60)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="purple",
                                         ui_element=setup.colour_dds[0]))
    app.frame(1 / 60)
    assert app.scene.name_entries[0].get_text() == "Purple"
    app.scene.name_entries[1].set_text("Zed")
    click_button(app, "Start the race")
    assert app.scene.colours == {"red": 3, "blue": 1}
    assert app.scene.names["red"] == "Purple" and app.scene.names["blue"] == "Zed"


def test_colour_blind_seats_are_named_by_the_colour_blind_palette() -> None:
    assert colour_name(0, True) == "Orange" and seat_name("Red", 0, True) == "Orange"
    assert seat_name("Ann", 2) == "Ann" and seat_name("", 2) == "Yellow" and seat_name("green", 2) == "Yellow"


# --- the report and the command line -----------------------------------------------------

def test_report_legend_names_each_trail_by_its_drawn_colour(tmp_path: pathlib.Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate --replay-out` then `report`: the legend said "Bramble (Green)" beside
    a yellow trail."""
    from game.save import read_replay
    from game.ui import art
    from game.ui.report import trace
    replay = tmp_path / "r.json"
    assert main(["simulate", "wild-race", "--players", "4", "--racers-per-player", "1", "--seed", "5",
                 "--replay-out", str(replay)]) == 0
    out = capsys.readouterr().out
    assert not IDS.search(out.replace("Red", "").replace("Blue", "")), out  # red/blue only as the colours drawn
    assert GREEN_GOLD.search(out) is None and "Yellow" in out and "Purple" in out, out
    rep = trace(read_replay(str(replay)).games[0].record)
    for t in rep.trails.values():
        drawn = rep.colours[t.player]
        line = next(ln for ln in rep.standings if f"{t.name} (" in ln)
        assert f"({art.colour_name(drawn)})" in line, (line, drawn)
    assert not any(GREEN_GOLD.search(ln) for ln in rep.standings), rep.standings


def test_report_of_an_older_replay_names_seats_by_the_colour_drawn() -> None:
    """Replays the command line wrote before this fix name the seats Red, Blue, Green,
    Gold with every colour 0 (drawn by seat number): the legend says Yellow, Purple."""
    from game.levels.course import load_course
    from game.core.driver import play
    from game.core.record import SeatRecord
    from game.rules.wild_race import RaceSetup, new_state
    from game.save.games import start_game
    from game.sim import agent_seed, make_agents
    from game.ui.report import trace
    players = (("red", "Red"), ("blue", "Blue"), ("green", "Green"), ("gold", "Gold"))
    st = new_state(RaceSetup(load_course(str(SPRINT)), players, 1, 5))
    rg = start_game(st, [SeatRecord(p, n, "greedy", agent_seed(5, i)) for i, (p, n) in enumerate(players)])
    play(rg.rules, rg.state, make_agents("greedy", [p for p, _ in players], 5))
    colours, names = seat_looks(rg.record.setup.seats)
    assert colours == {"red": 0, "blue": 1, "green": 2, "gold": 3}
    assert names == {"red": "Red", "blue": "Blue", "green": "Yellow", "gold": "Purple"}
    rep = trace(rg.record)
    assert any("(Yellow)" in ln for ln in rep.standings), rep.standings
    assert not any(GREEN_GOLD.search(ln) for ln in rep.standings), rep.standings


def test_simulate_doomwheel_names_wheels_by_colour(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "doomwheel", "--players", "3", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert GREEN_GOLD.search(out) is None and "Yellow" in out, out
    assert not re.search(r"\b(red|blue)\b", out), out  # ids are lower case: none of them
