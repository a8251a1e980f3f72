"""A finished race stays on screen a moment before the results (both rulesets share
it through TableScene): OVER_PAUSE seconds of frames, or a click or key sooner.
With instant animation (the other UI tests) the results follow at once."""

from __future__ import annotations

import os
import pathlib

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.test_ui import press  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.fixture()
def slow_app(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene
    a = App((1280, 800), instant=False, clock=lambda: 0.0)
    a.push(MenuScene(a))
    yield a
    a.close()


def _finished_doom_race(app):  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.doomwheel.options import Options
    from game.ui.doomwheel.flow import start_doomwheel
    course = load_course(str(ROOT / "levels" / "doomwheel" / "the_ratways.json"))
    start_doomwheel(app, course, [("A", "random"), ("B", "random")], Options(laps=1), seed=3)
    race = app.scene
    press(app, pygame.K_k)  # skip to the end
    for _ in range(2000):
        app.frame(1 / 60)
        if race.session.over and not race.anim.busy:
            break
    assert race.session.over
    return race


@pytest.mark.parametrize("hurry", [False, True])
def test_finished_race_waits_before_the_results(slow_app, hurry: bool) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.table_scene import OVER_PAUSE
    race = _finished_doom_race(slow_app)
    for _ in range(int(OVER_PAUSE * 60) - 30):  # most of the pause: still the table
        slow_app.frame(1 / 60)
    assert slow_app.scene is race
    assert race.toast is not None and "race is over" in race.toast[0]
    if hurry:
        press(slow_app, pygame.K_SPACE)
        slow_app.frame(1 / 60)
        slow_app.frame(1 / 60)
    else:
        for _ in range(40):
            slow_app.frame(1 / 60)
    assert type(slow_app.scene).__name__ == "DoomResultsScene"
