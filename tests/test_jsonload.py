"""The hardened JSON loader (CONTRACTS §6): every failure is a BadInput naming the
source and the field; the reader rejects wrong types and unknown fields; the canonical
writer is stable."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import BadInput
from game.core.jsonload import (
    MAX_COORD,
    MAX_DEPTH,
    Obj,
    Val,
    canonical_dumps,
    format_float,
    load_json_file,
    parse_json_text,
    save_json_file,
)


def bad_text(text: str | bytes, source: str = "f.json") -> BadInput:
    with pytest.raises(BadInput) as info:
        parse_json_text(text, source)
    assert info.value.source == source
    return info.value


def bad_file(path: Path, **kw: Any) -> BadInput:
    with pytest.raises(BadInput) as info:
        load_json_file(path, **kw)
    assert info.value.source == str(path)
    return info.value


# ------------------------------------------------------------------ decoding failures


def test_not_json_gives_line_and_column() -> None:
    err = bad_text('{\n  "a": 1,\n  "b": oops\n}')
    assert err.field == ""
    assert "not valid JSON" in err.reason
    assert "line 3, column 8" in err.reason
    assert err.line().startswith("f.json: not valid JSON")


def test_plain_words_are_not_json() -> None:
    err = bad_text("hello world")
    assert "line 1, column 1" in err.reason


@pytest.mark.parametrize("text", ['{"a": [1, 2', '{"a": "unterminated', '[1, 2,', '{"a":'])
def test_truncated(text: str) -> None:
    err = bad_text(text)
    assert err.field == ""
    assert "truncated" in err.reason


@pytest.mark.parametrize("text", ["", "   \n\t ", b"", b"\xef\xbb\xbf"])
def test_empty(text: str | bytes) -> None:
    assert "empty" in bad_text(text).reason


def test_empty_file(tmp_path: Path) -> None:
    p = tmp_path / "empty.json"
    p.write_bytes(b"")
    assert "empty" in bad_file(p).reason


@pytest.mark.parametrize(
    ("text", "field", "word"),
    [
        ('{"a": {"b": NaN}}', "a.b", "NaN"),
        ('{"a": [1, Infinity]}', "a[1]", "Infinity"),
        ('{"obstacles": [{}, {}, {}, {"radius": -Infinity}]}', "obstacles[3].radius", "-Infinity"),
        ("NaN", "", "NaN"),
        ('{"x": 1e999}', "x", "too large"),
        ('{"x": -1e999}', "x", "too large"),
    ],
)
def test_non_finite_numbers_rejected_with_path(text: str, field: str, word: str) -> None:
    err = bad_text(text)
    assert err.field == field
    assert word in err.reason


def test_huge_integer_literal_rejected() -> None:
    err = bad_text("[" + "9" * 5000 + "]")
    assert "digits" in err.reason


def test_deep_nesting_100000_brackets() -> None:
    err = bad_text("[" * 100000)
    assert "nested too deeply" in err.reason


def test_deep_nesting_balanced_over_limit() -> None:
    depth = MAX_DEPTH + 5
    err = bad_text("[" * depth + "]" * depth)
    assert "nested too deeply" in err.reason
    assert err.field == ""
    nested_objects = '{"a":' * depth + "1" + "}" * depth
    assert "nested too deeply" in bad_text(nested_objects).reason


def test_nesting_at_limit_is_fine() -> None:
    assert parse_json_text("[" * MAX_DEPTH + "]" * MAX_DEPTH, "f") is not None


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ('{"a": 1, "a": 2}', "a"),
        ('{"x": {"y": 1, "z": 2, "y": 3}}', "x.y"),
        ('{"list": [{"k": 1}, {"k": 1, "k": 1}]}', "list[1].k"),
    ],
)
def test_duplicate_keys(text: str, field: str) -> None:
    err = bad_text(text)
    assert err.field == field
    assert "duplicate key" in err.reason


def test_too_big_text() -> None:
    with pytest.raises(BadInput) as info:
        parse_json_text("[" + "1," * 600 + "1]", "big.json", max_bytes=1000)
    assert "too large" in info.value.reason


def test_too_big_file(tmp_path: Path) -> None:
    p = tmp_path / "big.json"
    p.write_bytes(b"[" + b" " * 5_000_000 + b"]")
    err = bad_file(p)
    assert "too large" in err.reason
    small = tmp_path / "small.json"
    small.write_text('{"a": "' + "x" * 200 + '"}')
    assert "too large" in bad_file(small, max_bytes=100).reason


def test_directory(tmp_path: Path) -> None:
    err = bad_file(tmp_path)
    assert "folder" in err.reason


def test_missing_file(tmp_path: Path) -> None:
    err = bad_file(tmp_path / "nope.json")
    assert err.reason == "file not found"
    assert err.line() == f"{tmp_path / 'nope.json'}: file not found"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any file")
def test_permission_denied(tmp_path: Path) -> None:
    p = tmp_path / "locked.json"
    p.write_text("{}")
    p.chmod(0)
    try:
        assert "permission" in bad_file(p).reason
    finally:
        p.chmod(0o644)


def test_permission_denied_simulated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = tmp_path / "locked.json"
    p.write_text("{}")

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("builtins.open", refuse)
    assert bad_file(p).reason == "permission denied"


def test_other_os_error_simulated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = tmp_path / "io.json"
    p.write_text("{}")

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr("builtins.open", broken)
    assert "Input/output error" in bad_file(p).reason


def test_invalid_utf8(tmp_path: Path) -> None:
    p = tmp_path / "latin1.json"
    p.write_bytes('{"name": "Café"}'.encode("latin-1"))
    err = bad_file(p)
    assert "UTF-8" in err.reason
    assert "offset 13" in err.reason
    assert "UTF-8" in bad_text(b"\xff\xfe{}").reason


def test_utf8_bom_accepted(tmp_path: Path) -> None:
    p = tmp_path / "bom.json"
    p.write_bytes(b'\xef\xbb\xbf{"a": "\xc3\xa9"}')
    assert load_json_file(p) == {"a": "é"}


def test_source_override(tmp_path: Path) -> None:
    with pytest.raises(BadInput) as info:
        load_json_file(tmp_path / "x.json", source="levels/x.json")
    assert info.value.source == "levels/x.json"


def test_good_file(tmp_path: Path) -> None:
    p = tmp_path / "ok.json"
    p.write_text('{"a": [1, 2.5, "s", true, null], "b": {"c": -3}}', encoding="utf-8")
    assert load_json_file(p) == {"a": [1, 2.5, "s", True, None], "b": {"c": -3}}


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200)))
def test_only_bad_input_escapes(data: str | bytes) -> None:
    try:
        parse_json_text(data, "fuzz")
    except BadInput as err:
        assert err.source == "fuzz"


@settings(max_examples=200, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
        lambda children: st.lists(children) | st.dictionaries(st.text(), children),
        max_leaves=20,
    )
)
def test_valid_json_decodes(value: Any) -> None:
    assert parse_json_text(json.dumps(value), "ok") == value


# ------------------------------------------------------------------ the reader


def root(text: str) -> Obj:
    return Obj.root(parse_json_text(text, "r.json"), "r.json")


def bad(fn: Any) -> BadInput:
    with pytest.raises(BadInput) as info:
        fn()
    assert info.value.source == "r.json"
    return info.value


def test_root_must_be_object() -> None:
    err = bad(lambda: Obj.root(parse_json_text("[1]", "r.json"), "r.json"))
    assert err.field == ""
    assert "top level" in err.reason


def test_missing_required_field() -> None:
    o = root('{"a": 1}')
    err = bad(lambda: o.num("b"))
    assert err.field == "b"
    assert "missing" in err.reason


@pytest.mark.parametrize(
    ("text", "call", "field", "words"),
    [
        ('{"x": "1"}', lambda o: o.num("x"), "x", "expected a number, got a string"),
        ('{"x": true}', lambda o: o.num("x"), "x", "expected a number, got true/false"),
        ('{"x": 1.5}', lambda o: o.integer("x"), "x", "whole number"),
        ('{"x": 5}', lambda o: o.num("x", lo=0, hi=4), "x", "at most 4"),
        ('{"x": -1}', lambda o: o.integer("x", lo=0), "x", "at least 0"),
        ('{"x": 1}', lambda o: o.string("x"), "x", "expected a string"),
        ('{"x": "c"}', lambda o: o.string("x", choices=("a", "b")), "x", "one of 'a', 'b'"),
        ('{"x": ""}', lambda o: o.string("x", min_len=1), "x", "empty"),
        ('{"x": "abcdef"}', lambda o: o.string("x", max_len=3), "x", "too long"),
        ('{"x": 0}', lambda o: o.boolean("x"), "x", "true or false"),
        ('{"x": {}}', lambda o: o.lst("x", max_len=3), "x", "expected a list"),
        ('{"x": [1, 2, 3, 4]}', lambda o: o.lst("x", max_len=3), "x", "too many items"),
        ('{"x": []}', lambda o: o.lst("x", min_len=1, max_len=3), "x", "at least 1 item"),
        ('{"x": [1]}', lambda o: o.obj("x"), "x", "expected an object"),
        ('{"x": [1, 2, 3]}', lambda o: o.point("x"), "x", "list of 3"),
        ('{"x": [1, "2"]}', lambda o: o.point("x"), "x[1]", "number"),
        ('{"x": [[0, 0], [1, 1e5]]}', lambda o: o.points("x", max_len=5), "x[1][1]", f"at most {MAX_COORD:g}"),
        ('{"x": [[0, 0], [0, 0]]}', lambda o: o.segment("x"), "x", "same"),
        ('{"x": [[0, 0]]}', lambda o: o.segment("x"), "x", "2 points"),
        ('{"x": 1}', lambda o: o.req("x", str), "x", "expected a string, got a number"),
        ('{"x": false}', lambda o: o.req("x", int), "x", "expected a whole number, got true/false"),
        ('{"x": "\\ud800"}', lambda o: o.string("x"), "x", "surrogate"),
    ],
)
def test_wrong_types(text: str, call: Any, field: str, words: str) -> None:
    o = root(text)
    err = bad(lambda: call(o))
    assert err.field == field
    assert words in err.reason


def test_nested_paths() -> None:
    o = root('{"obstacles": [{"radius": 1}, {"radius": 1}, {"radius": 1}, {"radius": "big"}]}')
    items = o.lst("obstacles", max_len=10)
    err = bad(lambda: [item.obj().num("radius") for item in items])
    assert err.field == "obstacles[3].radius"
    assert err.line() == "r.json: obstacles[3].radius: expected a number, got a string"


def test_converters_and_defaults() -> None:
    o = root('{"n": 2, "f": 2.5, "i": 3.0, "s": "hi", "b": false, "p": [1, -2], "l": [[0, 0], [1, 1]], "o": {"k": 1}}')
    assert o.num("n") == 2.0 and isinstance(o.num("n"), float)
    assert o.num("f", lo=0, hi=3) == 2.5
    assert o.integer("i") == 3 and isinstance(o.integer("i"), int)
    assert o.string("s", choices=("hi", "ho")) == "hi"
    assert o.boolean("b") is False
    assert o.point("p") == (1.0, -2.0)
    assert o.points("l", min_len=2, max_len=2) == ((0.0, 0.0), (1.0, 1.0))
    sub = o.obj("o")
    assert sub.integer("k") == 1
    sub.done()
    assert o.num("absent", default=None) is None
    assert o.string("absent2", default="x") == "x"
    assert o.lst("absent3", max_len=2, default=[]) == []
    assert o.opt_obj("absent4") is None
    assert o.req("s", str) == "hi"
    assert o.opt("absent5", int, 7) == 7
    assert o.req("n", float) == 2.0
    o.done()


def test_unknown_fields_first_sorted() -> None:
    o = root('{"name": "x", "zeta": 1, "alpha": 2, "beta": 3}')
    o.string("name")
    err = bad(o.done)
    assert err.field == "alpha"
    assert "unknown field" in err.reason
    assert "name" in err.reason


def test_unknown_field_nested_path() -> None:
    o = root('{"edges": {"left": [], "colour": "red"}}')
    e = o.obj("edges")
    e.lst("left", max_len=5)
    err = bad(e.done)
    assert err.field == "edges.colour"


def test_optional_fields_count_as_known() -> None:
    o = root('{"a": 1}')
    o.num("a")
    o.num("b", default=0.0)
    o.done()


def test_format_version() -> None:
    assert root('{"format": 1}').format_version(1) == 1
    err = bad(lambda: root('{"format": 2, "new_field": 1}').format_version(1, what="course"))
    assert err.field == "format"
    assert "newer" in err.reason and "update the program" in err.reason
    assert "at least 1" in bad(lambda: root('{"format": 0}').format_version(1)).reason
    assert "whole number" in bad(lambda: root('{"format": "1"}').format_version(1)).reason


def test_const() -> None:
    assert root('{"kind": "course"}').const("kind", "course") == "course"
    err = bad(lambda: root('{"kind": "save"}').const("kind", "course"))
    assert err.field == "kind" and "'course'" in err.reason


def test_val_directly() -> None:
    v = Val([1, 2], "s", "pos")
    assert v.point() == (1.0, 2.0)
    with pytest.raises(BadInput) as info:
        Val("x", "s", "pos").coord()
    assert info.value.line() == "s: pos: expected a number, got a string"


# ------------------------------------------------------------------ the canonical writer


@pytest.mark.parametrize(
    ("x", "text"),
    [
        (1.0, "1"),
        (2.5, "2.5"),
        (0.1 + 0.2, "0.3"),
        (-0.0000001, "0"),
        (-0.0, "0"),
        (1234.5678912, "1234.567891"),
        (1e-7, "0"),
        (-3.25, "-3.25"),
        (1e20, "100000000000000000000"),
    ],
)
def test_format_float(x: float, text: str) -> None:
    assert format_float(x) == text


def test_format_float_refuses_non_finite() -> None:
    with pytest.raises(ValueError):
        format_float(float("nan"))


def test_canonical_dumps_layout() -> None:
    text = canonical_dumps({"b": [1.0, 2, True, None, "s"], "a": {"z": [[1.5, 2]], "y": {}}, "c": []})
    assert text == (
        "{\n"
        '  "a": {\n'
        '    "y": {},\n'
        '    "z": [\n'
        "      [1.5, 2]\n"
        "    ]\n"
        "  },\n"
        '  "b": [1, 2, true, null, "s"],\n'
        '  "c": []\n'
        "}\n"
    )
    assert json.loads(text) == {"b": [1, 2, True, None, "s"], "a": {"z": [[1.5, 2]], "y": {}}, "c": []}


def test_canonical_is_a_fixed_point() -> None:
    value = {"pts": [[0.1234567, 1 / 3], [2.0, -7.0000001]], "name": "é\"q", "n": 3}
    once = canonical_dumps(value)
    twice = canonical_dumps(parse_json_text(once, "x"))
    assert once == twice


def test_save_json_file_atomic(tmp_path: Path) -> None:
    p = tmp_path / "out.json"
    save_json_file(p, {"a": 1.5})
    save_json_file(p, {"a": 2.5})
    assert p.read_text(encoding="utf-8") == '{\n  "a": 2.5\n}\n'
    assert sorted(os.listdir(tmp_path)) == ["out.json"]
    assert load_json_file(p) == {"a": 2.5}


def test_save_json_file_failure_leaves_old_file(tmp_path: Path) -> None:
    p = tmp_path / "out.json"
    save_json_file(p, {"a": 1})
    with pytest.raises(ValueError):
        save_json_file(p, {"a": float("inf")})
    assert load_json_file(p) == {"a": 1}
    assert sorted(os.listdir(tmp_path)) == ["out.json"]


def test_a_key_with_a_newline_still_gives_one_line(tmp_path: Path) -> None:
    f = tmp_path / "c.json"
    f.write_text('{"a\\nb": 1, "a\\nb": 2}')
    with pytest.raises(BadInput) as e:
        load_json_file(str(f))
    line = e.value.line()
    assert "\n" not in line and "a\\nb" in line and "duplicate key" in line
