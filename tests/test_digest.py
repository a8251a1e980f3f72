"""Tamper-evident replays and saves (issue 12, fault 4; game.save.digest): an edit
that does not change the game replayed (an `rng` value the next entry overwrites, a
deleted checkpoint, an AI seed) used to pass `replay --check`; now every edit is
reported by part, an edited digest too, while re-indenting a file changes nothing.
Format-1 files (no digest) are still read and checked by their hashes."""

from __future__ import annotations

import copy
import json
import pathlib
import sys
from typing import Any

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.cli import main  # noqa: E402
from game.core.errors import BadInput  # noqa: E402
from game.save import load_game, read_replay, save_game  # noqa: E402
from game.save.digest import replay_digest  # noqa: E402
from game.save.replay import check_game  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "wild-race-1.replay.json"
FORMAT_1_REPLAY = ROOT / "tests" / "data" / "format-1.replay.json"
FORMAT_1_SAVE = ROOT / "tests" / "data" / "stuck-gorse-turn3.json"


def golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text())


def check(path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["replay", str(path), "--check"])
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: pathlib.Path, name: str, doc: dict[str, Any], **dump: Any) -> pathlib.Path:
    p = tmp_path / name
    p.write_text(json.dumps(doc, **dump))
    return p


def overwritten_rng(doc: dict[str, Any]) -> int:
    """An entry whose `rng` the next entry sets again before any checkpoint: editing it
    changes nothing the game re-plays."""
    rec = doc["games"][0]["record"]
    steps = {cp[0] for cp in rec["checkpoints"]}
    hist = rec["history"]
    return next(i for i in range(len(hist) - 1)
                if "rng" in hist[i] and "rng" in hist[i + 1] and (i + 1) not in steps and "chance" in hist[i])


# --------------------------------------------------------------------------- replays

def edit_rng(doc: dict[str, Any]) -> None:
    doc["games"][0]["record"]["history"][overwritten_rng(doc)]["rng"] += 1


def edit_checkpoint(doc: dict[str, Any]) -> None:
    del doc["games"][0]["record"]["checkpoints"][3]


def edit_seed(doc: dict[str, Any]) -> None:
    doc["games"][0]["record"]["setup"]["seats"][1]["seed"] += 1


