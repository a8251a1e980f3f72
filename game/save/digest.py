"""Tamper-evident saves and replays (docs/save-format.md, docs/replay-format.md): the
`digest` field a file carries and the check that names what was edited.

The canonical text of a JSON value is `json.dumps(value, sort_keys=True,
separators=(",", ":"), ensure_ascii=True)` of the value as loaded: independent of
whitespace, key order and string escapes, so re-indenting a file keeps it valid while
any change of a value (a die, an `rng` value, a checkpoint, an AI seed) does not. A
file's digest holds

- `sha256`: the SHA-256 (hex) of the canonical text of the whole document without its
  `digest` field;
- one SHA-256 per part, so a check can say what was edited: per game the course, the
  seats, the rest of the set-up, the history, the checkpoints and (a replay) the
  result; a save's position, AI generator states, window data and time; a replay's
  Grand Prix series.

This is an integrity check, not a signature: it catches a file edited by hand or by
another tool, and damage, but whoever edits a file can also recompute its digest.
Pure functions over plain JSON values; no ruleset, no window.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

HEX = 64

SETUP_SPLIT = ("course", "seats")

# part -> (the player's words for it, plural)
WORDS: dict[str, tuple[str, bool]] = {
    "course": ("the course", False),
    "seats": ("the seats (players, AI kinds and seeds)", True),
    "setup": ("the set-up (ruleset, seed, options)", False),
    "history": ("the history", False),
    "checkpoints": ("the checkpoints", True),
    "result": ("the result (final hash, turns, outcome)", False),
    "position": ("the position (state hash, snapshot, summary)", False),
    "agents": ("the AI players' generator states", True),
    "extra": ("the series and house rules", True),
    "saved_at": ("the time it was saved", False),
    "series": ("the Grand Prix points", True),
}

# where each part's field lives in the file (for a BadInput's field path)
SAVE_FIELDS = {"course": "record.setup.course", "seats": "record.setup.seats", "setup": "record.setup",
               "history": "record.history", "checkpoints": "record.checkpoints", "position": "state",
               "agents": "agents", "extra": "extra", "saved_at": "saved_at"}


def canonical(value: Any) -> str:
    """The canonical text of a plain JSON value (see the module docstring)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def sha256(value: Any) -> str:
    return hashlib.sha256(canonical(value).encode("ascii")).hexdigest()


def plain(doc: dict[str, Any]) -> dict[str, Any]:
    """The document as a reader will load it (the writer's own text, parsed back), so
    the digest is of exactly what the file holds."""
    from game.save.files import dumps
    got = json.loads(dumps(doc))
    assert isinstance(got, dict)
    return got


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _record_parts(record: Any) -> dict[str, Any]:
    record = _dict(record)
    setup = _dict(record.get("setup"))
    return {"course": setup.get("course"), "seats": setup.get("seats"),
            "setup": {k: v for k, v in setup.items() if k not in SETUP_SPLIT},
            "history": record.get("history"), "checkpoints": record.get("checkpoints")}


def save_parts(doc: dict[str, Any]) -> dict[str, Any]:
    """A save's parts (plain values), by part name."""
    return {**_record_parts(doc.get("record")),
            "position": {k: doc.get(k) for k in ("hash", "state", "summary")},
            "agents": doc.get("agents"), "extra": doc.get("extra"), "saved_at": doc.get("saved_at")}


def game_parts(game: dict[str, Any]) -> dict[str, Any]:
    """One replay game's parts (plain values), by part name."""
    game = _dict(game)
    return {**_record_parts(game.get("record")),
            "result": {k: game.get(k) for k in ("final_hash", "turns", "outcome")}}


def _whole(doc: dict[str, Any]) -> str:
    return sha256({k: v for k, v in doc.items() if k != "digest"})


def _hashes(parts: dict[str, Any]) -> dict[str, str]:
    return {name: sha256(value) for name, value in parts.items()}


def save_digest(doc: dict[str, Any]) -> dict[str, Any]:
    """The `digest` field of a save document (computed from what the file will hold)."""
    p = plain({k: v for k, v in doc.items() if k != "digest"})
    return {"sha256": _whole(p), "parts": _hashes(save_parts(p))}


