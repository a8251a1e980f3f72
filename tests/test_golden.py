"""Golden playthroughs (tools/golden.py): replaying the same seeds gives the same
transcript. After an intended rules change, rerun `python tools/golden.py`."""

import difflib
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import golden  # noqa: E402


@pytest.mark.parametrize("seed", golden.SEEDS)
def test_golden_transcript(seed: int) -> None:
    want = (ROOT / "tests" / "golden" / f"wild-race-{seed}.txt").read_text()
    got = golden.transcript(seed)
    if got != want:
        diff = "".join(list(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "golden", "now"))[:60])
        pytest.fail("transcript changed (rerun tools/golden.py if intended):\n" + diff)
