"""The command line: simulate is byte-identical for the same arguments (also under
different PYTHONHASHSEED values); bad input exits 2 with one line."""

import json
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run(*args: str, hashseed: str = "0") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, cwd=ROOT, env=env)


def test_simulate_is_byte_identical_across_hash_seeds() -> None:
    args = ("simulate", "wild-race", "--players", "3", "--racers-per-player", "2", "--seed", "11", "--json")
    a = run(*args, hashseed="1")
    b = run(*args, hashseed="12345")
    assert a.returncode == 0, a.stderr
    assert a.stdout == b.stdout
    doc = json.loads(a.stdout)
    race = doc["races"][0]
    assert len(race["order"]) == 6
    assert race["turns"] >= 1


def test_simulate_text_lists_every_racer() -> None:
    out = run("simulate", "wild-race", "--players", "2", "--racers-per-player", "3", "--seed", "5")
    assert out.returncode == 0, out.stderr
    lines = [ln for ln in out.stdout.splitlines() if ln.strip()[:3].strip().rstrip(".").isdigit()]
    assert len(lines) == 6
    assert "lives taken" in out.stdout and "stamina used" in out.stdout and "favour used" in out.stdout


def test_grand_prix_prints_standings() -> None:
    out = run("simulate", "wild-race", "--players", "2", "--racers-per-player", "1", "--seed", "2",
              "--grand-prix", "2", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert len(doc["races"]) == 2
    gp = doc["grand_prix"]
    assert sum(gp["teams"].values()) == sum(gp["points"].values())


def test_unknown_option_is_one_line_exit_2() -> None:
    out = run("simulate", "wild-race", "--option", "no_such=1")
    assert out.returncode == 2
    assert "no_such" in out.stderr and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_bad_option_value_exit_2() -> None:
    out = run("simulate", "wild-race", "--option", "recycling=sometimes")
    assert out.returncode == 2 and "recycling" in out.stderr


def test_missing_course_file_exit_2(tmp_path: pathlib.Path) -> None:
    out = run("simulate", "wild-race", "--course", str(tmp_path / "nope.json"))
    assert out.returncode == 2 and "nope.json" in out.stderr and "Traceback" not in out.stderr


def test_too_many_racers_exit_2() -> None:
    out = run("simulate", "wild-race", "--players", "5", "--racers-per-player", "3")
    assert out.returncode == 2 and "racers" in out.stderr


def test_malformed_scenario_exit_2(tmp_path: pathlib.Path) -> None:
    p = tmp_path / "bad.json"
    p.write_text('{"format": 1, "kind": "scenario", "ruleset": "wild-race", "course": {"centre": [[0,0],[80,0]], '
                 '"width": 24}, "racers": [{"id": "a", "player": "red", "x": 5}]}')
    out = run("scenario", str(p))
    assert out.returncode == 2
    assert "racers[0].y" in out.stderr and "Traceback" not in out.stderr


def test_not_json_scenario_exit_2(tmp_path: pathlib.Path) -> None:
    p = tmp_path / "bad.json"
    p.write_text("{not json")
    out = run("scenario", str(p))
    assert out.returncode == 2 and "bad.json" in out.stderr


def test_a_doomwheel_course_is_refused_by_the_wild_race_commands() -> None:
    track = "levels/doomwheel/figure_of_eight.json"
    for args in (("simulate", "wild-race", "--course", track), ("arena", "--races", "2", "--course", track)):
        r = run(*args)
        assert r.returncode == 2 and r.stdout == ""
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(track + ": ruleset:"), r.stderr


def test_simulate_doomwheel_is_deterministic_and_scenarios_dispatch_by_ruleset() -> None:
    a = run("simulate", "doomwheel", "--players", "2", "--seed", "5", "--json")
    b = run("simulate", "doomwheel", "--players", "2", "--seed", "5", "--json", hashseed="77")
    assert a.returncode == 0 and a.stdout == b.stdout
    doc = json.loads(a.stdout)
    assert doc["ruleset"] == "doomwheel" and doc["race"]["over"] and doc["race"]["winner"] in ("red", "blue")
    bad = run("simulate", "doomwheel", "--agent", "wizard")  # (the agents: game.ai.agents.known_agents)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1
    # the command line dispatches a file by its "ruleset" (every file also runs in-process
    # in tests/test_doomwheel_scenarios.py; a process each would cost 20 s here)
    for f in sorted(pathlib.Path("tests/scenarios/doomwheel").glob("*.json"))[::25]:
        r = run("scenario", str(f))
        assert r.returncode == 0, r.stdout + r.stderr
        assert "wheels" in run("scenario", str(f), "--json").stdout


def test_simulate_players_out_of_range_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate doomwheel --players 9` raised an IndexError (seats were named before
    the field was checked); 1 named options.players instead of --players."""
    from game.cli import main
    for ruleset, n in (("doomwheel", 9), ("doomwheel", 1), ("wild-race", 9), ("wild-race", 0)):
        assert main(["simulate", ruleset, "--players", str(n)]) == 2
        err = capsys.readouterr().err.strip()
        assert err.count("\n") == 0 and "players" in err and "options" not in err, err


def test_each_ruleset_has_its_own_simulate_options(capsys: pytest.CaptureFixture[str]) -> None:
    # `simulate <name>` reads the shared options and its registration's own (simulate_args):
    # the race-only ones show and parse for the Wild Race only
    from game.cli import main

    def helped(ruleset: str) -> str:
        with pytest.raises(SystemExit) as e:
            main(["simulate", ruleset, "--help"])
        assert e.value.code == 0
        return capsys.readouterr().out
    wild, doom = helped("wild-race"), helped("doomwheel")
    for race_only in ("--racers-per-player", "--grand-prix"):
        assert race_only in wild and race_only not in doom
    for shared in ("--course", "--players", "--seed", "--agent", "--option", "--json", "--replay-out"):
        assert shared in wild and shared in doom
    assert "docs/doomwheel-rules.md" in doom and "docs/wild-race-rules.md" not in doom
    assert main(["simulate", "doomwheel", "--seed", "1", "--grand-prix", "2"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["simulate: --grand-prix: the Doomwheel Race has no such option "
                   "(python -m game simulate doomwheel --help)"]
