"""`python -m game army ...` end to end (Rally Round the King armies on the command line)."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONHASHSEED="0")
    return subprocess.run([sys.executable, "-m", "game", "army", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env)


def test_army_list_json_has_every_nation_with_id_and_name() -> None:
    out = run("list", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert len(doc) == 44 and {"id": "aeja", "name": "Aeja"}.items() <= doc[0].items()
    assert all(d["id"] and d["name"] for d in doc)
    text = run("list")
    assert text.returncode == 0 and "dwarves-black-moon" in text.stdout and "44 nations" in text.stdout


def test_army_show_names_a_nation_by_id_or_name() -> None:
    by_id, by_name = run("show", "dwarves-black-moon", "--json"), run("show", "Dwarves, Black Moon", "--json")
    assert by_id.returncode == 0 and by_id.stdout == by_name.stdout
    doc = json.loads(by_id.stdout)
    assert doc["name"] == "Dwarves, Black Moon" and doc["units"][0]["name"] == "Crossbows"
    table = run("show", "AEJA")
    assert table.returncode == 0
    assert "Pike - Pike" in table.stdout and "2, 7" in table.stdout and "Basic Army 10 units, 199 points" in table.stdout


def test_army_show_flags_the_books_inconsistencies() -> None:
    out = run("show", "black-moon-incarnate")
    assert out.returncode == 0
    assert "Winged Men" in out.stdout and "book says: sp, cost, total" in out.stdout
    assert "no unit has a recruiting roll" in out.stdout


def test_army_bad_input_is_one_line_exit_2() -> None:
    for args in (("show", "Atlantis"), ("show",), ("frobnicate",), ()):
        out = run(*args)
        assert out.returncode == 2, args
        assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr, args
    assert "unknown nation 'Atlantis'" in run("show", "Atlantis").stderr
