"""Exact 2-D geometry kernels for the table (inches, degrees CCW from +x, y up).

Pure, typed, standard-library Python, written so that mypyc can compile it
unchanged (type hints everywhere, ``__slots__``, no dynamic attributes).

Shapes are convex: oriented rectangles (racer bases, rectangular obstacles),
convex polygons, circles (round bases) and segments (course edges, finish
lines; a segment is a degenerate two-vertex polygon).  A rectangle's LONG side
(its length) lies along its heading; its "left" is heading + 90 degrees.

Contact semantics (TABLE-GEOMETRY.md):

* a move is blocked only by a penetration deeper than ``EPS``: touching does
  not block, sliding along a touching thing is free, moving away from a
  contact is free, moving into a touching thing gives ``t = 0``;
* the contact time reported is the moment the shapes start to overlap (the
  penetration depth crosses 0), provided the move then goes on to penetrate
  deeper than ``EPS`` before its end; callers stop ``BACKOFF`` inches short;
* "in contact" for the rules means ``gap <= TOL``.

The penetration depth of two overlapping shapes is the minimum translation
distance that separates them (for polygons: the smallest overlap over the
separating axes, which is exact for convex shapes).  ``gap`` returns minus
that depth when the shapes overlap.

The kernels live in four modules, re-exported here (import from here):
``game.table.shapes`` (``Shape``, constructors, ``translated``, ``rotated``,
the constants), ``game.table.distance`` (``gap``, ``penetrates``,
``closest_points``), ``game.table.sweep`` (``time_of_impact``, ``exit_time``)
and ``game.table.rotation`` (``rotation_toi``).  The queries built on them
(approach, sides, sight, areas, group) have their own modules; docs/table.md
lists them all.
"""

from __future__ import annotations

from game.table.shapes import (  # noqa: F401
    EPS,
    BACKOFF,
    TOL,
    RECT,
    POLY,
    CIRCLE,
    SEGMENT,
    Shape,
    make_rect,
    make_segment,
    make_circle,
    make_poly,
    translated,
    rotated,
    point_in_polygon,
    _cos_sin_deg,
    _rect,
)
from game.table.distance import (  # noqa: F401
    gap,
    penetrates,
    closest_points,
)
from game.table.sweep import (  # noqa: F401
    time_of_impact,
    exit_time,
)
from game.table.rotation import (  # noqa: F401
    rotation_toi,
)

__all__ = [
    "EPS",
    "BACKOFF",
    "TOL",
    "RECT",
    "POLY",
    "CIRCLE",
    "SEGMENT",
    "Shape",
    "make_rect",
    "make_segment",
    "make_circle",
    "make_poly",
    "translated",
    "rotated",
    "point_in_polygon",
    "gap",
    "penetrates",
    "closest_points",
    "time_of_impact",
    "exit_time",
    "rotation_toi",
]
