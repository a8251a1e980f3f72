"""The course editor's status line (issue 12 item 22): its hints are whole, never cut
off mid-word ("Ctrl..."), at any window size, with or without a selection."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (1920, 1080)])
def test_the_hint_line_fits_its_width_in_whole_hints(app, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    from game.ui import art
    from game.ui.editor_model import EditorModel, Target
    from game.ui.scenes.editor import HINTS, EditorScene
    app.resize(size)
    ed = EditorScene(app, EditorModel.new())
    app.replace(ed)
    for selected in (False, True):
        if selected:
            ed.sel = Target("centre", 1)
        table = ed.rects()["table"]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=table.center, rel=(0, 0), buttons=(0, 0, 0)))
        app.frame(1 / 60)
        text, room = ed.status_line
        assert not text.endswith("...")
        assert art.font(13).size(text)[0] <= room
        parts = text.split(" | ")
        assert parts[0] == HINTS[0] and parts == list(HINTS[:len(parts)])  # whole hints, most useful first
        if size[0] >= 1280:
            assert len(parts) >= 5
