"""The RRtK charts package as a whole: every reading is a keyword of the charts with
its default first and a row in docs/rrtk-charts.md; every keyword reading of the charts
is registered; the package imports no state, table, pygame or pymunk; mypy is clean."""

from __future__ import annotations

import ast
import importlib
import inspect
import pathlib
import pkgutil
import subprocess
import sys
from types import ModuleType

import pytest

from game.rules.rrtk.battle import charts
from game.rules.rrtk.battle.charts.readings import AMBIGUITY, READINGS, defaults

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "game" / "rules" / "rrtk" / "battle" / "charts"
DOC = ROOT / "docs" / "rrtk-charts.md"


def _modules() -> list[ModuleType]:
    return [importlib.import_module(f"{charts.__name__}.{m.name}") for m in pkgutil.iter_modules(charts.__path__)]


def _reading_keywords() -> dict[str, set[str]]:
    """keyword-only str parameters of the charts' functions -> their defaults."""
    found: dict[str, set[str]] = {}
    for module in _modules():
        for _, fn in inspect.getmembers(module, inspect.isfunction):
            if fn.__module__ != module.__name__:
                continue
            for p in inspect.signature(fn).parameters.values():
                if p.kind is p.KEYWORD_ONLY and isinstance(p.default, str):
                    found.setdefault(p.name, set()).add(p.default)
    return found


def test_every_reading_is_a_chart_keyword_defaulting_to_its_first_value() -> None:
    keywords = _reading_keywords()
    for option in READINGS:
        assert option.name in keywords, option.name
        assert keywords[option.name] == {option.values[0][0]}, option.name
        assert len(option.values) >= 2 and option.label and option.help and option.section.startswith("§")


def test_every_chart_keyword_reading_is_registered() -> None:
    assert set(_reading_keywords()) == {o.name for o in READINGS}
    assert set(AMBIGUITY) == {o.name for o in READINGS}
    assert defaults() == {o.name: o.values[0][0] for o in READINGS}


@pytest.mark.parametrize("option", READINGS, ids=lambda o: o.name)
def test_each_reading_is_documented(option: object) -> None:
    text = DOC.read_text(encoding="utf-8")
    name = option.name  # type: ignore[attr-defined]
    rows = [line for line in text.splitlines() if line.startswith(f"| `{name}` |")]
    assert len(rows) == 1, name
    row = rows[0]
    for value, _ in option.values:  # type: ignore[attr-defined]
        assert f"`{value}`" in row, (name, value)
    assert f"| {AMBIGUITY[name]} |" in row
    assert option.section in row  # type: ignore[attr-defined]


ALLOWED_PREFIXES = ("game.core.", "game.rules.rrtk.battle.charts")
STDLIB = {"__future__", "dataclasses", "math", "typing", "collections", "enum", "itertools", "functools"}


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*.py")), ids=lambda p: p.name)
def test_charts_import_only_plain_python(path: pathlib.Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
        for name in names:
            assert name.split(".")[0] in STDLIB or name.startswith(ALLOWED_PREFIXES), (path.name, name)


def test_every_chart_module_cites_its_spec_section() -> None:
    for module in _modules():
        assert module.__doc__ and "§" in module.__doc__, module.__name__


def test_mypy_strict_clean_on_the_charts() -> None:
    pytest.importorskip("mypy")
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "game/rules/rrtk/battle/charts",
                          "--no-error-summary"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
