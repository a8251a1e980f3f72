"""Issue 12, acceptance: a hostile file of each kind (nested 100 000 deep, 20 MB, not
UTF-8, truncated, a named pipe, a folder named x.json, another kind of file, a newer
format, NaN) in each folder the game reads (courses, saves, autosave, replays, and the
settings file) never closes the window and never hangs it; where the window lists
files, it shows the reason. The window is driven as a player would: the menu's New
race, Doomwheel Race, Course editor > Open, Load game, Replays, the menu shown again
(it reads the autosave), and start-up with bad settings.

Fault 1's regression is here (the player's own courses folder closed the window), and
so is the window's last guard: an error that escapes a scene goes back to the menu
with a one-line dialog, the autosave kept.

A named pipe that blocks an open would hang the test: ``pipe_watchdog`` opens it from
a thread after a minute, so that a regression fails instead."""

from __future__ import annotations

import os
import pathlib
import shutil
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from tests.hostile_helpers import KINDS, fill_folder, pipe_watchdog, reason, write_hostile  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent


def frames(app: Any, n: int = 2) -> None:
    for _ in range(n):
        app.frame(1 / 60)


def buttons(app: Any) -> list[Any]:
    return [e for e in app.manager.get_sprite_group().sprites()
            if isinstance(e, pygame_gui.elements.UIButton) and e.alive() and e.visible]


def click(app: Any, pos: tuple[int, int]) -> None:
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 3)


def click_button(app: Any, text: str) -> None:
    found = [b for b in buttons(app) if b.text == text and b.is_enabled]
    assert found, f"no button {text!r}: " + ", ".join(sorted(b.text for b in buttons(app)))
    click(app, found[-1].rect.center)


def windows(app: Any) -> list[Any]:
    return [e for e in app.manager.get_sprite_group().sprites()
            if isinstance(e, pygame_gui.elements.UIWindow) and e.alive()]


def window_text(win: Any) -> str:
    for el in win.get_container().elements:
        if isinstance(el, pygame_gui.elements.UITextBox):
            return str(el.html_text)
    return ""


def still_up(app: Any) -> None:
    assert app.running and app.scenes, "the window closed"
    assert app.faults == 0, "an error escaped a scene"


# --- courses/: New race, Doomwheel Race, the editor's Open list (fault 1) -------------------------

