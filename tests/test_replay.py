"""Replays (issue 7, docs/replay-format.md): the golden games' replays reproduce
their state hashes, `python -m game replay FILE --check` reports a mismatch by turn
and a bad file in one line, and `simulate --replay-out` writes checkable replays.

After an intended rules change (with tools/golden.py), rewrite the golden replays:

    python tests/test_replay.py --write
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
from typing import Any

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.cli import main  # noqa: E402
from game.levels.course import load_course  # noqa: E402
from game.core.driver import play  # noqa: E402
from game.core.record import SeatRecord  # noqa: E402
from game.save import RecordedGame, check_replay, read_replay, start_game  # noqa: E402
from game.save.files import dumps  # noqa: E402
from game.save.replay import replay_document  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"
WILD_SEEDS = (1, 2)  # tools/golden.py SEEDS
DOOM_SEEDS = (1,)


def golden_wild(seed: int) -> RecordedGame:
    """The golden game of tools/golden.py (2 players x 2 racers, greedy, sample sprint), recorded."""
    from game.rules.wild_race import RaceSetup, new_state
    from game.sim import agent_seed, make_agents
    course = load_course(ROOT / "levels" / "wild_race" / "sample_sprint.json")
    players = (("red", "Red"), ("blue", "Blue"))
    st = new_state(RaceSetup(course, players, 2, seed))
    rg = start_game(st, [SeatRecord(p, n, "greedy", agent_seed(seed, i)) for i, (p, n) in enumerate(players)])
    play(rg.rules, rg.state, make_agents("greedy", ["red", "blue"], seed))
    return rg


def golden_doom(seed: int) -> RecordedGame:
    """A Doomwheel game: figure of eight, 2 random wheels, one lap, 20 turns at most."""
    from game.ai.agents import make_agent
    from game.rules.doomwheel import DoomSetup, new_state
    from game.rules.doomwheel.options import parse_options
    course = load_course(ROOT / "levels" / "doomwheel" / "figure_of_eight.json")
    players = (("red", "Red"), ("blue", "Blue"))
    st = new_state(DoomSetup(course, players, seed), parse_options({"laps": 1, "turn_cap": 20}))
    seats = [SeatRecord(p, n, "random", seed * 1009 + i * 7919 + 1) for i, (p, n) in enumerate(players)]
    rg = start_game(st, seats)
    play(rg.rules, rg.state, {s.player: make_agent("random", int(s.seed or 0), ruleset="doomwheel") for s in seats})
    return rg


def golden_files() -> dict[str, Any]:
    out: dict[str, Any] = {f"wild-race-{s}.replay.json": (golden_wild, s) for s in WILD_SEEDS}
    out.update({f"doomwheel-{s}.replay.json": (golden_doom, s) for s in DOOM_SEEDS})
    return out


def golden_text(name: str) -> str:
    make, seed = golden_files()[name]
    return dumps(replay_document([make(seed)]))


@pytest.mark.parametrize("name", sorted(golden_files()))
def test_golden_replay_reproduces_its_hashes(name: str) -> None:
    rep, problems = check_replay(str(GOLDEN / name))
    assert problems == []
    g = rep.games[0]
    assert sorted(g.record.turn_hashes()) == list(range(g.turns + 1)), "a state hash for every turn"


@pytest.mark.parametrize("name", sorted(golden_files()))
def test_golden_replay_is_what_the_game_records_now(name: str) -> None:
    assert (GOLDEN / name).read_text() == golden_text(name), "rewrite with: python tests/test_replay.py --write"


HEAD = re.compile(r"^\d+ T\d+ \S+ (chance|(\S+) \[\d+ legal\]): (.*)$")


@pytest.mark.parametrize("seed", WILD_SEEDS)
def test_golden_replay_follows_the_golden_transcript(seed: int) -> None:
    """The replay's choices and dice are the ones tools/golden.py printed."""
    steps = []
    for line in (GOLDEN / f"wild-race-{seed}.txt").read_text().splitlines():
        m = HEAD.match(line)
        if m:
            steps.append(("@chance" if m.group(1) == "chance" else m.group(2), m.group(3)))
    rep = read_replay(str(GOLDEN / f"wild-race-{seed}.replay.json"))
    assert [(e.actor, str(e.choice)) for e in rep.games[0].record.history] == steps


@pytest.mark.parametrize("name", ["wild-race-2.replay.json", "doomwheel-1.replay.json"])
def test_replay_player_steps_and_seeks_any_way(name: str) -> None:
    from game.core.record import state_digest
    from game.save.replay import ReplayPlayer
    g = read_replay(str(GOLDEN / name)).games[0]
    player = ReplayPlayer(g.record)
    n = 0
    while not player.done:
        player.step()
        n += 1
    assert n == len(g.record.history) and state_digest(player.state) == g.final_hash
    hashes = g.record.turn_hashes()
    for turn in (3, 1, g.turns, 0, 2):
        player.seek_turn(turn)
        assert player.turn == turn and state_digest(player.state) == hashes[turn]
    player.seek(len(g.record.history))
    assert state_digest(player.state) == g.final_hash
    player.seek(5)
    assert player.pos == 5


# --------------------------------------------------------------------------- the command

