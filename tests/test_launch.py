"""Launch stays quick (issue 14: the menu in at most 800 ms, measured by tools/bench.py):
what the command line and the main menu import, and the menu's background kept on disk."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = pathlib.Path(__file__).resolve().parent.parent
HEAVY = ("numpy", "pymunk", "pygame", "game.ui.app", "game.save.games", "game.save.savefile", "game.ai.agents")
NOT_FOR_THE_MENU = ("pymunk", "game.save.games", "game.save.savefile", "game.save.replay", "game.core.record",
                    "game.ai.agents", "game.ui.table_view", "game.ui.scenes.editor")


def _loaded(code: str, names: tuple[str, ...], home: pathlib.Path) -> dict[str, bool]:
    code += f"; import sys, json; print(json.dumps({{n: n in sys.modules for n in {list(names)!r}}}))"
    env = dict(os.environ, WILD_TABLE_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    loaded: dict[str, bool] = json.loads(out.stdout.strip().splitlines()[-1])
    return loaded


def test_the_command_lines_help_imports_no_window_numpy_or_saves(tmp_path: pathlib.Path) -> None:
    code = ("import game.cli, contextlib, io\nwith contextlib.redirect_stdout(io.StringIO()):\n"
            "    try: game.cli.main(['--help'])\n    except SystemExit: pass")
    loaded = _loaded(f"exec({code!r})", HEAVY, tmp_path)
    assert not any(loaded.values()), loaded


def test_the_main_menu_imports_neither_numpy_nor_the_games_machinery(tmp_path: pathlib.Path) -> None:
    menu = ("from game.ui.app import App; from game.ui.scenes.menu import MenuScene; "
            "app = App(); app.push(MenuScene(app)); app.frame(1/60)")
    first = _loaded(menu, NOT_FOR_THE_MENU + ("numpy",), tmp_path)
    assert not any(v for k, v in first.items() if k != "numpy"), first
    again = _loaded(menu, ("numpy",), tmp_path)  # the background painted the first time is kept
    assert again == {"numpy": False}
    assert [p.name for p in (tmp_path / "cache").iterdir() if p.name.endswith(".tmp.bmp")] == []


def test_a_kept_background_has_the_painted_pixels_and_a_bad_one_is_painted_again(
        tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame
    from game.ui import art
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    monkeypatch.setattr(art, "_KEPT", {})
    painted = art.table_background((90, 60), 3, keep=True)
    files = list((tmp_path / "cache").iterdir())
    assert len(files) == 1 and files[0].name.startswith("table-90x60-3-")
    monkeypatch.setattr(art, "_KEPT", {})
    loaded = art.table_background((90, 60), 3, keep=True)
    assert loaded is not painted
    assert pygame.image.tobytes(loaded, "RGB") == pygame.image.tobytes(painted, "RGB")
    assert loaded.get_bitsize() == painted.get_bitsize()
    files[0].write_bytes(b"not an image")
    monkeypatch.setattr(art, "_KEPT", {})
    again = art.table_background((90, 60), 3, keep=True)
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(painted, "RGB")
    for seed in range(art.KEPT_FILES + 2):  # only the newest few are kept
        art.table_background((20, 20), seed, keep=True)
    assert len(list((tmp_path / "cache").iterdir())) == art.KEPT_FILES


def test_the_save_package_gives_every_name_it_lists() -> None:
    import game.save as save
    for name in save.__all__:
        assert getattr(save, name) is not None, name
    with pytest.raises(AttributeError):
        getattr(save, "no_such_name")
