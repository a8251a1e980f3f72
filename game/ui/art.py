"""Wild Table art: everything the table view draws, painted by code.

A painted-miniatures look on a grass board: racers are a horse and rider on a
coloured base, obstacles are little terrain pieces (hedges, stone walls, a fallen
statue, logs, ruins, boulders), the course is turf and packed earth bounded by a
wooden rail. Shapes are drawn supersampled and scaled down, so they stay smooth at
the small scales the table uses (8-40 pixels per inch).

Conventions: lengths are in inches, ``ppi`` is pixels per inch. Sprites face +x
(to the right); callers rotate them with ``pygame.transform.rotate``. Every
surface returned here is a fresh per-pixel-alpha ``pygame.Surface`` created
without ``convert_alpha`` (no display needed); the cached ones are shared, so
never draw on them (``.copy()`` first).

numpy is imported lazily, by the functions that need it (course, table, obstacle
shading), to keep start-up fast.
"""

from __future__ import annotations

import functools
import math
import os
import random
from collections.abc import Iterable, Sequence
from typing import Any

import pygame

from game.names import COLOUR_NAMES, COLOUR_NAMES_COLOUR_BLIND, colour_name  # noqa: F401 (the colours' names)

RGB = tuple[int, int, int]
Point = tuple[float, float]

# --- fonts -------------------------------------------------------------------------------

FONT_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                        "assets", "fonts")
_FONT_FILES = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}


def font_path(bold: bool = False) -> str:
    """The bundled font file (Noto Sans, SIL OFL 1.1: assets/fonts/OFL.txt)."""
    return os.path.join(FONT_DIR, _FONT_FILES[bool(bold)])


UI_SCALE = [1.0]  # the player's UI scale (settings); fonts are sized by it


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled Noto Sans at ``size`` pixels times the UI scale; never a system
    font. Cached."""
    return _font(max(1, round(size * UI_SCALE[0])), bold)


@functools.lru_cache(maxsize=64)
def _font(size: int, bold: bool) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(font_path(bold), size)


font.cache_clear = _font.cache_clear  # type: ignore[attr-defined]


# --- players: colours and marker shapes ------------------------------------------------------

PALETTE: tuple[RGB, ...] = (
    (214, 48, 49),    # red
    (41, 98, 216),    # blue
    (242, 196, 26),   # yellow
    (142, 68, 196),   # purple
    (240, 128, 24),   # orange
    (26, 188, 206),   # cyan
    (236, 102, 178),  # pink
    (240, 238, 230),  # white
)
# Okabe-Ito (with white instead of black): apart under protanopia, deuteranopia and
# tritanopia. Markers tell players apart too, never colour alone.
PALETTE_COLOUR_BLIND: tuple[RGB, ...] = (
    (230, 159, 0),    # orange
    (86, 180, 233),   # sky blue
    (0, 158, 115),    # bluish green
    (240, 228, 66),   # yellow
    (0, 114, 178),    # blue
    (213, 94, 0),     # vermillion
    (204, 121, 167),  # reddish purple
    (245, 245, 245),  # white
)
MARKERS: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "star", "hexagon", "cross", "ring")


def player_colour(index: int, colour_blind: bool = False) -> RGB:
    """Player ``index``'s colour (wraps after 8)."""
    pal = PALETTE_COLOUR_BLIND if colour_blind else PALETTE
    return pal[index % len(pal)]


def player_marker(index: int) -> str:
    """Player ``index``'s marker shape name (wraps after 8)."""
    return MARKERS[index % len(MARKERS)]


# --- colour helpers ------------------------------------------------------------------------

def _rgb(c: Any) -> RGB:
    col = pygame.Color(c) if isinstance(c, str) else c
    return (int(col[0]), int(col[1]), int(col[2]))


def _mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _shade(c: Sequence[int], k: float) -> RGB:
    """Darker by k (0 = same, 1 = black)."""
    return _mix(c, (0, 0, 0), k)


def _tint(c: Sequence[int], k: float) -> RGB:
    """Lighter by k (0 = same, 1 = white)."""
    return _mix(c, (255, 255, 255), k)


def _lum(c: Sequence[int]) -> float:
    return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255.0


def _jit(rng: random.Random, c: Sequence[int], amount: int) -> RGB:
    d = rng.randint(-amount, amount)
    return (max(0, min(255, c[0] + d)), max(0, min(255, c[1] + d)), max(0, min(255, c[2] + d)))


# --- geometry helpers ----------------------------------------------------------------------

def _ellipse_pts(cx: float, cy: float, rx: float, ry: float, rot: float = 0.0, n: int = 28) -> list[Point]:
    c, s = math.cos(rot), math.sin(rot)
    out = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        out.append((cx + x * c - y * s, cy + x * s + y * c))
    return out


def _marker_pts(name: str, cx: float, cy: float, r: float, rot: float = 0.0) -> list[Point]:
    """Outline of a marker of radius r (y down); ``rot`` radians (0: triangle points to +x)."""
    if name == "square":
        k = r * 0.82
        pts = [(-k, -k), (k, -k), (k, k), (-k, k)]
    elif name == "triangle":
        pts = [(r * math.cos(a), r * math.sin(a)) for a in (0.0, 2.0944, 4.1888)]
        pts = [(x + r * 0.12, y) for x, y in pts]
    elif name == "diamond":
        pts = [(r, 0.0), (0.0, r * 0.9), (-r, 0.0), (0.0, -r * 0.9)]
    elif name == "star":
        pts = []
        for i in range(10):
            a = math.pi * i / 5
            k = r if i % 2 == 0 else r * 0.45
            pts.append((k * math.cos(a), k * math.sin(a)))
    elif name == "hexagon":
        pts = [(r * math.cos(math.pi * i / 3 + math.pi / 6), r * math.sin(math.pi * i / 3 + math.pi / 6))
               for i in range(6)]
    elif name == "cross":
        a, b = r * 0.95, r * 0.34
        pts = [(-b, -a), (b, -a), (b, -b), (a, -b), (a, b), (b, b), (b, a), (-b, a), (-b, b), (-a, b),
               (-a, -b), (-b, -b)]
    else:  # circle, ring
        pts = _ellipse_pts(0.0, 0.0, r * 0.92, r * 0.92, 0.0, 24)
    c, s = math.cos(rot), math.sin(rot)
    return [(cx + x * c - y * s, cy + x * s + y * c) for x, y in pts]


def draw_marker(surface: pygame.Surface, marker: int | str, centre: Point, radius: float,
                fill: Sequence[int], outline: Sequence[int] | None = (20, 20, 24),
                hole: Sequence[int] | None = None, rotation: float = -math.pi / 2) -> None:
    """Draw a player marker shape (index into MARKERS or its name) on ``surface`` in pixels.
    ``rotation`` in radians, default points the triangle up. ``hole`` fills the ring's centre
    (default: transparent look via the outline colour only)."""
    name = MARKERS[marker % len(MARKERS)] if isinstance(marker, int) else marker
    cx, cy = centre
    if name == "ring":
        r = radius * 0.92
        if outline is not None:
            pygame.draw.circle(surface, outline, (cx, cy), r + max(1.0, radius * 0.18))
        pygame.draw.circle(surface, fill, (cx, cy), r)
        inner = r * 0.5
        if outline is not None:
            pygame.draw.circle(surface, outline, (cx, cy), inner + max(1.0, radius * 0.12))
        if hole is not None:
            pygame.draw.circle(surface, hole, (cx, cy), inner)
        return
    pts = _marker_pts(name, cx, cy, radius, rotation)
    if outline is not None:
        pygame.draw.polygon(surface, outline, pts, max(1, round(radius * 0.36)))
    pygame.draw.polygon(surface, fill, pts)
    if outline is not None:
        pygame.draw.aalines(surface, outline, True, pts)


class _Pen:
    """Draws in inches on a (supersampled) surface. The inch origin sits at pixel (ox, oy);
    x grows right, y grows down."""

    def __init__(self, w: int, h: int, kx: float, ky: float, ox: float, oy: float,
                 clear: Sequence[int] = (0, 0, 0)) -> None:
        self.s = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
        self.s.fill((clear[0], clear[1], clear[2], 0))
        self.kx, self.ky, self.ox, self.oy = kx, ky, ox, oy

    def pt(self, x: float, y: float) -> Point:
        return (self.ox + x * self.kx, self.oy + y * self.ky)

    def px(self, inches: float) -> float:
        return inches * (self.kx + self.ky) * 0.5

    def poly(self, col: Sequence[int], pts: Iterable[Point], width: float = 0) -> None:
        p = [self.pt(x, y) for x, y in pts]
        if len(p) >= 3:
            pygame.draw.polygon(self.s, col, p, max(0, round(width * self.kx)) if width else 0)

    def ellipse(self, col: Sequence[int], cx: float, cy: float, rx: float, ry: float, rot: float = 0.0,
                n: int = 28) -> None:
        self.poly(col, _ellipse_pts(cx, cy, rx, ry, rot, n))

    def circle(self, col: Sequence[int], cx: float, cy: float, r: float, width: float = 0) -> None:
        w = max(1, round(self.px(width))) if width else 0
        pygame.draw.circle(self.s, col, self.pt(cx, cy), max(0.5, self.px(r)), w)

    def line(self, col: Sequence[int], a: Point, b: Point, width: float) -> None:
        pygame.draw.line(self.s, col, self.pt(*a), self.pt(*b), max(1, round(self.px(width))))

    def stroke(self, col: Sequence[int], pts: Sequence[Point], width: float, closed: bool = False) -> None:
        """A thick polyline with round joints and caps."""
        if not pts:
            return
        w = max(1.0, self.px(width))
        seq = list(pts) + ([pts[0]] if closed else [])
        for a, b in zip(seq, seq[1:]):
            pa, pb = self.pt(*a), self.pt(*b)
            dx, dy = pb[0] - pa[0], pb[1] - pa[1]
            d = math.hypot(dx, dy)
            if d > 1e-9:
                nx, ny = -dy / d * w / 2, dx / d * w / 2
                pygame.draw.polygon(self.s, col, [(pa[0] + nx, pa[1] + ny), (pb[0] + nx, pb[1] + ny),
                                                  (pb[0] - nx, pb[1] - ny), (pa[0] - nx, pa[1] - ny)])
        for p in seq:
            pygame.draw.circle(self.s, col, self.pt(*p), w / 2)

    def down(self, size: tuple[int, int]) -> pygame.Surface:
        if self.s.get_size() == size:
            return self.s
        return pygame.transform.smoothscale(self.s, size)


