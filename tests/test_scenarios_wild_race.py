"""The Wild Race forced-dice scenario fixtures (tests/scenarios/wild_race/*.json).

Every fixture is written from the rules digest (shared/rules/wild-race.md): one file
per chart row or ruling, with loaded dice, scripted choices and expected state and
events (docs/scenario-format.md). Each one must play with all expectations met.

Fixtures whose `name` starts with "KNOWN-BUG:" record a suspected engine bug (the
fixture states what the spec requires); they are listed in KNOWN_FAILURES and skipped
so the suite stays green. To see them fail, run e.g.
`python -m game scenario tests/scenarios/wild_race/finish_default_finish_line.json`.
When a bug is fixed, remove its entry here and the "KNOWN-BUG: " prefix in the file.

The second half checks that bad scenario files are refused with BadInput (exit 2 on
the command line): unknown fields, dice for the wrong racer or reason, illegal
choices, running out of dice or choices.
"""

from __future__ import annotations

import copy
import json
import os
import pathlib
import subprocess
import sys
from typing import Any

import pytest

from game.core.errors import BadInput
from game.core.jsonload import load_json_file
from game.rules.wild_race.scenario import load_scenario, run_scenario

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "scenarios" / "wild_race"

# fixture file stem -> the suspected engine bug it records (see the file's description)
KNOWN_FAILURES: dict[str, str] = {}


def _fixture_files() -> list[pathlib.Path]:
    return sorted(FIXTURES.glob("*.json"))


def _run_file(path: pathlib.Path) -> Any:
    sc = load_scenario(load_json_file(str(path)), str(path))
    return run_scenario(sc)


def test_there_are_fixtures() -> None:
    assert len(_fixture_files()) >= 150


@pytest.mark.parametrize("path", _fixture_files(), ids=lambda p: p.stem)
def test_scenario_fixture(path: pathlib.Path) -> None:
    if path.stem in KNOWN_FAILURES:
        pytest.skip(f"known engine bug: {KNOWN_FAILURES[path.stem]}")
    res = _run_file(path)
    assert res.ok, f"{path.name}:\n  " + "\n  ".join(res.mismatches)


def test_known_bug_names_match_the_skip_list() -> None:
    named = {p.stem for p in _fixture_files()
             if str(json.loads(p.read_text()).get("name", "")).startswith("KNOWN-BUG")}
    assert named == set(KNOWN_FAILURES)


def test_turn_cap_final_order() -> None:
    """At the cap: finishers in order, then the rest by progress, then casualties."""
    res = _run_file(FIXTURES / "turn_cap_ends_race.json")
    assert res.ok, res.mismatches
    ended = [e for e in res.events if e.kind == "RaceEnded"]
    assert len(ended) == 1
    assert list(ended[0].order) == ["a2", "b", "a", "b2"]


# --- bad scenario files ----------------------------------------------------------------

COURSE = {"centre": [[0, 0], [100, 0]], "width": 24}


def R(id: str, player: str, x: float, y: float, h: float = 0, **kw: Any) -> dict[str, Any]:
    return {"id": id, "player": player, "x": x, "y": y, "heading": h, **kw}


def D(v: int, who: str, reason: str) -> dict[str, Any]:
    return {"value": v, "for": who, "reason": reason}


def C(kind: str, **kw: Any) -> dict[str, Any]:
    return {"kind": kind, **kw}


def HEDGE(x: float = 20, y: float = 0, rot: float = 90, length: float = 4, id: str = "hedge") -> dict[str, Any]:
    return {"id": id, "size": "small", "shape": "rect", "x": x, "y": y, "rotation": rot, "length": length,
            "width": 0.6}


def ROCK(x: float, y: float, id: str = "rock", r: float = 1.0) -> dict[str, Any]:
    return {"id": id, "size": "large", "shape": "circle", "x": x, "y": y, "radius": r}


def scen(racers: list[dict[str, Any]], phase: str = "movement", choices: list[dict[str, Any]] | None = None,
         dice: list[Any] | None = None, obstacles: list[dict[str, Any]] | None = None,
         options: dict[str, Any] | None = None, step: dict[str, Any] | None = None, **top: Any) -> dict[str, Any]:
    start: dict[str, Any] = {"phase": phase, "priority": ["red", "blue"]}
    if step:
        start["step"] = step
    sc: dict[str, Any] = {"format": 1, "kind": "scenario", "ruleset": "wild-race", "course": COURSE,
                          "racers": racers, "start": start, "choices": choices or [], "dice": dice or []}
    if obstacles is not None:
        sc["obstacles"] = obstacles
    if options:
        sc["options"] = options
    sc.update(top)
    return sc


