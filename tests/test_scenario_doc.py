"""The example in docs/scenario-format.md is a real, passing scenario; the scenario
runner's error cases (exit 2) and expectation mismatches (exit 1)."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from game.cli import main
from game.core.errors import BadInput
from game.rules.wild_race.scenario import load_scenario, run_scenario

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "scenario-format.md").read_text()
EXAMPLE = json.loads(re.search(r"## A complete example\n\n```json\n(.*?)```", DOC, re.S).group(1))  # type: ignore


def run(data: dict) -> object:
    return run_scenario(load_scenario(data, "<test>"))


def test_doc_example_passes() -> None:
    res = run(EXAMPLE)
    assert res.ok, res.mismatches  # type: ignore[attr-defined]


def test_expectation_mismatch_exit_1(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(json.dumps(EXAMPLE))
    data["expect"]["state"]["racers.a.favour"] = 2
    p = tmp_path / "s.json"
    p.write_text(json.dumps(data))
    assert main(["scenario", str(p)]) == 1
    assert "racers.a.favour" in capsys.readouterr().out


def test_json_output_schema(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "s.json"
    p.write_text(json.dumps(EXAMPLE))
    assert main(["scenario", str(p), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["schema"] == "wild-table/scenario-result" and out["version"] == 1 and out["ok"]
    assert out["rolls"][0] == {"kind": "RollMade", "for_whom": "a", "player": "red", "reason": "jump", "die": "d6",
                               "faces": [6], "result": 6, "favour": None}
    assert out["state"]["racers"]["a"]["favour"] == 1


@pytest.mark.parametrize("change, field", [
    (lambda d: d["dice"].__setitem__(0, {"value": 6, "for": "b", "reason": "jump"}), "dice[0]"),
    (lambda d: d["dice"].__setitem__(0, {"value": 6, "for": "a", "reason": "overtake"}), "dice[0]"),
    (lambda d: (d.__setitem__("dice", []), d["choices"].append({"kind": "pass"})), "dice"),
    (lambda d: (d["choices"].pop(), d["dice"].append(3)), "choices"),
    (lambda d: d["choices"].__setitem__(1, {"kind": "fly"}), "choices[1]"),
    (lambda d: d.__setitem__("colour", "red"), "colour"),
    (lambda d: d["racers"][0].__setitem__("lives", "three"), "racers[0].lives"),
    (lambda d: d["start"].__setitem__("phase", "lunch"), "start.phase"),
    (lambda d: d.__setitem__("options", {"recycling": "never"}), "options.recycling"),
    (lambda d: d.__setitem__("format", 99), "format"),
])
def test_bad_scenarios_name_the_field(change: object, field: str) -> None:
    data = json.loads(json.dumps(EXAMPLE))
    change(data)  # type: ignore[operator]
    with pytest.raises(BadInput) as e:
        run(data)
    assert e.value.field == field, e.value.line()


def test_choice_for_the_wrong_player_is_bad_input() -> None:
    data = json.loads(json.dumps(EXAMPLE))
    data["choices"][0]["player"] = "blue"
    with pytest.raises(BadInput, match="red's decision"):
        run(data)


def test_expectation_paths_accept_the_specs_field_names() -> None:
    data = json.loads(json.dumps(EXAMPLE))
    data["expect"]["state"] = {"racers.a.favour_points": 1, "racers.b.whip": True, "racers.a.contacts_created": []}
    res = run(data)
    assert res.ok, res.mismatches  # type: ignore[attr-defined]
