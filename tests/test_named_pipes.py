"""Issue 12 fault 2: a named pipe (FIFO) where the game expects a JSON file is refused
at once, never opened (an open() of a FIFO with no writer blocks forever). The command
line prints one line and exits 2; the load list shows it greyed with its reason.

The command-line checks run in a child process with a timeout, so that a regression
fails the test instead of hanging the suite."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

from game.core.errors import BadInput
from game.core.jsonload import load_json_file

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")

ROOT = pathlib.Path(__file__).resolve().parent.parent
HANG = 120  # seconds before a child that hangs counts as a failure (it answers in about one)


def fifo(path: pathlib.Path) -> pathlib.Path:
    os.mkfifo(path)
    return path


def run(*args: str, home: pathlib.Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "WILD_TABLE_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    try:
        return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=HANG)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{' '.join(args)} hung on a named pipe")


def test_the_loader_refuses_a_named_pipe_from_its_stat(tmp_path: pathlib.Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    pipe = fifo(tmp_path / "x.json")

    def no_open(*args: object, **kwargs: object) -> None:
        raise AssertionError("a named pipe was opened")

    monkeypatch.setattr("builtins.open", no_open)  # refused before any open: nothing can block
    with pytest.raises(BadInput) as info:
        load_json_file(pipe)
    assert info.value.line() == f"{pipe}: is a named pipe, not a regular file (only plain files are read)"


def test_the_loader_refuses_a_device(tmp_path: pathlib.Path) -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    with pytest.raises(BadInput) as info:
        load_json_file("/dev/zero")  # would read zeros up to the cap, then say "too large"
    assert "is a device" in info.value.reason


@pytest.mark.parametrize("command", [["validate"], ["replay", "--check"], ["replay"], ["scenario"]])
def test_the_command_line_gives_one_line_and_exit_2(tmp_path: pathlib.Path, command: list[str]) -> None:
    pipe = fifo(tmp_path / "pipe.json")
    args = [command[0], str(pipe), *command[1:]]
    res = run("-m", "game", *args, home=tmp_path)
    assert res.returncode == 2, (res.stdout, res.stderr)
    out = [line for line in (res.stdout + res.stderr).splitlines() if line.strip()]
    assert out == [f"{pipe}: is a named pipe, not a regular file (only plain files are read)"], out


def test_list_saves_and_replays_show_a_pipe_as_a_file_that_cannot_be_read(tmp_path: pathlib.Path) -> None:
    for folder in ("saves", "replays"):
        (tmp_path / folder).mkdir()
        fifo(tmp_path / folder / "x.json")
    code = ("from game.save.savefile import list_saves\n"
            "from game.ui.scenes.load import list_replays\n"
            "for path, info in list_saves() + list_replays():\n"
            "    print(path, '|', info)\n")
    res = run("-c", code, home=tmp_path)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert len(lines) == 2, lines
    for line, folder in zip(lines, ("saves", "replays")):
        assert line.startswith(str(tmp_path / folder / "x.json")) and "is a named pipe" in line, line
