"""A static bounding-box tree: which items' boxes meet a query box, and the item
nearest a query. The checks of a level use it so a check looks only at what is near
(a 2000-point polyline, 200 obstacles of 64 points); any level's checks may.
"""

from __future__ import annotations

import heapq
import math
from typing import Callable, Final, Sequence

from game.levels.plane import Point

Box = tuple[float, float, float, float]

def _seg_box(a: Point, b: Point, grow: float = 0.0) -> Box:
    return (min(a[0], b[0]) - grow, min(a[1], b[1]) - grow, max(a[0], b[0]) + grow, max(a[1], b[1]) + grow)


def _box_dist2(a: Box, b: Box) -> float:
    dx = max(0.0, a[0] - b[2], b[0] - a[2])
    dy = max(0.0, a[1] - b[3], b[1] - a[3])
    return dx * dx + dy * dy


class BoxTree:
    """A static bounding-box tree over items given by their boxes (x0, y0, x1, y1):
    which items' boxes meet a query box, and the item nearest a query by a distance
    that is never less than the box distance."""

    LEAF: Final[int] = 8

    def __init__(self, boxes: Sequence[Box]) -> None:
        self.boxes = list(boxes)
        self.order = list(range(len(self.boxes)))
        self.node_box: list[Box] = []
        self.kids: list[tuple[int, int]] = []
        self.span: list[tuple[int, int]] = []
        if self.boxes:
            self._build(0, len(self.boxes))

    def _build(self, lo: int, hi: int) -> int:
        items = self.order[lo:hi]
        bs = self.boxes
        node = len(self.node_box)
        self.node_box.append(
            (min(bs[i][0] for i in items), min(bs[i][1] for i in items), max(bs[i][2] for i in items),
             max(bs[i][3] for i in items))
        )
        self.kids.append((-1, -1))
        self.span.append((lo, hi))
        if hi - lo > self.LEAF:
            cx = [bs[i][0] + bs[i][2] for i in items]
            cy = [bs[i][1] + bs[i][3] for i in items]
            axis = 0 if max(cx) - min(cx) >= max(cy) - min(cy) else 1
            items.sort(key=lambda i: bs[i][axis] + bs[i][axis + 2])
            self.order[lo:hi] = items
            mid = (lo + hi) // 2
            left = self._build(lo, mid)
            right = self._build(mid, hi)
            self.kids[node] = (left, right)
        return node

    def query(self, qx0: float, qy0: float, qx1: float, qy1: float) -> list[int]:
        """The items whose boxes meet the query box, in increasing order."""
        out: list[int] = []
        if not self.node_box:
            return out
        stack = [0]
        bs = self.boxes
        while stack:
            k = stack.pop()
            bx0, by0, bx1, by1 = self.node_box[k]
            if bx0 > qx1 or bx1 < qx0 or by0 > qy1 or by1 < qy0:
                continue
            left, right = self.kids[k]
            if left < 0:
                lo, hi = self.span[k]
                for i in self.order[lo:hi]:
                    b = bs[i]
                    if not (b[0] > qx1 or b[2] < qx0 or b[1] > qy1 or b[3] < qy0):
                        out.append(i)
            else:
                stack.append(left)
                stack.append(right)
        out.sort()
        return out

    def nearest(self, q: Box, dist: Callable[[int], float], *, squared: bool = True) -> tuple[float, int]:
        """(smallest dist(i), i) over all items (ties: the smallest i). dist(i) must be at
        least the distance between q and item i's box (squared if `squared`).
        (inf, -1) if the tree is empty."""
        best = (math.inf, -1)
        if not self.node_box:
            return best
        bound: Callable[[Box, Box], float] = (
            _box_dist2 if squared else (lambda a, b: math.sqrt(_box_dist2(a, b)))
        )
        heap: list[tuple[float, int]] = [(bound(self.node_box[0], q), 0)]
        while heap:
            lb, k = heapq.heappop(heap)
            if lb > best[0] * (1 + 1e-9) + 1e-12:
                break
            left, right = self.kids[k]
            if left < 0:
                lo, hi = self.span[k]
                for i in self.order[lo:hi]:
                    d = dist(i)
                    if d < best[0] or (d == best[0] and i < best[1]):
                        best = (d, i)
            else:
                for c in (left, right):
                    heapq.heappush(heap, (bound(self.node_box[c], q), c))
        return best
