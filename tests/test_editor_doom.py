"""The course editor builds Doomwheel tracks (issue 5 item 4, the Doomwheel layer).

Driven headless through the real window with synthetic mouse and keys, as
tests/test_editor.py does: a Doomwheel track test-raced by normal AI wheels in the
Doomwheel race scene, then back to the editor with the same course and history.
"""

from __future__ import annotations

import copy
import json
import os
import pathlib
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.test_editor import (  # noqa: E402,F401  (app: the fixture)
    ROOT,
    app,
    at,
    button,
    click,
    click_button,
    dialogs,
    drag,
    frame,
    open_editor,
    press,
    shot,
)

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")


def bow_tie(laps: int = 1) -> dict:
    """The small figure-eight of docs/level-format.md's format-2 example."""
    doc = (ROOT / "docs" / "level-format.md").read_text()
    m = re.search(r"## A complete format-2 example.*?```json\n(.*?)```", doc, re.S)
    assert m
    data = json.loads(m.group(1))
    data["laps"] = laps
    return data


def run_until_back(app, ed, limit: int = 50000) -> None:  # type: ignore[no-untyped-def]
    press(app, pygame.K_k)  # skip to the end (a frame or so per AI decision)
    for _ in range(limit):
        if app.scene is ed:
            return
        frame(app)
    raise AssertionError("the test race did not come back to the editor")


def test_a_doomwheel_track_test_races_and_comes_back(app, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.editor_test_race import DoomTestRaceScene
    ed = open_editor(app)
    path = tmp_path / "bow_tie.json"
    path.write_text(json.dumps(bow_tie(1)))
    assert ed.open_path(str(path))
    frame(app, 2)
    model = ed.model
    assert model.errors == [], model.problems
    model.rename("Bow Tie, edited")  # something to undo
    history = list(model.undo_stack)
    data = copy.deepcopy(model.data)
    click_button(app, "Test race")
    race = app.scene
    assert isinstance(race, DoomTestRaceScene), [d.window_display_title for d in dialogs(app)]
    st = race.session.state
    assert len(race.session.seats) == 2 and {s.kind for s in race.session.seats.values()} == {"normal"}
    assert st.course == model.course and st.options.laps == 1
    frame(app, 3)
    shot(app, "editor_doom_test_race.png")
    run_until_back(app, ed)
    assert ed.model is model and ed.last_race is not None and ed.last_race.over
    assert "test race over" in ed.message, ed.message
    assert model.undo_stack == history and model.data == data
    click_button(app, "Undo")
    assert model.name == "Bow Tie"
    # Esc in the race comes back at once
    click_button(app, "Test race")
    assert isinstance(app.scene, DoomTestRaceScene)
    press(app, pygame.K_ESCAPE)
    assert app.scene is ed and ed.message == "test race left"
