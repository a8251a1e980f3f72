"""Saves (issue 7): the game record and its state digest, save and load, the
autosave, resuming, and what a bad file or a killed writer leaves behind."""

from __future__ import annotations

import json
import os
import pathlib
import random
import signal
import subprocess
import sys
import time
from typing import Any

import pytest

from game.ai.agents import make_agent
from game.levels.course import load_course
from game.core.errors import BadInput
from game.core.protocol import CHANCE, TERMINAL
from game.core.driver import sample_chance
from game.core.record import SeatRecord, state_digest, state_tree
from game.rules.doomwheel import DoomSetup
from game.rules.doomwheel import new_state as doom_state
from game.rules.doomwheel.options import parse_options as doom_options
from game.rules.wild_race import RaceSetup
from game.rules.wild_race import new_state as wild_state
from game.rules.wild_race.options import parse_options as wild_options
from game.save import (RecordedGame, find_unfinished_autosave, load_game, restore_agent_states, save_game,
                       start_game, write_autosave)
from game.save import files as save_files

ROOT = pathlib.Path(__file__).resolve().parent.parent
SPRINT = load_course(ROOT / "levels" / "wild_race" / "sample_sprint.json")
EIGHT = load_course(ROOT / "levels" / "doomwheel" / "figure_of_eight.json")
PLAYERS = (("red", "Red"), ("blue", "Blue"))


def wild_game(seed: int, kind: str = "greedy", per: int = 1, turn_cap: int = 60) -> tuple[RecordedGame, dict[str, Any]]:
    st = wild_state(RaceSetup(SPRINT, PLAYERS, per, seed), wild_options({"turn_cap": turn_cap}))
    return _recorded(st, kind, seed, "wild_race")


def doom_game(seed: int, turn_cap: int = 4) -> tuple[RecordedGame, dict[str, Any]]:
    st = doom_state(DoomSetup(EIGHT, PLAYERS, seed), doom_options({"turn_cap": turn_cap, "laps": 1}))
    return _recorded(st, "random", seed, "doomwheel")


def _recorded(st: Any, kind: str, seed: int, ruleset: str) -> tuple[RecordedGame, dict[str, Any]]:
    seats = [SeatRecord(p, n, kind, seed * 10 + i) for i, (p, n) in enumerate(PLAYERS)]
    rg = start_game(st, seats)
    rg.agents = {s.player: make_agent(s.kind, int(s.seed or 0), ruleset=ruleset) for s in seats}
    return rg, rg.agents


def play_steps(rg: RecordedGame, agents: dict[str, Any], limit: int | None = None) -> int:
    """Play on (dice from the state's generator, agents for the players) for at most
    `limit` steps or to the end; returns the steps played."""
    n = 0
    rules = rg.rules
    while limit is None or n < limit:
        actor = rules.current_actor(rg.state)
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            choice = sample_chance(rules, rg.state)
        else:
            choice = agents[actor].act(rules.inner, rg.state, rules.legal_choices(rg.state))
        rules.apply(rg.state, choice)
        n += 1
    return n


def resumed(loaded: Any, ruleset: str) -> tuple[RecordedGame, dict[str, Any]]:
    """A loaded game going on: fresh agents from the saved seats, their generators
    restored from the save."""
    agents = {s.player: make_agent(s.kind, int(s.seed or 0), ruleset=ruleset) for s in loaded.seats if s.is_ai}
    restore_agent_states(agents, loaded.agents)
    assert loaded.game is not None
    return loaded.game, agents


# --------------------------------------------------------------------------- digest

def test_digest_rounds_to_a_micro_inch_and_covers_the_generator() -> None:
    rg, _ = wild_game(1)
    st = rg.state
    d0 = state_digest(st)
    c = st.clone()
    assert state_digest(c) == d0
    r = next(iter(c.racers.values()))
    r.x += 1e-9
    assert state_digest(c) == d0, "below 1e-6 the digest does not change"
    r.x += 2e-6
    assert state_digest(c) != d0
    c = st.clone()
    c.rng ^= 1
    assert state_digest(c) != d0, "the dice generator's state is part of the digest"
    c = st.clone()
    c.table = object()
    next(iter(c.racers.values())).shape_cache = ("anything",)
    assert state_digest(c) == d0, "the geometry mirror and caches are left out"
    assert "rng" in state_tree(st) and "course" not in state_tree(st)