def _supersample(ppi: float) -> int:
    return max(2, min(6, math.ceil(56.0 / max(ppi, 1.0))))


# --- racers --------------------------------------------------------------------------------

_COATS = {  # body, dark (mane/tail/legs), light (highlight)
    1: ((128, 76, 40), (38, 26, 20), (170, 112, 66)),     # bay
    2: ((172, 98, 48), (120, 60, 28), (212, 142, 86)),    # chestnut
    3: ((188, 184, 176), (92, 90, 88), (226, 224, 218)),  # grey
}


def racer_sprite(colour: Any, marker: int, ppi: float, length: float = 1.97, width: float = 0.98,
                 number: int | None = None) -> pygame.Surface:
    """A top-down horse and rider on its base, facing +x, exactly
    ceil(length*ppi) x ceil(width*ppi) pixels (SRCALPHA, no padding). ``marker`` indexes
    MARKERS (drawn on the rider's back); ``number`` (1-3) is shown on the base's tail end.
    Cached (ppi rounded to 0.5 for drawing); do not draw on the result."""
    w_px = max(2, math.ceil(length * ppi - 1e-9))
    h_px = max(2, math.ceil(width * ppi - 1e-9))
    m = marker if isinstance(marker, int) else MARKERS.index(marker) if marker in MARKERS else 0
    return _racer_sprite(_rgb(colour), m % len(MARKERS), round(ppi * 2) / 2, float(length), float(width),
                         None if number is None else int(number), w_px, h_px)


@functools.lru_cache(maxsize=2048)
def _racer_sprite(colour: RGB, marker: int, ppi: float, length: float, width: float, number: int | None,
                  w_px: int, h_px: int) -> pygame.Surface:
    ss = _supersample(ppi)
    # Designed for a 1.97" x 0.98" base; other sizes stretch to fit.
    kx, ky = w_px * ss / 1.97, h_px * ss / 0.98
    rim = _shade(colour, 0.55)
    pen = _Pen(w_px * ss, h_px * ss, kx, ky, w_px * ss / 2, h_px * ss / 2, clear=rim)
    body, dark, light = _COATS.get(number or 1, _COATS[1])
    if number is not None and number not in _COATS:
        body, dark, light = _COATS[(number - 1) % 3 + 1]

    # Base: a rounded plate in a muted player colour with a darker rim.
    base_fill = _mix(colour, (72, 78, 52), 0.38)
    r = round(0.14 * kx)
    outer = pygame.Rect(0, 0, w_px * ss, h_px * ss)
    pygame.draw.rect(pen.s, rim, outer, border_radius=r)
    edge = max(ss * 1.2, 0.075 * kx)
    inner = outer.inflate(-2 * edge, -2 * edge)
    pygame.draw.rect(pen.s, base_fill, inner, border_radius=max(0, round(r - edge)))
    # A lighter bevel on the plate's inner edge (painted highlight).
    pygame.draw.rect(pen.s, _tint(base_fill, 0.18), inner, width=max(1, round(ss * 0.8)),
                     border_radius=max(0, round(r - edge)))

    # Ground shadow under horse and rider, then the tail.
    pen.poly(_shade(base_fill, 0.42), [(x + 0.05, y + 0.06) for x, y in _HORSE])
    pen.poly(_shade(dark, 0.35), _TAIL)
    pen.poly(_tint(dark, 0.12), [(x * 0.96 - 0.02, y * 0.5) for x, y in _TAIL])

    # Horse: dark outline, coat, a light ridge along the spine, head and mane on top.
    outline = _shade(body, 0.6)
    pen.poly(outline, _grow(_HORSE, 0.028))
    pen.poly(body, _HORSE)
    pen.ellipse(_mix(body, light, 0.5), -0.14, -0.01, 0.38, 0.12)
    pen.ellipse(light, -0.22, -0.02, 0.2, 0.055)
    pen.poly(outline, _grow(_HEAD, 0.025))
    pen.poly(body, _HEAD)
    pen.ellipse(_mix(body, light, 0.6), 0.76, -0.015, 0.13, 0.04)
    pen.ellipse(_shade(body, 0.35), 0.94, 0.0, 0.035, 0.055)         # muzzle
    for side in (-1, 1):                                            # ears, eyes
        ear = [(0.575, 0.045 * side), (0.70, 0.15 * side), (0.645, 0.05 * side)]
        pen.poly(outline, _grow(ear, 0.02))
        pen.poly(_mix(body, dark, 0.3), ear)
        pen.circle(outline, 0.72, 0.08 * side, 0.016)
    pen.stroke(dark, [(0.30, 0.03), (0.44, 0.045), (0.56, 0.035), (0.62, 0.0)], 0.05)  # mane
    if ppi >= 30:  # reins from the bit to the hands
        for side in (-1, 1):
            pen.stroke((70, 44, 28), [(0.88, 0.06 * side), (0.6, 0.085 * side), (0.37, 0.07 * side)], 0.014)

    # Rider: knees, arms, back (silks in the player colour), helmet ahead of the back.
    silk_dark = _shade(colour, 0.55)
    for side in (-1, 1):
        pen.ellipse(silk_dark, 0.12, 0.205 * side, 0.11, 0.065, 0.25 * side)
        pen.ellipse(_tint(colour, 0.1), 0.12, 0.2 * side, 0.085, 0.045, 0.25 * side)
        pen.stroke(silk_dark, [(0.10, 0.15 * side), (0.26, 0.14 * side), (0.36, 0.075 * side)], 0.075)
        pen.stroke(colour, [(0.10, 0.15 * side), (0.26, 0.14 * side), (0.36, 0.075 * side)], 0.042)
        pen.circle((238, 226, 200), 0.365, 0.07 * side, 0.028)
    pen.ellipse(silk_dark, -0.02, 0.0, 0.235, 0.19)
    pen.ellipse(colour, -0.02, 0.0, 0.21, 0.165)
    pen.ellipse(_tint(colour, 0.2), -0.05, -0.03, 0.13, 0.08)
    pen.ellipse(colour, -0.03, 0.01, 0.15, 0.1)
    pen.circle(_shade(colour, 0.75), 0.245, 0.0, 0.105)              # helmet
    pen.circle(_shade(colour, 0.25), 0.245, 0.0, 0.085)
    pen.ellipse(_shade(colour, 0.75), 0.32, 0.0, 0.03, 0.07)         # peak
    pen.circle(_tint(colour, 0.45), 0.225, -0.03, 0.03)

    # Marker on the rider's back, light on dark silks and dark on light ones.
    mk = MARKERS[marker]
    light_silk = _lum(colour) > 0.62
    fill = (34, 30, 36) if light_silk else (252, 250, 244)
    edge_col = (252, 250, 244) if light_silk else (30, 26, 30)
    rr = 0.165 * (kx + ky) / 2
    draw_marker(pen.s, mk, pen.pt(-0.03, 0.0), rr, fill, edge_col, hole=colour, rotation=0.0)

    out = pen.down((w_px, h_px))
    if number is not None:
        _number_badge(out, number, ppi, w_px, h_px)
    return out


def _mirror(half: list[Point]) -> tuple[Point, ...]:
    return tuple(half + [(x, -y) for x, y in reversed(half[1:-1])])


# Horse outline (inches, facing +x, y down): rump, barrel, shoulders, neck; the head is
# its own piece so its outline reads; the tail streams behind.
_HORSE = _mirror([(0.66, 0.0), (0.63, 0.085), (0.50, 0.125), (0.36, 0.175), (0.22, 0.205), (0.02, 0.215),
                  (-0.22, 0.21), (-0.42, 0.195), (-0.55, 0.15), (-0.61, 0.08), (-0.625, 0.0)])
_HEAD = _mirror([(0.975, 0.0), (0.965, 0.045), (0.92, 0.065), (0.82, 0.08), (0.71, 0.102), (0.635, 0.1),
                 (0.585, 0.075), (0.56, 0.0)])
_TAIL = ((-0.56, -0.06), (-0.70, -0.07), (-0.84, -0.035), (-0.95, -0.05), (-0.90, 0.005), (-0.96, 0.05),
         (-0.80, 0.05), (-0.68, 0.07), (-0.56, 0.06))


def _grow(pts: Sequence[Point], d: float) -> list[Point]:
    """Push a roughly convex outline outward by about d."""
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    out = []
    for x, y in pts:
        vx, vy = x - cx, y - cy
        ln = math.hypot(vx, vy) or 1.0
        out.append((x + vx / ln * d, y + vy / ln * d))
    return out