def test_hostile_courses_in_both_set_ups_and_the_editor(app, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.doomwheel.scenes.setup import DoomSetupScene
    from game.ui.scenes.editor import EditorScene
    from game.ui.wild_race.scenes.setup import NOT_RACED, SetupScene
    reasons = fill_folder(tmp_path / "courses", "courses", real_huge=True)
    shutil.copy(ROOT / "levels" / "wild_race" / "hairpin.json", tmp_path / "courses" / "my_hairpin.json")
    with pipe_watchdog(tmp_path) as dog:
        frames(app)
        click_button(app, "New race")
        setup = app.scene
        assert isinstance(setup, SetupScene)
        for path, words in reasons.items():  # each listed, marked, with its reason; none can be started
            i = setup.files.index(str(path))
            assert words in setup.entries[i].problem, (path.name, setup.entries[i].problem)
            assert setup.course_dd.options_list[i][0].endswith(NOT_RACED)
            setup.course_i = i
            setup.resized()
            frames(app)  # its problem drawn where the preview goes
            assert not setup.start.is_enabled
        click(app, setup.course_dd.rect.center)  # the whole list, open
        click_button(app, "Back")
        click_button(app, "Doomwheel Race")
        doom = app.scene
        assert isinstance(doom, DoomSetupScene)
        unknown = [p for p in reasons if doom.files.count(str(p))]
        assert len(unknown) >= len(reasons) - 1  # all but the one that says it is a Wild Race course
        for _ in range(3):  # every page of cards, each broken one picked
            for i, rect in list(doom._card_rects.items()):
                if not doom.startable(doom.entries[i]):
                    click(app, rect.center)
                    assert doom.course_i == i and not doom.start.is_enabled
            if doom.next_b is not None:
                click(app, doom.next_b.rect.center)
        click_button(app, "Back")
        click_button(app, "Course editor")
        ed = app.scene
        assert isinstance(ed, EditorScene)
        click_button(app, "Open")
        items = [i["text"] for i in ed.dialog.list.item_list]
        for path, words in reasons.items():
            row = next(t for t in items if f"yours: {path.name}" in t)
            assert "will not open" in row and words in row, row
        deep = next(t for t in items if "x-deep.json" in t)
        for el in ed.dialog.list.item_list_container.elements:
            if getattr(el, "text", None) == deep:
                click(app, el.rect.center)
        assert ed.dialog.selected_item == deep
        click_button(app, "Open")  # refused with the reason, the course in hand kept
        assert ed.dialog is not None and "nested too deeply" in ed.dialog.text.html_text
        click_button(app, "OK")
        assert ed.open_path(str(tmp_path / "courses" / "my_hairpin.json"))  # a good one still opens
    assert not dog["hung"], "a named pipe blocked the window"
    still_up(app)


# --- saves/ and replays/: Load game and Replays ----------------------------------------------------

@pytest.mark.parametrize("folder,menu", [("saves", "Load game"), ("replays", "Replays")])
def test_hostile_saves_and_replays_are_greyed_with_their_reason(app, tmp_path: pathlib.Path,  # type: ignore[no-untyped-def]
                                                               folder: str, menu: str) -> None:
    from game.ui.scenes.load import LoadScene
    reasons = fill_folder(tmp_path / folder, folder)
    with pipe_watchdog(tmp_path) as dog:
        frames(app)
        click_button(app, menu)
        load = app.scene
        assert isinstance(load, LoadScene)
        rows = dict(load.rows)
        assert set(rows) == {str(p) for p in reasons}
        for path, words in reasons.items():
            info = rows[str(path)]
            assert isinstance(info, str) and words in info, (path.name, info)
        seen: dict[str, Any] = {}
        for _ in range(len(reasons)):  # page through: every row greyed, its reason in its tooltip
            for b, path in load.row_buttons.items():
                seen[path] = b
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
            frames(app)
        assert set(seen) == {str(p) for p in reasons}
        for path, b in seen.items():
            assert not b.is_enabled and reasons[pathlib.Path(path)] in b.tool_tip_text
        click_button(app, "Cancel")
    assert not dog["hung"], "a named pipe blocked the window"
    still_up(app)


# --- autosave/: the menu reads it whenever it is shown ---------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_a_hostile_autosave_is_not_offered_and_the_menu_stays(app, tmp_path: pathlib.Path, kind: str) -> None:  # type: ignore[no-untyped-def]
    if kind == "pipe" and not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    folder = tmp_path / "autosave"
    folder.mkdir()
    write_hostile(folder / "autosave.json", kind, "autosave")
    write_hostile(folder / "autosave.json.bak", "truncated", "autosave")
    fill_folder(folder, "autosave")  # and one of each under other names, for a folder of several slots
    with pipe_watchdog(tmp_path) as dog:
        frames(app)
        click_button(app, "Replays")  # and back: the menu is made again and reads the autosave
        click_button(app, "Cancel")
        assert type(app.scene).__name__ == "MenuScene"
        assert not [b for b in buttons(app) if b.text.startswith("Resume")]
        frames(app)
    assert not dog["hung"], "a named pipe blocked the window"
    still_up(app)


# --- settings.json: start-up -------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_start_up_with_hostile_settings_says_why_and_uses_the_defaults(tmp_path: pathlib.Path, kind: str,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    if kind == "pipe" and not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    write_hostile(tmp_path / "settings.json", kind, "settings")
    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene
    with pipe_watchdog(tmp_path) as dog:
        app = App((1280, 800), instant=True, clock=lambda: 0.0)
        try:
            app.push(MenuScene(app))
            frames(app)
            assert app.settings.ui_scale == 1.0  # the defaults
            shown = [window_text(w) for w in windows(app)]
            assert any("settings.json" in t and reason(kind, "settings") in t for t in shown), shown
            click_button(app, "New race")  # and the game goes on
            still_up(app)
        finally:
            app.close()
    assert not dog["hung"], "a named pipe blocked the window"


# --- the window's last guard --------------------------------------------------------------------------

@pytest.mark.parametrize("where", ["update", "draw", "handle", "on_ui"])
def test_an_error_in_a_scene_goes_back_to_the_menu(app, where: str,  # type: ignore[no-untyped-def]
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from game.ui.app import Scene
    from game.ui.scenes.menu import MenuScene

    class Broken(Scene):
        def boom(self, *args: Any) -> Any:
            raise RecursionError("maximum recursion depth exceeded")

    setattr(Broken, where, Broken.boom)
    app.expect_faults = True
    frames(app)
    app.replace(Broken(app))
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, user_type="x"))  # something for handle / on_ui
    frames(app, 3)
    assert isinstance(app.scene, MenuScene) and app.running and app.faults == 1
    shown = [w for w in windows(app) if w.window_display_title == "Something went wrong"]
    assert len(shown) == 1
    text = window_text(shown[0])
    assert "RecursionError: maximum recursion depth exceeded" in text and "Traceback" not in text
    assert "Traceback" in capsys.readouterr().err  # the details go to the log
    click_button(app, "New race")  # the menu works
    assert type(app.scene).__name__ == "SetupScene"


def test_an_error_in_a_race_keeps_its_autosave_to_resume(app, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    from game.ui.scenes.menu import MenuScene
    start_series(app, load_course(str(ROOT / "levels" / "wild_race" / "sprint.json")),
                 [("Ann", "human"), ("Bob", "random")], 1, Options(), 1, 5)
    race = app.scene
    frames(app, 20)
    saved = {p: p.read_bytes() for p in (tmp_path / "autosave").rglob("*") if p.is_file()}
    assert saved, "the race autosaved"
    app.expect_faults = True

    def boom(dt: float) -> None:
        raise ValueError("a bug in the race")

    race.update = boom
    frames(app)
    assert isinstance(app.scene, MenuScene) and app.running
    assert race.session.host is None  # its AI worker stopped
    assert {p: p.read_bytes() for p in saved} == saved  # the autosave as it was
    assert [b for b in buttons(app) if b.text.startswith("Resume")], "the race can be resumed"


def test_when_even_the_menu_fails_a_bare_page_offers_quit(app, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from game.ui.app import FaultScene, Scene
    from game.ui.scenes import menu

    class Broken(Scene):
        def draw(self, surface: Any) -> None:
            raise RuntimeError("drawing failed")

    def no_menu(self: Any) -> None:
        raise RuntimeError("the menu failed too")

    app.expect_faults = True
    app.replace(Broken(app))
    monkeypatch.setattr(menu.MenuScene, "enter", no_menu)
    frames(app, 2)
    assert isinstance(app.scene, FaultScene) and app.running
    click_button(app, "Quit")
    assert not app.running
