"""Every unfinished game kept (issue 12, item 15; game.save.autosave): each game
autosaves into a file of its own, so leaving a Doomwheel race and starting a Wild Race
keeps both, the menu offers the newest and lists all (the last five), a finished game's
file goes; and start-up clears what a killed write left in every data folder (fault 3).
Driven headless (SDL dummy driver) with synthetic button presses."""

from __future__ import annotations

import os
import pathlib
import time
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from tests.test_save_ui import buttons, doom_race, frames, press_button, until_turn, wild_race  # noqa: E402


def menu(app: Any) -> Any:
    from game.ui.scenes.menu import MenuScene
    app.replace(MenuScene(app))
    frames(app, 1)
    return app.scene


def leave(app: Any) -> str:
    """Quit to the main menu through the pause menu: the state digest left behind."""
    from game.save import state_digest
    scene = app.scene
    left = state_digest(scene.session.state)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frames(app, 1)
    press_button(app, buttons(app)["Quit to main menu"])
    assert app.scene.__class__.__name__ == "MenuScene"
    return left


def resume_pressed(app: Any, monkeypatch: pytest.MonkeyPatch, label: str) -> str:
    """Press a Resume button: the state digest of the game resumed, before any frame
    plays on (its AIs move at once)."""
    import game.ui.scenes.flow as flow
    from game.save import state_digest
    got: list[str] = []
    real = flow.resume_game

    def spy(app: Any, loaded: Any) -> Any:
        scene = real(app, loaded)
        got.append(state_digest(scene.session.state))
        return scene
    monkeypatch.setattr(flow, "resume_game", spy)
    press_button(app, buttons(app)[label])
    monkeypatch.setattr(flow, "resume_game", real)
    assert len(got) == 1
    return got[0]


def autosave_files() -> list[str]:
    from game.core.paths import autosave_dir
    return sorted(n for n in os.listdir(autosave_dir()) if n.endswith(".json"))


# --------------------------------------------------------------------------- item 15

def test_leaving_a_doomwheel_race_then_a_wild_race_keeps_both(app: Any) -> None:
    from game.save import state_digest
    doom_race(app)
    until_turn(app, 2)
    doom_left = leave(app)
    wild_race(app)
    until_turn(app, 2)
    wild_left = leave(app)
    assert len(autosave_files()) == 2, "one file per game"
    offer = [t for t in buttons(app) if t.startswith("Resume ")]
    assert offer == [next(t for t in buttons(app) if t.startswith("Resume Wild Race on Sprint, turn 2"))]
    assert "Discard" in buttons(app) and "Unfinished (2)..." in buttons(app)
    press_button(app, buttons(app)["Unfinished (2)..."])
    assert app.scene.__class__.__name__ == "UnfinishedScene"
    rows = [t for t in buttons(app) if " on " in t]
    assert [r.split(" - ")[0] for r in rows] == ["Wild Race on Sprint, turn 2",
                                                 "Doomwheel Race on The Figure of Eight, turn 2"]
    assert not any(t.startswith("Resume ") for t in buttons(app)), "the menu's row is under the list, not beside it"
    press_button(app, buttons(app)[rows[1]])  # the Doomwheel race goes on where it was
    assert app.scene.__class__.__name__ == "DoomRaceScene"
    assert state_digest(app.scene.session.state) == doom_left
    leave(app)
    assert len(autosave_files()) == 2, "a resumed game goes on in its own file"
    offer = [t for t in buttons(app) if t.startswith("Resume ")]
    assert offer[0].startswith("Resume Doomwheel Race"), "the game played last is the newest"
    press_button(app, buttons(app)["Unfinished (2)..."])
    rows = [t for t in buttons(app) if t.startswith("Wild Race on")]
    press_button(app, buttons(app)[rows[0]])
    assert app.scene.__class__.__name__ == "RaceScene"
    assert state_digest(app.scene.session.state) == wild_left