JUMPERS = [R("a", "red", 15, 0), R("b", "blue", 15, 8)]
RIVALS = [R("a", "red", 15, 0), R("b", "blue", 20, 0)]
WHIPPERS = [R("a", "red", 50, 0), R("b", "blue", 50, 1.5)]
BARGERS = [R("a", "red", 50, 0), R("b", "blue", 50, 3)]
SCENERY_RACERS = [R("a", "red", 40, 0), R("b", "blue", 45, 5)]
MOVE10 = C("move", racer="a", heading=0, distance=10)
WHIP_RIDER = C("whip", racer="a", target="b", mode="rider")
BARGE = C("barge", racer="a", target="b")
UNB = {"kind": "unbalanced", "racer": "a"}


def with_racer(racers: list[dict[str, Any]], i: int, **kw: Any) -> list[dict[str, Any]]:
    out = copy.deepcopy(racers)
    out[i].update(kw)
    return out


BAD: dict[str, dict[str, Any]] = {
    # the file itself
    "unknown_top_level_field": scen(JUMPERS, colour="red"),
    "unknown_racer_field": scen(with_racer(JUMPERS, 0, speed=12)),
    "unknown_obstacle_field": scen(JUMPERS, obstacles=[{**HEDGE(), "height": 2}]),
    "unknown_expect_field": scen(JUMPERS, expect={"state": {}, "log": []}),
    "unknown_option": scen(JUMPERS, options={"no_such_option": "yes"}),
    "bad_option_value": scen(JUMPERS, options={"edge_hit_rounding": "up"}),
    "turn_cap_below_10": scen(JUMPERS, options={"turn_cap": 5}),
    "newer_format": {**scen(JUMPERS), "format": 2},
    "priority_missing_a_player": {**scen(JUMPERS), "start": {"phase": "movement", "priority": ["red"]}},
    "unknown_start_step_racer": scen(JUMPERS, phase="spur_whip", step={"kind": "unbalanced", "racer": "zz"}),
    # dice
    "die_for_wrong_racer": scen(JUMPERS, choices=[MOVE10, C("jump")], dice=[D(3, "b", "jump")],
                                obstacles=[HEDGE()]),
    "die_for_wrong_reason": scen(JUMPERS, choices=[MOVE10, C("jump")], dice=[D(3, "a", "overtake")],
                                 obstacles=[HEDGE()]),
    "d6_face_7": scen(JUMPERS, choices=[MOVE10, C("jump")], dice=[7], obstacles=[HEDGE()]),
    "d3_face_4": scen(RIVALS, choices=[MOVE10], dice=[D(6, "a", "overtake"), D(4, "a", "slipstream")]),
    "ran_out_of_dice": scen(JUMPERS, choices=[MOVE10, C("jump")], obstacles=[HEDGE()], run_until="phase_end"),
    "ran_out_of_dice_before_choices": scen(JUMPERS, choices=[MOVE10, C("jump"), C("move", racer="b", distance=1)],
                                           obstacles=[HEDGE()]),
    "ran_out_of_choices": scen(JUMPERS, choices=[MOVE10], run_until="phase_end"),
    "wrong_player_asserted": scen(JUMPERS, choices=[{**MOVE10, "player": "blue"}]),
    # movement
    "move_beyond_allowance": scen(JUMPERS, choices=[C("move", racer="a", heading=0, distance=11, stamina=0)]),
    "move_beyond_allowance_less_penalty": scen(with_racer(JUMPERS, 0, penalty_accrued=4),
                                               choices=[C("move", racer="a", heading=0, distance=7, stamina=0)]),
    "move_more_stamina_than_left": scen(with_racer(JUMPERS, 0, stamina=1),
                                        choices=[C("move", racer="a", heading=0, distance=12)]),
    "move_other_players_racer": scen(JUMPERS, choices=[C("move", racer="b", heading=0, distance=5)]),
    "move_locked_out_racer": scen(with_racer(JUMPERS, 0, lockout="turn"),
                                  choices=[C("move", racer="a", heading=0, distance=5)]),
    "move_twice": scen(JUMPERS, choices=[C("move", racer="a", heading=0, distance=5),
                                         C("move", racer="b", heading=0, distance=5),
                                         C("move", racer="a", heading=0, distance=5)]),
    "stamina_legs_straight_only": scen(JUMPERS, options={"stamina_turns": "straight_only"},
                                       choices=[C("move", racer="a", heading=0, distance=10,
                                                  legs=[{"heading": 90, "distance": 2}])]),
    "forced_overtake_cannot_stop": scen(RIVALS, choices=[MOVE10, C("stop")]),
    "extend_beyond_slipstream": scen(RIVALS, choices=[MOVE10, C("extend", inches=2.5)],
                                     dice=[D(6, "a", "overtake"), D(2, "a", "slipstream")]),
    # favour
    "favour_plus_on_a_six": scen(with_racer(JUMPERS, 0, favour=1), choices=[MOVE10, C("jump"), C("favour_plus")],
                                 dice=[D(6, "a", "jump")], obstacles=[HEDGE()]),
    "favour_minus_on_a_one": scen(with_racer(JUMPERS, 0, favour=1), choices=[MOVE10, C("jump"), C("favour_minus")],
                                  dice=[D(1, "a", "jump")], obstacles=[HEDGE()]),
    "favour_plus_on_d3_three": scen([R("a", "red", 50, 0, favour=1), R("b", "blue", 50, 8)], phase="spur_whip",
                                    step=UNB, choices=[C("keep"), C("keep"), C("favour_plus")],
                                    dice=[D(3, "a", "unbalanced"), D(2, "a", "whoa_direction"),
                                          D(3, "a", "whoa_distance")]),
    "favour_without_points": scen(JUMPERS, choices=[MOVE10, C("jump"), C("reroll")], dice=[D(1, "a", "jump"),
                                                                                          D(4, "a", "strength_hit")],
                                  obstacles=[HEDGE()]),
    "favour_second_in_a_turn": scen(with_racer(JUMPERS, 0, favour=1, favour_used=True),
                                    choices=[MOVE10, C("jump"), C("reroll")],
                                    dice=[D(1, "a", "jump"), D(4, "a", "strength_hit")], obstacles=[HEDGE()]),
    "favour_after_reroll": scen(with_racer(JUMPERS, 0, favour=2), choices=[MOVE10, C("jump"), C("reroll"),
                                                                           C("favour_plus")],
                                dice=[D(1, "a", "jump"), D(1, "a", "jump"), D(4, "a", "strength_hit")],
                                obstacles=[HEDGE()]),
    "favour_on_rivals_barge_chart": scen([R("a", "red", 50, 0), R("b", "blue", 50, 0.981, favour=1)],
                                         phase="barge", step={"kind": "barge_chart", "racer": "a", "target": "b"},
                                         choices=[C("favour_minus")], dice=[D(5, "a", "barge")]),
    "priority_second_favour_same_player": {
        **scen([R("a", "red", 15, 0, favour=1), R("a2", "red", 15, 4, favour=1), R("b", "blue", 15, 8)],
               choices=[C("favour_plus", racer="a"), C("favour_plus", racer="a2")],
               dice=[D(3, "red", "priority"), D(4, "blue", "priority"), D(1, "red", "priority"),
                     D(2, "blue", "priority")]),
        "start": {"phase": "priority", "turn": 2, "priority": ["red", "blue"]}},
    # spur and whip
    "whip_own_racers_rider": scen([R("a", "red", 50, 0), R("a2", "red", 50, 1.5), R("b", "blue", 50, 8)],
                                  phase="spur_whip", choices=[C("whip", racer="a", target="a2", mode="rider")]),
    "whip_out_of_reach": scen([R("a", "red", 50, 0), R("b", "blue", 50, 2.05)], phase="spur_whip",
                              choices=[WHIP_RIDER]),
    "whip_twice_one_per_turn": scen(WHIPPERS, phase="spur_whip", choices=[WHIP_RIDER, WHIP_RIDER],
                                    dice=[D(3, "a", "whip"), D(3, "a", "whip")]),
    "whip_without_a_whip": scen(with_racer(WHIPPERS, 0, has_whip=False), phase="spur_whip", choices=[WHIP_RIDER]),
    "whip_after_numb": scen(WHIPPERS, phase="spur_whip", choices=[C("spur", racer="a"), WHIP_RIDER],
                            dice=[D(2, "a", "spur")]),
    "spur_after_disaster": scen(WHIPPERS, phase="spur_whip", choices=[WHIP_RIDER, C("spur", racer="a")],
                                dice=[D(1, "a", "whip")]),
    "spur_twice": scen(WHIPPERS, phase="spur_whip", choices=[C("spur", racer="a"), C("yah", inches=0),
                                                             C("spur", racer="a")], dice=[D(4, "a", "spur")]),
    "spur_locked_out": scen(with_racer(WHIPPERS, 0, lockout="turn"), phase="spur_whip",
                            choices=[C("spur", racer="a")]),
    "whip_locked_out": scen(with_racer(WHIPPERS, 0, lockout="phase"), phase="spur_whip", choices=[WHIP_RIDER]),
    "yah_more_than_an_inch": scen(WHIPPERS, phase="spur_whip", choices=[C("spur", racer="a"), C("yah", inches=1.5)],
                                  dice=[D(4, "a", "spur")]),
    "yah_heading_when_straight": scen(WHIPPERS, phase="spur_whip",
                                      choices=[C("spur", racer="a"), C("yah", inches=1, heading=270)],
                                      dice=[D(4, "a", "spur")]),
    # barge
    "barge_out_of_range": scen([R("a", "red", 50, 0), R("b", "blue", 57, 0)], phase="barge", choices=[BARGE]),
    "barge_by_barged_racer": scen(with_racer(BARGERS, 0, barged=True), phase="barge", choices=[BARGE]),
    "barge_after_barging": scen(with_racer(BARGERS, 0, has_barged=True), phase="barge", choices=[BARGE]),
    "barge_locked_out": scen(with_racer(BARGERS, 0, lockout="phase"), phase="barge", choices=[BARGE]),
    "barge_path_needs_jump": scen(BARGERS + [R("a2", "red", 50, 6)], phase="barge", choices=[BARGE],
                                  obstacles=[HEDGE(x=50, y=1.5, rot=0, length=3)]),
    "barge_a_friend": scen([R("a", "red", 50, 0), R("a2", "red", 50, 3), R("b", "blue", 50, -3)], phase="barge",
                           choices=[C("barge", racer="a", target="a2")]),
    "stamina_move_locked_out": scen(with_racer(BARGERS, 0, lockout="turn"), phase="barge",
                                    choices=[C("stamina_move", racer="a", legs=[{"heading": 0, "distance": 1}])]),
    "free_move_longer_than_gap": scen(BARGERS, phase="barge",
                                      choices=[BARGE, C("free_move", heading=0, distance=2.5)],
                                      dice=[D(2, "a", "rolloff"), D(5, "b", "rolloff")]),
    "free_move_longer_than_die": scen(BARGERS, phase="barge", options={"barge_free_move": "die_score"},
                                      choices=[BARGE, C("free_move", heading=0, distance=5.5)],
                                      dice=[D(2, "a", "rolloff"), D(5, "b", "rolloff")]),
    "free_move_away_from_finish": scen(BARGERS, phase="barge",
                                       choices=[BARGE, C("free_move", heading=180, distance=1)],
                                       dice=[D(2, "a", "rolloff"), D(5, "b", "rolloff")]),
    "free_move_after_losing_as_attacker": scen(BARGERS, phase="barge", obstacles=[ROCK(90, -10)],
                                               choices=[BARGE, C("free_move", heading=0, distance=1)],
                                               dice=[D(5, "a", "rolloff"), D(2, "b", "rolloff"),
                                                     D(5, "a", "barge")]),
    "contact_barge_without_contact": scen([R("a", "red", 50, 0), R("b", "blue", 50, 0.981)], phase="barge",
                                          choices=[C("contact_barge", racer="a", target="b")]),
    # scenery
    "obstacle_toward_finish": scen(SCENERY_RACERS, phase="scenery", obstacles=[ROCK(70, 0)],
                                   choices=[C("move_obstacle", obstacle="rock", dx=1, dy=0)]),
    "obstacle_diagonally_forward": scen(SCENERY_RACERS, phase="scenery", obstacles=[ROCK(70, 0)],
                                        choices=[C("move_obstacle", obstacle="rock", dx=1, dy=2)]),
    "obstacle_more_than_3": scen(SCENERY_RACERS, phase="scenery", obstacles=[ROCK(70, 0)],
                                 choices=[C("move_obstacle", obstacle="rock", dx=-2.5, dy=-2)]),
    "obstacle_moved_already": scen(SCENERY_RACERS, phase="scenery",
                                   obstacles=[{**ROCK(70, 0), "moved": True}, ROCK(80, 0, id="rock2")],
                                   choices=[C("move_obstacle", obstacle="rock", dx=-1, dy=0)]),
    "obstacle_moved_by_both_players": scen(SCENERY_RACERS, phase="scenery",
                                           obstacles=[ROCK(70, 0), ROCK(80, 0, id="rock2")],
                                           choices=[C("move_obstacle", obstacle="rock", dx=-1, dy=0),
                                                    C("move_obstacle", obstacle="rock", dx=-1, dy=0)]),
    "recycled_obstacle_moved": scen(SCENERY_RACERS, phase="scenery", obstacles=[HEDGE(), ROCK(44, -8)],
                                    choices=[C("recycle", obstacle="hedge", x=60, y=0),
                                             C("move_obstacle", obstacle="hedge", dx=-1, dy=0)]),
    "recycle_too_close_to_leader": scen(SCENERY_RACERS, phase="scenery", obstacles=[HEDGE(), ROCK(44, -8)],
                                        choices=[C("recycle", obstacle="hedge", x=51, y=0)]),
    # issue 12, fault 7: beyond the leader AND every other obstacle, not merely 6" from each
    "recycle_short_of_an_obstacle_further_up": scen(SCENERY_RACERS, phase="scenery", obstacles=[HEDGE(), ROCK(70, 0)],
                                                    choices=[C("recycle", obstacle="hedge", x=60, y=0)]),
    "recycle_too_close_to_obstacle": scen(SCENERY_RACERS, phase="scenery", obstacles=[HEDGE(), ROCK(64, 0)],
                                          choices=[C("recycle", obstacle="hedge", x=60, y=0)]),
    "recycle_behind_leader": scen([R("a", "red", 40, 0), R("b", "blue", 60, 0)], phase="scenery",
                                  obstacles=[HEDGE(), ROCK(44, -8)],
                                  choices=[C("recycle", obstacle="hedge", x=48, y=6)]),
    "leave_when_recycling_always": scen(SCENERY_RACERS, phase="scenery", obstacles=[HEDGE(), ROCK(44, -8)],
                                        choices=[C("leave", obstacle="hedge")]),
    "dodge_further_than_stamina": scen([R("a", "red", 30, 8), R("b", "blue", 52, 0, stamina=2)], phase="scenery",
                                       obstacles=[ROCK(52, 3.5)],
                                       choices=[C("move_obstacle", obstacle="rock", dx=0, dy=-3),
                                                C("dodge", legs=[{"heading": 0, "distance": 3}])]),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_scenario_is_refused(name: str) -> None:
    data = copy.deepcopy(BAD[name])
    with pytest.raises(BadInput):
        sc = load_scenario(data, f"{name}.json")
        run_scenario(sc)


def test_bad_base_scenarios_are_otherwise_good() -> None:
    """The bad cases are small edits of scenarios that do load and run."""
    good = [
        scen(JUMPERS, choices=[MOVE10, C("jump")], dice=[D(3, "a", "jump")], obstacles=[HEDGE()]),
        scen(WHIPPERS, phase="spur_whip", choices=[WHIP_RIDER], dice=[D(3, "a", "whip")]),
        scen(BARGERS, phase="barge", choices=[BARGE, C("free_move", heading=0, distance=2)],
             dice=[D(2, "a", "rolloff"), D(5, "b", "rolloff")]),
        scen(SCENERY_RACERS, phase="scenery", obstacles=[HEDGE(), ROCK(44, -8)],
             choices=[C("recycle", obstacle="hedge", x=60, y=0), C("move_obstacle", obstacle="rock", dx=-1, dy=0)]),
    ]
    for data in good:
        assert run_scenario(load_scenario(data, "good.json")).ok


def _cli(path: pathlib.Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONHASHSEED="0")
    return subprocess.run([sys.executable, "-m", "game", "scenario", str(path)], capture_output=True, text=True,
                          cwd=ROOT, env=env)


def test_cli_exit_codes(tmp_path: pathlib.Path) -> None:
    good = FIXTURES / "jump_6_leap.json"
    assert _cli(good).returncode == 0
    failing = json.loads(good.read_text())
    failing["expect"]["state"]["racers.a.favour"] = 2
    f = tmp_path / "failing.json"
    f.write_text(json.dumps(failing))
    out = _cli(f)
    assert out.returncode == 1
    assert "racers.a.favour" in out.stdout
    bad = dict(failing, colour="red")
    b = tmp_path / "bad.json"
    b.write_text(json.dumps(bad))
    out = _cli(b)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1
    assert "colour" in out.stderr
    wrong_die = json.loads(good.read_text())
    wrong_die["dice"] = [{"value": 6, "for": "b", "reason": "jump"}]
    w = tmp_path / "wrong_die.json"
    w.write_text(json.dumps(wrong_die))
    out = _cli(w)
    assert out.returncode == 2
    assert "dice[0]" in out.stderr
