"""Doomwheel options (spec §11): names verbatim, defaults first, bad values refused."""

from __future__ import annotations

import pathlib
import re

import pytest

from game.core.errors import BadInput
from game.rules.doomwheel.options import CHOICES, Options, option_names, parse_options

SPEC = pathlib.Path(__file__).resolve().parents[2] / "shared" / "rules" / "doomwheel-race.md"


def test_defaults_are_the_first_values() -> None:
    o = Options()
    assert (o.players, o.laps) == (2, 3)
    for name, values in CHOICES.items():
        assert getattr(o, name) == values[0]


def test_names_and_values_match_the_spec_table() -> None:
    if not SPEC.exists():
        pytest.skip("spec not present")
    rows = re.findall(r"^\| `(\w+)` \| (.+?) \| §", SPEC.read_text(), re.M)
    assert rows, "options table not found"
    for name, values in rows:
        assert name in option_names()
        if name in CHOICES:
            assert tuple(re.findall(r"`(\w+)`", values)) == CHOICES[name]


@pytest.mark.parametrize("name", sorted(CHOICES))
def test_every_value_parses(name: str) -> None:
    for v in CHOICES[name]:
        assert getattr(parse_options({name: v}), name) == v


@pytest.mark.parametrize("data", [{"laps": 0}, {"laps": "x"}, {"laps": True}, {"players": 5}, {"players": 1},
                                  {"schwenk": "wheel"}, {"tangled": 3}, {"no_such": "x"}, {"move_distance": ""}])
def test_bad_values_are_bad_input(data: dict[str, object]) -> None:
    with pytest.raises(BadInput) as e:
        parse_options(data)
    assert next(iter(data)) in str(e.value)


def test_numbers_as_strings() -> None:
    assert parse_options({"laps": "5", "players": "3"}).laps == 5


def test_every_option_of_both_rulesets_has_a_help_line() -> None:
    """The set-up screens show each option by a plain label and plain value words, its
    help (in the same words) and the spec's name, values and section in its tooltip."""
    import re
    from game.rules.doomwheel import options as doom
    from game.rules.wild_race import options as wild
    ident = re.compile(r"[A-Za-z0-9]_[A-Za-z0-9]")
    for mod in (doom, wild):
        assert set(mod.HELP) == set(mod.option_names()) == set(mod.LABELS) == set(mod.SECTIONS), mod.__name__
        assert set(mod.VALUE_WORDS) == set(mod.CHOICES), mod.__name__
        for name, text in mod.HELP.items():
            assert 20 < len(text) < 260 and "\n" not in text, name
            tip = mod.option_tooltip(name)
            assert name in tip and (mod.SECTIONS[name] in tip), (name, tip)
            shown = [mod.option_label(name), text]
            values = mod.CHOICES.get(name, ())
            words = [mod.value_word(name, v) for v in values]
            assert len(set(words)) == len(values), (name, words)  # one word a value, told apart
            for value, word in zip(values, words):
                assert word.lower() in text.lower(), (name, word)  # explained in the words shown
                assert value in tip, (name, value)  # the spec's value, for files and the command line
                shown.append(word)
            for piece in shown:  # what the screen shows: no spec identifier, no section mark
                assert not ident.search(piece) and "§" not in piece, (name, piece)