DIGEST_SCRIPT = r"""
import sys
sys.path.insert(0, {root!r})
from tests.test_save import wild_game, doom_game, play_steps
from game.core.record import state_digest
out = []
for make in (wild_game, doom_game):
    rg, agents = make(3)
    play_steps(rg, agents, 60)
    out.append(state_digest(rg.state))
print(" ".join(out))
"""


def test_digest_does_not_depend_on_the_hash_seed() -> None:
    code = DIGEST_SCRIPT.format(root=str(ROOT))
    got = []
    for seed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        got.append(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env,
                                  check=True).stdout.strip())
    here = []
    for make in (wild_game, doom_game):
        rg, agents = make(3)
        play_steps(rg, agents, 60)
        here.append(state_digest(rg.state))
    assert got == [" ".join(here)] * 3


# --------------------------------------------------------------------------- save, load, play on

def _save_load_play_on(tmp_path: pathlib.Path, make: Any, ruleset: str, games: int, seed0: int) -> None:
    """Each game is saved at a random step (spread over the length of the game before
    it), played on to its end, then loaded and played on again: the same game."""
    rnd = random.Random(seed0)
    path = str(tmp_path / "game.json")
    length = 100
    for k in range(games):
        rg, agents = make(seed0 + k)
        at = play_steps(rg, agents, rnd.randint(0, length))
        save_game(path, rg)  # agents' generators saved too
        saved_hash = state_digest(rg.state)
        length = at + play_steps(rg, agents)  # the uninterrupted game
        loaded = load_game(path)
        assert state_digest(loaded.state) == saved_hash
        game, agents2 = resumed(loaded, ruleset)
        play_steps(game, agents2)
        assert state_digest(game.state) == state_digest(rg.state), f"game {seed0 + k}, saved at step {at}"
        assert game.ruleset.outcome(game.state) == rg.ruleset.outcome(rg.state)
        assert game.record.to_json()["history"] == rg.record.to_json()["history"]


# 40 games each in `make test`; the 200 each behind the slow marker (`make test-slow`, CI)
SOAK = [40, pytest.param(200, marks=pytest.mark.slow)]


@pytest.mark.parametrize("games", SOAK)
def test_wild_race_saved_anywhere_plays_on_as_if_never_stopped(tmp_path: pathlib.Path, games: int) -> None:
    def make(seed: int) -> Any:
        return wild_game(seed, "greedy" if seed % 2 else "random", per=1 + seed % 2, turn_cap=12)
    _save_load_play_on(tmp_path, make, "wild_race", games, 1000)


@pytest.mark.parametrize("games", SOAK)
def test_doomwheel_saved_anywhere_plays_on_as_if_never_stopped(tmp_path: pathlib.Path, games: int) -> None:
    _save_load_play_on(tmp_path, lambda seed: doom_game(seed, turn_cap=2), "doomwheel", games, 5000)


def test_a_save_holds_seats_snapshot_and_exact_floats(tmp_path: pathlib.Path) -> None:
    rg, agents = wild_game(4, per=2)
    play_steps(rg, agents, 40)
    path = tmp_path / "s.json"
    save_game(str(path), rg, extra={"series": {"race": 2}})
    doc = json.loads(path.read_text())
    assert doc["format"] == 2 and doc["kind"] == "save"
    assert doc["state"]["rng"] == rg.state.rng
    assert [s["kind"] for s in doc["record"]["setup"]["seats"]] == ["greedy", "greedy"]
    assert doc["record"]["setup"]["course"]["name"] == SPRINT.name
    assert set(doc["agents"]) == {"red", "blue"}
    loaded = load_game(str(path))
    assert loaded.extra == {"series": {"race": 2}}
    assert loaded.specs == {"red": ("greedy", 40), "blue": ("greedy", 41)}
    assert loaded.state.racers["red-1"].x == rg.state.racers["red-1"].x  # exact, not rounded
    assert len(loaded.events) > 0


# --------------------------------------------------------------------------- bad files

def _good_save(tmp_path: pathlib.Path) -> tuple[pathlib.Path, dict[str, Any]]:
    rg, agents = wild_game(7)
    play_steps(rg, agents, 30)
    path = tmp_path / "good.json"
    save_game(str(path), rg)
    return path, json.loads(path.read_text())


