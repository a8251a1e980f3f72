"""Which way a lap runs on a Doomwheel course, for the window (issue 12, item 12).

A lap is the course's centre line from the start line round to it again, the way the
rules count lap lines (the checkpoints in order, then the start line: forward at a
line is the centre line's direction there, game.rules.doomwheel.geo). `Lap` answers
what the table and the move's aim ask of it:

- `arrows()`: points along the centre line, a few a lap, with the lap's heading
  (drawn on the board), kept clear of the lap lines, the obstacles and a
  figure-eight's crossing;
- `next_line(wheel)`: the lap line the wheel must cross next, its middle and the
  heading it is crossed with (the arrow drawn there for the wheel whose turn it is);
- `heading_at(wheel)` and `headings_ahead(wheel, xs, ys, reach)`: the lap's heading
  where the wheel is, and near points it could reach (the centre line searched only
  from the wheel's last lap line on: on a figure-eight the other strand at the
  crossing never counts).

Plain Python and numpy (no pygame, no rules): a measure for the window's words and
drawings, never a rule.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from game.rules.doomwheel.geo import lap_lines

LINE_CLEAR = 4.0  # inches of centre line kept free of arrows each side of a lap line
CROSS_CLEAR = 1.5  # inches beyond a crossing's radius kept free of arrows
ARROW_EVERY = 12.0  # inches between arrows (at least MIN_ARROWS a lap)
MIN_ARROWS = 5


class Lap:
    """The course's centre line as the lap runs, with its lap lines' places on it."""

    def __init__(self, course: Any) -> None:
        self.course = course
        pts = np.asarray(course.centre, dtype=float)
        self.a = pts[:-1]
        d = pts[1:] - pts[:-1]
        ln = np.hypot(d[:, 0], d[:, 1])
        keep = ln > 1e-9
        self.a, d, ln = self.a[keep], d[keep], ln[keep]
        self.d, self.ln = d, ln
        self.s0 = np.concatenate(([0.0], np.cumsum(ln)[:-1]))
        self.length = float(ln.sum())
        self.heading = np.degrees(np.arctan2(d[:, 1], d[:, 0])) % 360.0
        self.lines = lap_lines(course)
        self._arrows: dict[float, list[tuple[float, float, float]]] = {}
        self.line_s = [float(self._nearest(np.array([(a[0] + b[0]) / 2]), np.array([(a[1] + b[1]) / 2]))[0][0])
                       for a, b in self.lines]

    # --- the centre line ---------------------------------------------------------------
    def _nearest(self, xs: np.ndarray, ys: np.ndarray, lo: float | None = None,
                 hi: float | None = None) -> tuple[np.ndarray, np.ndarray]:
        """(arc length, segment index) of the centre-line point nearest each (x, y),
        searched within the arc window [lo, hi] (taken round the lap) when given."""
        segs = np.arange(len(self.s0))
        if lo is not None and hi is not None and hi - lo < self.length:
            # a segment counts if any of it lies in the window (arc lengths round the lap)
            start = (self.s0 - lo) % self.length
            inside = (start <= hi - lo) | (start + self.ln >= self.length)
            if inside.any():
                segs = segs[inside]
        a, d, ln = self.a[segs], self.d[segs], self.ln[segs]
        px, py = xs[:, None], ys[:, None]
        t = np.clip(((px - a[:, 0]) * d[:, 0] + (py - a[:, 1]) * d[:, 1]) / (ln ** 2), 0.0, 1.0)
        ex = a[:, 0] + t * d[:, 0] - px
        ey = a[:, 1] + t * d[:, 1] - py
        j = np.argmin(ex * ex + ey * ey, axis=1)
        i = segs[j]
        return self.s0[i] + t[np.arange(len(xs)), j] * self.ln[i], i

    def point(self, s: float) -> tuple[float, float, float]:
        """(x, y, heading) of the centre line at arc length `s` (round the lap)."""
        s %= self.length
        i = int(np.searchsorted(self.s0, s, side="right") - 1)
        i = max(0, min(i, len(self.s0) - 1))
        f = (s - self.s0[i]) / self.ln[i]
        return (float(self.a[i, 0] + f * self.d[i, 0]), float(self.a[i, 1] + f * self.d[i, 1]),
                float(self.heading[i]))

    def _stretch(self, next_cp: int) -> tuple[float, float]:
        """The arc window of the stretch a wheel heading for lap line `next_cp` is on
        (from the line before it), with a little either side."""
        n = len(self.line_s)
        k = max(0, min(int(next_cp), n - 1))
        lo, hi = self.line_s[k - 1], self.line_s[k]
        if hi <= lo:
            hi += self.length
        return lo - 3.0, hi + 3.0

    def progress(self, wheel: Any) -> float:
        """The wheel's place on the centre line (arc length), on its own stretch."""
        lo, hi = self._stretch(getattr(wheel, "next_cp", 0))
        s, _ = self._nearest(np.array([float(wheel.x)]), np.array([float(wheel.y)]), lo, hi)
        return float(s[0])

    # --- what the window asks --------------------------------------------------------------
    def heading_at(self, wheel: Any) -> float:
        """The lap's heading (degrees) where the wheel is."""
        return self.point(self.progress(wheel))[2]

    def headings_ahead(self, wheel: Any, xs: np.ndarray, ys: np.ndarray, reach: float) -> np.ndarray:
        """The lap's heading at the centre-line point nearest each (x, y), looked for
        from just behind the wheel to `reach` inches on round the lap."""
        s = self.progress(wheel)
        _, i = self._nearest(np.asarray(xs, dtype=float).ravel(), np.asarray(ys, dtype=float).ravel(),
                             s - 3.0, s + reach + 6.0)
        return self.heading[i].reshape(np.shape(xs))

    def next_line(self, wheel: Any) -> tuple[tuple[float, float], tuple[float, float], float]:
        """(one end, other end, heading) of the lap line the wheel crosses next."""
        n = len(self.lines)
        k = max(0, min(int(getattr(wheel, "next_cp", 0)), n - 1))
        a, b = self.lines[k]
        return a, b, self.point(self.line_s[k])[2]

    def arrows(self, every: float = ARROW_EVERY) -> list[tuple[float, float, float]]:
        """(x, y, heading) of the lap arrows: evenly round the lap, none on a lap line,
        in a crossing or on an obstacle (worked out once a course)."""
        got = self._arrows.get(every)
        if got is None:
            got = self._arrows[every] = self._find_arrows(every)
        return list(got)

    def _find_arrows(self, every: float) -> list[tuple[float, float, float]]:
        n = max(MIN_ARROWS, round(self.length / every))
        step = self.length / n
        crossings = list(getattr(self.course, "crossings", ()))
        out = []
        for k in range(n):
            s = (k + 0.5) * step
            for nudge in (0.0, step * 0.25, -step * 0.25, step * 0.4, -step * 0.4):
                x, y, h = self.point(s + nudge)
                if self._clear(s + nudge, x, y, crossings):
                    out.append((x, y, h))
                    break
        return out

    def _clear(self, s: float, x: float, y: float, crossings: list[Any]) -> bool:
        for ls in self.line_s:
            gap = abs((s - ls + self.length / 2) % self.length - self.length / 2)
            if gap < LINE_CLEAR:
                return False
        if any(math.hypot(x - o.x, y - o.y) < o.bounding_radius() + 1.5 for o in self.course.obstacles):
            return False
        return all(math.hypot(x - c.x, y - c.y) > c.radius + CROSS_CLEAR for c in crossings)


_LAPS: dict[int, Lap] = {}


def lap_of(course: Any) -> Lap:
    """The course's Lap (kept per course object; a course is immutable)."""
    got = _LAPS.get(id(course))
    if got is None or got.course is not course:
        if len(_LAPS) > 16:
            _LAPS.clear()
        got = _LAPS[id(course)] = Lap(course)
    return got


def turn_between(a: Any, b: Any) -> Any:
    """The smallest turn (degrees, 0-180) between headings a and b (numbers or arrays)."""
    return np.abs((np.asarray(a) - np.asarray(b) + 180.0) % 360.0 - 180.0)
