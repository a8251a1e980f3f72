"""The Wild Race's kinds of things on the table (tags: one bit each, see
``game.table.tags``), in the order that gives each its bit."""

from __future__ import annotations

from game.table.tags import Tags, auto


class Kind(Tags):
    """What a thing on a Wild Race table is; combine with ``|`` to query several."""

    RACER = auto()  # 1: a racer's base
    SMALL = auto()  # 2: small obstacle
    LARGE = auto()  # 4: large obstacle
    EDGE = auto()  # 8: course barrier segment
    FINISH = auto()  # 16: the finish line segment
    ALL = RACER | SMALL | LARGE | EDGE | FINISH


__all__ = ["Kind"]