def _write(tmp_path: pathlib.Path, name: str, data: bytes | str | dict[str, Any]) -> pathlib.Path:
    """A file with `data`; a save document is sealed again (its digest recomputed, as a
    tool that knows the format would), so the checks behind the digest are tested."""
    p = tmp_path / name
    if isinstance(data, dict):
        if "digest" in data:
            from game.save.digest import save_digest
            data["digest"] = save_digest(data)
        data = json.dumps(data)
    p.write_bytes(data.encode() if isinstance(data, str) else data)
    return p


def _bad_files(tmp_path: pathlib.Path) -> list[tuple[pathlib.Path, str, str]]:
    """(file, field the error names, words in the reason)."""
    good, doc = _good_save(tmp_path)
    text = good.read_bytes()
    out = [(_write(tmp_path, "truncated.json", text[: len(text) // 2]), "", "truncated"),
           (_write(tmp_path, "empty.json", b""), "", "empty file"),
           (_write(tmp_path, "binary.json", bytes(range(256)) * 4), "", "not UTF-8")]
    doc2 = json.loads(text)
    doc2["format"] = 3
    out.append((_write(tmp_path, "future.json", doc2), "format", "newer than this program"))
    doc2 = json.loads(text)
    doc2["kind"] = "replay"
    out.append((_write(tmp_path, "replay-kind.json", doc2), "kind", "not a save"))
    out.append((ROOT / "levels" / "wild_race" / "sample_sprint.json", "kind", "not a save"))
    doc2 = json.loads(text)
    doc2["record"]["setup"]["ruleset"] = "chess"
    out.append((_write(tmp_path, "chess.json", doc2), "record.setup.ruleset", "unknown ruleset"))
    doc2 = json.loads(text)
    doc2["record"]["setup"]["ruleset"] = "doomwheel"
    out.append((_write(tmp_path, "wrong-ruleset.json", doc2), "record.setup", "wild-race course"))
    doc2 = json.loads(text)
    doc2["record"]["setup"]["course"]["centre"] = [[0, 0]]
    out.append((_write(tmp_path, "bad-course.json", doc2), "record.setup.course", ""))
    doc2 = json.loads(text)
    first_roll = next(i for i, e in enumerate(doc2["record"]["history"]) if "chance" in e)
    doc2["record"]["history"][first_roll]["chance"]["value"] = 9
    out.append((_write(tmp_path, "bad-die.json", doc2), f"record.history[{first_roll}]", "not one of the outcomes"))
    doc2 = json.loads(text)
    mover = next(i for i, e in enumerate(doc2["record"]["history"]) if e.get("choice", {}).get("kind") == "move")
    doc2["record"]["history"][mover]["by"] = "blue" if doc2["record"]["history"][mover]["by"] == "red" else "red"
    out.append((_write(tmp_path, "wrong-actor.json", doc2), f"record.history[{mover}]", "was recorded"))
    doc2 = json.loads(text)
    doc2["record"]["checkpoints"][1][2] = "0" * 24
    out.append((_write(tmp_path, "bad-checkpoint.json", doc2), "record.checkpoints", "state hash differs"))
    doc2 = json.loads(text)
    doc2["hash"] = "f" * 24
    out.append((_write(tmp_path, "bad-hash.json", doc2), "hash", "does not match"))
    doc2 = json.loads(text)
    doc2["agents"]["red"]["rng"][1] = [1, 2, 3]
    out.append((_write(tmp_path, "bad-agent.json", doc2), "agents.red.rng", "not a generator state"))
    doc2 = json.loads(text)
    doc2["surprise"] = 1
    out.append((_write(tmp_path, "unknown-field.json", doc2), "surprise", "unknown field"))
    doc2 = json.loads(text)
    del doc2["record"]["history"][-1]
    out.append((_write(tmp_path, "short-history.json", doc2), "", ""))
    return out


def test_bad_files_give_one_clear_error_and_stay_untouched(tmp_path: pathlib.Path) -> None:
    for path, fld, words in _bad_files(tmp_path):
        before = (path.read_bytes(), os.stat(path).st_mtime_ns)
        with pytest.raises(BadInput) as err:
            load_game(str(path))
        line = err.value.line()
        assert "\n" not in line and line.startswith(str(path)), line
        assert err.value.field.startswith(fld), (path.name, line)
        assert words in err.value.reason, (path.name, line)
        assert (path.read_bytes(), os.stat(path).st_mtime_ns) == before, path.name
        assert sorted(os.listdir(tmp_path)) == sorted(os.listdir(tmp_path))


def test_missing_file_and_folder(tmp_path: pathlib.Path) -> None:
    with pytest.raises(BadInput, match="file not found"):
        load_game(str(tmp_path / "nope.json"))
    with pytest.raises(BadInput, match="folder"):
        load_game(str(tmp_path))


# --------------------------------------------------------------------------- autosave and kills

def test_autosave_keeps_the_previous_one_and_offers_only_unfinished_games(tmp_path: pathlib.Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    assert find_unfinished_autosave() is None
    rg, agents = wild_game(11)
    rg.rules.on_turn.append(lambda s, r: write_autosave(rg))
    play_steps(rg, agents, 30)
    first = write_autosave(rg)
    rg.rules.on_turn.pop()  # so the .bak is `first` (a turn starting at the last step would write it again)
    play_steps(rg, agents, 30)
    write_autosave(rg)
    assert os.path.isfile(first + ".bak")
    assert load_game(first + ".bak").record.history != load_game(first).record.history
    found = find_unfinished_autosave()
    assert found is not None and state_digest(found.state) == state_digest(rg.state)
    pathlib.Path(first).write_text("{")  # a damaged autosave: the .bak is offered
    found = find_unfinished_autosave()
    assert found is not None and found.path == first + ".bak"
    play_steps(rg, agents)
    write_autosave(rg)
    assert find_unfinished_autosave() is None, "a finished game is not offered"


KILL_SCRIPT = r"""
import sys
sys.path.insert(0, {root!r})
from tests.test_save import wild_game, play_steps
from game.save import files, write_autosave

def pause(stage):
    print(stage, flush=True)
    sys.stdin.readline()  # the test answers "go", or kills us here

files.STAGE_HOOK = pause
rg, agents = wild_game({seed})
rg.autosave_file = {slot!r}  # the game's own autosave file, as the test's game
for _ in range(3):
    play_steps(rg, agents, 25)
    write_autosave(rg)
print("done", flush=True)
"""


def test_a_kill_at_any_moment_of_a_save_leaves_a_loadable_save(tmp_path: pathlib.Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A child process saves three times; each stage of each write waits for the test
    over a pipe, and the test kills it at a chosen stage (no wall-clock sleeps)."""
    env = {**os.environ, "WILD_TABLE_HOME": str(tmp_path)}
    rg, agents = wild_game(21)
    play_steps(rg, agents, 10)
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    slot = str(tmp_path / "autosave" / "game.json")
    rg.autosave_file = slot
    if True:
        write_autosave(rg)
        write_autosave(rg)  # a .bak exists from the start
        stages = 3 * 4  # partial, written, backed-up, renamed per save
        for kill_at in random.Random(5).sample(range(stages), 6) + [0, stages - 1]:
            child = subprocess.Popen([sys.executable, "-c", KILL_SCRIPT.format(root=str(ROOT), seed=22, slot=slot)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env)
            assert child.stdin is not None and child.stdout is not None
            for _ in range(kill_at):
                assert child.stdout.readline().strip() in ("partial", "written", "backed-up", "renamed")
                child.stdin.write("go\n")
                child.stdin.flush()
            stage = child.stdout.readline().strip()
            os.kill(child.pid, signal.SIGKILL)
            child.wait()
            child.stdin.close()
            child.stdout.close()
            main = slot
            loaded = load_game(main)  # never a broken autosave, whatever the stage
            load_game(main + ".bak")
            assert find_unfinished_autosave() is not None, stage
            assert loaded.record.setup.seed in (21, 22)
        leftovers = [n for n in os.listdir(tmp_path / "autosave") if n.endswith(".tmp")]
        assert leftovers, "some kills left a temporary file"
        from game.save.files import STALE_AFTER, clean_stale_temps
        assert clean_stale_temps() == 0, "a file this young may be another copy's write in progress: kept"
        for n in leftovers:
            os.utime(tmp_path / "autosave" / n, (0, time.time() - STALE_AFTER - 1))
        assert clean_stale_temps() == len(leftovers)
        assert not [n for n in os.listdir(tmp_path / "autosave") if n.endswith(".tmp")], \
            "start-up clears what a killed writer left"


def test_a_failed_write_leaves_the_old_file(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rg, agents = wild_game(3)
    path = tmp_path / "s.json"
    save_game(str(path), rg)
    before = path.read_bytes()
    play_steps(rg, agents, 20)

    def boom(stage: str) -> None:
        if stage == "written":
            raise OSError(28, "No space left on device")
    monkeypatch.setattr(save_files, "STAGE_HOOK", boom)
    with pytest.raises(OSError):
        save_game(str(path), rg)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["s.json"], "the temporary file is removed"


def test_one_data_folder_for_saves_and_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path) -> None:
    import sys

    from game.core.paths import data_dir, saves_dir
    from game.ui import settings
    monkeypatch.delenv("WILD_TABLE_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        assert data_dir() == str(tmp_path / "xdg" / "wild-table")
    assert settings.Settings().path() == os.path.join(data_dir(), "settings.json")
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    assert data_dir() == str(tmp_path)
    assert saves_dir() == str(tmp_path / "saves")


# --------------------------------------------------------------------------- the window's session

def test_a_window_session_is_recorded_autosaved_resumed_and_kept_as_a_replay(
        tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ai.host import make_host
    from game.save import attach, check_replay
    from game.ui.session import Seat, Session
    from game.ui.wild_race.session import new_session as wild_session
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    seats = [Seat("red", "Ann", "greedy", 0), Seat("blue", "Bob", "random", 1)]
    session = wild_session(SPRINT, seats, 1, 17, process=False)
    rg = attach(session, autosave=True, keep_replay=True)
    assert find_unfinished_autosave() is not None, "saved at once, before the first turn"
    while session.state.turn < 3:
        session.think(max_steps=1, block=True)
    loaded = find_unfinished_autosave()
    assert loaded is not None and loaded.turn == 3
    assert [(s.player, s.name, s.kind) for s in loaded.seats] == [("red", "Ann", "greedy"), ("blue", "Bob", "random")]
    # the window resumes it: a Session from the loaded state, its AIs from the saved specs
    again = Session(loaded.state, {s.player: Seat(s.player, s.name, s.kind, s.colour) for s in loaded.seats},
                    host=make_host(loaded.specs, False), specs=loaded.specs)
    attach(again, loaded, autosave=True, keep_replay=True)  # restores the inline AIs' generators too
    while not session.over:
        session.think(max_steps=1000, block=True)
    while not again.over:
        again.think(max_steps=1000, block=True)
    assert rg.last_error is None
    assert state_digest(again.state) == state_digest(session.state)
    assert find_unfinished_autosave() is None
    replays = sorted((tmp_path / "replays").iterdir())
    assert 1 <= len(replays) <= 2  # both games ended alike (same name unless a second ticked between)
    for path in replays:
        rep, problems = check_replay(str(path))
        assert problems == [] and rep.games[0].record.setup.seats[0].name == "Ann"


def test_a_doomwheel_session_is_recorded(tmp_path: pathlib.Path) -> None:
    from game.ai.host import make_host
    from game.save import attach
    from game.ui.session import Seat, Session
    from game.ui.doomwheel.session import new_session as doom_session
    seats = [Seat(p, n, "random", i) for i, (p, n) in enumerate(PLAYERS)]
    session = doom_session(EIGHT, seats, 4, doom_options({"turn_cap": 3}), process=False)
    attach(session)
    while not session.over:
        session.think(max_steps=1000, block=True)
    save_game(str(tmp_path / "d.json"), session)
    loaded = load_game(str(tmp_path / "d.json"))
    assert loaded.finished and loaded.specs == session.specs
    again = Session(loaded.state, {s.player: Seat(s.player, s.name, s.kind, s.colour) for s in loaded.seats},
                    host=make_host(loaded.specs, False, ruleset="doomwheel"), specs=loaded.specs)
    assert again.over and again.outcome() == session.outcome()


def test_a_record_cannot_start_from_a_game_already_under_way() -> None:
    rg, agents = wild_game(2)
    play_steps(rg, agents, 5)
    with pytest.raises(ValueError, match="cannot be rebuilt"):
        start_game(rg.state, rg.seats)


def test_takeback_steps_stop_at_the_last_die() -> None:
    from game.save import rebuild
    rg, agents = wild_game(6, per=2)
    seen = 0
    while not rg.over and seen < 5:
        play_steps(rg, agents, 1)
        last = rg.record.history[-1]
        if last.chance:
            assert rg.record.takeback_steps("red") == rg.record.takeback_steps("blue") == 0
            continue
        n = rg.record.takeback_steps(last.actor)
        tail = rg.record.history[-n:]
        assert n >= 1 and all(e.actor == last.actor for e in tail)
        before = rg.record.history[-n - 1]
        assert before.chance or before.actor != last.actor
        if n >= 2:
            seen += 1
            state, _ = rebuild(rg.record.prefix(len(rg.record.history) - n))
            assert rg.ruleset.current_actor(state) == last.actor
    assert seen == 5


def test_take_back_undoes_a_players_choices_to_the_last_die(tmp_path: pathlib.Path) -> None:
    from game.save import rebuild
    for seed in range(3):
        rg, agents = wild_game(30 + seed, per=2)
        done = 0
        while not rg.over and done < 4:
            play_steps(rg, agents, 1)
            last = rg.record.history[-1]
            n = 0 if last.chance else rg.record.takeback_steps(last.actor)
            if n < 2:
                continue
            want, _ = rebuild(rg.record.prefix(len(rg.record.history) - n))
            length = len(rg.record.history)
            if done % 2:  # after a save and load too
                save_game(str(tmp_path / "t.json"), rg)
                rg, _ = resumed(load_game(str(tmp_path / "t.json")), "wild_race")  # the same agents play on
            assert rg.take_back(last.actor) == n
            assert len(rg.record.history) == length - n
            assert state_digest(rg.state) == state_digest(want)
            assert rg.ruleset.current_actor(rg.state) == last.actor
            assert rg.take_back(last.actor) == 0, "nothing more to take back: the last entry is a die or another's"
            done += 1
        play_steps(rg, agents)  # the game goes on and ends, still recorded right
        save_game(str(tmp_path / "end.json"), rg)
        assert load_game(str(tmp_path / "end.json")).finished


def test_the_load_dialog_lists_saves_newest_first_with_their_summary(tmp_path: pathlib.Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from game.save import list_saves, new_save_path
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    rg, agents = wild_game(8)
    play_steps(rg, agents, 40)
    first = new_save_path(rg)
    save_game(first, rg)
    os.utime(first, (1, 1))
    play_steps(rg, agents, 40)
    second = new_save_path(rg)
    save_game(second, rg)
    (tmp_path / "saves" / "broken.json").write_text("{")
    os.utime(tmp_path / "saves" / "broken.json", (0, 0))
    rows = list_saves()
    assert [p for p, _ in rows] == [second, first, str(tmp_path / "saves" / "broken.json")]
    info = rows[0][1]
    assert isinstance(info, dict) and info["turn"] == rg.state.turn and info["players"] == ["Red", "Blue"]
    assert isinstance(rows[2][1], str) and "broken.json" in rows[2][1]
    assert os.path.basename(first).startswith("wild-race-sample-sprint-turn")


def test_a_worker_host_that_offers_generator_states_is_asked_and_restored(tmp_path: pathlib.Path) -> None:
    """The hook a process host may offer: agent_states() when saving, restore_agent_states() on resume."""
    from game.save import attach
    from game.ui.session import Seat, Session
    from game.ui.wild_race.session import new_session as wild_session

    class WorkerHost:  # stands in for game.ai.host.ProcessHost with the two extra messages
        def __init__(self) -> None:
            self.restored: Any = None

        def agent_states(self) -> dict[str, Any]:
            return {"blue": {"rng": list(random.Random(5).getstate()[:1]) + [list(random.Random(5).getstate()[1]),
                                                                            None]}}

        def restore_agent_states(self, states: dict[str, Any]) -> None:
            self.restored = states

        def close(self) -> None:
            pass

    seats = [Seat("red", "Ann", "human", 0), Seat("blue", "Bob", "random", 1)]
    session = wild_session(SPRINT, seats, 1, 3, process=False)
    session.host = WorkerHost()
    attach(session)
    save_game(str(tmp_path / "w.json"), session)
    loaded = load_game(str(tmp_path / "w.json"))
    assert set(loaded.agents) == {"blue"}
    again = Session(loaded.state, session.seats, host=WorkerHost(), specs=loaded.specs)
    attach(again, loaded)
    assert again.host.restored == loaded.agents
