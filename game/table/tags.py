"""Kinds of things on the table as tags: one bit per name, declared by each ruleset.

The table itself knows no kinds: it stores an ``int`` bit mask per thing and
answers queries for a mask (``kinds & thing.kind != 0``).  A ruleset names its
own kinds in its own package by subclassing ``Tags``; every name declared with
``auto()`` gets the next free bit, in declaration order::

    class Kind(Tags):
        UNIT = auto()      # 1
        WOOD = auto()      # 2
        EDGE = auto()      # 4
        ALL = UNIT | WOOD | EDGE

``Kind.UNIT | Kind.EDGE`` asks for both; ``Kind.name_of(bits)`` names a single
tag (lower case) for events and messages; ``Kind.every()`` is the union of all
tags.  Tags are ``int`` subclasses (``enum.IntFlag``), so the table, which is
compiled by mypyc, only ever sees plain ints.
"""

from __future__ import annotations

import enum

__all__ = ["Tags", "auto"]

auto = enum.auto


class Tags(enum.IntFlag):
    """Base class for a ruleset's kinds (bit flags allocated by name)."""

    @classmethod
    def every(cls) -> int:
        """The union of every tag of this set (a mask that matches them all)."""
        out = 0
        for member in cls:
            out |= int(member)
        return out

    @classmethod
    def name_of(cls, bits: int, default: str = "thing") -> str:
        """Lower-case name of a tag (``default`` when ``bits`` names none)."""
        try:
            name = cls(bits).name
        except ValueError:
            return default
        return (name or default).lower()