@pytest.mark.parametrize("edit, says", [
    (edit_rng, "game 1: the history was edited (its digest no longer matches)"),
    (edit_checkpoint, "game 1: the checkpoints were edited (their digest no longer matches)"),
    (edit_seed, "game 1: the seats (players, AI kinds and seeds) were edited (their digest no longer matches)"),
])
def test_an_edit_that_replays_the_same_game_is_reported(edit: Any, says: str, tmp_path: pathlib.Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    doc = golden()
    edit(doc)
    path = write(tmp_path, "edited.replay.json", doc)
    rep = read_replay(str(path))
    assert check_game(rep, 0)[0] is None, "the edit does not change the game replayed: its hashes all match"
    code, out, err = check(path, capsys)
    assert code == 1 and out == ""
    assert err.strip().splitlines() == [f"{path}: {says}"]


def test_the_digest_itself_edited_is_reported(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = golden()
    doc["digest"]["sha256"] = "0" * 64
    code, _, err = check(write(tmp_path, "whole.json", doc), capsys)
    assert code == 1 and "the file's digest was edited" in err and len(err.splitlines()) == 1
    doc = golden()
    doc["digest"]["games"][0]["history"] = "a" * 64
    code, _, err = check(write(tmp_path, "part.json", doc), capsys)
    assert code == 1 and err.strip().endswith("game 1: the digest of the history was edited (it matches the "
                                              "file's digest)")
    doc = golden()
    del doc["digest"]["games"][0]["history"]
    code, _, err = check(write(tmp_path, "shape.json", doc), capsys)
    assert code == 2 and "digest.games[0].history" in err and len(err.splitlines()) == 1
    doc = golden()
    del doc["digest"]
    code, _, err = check(write(tmp_path, "none.json", doc), capsys)
    assert code == 2 and "digest" in err and len(err.splitlines()) == 1


def test_whitespace_and_key_order_change_nothing(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = golden()

    def backwards(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: backwards(v[k]) for k in sorted(v, reverse=True)}
        if isinstance(v, list):
            return [backwards(x) for x in v]
        return v
    for name, text in (("indented.json", json.dumps(doc, indent=7)),
                       ("flat.json", json.dumps(backwards(doc), separators=(",", ":"))),
                       ("escaped.json", json.dumps(doc, ensure_ascii=True, indent="\t"))):
        (tmp_path / name).write_text(text)
        code, out, err = check(tmp_path / name, capsys)
        assert code == 0 and "the digest matches" in out and err == "", name


def test_a_grand_prix_series_edit_is_reported(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = golden()
    doc["series"] = {"points": {"red-1": 5, "blue-1": 3}}
    doc["digest"] = replay_digest(doc)
    code, _, err = check(write(tmp_path, "gp.json", doc), capsys)
    assert code == 0, err
    doc["series"]["points"]["blue-1"] = 9
    code, _, err = check(write(tmp_path, "gp-edited.json", doc), capsys)
    assert code == 1 and err.strip().endswith("gp-edited.json: the Grand Prix points were edited (their digest no "
                                              "longer matches)")


def test_a_format_1_replay_is_still_checked_and_says_it_has_no_digest(tmp_path: pathlib.Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = check(FORMAT_1_REPLAY, capsys)
    assert code == 0 and "ok" in out and "the digest" not in out
    assert err.strip().splitlines() == [f"{FORMAT_1_REPLAY}: format 1 carries no digest: an edit that does not "
                                        "change the game replayed cannot be detected (the game itself is checked)"]
    doc = json.loads(FORMAT_1_REPLAY.read_text())
    doc["games"][0]["record"]["checkpoints"][4][2] = "0" * 24
    code, _, err = check(write(tmp_path, "old-bad.json", doc), capsys)
    assert code == 1 and "carries no digest" in err and "hash differs" in err
    doc = json.loads(FORMAT_1_REPLAY.read_text())
    doc["digest"] = golden()["digest"]
    code, _, err = check(write(tmp_path, "old-digest.json", doc), capsys)
    assert code == 2 and "digest" in err  # format 1 has no such field


def test_the_replay_viewer_says_a_file_was_edited(app: Any, tmp_path: pathlib.Path) -> None:
    pytest.importorskip("pygame")
    from game.ui.scenes.replay import ReplayScene
    doc = golden()
    edit_seed(doc)
    path = write(tmp_path, "edited.replay.json", doc)
    scene = ReplayScene(app, str(path))
    app.push(scene)
    app.frame(1 / 60)
    assert scene.check == "" and "seats" in scene.edited
    assert any("were edited" in line for line in scene.log.lines)


# --------------------------------------------------------------------------- saves

def a_save(tmp_path: pathlib.Path) -> tuple[pathlib.Path, dict[str, Any]]:
    from tests.test_save import play_steps, wild_game
    rg, agents = wild_game(31)
    play_steps(rg, agents, 60)
    path = tmp_path / "good.json"
    save_game(str(path), rg)
    return path, json.loads(path.read_text())


def save_rng(doc: dict[str, Any]) -> None:
    hist = doc["record"]["history"]
    steps = {cp[0] for cp in doc["record"]["checkpoints"]}
    i = next(i for i in range(len(hist) - 1)
             if "rng" in hist[i] and "rng" in hist[i + 1] and (i + 1) not in steps and "chance" in hist[i])
    hist[i]["rng"] += 1


def save_checkpoint(doc: dict[str, Any]) -> None:
    del doc["record"]["checkpoints"][2]


def save_seed(doc: dict[str, Any]) -> None:
    doc["record"]["setup"]["seats"][0]["seed"] += 1


def save_when(doc: dict[str, Any]) -> None:
    doc["saved_at"] = "2000-01-01T00:00:00Z"


def save_digest_edit(doc: dict[str, Any]) -> None:
    doc["digest"]["sha256"] = "f" * 64


@pytest.mark.parametrize("edit, fld, says", [
    (save_rng, "record.history", "the history was edited"),
    (save_checkpoint, "record.checkpoints", "the checkpoints were edited"),
    (save_seed, "record.setup.seats", "the seats (players, AI kinds and seeds) were edited"),
    (save_when, "saved_at", "the time it was saved was edited"),
    (save_digest_edit, "digest", "the file's digest was edited"),
])
def test_an_edited_save_is_refused_naming_the_part(edit: Any, fld: str, says: str, tmp_path: pathlib.Path) -> None:
    from game.save import read_summary
    path, doc = a_save(tmp_path)
    edit(doc)
    bad = tmp_path / "edited.json"
    bad.write_text(json.dumps(doc))
    before = bad.read_bytes()
    with pytest.raises(BadInput) as err:
        load_game(str(bad))
    line = err.value.line()
    assert line.startswith(f"{bad}: {fld}: {says}") and "is not loaded" in line and "\n" not in line
    with pytest.raises(BadInput, match="edited"):
        read_summary(str(bad))  # the load dialog greys it with the same reason
    assert bad.read_bytes() == before


def test_a_reindented_save_loads_and_a_format_1_save_still_loads(tmp_path: pathlib.Path) -> None:
    path, doc = a_save(tmp_path)
    want = load_game(str(path)).state
    again = tmp_path / "again.json"
    again.write_text(json.dumps(doc, indent=3, ensure_ascii=True))
    from game.core.record import state_digest
    assert state_digest(load_game(str(again)).state) == state_digest(want)
    old = load_game(str(FORMAT_1_SAVE))
    assert old.turn == 3
    doc1 = json.loads(FORMAT_1_SAVE.read_text())
    assert doc1["format"] == 1 and "digest" not in doc1


def test_every_save_the_game_writes_carries_a_digest_that_matches(tmp_path: pathlib.Path) -> None:
    path, doc = a_save(tmp_path)
    assert doc["format"] == 2 and set(doc["digest"]) == {"sha256", "parts"}
    assert set(doc["digest"]["parts"]) == {"course", "seats", "setup", "history", "checkpoints", "position",
                                           "agents", "extra", "saved_at"}
    twice = copy.deepcopy(doc)
    from game.save.digest import save_digest
    assert save_digest(twice) == doc["digest"], "sealing is a function of the content"
