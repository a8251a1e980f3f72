"""The load dialog scrolls (game.ui.scenes.load): with 50 saves every one is
reachable by the mouse wheel, Page Up / Page Down, the Newer / Older buttons, the
arrow keys, Home / End and the scroll bar; unreadable saves stay greyed with their
reason. Driven headless (SDL dummy driver) with synthetic events."""

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

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = pathlib.Path(os.environ.get("WILD_TABLE_SHOTS", str(ROOT / "out")))
SAVES = 50
BROKEN = (7, 31)  # unreadable files, placed among the saves by their times


@pytest.fixture()
def saves(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """50 saves (copies of one real save) and 2 broken files, newest first."""
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    from game.core.paths import saves_dir
    from game.save import save_game
    from tests.test_save import play_steps, wild_game
    os.makedirs(saves_dir())
    rg, agents = wild_game(7)
    play_steps(rg, agents, 12)
    first = os.path.join(saves_dir(), "save-00.json")
    save_game(first, rg)
    paths = []
    for i in range(SAVES):
        p = os.path.join(saves_dir(), f"save-{i:02d}.json")
        if i:
            shutil.copy(first, p)
        os.utime(p, (10_000 - 10 * i, 10_000 - 10 * i))
        paths.append(p)
    for i in BROKEN:
        p = os.path.join(saves_dir(), f"broken-{i}.json")
        pathlib.Path(p).write_text("{")
        os.utime(p, (10_000 - 10 * i + 5, 10_000 - 10 * i + 5))  # just newer than save i
        paths.insert(paths.index(os.path.join(saves_dir(), f"save-{i:02d}.json")), p)
    return paths


@pytest.fixture()
def dialog(saves: list[str]):  # type: ignore[no-untyped-def]
    from game.ui.app import App
    from game.ui.scenes.load import LoadScene
    a = App((1280, 800), instant=True, clock=lambda: 0.0)
    a.push(LoadScene(a))
    a.frame(1 / 60)
    yield a
    a.close()


def post(app: Any, *events: Any) -> None:
    for e in events:
        pygame.event.post(e)
    app.frame(1 / 60)
    app.frame(1 / 60)


def key(k: int) -> Any:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def wheel(y: int) -> Any:
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))


def in_view(app: Any) -> list[str]:
    """The paths of the rows in view, top to bottom."""
    rows = sorted(app.scene.row_buttons.items(), key=lambda kv: kv[0].rect.y)
    return [p for _, p in rows]


def press(app: Any, el: Any) -> None:
    post(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=el, ui_object_id=""))


def test_the_wheel_reaches_every_save_in_order(dialog: Any, saves: list[str]) -> None:
    scene = dialog.scene
    assert scene.rows and [p for p, _ in scene.rows] == saves
    first = in_view(dialog)
    assert first == saves[:len(first)] and 5 <= len(first) < len(saves)
    seen = list(first)
    for _ in range(60):
        post(dialog, wheel(-1))  # down a notch
        for p in in_view(dialog):
            if p not in seen:
                seen.append(p)
    assert seen == saves  # all 52, newest first, none skipped
    assert in_view(dialog)[-1] == saves[-1]
    assert scene.where.text == f"saves {len(saves) - scene.visible + 1}-{len(saves)} of {len(saves)}"
    post(dialog, wheel(2))  # up two notches
    assert in_view(dialog)[0] == saves[len(saves) - scene.visible - 6]
    dialog.frame(1 / 60)
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(dialog.screen, str(OUT / "load-dialog-scrolled.png"))


def test_unreadable_saves_stay_greyed_with_their_reason(dialog: Any, saves: list[str]) -> None:
    broken = [p for p in saves if "broken" in p]
    for p in broken:
        post(dialog, key(pygame.K_HOME))
        for _ in range(len(saves)):
            if p in in_view(dialog):
                break
            post(dialog, key(pygame.K_DOWN))
        b = {path: b for b, path in dialog.scene.row_buttons.items()}[p]
        assert not b.is_enabled and b.text.startswith(f"cannot load {os.path.basename(p)}: ")
    good = {path: b for b, path in dialog.scene.row_buttons.items() if "broken" not in path}
    assert good and all(b.is_enabled for b in good.values())


def test_page_keys_buttons_and_ends(dialog: Any, saves: list[str]) -> None:
    scene = dialog.scene
    n = scene.visible
    assert not scene.prev_b.is_enabled and scene.next_b.is_enabled  # at the top: nothing newer
    post(dialog, key(pygame.K_PAGEDOWN))
    assert in_view(dialog)[0] == saves[n]
    press(dialog, scene.next_b)
    assert in_view(dialog)[0] == saves[2 * n] and scene.prev_b.is_enabled
    press(dialog, scene.prev_b)
    post(dialog, key(pygame.K_PAGEUP))
    assert in_view(dialog)[0] == saves[0]
    post(dialog, key(pygame.K_END))
    assert in_view(dialog)[-1] == saves[-1] and not scene.next_b.is_enabled
    post(dialog, key(pygame.K_PAGEDOWN))  # past the end: stays
    assert in_view(dialog)[-1] == saves[-1]
    post(dialog, key(pygame.K_UP))
    assert in_view(dialog)[-1] == saves[-2]
    post(dialog, key(pygame.K_HOME))
    assert in_view(dialog)[0] == saves[0]


def test_the_scroll_bar_moves_the_rows(dialog: Any, saves: list[str]) -> None:
    """Holding the bar's down arrow (a click on it) scrolls; the rows follow the bar."""
    scene = dialog.scene
    arrow = scene.bar.bottom_button
    x, y = arrow.rect.center
    post(dialog, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x, y), touch=False, window=None))
    for _ in range(30):
        dialog.frame(1 / 60)
    post(dialog, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(x, y), touch=False, window=None))
    assert scene.top > 0
    assert in_view(dialog)[0] == saves[scene.top]
    assert scene.where.text.startswith(f"saves {scene.top + 1}-")
    # and the wheel after it goes on from where the bar left the rows
    top = scene.top
    post(dialog, wheel(1))
    assert scene.top == max(0, top - 3)


def test_the_oldest_save_loads_after_scrolling(dialog: Any, saves: list[str]) -> None:
    post(dialog, key(pygame.K_END))
    oldest = {path: b for b, path in dialog.scene.row_buttons.items()}[saves[-1]]
    press(dialog, oldest)
    assert type(dialog.scene).__name__ == "RaceScene", type(dialog.scene).__name__
    assert dialog.scene.session.state.turn >= 1
