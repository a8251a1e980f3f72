"""Checking army files: `army check FILE` (exit 0 a legal army; 1 a well-formed army
that breaks a rule, each problem a line; 2 not a well-formed army file, one line) and
what `validate` prints for an army file (its registration's `file_kinds`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.errors import BadInput, one_line
from game.rules.rrtk.army import Army, check
from game.rules.rrtk.armyfile import army_from_json, read_army

LEGAL, BREAKS_A_RULE, NOT_AN_ARMY = 0, 1, 2


@dataclass(frozen=True)
class FileProblem:
    """One line of `validate` (the shape game/cli.py prints: severity, field, reason)."""

    severity: str  # "error" or "warning"
    field: str
    reason: str


def summary(army: Army, limit: int | None = None) -> str:
    """"Aeja, recruited (seed 5, 8 rolls): 18 units, 432 points, limit 400"; `limit` the
    one the army was judged by when not the file's own (army check --points)."""
    b = army.built
    how = {"basic": "the Basic Army", "purchased": "purchased",
           "recruited": "recruited (" + (f"seed {b.seed}, " if b.seed is not None else "") + f"{len(b.rolls)} rolls)"}
    if not army.nation_data.recruits:  # flagged: the list has no recruiting column (army.muster's default)
        how["recruited"] = f"no recruiting rolls: its Basic Army, then units bought at random (seed {b.seed})"
    name = f"{army.name!r}: " if army.name else ""
    return (f"{name}{army.nation_data.name}, {how[b.method]}: {army.unit_count()} units, {army.points()} points, "
            f"limit {b.limit if limit is None else limit}")


def check_file(path: str, points: int | None = None) -> tuple[int, list[str]]:
    """The exit code and the lines `army check` prints."""
    try:
        army = read_army(path)
    except BadInput as e:
        return NOT_AN_ARMY, [e.line()]
    problems = check(army, points)
    if problems:
        return BREAKS_A_RULE, [one_line(f"{path}: {p}") for p in problems]
    return LEGAL, [one_line(f"{path}: a legal army: {summary(army, points)}")]


def validate_data(data: Any, source: str) -> list[FileProblem]:
    """What `validate` says of an army file: an error if it is not a well-formed army
    file, a warning for each rule of the book it breaks (it is still a readable army)."""
    try:
        army = army_from_json(data, source)
    except BadInput as e:
        return [FileProblem("error", e.field, e.reason)]
    return [FileProblem("warning", "", f"breaks a rule: {p}") for p in check(army)]
