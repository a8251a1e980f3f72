"""The racing line of a Doomwheel course, as the AI reads it: how far round the race
a wheel is, and which way the line goes from where it stands.

Laps are counted through ordered lap lines (the checkpoints, then the start line;
docs/doomwheel-rulings.md): a line counts only when the wheel's centre crosses it
going forward, and only the next line in order counts. So the measure is a
distance-to-go field per stretch of the lap: on a 0.5" grid of the track where a
wheel's centre fits (clear of the edges; the crossings are open, as the engine cuts
their edges away), the shortest way to the next lap line arriving from behind it.
The line itself is a wall in its own field: a wheel that went into the wrong loop
of an eight (or round the wrong way) has to come all the way round, so it is far
from the line, never "ahead". Shortest ways hug the inside of the bends: the field
is the racing line.

Progress is in inches: the lap's stretches laid end to end (each stretch's length
is its field's value at the previous line), less the distance still to go in the
stretch the wheel is on. Nothing here decides a rule; it is the AI's measure.
"""

from __future__ import annotations

import heapq
import math
from typing import Any

from game.levels.course import Course
from game.rules.doomwheel.geo import seg_cross, track_barriers
from game.table import geometry as g
from game.table.table import Table
from game.rules.doomwheel.kinds import Kind

CELL = 0.5  # grid spacing, inches
CLEAR = 1.0  # a wheel's centre stays this far from an edge (its base is 1.97" wide)
SEED = 0.75  # cells this close behind a lap line have arrived at it
LOOK = 8.0  # the racing line's aim point, this far along the way ahead
FAR = 60.0  # distance-to-go for a point off the grid, beyond what a field says
STEPS = ((1, 0, 1.0), (-1, 0, 1.0), (0, 1, 1.0), (0, -1, 1.0),
         (1, 1, math.sqrt(2)), (1, -1, math.sqrt(2)), (-1, 1, math.sqrt(2)), (-1, -1, math.sqrt(2)),
         (2, 1, math.sqrt(5)), (1, 2, math.sqrt(5)), (-2, 1, math.sqrt(5)), (-1, 2, math.sqrt(5)),
         (2, -1, math.sqrt(5)), (1, -2, math.sqrt(5)), (-2, -1, math.sqrt(5)), (-1, -2, math.sqrt(5)))

Cell = tuple[int, int]
Line = tuple[tuple[float, float], tuple[float, float]]


