"""The camera: table inches (y up) to screen pixels (y down), with pan, zoom, fit
and follow. Plain arithmetic, no pygame."""

from __future__ import annotations

from dataclasses import dataclass


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
