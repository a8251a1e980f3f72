"""An idle window waits for input instead of drawing (issue 12 item 24): the real-time
loop's `run_step` with an injected event source (no timing, no sleeping): a menu or
set-up screen left alone, a race waiting for its human or paused, all wait; a race
with something moving or an AI to play draws on."""

from __future__ import annotations

import os
import pathlib
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

ROOT = pathlib.Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "levels" / "wild_race" / "sample_sprint.json"


class FakeWait:
    """Stands in for pygame.event.wait: records each timeout asked for and returns
    no event (the wait timed out), or the events queued in `next`."""

    def __init__(self) -> None:
        self.calls: list[int] = []
        self.next: list[Any] = []

    def __call__(self, timeout: int) -> Any:
        self.calls.append(timeout)
        return self.next.pop(0) if self.next else pygame.event.Event(pygame.NOEVENT)


class NoClock:
    """A pygame.time.Clock that never sleeps (counts the frames it was asked to pace)."""

    def __init__(self) -> None:
        self.ticks = 0

    def tick(self, fps: int = 0) -> int:
        self.ticks += 1 if fps else 0
        return 0


@pytest.fixture()
def waiting_app(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene
    wait = FakeWait()
    a = App((1280, 800), instant=True, clock=lambda: 0.0, wait=wait)
    a.push(MenuScene(a))
    a.frame(1 / 60)
    yield a, wait
    a.close()


def steps(app: Any, n: int) -> NoClock:
    clock = NoClock()
    for _ in range(n):
        assert app.run_step(clock)
    return clock


def test_a_menu_left_alone_waits_for_input_between_frames(waiting_app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.app import IDLE_WAIT_LONG_MS, IDLE_WAIT_MS
    app, wait = waiting_app
    frames0 = app.frames
    clock = steps(app, 10)
    assert app.frames - frames0 == 10 and len(wait.calls) == 10 and clock.ticks == 0
    # a few short waits (tooltips, notes timing out), then long ones: at most 1 frame a second
    assert wait.calls[:4] == [IDLE_WAIT_MS] * 4 and set(wait.calls[4:]) == {IDLE_WAIT_LONG_MS}
    # an event wakes it: handled at the next frame, and the waits are short again
    wait.next.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    steps(app, 2)
    assert wait.calls[-1] == IDLE_WAIT_MS


def test_the_event_a_wait_took_is_handled_next_frame(waiting_app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.menu import MenuScene
    app, wait = waiting_app
    b = next(e for e in app.manager.get_root_container().elements
             if isinstance(e, pygame_gui.elements.UIButton) and e.text == "Settings")
    wait.next.append(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=b, ui_object_id=""))
    steps(app, 2)
    assert not isinstance(app.scene, MenuScene)


def test_a_text_box_with_the_caret_or_a_held_button_keeps_drawing(waiting_app) -> None:  # type: ignore[no-untyped-def]
    app, wait = waiting_app
    box = pygame_gui.elements.UITextEntryLine(pygame.Rect(10, 10, 200, 30), app.manager)
    app.manager.set_focus_set(box)
    clock = steps(app, 3)
    assert wait.calls == [] and clock.ticks == 3
    box.kill()


def test_a_set_up_screen_waits(waiting_app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.wild_race.scenes.setup import SetupScene
    app, wait = waiting_app
    app.replace(SetupScene(app))
    app.frame(1 / 60)
    steps(app, 3)
    assert len(wait.calls) == 3


def test_a_race_draws_while_it_moves_and_waits_for_its_human(waiting_app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    app, wait = waiting_app
    start_series(app, load_course(str(SAMPLE)), [("Ann", "human"), ("Bob", "random")], 1, Options(), 1, seed=3)
    scene = app.scene
    assert scene.busy()  # the placement dice are to roll
    app.instant = False  # animations take their time from here on
    for _ in range(3000):  # on to the human's decision, nothing moving
        app.frame(1 / 60)
        if scene._human() is not None and not scene.busy():
            break
    assert scene._human() is not None
    n = len(wait.calls)
    steps(app, 3)
    assert len(wait.calls) == n + 3  # the human thinks: the window waits
    # the human moves: the racer is animated, so every frame is drawn
    p = scene._human()
    scene._submit(p.legal[0])
    assert scene.anim.busy or scene.session.human_turn() is None
    n = len(wait.calls)
    clock = steps(app, 3)
    assert len(wait.calls) == n and clock.ticks == 3
    # paused with nothing moving: waits
    for _ in range(3000):
        app.frame(1 / 60)
        if not scene.anim.busy and scene.dice.age > 1 and not scene._gliding:
            break
    scene.paused = True
    n = len(wait.calls)
    steps(app, 3)
    assert len(wait.calls) == n + 3