def replay_digest(doc: dict[str, Any]) -> dict[str, Any]:
    """The `digest` field of a replay document."""
    p = plain({k: v for k, v in doc.items() if k != "digest"})
    out: dict[str, Any] = {"sha256": _whole(p), "games": [_hashes(game_parts(g)) for g in p.get("games", [])]}
    if "series" in p:
        out["series"] = sha256(p["series"])
    return out


# --------------------------------------------------------------------------- checking

@dataclass(frozen=True)
class Edit:
    """A part of a file that no longer matches its digest: `game` is 1-based (0: the
    file as a whole), `part` a key of WORDS ("" for the file's own digest)."""

    game: int
    part: str
    reason: str


def _edit_reason(part: str, content_changed: bool) -> str:
    words, plural = WORDS.get(part, (part, False))
    if content_changed:
        return f"{words} {'were' if plural else 'was'} edited ({'their' if plural else 'its'} digest no longer matches)"
    return f"the digest of {words} was edited ({'they match' if plural else 'it matches'} the file's digest)"


def _compare(game: int, recorded: dict[str, str], parts: dict[str, Any], whole_ok: bool) -> list[Edit]:
    out = []
    for name, value in parts.items():
        if recorded.get(name) != sha256(value):
            out.append(Edit(game, name, _edit_reason(name, not whole_ok)))
    return out


def check_save(doc: dict[str, Any], recorded: dict[str, Any]) -> list[Edit]:
    """What was edited in a loaded save (`doc`, plain) against its `digest` field
    (`recorded`, already checked for shape): [] if nothing."""
    whole_ok = recorded["sha256"] == _whole(doc)
    edits = _compare(0, recorded["parts"], save_parts(doc), whole_ok)
    if not whole_ok and not edits:
        edits.append(Edit(0, "", "the file's digest was edited (every part matches its own digest)"))
    return edits


def check_replay(doc: dict[str, Any], recorded: dict[str, Any]) -> list[Edit]:
    """What was edited in a loaded replay (`doc`, plain) against its `digest` field."""
    whole_ok = recorded["sha256"] == _whole(doc)
    edits: list[Edit] = []
    games = doc.get("games", [])
    for i, g in enumerate(games):
        edits.extend(_compare(i + 1, recorded["games"][i], game_parts(g), whole_ok))
    if "series" in doc and recorded.get("series") != sha256(doc["series"]):
        edits.append(Edit(0, "series", _edit_reason("series", not whole_ok)))
    if not whole_ok and not edits:
        edits.append(Edit(0, "", "the file's digest was edited (every part matches its own digest)"))
    return edits


def read_digest(o: Any, parts: tuple[str, ...] | None = None, games: int = 0, series: bool = False) -> dict[str, Any]:
    """Check the shape of a `digest` field (a game.core.jsonload.Obj): a save's
    (`parts` named) or a replay's (`games` of them, with `series` when the file has
    one). BadInput naming the field if it is not one this program writes."""
    d = o.obj("digest")
    out: dict[str, Any] = {"sha256": _hex(d, "sha256")}
    if parts is not None:
        p = d.obj("parts")
        out["parts"] = {name: _hex(p, name) for name in parts}
        p.done()
    else:
        gl = d.lst("games", min_len=games, max_len=games)
        out["games"] = []
        for v in gl:
            g = v.obj()
            out["games"].append({name: _hex(g, name) for name in GAME_PARTS})
            g.done()
        if series:
            out["series"] = _hex(d, "series")
    d.done()
    return out


def _hex(o: Any, key: str) -> str:
    h = o.string(key, min_len=HEX, max_len=HEX)
    if any(ch not in "0123456789abcdef" for ch in h):
        o.fail(key, "not a SHA-256 digest (64 lowercase hex digits)")
    return str(h)


SAVE_PARTS = tuple(SAVE_FIELDS)
GAME_PARTS = ("course", "seats", "setup", "history", "checkpoints", "result")
