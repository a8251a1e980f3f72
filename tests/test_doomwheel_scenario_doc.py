"""docs/doomwheel-scenario-format.md is what the runner does: every scenario in it
passes; the doc names every wheel field, start step, reason, choice kind and event;
every start phase and step gives the pending input the doc says; bad files name the
field (exit 2); a mismatch is exit 1; `--json` follows the documented schema."""

from __future__ import annotations

import json
import pathlib
import re
from dataclasses import fields
from typing import Any, Callable

import pytest

from game.cli import main
from game.core.errors import BadInput
from game.rules.doomwheel import events as ev
from game.rules.doomwheel.engine import CHOICE_KEYS
from game.rules.doomwheel.scenario import (
    REASON_ALIASES, REASONS, START_STEPS, load_scenario, run_file, run_scenario, state_to_json, wheel_fields,
)

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "doomwheel-scenario-format.md").read_text()
BLOCKS = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", DOC, re.S)
          if b.lstrip().startswith("{\n  \"format\"") or b.lstrip().startswith("{\"format\"")]
EXAMPLE = json.loads(re.search(r"## A complete example\n\n```json\n(.*?)```", DOC, re.S).group(1))  # type: ignore
OVAL = {"centre": [[0, 0], [30, 0], [30, 30], [-30, 30], [-30, 0], [0, 0]], "width": 12, "laps": 3,
        "checkpoints": [[[0, 24], [0, 36]]], "fans": [{"x": 0, "y": 10}, {"x": 0, "y": 20}]}


def run(data: dict[str, Any]) -> Any:
    return run_scenario(load_scenario(data, "<test>"))


def base(**change: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"format": 1, "kind": "scenario", "ruleset": "doomwheel", "course": OVAL,
                         "critters": [], "wheels": {"red": {"x": 5, "y": 0, "heading": 0},
                                                    "blue": {"x": 0, "y": 30, "heading": 180}}}
    d.update(change)
    return d


def test_the_doc_has_scenarios() -> None:
    assert len(BLOCKS) >= 4 and BLOCKS[0] == EXAMPLE


@pytest.mark.parametrize("data", BLOCKS, ids=[b["name"] for b in BLOCKS])
def test_every_doc_scenario_passes(data: dict[str, Any], tmp_path: pathlib.Path) -> None:
    res = run(data)
    assert res.ok, res.mismatches
    p = tmp_path / "s.json"
    p.write_text(json.dumps(data))
    assert run_file(str(p)) == 0


def test_the_doc_names_everything_the_runner_knows() -> None:
    for name in wheel_fields():
        assert f"`{name}`" in DOC, name
    for kind in START_STEPS:
        assert f"| `{kind}` |" in DOC, kind
    for reason in REASONS:
        assert f"`{reason}`" in DOC, reason
    for alias in REASON_ALIASES:
        assert f"`{alias}`" in DOC, alias
    for kind in CHOICE_KEYS:
        assert f"`{kind}`" in DOC, kind
    for name in dir(ev):
        cls = getattr(ev, name)
        if isinstance(cls, type) and issubclass(cls, ev.Event) and cls is not ev.Event:
            assert f"`{name}`" in DOC, name
            for f in fields(cls):
                assert f.name in DOC, (name, f.name)


