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


# --------------------------------------------------------------------------- army files: build, check, validate

import pytest  # noqa: E402

from game.cli import main  # noqa: E402
from game.rules.rrtk.armyfile import army_text, read_army  # noqa: E402


def call(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_build_recruit_then_check_and_validate(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = str(tmp_path / "aeja.json")
    code, out, _ = call(capsys, "army", "build", "Aeja", "--recruit", "--seed", "5", "--out", f)
    assert code == 0 and "recruited (seed 5" in out
    army = read_army(f)
    assert army.built.method == "recruited" and army.built.seed == 5 and army.points() >= 400
    assert army_text(army) == pathlib.Path(f).read_text()  # read and written back: the same bytes
    assert call(capsys, "army", "check", f)[:2] == (0, f"{f}: a legal army: Aeja, recruited (seed 5, "
                                                       f"{len(army.built.rolls)} rolls): {army.unit_count()} units, "
                                                       f"{army.points()} points, limit 400\n")
    code, out, _ = call(capsys, "army", "check", f, "--points", "300")
    assert code == 1 and "already reached" in out and all(line.startswith(f) for line in out.splitlines())
    # judged by a limit its last roll reached exactly (still legal), and the line says that limit
    code, out, _ = call(capsys, "army", "check", f, "--points", str(army.points()))
    assert code == 0 and out.endswith(f"points, limit {army.points()}\n"), out
    assert call(capsys, "validate", f)[:2] == (0, f"{f}: ok\n")


def test_build_by_purchase_to_exactly_400(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = str(tmp_path / "bought.json")
    code, out, _ = call(capsys, "army", "build", "aeja", "--buy", "Pike=5", "--buy", "6=1", "--buy",
                        "levy archers=1", "--out", f, "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["points"] == 400 and doc["army"]["built"] == {"limit": 400, "method": "purchased"}
    assert call(capsys, "army", "check", f)[0] == 0
    code, _, err = call(capsys, "army", "build", "aeja", "--buy", "Pike=6", "--out", str(tmp_path / "no.json"))
    assert code == 2 and "over the limit of 400" in err and not (tmp_path / "no.json").exists()


def test_build_options_captains_mixed_lists_and_black_moon(tmp_path: pathlib.Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    f = str(tmp_path / "x.json")
    assert call(capsys, "army", "build", "zamba", "--buy", "archers=15", "--captains", "1", "--points", "1000",
                "--out", f)[0] == 0
    assert [ld.role for ld in read_army(f).leaders] == ["cinc", "captain"] and read_army(f).points() == 336
    code, _, err = call(capsys, "army", "build", "aeja", "--buy", "altengard:Knights=1", "--out", f)
    assert code == 2 and "not on the Aeja list" in err
    assert call(capsys, "army", "build", "aeja", "--buy", "altengard:Knights=1", "--option", "lists=mixed",
                "--out", f)[0] == 0
    assert read_army(f).units[-1].nation == "altengard" and call(capsys, "army", "check", f)[0] == 0
    code, out, _ = call(capsys, "army", "build", "Black Moon Incarnate", "--recruit", "--seed", "1", "--out", f)
    assert code == 0 and "no recruiting rolls" in out
    code, _, err = call(capsys, "army", "build", "black-moon-incarnate", "--recruit", "--seed", "1", "--option",
                        "no_recruiting_column=refuse", "--out", f)
    assert code == 2 and "build it by purchase" in err
    for bad in (("--recruit",), ("--recruit", "--seed", "-1"), ("--buy", "Pike"), ("--buy", "Dragons=1"),
                ("--buy", "Pike=0"), ("--recruit", "--seed", "1", "--points", "0"),
                ("--recruit", "--seed", "1", "--option", "unit_cost=cheap"), ("--buy", "Pike=1", "--seed", "3")):
        code, out, err = call(capsys, "army", "build", "aeja", *bad, "--out", f)
        assert code == 2 and len(err.strip().splitlines()) == 1, bad


def _good(tmp_path: pathlib.Path) -> dict:  # type: ignore[type-arg]
    from game.rules.rrtk.armyfile import army_to_json
    from game.rules.rrtk.muster import recruit
    return army_to_json(recruit("aeja", 5))


BAD_FILES = {
    "unreadable": None,
    "not JSON": "{ nope",
    "NaN": '{"format": 1, "kind": "rrtk-army", "nation": "aeja", "units": [], "leaders": [], "built": '
           '{"method": "basic", "limit": NaN}}',
    "over the size cap": " " * 300_000 + "{}",
    "a list at the top": "[]",
}


@pytest.mark.parametrize("what", sorted(BAD_FILES))
def test_a_file_that_is_no_army_file_exits_2_in_one_line(what: str, tmp_path: pathlib.Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "bad.json"
    text = BAD_FILES[what]
    if text is not None:
        f.write_text(text)
    code, out, err = call(capsys, "army", "check", str(f))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and str(f) in err, (what, err)


EDITS = [  # (what, change to the good file's JSON, words in the one line)
    ("future format", lambda d: d.update(format=2), "newer than this program reads"),
    ("wrong kind", lambda d: d.update(kind="course"), "kind"),
    ("missing field", lambda d: d.pop("built"), "built: missing required field"),
    ("unknown field", lambda d: d.update(colour="red"), "colour: unknown field"),
    ("wrong type", lambda d: d["units"][0].update(count="4"), "units[0].count: expected a whole number"),
    ("bool for a number", lambda d: d["built"].update(limit=True), "built.limit"),
    ("unknown nation", lambda d: d.update(nation="atlantis"), "unknown nation"),
    ("unknown unit", lambda d: d["units"][0].update(unit=99), "units[0].unit"),
    ("shifted unit name", lambda d: d["units"][0].update(name="Archers"), "is 'Pike', not 'Archers'"),
    ("unit twice", lambda d: d["units"].append(dict(d["units"][0])), "listed twice"),
    ("bad roll", lambda d: d["built"]["rolls"].append(13), "rolls[9]: must be at most 12"),
    ("bad method", lambda d: d["built"].update(method="stolen"), "built.method"),
    ("bad role", lambda d: d["leaders"].append({"role": "king"}), "leaders[1].role"),
    ("unknown option", lambda d: d["options"].update(colour="red"), "unknown option"),
    ("bad option value", lambda d: d["options"].update(unit_cost="cheap"), "options.unit_cost"),
    ("rolls on a purchase", lambda d: d["built"].update(method="purchased"), "only a recruited army"),
]


@pytest.mark.parametrize("what, edit, words", EDITS, ids=[e[0] for e in EDITS])
def test_a_malformed_army_file_exits_2_naming_the_field(what: str, edit, words: str,  # type: ignore[no-untyped-def]
                                                        tmp_path: pathlib.Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    doc = _good(tmp_path)
    edit(doc)
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(doc))
    code, out, err = call(capsys, "army", "check", str(f))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, (what, err)
    assert words in err, (what, err)
    code, out, _ = call(capsys, "validate", str(f))
    assert code == 2 and words in out


ILLEGAL = [  # (what, change, words of a problem line)
    ("a unit too many", lambda d: d["units"][0].update(count=d["units"][0]["count"] + 1), "not the Basic Army plus"),
    ("no CinC", lambda d: d.update(leaders=[]), "one Commander in Chief"),
    ("a Captain too few units", lambda d: d["leaders"].append({"role": "captain", "paid": "points"}),
     "may have 0"),
    ("stopped short", lambda d: d["built"].update(limit=2000), "below the limit of 2000"),
    ("forged seed", lambda d: d["built"].update(seed=6), "not the ones seed 6 throws"),
    ("purchase over", lambda d: (d["built"].update(method="purchased"), d["built"].pop("rolls"),
                                 d["built"].pop("seed")), "over the limit of 400"),
]


@pytest.mark.parametrize("what, edit, words", ILLEGAL, ids=[e[0] for e in ILLEGAL])
def test_a_well_formed_army_that_breaks_a_rule_exits_1(what: str, edit, words: str,  # type: ignore[no-untyped-def]
                                                       tmp_path: pathlib.Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    doc = _good(tmp_path)
    edit(doc)
    f = tmp_path / "illegal.json"
    f.write_text(json.dumps(doc))
    code, out, err = call(capsys, "army", "check", str(f))
    assert code == 1 and err == "" and any(words in line for line in out.splitlines()), (what, out)
    code, out, _ = call(capsys, "validate", str(f))
    assert code == 0 and "warning: breaks a rule" in out  # validate: a readable army file, its problems warned


def test_army_check_end_to_end_in_a_process(tmp_path: pathlib.Path) -> None:
    f = str(tmp_path / "a.json")
    assert run("build", "riata", "--recruit", "--seed", "2", "--out", f).returncode == 0
    ok = run("check", f)
    assert ok.returncode == 0 and "a legal army: Riata" in ok.stdout
    assert run("check", f, "--points", "0").returncode == 2


def test_one_size_cap_for_army_files_in_check_and_validate(tmp_path: pathlib.Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """`army check` and `validate` read an army file under the same documented cap (256 kB,
    the one loader's max_bytes for the kind): a legal army padded to the cap passes both;
    one byte more is exit 2 in one line from each, with the same reason."""
    from game.rules.rrtk import ARMY_FILE_MAX_BYTES
    from game.rules.rrtk.armyfile import MAX_BYTES
    assert MAX_BYTES == ARMY_FILE_MAX_BYTES == 256_000
    f = tmp_path / "aeja.json"
    assert call(capsys, "army", "build", "aeja", "--buy", "1=1", "--out", str(f))[0] == 0
    text = f.read_bytes()
    at_cap, over = tmp_path / "at-cap.json", tmp_path / "over.json"
    at_cap.write_bytes(text + b" " * (MAX_BYTES - len(text)))
    over.write_bytes(text + b" " * (MAX_BYTES + 1 - len(text)))
    assert call(capsys, "army", "check", str(at_cap))[0] == 0
    assert call(capsys, "validate", str(at_cap)) == (0, f"{at_cap}: ok\n", "")
    code, out, err = call(capsys, "army", "check", str(over))
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.strip() == f"{over}: file too large ({MAX_BYTES + 1} bytes; the limit is {MAX_BYTES})"
    code, vout, verr = call(capsys, "validate", str(over))
    assert code == 2 and verr == "" and vout.strip() == err.strip()
