"""Doomwheel scenarios (CONTRACTS §4; docs/doomwheel-scenario-format.md): every file
in tests/scenarios/doomwheel holds (the forced-dice checks of the spec's charts,
tables and of docs/doomwheel-rulings.md, one file each); a mismatch gives 1, a bad
file or script 2."""

from __future__ import annotations

import json
import pathlib

import pytest

from game.rules.doomwheel.scenario import run_file

HERE = pathlib.Path(__file__).resolve().parent / "scenarios" / "doomwheel"
FILES = sorted(HERE.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_holds(path: pathlib.Path) -> None:
    assert run_file(str(path)) == 0


def _variant(tmp_path: pathlib.Path, **change: object) -> str:
    data = json.loads((HERE / "fanatic_run_over.json").read_text())
    data.update(change)
    p = tmp_path / "s.json"
    p.write_text(json.dumps(data))
    return str(p)


def test_a_mismatch_is_1(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_file(_variant(tmp_path, expect={"state": {"wheels.red.wounds": 5}})) == 1
    assert "expected 5, got 4" in capsys.readouterr().out


@pytest.mark.parametrize("change", [{"dice": [3, 3]}, {"dice": [3, 3, 4, {"value": 2, "reason": "move"}]},
                                    {"choices": [{"kind": "fly"}]}, {"extra": 1}, {"format": 9},
                                    {"course": "nowhere.json"}, {"wheels": {"green": {}}},
                                    {"start": {"phase": "lunch"}}])
def test_bad_scripts_are_2(tmp_path: pathlib.Path, change: dict[str, object]) -> None:
    assert run_file(_variant(tmp_path, **change)) == 2


def test_not_json_is_2(tmp_path: pathlib.Path) -> None:
    p = tmp_path / "bad.json"
    p.write_text("{")
    assert run_file(str(p)) == 2


def test_a_pattern_without_a_colon_matches_the_part_before_the_colon() -> None:
    from game.rules.doomwheel.events import WheelMoved
    from game.core.expect import event_matches as _event_matches
    e = WheelMoved("red", "move", 0.0, 0.0, 1.0, 0.0, 0.0, "edge:12")
    assert _event_matches({"stopped_by": "edge"}, e) and _event_matches({"stopped_by": "edge:12"}, e)
    assert not _event_matches({"stopped_by": "edge:3"}, e) and not _event_matches({"stopped_by": ""}, e)
    assert not _event_matches({"wheel": "re"}, e) and not _event_matches({"stopped_by": "o"}, e)