def test_a_mismatch_is_exit_1(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(json.dumps(EXAMPLE))
    data["expect"]["state"]["wheels.red.wounds"] = 2
    p = tmp_path / "s.json"
    p.write_text(json.dumps(data))
    assert main(["scenario", str(p)]) == 1
    out = capsys.readouterr().out
    assert "MISMATCH expect.state.wheels.red.wounds: expected 2, got 4" in out


def test_event_patterns_match_fields_in_order() -> None:
    data = json.loads(json.dumps(EXAMPLE))
    data["expect"]["events"] = [{"kind": "SlaveResult", "result": "defect"}]
    assert not run(data).ok
    data["expect"]["events"] = ["WoundsChanged", "RanOver"]  # out of order
    assert not run(data).ok
    data["expect"]["events"] = [{"kind": "RollMade", "reason": "move", "faces": [3, 3, 4], "result": 10}]
    assert run(data).ok


def test_json_output_schema(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "s.json"
    p.write_text(json.dumps(EXAMPLE))
    assert main(["scenario", str(p), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["schema"] == "wild-table/scenario-result" and out["version"] == 1 and out["ok"]
    assert out["ruleset"] == "doomwheel" and out["stopped"] == "script_end" and out["mismatches"] == []
    assert out["rolls"][0] == {"kind": "RollMade", "for_whom": "red", "player": "red", "reason": "move",
                               "die": "d6", "faces": [3, 3, 4], "result": 10, "favour": None}
    assert out["state"]["wheels"]["red"]["wounds"] == 4
    assert out["state"]["pending"] == {"actor": "blue", "step": "activate", "wheel": "blue"}
    assert set(out["state"]) == {"turn", "phase", "order", "active", "players", "over", "winner", "reason",
                                 "options", "seed", "pending", "wheels", "critters"}
    assert [e for e in out["events"] if e["kind"] == "RollMade"] == out["rolls"]


def test_reason_synonyms_and_who_synonyms() -> None:
    data = json.loads(json.dumps(EXAMPLE))
    data["dice"][3] = {"value": 3, "wheel": "red", "reason": "slave_chart"}
    assert run(data).ok
    data["dice"][0] = {"value": 3, "for": "red", "reason": "movement"}
    assert run(data).ok


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        *head, last = path.split("/")
        cur: Any = d
        for k in head:
            cur = cur[int(k)] if isinstance(cur, list) else cur[k]
        if isinstance(cur, list):
            cur[int(last)] = value
        else:
            cur[last] = value
    return change


@pytest.mark.parametrize("change, field", [
    (_set("colour", "red"), "colour"),
    (_set("format", 99), "format"),
    (_set("ruleset", "wild-race"), "ruleset"),
    (_set("options", {"schwenk": "pivot"}), "options.schwenk"),
    (_set("options", {"players": 3}), "options.players"),
    (_set("course", "nowhere.json"), "course"),
    (_set("players", ["red"]), "players"),
    (_set("wheels/red/wound", 3), "wheels.red.wound"),
    (_set("wheels/red/wounds", "three"), "wheels.red.wounds"),
    (_set("wheels/green", {}), "wheels.green"),
    (_set("wheels/red/ram_effect", "stunned"), "wheels.red.ram_effect"),
    (_set("wheels/blue", {"x": 6, "y": 0.5, "heading": 0}), "wheels.red"),
    (_set("critters/0/kind", "goblin"), "critters[0].kind"),
    (_set("critters/0/speed", 3), "critters[0].speed"),
    (_set("start/phase", "lunch"), "start.phase"),
    (_set("start/order", ["red"]), "start.order"),
    (_set("start/player", "green"), "start.player"),
    (_set("start/step", {"kind": "teleport", "wheel": "red"}), "start.step.kind"),
    (_set("start/step", {"kind": "move", "wheel": "red"}), "start.step.distance"),
    (_set("start/step", {"kind": "ram", "wheel": "red", "target": "red"}), "start.step.target"),
    (_set("dice/0", {"value": 3, "who": "blue", "reason": "move"}), "dice[0]"),
    (_set("dice/0", {"value": 3, "who": "red", "reason": "repair"}), "dice[0]"),
    (_set("dice/0", {"value": 3, "reason": "lunch"}), "dice[0].reason"),
    (_set("dice/0", {"value": 3, "who": "red", "for": "blue"}), "dice[0].for"),
    (_set("dice/0", {"value": 3, "side": "red"}), "dice[0].side"),
    (_set("dice/0", 7), "dice[0]"),
    (_set("dice/3", {"at": [1, 1]}), "dice[3]"),
    (_set("dice", [3, 3]), "dice"),
    (_set("choices/1", {"kind": "move", "at": 0, "angel": 30}), "choices[1]"),
    (_set("choices/1", {"kind": "fly"}), "choices[1]"),
    (_set("choices/0", {"kind": "drive", "player": "blue"}), "choices[0]"),
    (_set("choices/1", {"kind": "move", "at": 0, "angle": 0, "distance": 9}), "choices[1]"),
    (_set("run_until", "dawn"), "run_until"),
    (_set("fill", {"choices": "greedy"}), "fill.choices"),
    (_set("expect/colour", 1), "expect.colour"),
    (_set("expect/events/0", {"kind": "RanOver", "wheel": {"nested": {}}}), ""),
])
def test_bad_scenarios_name_the_field(change: Callable[[dict[str, Any]], None], field: str) -> None:
    data = json.loads(json.dumps(EXAMPLE))
    change(data)
    if not field:  # allowed: an object pattern is matched field by field (and does not match here)
        assert not run(data).ok
        return
    with pytest.raises(BadInput) as e:
        run(data)
    assert e.value.field == field, e.value.line()


def test_bad_file_is_one_line_on_stderr_exit_2(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(json.dumps(EXAMPLE))
    data["choices"][1] = {"kind": "move", "at": 0, "angel": 30}
    p = tmp_path / "s.json"
    p.write_text(json.dumps(data))
    assert main(["scenario", str(p)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and err.startswith(f"{p}: choices[1]: ") and "'angel'" in err
    p.write_text("{")
    assert main(["scenario", str(p)]) == 2


def test_script_left_over_at_the_race_end_is_an_error() -> None:
    data = base(options={"laps": 1}, start={"turn": 1, "phase": "move", "step": {"kind": "move", "wheel": "red",
                                                                                   "distance": 10}},
                wheels={"red": {"x": -5, "y": 0, "heading": 0, "next_cp": 1},
                        "blue": {"x": 0, "y": 30, "heading": 180}},
                choices=[{"kind": "move"}, {"kind": "hold"}])
    with pytest.raises(BadInput, match="script left over"):
        run(data)


# --- every start point gives the pending input the doc says -------------------------------

@pytest.mark.parametrize("start, pending", [
    ({"phase": "grid"}, {"actor": "chance", "reason": "grid", "who": "red"}),
    ({"turn": 4, "phase": "initiative"}, {"actor": "chance", "reason": "initiative", "who": "red"}),
    ({"turn": 4, "phase": "move", "order": ["blue", "red"]}, {"actor": "blue", "step": "activate"}),
    ({"turn": 4, "phase": "movement", "order": ["blue", "red"], "player": "red"}, {"actor": "red",
                                                                                   "step": "activate"}),
    ({"turn": 4, "phase": "sabotage", "order": ["blue", "red"]}, {"actor": "blue", "step": "sabotage"}),
    ({"turn": 4, "phase": "sabotage", "order": ["blue", "red"], "player": "red"}, {"actor": "red",
                                                                                    "step": "sabotage"}),
    ({"turn": 4, "phase": "shooting", "order": ["blue", "red"]}, {"actor": "blue", "step": "shoot"}),
    ({"turn": 4, "phase": "critters"}, {"actor": "chance", "reason": "critter_move", "who": "slave-1"}),
    ({"turn": 4, "phase": "critters", "critter": "fanatic-1"}, {"reason": "critter_move", "who": "fanatic-1"}),
    ({"turn": 4, "phase": "respawn"}, {"reason": "respawn", "who": "slave-2"}),
    ({"phase": "move", "step": {"kind": "activate", "wheel": "blue"}}, {"actor": "blue", "step": "activate"}),
    ({"phase": "move", "step": {"kind": "move_roll", "wheel": "red"}}, {"reason": "move", "n": 3}),
    ({"phase": "move", "step": {"kind": "move", "wheel": "red", "distance": 9}}, {"actor": "red", "step": "plan",
                                                                                  "distance": 9}),
    ({"phase": "move", "step": {"kind": "repair", "wheel": "red"}}, {"reason": "repair", "die": "d3"}),
    ({"phase": "move", "step": {"kind": "slip", "wheel": "red"}}, {"reason": "slip", "n": 2}),
    ({"phase": "move", "step": {"kind": "slip", "wheel": "red", "distance": 7}}, {"step": "slip", "distance": 7}),
    ({"phase": "move", "step": {"kind": "tangled", "wheel": "red"}}, {"reason": "tangled", "n": 2}),
    ({"phase": "move", "step": {"kind": "tangled", "wheel": "red", "distance": 5}}, {"reason": "direction",
                                                                                    "die": "dir"}),
    ({"phase": "move", "step": {"kind": "out_of_control", "wheel": "red"}}, {"reason": "out_of_control",
                                                                             "n": 3}),
    ({"phase": "move", "step": {"kind": "ram", "wheel": "red", "target": "blue"}}, {"reason": "ram",
                                                                                    "who": "red"}),
    ({"phase": "critters", "step": {"kind": "run_over", "wheel": "red", "critter": "fanatic-1"}},
     {"reason": "run_over_hits", "die": "d3"}),
    ({"phase": "sabotage", "step": {"kind": "slave_table", "wheel": "blue"}}, {"reason": "slave_table",
                                                                              "who": "blue"}),
    ({"phase": "move", "step": {"kind": "hits", "wheel": "red", "strength": 5, "count": 2}},
     {"reason": "to_wound"}),
    ({"phase": "shooting", "step": {"kind": "ram_table", "wheel": "blue"}}, {"reason": "ram_table"}),
    ({"phase": "sabotage", "step": {"kind": "sabotage", "target": "blue", "heading": 90, "points": 2}},
     {"reason": "sabotage", "who": "blue", "n": 2}),
    ({"phase": "shooting", "step": {"kind": "shot", "wheel": "red", "target": "blue"}}, {"reason": "to_hit",
                                                                                          "who": "red"}),
    ({"phase": "critters", "step": {"kind": "critter", "critter": "slayer-1"}}, {"reason": "critter_move",
                                                                                 "who": "slayer-1"}),
    ({"phase": "critters", "step": {"kind": "respawn", "critter": "slave-2"}}, {"reason": "respawn",
                                                                                 "die": "spot"}),
])
def test_start_points(start: dict[str, Any], pending: dict[str, Any]) -> None:
    data = base(start=start, critters=[{"kind": "slave", "x": -10, "y": 0}, {"kind": "slave", "x": -12, "y": 0,
                                                                             "alive": False},
                                       {"kind": "fanatic", "x": 20, "y": 2}, {"kind": "slayer", "x": 25, "y": 10}],
                wheels={"red": {"x": 5, "y": 0, "heading": 0}, "blue": {"x": 8.95, "y": 0, "heading": 0}})
    sc = load_scenario(data, "<test>")
    got = state_to_json(sc.state)["pending"]
    assert {k: got.get(k) for k in pending} == pending, got


def test_a_step_of_another_wheels_move_keeps_the_order() -> None:
    """Starting at blue's move decision with order red, blue: red has moved; after
    blue's move the sabotage phase comes (red first)."""
    data = base(start={"turn": 3, "phase": "move", "order": ["red", "blue"],
                       "step": {"kind": "move", "wheel": "blue", "distance": 3}},
                choices=[{"kind": "move"}])
    res = run(data)
    st = res.scenario.state
    assert st.wheels["red"].moved_turn == 3 and st.wheels["blue"].moved_turn == 3
    assert st.phase == "sabotage" and state_to_json(st)["pending"]["actor"] == "red"


def test_respawn_at_a_spot_or_by_index() -> None:
    data = base(start={"turn": 2, "phase": "respawn"}, critters=[{"kind": "slave", "x": 0, "y": 0, "alive": False}],
                dice=[{"at": [-20.25, 1.5], "reason": "respawn"}])
    res = run(data)
    c = res.scenario.state.critters["slave-1"]
    assert c.alive and (c.x, c.y) == (-20.25, 1.5)
    data["dice"] = [{"at": [5, 0], "reason": "respawn"}]  # under red
    with pytest.raises(BadInput, match="not a free spot"):
        run(data)
    data["dice"] = [0]
    res = run(data)
    assert res.scenario.state.critters["slave-1"].alive


@pytest.mark.parametrize("until, phase, turn", [("phase_end", "shooting", 2), ("turn_end", "initiative", 3),
                                                ("race_end", "over", None)])
def test_run_until_with_fill(until: str, phase: str, turn: int | None) -> None:
    data = base(start={"turn": 2, "phase": "sabotage"}, run_until=until, seed=3,
                fill={"choices": "random", "dice": "seeded"}, options={"turn_cap": 6})
    res = run(data)
    st = res.scenario.state
    assert res.stopped == until and st.phase == phase
    if turn is not None:
        assert st.turn == turn


def test_fill_first_is_deterministic() -> None:
    data = base(start={"turn": 1, "phase": "move"}, run_until="race_end", seed=5,
                fill={"choices": "first", "dice": "seeded"}, options={"turn_cap": 4})
    a, b = run(data), run(json.loads(json.dumps(data)))
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]
    assert a.stopped == "race_end"
