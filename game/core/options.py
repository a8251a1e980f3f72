"""Rules options, shared by every ruleset. A ruleset declares its options once, as
an `OptionSet` of `Option`s (name verbatim from its spec, plain label, the allowed
values with their plain words or a whole-number range, the default, the spec's
section and one line of help) over a frozen dataclass holding the values (fields in
the same order, with the same defaults; `OptionValues` gives it `to_json`).

The set parses a mapping of name -> value (`parse`; the command line's NAME=VALUE
form: `parse_pairs`) into the dataclass, or raises one BadInput naming the option and
the reason; nothing is half applied. The screens read the plain label and value
words (CONTRACTS §8) and the tooltip, which keeps the spec's name, values and section
beside them."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Callable, Generic, TypeVar

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


class OptionValues:
    """The base of a ruleset's frozen options dataclass."""

    def to_json(self) -> dict[str, Any]:
        """Every option by name, in declaration order."""
        return {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]


@dataclass(frozen=True)
class Option:
    """One rules option: `values` (value, plain words) for a choice, or `numbers`
    (lo, hi) for a whole number; `section` is where the spec has it ("" if nowhere)."""
    name: str
    label: str
    help: str
    section: str = ""
    values: tuple[tuple[str, str], ...] = ()
    numbers: tuple[int, int] | None = None


class OptionSet(Generic[T]):
    """A ruleset's options: their declarations and the dataclass of their values."""

    def __init__(self, values_type: type[T], options: list[Option]) -> None:
        self.values_type = values_type
        self.options = options
        names = names_of(values_type)
        if names != [o.name for o in options]:
            raise ValueError(f"the options {[o.name for o in options]} are not the fields {names}")
        self.choices: dict[str, tuple[str, ...]] = {o.name: tuple(v for v, _ in o.values)
                                                    for o in options if o.values}
        self.numbers: dict[str, tuple[int, int]] = {o.name: o.numbers for o in options if o.numbers}
        self.labels: dict[str, str] = {o.name: o.label for o in options}
        self.value_words: dict[str, dict[str, str]] = {o.name: dict(o.values) for o in options if o.values}
        self.sections: dict[str, str] = {o.name: o.section for o in options}
        self.help: dict[str, str] = {o.name: o.help for o in options}

    def names(self) -> list[str]:
        return [o.name for o in self.options]

    def default(self, name: str) -> Any:
        """An option's default value (the dataclass's)."""
        return getattr(self.values_type(), name)

    def label(self, name: str) -> str:
        """The plain label of an option (its name if it has none)."""
        return self.labels.get(name, name)

    def value_word(self, name: str, value: str) -> str:
        """The plain words for one value of a choice option (the value itself if none)."""
        return self.value_words.get(name, {}).get(value, value)

    def tooltip(self, name: str) -> str:
        """The tooltip: the plain help, then the spec's name, values and section."""
        return spec_tooltip(name, self.help.get(name, ""), self.sections.get(name, ""), self.choices.get(name))

    def parse(self, data: dict[str, Any] | None, source: str = "options", path: str = "options") -> T:
        """Validate name -> value pairs (values as strings or, for numbers, ints)."""
        return parse_named(data, self.values_type(), self.choices, self.numbers, source, path)

    def parse_pairs(self, pairs: list[str], source: str = "--option") -> T:
        """Command-line form: NAME=VALUE strings."""
        return self.parse(pairs_to_mapping(pairs, source), source, "--option")

    def tables(self) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[int, int]], dict[str, str],
                              dict[str, dict[str, str]], dict[str, str], dict[str, str]]:
        """choices, numbers, labels, value words, sections and help, by option name."""
        return self.choices, self.numbers, self.labels, self.value_words, self.sections, self.help

    def functions(self) -> tuple[Callable[[str], str], Callable[[str, str], str], Callable[[str], str],
                                 Callable[[], list[str]], Callable[..., T], Callable[..., T]]:
        """label, value_word, tooltip, names, parse and parse_pairs (a ruleset's options
        module exports them by its own names)."""
        return self.label, self.value_word, self.tooltip, self.names, self.parse, self.parse_pairs
