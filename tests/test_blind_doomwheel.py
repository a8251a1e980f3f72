"""Blind rules scenarios for the Doomwheel Race (tests/scenarios/doomwheel/blind/*.json).

Each file was written from the rules (../shared/rules/doomwheel-race.md), the engine's
documented readings (docs/doomwheel-rulings.md) and the format docs
(docs/doomwheel-scenario-format.md, docs/level-format.md) alone, without reading the
engine or the other scenarios, one file per rule, table row or option. Every file must
play with exit code 0 (`python -m game scenario FILE --json`): all expectations hold.

Files that expose a disagreement between the engine and the spec or the docs stay in
the folder and are listed in KNOWN_BUGS with the reason; they are marked
xfail(strict=True), so the suite stays green while the disagreement stays visible, and
a fix makes the suite say so (remove the entry then).
"""

from __future__ import annotations

import contextlib
import io
import pathlib

import pytest

from game.cli import main

ROOT = pathlib.Path(__file__).resolve().parent.parent
BLIND = ROOT / "tests" / "scenarios" / "doomwheel" / "blind"

# file name -> why the engine disagrees with the spec or the docs (see the file's description)
KNOWN_BUGS: dict[str, str] = {}  # the five first found were fixed in the engine (docs/doomwheel-rulings.md)


def _files() -> list[pathlib.Path]:
    return sorted(BLIND.glob("*.json"))


def _param(p: pathlib.Path) -> object:
    if p.name in KNOWN_BUGS:
        return pytest.param(p, id=p.stem, marks=pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[p.name]))
    return pytest.param(p, id=p.stem)


def _run(path: pathlib.Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(["scenario", str(path), "--json"])
        except SystemExit as e:  # a bad file may end the command line this way
            code = e.code if isinstance(e.code, int) else 2
    return code, out.getvalue()[-3000:] + err.getvalue()[-2000:]


def test_enough_blind_scenarios() -> None:
    assert len(_files()) >= 40


def test_known_bugs_exist() -> None:
    names = {p.name for p in _files()}
    assert set(KNOWN_BUGS) <= names


@pytest.mark.parametrize("path", [_param(p) for p in _files()])
def test_blind_scenario(path: pathlib.Path) -> None:
    code, text = _run(path)
    assert code == 0, f"{path.name}: exit {code}\n{text}"
