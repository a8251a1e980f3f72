"""The Table the rules query: every base, obstacle, edge segment and marker line
as exact shapes (``game.table.geometry``), with culling.

Pure Python; never imports pymunk (the pymunk space the player sees lives in
``game.table.mirror``).  Inches and degrees, y up.

The table knows no kinds of its own: each thing carries an ``int`` tag (a bit
mask) that the ruleset declares (``game.table.tags``; e.g. the Wild Race's
racers, obstacles, barriers and finish line), and every query takes a mask of
the tags it looks for.  Static edge segments (a race's barriers, a table's
rim) are given with their tag when the table is built and are indexed in a
uniform 3" grid; everything else is scanned with an axis-aligned box and a
bounding-circle cull.  Re-putting an id replaces its shape and keeps its
place in the insertion order: that is the sync after a state change (about a
microsecond).  Ties (same fraction or same gap) are broken by insertion order,
so every answer is deterministic.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Final

from game.table.distance import gap as shape_gap, penetrates
from game.table.rotation import rotation_toi
from game.table.shapes import Shape, _cos_sin_deg, _rect, make_segment
from game.table.sweep import exit_time, time_of_impact

_INF: Final[float] = math.inf
CELL: Final[float] = 3.0  # edge grid cell size, inches
ALL: Final[int] = -1  # the mask that matches every tag


@dataclass(frozen=True, slots=True)
class Contact:
    """The first (or one) contact of a move.

    ``frac``: fraction of the asked move (or rotation) before contact;
    ``dist``: inches travelled before contact (``frac * |move|``; for a
    rotation, the degrees turned); ``other``: id of what was touched;
    ``kind``: its tag (an ``int``; compare with the ruleset's tags)."""

    frac: float
    dist: float
    other: str
    kind: int


class _Entry:
    __slots__ = ("id", "kind", "order", "shape", "gridded")

    def __init__(self, id: str, kind: int, order: int, shape: Shape, gridded: bool) -> None:
        self.id: str = id
        self.kind: int = kind
        self.order: int = order
        self.shape: Shape = shape
        self.gridded: bool = gridded


Segment = tuple[tuple[float, float], tuple[float, float]]
_EdgeBox = tuple[float, float, float, float, _Entry]  # a gridded edge's box and entry
_NO_IDS: Final[frozenset[str]] = frozenset()


def _index(grid: dict[tuple[int, int], list[int]], i: int, s: Shape) -> None:
    """Register edge i (segment s) in the grid cells along it (and their neighbours),
    so the work grows with the edge's length, not with its bounding box (a long
    diagonal edge would otherwise fill a square of cells)."""
    x0, y0, x1, y1 = s.xs[0], s.ys[0], s.xs[-1], s.ys[-1]
    n = max(1, int(math.hypot(x1 - x0, y1 - y0) / (CELL * 0.5)) + 1)
    cells: dict[tuple[int, int], None] = {}
    for k in range(n + 1):
        t = k / n
        cx = math.floor((x0 + (x1 - x0) * t) / CELL)
        cy = math.floor((y0 + (y1 - y0) * t) / CELL)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                cells[(cx + dx, cy + dy)] = None
    for key in cells:
        cell = grid.get(key)
        if cell is None:
            grid[key] = [i]
        else:
            cell.append(i)


# the edge shapes and grid of each set of static edges lately built (a course's
# barriers: every race on it builds a table of the same edges); never changed in place
_EDGE_GRIDS: dict[tuple[Segment, ...], tuple[list[Shape], dict[tuple[int, int], list[int]]]] = {}


class Table:
    """Exact geometry of everything on the table, for the rules."""

    def __init__(self, edges: Iterable[Segment] = (), edge_kind: int = 0) -> None:
        """``edges``: static segments (indexed in a grid), all tagged ``edge_kind``
        (a non-zero tag is needed when there are edges)."""
        self._all: dict[str, _Entry] = {}
        self._dyn: dict[str, _Entry] = {}
        # the same entries by tag: a query skips whole tags it does not ask for
        self._by_kind: dict[int, dict[str, _Entry]] = {}
        self._edges: list[_Entry] = []
        self._grid: dict[tuple[int, int], list[int]] = {}
        self._stamp: list[int] = []
        self._query: int = 0
        # the edges found for a range of cells (ix0, iy0, ix1, iy1), kept until the grid
        # changes: a query box seldom spans new cells, and the answer is the same list
        self._cells_memo: dict[tuple[int, int, int, int], list[_EdgeBox]] = {}
        self._seq: int = 0
        self.edge_kind: int = int(edge_kind)
        segs = tuple(edges)
        if segs and not self.edge_kind:
            raise ValueError("a table with edges needs their tag (edge_kind)")
        try:
            got = _EDGE_GRIDS.get(segs)
        except TypeError:  # segments given as lists: not kept
            got = None
        if got is None:
            shapes = [make_segment(x0, y0, x1, y1) for (x0, y0), (x1, y1) in segs]
            for i, shape in enumerate(shapes):
                _index(self._grid, i, shape)
            got = (shapes, self._grid)
            if len(_EDGE_GRIDS) >= 16:
                _EDGE_GRIDS.clear()
            try:
                _EDGE_GRIDS[segs] = got
            except TypeError:
                pass
        shapes, self._grid = got  # shared by the tables of the same edges: never changed in place
        for i, shape in enumerate(shapes):
            e = _Entry(f"edge:{i}", self.edge_kind, self._seq, shape, True)
            self._seq += 1
            self._edges.append(e)
            self._stamp.append(0)
            self._all[e.id] = e

    # ------------------------------------------------------------ contents

    def _unindex(self, e: _Entry) -> None:
        i = self._edges.index(e)
        self._cells_memo.clear()
        # a new grid without the edge: the old one may be shared with other tables
        self._grid = {key: [j for j in cell if j != i] for key, cell in self._grid.items()}
        e.gridded = False

    def put(self, id: str, kind: int, shape: Shape) -> None:
        """Add ``id`` or replace its shape and kind (keeping its insertion order)."""
        e = self._all.get(id)
        if e is None:
            e = _Entry(id, int(kind), self._seq, shape, False)
            self._seq += 1
            self._all[id] = e
            self._add_dyn(e)
            return
        e.shape = shape
        if e.gridded:
            self._unindex(e)
            e.kind = int(kind)
            self._add_dyn(e)
        elif e.kind != kind:
            self._retag(e, int(kind))

    def _add_dyn(self, e: _Entry) -> None:
        self._dyn[e.id] = e
        group = self._by_kind.get(e.kind)
        if group is None:
            group = self._by_kind[e.kind] = {}
        group[e.id] = e

    def _retag(self, e: _Entry, kind: int) -> None:
        del self._by_kind[e.kind][e.id]
        e.kind = kind
        group = self._by_kind.get(kind)
        if group is None:
            group = self._by_kind[kind] = {}
        group[e.id] = e

    def put_segment(self, id: str, kind: int, seg: Segment) -> Shape:
        """Put a (non-gridded) segment, e.g. a finish line; returns its shape."""
        (x0, y0), (x1, y1) = seg
        shape = make_segment(x0, y0, x1, y1)
        self.put(id, kind, shape)
        return shape

    def put_base(self, id: str, x: float, y: float, heading: float, length: float,
                 width: float, kind: int) -> Shape:
        """Put a rectangular base (``length`` along ``heading``, inches) tagged
        ``kind``; returns its shape."""
        if not (length > 0.0 and width > 0.0):
            raise ValueError(f"base needs positive length and width, got {length!r} x {width!r}")
        c, s = _cos_sin_deg(heading)
        shape = _rect(float(x), float(y), float(heading), c, s, 0.5 * length, 0.5 * width)
        e = self._all.get(id)
        if e is not None and not e.gridded:
            e.shape = shape
            if e.kind != kind:
                self._retag(e, int(kind))
        else:
            self.put(id, kind, shape)
        return shape

    def remove(self, id: str) -> None:
        """Take ``id`` off the table (KeyError if absent)."""
        e = self._all.pop(id)
        if e.gridded:
            self._unindex(e)
        else:
            del self._dyn[id]
            del self._by_kind[e.kind][id]

    def shape(self, id: str) -> Shape:
        return self._all[id].shape

    def kind(self, id: str) -> int:
        """The tag of ``id``."""
        return self._all[id].kind

    def has(self, id: str) -> bool:
        return id in self._all

    def ids(self, kinds: int = ALL) -> list[str]:
        """Ids of the given kinds, in insertion order."""
        k = int(kinds)
        return [e.id for e in self._all.values() if e.kind & k]

    def __len__(self) -> int:
        return len(self._all)

    def __contains__(self, id: object) -> bool:
        return id in self._all

    # ------------------------------------------------------------ candidates

    def _edge_candidates(self, minx: float, miny: float, maxx: float, maxy: float) -> list[_EdgeBox]:
        """Gridded edges whose cells meet the box, with their boxes (minx, miny, maxx,
        maxy, entry): each once, in index order; the list is shared between queries
        over the same cells: never change it."""
        grid = self._grid
        ix0 = 0
        ix1 = -1
        iy0 = 0
        iy1 = -1
        scan_all = not (math.isfinite(minx) and math.isfinite(miny)
                        and math.isfinite(maxx) and math.isfinite(maxy))
        if not scan_all:
            ix0 = math.floor(minx / CELL)
            ix1 = math.floor(maxx / CELL)
            iy0 = math.floor(miny / CELL)
            iy1 = math.floor(maxy / CELL)
            scan_all = (ix1 - ix0 + 1) * (iy1 - iy0 + 1) > 4 * len(grid)
            if scan_all:
                ix0 = iy0 = 0
                ix1 = iy1 = -1
        memo = self._cells_memo
        key = (ix0, iy0, ix1, iy1)  # (0, 0, -1, -1): every cell
        got = memo.get(key)
        if got is not None:
            return got
        self._query += 1
        q = self._query
        stamp = self._stamp
        found: list[int] = []
        if scan_all:
            for cell in grid.values():
                for i in cell:
                    if stamp[i] != q:
                        stamp[i] = q
                        found.append(i)
        else:
            for ix in range(ix0, ix1 + 1):
                for iy in range(iy0, iy1 + 1):
                    here = grid.get((ix, iy))
                    if here is None:
                        continue
                    for i in here:
                        if stamp[i] != q:
                            stamp[i] = q
                            found.append(i)
        found.sort()
        edges = self._edges
        out: list[_EdgeBox] = []
        for i in found:
            o = edges[i].shape
            out.append((o.minx, o.miny, o.maxx, o.maxy, edges[i]))
        if len(memo) >= 8192:
            memo.clear()
        memo[key] = out
        return out

    def _candidates(self, k: int, minx: float, miny: float, maxx: float, maxy: float,
                    strict: bool) -> list[_Entry]:
        """Things of kinds ``k`` whose boxes meet the box (overlap with positive
        measure if ``strict``, else touching counts): edges first, then the rest tag
        by tag (in no order a caller may rely on: every query breaks ties by insertion
        order)."""
        out: list[_Entry] = []
        if k & self.edge_kind and self._edges:
            boxes = self._edge_candidates(minx, miny, maxx, maxy)
            if strict:
                for x0, y0, x1, y1, e in boxes:
                    if not (x0 >= maxx or x1 <= minx or y0 >= maxy or y1 <= miny):
                        out.append(e)
            else:
                for x0, y0, x1, y1, e in boxes:
                    if not (x0 > maxx or x1 < minx or y0 > maxy or y1 < miny):
                        out.append(e)
        for tag, group in self._by_kind.items():
            if not tag & k:
                continue
            for e in group.values():
                o = e.shape
                if strict:
                    if o.minx >= maxx or o.maxx <= minx or o.miny >= maxy or o.maxy <= miny:
                        continue
                elif o.minx > maxx or o.maxx < minx or o.miny > maxy or o.maxy < miny:
                    continue
                out.append(e)
        return out

    def in_box(self, kinds: int, minx: float, miny: float, maxx: float, maxy: float,
               ignore: Collection[str] = _NO_IDS) -> list[tuple[str, int, int, Shape]]:
        """(id, tag, insertion order, shape) of the things of ``kinds`` whose boxes
        meet the box (touching counts), not in ``ignore``, in insertion order: the
        culling the query modules (approach, sides, sight, group) build on."""
        out = [(e.id, e.kind, e.order, e.shape)
               for e in self._candidates(int(kinds), minx, miny, maxx, maxy, False)
               if not (ignore and e.id in ignore)]
        out.sort(key=_in_box_key)
        return out

    # ------------------------------------------------------------ moves

    def first_contact(self, shape: Shape, dx: float, dy: float, kinds: int = ALL,
                      ignore: Collection[str] = _NO_IDS) -> Contact | None:
        """Earliest contact of ``shape`` moved by (dx, dy) with anything of
        ``kinds`` not in ``ignore`` (see ``geometry.time_of_impact``); ties by
        insertion order."""
        return self._first(shape, dx, dy, int(kinds), ignore, None)

    def first_contact_id(self, id: str, dx: float, dy: float, kinds: int = ALL,
                         ignore: Collection[str] = _NO_IDS) -> Contact | None:
        """``first_contact`` for the thing ``id`` (which never hits itself)."""
        return self._first(self._all[id].shape, dx, dy, int(kinds), ignore, id)

    def _first(self, shape: Shape, dx: float, dy: float, k: int, ignore: Collection[str],
               self_id: str | None) -> Contact | None:
        minx = shape.minx
        miny = shape.miny
        maxx = shape.maxx
        maxy = shape.maxy
        if dx > 0.0:
            maxx += dx
        else:
            minx += dx
        if dy > 0.0:
            maxy += dy
        else:
            miny += dy
        cx = shape.cx
        cy = shape.cy
        rb = shape.bound
        dd = dx * dx + dy * dy
        best_t = _INF
        best: _Entry | None = None
        for e in self._candidates(k, minx, miny, maxx, maxy, True):
            if e.id == self_id or (ignore and e.id in ignore):
                continue
            o = e.shape
            # bounding circles: distance from o's centre to the centre's path
            wx = o.cx - cx
            wy = o.cy - cy
            if dd > 0.0:
                f = (wx * dx + wy * dy) / dd
                if f > 1.0:
                    f = 1.0
                elif f < 0.0:
                    f = 0.0
                wx -= f * dx
                wy -= f * dy
            rr = rb + o.bound
            if wx * wx + wy * wy >= rr * rr:
                continue
            t = time_of_impact(shape, dx, dy, o)
            if t is None:
                continue
            if t < best_t or (t == best_t and best is not None and e.order < best.order):
                best_t = t
                best = e
        if best is None:
            return None
        return Contact(best_t, best_t * math.sqrt(dd), best.id, best.kind)

    def all_contacts(self, shape: Shape, dx: float, dy: float, kinds: int = ALL,
                     ignore: Collection[str] = _NO_IDS) -> list[Contact]:
        """Everything the move would touch (as if passing through), sorted by
        (frac, insertion order)."""
        k = int(kinds)
        minx = min(shape.minx, shape.minx + dx)
        miny = min(shape.miny, shape.miny + dy)
        maxx = max(shape.maxx, shape.maxx + dx)
        maxy = max(shape.maxy, shape.maxy + dy)
        ln = math.hypot(dx, dy)
        hits: list[tuple[float, int, _Entry]] = []
        for e in self._candidates(k, minx, miny, maxx, maxy, True):
            if ignore and e.id in ignore:
                continue
            t = time_of_impact(shape, dx, dy, e.shape)
            if t is not None:
                hits.append((t, e.order, e))
        hits.sort(key=_hit_key)
        return [Contact(t, t * ln, e.id, e.kind) for t, _, e in hits]

    def first_rotation_contact(self, shape: Shape, px: float, py: float, dtheta_deg: float,
                               kinds: int = ALL,
                               ignore: Collection[str] = _NO_IDS) -> Contact | None:
        """Earliest contact of ``shape`` rotated about (px, py) by ``dtheta_deg``;
        ``dist`` is the angle in degrees turned before contact."""
        k = int(kinds)
        if shape.kind == 2:
            reach = math.hypot(shape.cx - px, shape.cy - py) + shape.radius
        else:
            reach = 0.0
            for i in range(len(shape.xs)):
                d = math.hypot(shape.xs[i] - px, shape.ys[i] - py)
                if d > reach:
                    reach = d
        best_t = _INF
        best: _Entry | None = None
        for e in self._candidates(k, px - reach, py - reach, px + reach, py + reach, True):
            if ignore and e.id in ignore:
                continue
            o = e.shape
            if math.hypot(o.cx - px, o.cy - py) - o.bound >= reach:
                continue
            t = rotation_toi(shape, px, py, dtheta_deg, o)
            if t is None:
                continue
            if t < best_t or (t == best_t and best is not None and e.order < best.order):
                best_t = t
                best = e
        if best is None:
            return None
        return Contact(best_t, best_t * abs(dtheta_deg), best.id, best.kind)

    def exit_dist(self, shape: Shape, ux: float, uy: float, other_id: str) -> float | None:
        """Moving ``shape`` along the direction (ux, uy): inches after which it
        has completely passed ``other_id`` (no overlap left); None if the line
        never takes it into ``other_id``."""
        n = math.hypot(ux, uy)
        if not n > 0.0:
            raise ValueError("exit_dist needs a non-zero direction")
        o = self._all[other_id].shape
        ln = math.hypot(o.cx - shape.cx, o.cy - shape.cy) + 2.0 * (shape.bound + o.bound) + 1.0
        t = exit_time(shape, ux / n * ln, uy / n * ln, o)
        if t is None:
            return None
        return t * ln

    # ------------------------------------------------------------ distances

    def gap(self, id_a: str, id_b: str) -> float:
        return shape_gap(self._all[id_a].shape, self._all[id_b].shape)

    def gap_shape(self, shape: Shape, id: str) -> float:
        return shape_gap(shape, self._all[id].shape)

    def within(self, shape: Shape, kinds: int, d: float,
               ignore: Collection[str] = _NO_IDS) -> list[tuple[float, str]]:
        """Things of ``kinds`` whose gap to ``shape`` is <= d, sorted by (gap,
        insertion order)."""
        k = int(kinds)
        cx = shape.cx
        cy = shape.cy
        rb = shape.bound
        found: list[tuple[float, int, str]] = []
        for e in self._candidates(k, shape.minx - d, shape.miny - d, shape.maxx + d,
                                  shape.maxy + d, False):
            if ignore and e.id in ignore:
                continue
            o = e.shape
            rr = rb + o.bound + d
            wx = o.cx - cx
            wy = o.cy - cy
            if wx * wx + wy * wy > rr * rr:
                continue
            g = shape_gap(shape, o)
            if g <= d:
                found.append((g, e.order, e.id))
        found.sort()
        return [(g, i) for g, _, i in found]

    def nearest(self, shape: Shape, kinds: int = ALL, within: float = _INF,
                ignore: Collection[str] = _NO_IDS) -> tuple[float, str] | None:
        """The nearest thing of ``kinds`` (gap <= ``within``); ties by insertion order."""
        k = int(kinds)
        cx = shape.cx
        cy = shape.cy
        rb = shape.bound
        if within < _INF:
            cands = self._candidates(k, shape.minx - within, shape.miny - within,
                                     shape.maxx + within, shape.maxy + within, False)
        else:
            cands = []
            if k & self.edge_kind:
                cands = [e for e in self._edges if e.gridded]
            cands.extend(e for e in self._dyn.values() if e.kind & k)
        best_g = within
        best: _Entry | None = None
        for e in cands:
            if ignore and e.id in ignore:
                continue
            o = e.shape
            lower = math.hypot(o.cx - cx, o.cy - cy) - rb - o.bound
            if lower > best_g:
                continue
            g = shape_gap(shape, o)
            if g < best_g or (g == best_g and (best is None or e.order < best.order)):
                best_g = g
                best = e
        if best is None:
            return None
        return best_g, best.id

    def overlapping(self, shape: Shape, kinds: int = ALL,
                    ignore: Collection[str] = _NO_IDS) -> list[str]:
        """Things of ``kinds`` that ``shape`` penetrates deeper than EPS, in insertion order."""
        k = int(kinds)
        out: list[_Entry] = []
        for e in self._candidates(k, shape.minx, shape.miny, shape.maxx, shape.maxy, True):
            if ignore and e.id in ignore:
                continue
            if penetrates(shape, e.shape):
                out.append(e)
        out.sort(key=_order_key)
        return [e.id for e in out]


def _order_key(e: _Entry) -> int:
    return e.order


def _in_box_key(h: tuple[str, int, int, Shape]) -> int:
    return h[2]


def _hit_key(h: tuple[float, int, _Entry]) -> tuple[float, int]:
    return h[0], h[1]


__all__ = ["ALL", "CELL", "Contact", "Segment", "Table"]
