"""The Doomwheel Race's kinds of things on the table (tags: one bit each, see
``game.table.tags``)."""

from __future__ import annotations

from game.table.tags import Tags, auto


class Kind(Tags):
    """What a thing on a Doomwheel table is; combine with ``|`` to query several."""

    EDGE = auto()  # track barrier segment
    LARGE = auto()  # large obstacle (a wall piece of the track)
    CRITTER = auto()  # a round critter base
    WHEEL = auto()  # a doomwheel's 2" x 4" base
    ALL = EDGE | LARGE | CRITTER | WHEEL


__all__ = ["Kind"]
