"""Hypothesis profiles, and the `app` fixture of the window tests.

``make test`` (and so CI) runs the ``ci`` profile: every property test draws
the same examples on every run, so a red CI points at a change, not at luck.
``HYPOTHESIS_PROFILE=explore make test`` draws fresh random examples each run,
to look for new failures; a failure prints the example and a blob that replays it.
"""

from __future__ import annotations

import os
import pathlib
from typing import Any, Iterator

import pytest
from hypothesis import settings

# deadline=None: no test fails because the machine is busy (speed goals live in tools/bench.py)
settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
settings.register_profile("explore", derandomize=False, print_blob=True, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# `make test` tests pure Python: no process a test starts (`python -m game`, an AI worker)
# uses the compiled build of `make play` (game/compiled.py)
os.environ["WILD_TABLE_PURE"] = "1"
os.environ.pop("WILD_TABLE_COMPILED", None)


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets a data folder of its own (WILD_TABLE_HOME), so tests running in
    parallel (pytest-xdist) never share saves, replays, settings or courses, and none
    writes to the player's real folder. A test may set its own over this one."""
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture()
def app(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The game's window (1280x800, instant animation, a frozen clock) on the main
    menu, with its data folder in the test's temporary folder. The test fails if the
    window caught an error from a scene, unless it sets ``app.expect_faults``. Set SDL_VIDEODRIVER
    and SDL_AUDIODRIVER to dummy before importing pygame (the UI test modules do)."""
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene
    a = App((1280, 800), instant=True, clock=lambda: 0.0)
    a.push(MenuScene(a))
    yield a
    a.close()
    # the window caught an error from a scene (its traceback is in the captured stderr)
    assert a.faults == 0 or getattr(a, "expect_faults", False), f"{a.faults} error(s) caught from a scene"
