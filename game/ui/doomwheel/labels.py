"""Where the Doomwheel table's words and markers go (issue 12, item 20): the wheels'
names, the ghost's words (a move's tape, the bolt thrower's odds), the numbers on the
critters a move runs over, the start/finish line's words, the checkpoints' numbers and
the arrow at the next lap line never cover each other or a piece.

`Placer` is a greedy placer on the screen: the pieces (wheels, critters, bolt
throwers, the ghost's base along its way) are blocks; each label, in order of
importance, takes the first of its candidate spots that covers no block and no label
placed before it (else the one that covers least, pieces weighing most), and blocks
the labels after it. Spots are screen rectangles, pieces their bounding boxes.

The Wild Race table has its own placer (game.ui.table_view / its helper module): the
two do the same job and may be merged into one later.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pygame

Point = tuple[float, float]
PIECE = 4  # what covering a pixel of a piece costs, against a label's 2 and a soft mark's 1
LABEL = 2
SOFT = 1


class Placer:
    """Blocks and placed labels of one frame, inside `bounds` (the table's view)."""

    def __init__(self, bounds: pygame.Rect) -> None:
        self.bounds = pygame.Rect(bounds)
        self.blocks: list[tuple[pygame.Rect, int, str]] = []  # (rect, weight, tag)
        self.placed: list[tuple[str, pygame.Rect]] = []  # (what, where): for tests and drawing

    def piece(self, rect: pygame.Rect, weight: int = PIECE, tag: str = "piece") -> None:
        """Something no label may cover (a piece, a placed marker); `tag` lets a
        label ignore a kind of block (the run-over numbers sit on the ghost's way)."""
        if rect.w > 0 and rect.h > 0:
            self.blocks.append((pygame.Rect(rect), weight, tag))

    def soft(self, rect: pygame.Rect) -> None:
        """A mark a label had better not cover (a lap arrow painted on the track)."""
        self.piece(rect, SOFT, "soft")

    def cost(self, rect: pygame.Rect, ignore: frozenset[str] = frozenset()) -> int:
        """What covering `rect` costs: the area of each block it covers, weighted,
        and the area outside the view."""
        total = 0
        for b, weight, tag in self.blocks:
            if tag not in ignore:
                clip = rect.clip(b)
                total += clip.w * clip.h * weight
        inside = rect.clip(self.bounds)
        total += (rect.w * rect.h - inside.w * inside.h) * PIECE
        return total

    def place(self, what: str, size: tuple[int, int], centres: Iterable[Point],
              ignore: frozenset[str] = frozenset(), clamp: bool = False) -> pygame.Rect:
        """The first candidate spot (centred on one of `centres`; with `clamp` moved
        inside the view) that covers nothing, else the cheapest; it then blocks later
        labels. A label of something off the view stays off it (clipped away)."""
        got = self._best(size, centres, ignore, clamp)
        rect = got[1] if got is not None else pygame.Rect(self.bounds.x, self.bounds.y, *size)
        self._take(what, rect)
        return rect

    def place_clear(self, what: str, size: tuple[int, int], centres: Iterable[Point],
                    ignore: frozenset[str] = frozenset()) -> pygame.Rect | None:
        """Like `place`, for a label that is better left out than covering something
        (a line's words, a checkpoint's number while a wheel stands on its line):
        None when every spot covers a piece or a label."""
        spots = list(centres)
        got = self._best(size, spots, ignore, False)  # clear of the painted arrows too, if it can
        if got is None or got[0] > 0:
            got = self._best(size, spots, ignore | {"soft"}, False)
        if got is None or got[0] > 0:
            return None
        self._take(what, got[1])
        return got[1]

    def _best(self, size: tuple[int, int], centres: Iterable[Point], ignore: frozenset[str],
              clamp: bool) -> tuple[int, pygame.Rect] | None:
        best: tuple[int, pygame.Rect] | None = None
        for c in centres:
            r = pygame.Rect(0, 0, size[0], size[1])
            r.center = (round(c[0]), round(c[1]))
            if clamp:
                r.clamp_ip(self.bounds)
            cost = self.cost(r, ignore)
            if best is None or cost < best[0]:
                best = (cost, r)
            if cost == 0:
                break
        return best

    def _take(self, what: str, rect: pygame.Rect) -> None:
        self.blocks.append((rect, LABEL, "label"))
        self.placed.append((what, rect))


def around(rect: pygame.Rect, size: tuple[int, int], gap: int = 2, rings: int = 3) -> list[Point]:
    """Spots for a label of `size` beside `rect`: below, above, right, left, then the
    corners, then the same further out (a piece's name, a marker's number)."""
    w, h = size
    out: list[Point] = []
    for k in range(rings):
        g = gap + k * (h + 2)
        cx, cy = rect.centerx, rect.centery
        below, above = rect.bottom + g + h / 2, rect.top - g - h / 2
        right, left = rect.right + g + w / 2, rect.left - g - w / 2
        out += [(cx, below), (cx, above), (right, cy), (left, cy),
                (right, below), (left, below), (right, above), (left, above)]
    return out


def along(a: Point, b: Point, fractions: Sequence[float], offset: float = 0.0) -> list[Point]:
    """Spots along the segment a-b (screen points) at `fractions` of it, `offset`
    pixels to each side of it (both sides, left first) or on it (offset 0)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / d, dx / d
    out: list[Point] = []
    for f in fractions:
        x, y = a[0] + dx * f, a[1] + dy * f
        if offset:
            out += [(x + nx * offset, y + ny * offset), (x - nx * offset, y - ny * offset)]
        else:
            out.append((x, y))
    return out


def beside_path(pts: Sequence[Point], size: tuple[int, int], pad: float) -> list[Point]:
    """Spots for the ghost's words about its way (screen points): above it, below it,
    beside its end and its start, then the corners and further out."""
    x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
    y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
    box = pygame.Rect(round(x0 - pad / 2), round(y0 - pad / 2), round(x1 - x0 + pad), round(y1 - y0 + pad))
    w, h = size
    cx = (x0 + x1) / 2
    ex, ey = pts[-1]
    out: list[Point] = [(cx, box.top - h / 2 - 6), (cx, box.bottom + h / 2 + 6),
                        (ex, ey - pad - h / 2 - 6), (ex, ey + pad + h / 2 + 6)]
    out += around(box, size, 6, rings=4)
    for f in (0.25, 0.75):  # across its middle, left and right
        out += [(box.left - w / 2 - 6, y0 + (y1 - y0) * f), (box.right + w / 2 + 6, y0 + (y1 - y0) * f)]
    return out


FRACTIONS = (0.5, 0.38, 0.62, 0.26, 0.74, 0.15, 0.85)
"""Where along a line its label or marker may go, best first."""


def base_rect(corners: Sequence[Point]) -> pygame.Rect:
    """The screen box of a base given by its corners."""
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 1,
                       math.ceil(max(ys) - min(ys)) + 1)


def tape_surface(font: pygame.font.Font, text: str) -> pygame.Surface:
    """The ghost's words on a dark tape, line by line."""
    lines = text.split("\n")
    rend = [font.render(t, True, (255, 250, 235)) for t in lines]
    w = max(r.get_width() for r in rend) + 12
    h = sum(r.get_height() for r in rend) + 8
    back = pygame.Surface((w, h), pygame.SRCALPHA)
    back.fill((20, 16, 12, 205))
    y = 4
    for r in rend:
        back.blit(r, (6, y))
        y += r.get_height()
    return back


def badge_surface(font: pygame.font.Font, text: str, fill: tuple[int, int, int],
                  ink: tuple[int, int, int], ring: tuple[int, int, int] | None = None) -> pygame.Surface:
    """A round badge with a number (a checkpoint's, a run-over critter's)."""
    t = font.render(text, True, ink)
    r = math.ceil(max(t.get_width(), t.get_height()) * 0.7)
    s = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
    pygame.draw.circle(s, fill, (r + 1, r + 1), r)
    if ring is not None:
        pygame.draw.circle(s, ring, (r + 1, r + 1), r, 1)
    s.blit(t, t.get_rect(center=(r + 1, r + 1)))
    return s


def line_text_surface(font: pygame.font.Font, text: str, angle: float) -> pygame.Surface:
    """A line's words (START / FINISH) with a shadow, turned along the line (never
    upside down)."""
    a = angle
    while a > 90:
        a -= 180
    while a < -90:
        a += 180
    img = font.render(text, True, (250, 248, 236))
    sh = font.render(text, True, (20, 22, 18))
    s = pygame.Surface((img.get_width() + 1, img.get_height() + 1), pygame.SRCALPHA)
    s.blit(sh, (1, 1))
    s.blit(img, (0, 0))
    return pygame.transform.rotate(s, a) if abs(a) > 1e-6 else s


def arrow_points(at: tuple[float, float], heading: float, size: float) -> list[tuple[float, float]]:
    """An arrow's outline in pixels: `size` pixels from tail to tip, centred on `at`,
    pointing along `heading` (degrees counter-clockwise from +x on the table; the
    screen's y runs down)."""
    ux, uy = math.cos(math.radians(heading)), -math.sin(math.radians(heading))
    nx, ny = -uy, ux
    shape = ((0.5, 0.0), (0.02, 0.34), (0.02, 0.12), (-0.5, 0.12), (-0.5, -0.12), (0.02, -0.12), (0.02, -0.34))
    return [(at[0] + (ux * f + nx * s) * size, at[1] + (uy * f + ny * s) * size) for f, s in shape]


def draw_arrow(surf: pygame.Surface, at: tuple[float, float], heading: float, size: float,
               fill: tuple[int, int, int], edge: tuple[int, int, int], outline: int = 1) -> None:
    """A lap arrow (see arrow_points) filled with `fill`, edged with `edge`."""
    pts = arrow_points(at, heading, size)
    pygame.draw.polygon(surf, fill, pts)
    pygame.draw.polygon(surf, edge, pts, outline)
