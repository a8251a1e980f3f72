"""The camera: table inches (y up) to screen pixels (y down), with pan, zoom, fit
and follow. Following eases (never jumps): `keep_in_view` moves the centre just
enough, a little each frame, to bring the pieces it is given into the middle of the
view; `clamp_to` keeps the view on the table board where the board is larger than
the view (and centres the board where it is not), so no empty band shows. Plain
arithmetic, no pygame."""

from __future__ import annotations

import math
from dataclasses import dataclass

ZONE = 0.2  # a glide brings followed pieces this fraction of the view away from its edges...
EDGE = 0.06  # ...and starts only when one comes this close to an edge (or leaves the view)
EASE = 4.0  # per second: the share of the way the camera goes each second (exponential)
MAX_SPEED = 1800.0  # pixels per second at most, so a far target is reached by a glide


@dataclass
class Camera:
    cx: float = 0.0  # table point at the centre of the view (inches)
    cy: float = 0.0
    ppi: float = 12.0  # pixels per inch
    vx: int = 0  # the view rectangle on screen (pixels)
    vy: int = 0
    vw: int = 800
    vh: int = 600
    min_ppi: float = 3.0
    max_ppi: float = 80.0
    gliding: bool = False  # on its way to bring followed pieces back to the middle

    def set_view(self, x: int, y: int, w: int, h: int) -> None:
        self.vx, self.vy, self.vw, self.vh = x, y, max(1, w), max(1, h)

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return (self.vx + self.vw / 2 + (x - self.cx) * self.ppi,
                self.vy + self.vh / 2 - (y - self.cy) * self.ppi)

    def to_table(self, sx: float, sy: float) -> tuple[float, float]:
        return (self.cx + (sx - self.vx - self.vw / 2) / self.ppi,
                self.cy - (sy - self.vy - self.vh / 2) / self.ppi)

    def pan_pixels(self, dx: float, dy: float) -> None:
        self.cx -= dx / self.ppi
        self.cy += dy / self.ppi

    def zoom_at(self, factor: float, sx: float, sy: float) -> None:
        """Zoom keeping the table point under (sx, sy) where it is."""
        tx, ty = self.to_table(sx, sy)
        self.ppi = self._q(self.ppi * factor)
        nx, ny = self.to_table(sx, sy)
        self.cx += tx - nx
        self.cy += ty - ny

    def fit(self, minx: float, miny: float, maxx: float, maxy: float, margin: float = 2.0) -> None:
        w = max(1e-6, maxx - minx + 2 * margin)
        h = max(1e-6, maxy - miny + 2 * margin)
        self.ppi = self._q(min(self.vw / w, self.vh / h))
        self.cx = (minx + maxx) / 2
        self.cy = (miny + maxy) / 2

    def _q(self, ppi: float) -> float:
        """Zoom levels in steps of 0.1 px per inch, so the cached board is drawn 1:1."""
        return round(min(self.max_ppi, max(self.min_ppi, ppi)), 1)

    def follow(self, x: float, y: float, rate: float = 1.0) -> None:
        self.cx += (x - self.cx) * rate
        self.cy += (y - self.cy) * rate

    def wanted_centre(self, points: list[tuple[float, float]], zone: float = ZONE) -> tuple[float, float]:
        """The centre nearest the current one that puts the points inside the view's
        middle (`zone` of each side left free); the first points win when they do not
        all fit (the list goes most important first)."""
        room_w = self.vw * (1 - 2 * zone) / self.ppi
        room_h = self.vh * (1 - 2 * zone) / self.ppi
        pts = self.fitting(points, zone)
        if not pts:
            return self.cx, self.cy

        def axis(c: float, lo: float, hi: float, room: float) -> float:
            if hi - lo > room:
                return (lo + hi) / 2
            return min(max(c, hi - room / 2), lo + room / 2)

        return (axis(self.cx, min(p[0] for p in pts), max(p[0] for p in pts), room_w),
                axis(self.cy, min(p[1] for p in pts), max(p[1] for p in pts), room_h))

    def fitting(self, points: list[tuple[float, float]], zone: float = ZONE) -> list[tuple[float, float]]:
        """The first points (most important first) that fit together in the view's middle."""
        room_w = self.vw * (1 - 2 * zone) / self.ppi
        room_h = self.vh * (1 - 2 * zone) / self.ppi
        pts = list(points)
        while len(pts) > 1 and (max(p[0] for p in pts) - min(p[0] for p in pts) > room_w
                                or max(p[1] for p in pts) - min(p[1] for p in pts) > room_h):
            pts.pop()
        return pts

    def glide_to(self, x: float, y: float, dt: float) -> float:
        """Move the centre toward (x, y): an exponential ease, at most MAX_SPEED.
        Returns the pixels it is still away (0: there)."""
        f = 1.0 - math.exp(-EASE * max(0.0, dt))
        dx, dy = (x - self.cx) * f, (y - self.cy) * f
        step = math.hypot(dx, dy) * self.ppi
        cap = MAX_SPEED * max(0.0, dt)
        if step > cap > 0.0:
            dx, dy = dx * cap / step, dy * cap / step
        self.cx += dx
        self.cy += dy
        return math.hypot(x - self.cx, y - self.cy) * self.ppi

    def keep_in_view(self, points: list[tuple[float, float]], dt: float,
                     board: tuple[float, float, float, float] | None = None, zone: float = ZONE) -> float:
        """Ease toward the centre that keeps `points` in the middle of the view (and,
        given the board's rectangle, the view on the board), once one of them comes
        near an edge; while they all stand well inside, the camera stays still.
        Returns the pixels still to go."""
        margin = EDGE * min(self.vw, self.vh)
        if not self.gliding and all(self.sees(x, y, margin) for x, y in self.fitting(points, zone)):
            return 0.0
        x, y = self.wanted_centre(points, zone) if points else (self.cx, self.cy)
        if board is not None:
            x, y = self.clamped(x, y, *board)
        rest = self.glide_to(x, y, dt)
        self.gliding = rest > 0.5
        return rest

    def clamped(self, x: float, y: float, minx: float, miny: float, maxx: float,
                maxy: float) -> tuple[float, float]:
        """The centre nearest (x, y) whose view stays inside the rectangle (table
        inches) on each axis where the rectangle is the larger; on an axis where it
        is not, the rectangle's middle."""
        half_w, half_h = self.vw / 2 / self.ppi, self.vh / 2 / self.ppi
        x = (minx + maxx) / 2 if maxx - minx <= 2 * half_w else min(max(x, minx + half_w), maxx - half_w)
        y = (miny + maxy) / 2 if maxy - miny <= 2 * half_h else min(max(y, miny + half_h), maxy - half_h)
        return x, y

    def clamp_to(self, minx: float, miny: float, maxx: float, maxy: float) -> None:
        """Put the view on the rectangle at once (see `clamped`)."""
        self.cx, self.cy = self.clamped(self.cx, self.cy, minx, miny, maxx, maxy)

    def sees(self, x: float, y: float, margin: float = 0.0) -> bool:
        """Is the table point inside the view (`margin` pixels in from its edges)?"""
        sx, sy = self.to_screen(x, y)
        return (self.vx + margin <= sx <= self.vx + self.vw - margin
                and self.vy + margin <= sy <= self.vy + self.vh - margin)