def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_check_exit_codes(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = GOLDEN / "wild-race-1.replay.json"
    code, out, err = run(["replay", str(good), "--check"], capsys)
    assert code == 0 and "ok" in out and err == ""
    doc = json.loads(good.read_text())
    doc["games"][0]["record"]["checkpoints"][4][2] = "0" * 24
    bad_hash = tmp_path / "bad-hash.replay.json"
    bad_hash.write_text(json.dumps(doc))
    code, out, err = run(["replay", str(bad_hash), "--check"], capsys)
    assert code == 1 and len(err.strip().splitlines()) == 2
    edited, differs = err.strip().splitlines()
    assert edited.endswith("game 1: the checkpoints were edited (their digest no longer matches)")
    assert "turn 4" in differs and "hash differs" in differs
    dice = [k for k, e in enumerate(json.loads(good.read_text())["games"][0]["record"]["history"])
            if "chance" in e and e["chance"]["value"] < 6]
    for i in dice[:12]:  # a die that fell otherwise sends the game elsewhere (some dice change nothing)
        doc = json.loads(good.read_text())
        doc["games"][0]["record"]["history"][i]["chance"]["value"] += 1
        other_die = tmp_path / "die.replay.json"
        other_die.write_text(json.dumps(doc))
        code, out, err = run(["replay", str(other_die), "--check"], capsys)
        if re.search(r"game 1: turn \d+", err):
            break
    assert code == 1 and re.search(r"game 1: turn \d+", err)
    truncated = tmp_path / "cut.replay.json"
    truncated.write_bytes(good.read_bytes()[:500])
    code, out, err = run(["replay", str(truncated), "--check"], capsys)
    assert code == 2 and err.count("\n") == 1 and "truncated" in err
    code, out, err = run(["replay", str(tmp_path / "none.json"), "--check"], capsys)
    assert code == 2 and "file not found" in err
    doc = json.loads(good.read_text())
    doc["kind"] = "save"
    save_kind = tmp_path / "save-kind.json"
    save_kind.write_text(json.dumps(doc))
    code, out, err = run(["replay", str(save_kind), "--check"], capsys)
    assert code == 2 and "not a replay" in err
    doc["kind"], doc["format"] = "replay", 7
    save_kind.write_text(json.dumps(doc))
    code, out, err = run(["replay", str(save_kind), "--check"], capsys)
    assert code == 2 and "format 7" in err


# --------------------------------------------------------------------------- simulate --replay-out

def test_simulate_writes_a_replay_and_prints_the_same(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "wild-race", "--players", "3", "--racers-per-player", "1", "--seed", "9"]
    code, plain, _ = run(args, capsys)
    out = tmp_path / "r.json"
    code2, with_replay, _ = run(args + ["--replay-out", str(out)], capsys)
    assert code == code2 == 0 and plain == with_replay
    rep, problems = check_replay(str(out))
    assert problems == [] and len(rep.games) == 1
    assert rep.games[0].record.setup.seats[2].kind == "greedy"


def test_simulate_grand_prix_writes_every_race_in_one_replay(tmp_path: pathlib.Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "gp.json"
    code, text, _ = run(["simulate", "wild-race", "--players", "2", "--racers-per-player", "1", "--seed", "4",
                         "--grand-prix", "3", "--option", "gp_carry_favour=yes", "--replay-out", str(out)], capsys)
    assert code == 0
    rep, problems = check_replay(str(out))
    assert problems == [] and len(rep.games) == 3
    assert set(rep.series) == {"points", "teams", "most_lives_taken"}
    assert [g.record.setup.seed for g in rep.games] == [4, 100007, 200010]


def test_simulate_doomwheel_writes_a_replay(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "d.json"
    code, _, _ = run(["simulate", "doomwheel", "--players", "2", "--seed", "3", "--option", "turn_cap=6",
                      "--replay-out", str(out)], capsys)
    assert code == 0
    rep, problems = check_replay(str(out))
    assert problems == [] and rep.games[0].record.setup.ruleset == "doomwheel"


def test_replay_out_to_a_folder_is_one_line(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["simulate", "wild-race", "--players", "2", "--racers-per-player", "1",
                        "--replay-out", str(tmp_path)], capsys)
    assert code == 2 and "folder" in err and err.count("\n") == 1


def test_replays_are_byte_identical_across_processes_and_hash_seeds(tmp_path: pathlib.Path) -> None:
    texts = []
    for i, seed in enumerate(("0", "77")):
        out = tmp_path / f"r{i}.json"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run([sys.executable, "-m", "game", "simulate", "wild-race", "--players", "2",
                        "--racers-per-player", "2", "--seed", "5", "--replay-out", str(out)],
                       cwd=ROOT, env=env, check=True, capture_output=True)
        texts.append(out.read_bytes())
    assert texts[0] == texts[1]


def test_mypy_clean_on_the_save_package_and_report() -> None:
    """tests/test_typing.py covers game/core; the save package and the report too."""
    pytest.importorskip("mypy")
    out = subprocess.run([sys.executable, "-m", "mypy", "game/save", "game/core/record.py", "game/core/paths.py",
                          "game/ui/report.py", "--ignore-missing-imports", "--follow-imports=silent",
                          "--no-error-summary"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr


def write_golden() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name in sorted(golden_files()):
        tmp = GOLDEN / (name + ".tmp")
        tmp.write_text(golden_text(name))
        shutil.move(str(tmp), str(GOLDEN / name))
        print(f"wrote tests/golden/{name}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write_golden()
    else:
        print(__doc__)