class Track:
    """Distance-to-go fields, one per lap line (in lap order), and the stretches'
    lengths."""

    def __init__(self, course: Course) -> None:
        self.course = course
        barriers = track_barriers(course)
        edges = Table(barriers, Kind.EDGE)
        x0, y0, x1, y1 = _bbox(course)
        self.i0, self.j0 = math.floor(x0 / CELL), math.floor(y0 / CELL)
        ni, nj = math.ceil(x1 / CELL) - self.i0 + 1, math.ceil(y1 / CELL) - self.j0 + 1
        free: set[Cell] = set()
        for a in range(ni):
            for b in range(nj):
                x, y = (self.i0 + a) * CELL, (self.j0 + b) * CELL
                if course.contains(x, y) and not edges.within(g.make_circle(x, y, CLEAR), Kind.EDGE, 0.0):
                    free.add((self.i0 + a, self.j0 + b))
        self.free = free
        lines = list(course.checkpoints) + [course.start]
        dirs: list[tuple[float, float]] = []
        for (ax, ay), (bx, by) in lines:
            dirs.append(course.tangent_at(course.progress((ax + bx) / 2, (ay + by) / 2)))
        self.lines = lines
        self.dirs = dirs
        self._aims: dict[tuple[int, int, int], tuple[float, float]] = {}
        n = len(lines)
        # fields from the last line back: crossing line k lands where field k+1
        # takes over, so progress runs on across every line; the start line is seeded
        # with what crossing it there costs the next lap (second pass)
        self.fields: list[dict[Cell, float]] = [{} for _ in range(n)]
        self.lap = 0.0
        for _ in range(2):
            for k in range(n - 1, -1, -1):
                nxt = (k + 1) % n
                if k == n - 1:
                    seed = (lambda x, y: max(0.0, self.to_go(0, x, y) - self.lap)) if self.lap else None
                else:
                    seed = (lambda x, y, nxt=nxt: self._value(nxt, x, y))
                walls = [lines[k - 1]] if k > 0 else []
                self.fields[k] = self._field(lines[k], dirs[k], seed, walls)
            self.lap = self._at_line(self.fields[0], lines[n - 1], dirs[n - 1])

    # --- building -------------------------------------------------------------------
    def _field(self, line: Line, fwd: tuple[float, float], seed: Any = None,
               walls: list[Line] | None = None) -> dict[Cell, float]:
        """Shortest way (through cells a wheel's centre fits) to cross `line` going
        forward; `seed(x, y)` is what is left to go once across it at (x, y). The
        line itself and `walls` (the line before it: going back over a passed line
        only turns a wheel round) cannot be crossed."""
        blocks = [line] + list(walls or [])
        (ax, ay), (bx, by) = line
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dist: dict[Cell, float] = {}
        heap: list[tuple[float, Cell]] = []
        for c in sorted(self.free):
            x, y = c[0] * CELL, c[1] * CELL
            if (x - mx) * fwd[0] + (y - my) * fwd[1] < 0 and _seg_dist(x, y, ax, ay, bx, by) <= SEED:
                d0 = 0.0 if seed is None else seed(x + fwd[0] * 2 * SEED, y + fwd[1] * 2 * SEED)
                dist[c] = d0
                heap.append((d0, c))
        heapq.heapify(heap)
        while heap:
            d, c = heapq.heappop(heap)
            if d > dist.get(c, math.inf):
                continue
            p = (c[0] * CELL, c[1] * CELL)
            for di, dj, step in STEPS:
                nb = (c[0] + di, c[1] + dj)
                if nb not in self.free:
                    continue
                if abs(di) + abs(dj) == 3 and ((c[0] + di, c[1]) not in self.free or (c[0], c[1] + dj) not in self.free):
                    continue
                nd = d + step * CELL
                if nd >= dist.get(nb, math.inf):
                    continue
                q = (nb[0] * CELL, nb[1] * CELL)
                if any(seg_cross(p, q, a, b) or seg_cross(q, p, a, b) for a, b in blocks):
                    continue
                dist[nb] = nd
                heapq.heappush(heap, (nd, nb))
        return dist

    def _at_line(self, field: dict[Cell, float], line: tuple[tuple[float, float], tuple[float, float]],
                 fwd: tuple[float, float]) -> float:
        """The field's value just beyond `line` (the stretch's length)."""
        (ax, ay), (bx, by) = line
        mx, my = (ax + bx) / 2, (ay + by) / 2
        best = math.inf
        for c, d in field.items():
            x, y = c[0] * CELL, c[1] * CELL
            if (x - mx) * fwd[0] + (y - my) * fwd[1] >= 0 and _seg_dist(x, y, ax, ay, bx, by) <= SEED:
                best = min(best, d)
        return best if math.isfinite(best) else 0.0

    # --- questions ---------------------------------------------------------------------
    def to_go(self, k: int, x: float, y: float) -> float:
        """What is left of the lap from (x, y) for a wheel whose next lap line is `k`
        (behind the line it passed last, it first has to cross that again)."""
        return self._value(self._field_for(k, x, y), x, y)

    def _field_for(self, k: int, x: float, y: float) -> int:
        if k > 0 and self._value(k - 1, x, y) < self._value(k, x, y):
            return k - 1
        return k

    def _value(self, k: int, x: float, y: float) -> float:
        field = self.fields[k]
        ci, cj = round(x / CELL), round(y / CELL)
        best = math.inf
        for r in (1, 3):
            for di in range(-r, r + 1):
                for dj in range(-r, r + 1):
                    d = field.get((ci + di, cj + dj))
                    if d is not None:
                        e = d + math.hypot(x - (ci + di) * CELL, y - (cj + dj) * CELL)
                        if e < best:
                            best = e
            if best < math.inf:
                return best
        return FAR + (self.lap or 100.0)

    def progress(self, w: Any) -> float:
        """Inches of the race the wheel has run (whole laps, then this lap's way)."""
        return (w.laps + 1) * self.lap - self.to_go(w.next_cp, w.x, w.y)

    def moved(self, w: Any, x: float, y: float, heading: float | None = None) -> Any:
        """A copy of the wheel slid straight to (x, y), with the next lap line counted
        as passed if the slide crosses it going forward (as the engine counts lines:
        its seg_cross and the line's forward direction), for valuing slides and slips
        the engine has not made."""
        from dataclasses import replace
        m = replace(w, x=x, y=y, heading=w.heading if heading is None else heading)
        k = w.next_cp
        a, b = self.lines[k]
        fx, fy = self.dirs[k]
        if (x - w.x) * fx + (y - w.y) * fy > 0 and seg_cross((w.x, w.y), (x, y), a, b):
            if k < len(self.lines) - 1:
                m.next_cp = k + 1
            else:
                m.next_cp, m.laps = 0, w.laps + 1
        return m

    def race_length(self, laps: int) -> float:
        return laps * self.lap

    def ahead(self, w: Any, dist: float) -> tuple[float, float]:
        """The point `dist` inches along the shortest way ahead of the wheel (on into
        the next stretch past the line)."""
        k = self._field_for(w.next_cp, w.x, w.y)
        x, y = w.x, w.y
        left = dist
        for _ in range(3):
            x, y, left = self._walk(k, x, y, left)
            if left <= 1e-9:
                break
            fx, fy = self.dirs[k]  # at the line: step across it into the next stretch
            x, y = x + fx * 2 * SEED, y + fy * 2 * SEED
            left -= 2 * SEED
            k = (k + 1) % len(self.fields)
        return x, y

    def aim(self, w: Any) -> float:
        """The heading (degrees) from the wheel toward the point LOOK inches along the
        shortest way ahead (from the grid cell it stands on: memoised)."""
        key = (w.next_cp, round(w.x / CELL), round(w.y / CELL))
        got = self._aims.get(key)
        if got is None:
            got = self._aims[key] = self.ahead(w, LOOK)
        x, y = got
        if math.hypot(x - w.x, y - w.y) < 1e-6:
            return float(w.heading)
        return math.degrees(math.atan2(y - w.y, x - w.x)) % 360.0

    def _walk(self, k: int, x: float, y: float, left: float) -> tuple[float, float, float]:
        """Go down field k from (x, y) for `left` inches (or to the line)."""
        field = self.fields[k]
        c = (round(x / CELL), round(y / CELL))
        if c not in field:
            near = [(math.hypot(x - (c[0] + di) * CELL, y - (c[1] + dj) * CELL), (c[0] + di, c[1] + dj))
                    for di in range(-3, 4) for dj in range(-3, 4) if (c[0] + di, c[1] + dj) in field]
            if not near:
                return x, y, left
            c = min(near)[1]
        px, py = x, y
        while left > 0:
            d = field[c]
            if d <= 0:
                break
            best = c
            for di, dj, step in STEPS:
                nb = (c[0] + di, c[1] + dj)
                v = field.get(nb)
                if v is not None and v < field[best] - 1e-9 and abs(d - step * CELL - v) < 1e-6:
                    best = nb
                    break
            if best == c:
                break
            nx, ny = best[0] * CELL, best[1] * CELL
            left -= math.hypot(nx - px, ny - py)
            px, py, c = nx, ny, best
        return px, py, max(0.0, left)


def _bbox(course: Course) -> tuple[float, float, float, float]:
    pts = course.outline()
    return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)


def _seg_dist(x: float, y: float, ax: float, ay: float, bx: float, by: float) -> float:
    dx, dy = bx - ax, by - ay
    ln2 = dx * dx + dy * dy
    t = 0.0 if ln2 <= 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / ln2))
    return math.hypot(x - ax - t * dx, y - ay - t * dy)


_TRACKS: dict[int, Track] = {}


def track_of(course: Course) -> Track:
    """The course's Track (kept per course object; a course is immutable)."""
    t = _TRACKS.get(id(course))
    if t is None or t.course is not course:
        if len(_TRACKS) > 16:
            _TRACKS.clear()
        t = _TRACKS[id(course)] = Track(course)
    return t
