"""Rules options, shared by every ruleset: each ruleset declares its options as a
frozen dataclass (names verbatim from its spec, defaults first), the allowed words
of each choice, and the range of each whole-number option. `parse_named` checks a
mapping of name -> value against that and builds the options, or raises one
BadInput naming the option and the reason; nothing is half applied.
`pairs_to_mapping` reads the command line's NAME=VALUE form. Each ruleset's options
module also has plain labels and value words for the screens (CONTRACTS §8);
`spec_tooltip` words the tooltip that keeps the spec's name beside them."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any, TypeVar

from game.core.errors import BadInput

T = TypeVar("T")


def names_of(defaults: Any) -> list[str]:
    return [f.name for f in fields(defaults)]


def _whole(value: Any, lo: int, hi: int, source: str, where: str) -> int:
    bad = BadInput(source, where, f"must be a whole number from {lo} to {hi}, got {str(value)[:20]!r}")
    if isinstance(value, str):
        text = value.strip()
        if not (text.isascii() and text.lstrip("-").isdigit() and len(text) < 8):
            raise bad
        value = int(text)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise bad
    return value


def parse_named(data: Any, defaults: T, choices: dict[str, tuple[str, ...]],
                numbers: dict[str, tuple[int, int]], source: str, path: str) -> T:
    """`defaults` with the named options changed. A choice's value is one of its
    words (a whole number is read as its digits: whips_per_turn 1); a number's is a
    whole number in range, or its digits as a string."""
    if not data:
        return defaults
    if not isinstance(data, dict):
        raise BadInput(source, path, "must be an object of option names and values")
    changes: dict[str, Any] = {}
    for name in sorted(data, key=str):
        value = data[name]
        where = f"{path}.{name}"
        if name in numbers:
            changes[name] = _whole(value, *numbers[name], source, where)
        elif name in choices:
            text = str(value) if isinstance(value, (int, str)) and not isinstance(value, bool) else None
            if text not in choices[name]:
                raise BadInput(source, where, f"must be one of {' | '.join(choices[name])}, got {value!r}")
            changes[name] = text
        else:
            raise BadInput(source, where, f"unknown option (the options are: {', '.join(names_of(defaults))})")
    return replace(defaults, **changes)  # type: ignore[type-var]


def pairs_to_mapping(pairs: list[str], source: str, path: str = "--option") -> dict[str, str]:
    """Command-line NAME=VALUE strings as a mapping (a pair without = is refused)."""
    data: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise BadInput(source, path, f"{pair!r} is not NAME=VALUE")
        data[name.strip()] = value.strip()
    return data


def spec_tooltip(name: str, help_text: str, section: str, values: tuple[str, ...] | None) -> str:
    """An option's tooltip: its plain help, then how the rules, the files and the
    command line name it (``name: a | b``, and the spec's section)."""
    spec = name + (": " + " | ".join(values) if values else "")
    where = f", rules {section}" if section else ""
    return f"{help_text} (In files and on the command line: {spec}{where}.)".strip()
