"""Places text labels on the table clear of the pieces, the ghost and each other
(issue 12 items 16 and 20): each label tries candidate spots around its anchor, in
order of preference, and takes the first that overlaps nothing already there (the
pieces' screen rectangles, the ghost, the board's START / FINISH words, the labels
placed before it); when every spot overlaps something, the one that covers least.
Every label placed is itself in the way of the next. Pure rectangle arithmetic on
pygame.Rect (no drawing)."""

from __future__ import annotations

import math
from typing import Iterable, Iterator

import pygame

GAP = 2  # pixels between a label and what it labels


class LabelPlacer:
    """One frame's labels: block what must stay visible, then place each label."""

    def __init__(self, bounds: pygame.Rect | None = None) -> None:
        self.bounds = bounds  # labels stay inside (the table's view)
        self.blocked: list[pygame.Rect] = []  # pieces, the ghost, markings
        self.placed: list[pygame.Rect] = []  # the labels so far

    def block(self, *rects: pygame.Rect) -> None:
        """Something no label may cover (a piece's rectangle on screen)."""
        self.blocked.extend(pygame.Rect(r) for r in rects)

    def block_points(self, points: Iterable[tuple[float, float]], pad: int = 0) -> None:
        """The bounding rectangle of a polygon on screen (a ghost base), grown by `pad`."""
        pts = list(points)
        if pts:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            self.blocked.append(pygame.Rect(math.floor(min(xs)) - pad, math.floor(min(ys)) - pad,
                                            math.ceil(max(xs) - min(xs)) + 2 * pad + 1,
                                            math.ceil(max(ys) - min(ys)) + 2 * pad + 1))

    def clear(self, rect: pygame.Rect, *, ignore: pygame.Rect | None = None) -> bool:
        """Does `rect` overlap nothing (but `ignore`, the label's own piece when asked)?"""
        return self.cover(rect, ignore) == 0

    def cover(self, rect: pygame.Rect, ignore: pygame.Rect | None = None) -> int:
        """How many pixels of `rect` lie over what is there (inside the bounds: a spot
        partly outside them counts what is outside as covered)."""
        total = 0
        for r in self.blocked + self.placed:
            if ignore is not None and r == ignore:
                continue
            c = rect.clip(r)
            total += c.w * c.h
        if self.bounds is not None:
            inside = rect.clip(self.bounds)
            total += rect.w * rect.h - inside.w * inside.h
        return total

    def place(self, size: tuple[int, int], spots: Iterable[pygame.Rect],
              ignore: pygame.Rect | None = None) -> pygame.Rect:
        """The first spot that covers nothing, else the one covering least; it
        becomes a placed label (in the way of the next)."""
        best: pygame.Rect | None = None
        best_cover = -1
        for spot in spots:
            c = self.cover(spot, ignore)
            if c == 0:
                best = spot
                break
            if best is None or c < best_cover:
                best, best_cover = spot, c
        if best is None:
            best = pygame.Rect(0, 0, *size)
        self.placed.append(best)
        return best


def around(piece: pygame.Rect, size: tuple[int, int], rings: int = 3) -> Iterator[pygame.Rect]:
    """Spots for a label of `size` around a piece: below it (the usual place), above,
    right, left, then the corners; then the same a little further out."""
    w, h = size
    for ring in range(rings):
        g = GAP + ring * (h // 2 + 4)
        r = piece.inflate(2 * g, 2 * g)
        yield pygame.Rect(r.centerx - w // 2, r.bottom, w, h)  # below
        yield pygame.Rect(r.centerx - w // 2, r.top - h, w, h)  # above
        yield pygame.Rect(r.right, r.centery - h // 2, w, h)  # right
        yield pygame.Rect(r.left - w, r.centery - h // 2, w, h)  # left
        yield pygame.Rect(r.right, r.bottom, w, h)
        yield pygame.Rect(r.left - w, r.bottom, w, h)
        yield pygame.Rect(r.right, r.top - h, w, h)
        yield pygame.Rect(r.left - w, r.top - h, w, h)


def beside(p0: tuple[float, float], p1: tuple[float, float], size: tuple[int, int]) -> Iterator[pygame.Rect]:
    """Spots for a label along a line on screen (the tape from a racer to its ghost):
    off the middle of the line to one side or the other at growing distances, then
    off its quarter points, then beyond its far end."""
    w, h = size
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    d = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / d, dx / d
    if ny > 0 or (ny == 0 and nx > 0):  # the first side tried is the upper one on screen
        nx, ny = -nx, -ny
    reach = abs(nx) * w / 2 + abs(ny) * h / 2  # centre to edge of the label, across the line
    for t in (0.5, 0.3, 0.7):
        mx, my = p0[0] + dx * t, p0[1] + dy * t
        for off in (reach + 6, reach + 18, reach + 34, reach + 56):
            for side in (1, -1):
                cx, cy = mx + nx * off * side, my + ny * off * side
                yield pygame.Rect(round(cx - w / 2), round(cy - h / 2), w, h)
    ex, ey = dx / d, dy / d
    for extra in (10, 30):  # beyond the far end of the line
        off = abs(ex) * w / 2 + abs(ey) * h / 2 + extra
        yield pygame.Rect(round(p1[0] + ex * off - w / 2), round(p1[1] + ey * off - h / 2), w, h)