def test_the_list_discards_one_game_after_asking_and_closes_with_escape(app: Any) -> None:
    doom_race(app)
    until_turn(app, 2)
    leave(app)
    wild_race(app)
    until_turn(app, 2)
    leave(app)
    before = autosave_files()
    press_button(app, buttons(app)["Unfinished (2)..."])
    discards = [e for e in app.manager.get_root_container().elements
                if isinstance(e, pygame_gui.elements.UIButton) and e.text == "Discard"]
    assert len(discards) == 2
    press_button(app, discards[1])
    ask = [e for e in app.manager.get_root_container().elements
           if isinstance(e, pygame_gui.windows.UIConfirmationDialog)]
    assert len(ask) == 1 and "Doomwheel Race on The Figure of Eight" in ask[0].confirmation_text.html_text
    press_button(app, ask[0].confirm_button)
    assert autosave_files() == [n for n in before if n.startswith("wild-race")]
    assert [t for t in buttons(app) if " on " in t][0].startswith("Wild Race on Sprint")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frames(app, 1)
    assert app.scene.__class__.__name__ == "MenuScene"
    assert any(t.startswith("Resume Wild Race") for t in buttons(app)) and "Unfinished (2)..." not in buttons(app)


def test_six_games_keep_the_last_five(tmp_path: pathlib.Path) -> None:
    from game.save import unfinished_games, write_autosave
    from tests.test_save import play_steps, wild_game
    games = []
    for seed in range(6):
        rg, agents = wild_game(40 + seed)
        play_steps(rg, agents, 5 + seed)
        write_autosave(rg)
        games.append(rg)
        if seed == 0:
            first = rg.autosave_file
            assert first is not None
            os.utime(first, (time.time() - 3600, time.time() - 3600))  # the oldest, whatever the clock's grain
    left = unfinished_games()
    assert len(left) == 5 and len(autosave_files()) == 5
    assert first not in [g.slot for g in left] and not os.path.exists(first + ".bak")
    assert {g.slot for g in left} == {rg.autosave_file for rg in games[1:]}


def test_a_finished_game_drops_its_file_and_keeps_its_replay(tmp_path: pathlib.Path) -> None:
    from game.core.paths import replays_dir
    from game.save import attach, unfinished_games
    from game.ui.session import Seat, Session
    from game.ui.wild_race.session import new_session as wild_session
    from tests.test_save import SPRINT
    session = wild_session(SPRINT, [Seat("red", "Ann", "greedy", 0), Seat("blue", "Bob", "random", 1)], 1, 3,
                          process=False)
    rg = attach(session, autosave=True, keep_replay=True)
    assert rg.autosave_file is not None and os.path.isfile(rg.autosave_file)
    assert len(unfinished_games()) == 1
    while not session.over:
        session.think(max_steps=1000, block=True)
    assert rg.last_error is None
    assert not os.path.exists(rg.autosave_file) and not os.path.exists(rg.autosave_file + ".bak")
    assert unfinished_games() == [] and os.listdir(replays_dir())


