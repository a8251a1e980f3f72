"""`simulate --json` prints exactly what it printed before the one-engine rework (issue 13).

tests/golden/simulate-seeds.json holds, for seeds 1-20 of both races (greedy agents, three
players), the sha256 of each output. Regenerate only on a deliberate rules change:
    python tests/test_simulate_unchanged.py --write
"""
from __future__ import annotations

import contextlib
import hashlib
import io
import json
import sys
from pathlib import Path

import pytest

from game.cli import main

GOLDEN = Path(__file__).parent / "golden" / "simulate-seeds.json"
CASES = [(r, s) for r in ("wild-race", "doomwheel") for s in range(1, 21)]


def _output(ruleset: str, seed: int) -> str:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rc = main(["simulate", ruleset, "--seed", str(seed), "--json"])
    assert rc in (0, None)
    return buf.getvalue()


def _digest(ruleset: str, seed: int) -> str:
    return hashlib.sha256(_output(ruleset, seed).encode()).hexdigest()


@pytest.mark.parametrize(("ruleset", "seed"), CASES)
def test_simulate_json_is_byte_identical(ruleset: str, seed: int) -> None:
    golden = json.loads(GOLDEN.read_text())
    assert _digest(ruleset, seed) == golden[f"{ruleset} {seed}"]


if __name__ == "__main__" and "--write" in sys.argv:
    GOLDEN.write_text(json.dumps({f"{r} {s}": _digest(r, s) for r, s in CASES}, indent=1) + "\n")
