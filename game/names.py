"""What a seat is called where a player reads it (issue 12, item 9).

A seat has an id (``red``, ``blue``, ``green``, ``gold``... in seat order: the rules,
the files and the replays key everything by it) and a palette index (the colour and
marker it is drawn with). The two do not agree (the third seat's id is ``green`` and
it is drawn yellow), so an id never reaches the screen, the log, the report or the
command line's words: a seat is named by its player's chosen name, and a seat named
after a colour is named after the colour it is drawn in (`seat_name`).

Plain Python (no pygame): the command line names its seats from here too.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

# palette order (game.ui.art.PALETTE and PALETTE_COLOUR_BLIND): the colour each index is drawn
COLOUR_NAMES: tuple[str, ...] = ("Red", "Blue", "Yellow", "Purple", "Orange", "Cyan", "Pink", "White")
COLOUR_NAMES_COLOUR_BLIND: tuple[str, ...] = ("Orange", "Sky", "Green", "Yellow", "Blue", "Vermillion", "Rose",
                                              "White")
# the seats' player ids, in seat order (the command line and the window; an id is
# never a name: seat i is drawn in palette colour i, so "green" is the seat drawn yellow)
PLAYER_IDS: tuple[str, ...] = ("red", "blue", "green", "gold", "purple", "white", "black", "orange")
# every word a seat may have been named by for its colour: both palettes' names and
# the seat ids of PLAYER_IDS (the command line named seats by them before)
_COLOUR_WORDS = frozenset(n.lower() for n in COLOUR_NAMES + COLOUR_NAMES_COLOUR_BLIND) | frozenset(PLAYER_IDS)


def colour_name(index: int, colour_blind: bool = False) -> str:
    """The name of the colour palette index ``index`` is drawn in (wraps after 8)."""
    names = COLOUR_NAMES_COLOUR_BLIND if colour_blind else COLOUR_NAMES
    return names[index % len(names)]


def is_colour_word(name: str) -> bool:
    """Is ``name`` a colour's name (a default seat name), not one a player chose?"""
    return name.strip().lower() in _COLOUR_WORDS


def seat_name(name: str, colour: int, colour_blind: bool = False) -> str:
    """The name a seat is shown by: its player's own name, or, for a seat named after
    a colour (or left unnamed), the name of the colour it is drawn in."""
    return colour_name(colour, colour_blind) if not name.strip() or is_colour_word(name) else name


def seat_looks(seats: Iterable[Any], colour_blind: bool = False) -> tuple[dict[str, int], dict[str, str]]:
    """A recorded game's seats (each with ``player``, ``name`` and ``colour``) as the
    window and the report draw them: (palette index, shown name) by seat id. Seats
    that share one colour (games the command line recorded before it gave each seat
    its own) are drawn by seat number, and a seat named after a colour takes the name
    of the colour it is drawn in."""
    seats = list(seats)
    colours = {s.player: int(s.colour) for s in seats}
    if len(set(colours.values())) < len(seats):
        colours = {s.player: i for i, s in enumerate(seats)}
    return colours, {s.player: seat_name(str(s.name), colours[s.player], colour_blind) for s in seats}
