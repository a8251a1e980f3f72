"""`python -m game validate FILE...` (issue 5 item 6): one line per problem
(`file: field: reason`, `warning:` before the field of a warning), `file: ok` for a
clean file, exit 2 if any file has an error; every class of bad file gives its
message quickly and leaves the file untouched; random corruptions of a valid course
never make it crash."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli import main
from tests.hang_guard import time_limit

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "levels" / "wild_race" / "sample_sprint.json"
EIGHT = ROOT / "levels" / "doomwheel" / "figure_of_eight.json"
LEVELS = sorted((ROOT / "levels").rglob("*.json"))
TIME_LIMIT = 5.0
"""Seconds of this process's CPU time any one validate run may take (they take well
under one): a guard against a hang, counted in CPU time so a loaded machine cannot trip it."""


def validate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    """Run `validate` in-process: (exit code, stdout lines, stderr)."""
    capsys.readouterr()
    with time_limit(TIME_LIMIT):
        rc = main(["validate", *args])
    out = capsys.readouterr()
    return rc, out.out.splitlines(), out.err


def course(**changes: Any) -> dict[str, Any]:
    """A clean straight course with room behind its start line; None removes a field."""
    d: dict[str, Any] = {"format": 1, "kind": "course", "name": "V", "ruleset": "wild-race",
                         "centre": [[0, 0], [80, 0]], "width": 24, "start": [[4, 12], [4, -12]], "obstacles": []}
    for k, v in changes.items():
        if v is None:
            d.pop(k, None)
        else:
            d[k] = v
    return d


def stamp(path: Path) -> tuple[bytes, int] | None:
    return (path.read_bytes(), path.stat().st_mtime_ns) if path.is_file() else None


# --------------------------------------------------------------------------- exit codes and output


def test_every_shipped_course_is_ok(capsys: pytest.CaptureFixture[str]) -> None:
    rc, lines, err = validate(capsys, *map(str, LEVELS))
    assert rc == 0 and err == ""
    assert lines == [f"{p}: ok" for p in LEVELS]


def test_errors_exit_2_warnings_exit_0(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(course()))
    warn = tmp_path / "warn.json"  # 20" wide: 12 racers do not fit side by side
    warn.write_text(json.dumps(course(width=20, start=[[4, 10], [4, -10]])))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(course(width=-1)))
    rc, lines, _ = validate(capsys, str(good))
    assert (rc, lines) == (0, [f"{good}: ok"])
    rc, lines, _ = validate(capsys, str(warn))
    assert rc == 0
    assert lines == [f'{warn}: warning: start: the start is 20.00" wide; 12 racers side by side need 21.26"',
                     f"{warn}: ok (1 warning)"]
    rc, lines, _ = validate(capsys, str(good), str(bad), str(warn))
    assert rc == 2
    assert lines[0] == f"{good}: ok"
    assert lines[1] == f"{bad}: width: must be at least 0.1 (got -1)"
    assert lines[2].startswith(f"{warn}: warning: start: ")
    # the field size asked for
    rc, lines, _ = validate(capsys, "--racers", "8", str(warn))
    assert (rc, lines) == (0, [f"{warn}: ok"])
    rc, lines, err = validate(capsys, "--racers", "0", str(warn))
    assert rc == 2 and lines == [] and "--racers" in err


def test_no_files_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["validate"])
    assert info.value.code == 2
    assert "FILE" in capsys.readouterr().err


def test_end_to_end_in_a_subprocess(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "kind": "course", "name": 5, "ruleset": "wild-race", "centre": [[0, 0]], '
                   '"width": "wide", "colour": "red"}')
    before = stamp(bad)
    done = subprocess.run([sys.executable, "-m", "game", "validate", str(SAMPLE), str(bad)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stdout.splitlines() == [
        f"{SAMPLE}: ok",
        f"{bad}: name: expected a string, got a number",
        f"{bad}: centre: needs at least 2 items (got 1)",
        f"{bad}: width: expected a number, got a string",
        f"{bad}: colour: unknown field (known fields: centre, description, edges, finish, format, kind, "
        "max_racers, name, obstacles, ruleset, start, width)",
    ]
    assert stamp(bad) == before


# --------------------------------------------------------------------------- every class of bad file


def big_course_text(n_obstacles: int) -> str:
    obs = [{"id": f"o{i}", "size": "small", "shape": "circle", "x": 40, "y": 0, "radius": 1} for i in range(n_obstacles)]
    return json.dumps(course(obstacles=obs))


SAMPLE_TEXT = SAMPLE.read_text(encoding="utf-8")

BAD_FILES: list[tuple[str, str | bytes, list[str]]] = [
    # (id, the file's content, the lines expected after "FILE: " (a prefix of each))
    ("not-json", "{not json", ["not valid JSON: Expecting property name enclosed in double quotes at line 1"]),
    ("truncated", SAMPLE_TEXT[: len(SAMPLE_TEXT) // 2], ["not valid JSON: "]),
    ("truncated-in-string", '{"name": "Spri', ["not valid JSON: the text ends inside a string"]),
    ("empty", "", ["empty file (expected JSON)"]),
    ("blank", "  \n\t ", ["empty file (expected JSON)"]),
    ("not-utf8", b'{"name": "\xff\xfe"}', ["not UTF-8 text (invalid byte at offset 10)"]),
    ("top-level-list", "[1, 2, 3]", ["expected a JSON object at the top level, got a list"]),
    ("nan", json.dumps(course()).replace('"width": 24', '"width": NaN'),
     ["width: NaN is not allowed (numbers must be finite)"]),
    ("infinite", json.dumps(course()).replace('"width": 24', '"width": 1e999'), ["width: number 1e999 is too large"]),
    ("huge-int", json.dumps(course()).replace('"width": 24', '"width": 1' + "0" * 200),
     ["integer with more than 100 digits"]),
    ("deep", "[" * 100_000 + "]" * 100_000, ["nested too deeply (more than 100 levels)"]),
    ("duplicate-key", '{"format": 1, "format": 1}', ["format: duplicate key"]),
    ("wrong-types", json.dumps(course(name=5, width="24", max_racers=True, obstacles={"id": 1})),
     ["name: expected a string, got a number", "width: expected a number, got a string",
      "obstacles: expected a list, got an object", "max_racers: expected a whole number, got true/false"]),
    ("unknown-fields", json.dumps(course(colour="red", lenght=80, obstacles=[
        {"id": "a", "size": "small", "shape": "circle", "x": 40, "y": 0, "radius": 1, "heigth": 2}])),
     ["obstacles[0].heigth: unknown field (known fields: id, look, radius, shape, size, x, y)",
      "colour: unknown field", "lenght: unknown field"]),
    ("newer-format", json.dumps(course(format=3, laps=9)),
     ["format: this course uses format 3, newer than this program reads (up to 2); update the program"]),
    ("format-2-field-in-format-1", json.dumps(course(laps=3)),
     ['laps: a format 2 field, and this file says format 1: set "format": 2 to use it']),
    ("scenario", json.dumps({"format": 1, "kind": "scenario"}), ["kind: must be 'course' (got 'scenario')"]),
    ("10000-obstacles", big_course_text(10_000), ["obstacles: too many items (10000; at most 200)"]),
    ("coordinates-1e9", json.dumps(course(centre=[[0, 0], [1e9, 0]], start=None)),
     ["centre[1][0]: must be at most 10000 (got 1000000000)"]),
    ("width-1e9", json.dumps(course(width=1e9)), ["width: must be at most 1000 (got 1000000000)"]),
    ("100000-points", json.dumps(course(centre=[[i * 0.001, 0] for i in range(100_000)])),
     ["centre: too many items (100000; at most 2000)"]),
    ("no-edges", json.dumps(course(width=None)), ["edges: missing required field: give edges {left, right} or width"]),
    ("no-default-start", json.dumps(course(width=None, start=None,
                                           edges={"left": [[5, 12], [80, 12]], "right": [[5, -12], [80, -12]]})),
     ["start: no default start line"]),
    ("start-misses-an-edge", json.dumps(course(start=[[4, 8], [4, -12]])),
     ['start: the start line does not span the course: misses the left edge by 4.00"']),
    ("finish-before-start", json.dumps(course(start=[[76, 12], [76, -12]], finish=[[4, 12], [4, -12]])),
     ["finish: the finish line is not after the start line"]),
    ("obstacle-outside", json.dumps(course(obstacles=[
        {"id": "far", "size": "large", "shape": "circle", "x": 40, "y": 30, "radius": 1}])),
     ["obstacles[0]: obstacle 'far' is (partly) outside the course"]),
    ("obstacles-overlap", json.dumps(course(obstacles=[
        {"id": "a", "size": "large", "shape": "circle", "x": 40, "y": 0, "radius": 2},
        {"id": "b", "size": "large", "shape": "circle", "x": 42, "y": 0, "radius": 1}])),
     ["obstacles[1]: obstacle 'b' overlaps obstacle 'a'"]),
    ("edges-cross", json.dumps(course(width=None, edges={"left": [[0, 5], [50, 5], [50, -20], [80, -20]],
                                                          "right": [[0, -5], [80, -5]]}, start=[[4, 5], [4, -5]],
                                finish=[[76, 12], [76, -12]])),
     ["edges.left: left edge segment 1 meets right edge segment 0 near"]),
    ("unreachable-finish", json.dumps(course(obstacles=[
        {"id": "wall", "size": "large", "shape": "rect", "x": 40, "y": 0, "length": 1, "width": 23.6}])),
     ["obstacles[0]: the large obstacle 'wall' closes the track 40.0\" along the centre line"]),
    ("too-narrow", json.dumps(course(width=None, edges={"left": [[0, 12], [40, 12], [42, -11.5], [44, 12], [80, 12]],
                                                         "right": [[0, -12], [80, -12]]})),
     ["edges.left: the course is only 0.50\" wide near"]),
    ("crossing-on-wild-race", json.dumps(course(format=2, crossings=[{"x": 40, "y": 0, "radius": 3}])),
     ["crossings[0]: a Wild Race course may not cross itself"]),
]


@pytest.mark.parametrize(("content", "expected"), [(c, e) for _, c, e in BAD_FILES], ids=[i for i, _, _ in BAD_FILES])
def test_bad_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str | bytes,
                  expected: list[str]) -> None:
    path = tmp_path / "course.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    before = stamp(path)
    rc, lines, err = validate(capsys, str(path))
    assert rc == 2 and err == ""
    prefix = f"{path}: "
    assert all(line.startswith(prefix) for line in lines), lines
    got = [line[len(prefix):] for line in lines]
    for want in expected:
        assert any(g.startswith(want) for g in got), (want, got)
    assert stamp(path) == before, "validate changed the file"


def test_a_file_over_5_mb(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text(json.dumps(course(description="x" * 1000)) + " " * 5_000_001)
    before = stamp(path)
    rc, lines, _ = validate(capsys, str(path))
    assert rc == 2 and lines == [f"{path}: file too large ({path.stat().st_size} bytes; the limit is 5000000)"]
    assert stamp(path) == before


def test_a_folder_and_a_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rc, lines, _ = validate(capsys, str(tmp_path), str(tmp_path / "nope.json"), str(SAMPLE))
    assert rc == 2
    assert lines == [f"{tmp_path}: is a folder, not a file", f"{tmp_path / 'nope.json'}: file not found",
                     f"{SAMPLE}: ok"]


def test_an_unreadable_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root reads every file")
    path = tmp_path / "locked.json"
    path.write_text(json.dumps(course()))
    path.chmod(0)
    try:
        rc, lines, _ = validate(capsys, str(path))
    finally:
        path.chmod(0o644)
    assert rc == 2 and lines == [f"{path}: permission denied"]


def test_control_characters_stay_on_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps(course(**{"bad\nkey\x1b": 1})))
    rc, lines, _ = validate(capsys, str(path))
    assert rc == 2 and len(lines) == 1
    assert lines[0].startswith(f'{path}: "bad\\nkey\\u001b": unknown field')


def test_many_problems_are_counted_after_100_lines(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "many.json"
    path.write_text(json.dumps(course(centre=[[i, "y"] for i in range(300)])))
    rc, lines, _ = validate(capsys, str(path))
    assert rc == 2 and len(lines) == 101
    assert lines[-1] == f"{path}: ... and 200 more problems"


def test_a_warning_only_course(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "short.json"
    path.write_text(json.dumps(course(centre=[[0, 0], [15, 0], [50, 10]], obstacles=[
        {"id": "h", "size": "small", "shape": "rect", "x": 15, "y": 3, "length": 2, "width": 0.5}])))
    rc, lines, _ = validate(capsys, str(path))
    assert rc == 0
    assert lines[-1].startswith(f"{path}: ok (")
    body = [line[len(str(path)) + 2:] for line in lines[:-1]]
    assert all(b.startswith("warning: ") for b in body)
    assert any(b.startswith("warning: centre[1]: a 16 degree bend 11.0\" after the start line") for b in body)
    assert any(b.startswith("warning: obstacles[0]: obstacle 'h' is within the opening straight") for b in body)


def test_validate_reads_tiled_maps_too(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    tmj = ROOT / "tests" / "data" / "tiled_sprint.tmj"
    as_json = tmp_path / "map.json"
    shutil.copy(tmj, as_json)
    rc, lines, _ = validate(capsys, str(tmj), str(as_json))
    assert (rc, lines) == (0, [f"{tmj}: ok", f"{as_json}: ok"])


# --------------------------------------------------------------------------- random corruptions

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12) | st.sampled_from(["small", "large", "rect", "circle", "polygon", "doomwheel", "slave"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, path + (i,))
    return out


@st.composite
def corrupted(draw: st.DrawFn, text: str) -> str:
    """The text of a course file with one random corruption."""
    how = draw(st.sampled_from(["replace", "delete", "add", "duplicate-list-item", "nudge", "nudge", "truncate",
                                "splice", "byte"]))
    if how in ("truncate", "splice", "byte"):
        n = len(text)
        i = draw(st.integers(0, n))
        if how == "truncate":
            return text[:i]
        if how == "splice":
            j = draw(st.integers(i, min(n, i + 40)))
            return text[:i] + draw(st.text(max_size=8)) + text[j:]
        ch = draw(st.sampled_from(list('{}[]",:0-.eE nulltrue\\')))
        return text[:i] + ch + text[i + 1:]
    data = json.loads(text)
    paths = _paths(data)
    path = draw(st.sampled_from(paths))
    parent: Any = data
    for key in path[:-1]:
        parent = parent[key]
    if how == "replace":
        if not path:
            return json.dumps(draw(JSON_VALUES))
        parent[path[-1]] = draw(JSON_VALUES)
    elif how == "delete" and path:
        del parent[path[-1]]
    elif how == "add":
        target = parent[path[-1]] if path else data
        if isinstance(target, dict):
            target[draw(st.text(max_size=8))] = draw(JSON_VALUES)
        elif isinstance(target, list):
            target.insert(draw(st.integers(0, len(target))), draw(JSON_VALUES))
    elif how == "duplicate-list-item" and path and isinstance(parent, list):
        parent.insert(path[-1], parent[path[-1]])
    elif how == "nudge":  # a number moved: still the right type, odd geometry
        numbers = [p for p in paths if p and isinstance(_at(data, p), (int, float)) and not isinstance(_at(data, p), bool)]
        if numbers:
            p = draw(st.sampled_from(numbers))
            parent = _at(data, p[:-1])
            old = parent[p[-1]]
            parent[p[-1]] = draw(st.sampled_from([0, -old, old * 2, old + 0.001, old + 5, 10000, -10000, 1e-9]))
    return json.dumps(data)


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


FUZZ = settings(max_examples=120, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def _check_corruption(capsys: pytest.CaptureFixture[str], path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    before = stamp(path)
    capsys.readouterr()
    with time_limit(TIME_LIMIT):
        rc = main(["validate", str(path)])
    out = capsys.readouterr()
    assert rc in (0, 2)
    assert out.err == ""
    lines = out.out.splitlines()
    assert lines and all(line.startswith(f"{path}: ") for line in lines), lines
    assert not any("internal error" in line or "Traceback" in line for line in lines), lines
    assert stamp(path) == before


@FUZZ
@given(st.data())
def test_corrupted_wild_race_course_never_crashes(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                  data: st.DataObject) -> None:
    _check_corruption(capsys, tmp_path / "c.json", data.draw(corrupted(SAMPLE_TEXT)))


@FUZZ
@given(st.data())
def test_corrupted_doomwheel_track_never_crashes(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                 data: st.DataObject) -> None:
    _check_corruption(capsys, tmp_path / "d.json", data.draw(corrupted(EIGHT.read_text(encoding="utf-8"))))
