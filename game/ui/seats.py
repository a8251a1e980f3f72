"""What the set-up screens of every ruleset share: the seats' default names, their
colour lists and shown names, and the option drop-downs' items."""

from __future__ import annotations

from typing import Any, Callable

from game.names import colour_name, seat_name

DEFAULT_NAMES = ("Red", "Blue", "Yellow", "Purple", "Orange", "Cyan", "Pink", "White")


def colour_choices(colour_blind: bool) -> list[str]:
    """The colour list of a seat, in palette order, named as the palette in use draws them."""
    return [colour_name(i, colour_blind).lower() for i in range(8)]


def shown_names(typed: list[str], colour_of: list[int], colour_blind: bool) -> list[str]:
    """The seats' names as typed; a seat left unnamed or named after a colour is named
    after the colour it is drawn in (game.names.seat_name: never "Blue" on a yellow seat)."""
    return [seat_name(t, colour_of[i], colour_blind) for i, t in enumerate(typed)]


def choice_items(name: str, values: tuple[str, ...],
                 words: Callable[[str, str], str]) -> list[str | tuple[str, str]]:
    """An option drop-down's items: (the value's plain words, the spec's value); `words`
    is the ruleset's value_word."""
    return [(words(name, v), v) for v in values]


def selected_id(dd: Any) -> str:
    """The id (the second of the pair) of a drop-down's selected item."""
    v = dd.selected_option
    return str(v[1] if isinstance(v, tuple) else v)