def _number_badge(out: pygame.Surface, number: int, ppi: float, w_px: int, h_px: int) -> None:
    """The racer's number on the base's tail corner: a digit in a roundel, or pips when small."""
    kx, ky = w_px / 1.97, h_px / 0.98
    ink, paper = (24, 22, 20), (250, 246, 232)
    if ppi >= 26:
        rad = 0.2 * (kx + ky) / 2
        cx, cy = w_px / 2 - 0.70 * kx, h_px / 2 + 0.22 * ky
        pygame.draw.circle(out, ink, (cx, cy), rad + 1)
        pygame.draw.circle(out, paper, (cx, cy), rad)
        img = font(max(9, round(rad * 1.9)), bold=True).render(str(number), True, ink)
        out.blit(img, img.get_rect(center=(round(cx), round(cy + rad * 0.06))))
    else:
        if ppi < 12:
            return
        n = max(1, min(3, number))
        step = max(3.0, 0.17 * kx)
        r = max(0.9, 0.045 * kx)
        cy = h_px / 2 + 0.3 * ky
        under = out.get_at((round(w_px / 2 - 0.7 * kx), round(cy)))
        col = ink if _lum((under.r, under.g, under.b)) > 0.45 else paper
        for i in range(n):
            cx = w_px / 2 - 0.82 * kx + i * step
            pygame.draw.circle(out, col, (cx, cy), r + 0.4)


# --- obstacles -----------------------------------------------------------------------------

LOOKS: tuple[str, ...] = ("hedge", "wall", "statue", "log", "ruin", "rock")


def obstacle_surface(shape: str, size: str, look: str, ppi: float, length: float = 0.0, width: float = 0.0,
                     radius: float = 0.0, points: Iterable[Sequence[float]] = ()) -> pygame.Surface:
    """An obstacle drawn at rotation 0; the surface centre is the obstacle centre (padding is
    symmetric: it holds the shadow). shape: "rect" (length along x, width along y), "circle"
    (radius) or "polygon" (points relative to the centre, inches, y up). look: hedge, wall,
    statue, log, ruin, rock; anything else gets a plain style. size "large" reads taller
    (deep shadow, dark outline, bevelled). Cached (ppi rounded to 0.5); do not draw on it."""
    pts = tuple((round(float(p[0]), 4), round(float(p[1]), 4)) for p in points)
    return _obstacle_surface(str(shape), str(size), str(look or ""), round(max(ppi, 1.0) * 2) / 2,
                             round(float(length), 4), round(float(width), 4), round(float(radius), 4), pts)


class _Shape:
    """The footprint in inches (y down), with helpers."""

    def __init__(self, shape: str, length: float, width: float, radius: float, points: tuple[Point, ...]):
        if shape == "polygon" and len(points) >= 3:
            self.kind = "polygon"
            self.pts = [(x, -y) for x, y in points]
        elif shape == "circle":
            self.kind = "circle"
            r = max(radius, 0.05)
            self.r = r
            self.pts = _ellipse_pts(0.0, 0.0, r, r, 0.0, 48)
        else:
            self.kind = "rect"
            lx, wy = max(length, 0.05) / 2, max(width, 0.05) / 2
            self.pts = [(-lx, -wy), (lx, -wy), (lx, wy), (-lx, wy)]
        xs = [p[0] for p in self.pts]
        ys = [p[1] for p in self.pts]
        self.hx = max(abs(min(xs)), abs(max(xs)))
        self.hy = max(abs(min(ys)), abs(max(ys)))
        self.minx, self.maxx, self.miny, self.maxy = min(xs), max(xs), min(ys), max(ys)
        # Principal axis (for statues, logs, walls laid along a polygon).
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        self.cx, self.cy = mx, my
        sxx = sum((x - mx) ** 2 for x in xs)
        syy = sum((y - my) ** 2 for y in ys)
        sxy = sum((x - mx) * (y - my) for x, y in self.pts)
        self.angle = 0.5 * math.atan2(2 * sxy, sxx - syy) if self.kind == "polygon" else 0.0
        if self.kind == "rect":
            self.angle = 0.0 if length >= width else math.pi / 2
        ca, sa = math.cos(self.angle), math.sin(self.angle)
        proj = [(x - mx) * ca + (y - my) * sa for x, y in self.pts]
        perp = [-(x - mx) * sa + (y - my) * ca for x, y in self.pts]
        self.a0, self.a1 = min(proj), max(proj)
        self.b0, self.b1 = min(perp), max(perp)

    def axis(self, t: float, s: float = 0.0) -> Point:
        """Point at t along the principal axis (inches from the centroid) and s across."""
        ca, sa = math.cos(self.angle), math.sin(self.angle)
        return (self.cx + t * ca - s * sa, self.cy + t * sa + s * ca)

    def contains(self, x: float, y: float) -> bool:
        if self.kind == "circle":
            return x * x + y * y <= self.r * self.r
        inside = False
        n = len(self.pts)
        for i in range(n):
            x1, y1 = self.pts[i]
            x2, y2 = self.pts[(i + 1) % n]
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
        return inside

    def inset(self, d: float) -> list[Point]:
        """The footprint shrunk by about d (scaled toward its centroid)."""
        ext = max(min(self.a1 - self.a0, self.b1 - self.b0) / 2, 1e-6)
        k = max(0.05, 1 - d / ext) if self.kind != "rect" else 1.0
        if self.kind == "rect":
            return [(x - math.copysign(min(d, abs(x) * 0.9), x), y - math.copysign(min(d, abs(y) * 0.9), y))
                    for x, y in self.pts]
        return [(self.cx + (x - self.cx) * k, self.cy + (y - self.cy) * k) for x, y in self.pts]

    def bumpy(self, rng: random.Random, amp: float, step: float) -> list[Point]:
        """The outline resampled every ``step`` inches with the points nudged by up to ``amp``."""
        out: list[Point] = []
        n = len(self.pts)
        for i in range(n):
            x1, y1 = self.pts[i]
            x2, y2 = self.pts[(i + 1) % n]
            d = math.hypot(x2 - x1, y2 - y1)
            k = max(1, int(d / step))
            for j in range(k):
                t = j / k
                x, y = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
                vx, vy = x - self.cx, y - self.cy
                vl = math.hypot(vx, vy) or 1.0
                a = rng.uniform(-amp, amp * 0.6)
                out.append((x + vx / vl * a, y + vy / vl * a))
        return out


@functools.lru_cache(maxsize=512)
def _obstacle_surface(shape: str, size: str, look: str, ppi: float, length: float, width: float,
                      radius: float, points: tuple[Point, ...]) -> pygame.Surface:
    large = size == "large"
    fp = _Shape(shape, length, width, radius, points)
    pad_in = 0.32 if large else 0.16
    pad = max(pad_in * ppi, 4.0 if large else 3.0)
    w = 2 * math.ceil(fp.hx * ppi + pad)
    h = 2 * math.ceil(fp.hy * ppi + pad)
    ss = _supersample(ppi)
    painter = _PAINTERS.get(look.lower(), _paint_plain)
    rng = random.Random(f"{shape}|{size}|{look}|{length}|{width}|{radius}|{points}")
    pen = _Pen(w * ss, h * ss, ppi * ss, ppi * ss, w * ss / 2, h * ss / 2, clear=(30, 28, 26))
    outline_col = painter(pen, fp, large, rng)
    layer = pen.down((w, h))
    _relief(layer, ppi, large, look.lower())
    return _finish(layer, ppi, large, outline_col)


def _relief(layer: pygame.Surface, ppi: float, large: bool, look: str) -> None:
    """Shade toward the silhouette's edge so the piece looks raised (large: much more)."""
    import numpy as np

    w, h = layer.get_size()
    alpha = pygame.surfarray.pixels_alpha(layer)
    a = alpha.astype(np.float32) / 255.0
    del alpha
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    ma = pygame.surfarray.pixels_alpha(mask)
    ma[...] = (a * 255).astype(np.uint8)
    del ma
    rad = max(1, round((0.16 if large else 0.07) * ppi))
    blurred = pygame.transform.gaussian_blur(mask, rad, repeat_edge_pixels=False)
    b = pygame.surfarray.pixels_alpha(blurred).astype(np.float32) / 255.0
    t = np.clip((b - 0.5) * 2.0, 0.0, 1.0)
    if look == "ruin":  # the ruin shades its own walls; keep only a soft rim
        depth, lift = (0.18, 0.0)
    else:
        depth, lift = (0.42, 0.10) if large else (0.22, 0.04)
    k = (1.0 - depth) + (depth + lift) * np.sqrt(t)
    rgb = pygame.surfarray.pixels3d(layer)
    rgb[...] = np.clip(rgb.astype(np.float32) * k[..., None], 0, 255).astype(np.uint8)
    del rgb


