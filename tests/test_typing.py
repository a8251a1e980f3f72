"""House style: mypy is clean on game/core, game/table, game/rules and game/ai."""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_mypy_clean_on_core_table_rules() -> None:
    pytest.importorskip("mypy")
    out = subprocess.run([sys.executable, "-m", "mypy", "game/core", "game/table", "game/rules", "game/ai",
                          "--ignore-missing-imports", "--no-error-summary"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