def test_the_autosave_of_earlier_versions_is_offered_and_resumed_in_place(app: Any,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from game.save import autosave_path, save_game, state_digest
    from tests.test_save import play_steps, wild_game
    rg, agents = wild_game(9)
    play_steps(rg, agents, 30)
    os.makedirs(os.path.dirname(autosave_path()), exist_ok=True)
    save_game(autosave_path(), rg)
    menu(app)
    offer = [t for t in buttons(app) if t.startswith("Resume Wild Race")]
    assert len(offer) == 1 and "Unfinished (1)..." not in buttons(app)
    assert resume_pressed(app, monkeypatch, offer[0]) == state_digest(rg.state)
    assert app.scene.session.recorded_game.autosave_file == autosave_path()
    assert autosave_files() == ["autosave.json"]


def test_a_damaged_autosave_offers_its_bak(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.save import state_digest, write_autosave
    from tests.test_save import play_steps, wild_game
    rg, agents = wild_game(12)
    play_steps(rg, agents, 20)
    write_autosave(rg)
    at_bak = state_digest(rg.state)
    play_steps(rg, agents, 20)
    write_autosave(rg)
    slot = rg.autosave_file
    pathlib.Path(slot).write_text("{")  # damaged: the .bak is offered
    menu(app)
    assert resume_pressed(app, monkeypatch, next(t for t in buttons(app) if t.startswith("Resume "))) == at_bak
    assert app.scene.__class__.__name__ == "RaceScene"
    assert app.scene.session.recorded_game.autosave_file == slot, "it goes on in its own file"
    app.scene.session.close()
    for p in (slot, slot + ".bak"):
        pathlib.Path(p).write_text("{")
    menu(app)
    assert not any(t.startswith("Resume ") for t in buttons(app)), "nothing readable: nothing offered"


def test_the_resume_row_fits_a_small_window(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.save import write_autosave
    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene
    from tests.test_save import play_steps, wild_game
    for seed in (1, 2):
        rg, agents = wild_game(seed)
        play_steps(rg, agents, 10)
        write_autosave(rg)
    a = App((800, 600), instant=True, clock=lambda: 0.0)
    try:
        a.push(MenuScene(a))
        frames(a, 1)
        row = [e for t, e in buttons(a).items() if t.startswith("Resume") or t in ("Discard", "Unfinished (2)...")]
        assert len(row) == 3
        for b in row:
            assert 0 <= b.rect.left and b.rect.right <= 800
            assert b.font.size(b.text)[0] <= b.rect.width - 8, b.text
    finally:
        a.close()


# --------------------------------------------------------------------------- fault 3

def test_start_up_clears_stale_temporary_files_in_every_data_folder(app: Any) -> None:
    """A kill during a save leaves `.name.json.<random>.tmp` in saves/ (and any folder the
    program writes): the menu coming up removes the program's own stale ones, and
    nothing else (a fresh one may be another copy's write in progress)."""
    from game.core.paths import data_dir
    from game.save.files import STALE_AFTER
    root = pathlib.Path(data_dir())
    old = time.time() - STALE_AFTER - 5
    stale, kept = [], []
    for folder in ("saves", "autosave", "replays", "courses", "reports", ""):
        d = root / folder
        d.mkdir(parents=True, exist_ok=True)
        for name in (".race.json.k3j_9x0a.tmp", ".race.json.bak.4242.7.tmp", ".mine.json.bak.ab12cd34.tmp"):
            (d / name).write_text("{half a save")
            os.utime(d / name, (old, old))
            stale.append(d / name)
        (d / ".race.png.4242.tmp.png").write_bytes(b"\x89PNG")
        os.utime(d / ".race.png.4242.tmp.png", (old, old))
        stale.append(d / ".race.png.4242.tmp.png")
        for name in (".notes.tmp", "race.json.tmp", ".race.json.ABCDEFGH.tmp", ".race.txt.abcdefgh.tmp",
                     "keep.json"):
            (d / name).write_text("the player's own")
            os.utime(d / name, (old, old))
            kept.append(d / name)
        young = d / ".race.json.young123.tmp"
        young.write_text("{being written")
        kept.append(young)
        (d / ".dir.json.abcdefgh.tmp").mkdir()
        kept.append(d / ".dir.json.abcdefgh.tmp")
    outside = root / "outside.txt"
    outside.write_text("not ours")
    os.symlink(outside, root / "saves" / ".link.json.abcdefgh.tmp")
    os.utime(root / "saves" / ".link.json.abcdefgh.tmp", (old, old), follow_symlinks=False)
    kept += [root / "saves" / ".link.json.abcdefgh.tmp", outside]
    assert all(p.exists() for p in stale)
    menu(app)
    assert [p for p in stale if p.exists()] == []
    assert [p for p in kept if not os.path.lexists(p)] == []
