"""The compiled build `make play` uses (game/compiled.py, tools/fast.py): used only
while its stamp matches the sources, and any failure leaves the game in pure Python
with one line saying so, never a crash. No test here compiles anything."""

from __future__ import annotations

import importlib.util
import json
import os
import pathlib
import subprocess
import sys
from typing import Any

import pytest

from game import compiled

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = "game/core/angles.py"  # the build's probe module


def _fast() -> Any:
    spec = importlib.util.spec_from_file_location("fast_tool", ROOT / "tools" / "fast.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _fake_build(build: pathlib.Path, root: pathlib.Path, sources: list[str], ok: bool = True) -> pathlib.Path:
    """A build folder whose stamp matches `sources` under `root`; its 'compiled' probe
    module is junk that no loader accepts."""
    so = build / "lib-x" / "game" / "core" / "angles.cpython-311-x86_64-linux-gnu.so"
    so.parent.mkdir(parents=True)
    so.write_bytes(b"not a shared library")
    stamp = {"ok": ok, "hash": compiled.source_hash(sources, str(root)), "sources": sources,
             "files": {"game.core.angles": str(so.relative_to(build))}}
    (build / compiled.STAMP).write_text(json.dumps(stamp))
    return so


def test_a_build_is_used_only_while_its_sources_are_unchanged(tmp_path: pathlib.Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(compiled.ENV_PURE, raising=False)
    root = tmp_path / "tree"
    (root / "game" / "core").mkdir(parents=True)
    src = root / SOURCE
    src.write_text((ROOT / SOURCE).read_text())
    build = tmp_path / "build"
    _fake_build(build, root, [SOURCE])
    files, why = compiled.check(str(build), str(root))
    assert why == "" and files is not None and set(files) == {"game.core.angles"}
    src.write_text(src.read_text() + "\n# changed\n")  # the .py is now newer than its compiled module
    files, why = compiled.check(str(build), str(root))
    assert files is None and "sources changed" in why
    assert "sources changed" in compiled.activate(str(build), str(root))  # refused before anything is imported
    assert not compiled.active()


def test_a_failed_or_missing_build_is_not_used(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(compiled.ENV_PURE, raising=False)
    assert compiled.check(str(tmp_path / "none"))[1] == compiled.NO_BUILD
    _fake_build(tmp_path / "b", ROOT, [SOURCE], ok=False)
    assert compiled.check(str(tmp_path / "b"))[1] == compiled.NO_BUILD
    monkeypatch.setenv(compiled.ENV_PURE, "1")
    _fake_build(tmp_path / "c", ROOT, [SOURCE])
    assert compiled.activate(str(tmp_path / "c")) in compiled.QUIET and not compiled.active()


def test_a_build_that_will_not_load_leaves_the_game_pure_and_says_so_once(tmp_path: pathlib.Path) -> None:
    build = tmp_path / "build"
    _fake_build(build, ROOT, [SOURCE])
    env = {k: v for k, v in os.environ.items() if k != compiled.ENV_PURE}
    env[compiled.ENV_BUILD] = str(build)
    out = subprocess.run([sys.executable, "-m", "game", "validate", "levels/wild_race/sample_sprint.json"],
                         cwd=ROOT, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith(": ok")
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "runs pure Python" in lines[0] and "would not load" in lines[0], out.stderr
    # the module does not come from the broken build (under `make test-fast` the tree itself is
    # the compiled copy, so the tree's own module may be a compiled file)
    code = ("from game import compiled; why = compiled.activate(); import game.core.angles as a;"
            f"print(compiled.active(), not a.__file__.startswith({str(build)!r}), 'would not load' in why)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert out.stdout.split() == ["False", "True", "True"], out.stderr


def test_make_play_builds_only_for_changed_sources_and_starts_without_a_compiler(
        tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    fast = _fast()
    monkeypatch.delenv(compiled.ENV_PURE, raising=False)
    monkeypatch.setattr(compiled, "BUILD", str(tmp_path))
    monkeypatch.setattr(fast, "remove_in_tree", lambda: None)
    builds: list[int] = []
    monkeypatch.setattr(fast, "build", lambda: builds.append(1) or 0)
    monkeypatch.setattr(fast, "why_cannot_build", lambda: "")
    stamp = {"ok": True, "hash": compiled.source_hash(fast.MODULES), "sources": list(fast.MODULES), "files": {}}
    for name in fast.MODULES:  # a build for exactly these sources
        so = tmp_path / (name[:-3] + ".so")
        so.parent.mkdir(parents=True, exist_ok=True)
        so.write_bytes(b"")
        stamp["files"][name[:-3].replace("/", ".")] = str(so.relative_to(tmp_path))
    (tmp_path / compiled.STAMP).write_text(json.dumps(stamp))
    assert fast.ensure() == 0 and builds == [] and capsys.readouterr().out == ""  # up to date: silent
    (tmp_path / compiled.STAMP).write_text(json.dumps(dict(stamp, hash="built from older sources")))
    assert fast.ensure() == 0 and builds == [1]
    (tmp_path / compiled.STAMP).write_text(json.dumps(dict(stamp, ok=False, why="the build failed")))
    assert fast.ensure() == 0 and builds == [1]  # a failed build is not retried for the same sources
    assert "runs pure Python" in capsys.readouterr().out
    (tmp_path / compiled.STAMP).unlink()
    monkeypatch.setattr(fast, "why_cannot_build", lambda: "no C compiler")
    assert fast.ensure() == 0 and builds == [1]
    assert "no C compiler; the game runs pure Python" in capsys.readouterr().out


def test_a_build_error_writes_a_failed_stamp_and_no_usable_build(tmp_path: pathlib.Path,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    fast = _fast()
    monkeypatch.setattr(compiled, "BUILD", str(tmp_path))
    monkeypatch.setattr(fast, "remove_in_tree", lambda: None)
    monkeypatch.setattr(fast, "why_cannot_build", lambda: "")
    monkeypatch.setattr(fast, "compile_in", lambda folder, log=None, progress=True: 1)
    assert fast.build() == 1
    stamp = compiled.read_stamp(str(tmp_path))
    assert stamp is not None and stamp["ok"] is False and "build failed" in stamp["why"]
    assert compiled.check(str(tmp_path))[0] is None
    assert "runs pure Python" in capsys.readouterr().out


def test_compiled_files_beside_the_sources_are_removed(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    fast = _fast()
    (tmp_path / "game" / "table").mkdir(parents=True)
    so = tmp_path / "game" / "table" / "geometry.cpython-311-x86_64-linux-gnu.so"
    lib = tmp_path / "0123abcd__mypyc.cpython-311-x86_64-linux-gnu.so"
    py = tmp_path / "game" / "table" / "geometry.py"
    for f in (so, lib, py):
        f.write_bytes(b"")
    monkeypatch.setattr(fast, "ROOT", str(tmp_path))
    fast.remove_in_tree()
    assert not so.exists() and not lib.exists() and py.exists()
    assert "removed 2 compiled files" in capsys.readouterr().out


def test_make_test_stays_pure() -> None:
    assert os.environ.get(compiled.ENV_PURE) == "1" and not compiled.active()
    make = (ROOT / "Makefile").read_text()
    test_rule = make.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert "fast.py" not in test_rule and "fast.py ensure" in make.split("\nplay:", 1)[1].split("\n\n", 1)[0]
