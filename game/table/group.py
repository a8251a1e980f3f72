"""Several bases moving and wheeling as one rigid group (a body of units in
line or column): the pivot corner, the members' new poses, and the first
contact (or first approach within a distance) of the group as a whole.

A wheel turns every member about the same pivot by the same angle
(counter-clockwise positive, so a wheel to the right is negative); a move
translates them all.  The group's first contact is the earliest first contact
of any member with anything of the asked kinds that is not a member (members
never block each other); ties go to the member listed first, then to the
table's insertion order.  Exact as the per-base kernels are (``rotation_toi``,
``time_of_impact``, ``approach``).  Tested against shapely
(tests/test_table_queries.py).  Pure, typed Python.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass
from typing import Final

from game.table.approach import first_within
from game.table.approach import first_within_turning as _base_within_turning
from game.table.shapes import Shape, _cos_sin_deg, rotated, translated
from game.table.table import ALL, Contact, Table

_NO_IDS: Final[frozenset[str]] = frozenset()
_CORNER_TOL: Final[float] = 1e-6  # vertices this close along the front count as level


@dataclass(frozen=True, slots=True)
class GroupContact:
    """The first contact of a group: ``member`` (its id) met ``other`` (of tag
    ``kind``) after ``frac`` of the motion (``dist``: inches moved, or degrees
    turned)."""

    frac: float
    dist: float
    member: str
    other: str
    kind: int


def pivot_corner(shapes: list[Shape], heading: float, right: bool) -> tuple[float, float]:
    """The front corner of the group on its right (``right``) or left, for a group
    facing ``heading`` degrees: among the vertices farthest forward (within
    1e-6"), the one farthest to that side; e.g. the right front corner of the
    right-front base of a line, the pivot of a wheel to the right."""
    if not shapes:
        raise ValueError("a group needs at least one base")
    c, s = _cos_sin_deg(heading)
    sx = s if right else -s  # unit vector to the chosen side: right is (s, -c)
    sy = -c if right else c
    pts: list[tuple[float, float]] = []
    for sh in shapes:
        if not sh.xs:
            raise ValueError("pivot corners are for polygon bases")
        pts.extend(zip(sh.xs, sh.ys))
    front = max(x * c + y * s for x, y in pts)
    best = pts[0]
    best_side = -math.inf
    for x, y in pts:
        if x * c + y * s >= front - _CORNER_TOL:
            side = x * sx + y * sy
            if side > best_side:
                best_side = side
                best = (x, y)
    return best


def turned(shapes: list[Shape], px: float, py: float, dtheta_deg: float) -> list[Shape]:
    """The members after a wheel of ``dtheta_deg`` about (px, py)."""
    return [rotated(sh, px, py, dtheta_deg) for sh in shapes]


def moved(shapes: list[Shape], dx: float, dy: float) -> list[Shape]:
    """The members after a move by (dx, dy)."""
    return [translated(sh, dx, dy) for sh in shapes]


def _best(found: list[tuple[Contact, int, str]]) -> GroupContact | None:
    best: tuple[Contact, int, str] | None = None
    for c, k, member in found:
        if best is None or c.frac < best[0].frac:
            best = (c, k, member)
    if best is None:
        return None
    c = best[0]
    return GroupContact(c.frac, c.dist, best[2], c.other, c.kind)


def first_contact(table: Table, ids: list[str], dx: float, dy: float, kinds: int = ALL,
                  ignore: Collection[str] = _NO_IDS) -> GroupContact | None:
    """The group of table things ``ids`` moving by (dx, dy): its first contact."""
    skip = set(ids)
    skip.update(ignore)
    found: list[tuple[Contact, int, str]] = []
    for k, id in enumerate(ids):
        c = table.first_contact(table.shape(id), dx, dy, kinds, skip)
        if c is not None:
            found.append((c, k, id))
    return _best(found)


def first_turn_contact(table: Table, ids: list[str], px: float, py: float, dtheta_deg: float,
                        kinds: int = ALL, ignore: Collection[str] = _NO_IDS) -> GroupContact | None:
    """The group ``ids`` wheeling about (px, py) by ``dtheta_deg``: its first
    contact (``dist`` in degrees)."""
    skip = set(ids)
    skip.update(ignore)
    found: list[tuple[Contact, int, str]] = []
    for k, id in enumerate(ids):
        c = table.first_rotation_contact(table.shape(id), px, py, dtheta_deg, kinds, skip)
        if c is not None:
            found.append((c, k, id))
    return _best(found)


def first_within_moving(table: Table, ids: list[str], dx: float, dy: float, d: float, kinds: int = ALL,
                        ignore: Collection[str] = _NO_IDS) -> GroupContact | None:
    """The group moving by (dx, dy): the first moment any member comes within d
    of a non-member of ``kinds``."""
    skip = set(ids)
    skip.update(ignore)
    found: list[tuple[Contact, int, str]] = []
    for k, id in enumerate(ids):
        c = first_within(table, table.shape(id), dx, dy, d, kinds, skip)
        if c is not None:
            found.append((c, k, id))
    return _best(found)


def first_within_turning(table: Table, ids: list[str], px: float, py: float, dtheta_deg: float, d: float,
                          kinds: int = ALL, ignore: Collection[str] = _NO_IDS) -> GroupContact | None:
    """The group wheeling about (px, py): the first moment any member comes
    within d of a non-member of ``kinds`` (``dist`` in degrees)."""
    skip = set(ids)
    skip.update(ignore)
    found: list[tuple[Contact, int, str]] = []
    for k, id in enumerate(ids):
        c = _base_within_turning(table, table.shape(id), px, py, dtheta_deg, d, kinds, skip)
        if c is not None:
            found.append((c, k, id))
    return _best(found)


__all__ = ["GroupContact", "first_contact", "first_turn_contact", "first_within_moving",
           "first_within_turning", "moved", "pivot_corner", "turned"]