def _finish(layer: pygame.Surface, ppi: float, large: bool, outline_col: Sequence[int]) -> pygame.Surface:
    """Shadow + outline + the painted layer."""
    w, h = layer.get_size()
    m = pygame.mask.from_surface(layer, 90)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    # Soft shadow (ambient, centred so it survives rotation), deeper for large pieces.
    sh = m.to_surface(setcolor=(8, 10, 6, 255), unsetcolor=(8, 10, 6, 0))
    if large:
        grow = max(1, round(0.07 * ppi))
        big = pygame.Surface((w, h), pygame.SRCALPHA)
        for dx in range(-grow, grow + 1, max(1, grow // 2)):
            for dy in range(-grow, grow + 1, max(1, grow // 2)):
                big.blit(sh, (dx, dy + grow // 2))
        sh = big
    rad = max(1, round((0.15 if large else 0.06) * ppi))
    sh = pygame.transform.gaussian_blur(sh, rad, repeat_edge_pixels=False)
    sh.fill((255, 255, 255, 225 if large else 130), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(sh, (0, 0))
    # Outline: thicker and near-black for large pieces.
    thick = max(2, round(0.055 * ppi)) if large else 1
    col = _shade(outline_col, 0.55) if large else outline_col
    ol = m.to_surface(setcolor=(*col, 255), unsetcolor=(0, 0, 0, 0))
    for dx in range(-thick, thick + 1):
        for dy in range(-thick, thick + 1):
            if (dx or dy) and dx * dx + dy * dy <= thick * thick + 1:
                out.blit(ol, (dx, dy))
    out.blit(layer, (0, 0))
    return out


def _clip_to(pen: _Pen, layer: _Pen, pts: Sequence[Point]) -> None:
    """Blit ``layer`` onto ``pen`` only inside polygon ``pts``."""
    mask = pygame.Surface(layer.s.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.polygon(mask, (255, 255, 255, 255), [layer.pt(x, y) for x, y in pts])
    layer.s.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    pen.s.blit(layer.s, (0, 0))


def _twin(pen: _Pen) -> _Pen:
    return _Pen(pen.s.get_width(), pen.s.get_height(), pen.kx, pen.ky, pen.ox, pen.oy)


def _scatter(fp: _Shape, rng: random.Random, spacing: float, margin: float = 0.0) -> list[Point]:
    """Jittered grid points inside the footprint (inset by ``margin``)."""
    out: list[Point] = []
    y = fp.miny + spacing / 2
    row = 0
    while y < fp.maxy:
        x = fp.minx + spacing / 2 + (spacing / 2 if row % 2 else 0.0)
        while x < fp.maxx:
            px = x + rng.uniform(-0.35, 0.35) * spacing
            py = y + rng.uniform(-0.35, 0.35) * spacing
            if fp.contains(px, py) and all(fp.contains(px + dx, py + dy) for dx, dy in
                                           ((margin, 0), (-margin, 0), (0, margin), (0, -margin))):
                out.append((px, py))
            x += spacing
        y += spacing * 0.87
        row += 1
    if not out:
        out.append((fp.cx, fp.cy))
    return out


def _paint_hedge(pen: _Pen, fp: _Shape, large: bool, rng: random.Random) -> RGB:
    span = min(fp.b1 - fp.b0, fp.a1 - fp.a0)
    r = max(0.12, min(0.34, span * 0.36))
    base = (36, 82, 36) if not large else (28, 70, 32)
    pen.poly(_shade(base, 0.25), fp.bumpy(rng, r * 0.3, r * 0.7))
    greens = [(46, 98, 40), (62, 124, 48), (84, 148, 58), (112, 170, 72)]
    if large:
        greens = [(38, 88, 40), (52, 112, 46), (72, 136, 54), (100, 160, 66)]
    pts = _scatter(fp, rng, r * 1.05, r * 0.55)
    for layer_i, (k, off) in enumerate(((1.0, 0.0), (0.78, 0.05), (0.52, 0.09), (0.26, 0.11))):
        for x, y in pts:
            rr = r * k * rng.uniform(0.8, 1.15)
            jx, jy = rng.uniform(-0.04, 0.04), rng.uniform(-0.04, 0.04)
            pen.circle(_jit(rng, greens[layer_i], 8), x - off * r + jx, y - off * r + jy, rr)
    # A few leaf specks and tiny flowers.
    for _ in range(int(len(pts) * 1.6)):
        x, y = rng.choice(pts)
        pen.circle((128, 186, 84), x + rng.uniform(-r, r) * 0.7, y + rng.uniform(-r, r) * 0.7, r * 0.08)
    for _ in range(max(1, len(pts) // 4)):
        x, y = rng.choice(pts)
        col = rng.choice(((250, 246, 236), (246, 214, 230), (250, 226, 120)))
        pen.circle(col, x + rng.uniform(-r, r) * 0.5, y + rng.uniform(-r, r) * 0.5, max(r * 0.09, 0.025))
    return (18, 46, 20)


def _paint_wall(pen: _Pen, fp: _Shape, large: bool, rng: random.Random) -> RGB:
    mortar = (92, 86, 78) if not large else (70, 66, 62)
    stone = (168, 162, 150) if not large else (142, 138, 130)
    pen.poly(mortar, fp.pts)
    lay = _twin(pen)
    lay.s.fill((*mortar, 255))
    along = fp.angle
    ca, sa = math.cos(along), math.sin(along)
    thickness = fp.b1 - fp.b0
    rows = max(1, round(thickness / 0.32))
    row_h = thickness / rows
    gap = max(0.03, min(0.05, row_h * 0.14))
    ext = max(fp.a1 - fp.a0, fp.b1 - fp.b0) + 1.0
    # Stones laid in courses along the principal axis (running bond).
    b = fp.b0 - row_h if fp.kind != "rect" else fp.b0
    extra = 0 if fp.kind == "rect" else 3
    for i in range(rows + 2 * extra):
        a = -ext / 2 - rng.uniform(0.0, 0.3)
        while a < ext / 2:
            ln = rng.uniform(0.28, 0.55)
            col = _jit(rng, _mix(stone, rng.choice(((176, 160, 128), (150, 156, 160), stone)), 0.35), 10)
            q = [(a + gap / 2, b + gap / 2), (a + ln - gap / 2, b + gap / 2), (a + ln - gap / 2, b + row_h - gap / 2),
                 (a + gap / 2, b + row_h - gap / 2)]
            quad = [(fp.cx + u * ca - v * sa, fp.cy + u * sa + v * ca) for u, v in q]
            lay.poly(_shade(col, 0.25), quad)
            inner = [(u + (0.5 if j in (0, 3) else -0.5) * gap * 0.6, v + (0.5 if j < 2 else -0.5) * gap * 0.6)
                     for j, (u, v) in enumerate(q)]
            lay.poly(col, [(fp.cx + u * ca - v * sa, fp.cy + u * sa + v * ca) for u, v in inner])
            h0, h1 = [(fp.cx + u * ca - v * sa, fp.cy + u * sa + v * ca) for u, v in inner[:2]]
            lay.line(_tint(col, 0.3), h0, h1, max(gap * 0.5, 0.012))
            a += ln
        b += row_h
    # Moss in the joints here and there.
    for _ in range(max(1, int((fp.a1 - fp.a0) * 1.5))):
        u, v = rng.uniform(fp.a0, fp.a1), rng.uniform(fp.b0, fp.b1)
        x, y = fp.cx + u * ca - v * sa, fp.cy + u * sa + v * ca
        lay.circle((92, 122, 60), x, y, rng.uniform(0.03, 0.07))
    _clip_to(pen, lay, fp.pts)
    return (44, 40, 36)


def _paint_statue(pen: _Pen, fp: _Shape, large: bool, rng: random.Random) -> RGB:
    marble = (230, 228, 220) if not large else (212, 210, 204)
    edge = _shade(marble, 0.3)
    fold = _shade(marble, 0.14)
    hi = _tint(marble, 0.45)
    pen.poly(_shade(marble, 0.1), fp.pts)
    lay = _twin(pen)
    lay.s.fill((*_shade(marble, 0.06), 255))
    if fp.kind == "circle":
        # A toppled colossal head, face up, curls all round.
        r = fp.r
        for i in range(12):
            a = 2 * math.pi * i / 12
            lay.circle(edge, r * 0.78 * math.cos(a), r * 0.78 * math.sin(a), r * 0.25)
        for i in range(12):
            a = 2 * math.pi * i / 12
            lay.circle(_tint(marble, 0.1), r * 0.76 * math.cos(a) - r * 0.02, r * 0.76 * math.sin(a) - r * 0.02,
                       r * 0.19)
        lay.circle(edge, 0, r * 0.05, r * 0.6)
        lay.circle(marble, 0, r * 0.05, r * 0.56)
        lay.circle(hi, -r * 0.15, -r * 0.1, r * 0.25)
        for s in (-1, 1):
            lay.ellipse(_shade(marble, 0.35), r * 0.22 * s, -r * 0.02, r * 0.12, r * 0.06)
        lay.poly(_shade(marble, 0.22), [(0, r * 0.0), (r * 0.08, r * 0.24), (-r * 0.08, r * 0.24)])
        lay.stroke(_shade(marble, 0.35), [(-r * 0.17, r * 0.38), (0, r * 0.43), (r * 0.17, r * 0.38)], r * 0.045)
        lay.stroke((130, 128, 124), [(r * 0.3, -r * 0.5), (r * 0.18, -r * 0.2), (r * 0.3, r * 0.05)], r * 0.03)
        _clip_to(pen, lay, fp.pts)
        return (96, 94, 92)
    # A figure lying along the principal axis: plinth at the feet, robed legs, body, arms, head.
    L, Wd = fp.a1 - fp.a0, fp.b1 - fp.b0
    ca, sa = math.cos(fp.angle), math.sin(fp.angle)
    proj = [(x - fp.cx) * ca + (y - fp.cy) * sa for x, y in fp.pts]
    near_hi = sum(1 for p in proj if p > fp.a1 - L * 0.3)
    near_lo = sum(1 for p in proj if p < fp.a0 + L * 0.3)
    head_end, feet_end = (fp.a1, fp.a0) if (near_hi >= near_lo or fp.kind == "rect") else (fp.a0, fp.a1)
    sgn = 1.0 if head_end > feet_end else -1.0
    mid = (fp.b0 + fp.b1) / 2

    def at(u: float, s: float = 0.0) -> Point:
        return fp.axis(feet_end + (head_end - feet_end) * u, mid + s * Wd)

    def part(pts: list[Point], col: RGB) -> None:
        lay.poly(edge, _grow(pts, max(0.02, Wd * 0.025)))
        lay.poly(col, pts)

    hr = max(0.09, min(Wd * 0.3, L * 0.11))
    uh = 1.0 - hr * 1.2 / L
    # Plinth block at the feet.
    lay.poly(_shade(marble, 0.2), [at(0.0, -0.8), at(0.13, -0.8), at(0.13, 0.8), at(0.0, 0.8)])
    lay.poly(_shade(marble, 0.08), [at(0.012, -0.8), at(0.118, -0.8), at(0.118, 0.8), at(0.012, 0.8)])
    lay.stroke(_shade(marble, 0.4), [at(0.13, -0.8), at(0.13, 0.8)], max(0.02, Wd * 0.03))
    # Legs under the robe, then the body.
    for leg in (-0.17, 0.17):
        pts = [at(0.14, leg - 0.15), at(0.56, leg - 0.16), at(0.56, leg + 0.16), at(0.14, leg + 0.15)]
        part(pts, marble)
        lay.circle(hi, *at(0.16, leg), Wd * 0.09)
    body_u = (0.55 + uh) / 2
    body = _ellipse_pts(*at(body_u), (uh - 0.5) * L / 2, Wd * 0.37, fp.angle, 24)
    part(body, marble)
    for k in range(3):  # drapery folds
        u0 = 0.22 + k * 0.11
        lay.stroke(fold, [at(u0, -0.3), at(u0 + 0.05, 0.0), at(u0 + 0.1, 0.3)], max(0.015, Wd * 0.03))
    lay.ellipse(hi, *at(body_u + 0.02, -0.08), (uh - 0.5) * L * 0.25, Wd * 0.14, fp.angle)
    # Arms: one along the side, one broken off at the elbow.
    u_sh = uh - hr * 1.2 / L
    lay.stroke(edge, [at(u_sh, -0.36), at(0.5, -0.33)], max(0.05, Wd * 0.2))
    lay.stroke(marble, [at(u_sh, -0.36), at(0.5, -0.33)], max(0.03, Wd * 0.14))
    lay.stroke(edge, [at(u_sh, 0.36), at(u_sh - 0.12, 0.40)], max(0.05, Wd * 0.2))
    lay.stroke(marble, [at(u_sh, 0.36), at(u_sh - 0.12, 0.40)], max(0.03, Wd * 0.14))
    lay.circle((160, 158, 152), *at(u_sh - 0.12, 0.40), max(0.02, Wd * 0.06))
    # Head: curls behind, a shaded sphere, a face looking up.
    hc = at(uh)
    for i in range(7):
        a = fp.angle + (-1.4 + 2.8 * i / 6) + (0 if sgn > 0 else math.pi)
        lay.circle(edge, hc[0] + hr * 0.8 * math.cos(a), hc[1] + hr * 0.8 * math.sin(a), hr * 0.36)
        lay.circle(_tint(marble, 0.05), hc[0] + hr * 0.78 * math.cos(a), hc[1] + hr * 0.78 * math.sin(a), hr * 0.27)
    lay.circle(edge, *hc, hr * 1.05)
    lay.circle(marble, *hc, hr * 0.95)
    lay.circle(hi, hc[0] - hr * 0.25, hc[1] - hr * 0.25, hr * 0.42)
    for s in (-1, 1):
        e = fp.axis(feet_end + (head_end - feet_end) * uh - sgn * hr * 0.05, mid + s * hr * 0.38)
        lay.circle(_shade(marble, 0.38), *e, hr * 0.13)
    nose = fp.axis(feet_end + (head_end - feet_end) * uh - sgn * hr * 0.35, mid)
    lay.circle(_shade(marble, 0.25), *nose, hr * 0.12)
    # Veins and a crack right through.
    for _ in range(3):
        x, y = rng.uniform(fp.minx, fp.maxx), rng.uniform(fp.miny, fp.maxy)
        pts = [(x, y)]
        for _ in range(4):
            x += rng.uniform(-0.2, 0.2)
            y += rng.uniform(-0.2, 0.2)
            pts.append((x, y))
        lay.stroke((196, 194, 192), pts, 0.012)
    uc = rng.uniform(0.3, 0.45)
    lay.stroke((120, 118, 114), [at(uc, -0.6), at(uc + 0.03, -0.1), at(uc - 0.02, 0.2), at(uc + 0.02, 0.6)],
               max(0.015, Wd * 0.025))
    _clip_to(pen, lay, fp.pts)
    return (96, 94, 92)


def _paint_log(pen: _Pen, fp: _Shape, large: bool, rng: random.Random) -> RGB:
    bark = (98, 66, 40) if not large else (80, 54, 34)
    wood = (214, 172, 118)
    if fp.kind == "circle":  # a stump: rings seen from above
        r = fp.r
        pen.circle(_shade(bark, 0.3), 0, 0, r)
        pen.circle(bark, 0, 0, r * 0.93)
        for i in range(16):
            a = 2 * math.pi * i / 16
            pen.line(_shade(bark, 0.35), (r * 0.82 * math.cos(a), r * 0.82 * math.sin(a)),
                     (r * 0.97 * math.cos(a), r * 0.97 * math.sin(a)), r * 0.03)
        pen.circle(wood, 0, 0, r * 0.8)
        for k in (0.66, 0.5, 0.36, 0.22):
            pen.circle(_shade(wood, 0.22), 0.02 * r, 0.02 * r, r * k, width=max(0.012, r * 0.025))
        pen.circle(_shade(wood, 0.3), 0.03 * r, 0.03 * r, r * 0.05)
        pen.line(_shade(wood, 0.4), (0.05 * r, 0.05 * r), (r * 0.7, r * 0.25), max(0.015, r * 0.03))
        return (40, 26, 16)
    lay = _twin(pen)
    lay.s.fill((*bark, 255))
    b0, b1 = fp.b0, fp.b1
    Wd = b1 - b0
    # Cylinder shading: bands from dark edges to a light ridge.
    for k, col in ((0.8, _tint(bark, 0.08)), (0.5, _tint(bark, 0.18)), (0.22, _tint(bark, 0.3))):
        m = (b0 + b1) / 2 - Wd * 0.08
        q = [(fp.a0 - 1, m - Wd * k / 2), (fp.a1 + 1, m - Wd * k / 2), (fp.a1 + 1, m + Wd * k / 2),
             (fp.a0 - 1, m + Wd * k / 2)]
        lay.poly(col, [fp.axis(u, v) for u, v in q])
    # Bark furrows along the log.
    for _ in range(int(Wd / 0.05) + 4):
        v = rng.uniform(b0, b1)
        u = rng.uniform(fp.a0 - 0.2, fp.a1 - 0.4)
        ln = rng.uniform(0.4, 1.2)
        pts = [fp.axis(u + ln * i / 4, v + rng.uniform(-0.02, 0.02)) for i in range(5)]
        lay.stroke(_shade(bark, 0.35), pts, 0.022)
    # A knot.
    kx = rng.uniform(fp.a0 + (fp.a1 - fp.a0) * 0.3, fp.a1 - (fp.a1 - fp.a0) * 0.35)
    lay.ellipse(_shade(bark, 0.45), *fp.axis(kx, b0 + Wd * 0.3), Wd * 0.14, Wd * 0.09, fp.angle)
    lay.ellipse(_tint(bark, 0.25), *fp.axis(kx, b0 + Wd * 0.3), Wd * 0.07, Wd * 0.04, fp.angle)
    # Sawn ends showing their rings (a little tilted so the rings read from above).
    ew = min(Wd * 0.2, (fp.a1 - fp.a0) * 0.1)
    for end, sgn in ((fp.a1, -1), (fp.a0, 1)):
        c = fp.axis(end + sgn * ew * 0.9, (b0 + b1) / 2)
        lay.ellipse(_shade(bark, 0.45), *c, ew * 1.05, Wd / 2 * 1.02, fp.angle)
        lay.ellipse(wood, *c, ew * 0.85, Wd / 2 * 0.86, fp.angle)
        for k in (0.62, 0.36):
            lay.poly(_shade(wood, 0.25), _ellipse_pts(c[0], c[1], ew * 0.85 * k, Wd / 2 * 0.86 * k, fp.angle),
                     0.014)
        lay.ellipse(_shade(wood, 0.35), *c, ew * 0.12, Wd * 0.06, fp.angle)
    _clip_to(pen, lay, fp.pts)
    return (40, 26, 16)


def _paint_ruin(pen: _Pen, fp: _Shape, large: bool, rng: random.Random) -> RGB:
    floor = (96, 100, 84) if large else (112, 114, 98)
    wall = (170, 164, 150) if large else (180, 174, 160)
    pen.poly(_shade(floor, 0.1), fp.pts)
    lay = _twin(pen)
    lay.s.fill((*floor, 255))
    # Flagstones and grass in the floor.
    for x, y in _scatter(fp, rng, 0.4):
        q = [(x + rng.uniform(-0.19, -0.13), y + rng.uniform(-0.19, -0.13)),
             (x + rng.uniform(0.13, 0.19), y + rng.uniform(-0.19, -0.13)),
             (x + rng.uniform(0.13, 0.19), y + rng.uniform(0.13, 0.19)),
             (x + rng.uniform(-0.19, -0.13), y + rng.uniform(0.13, 0.19))]
        lay.poly(_jit(rng, _mix(floor, (132, 128, 112), 0.5), 8), q)
        if rng.random() < 0.4:
            lay.circle(rng.choice(((74, 112, 54), (90, 126, 60))), x + rng.uniform(-0.2, 0.2),
                       y + rng.uniform(-0.2, 0.2), rng.uniform(0.05, 0.13))
    thick = max(0.18, min(0.42, (fp.b1 - fp.b0) * 0.2))
    ring = fp.pts[::4] if fp.kind == "circle" else fp.pts
    n = len(ring)
    n_broken = max(1, n // 3)
    broken = set(rng.sample(range(n), n_broken))
    if fp.kind == "rect" and n_broken >= 1:
        broken = {0 if fp.b1 - fp.b0 < fp.a1 - fp.a0 else 1}
    walls: list[tuple[Point, Point, bool, bool]] = []  # a, b, a end broken, b end broken
    for i in range(n):
        a, b = ring[i], ring[(i + 1) % n]
        if i in broken:
            t0, t1 = rng.uniform(0.2, 0.4), rng.uniform(0.6, 0.8)
            pa = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
            pb = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
            walls.append((a, pa, False, True))
            walls.append((pb, b, True, False))
            for _ in range(4):  # fallen blocks in the gap
                t = rng.uniform(t0, t1)
                px, py = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
                px += (fp.cx - px) * rng.uniform(0.04, 0.2)
                py += (fp.cy - py) * rng.uniform(0.04, 0.2)
                s = rng.uniform(0.06, 0.11)
                blk = _ellipse_pts(px, py, s, s * 0.8, rng.uniform(0, math.pi), 4)
                lay.poly(_shade(wall, 0.5), _grow(blk, 0.02))
                lay.poly(_jit(rng, wall, 10), blk)
        else:
            walls.append((a, b, False, False))

    def frame(a: Point, b: Point) -> tuple[float, float, float, float, float]:
        dx, dy = b[0] - a[0], b[1] - a[1]
        d = math.hypot(dx, dy) or 1.0
        ux, uy = dx / d, dy / d
        nx, ny = -uy, ux
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        if (fp.cx - mx) * nx + (fp.cy - my) * ny < 0:
            nx, ny = -nx, -ny
        return d, ux, uy, nx, ny

    def quad(a: Point, f: tuple[float, float, float, float, float], u0: float, u1: float, v0: float,
             v1: float) -> list[Point]:
        _, ux, uy, nx, ny = f
        return [(a[0] + ux * u + nx * v, a[1] + uy * u + ny * v) for u, v in ((u0, v0), (u1, v0), (u1, v1), (u0, v1))]

    frames = [frame(a, b) for a, b, _, _ in walls]
    for (a, b, ba, bb), f in zip(walls, frames):  # shadow cast onto the floor
        d = f[0]
        lay.poly(_shade(floor, 0.4), quad(a, f, -thick if not ba else 0, d + (thick if not bb else 0),
                                         thick, thick + 0.13))
    for (a, b, ba, bb), f in zip(walls, frames):  # wall body (mortar)
        d = f[0]
        lay.poly(_shade(wall, 0.5), quad(a, f, -thick if not ba else -0.02, d + (thick if not bb else 0.02),
                                         -0.05, thick + 0.03))
    gap = 0.028
    for (a, b, ba, bb), f in zip(walls, frames):  # stones in two courses
        d = f[0]
        for row in range(2):
            v0, v1 = thick * row / 2, thick * (row + 1) / 2
            u = -thick if not ba else -rng.uniform(0.0, 0.15) * (row + 1)
            end = d + (thick if not bb else -rng.uniform(0.0, 0.15) * (2 - row))
            while u < end - 0.03:
                ln = min(rng.uniform(0.16, 0.32), end - u)
                col = _jit(rng, wall, 12)
                lay.poly(col, quad(a, f, u + gap, u + ln - gap, v0 + gap, v1 - gap))
                lay.poly(_tint(col, 0.25), quad(a, f, u + gap, u + ln - gap, v0 + gap, v0 + gap + 0.025))
                u += ln
        for _ in range(int(d / 0.5)):
            uu = rng.uniform(0, d)
            lay.circle((96, 128, 62), *quad(a, f, uu, uu, rng.uniform(0, thick), 0)[0], rng.uniform(0.03, 0.06))
    _clip_to(pen, lay, fp.pts)
    return (44, 42, 38)


def _paint_rock(pen: _Pen, fp: _Shape, large: bool, rng: random.Random) -> RGB:
    base = (134, 132, 126) if not large else (118, 118, 116)
    # Silhouette: rays from the centroid to the footprint, jittered.
    span = min(fp.a1 - fp.a0, fp.b1 - fp.b0)
    perim = sum(math.hypot(fp.pts[i][0] - fp.pts[i - 1][0], fp.pts[i][1] - fp.pts[i - 1][1])
                for i in range(len(fp.pts)))
    n = max(8, min(16, round(perim / 0.5)))
    off = rng.uniform(0, 2 * math.pi)
    outer3: list[tuple[float, float, float]] = []
    for i in range(n):
        a = off + 2 * math.pi * (i + rng.uniform(-0.25, 0.25)) / n
        r = _ray(fp, a) * rng.uniform(0.86, 1.0)
        outer3.append((fp.cx + r * math.cos(a), fp.cy + r * math.sin(a), 0.0))
    R = max(span / 2, 0.1)
    peak3 = (fp.cx - (fp.maxx - fp.minx) * 0.08, fp.cy - (fp.maxy - fp.miny) * 0.1, R * 0.9)
    m = max(4, n // 2)
    inner3: list[tuple[float, float, float]] = []
    for i in range(m):
        a = off + 2 * math.pi * (i + 0.5 + rng.uniform(-0.2, 0.2)) / m
        r = _ray(fp, a) * rng.uniform(0.45, 0.62)
        inner3.append((peak3[0] * 0.3 + (fp.cx + r * math.cos(a)) * 0.7, peak3[1] * 0.3 + (fp.cy + r * math.sin(a)) * 0.7,
                       R * rng.uniform(0.5, 0.7)))

    def ang(p: tuple[float, float, float]) -> float:
        return (math.atan2(p[1] - fp.cy, p[0] - fp.cx) - off) % (2 * math.pi)

    outer3.sort(key=ang)
    inner3.sort(key=ang)
    tris: list[tuple[tuple[float, float, float], ...]] = []
    i = j = 0
    while i < n or j < m:
        o0, o1 = outer3[i % n], outer3[(i + 1) % n]
        q0, q1 = inner3[j % m], inner3[(j + 1) % m]
        ao = ang(o1) + (2 * math.pi if i + 1 >= n else 0)
        aq = ang(q1) + (2 * math.pi if j + 1 >= m else 0)
        if j >= m or (i < n and ao <= aq):
            tris.append((o0, o1, q0))
            i += 1
        else:
            tris.append((o0, q1, q0))
            j += 1
    for k in range(m):
        tris.append((inner3[k], inner3[(k + 1) % m], peak3))
    lx, ly, lz = -0.45, -0.55, 0.7
    ll = math.sqrt(lx * lx + ly * ly + lz * lz)
    lx, ly, lz = lx / ll, ly / ll, lz / ll
    dark, light = _shade(base, 0.5), _tint(base, 0.4)
    pen.poly(_shade(base, 0.55), [(p[0], p[1]) for p in outer3])
    for t in tris:
        (x0, y0, z0), (x1, y1, z1), (x2, y2, z2) = t
        ux, uy, uz = x1 - x0, y1 - y0, z1 - z0
        vx, vy, vz = x2 - x0, y2 - y0, z2 - z0
        nx, ny, nz = uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx
        nl = math.sqrt(nx * nx + ny * ny + nz * nz) or 1.0
        if nz < 0:
            nx, ny, nz = -nx, -ny, -nz
        d = max(0.0, (nx * lx + ny * ly + nz * lz) / nl)
        col = _jit(rng, _mix(dark, light, min(1.0, 0.15 + d * 0.95)), 5)
        pts2 = [(x0, y0), (x1, y1), (x2, y2)]
        pen.poly(col, pts2)
        pen.poly(col, pts2, 0.012)
    # A crack, lichen and a few specks.
    p0 = inner3[rng.randrange(m)]
    p1 = outer3[rng.randrange(n)]
    pen.stroke(_shade(base, 0.6), [(p0[0], p0[1]), ((p0[0] + p1[0]) / 2 + rng.uniform(-0.08, 0.08),
                                                    (p0[1] + p1[1]) / 2 + rng.uniform(-0.08, 0.08)),
                                   (p1[0] * 0.9 + fp.cx * 0.1, p1[1] * 0.9 + fp.cy * 0.1)], max(0.015, span * 0.012))
    for _ in range(max(2, int(span * 2.5))):
        p = outer3[rng.randrange(n)]
        x = p[0] + (fp.cx - p[0]) * rng.uniform(0.12, 0.35)
        y = p[1] + (fp.cy - p[1]) * rng.uniform(0.12, 0.35)
        pen.circle(rng.choice(((122, 140, 80), (170, 168, 110), (104, 128, 72))), x, y,
                   rng.uniform(0.025, 0.05) + span * 0.015)
    return (36, 36, 36)


def _ray(fp: _Shape, a: float) -> float:
    """Distance from the centroid to the footprint's edge in direction ``a``."""
    dx, dy = math.cos(a), math.sin(a)
    best = None
    n = len(fp.pts)
    for i in range(n):
        x1, y1 = fp.pts[i]
        x2, y2 = fp.pts[(i + 1) % n]
        ex, ey = x2 - x1, y2 - y1
        den = dx * ey - dy * ex
        if abs(den) < 1e-12:
            continue
        wx, wy = x1 - fp.cx, y1 - fp.cy
        t = (wx * ey - wy * ex) / den
        s = (wx * dy - wy * dx) / den
        if t > 0 and -1e-9 <= s <= 1 + 1e-9 and (best is None or t < best):
            best = t
    return best if best is not None else max(fp.hx, fp.hy) * 0.5


def _paint_plain(pen: _Pen, fp: _Shape, large: bool, rng: random.Random) -> RGB:
    col = (104, 100, 112) if large else (190, 168, 122)
    pen.poly(col, fp.pts)
    pen.poly(_tint(col, 0.15), fp.inset(min(0.1, (fp.b1 - fp.b0) * 0.2)))
    step = 0.3
    lay = _twin(pen)
    lay.s.fill((0, 0, 0, 0))
    span = fp.hx + fp.hy
    t = -span * 2
    while t < span * 2:
        lay.line((*_shade(col, 0.12), 255), (t - span, -span), (t + span, span), 0.03)
        t += step
    _clip_to(pen, lay, fp.inset(min(0.1, (fp.b1 - fp.b0) * 0.2)))
    return (50, 48, 52) if large else (96, 82, 56)


_PAINTERS: dict[str, Any] = {
    "hedge": _paint_hedge,
    "wall": _paint_wall,
    "statue": _paint_statue,
    "log": _paint_log,
    "ruin": _paint_ruin,
    "rock": _paint_rock,
}


# --- course and table -----------------------------------------------------------------------

def _noise(np: Any, w: int, h: int, cell: float, rng: Any) -> Any:
    """Smooth value noise in [0, 1], shape (w, h), features about ``cell`` pixels wide."""
    gw, gh = max(2, int(w / cell) + 2), max(2, int(h / cell) + 2)
    small = (rng.random((gw, gh)) * 255).astype(np.uint8)
    surf = pygame.surfarray.make_surface(np.repeat(small[:, :, None], 3, axis=2))
    big = pygame.transform.smoothscale(surf, (w, h))
    return pygame.surfarray.pixels_red(big).astype(np.float32) * (1.0 / 255.0)


def _soft_alpha(np: Any, mask: pygame.Surface, radius: float) -> Any:
    """The mask's alpha blurred by about ``radius`` pixels, in [0, 1] (blurred at a quarter
    of the size: gaussian_blur's cost grows with the radius)."""
    w, h = mask.get_size()
    k = 4 if radius >= 8 else 1
    small = pygame.transform.smoothscale(mask, (max(1, w // k), max(1, h // k))) if k > 1 else mask
    blurred = pygame.transform.gaussian_blur(small, max(1, round(radius / k)), repeat_edge_pixels=False)
    if k > 1:
        blurred = pygame.transform.smoothscale(blurred, (w, h))
    return pygame.surfarray.pixels_alpha(blurred).astype(np.float32) * (1.0 / 255.0)


def _grain(np: Any, w: int, h: int, rng: Any) -> Any:
    return rng.random((w, h), dtype=np.float32) - 0.5


def course_surface(outline_px: Sequence[Sequence[float]], size: tuple[int, int], seed: int = 0,
                   fills_px: Sequence[Sequence[Sequence[float]]] = ()) -> pygame.Surface:
    """The course inside ``outline_px`` (a polygon in pixels), plus any ``fills_px``
    polygons (where a figure-eight crosses itself, which the outline's fill leaves
    bare), on a transparent surface of ``size``: turf worn to packed earth, seeded
    noise. Cached per (outline, fills, size, seed)."""
    key = tuple((round(float(p[0]), 2), round(float(p[1]), 2)) for p in outline_px)
    fills = tuple(tuple((round(float(p[0]), 2), round(float(p[1]), 2)) for p in poly) for poly in fills_px)
    return _course_surface(key, (int(size[0]), int(size[1])), int(seed), fills)


@functools.lru_cache(maxsize=6)
def _course_surface(outline: tuple[Point, ...], size: tuple[int, int], seed: int,
                    fills: tuple[tuple[Point, ...], ...] = ()) -> pygame.Surface:
    import numpy as np

    w, h = max(1, size[0]), max(1, size[1])
    rng = np.random.default_rng(seed * 7919 + 17)
    base = max(w, h)
    low = _noise(np, w, h, max(24.0, base / 10), rng)
    mid = _noise(np, w, h, max(8.0, base / 60), rng)
    fine = _noise(np, w, h, 3.0, rng)
    grain = _grain(np, w, h, rng)
    # Worn patches of earth where the low noise is high, speckled at their edges.
    wear = low * 0.75
    wear += mid * 0.35
    wear -= 0.58
    wear *= 3.2
    np.clip(wear, 0.0, 1.0, out=wear)
    wear += (fine - 0.5) * 2.0 * wear * (1.0 - wear)
    np.clip(wear, 0.0, 1.0, out=wear)
    f = (mid - 0.5) * 0.16
    f += (fine - 0.5) * 0.10
    f += grain * 0.07
    f += 1.0
    # Edge shade: darker turf just inside the outline.
    mask_s = pygame.Surface((w, h), pygame.SRCALPHA)
    mask_s.fill((0, 0, 0, 0))
    if len(outline) >= 3:
        pygame.draw.polygon(mask_s, (255, 255, 255, 255), outline)
    for poly in fills:
        if len(poly) >= 3:
            pygame.draw.polygon(mask_s, (255, 255, 255, 255), poly)
    sa = _soft_alpha(np, mask_s, max(3.0, base / 110))
    sa -= 0.5
    np.clip(sa, 0.0, 0.5, out=sa)
    sa *= 0.4
    sa += 0.8
    f *= sa
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    _blend_into(np, out, (112, 138, 70), (150, 124, 86), wear, f)
    alpha = pygame.surfarray.pixels_alpha(out)
    alpha[...] = pygame.surfarray.pixels_alpha(mask_s)
    del alpha
    return out


def _blend_into(np: Any, surf: pygame.Surface, c0: Sequence[int], c1: Sequence[int], t: Any, f: Any) -> None:
    """surf's RGB = mix(c0, c1, t) * f, channel by channel (no (w, h, 3) float temporaries)."""
    px = pygame.surfarray.pixels3d(surf)
    for ch in range(3):
        v = t * float(c1[ch] - c0[ch])
        v += float(c0[ch])
        v *= f
        np.clip(v, 0, 255, out=v)
        px[..., ch] = v
    del px


def table_background(size: tuple[int, int], seed: int = 0, keep: bool = False) -> pygame.Surface:
    """The grass board around the course: darker green with subtle noise and tufts. Opaque.
    Cached per (size, seed). ``keep`` (the menu): also kept on disk in the cache folder,
    so the next launch's first frame loads it (a few ms) instead of painting it (numpy,
    a few hundred ms); the same pixels either way."""
    key = (int(size[0]), int(size[1])), int(seed)
    kept = _KEPT.get(key)
    if kept is not None:
        return kept
    if not keep:
        return _table_background(*key)
    surf = _load_kept(*key)
    if surf is None:
        surf = _table_background(*key)
        _write_kept(surf, *key)
    if len(_KEPT) >= 4:
        _KEPT.clear()
    _KEPT[key] = surf
    return surf


_KEPT: dict[tuple[tuple[int, int], int], pygame.Surface] = {}
KEPT_FILES = 4  # backgrounds kept on disk (the newest)


@functools.lru_cache(maxsize=1)
def _art_digest() -> str:
    """Changes with this file, so a background painted by older code is never loaded."""
    import hashlib
    with open(__file__, "rb") as f:
        return hashlib.sha1(f.read()).hexdigest()[:12]


def _kept_path(size: tuple[int, int], seed: int) -> str:
    from game.core.paths import cache_dir
    return os.path.join(cache_dir(), f"table-{size[0]}x{size[1]}-{seed}-{_art_digest()}.bmp")


def _load_kept(size: tuple[int, int], seed: int) -> pygame.Surface | None:
    try:
        loaded = pygame.image.load(_kept_path(size, seed))
    except (OSError, pygame.error):
        return None
    if loaded.get_size() != size:
        return None
    out = pygame.Surface(size)  # the painted background's own pixel format
    out.blit(loaded, (0, 0))
    return out


def _write_kept(surf: pygame.Surface, size: tuple[int, int], seed: int) -> None:
    """Atomically (a temporary file, then a rename); keeps the newest KEPT_FILES. A
    cache that cannot be written is no cache."""
    path = _kept_path(size, seed)
    tmp = f"{path}.{os.getpid()}.tmp.bmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        pygame.image.save(surf, tmp)
        os.replace(tmp, path)
        folder = os.path.dirname(path)
        kept = sorted((os.path.join(folder, f) for f in os.listdir(folder)
                       if f.startswith("table-") and f.endswith(".bmp")), key=os.path.getmtime, reverse=True)
        for old in kept[KEPT_FILES:]:
            os.remove(old)
    except (OSError, pygame.error):
        try:
            os.remove(tmp)
        except OSError:
            pass


@functools.lru_cache(maxsize=6)
def _table_background(size: tuple[int, int], seed: int) -> pygame.Surface:
    import numpy as np

    w, h = max(1, size[0]), max(1, size[1])
    rng = np.random.default_rng(seed * 104729 + 3)
    base = max(w, h)
    low = _noise(np, w, h, max(30.0, base / 8), rng)
    mid = _noise(np, w, h, max(6.0, base / 90), rng)
    fine = _noise(np, w, h, 2.5, rng)
    grain = _grain(np, w, h, rng)
    t = low * 0.8
    t += mid * 0.4
    t -= 0.2
    np.clip(t, 0.0, 1.0, out=t)
    f = (fine - 0.5) * 0.16
    f += grain * 0.10
    f += 1.0
    out = pygame.Surface((w, h))
    _blend_into(np, out, (40, 66, 36), (58, 92, 46), t, f)
    # Sparse tufts of brighter grass.
    r = random.Random(seed)
    for _ in range(w * h // 900):
        x, y = r.randrange(w), r.randrange(h)
        c = (70 + r.randint(0, 20), 108 + r.randint(0, 24), 52 + r.randint(0, 10))
        for _ in range(3):
            pygame.draw.line(out, c, (x, y), (x + r.randint(-2, 2), y - r.randint(1, 3)))
    return out


# --- barriers and lines ---------------------------------------------------------------------

def _path_len(pts: Sequence[Point]) -> list[float]:
    acc = [0.0]
    for a, b in zip(pts, pts[1:]):
        acc.append(acc[-1] + math.hypot(b[0] - a[0], b[1] - a[1]))
    return acc


def _along(pts: Sequence[Point], acc: Sequence[float], s: float) -> tuple[Point, Point]:
    """Point and unit direction at arc length s."""
    for i in range(len(pts) - 1):
        if acc[i + 1] >= s or i == len(pts) - 2:
            d = acc[i + 1] - acc[i]
            t = 0.0 if d <= 0 else (s - acc[i]) / d
            a, b = pts[i], pts[i + 1]
            ux, uy = (b[0] - a[0]) / (d or 1.0), (b[1] - a[1]) / (d or 1.0)
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), (ux, uy)
    return pts[0], (1.0, 0.0)


def _thick_poly(surface: pygame.Surface, col: Sequence[int], pts: Sequence[Point], w: float) -> None:
    if w <= 1.2:
        pygame.draw.aalines(surface, col, False, pts)
        return
    for a, b in zip(pts, pts[1:]):
        dx, dy = b[0] - a[0], b[1] - a[1]
        d = math.hypot(dx, dy)
        if d < 1e-9:
            continue
        nx, ny = -dy / d * w / 2, dx / d * w / 2
        quad = [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)]
        pygame.draw.polygon(surface, col, quad)
        pygame.draw.aalines(surface, col, True, quad)
    for p in pts:
        pygame.draw.circle(surface, col, p, w / 2)


def draw_barrier(surface: pygame.Surface, points_px: Sequence[Sequence[float]], ppi: float,
                 closed: bool = False) -> None:
    """A course edge: a low wooden rail with round posts, along a polyline in pixels."""
    pts: list[Point] = [(float(p[0]), float(p[1])) for p in points_px]
    if closed and pts:
        pts.append(pts[0])
    if len(pts) < 2:
        return
    rail_w = max(2.0, 0.13 * ppi)
    post_r = max(2.0, 0.13 * ppi)
    wood_dark = (62, 40, 22)
    wood = (150, 104, 58)
    wood_light = (204, 160, 104)
    # Shadow on a translucent layer (only over the polyline's bounding box).
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    m = int(post_r * 2 + 6)
    x0, y0 = int(min(xs)) - m, int(min(ys)) - m
    bw, bh = int(max(xs)) - x0 + m, int(max(ys)) - y0 + m
    off = max(1.0, 0.06 * ppi)
    lay = pygame.Surface((max(1, bw), max(1, bh)), pygame.SRCALPHA)
    lay.fill((0, 0, 0, 0))
    sh = [(x - x0 + off, y - y0 + off * 1.3) for x, y in pts]
    _thick_poly(lay, (10, 14, 8, 110), sh, rail_w + 2)
    acc = _path_len(pts)
    total = acc[-1]
    spacing = max(1.8 * ppi, post_r * 6)
    n_posts = max(2, int(total / spacing) + 1)
    posts = [_along(pts, acc, total * i / (n_posts - 1))[0] for i in range(n_posts)]
    for x, y in posts:
        pygame.draw.circle(lay, (10, 14, 8, 120), (x - x0 + off, y - y0 + off * 1.3), post_r + 1)
    surface.blit(lay, (x0, y0))
    # Rail: dark edge, wood, a highlight along the top.
    _thick_poly(surface, wood_dark, pts, rail_w + 2)
    _thick_poly(surface, wood, pts, rail_w)
    if rail_w >= 3:
        hl = [(x - rail_w * 0.15, y - rail_w * 0.15) for x, y in pts]
        _thick_poly(surface, wood_light, hl, max(1.0, rail_w * 0.3))
    # Posts with a lit top.
    for x, y in posts:
        pygame.draw.circle(surface, wood_dark, (x, y), post_r + 1)
        pygame.draw.circle(surface, (120, 82, 44), (x, y), post_r)
        if post_r >= 3:
            pygame.draw.circle(surface, wood_light, (x - post_r * 0.25, y - post_r * 0.25), post_r * 0.5)
            pygame.draw.aacircle(surface, wood_dark, (x, y), post_r + 1, 1)


def _label(surface: pygame.Surface, text: str, centre: Point, angle_deg: float, px_size: int,
           col: Sequence[int], shadow: Sequence[int]) -> None:
    f = font(px_size, bold=True)
    img = f.render(text, True, col)
    sh = f.render(text, True, shadow)
    a = angle_deg
    while a > 90:
        a -= 180
    while a < -90:
        a += 180
    img = pygame.transform.rotate(img, a)
    sh = pygame.transform.rotate(sh, a)
    r = img.get_rect(center=(round(centre[0]), round(centre[1])))
    surface.blit(sh, r.move(1, 1))
    surface.blit(img, r)


def draw_line_marking(surface: pygame.Surface, a: Sequence[float], b: Sequence[float], ppi: float,
                      kind: str, label: bool = True, text: str | None = None) -> None:
    """The start line (plain white with small ticks and "START") or the finish line (a
    black-and-white chequered band with "FINISH"), from ``a`` to ``b`` in pixels;
    ``text`` replaces the label (a circuit's "START / FINISH")."""
    ax, ay = float(a[0]), float(a[1])
    bx, by = float(b[0]), float(b[1])
    dx, dy = bx - ax, by - ay
    d = math.hypot(dx, dy)
    if d < 1e-6:
        return
    ux, uy = dx / d, dy / d
    nx, ny = -uy, ux
    angle = -math.degrees(math.atan2(dy, dx))
    if kind == "finish":
        sq = max(3.0, 0.25 * ppi)
        n = max(2, round(d / sq))
        step = d / n
        band = [(ax + nx * sq, ay + ny * sq), (bx + nx * sq, by + ny * sq), (bx - nx * sq, by - ny * sq),
                (ax - nx * sq, ay - ny * sq)]
        pygame.draw.polygon(surface, (24, 24, 26), [(x + 1, y + 1) for x, y in band])
        pygame.draw.polygon(surface, (250, 250, 246), band)
        for i in range(n):
            for row in (0, 1):
                if (i + row) % 2:
                    continue
                s0, s1 = i * step, (i + 1) * step
                r0, r1 = (sq, 0.0) if row == 0 else (0.0, -sq)
                quad = [(ax + ux * s0 + nx * r0, ay + uy * s0 + ny * r0), (ax + ux * s1 + nx * r0, ay + uy * s1 + ny * r0),
                        (ax + ux * s1 + nx * r1, ay + uy * s1 + ny * r1), (ax + ux * s0 + nx * r1, ay + uy * s0 + ny * r1)]
                pygame.draw.polygon(surface, (26, 26, 30), quad)
        pygame.draw.aalines(surface, (26, 26, 30), True, band)
    else:
        lw = max(2.0, 0.12 * ppi)
        _thick_poly(surface, (40, 44, 36), [(ax + 1, ay + 1), (bx + 1, by + 1)], lw)
        _thick_poly(surface, (248, 248, 240), [(ax, ay), (bx, by)], lw)
        tick = max(3.0, 0.2 * ppi)
        n = max(2, int(d / ppi))
        for i in range(n + 1):
            s = d * i / n
            px, py = ax + ux * s, ay + uy * s
            pygame.draw.line(surface, (248, 248, 240), (px - nx * tick, py - ny * tick),
                             (px + nx * tick, py + ny * tick), max(1, round(lw * 0.6)))
    if label:
        for word, centre, size in line_label_spots(a, b, ppi, kind, text):
            _label(surface, word, centre, angle, size, (250, 248, 236), (20, 22, 18))


def line_label_spots(a: Sequence[float], b: Sequence[float], ppi: float, kind: str,
                     text: str | None = None) -> list[tuple[str, Point, int]]:
    """Where draw_line_marking writes a line's word ("START", "FINISH", a circuit's
    "START / FINISH"): (word, centre in pixels, font size) for each, rotated along
    the line (none where the line is too short for it). The label placer keeps
    racers' names off them."""
    ax, ay = float(a[0]), float(a[1])
    dx, dy = float(b[0]) - ax, float(b[1]) - ay
    d = math.hypot(dx, dy)
    if d < 1e-6 or ppi < 5:
        return []
    ux, uy = dx / d, dy / d
    nx, ny = -uy, ux
    if kind == "finish":
        word, off = "FINISH", max(3.0, 0.25 * ppi) + max(7.0, 0.35 * ppi)
    else:
        word, off = ("START" if kind == "start" else ""), max(3.0, 0.2 * ppi) + max(7.0, 0.35 * ppi)
    if text is None:
        text = word
    if not text:
        return []
    size = max(9, round(0.42 * ppi))
    tw = font(size, bold=True).size(text)[0]
    if tw > d and text != word:  # "START / FINISH" longer than the line: its own word
        text = word
        tw = font(size, bold=True).size(text)[0]
    if tw > d * 1.1:
        return []  # a label longer than the line would spill off the track
    # two labels where the line has room for both, else one in the middle (a narrow track)
    return [(text, (ax + ux * d * s + nx * off, ay + uy * d * s + ny * off), size)
            for s in ((0.2, 0.8) if d >= 2.6 * tw else (0.5,))]


def label_rect(text: str, centre: Point, angle_deg: float, size: int) -> pygame.Rect:
    """The rectangle a `_label` covers: its rotated text's bounding box."""
    tw, th = font(size, bold=True).size(text)
    a = math.radians(angle_deg)
    w = abs(tw * math.cos(a)) + abs(th * math.sin(a))
    h = abs(tw * math.sin(a)) + abs(th * math.cos(a))
    return pygame.Rect(round(centre[0] - w / 2), round(centre[1] - h / 2), math.ceil(w) + 1, math.ceil(h) + 1)
