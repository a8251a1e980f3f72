"""The arena command: head-to-head win rates with intervals, deterministic per seed,
seat order swapped; bad agents exit 2."""

from __future__ import annotations

import json

import pytest

from game.arena import wilson
from game.cli import main


def arena(capsys: pytest.CaptureFixture[str], *args: str) -> dict:  # type: ignore[type-arg]
    assert main(["arena", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_arena_json_has_the_promised_fields_and_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    a = arena(capsys, "--a", "greedy", "--b", "random", "--races", "12", "--seed", "3")
    for key in ("a", "b", "races", "a_win_rate", "a_win_ci", "mean_decision_ms"):
        assert key in a
    assert a["races"] == 12 and 0.0 <= a["a_win_rate"] <= 1.0
    lo, hi = a["a_win_ci"]
    assert lo <= a["a_win_rate"] <= hi
    assert set(a["mean_decision_ms"]) == {"greedy", "random"}
    b = arena(capsys, "--a", "greedy", "--b", "random", "--races", "12", "--seed", "3")
    timing = ("mean_decision_ms", "median_decision_ms", "p95_decision_ms")
    assert {k: v for k, v in a.items() if k not in timing} == {k: v for k, v in b.items() if k not in timing}


def test_greedy_beats_random_most_of_the_time(capsys: pytest.CaptureFixture[str]) -> None:
    a = arena(capsys, "--a", "greedy", "--b", "random", "--races", "30", "--seed", "1")
    assert a["a_win_rate"] >= 0.7


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_unknown_agent_is_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--a", "wizard", "--races", "2"]) == 2
    assert "wizard" in capsys.readouterr().err


def test_arena_runs_every_shipped_course_by_default_in_seat_swapped_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    from game.arena import shipped_courses
    n = len(shipped_courses())
    a = arena(capsys, "--a", "easy", "--b", "random", "--races", str(2 * n), "--seed", "4")
    assert len(a["courses"]) == n
    assert all(row["races"] == 2 for row in a["courses"].values())
    for k in ("median_decision_ms", "p95_decision_ms"):
        assert set(a[k]) == {"easy", "random"}


def test_arena_course_can_be_repeated_and_jobs_are_checked(capsys: pytest.CaptureFixture[str]) -> None:
    a = arena(capsys, "--a", "greedy", "--b", "random", "--races", "4", "--seed", "2",
              "--course", "levels/wild_race/sprint.json", "--course", "levels/wild_race/bridge.json")
    assert set(a["courses"]) == {"Sprint", "The Narrow Bridge"}
    assert main(["arena", "--races", "2", "--jobs", "0"]) == 2
    assert "--jobs" in capsys.readouterr().err


# --- the Doomwheel Race ----------------------------------------------------------------

DOOM_SHORT = ("--ruleset", "doomwheel", "--option", "laps=1", "--option", "turn_cap=40")


def test_doomwheel_arena_json_has_the_promised_fields(capsys: pytest.CaptureFixture[str]) -> None:
    from game.arena import shipped_courses
    n = len(shipped_courses("doomwheel"))
    a = arena(capsys, *DOOM_SHORT, "--a", "easy", "--b", "random", "--races", str(2 * n), "--seed", "3")
    for key in ("ruleset", "a", "b", "races", "seed", "a_wins", "draws", "a_win_rate", "a_win_ci", "decisions",
                "mean_decision_ms", "median_decision_ms", "p95_decision_ms", "courses"):
        assert key in a, key
    assert a["ruleset"] == "doomwheel" and a["races"] == 2 * n
    assert 0 <= a["a_wins"] + a["draws"] <= a["races"]
    lo, hi = a["a_win_ci"]
    assert lo <= a["a_win_rate"] <= hi
    assert set(a["courses"]) == {"The Figure of Eight", "The Ratways"}  # every shipped course, in pairs
    assert all(row["races"] == 2 and {"a_wins", "draws"} <= set(row) for row in a["courses"].values())
    for k in ("mean_decision_ms", "median_decision_ms", "p95_decision_ms", "decisions"):
        assert set(a[k]) == {"easy", "random"}
    assert a["decisions"]["easy"] > 0


def test_doomwheel_arena_is_deterministic_per_seed(capsys: pytest.CaptureFixture[str]) -> None:
    timing = ("mean_decision_ms", "median_decision_ms", "p95_decision_ms")
    args = (*DOOM_SHORT, "--a", "normal", "--b", "easy", "--races", "2", "--seed", "5",
            "--course", "levels/doomwheel/the_ratways.json")
    a, b = arena(capsys, *args), arena(capsys, *args)
    assert {k: v for k, v in a.items() if k not in timing} == {k: v for k, v in b.items() if k not in timing}


@pytest.mark.slow
def test_doomwheel_normal_beats_random_clearly(capsys: pytest.CaptureFixture[str]) -> None:
    """One-lap races (to keep the suite quick; docs/ai.md has 3-lap results): 24
    races, seats swapped in pairs, both courses."""
    a = arena(capsys, *DOOM_SHORT, "--a", "normal", "--b", "random", "--races", "24", "--seed", "1", "--jobs", "2")
    assert a["a_win_rate"] >= 0.75, a


@pytest.mark.slow
def test_doomwheel_easy_beats_random(capsys: pytest.CaptureFixture[str]) -> None:
    a = arena(capsys, *DOOM_SHORT, "--a", "easy", "--b", "random", "--races", "16", "--seed", "2", "--jobs", "2")
    assert a["a_win_rate"] >= 0.6, a


def test_bad_ruleset_or_doomwheel_agent_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for args, word in ((["--ruleset", "chess"], "chess"), (["--ruleset", "doomwheel", "--a", "wizard"], "wizard"),
                       (["--ruleset", "doomwheel", "--option", "players=3"], "players"),
                       (["--ruleset", "doomwheel", "--option", "laps=x"], "laps"),
                       (["--ruleset", "doomwheel", "--course", "levels/wild_race/sprint.json"], "doomwheel")):
        assert main(["arena", *args, "--races", "2"]) == 2, args
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and word in err, (args, err)
