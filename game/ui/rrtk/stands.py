"""Rally Round the King's stands drawn top-down, as the table draws them: a
rectangular stand (base) of 1-4 figures, foot or mounted, the front edge marked by
a light band that every figure faces, the side's colour on the rim and the
figures' clothing plus the side's marker shape on the rear (colour-blind safe:
never colour alone). The army screen draws every unit with it; the battle view
reuses it.

Everything takes plain values (figures, mounted, purpose, tags, colour, marker,
width in pixels, facing), so nothing here reads the army lists. `look` picks a
special shape for troops that are not men on foot or horse (cannon, engine,
chariot, elephant, monster, winged people); `look_for(name, tags, figs, mounted, purpose)` guesses
it from a unit's name and tags.

Tags (Elite, Shock, Pike, Flying, Terror, UD, Artillery, ...) have small icons
(`tag_icon`) and tooltip words (`tag_words`). Surfaces are cached: never draw on
one (`.copy()` first)."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

import pygame

from game.ui import art

RGB = tuple[int, int, int]
PURPOSES = ("melee", "missile", "skirmish")
LOOKS = ("troops", "cannon", "engine", "chariot", "elephant", "monster", "winged")

SKIN = (222, 186, 146)
STEEL = (176, 182, 190)
WOOD = (124, 86, 50)
INK = (26, 22, 20)
FRONT = (250, 236, 170)  # the front edge's band
HORSE = ((128, 84, 48), (92, 62, 40), (160, 142, 120), (70, 52, 40))


def depth_ratio(mounted: bool, look: str = "troops") -> float:
    """The stand's depth as a share of its width (front to rear)."""
    if look in ("chariot", "elephant", "cannon", "engine"):
        return 0.85
    if look == "winged":
        return 0.8
    return 0.8 if mounted else 0.55


def stand_size(width: int, mounted: bool, look: str = "troops") -> tuple[int, int]:
    """The stand's size in pixels, front edge along the top: (width, depth)."""
    w = max(8, int(width))
    return w, max(5, round(w * depth_ratio(mounted, look)))


def look_for(name: str, tags: Sequence[str], figs: int, mounted: bool, purpose: str) -> str:
    """A unit's look from its name and tags (a guess: the lists say no more)."""
    low = name.lower()
    tagset = {t.lower() for t in tags}
    if "artillery" in tagset or "cannon" in low:
        return "cannon"
    if "chariot" in low:
        return "chariot"
    if "elephant" in low:
        return "elephant"
    if tagset & {"engine", "engines"} and purpose == "missile":
        return "engine"
    if "flying" in tagset and "terror" in tagset:
        return "monster"
    if "flying" in tagset and mounted and any(w in low for w in ("men", "man", "folk")):
        return "winged"  # winged people: flyers count as mounted, but they ride nothing
    if not mounted and (tagset & {"engine", "engines"} or (figs == 1 and "terror" in tagset)
                        or any(w in low for w in ("giant", "troll", "ogre", "demon"))):
        return "monster"
    return "troops"


def stand_surface(figs: int, mounted: bool, purpose: str, tags: Sequence[str] = (), colour: Any = (200, 60, 60),
                  width: int = 48, facing: float = 0.0, marker: int | str = 0, ac: int = 2,
                  look: str = "troops") -> pygame.Surface:
    """A stand of `figs` (1-4) figures seen from above, `width` pixels wide. Its
    front edge is at the top when `facing` is 0; `facing` turns it counter-clockwise
    in degrees (as pygame.transform.rotate). `purpose` is melee, missile or skirmish;
    `ac` 4 or more puts on helmets and mail; `marker` is the side's marker shape
    (art.MARKERS index or name). Cached; do not draw on the result."""
    m = marker if isinstance(marker, int) else art.MARKERS.index(marker) if marker in art.MARKERS else 0
    key_tags = tuple(sorted({str(t).lower() for t in tags}))
    p = purpose.lower() if purpose.lower() in PURPOSES else "melee"
    base = _stand(max(1, min(4, int(figs))), bool(mounted), p, key_tags, art._rgb(colour), m % len(art.MARKERS),
                  max(8, int(width)), min(8, max(2, int(ac))), look if look in LOOKS else "troops")
    turn = round(facing) % 360
    return base if turn == 0 else _turned(base, turn)


@functools.lru_cache(maxsize=512)
def _turned(base: pygame.Surface, turn: int) -> pygame.Surface:
    return pygame.transform.rotate(base, turn)


class _Draw:
    """Drawing in stand units on a supersampled surface: x across the front
    (0 left .. 1 right), y from the front edge (0) back (depth)."""

    def __init__(self, w: int, h: int, ss: int) -> None:
        self.k = w * ss
        self.s = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
        self.oy = 0.0  # where y = 0 is (stand units): the figures' zone starts behind the front band

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.k, (y + self.oy) * self.k)

    def poly(self, col: Sequence[int], pts: Sequence[tuple[float, float]]) -> None:
        pygame.draw.polygon(self.s, col, [self.p(*q) for q in pts])

    def ellipse(self, col: Sequence[int], cx: float, cy: float, rx: float, ry: float, rot: float = 0.0) -> None:
        self.poly(col, art._ellipse_pts(cx, cy, rx, ry, rot, 24))

    def circle(self, col: Sequence[int], cx: float, cy: float, r: float) -> None:
        pygame.draw.circle(self.s, col, self.p(cx, cy), max(1.0, r * self.k))

    def line(self, col: Sequence[int], a: tuple[float, float], b: tuple[float, float], w: float) -> None:
        pygame.draw.line(self.s, col, self.p(*a), self.p(*b), max(1, round(w * self.k)))
        for q in (a, b):
            pygame.draw.circle(self.s, col, self.p(*q), max(0.5, w * self.k / 2))

    def arc(self, col: Sequence[int], cx: float, cy: float, r: float, a0: float, a1: float, w: float) -> None:
        pts = [(cx + r * math.cos(a0 + (a1 - a0) * i / 10), cy + r * math.sin(a0 + (a1 - a0) * i / 10))
               for i in range(11)]
        for a, b in zip(pts, pts[1:]):
            self.line(col, a, b, w)


@functools.lru_cache(maxsize=1024)
def _stand(figs: int, mounted: bool, purpose: str, tags: tuple[str, ...], colour: RGB, marker: int, width: int,
           ac: int, look: str) -> pygame.Surface:
    w, h = stand_size(width, mounted, look)
    ss = max(2, min(6, math.ceil(160 / w)))
    d = _Draw(w, h, ss)
    full = h / w
    band, strip = _band(w), _strip(full, w)
    _base(d, full, colour, strip)
    d.oy = band + 0.01
    depth = full - band - strip - 0.02  # the figures' zone, between the front band and the rear strip
    armour = ac >= 4
    if look == "cannon":
        _cannon(d, depth, colour, armour)
    elif look == "engine":
        _engine(d, depth, colour, armour)
    elif look == "chariot":
        _chariot(d, depth, colour, figs, purpose, armour)
    elif look == "elephant":
        _elephant(d, depth, colour)
    elif look == "monster":
        _monsters(d, depth, colour, figs, armour, "flying" in tags)
    elif look == "winged":
        _footmen(d, depth, colour, figs, purpose, tuple(sorted({*tags, "flying"})), armour)
    elif mounted:
        _riders(d, depth, colour, figs, purpose, tags, armour)
    else:
        _footmen(d, depth, colour, figs, purpose, tags, armour)
    d.oy = 0.0
    _front_and_marker(d, full, colour, marker, w)
    out = pygame.transform.smoothscale(d.s, (w, h))
    return out


def _band(w_px: int) -> float:
    """The front band's depth (stand units): at least 2 pixels."""
    return max(0.045, 2.2 / w_px)


def _strip(depth: float, w_px: int) -> float:
    """The rear strip's depth (stand units), where the side's marker sits."""
    return max(0.13, 4.0 / w_px) if depth < 0.7 else max(0.15, 5.0 / w_px)


def _base(d: _Draw, depth: float, colour: RGB, strip: float) -> None:
    """The stand: a rim in the side's colour, a muted ground, a darker rear strip."""
    rim = art._shade(colour, 0.4)
    fill = art._mix(colour, (78, 84, 58), 0.62)
    r = max(1, round(0.05 * d.k))
    pygame.draw.rect(d.s, rim, pygame.Rect(0, 0, d.k, depth * d.k), border_radius=r)
    e = max(2, round(0.03 * d.k))
    inner = pygame.Rect(e, e, d.k - 2 * e, depth * d.k - 2 * e)
    pygame.draw.rect(d.s, fill, inner, border_radius=max(0, r - e))
    pygame.draw.rect(d.s, art._tint(fill, 0.15), inner, width=max(1, round(0.012 * d.k)), border_radius=max(0, r - e))
    top = round((depth - strip) * d.k)
    pygame.draw.rect(d.s, art._shade(colour, 0.15), pygame.Rect(e, top, d.k - 2 * e, round(depth * d.k) - top - e),
                     border_bottom_left_radius=max(0, r - e), border_bottom_right_radius=max(0, r - e))


def _front_and_marker(d: _Draw, depth: float, colour: RGB, marker: int, w_px: int) -> None:
    """The front edge's light band and the side's marker shape on the rear strip
    (twice on a wide stand, so it reads from either side)."""
    band = _band(w_px)
    d.poly(FRONT, [(0.0, 0.0), (1.0, 0.0), (1.0, band), (0.0, band)])
    d.poly(INK, [(0.0, band), (1.0, band), (1.0, band + 0.01), (0.0, band + 0.01)])
    strip = _strip(depth, w_px)
    r = strip * 0.36
    light = art._lum(colour) > 0.62
    fill, edge = ((30, 26, 30), (250, 248, 240)) if light else ((250, 248, 240), INK)
    for cx in ((0.5,) if w_px < 90 else (0.22, 0.78)):
        art.draw_marker(d.s, marker, d.p(cx, depth - strip * 0.48), r * d.k, fill, edge, hole=colour,
                        rotation=-math.pi / 2)


def _slots(figs: int, depth: float, loose: bool, rear: float = 0.0) -> list[tuple[float, float]]:
    """Where the figures stand: one rank across the stand, a loose scatter for
    skirmishers."""
    step = 1.0 / figs
    mid = depth * 0.6 - rear
    out = []
    for i in range(figs):
        x = step * (i + 0.5)
        y = mid + ((-1) ** i) * depth * 0.12 if loose and figs > 1 else mid
        out.append((x, y))
    return out


HAIR = ((84, 58, 38), (52, 40, 30), (132, 96, 56), (40, 34, 30))


def _figure(d: _Draw, x: float, y: float, s: float, colour: RGB, armour: bool, weapon: str,
            shield: bool = True, n: int = 0) -> None:
    """A man seen from above, facing the front (up): shoulders and arms in the side's
    colour, a head (hair, or a crested helmet), his weapon to the front."""
    dark = art._shade(colour, 0.5)
    tip = y - s * 0.95
    x0 = x + s * 0.27
    if weapon == "pike":  # far past the front rank, to the front edge
        tip = max(0.02, y - s * 2.6)
    if weapon in ("pike", "spear"):
        d.line(INK, (x0, y + s * 0.3), (x0, tip + s * 0.12), s * 0.1)
        d.line(WOOD, (x0, y + s * 0.3), (x0, tip + s * 0.12), s * 0.06)
        d.poly(INK, [(x0 - s * 0.07, tip + s * 0.22), (x0, tip - s * 0.02), (x0 + s * 0.07, tip + s * 0.22)])
        d.poly(STEEL, [(x0 - s * 0.045, tip + s * 0.19), (x0, tip + s * 0.03), (x0 + s * 0.045, tip + s * 0.19)])
    elif weapon == "javelin":
        d.line(INK, (x0 - s * 0.04, y + s * 0.05), (x0 + s * 0.08, y - s * 0.75), s * 0.08)
        d.line(WOOD, (x0 - s * 0.04, y + s * 0.05), (x0 + s * 0.08, y - s * 0.75), s * 0.045)
    elif weapon == "sword":
        d.line(INK, (x0, y - s * 0.25), (x0 + s * 0.04, y - s * 0.72), s * 0.1)
        d.line(STEEL, (x0, y - s * 0.25), (x0 + s * 0.04, y - s * 0.72), s * 0.06)
    body = [(x - s * 0.36, y + s * 0.02), (x - s * 0.3, y - s * 0.1), (x + s * 0.3, y - s * 0.1),
            (x + s * 0.36, y + s * 0.02), (x + s * 0.3, y + s * 0.13), (x - s * 0.3, y + s * 0.13)]
    hands = ((x - s * 0.24, y - s * 0.3), (x + s * 0.27, y - s * 0.28))
    for side, hand in zip((-1, 1), hands):  # arms reaching forward from the shoulders
        d.line(INK, (x + side * s * 0.3, y - s * 0.02), hand, s * 0.15)
        d.line(art._shade(colour, 0.12), (x + side * s * 0.3, y - s * 0.02), hand, s * 0.09)
        d.circle(INK, hand[0], hand[1], s * 0.075)
        d.circle(SKIN, hand[0], hand[1], s * 0.05)
    d.poly(INK, art._grow(body, s * 0.045))
    d.poly(colour, body)
    d.poly(art._tint(colour, 0.25), [(x - s * 0.28, y - s * 0.07), (x + s * 0.1, y - s * 0.07),
                                     (x + s * 0.05, y - s * 0.02), (x - s * 0.3, y - s * 0.0)])
    if armour:  # mail across the shoulders
        d.line(art._mix(colour, STEEL, 0.6), (x - s * 0.28, y + s * 0.06), (x + s * 0.28, y + s * 0.06), s * 0.07)
    if weapon == "bow":  # the bow held out in front, an arrow drawn to the chin
        d.arc(INK, x - s * 0.02, y + s * 0.22, s * 0.5, math.pi * 1.2, math.pi * 1.8, s * 0.11)
        d.arc((164, 116, 66), x - s * 0.02, y + s * 0.22, s * 0.5, math.pi * 1.2, math.pi * 1.8, s * 0.06)
        d.line((236, 230, 214), (x - s * 0.02, y - s * 0.1), (x - s * 0.02, y - s * 0.42), s * 0.045)
    if shield and weapon in ("spear", "sword", "pike"):
        cx, cy = hands[0]
        d.circle(INK, cx - s * 0.03, cy - s * 0.02, s * 0.2)
        d.circle(art._tint(colour, 0.4), cx - s * 0.03, cy - s * 0.02, s * 0.165)
        d.circle(art._shade(colour, 0.35), cx - s * 0.03, cy - s * 0.02, s * 0.06)
    head = STEEL if armour else HAIR[n % len(HAIR)]
    hy = y - s * 0.12
    d.circle(INK, x, hy, s * 0.16)
    d.circle(head, x, hy, s * 0.13)
    if armour:  # the helmet's crest, front to back
        d.line(art._shade(STEEL, 0.4), (x, hy - s * 0.1), (x, hy + s * 0.1), s * 0.05)
    else:
        d.circle(art._tint(head, 0.25), x - s * 0.04, hy - s * 0.04, s * 0.045)


def _weapon(purpose: str, tags: tuple[str, ...], mounted: bool = False) -> str:
    if "pike" in tags:
        return "pike"
    if purpose == "missile":
        return "bow"
    if purpose == "skirmish":
        return "javelin" if not mounted else "bow"
    if "shock" in tags or "cw" in tags or "combined" in tags:
        return "spear"
    return "sword"


def _footmen(d: _Draw, depth: float, colour: RGB, figs: int, purpose: str, tags: tuple[str, ...],
             armour: bool) -> None:
    loose = purpose == "skirmish" or "ud" in tags and figs > 2
    s = min(1.0 / figs * 0.95, depth * 1.7, 0.5)
    weapon = _weapon(purpose, tags)
    if "flying" in tags:
        for x, y in _slots(figs, depth, loose):
            _wings(d, x, y, s, colour)
    for i, (x, y) in enumerate(_slots(figs, depth, loose)):
        _figure(d, x, y, s, colour, armour, weapon, n=i)


def _wings(d: _Draw, x: float, y: float, s: float, colour: RGB) -> None:
    """Bat wings spread to both sides behind a flyer."""
    membrane = art._mix(colour, (60, 50, 60), 0.55)
    for side in (-1, 1):
        pts = [(x, y - s * 0.1), (x + side * s * 0.55, y - s * 0.42), (x + side * s * 0.62, y + s * 0.05),
               (x + side * s * 0.45, y + s * 0.02), (x + side * s * 0.38, y + s * 0.2), (x, y + s * 0.12)]
        d.poly(INK, art._grow(pts, s * 0.03))
        d.poly(membrane, pts)


def _horse(d: _Draw, x: float, y: float, s: float, coat: RGB, barded: bool, colour: RGB) -> None:
    """A horse from above, head to the front; a rider sits at (x, y)."""
    body = [(x, y - s * 0.62), (x + s * 0.12, y - s * 0.5), (x + s * 0.2, y - s * 0.15), (x + s * 0.2, y + s * 0.3),
            (x + s * 0.12, y + s * 0.5), (x, y + s * 0.55), (x - s * 0.12, y + s * 0.5), (x - s * 0.2, y + s * 0.3),
            (x - s * 0.2, y - s * 0.15), (x - s * 0.12, y - s * 0.5)]
    d.line(art._shade(coat, 0.5), (x, y + s * 0.5), (x, y + s * 0.75), s * 0.08)  # tail
    d.poly(INK, art._grow(body, s * 0.03))
    d.poly(coat, body)
    d.ellipse(art._shade(coat, 0.2), x, y - s * 0.72, s * 0.085, s * 0.16)  # head
    d.poly(INK, [(x - s * 0.07, y - s * 0.6), (x - s * 0.04, y - s * 0.72), (x - s * 0.01, y - s * 0.6)])
    if barded:  # a caparison in the side's colour
        d.ellipse(art._shade(colour, 0.2), x, y + s * 0.05, s * 0.19, s * 0.4)
        d.ellipse(colour, x, y + s * 0.05, s * 0.16, s * 0.36)


def _riders(d: _Draw, depth: float, colour: RGB, figs: int, purpose: str, tags: tuple[str, ...],
            armour: bool) -> None:
    s = min(1.0 / figs * 0.95, depth / 1.5)
    loose = purpose == "skirmish"
    weapon = _weapon(purpose, tags, mounted=True)
    for i, (x, y) in enumerate(_slots(figs, depth, loose)):
        y = depth * 0.5 + s * 0.02 + (((-1) ** i) * depth * 0.05 if loose else 0.0)
        if "flying" in tags:
            _wings(d, x, y, s * 1.3, colour)
        _horse(d, x, y, s, HORSE[i % len(HORSE)], armour and "shock" in tags, colour)
        if "shock" in tags and weapon == "spear":  # a couched lance past the horse's head
            d.line(WOOD, (x + s * 0.2, y + s * 0.3), (x + s * 0.2, max(0.0, y - s * 1.0)), s * 0.06)
        _figure(d, x, y, s * 0.8, colour, armour, weapon if weapon != "spear" else "sword", shield=weapon != "bow")


def _cannon(d: _Draw, depth: float, colour: RGB, armour: bool) -> None:
    for side in (-1, 1):
        d.poly(INK, [(0.5 + side * 0.17, depth * 0.42), (0.5 + side * 0.25, depth * 0.42),
                     (0.5 + side * 0.25, depth * 0.7), (0.5 + side * 0.17, depth * 0.7)])
        d.poly(WOOD, [(0.5 + side * 0.18, depth * 0.44), (0.5 + side * 0.24, depth * 0.44),
                      (0.5 + side * 0.24, depth * 0.68), (0.5 + side * 0.18, depth * 0.68)])
    d.poly(art._shade(WOOD, 0.2), [(0.44, depth * 0.45), (0.56, depth * 0.45), (0.53, depth * 0.92), (0.47, depth * 0.92)])
    barrel = [(0.455, depth * 0.1), (0.545, depth * 0.1), (0.56, depth * 0.62), (0.44, depth * 0.62)]
    d.poly(INK, art._grow(barrel, 0.012))
    d.poly((70, 72, 78), barrel)
    d.line((130, 134, 142), (0.48, depth * 0.14), (0.48, depth * 0.58), 0.014)
    d.ellipse(INK, 0.5, depth * 0.1, 0.05, 0.018)
    for x in (0.2, 0.8):
        _figure(d, x, depth * 0.62, 0.26, colour, armour, "none", shield=False)


def _engine(d: _Draw, depth: float, colour: RGB, armour: bool) -> None:
    """A bolt thrower: a frame with a great bow across it, the bolt to the front."""
    d.poly(INK, [(0.45, depth * 0.2), (0.55, depth * 0.2), (0.55, depth * 0.82), (0.45, depth * 0.82)])
    d.poly(WOOD, [(0.465, depth * 0.22), (0.535, depth * 0.22), (0.535, depth * 0.8), (0.465, depth * 0.8)])
    d.arc(INK, 0.5, depth * 0.62, 0.34, math.pi * 1.2, math.pi * 1.8, 0.05)
    d.arc(art._tint(WOOD, 0.2), 0.5, depth * 0.62, 0.34, math.pi * 1.2, math.pi * 1.8, 0.03)
    d.line(STEEL, (0.5, depth * 0.1), (0.5, depth * 0.55), 0.02)
    d.poly(STEEL, [(0.47, depth * 0.14), (0.5, depth * 0.05), (0.53, depth * 0.14)])
    for x in (0.2, 0.8):
        _figure(d, x, depth * 0.66, 0.24, colour, armour, "none", shield=False)


def _chariot(d: _Draw, depth: float, colour: RGB, figs: int, purpose: str, armour: bool) -> None:
    """Horses ahead, the car behind them with its crew; two cars for two figures."""
    cars = [0.5] if figs != 2 else [0.27, 0.73]
    k = 1.0 if len(cars) == 1 else 0.62
    for cx in cars:
        for j, side in enumerate((-1, 1)):
            _horse(d, cx + side * 0.1 * k, depth * 0.33, 0.42 * k, HORSE[j], False, colour)
        d.line(WOOD, (cx, depth * 0.4), (cx, depth * 0.62), 0.03 * k)
        for side in (-1, 1):
            d.poly(INK, [(cx + side * 0.2 * k, depth * 0.66), (cx + side * 0.25 * k, depth * 0.66),
                         (cx + side * 0.25 * k, depth * 0.9), (cx + side * 0.2 * k, depth * 0.9)])
        car = [(cx - 0.19 * k, depth * 0.62), (cx + 0.19 * k, depth * 0.62), (cx + 0.17 * k, depth * 0.95),
               (cx - 0.17 * k, depth * 0.95)]
        d.poly(INK, art._grow(car, 0.012))
        d.poly(art._shade(colour, 0.25), car)
        crew = "bow" if purpose != "melee" else "spear"
        _figure(d, cx - 0.07 * k, depth * 0.8, 0.2 * k, colour, armour, crew, shield=False)
        _figure(d, cx + 0.08 * k, depth * 0.8, 0.2 * k, colour, armour, "none", shield=False)


def _elephant(d: _Draw, depth: float, colour: RGB) -> None:
    grey = (128, 124, 120)
    body = art._ellipse_pts(0.5, depth * 0.58, 0.2, depth * 0.34, 0.0, 24)
    d.poly(INK, art._grow(body, 0.012))
    d.poly(grey, body)
    for side in (-1, 1):  # ears
        ear = [(0.5 + side * 0.08, depth * 0.24), (0.5 + side * 0.3, depth * 0.2), (0.5 + side * 0.28, depth * 0.42),
               (0.5 + side * 0.1, depth * 0.4)]
        d.poly(INK, art._grow(ear, 0.01))
        d.poly(art._tint(grey, 0.1), ear)
        d.line((240, 236, 220), (0.5 + side * 0.05, depth * 0.22), (0.5 + side * 0.08, depth * 0.04), 0.025)  # tusks
    d.ellipse(art._shade(grey, 0.1), 0.5, depth * 0.26, 0.1, depth * 0.12)
    d.line(art._shade(grey, 0.15), (0.5, depth * 0.2), (0.5, depth * 0.03), 0.05)  # trunk
    howdah = [(0.38, depth * 0.45), (0.62, depth * 0.45), (0.62, depth * 0.8), (0.38, depth * 0.8)]
    d.poly(INK, art._grow(howdah, 0.012))
    d.poly(art._shade(colour, 0.15), howdah)
    _figure(d, 0.5, depth * 0.6, 0.18, colour, False, "spear", shield=False)


def _monsters(d: _Draw, depth: float, colour: RGB, figs: int, armour: bool, flying: bool) -> None:
    """Great creatures (giants, trolls, demons): bulky bodies, claws to the front."""
    s = min(1.0 / figs * 0.98, depth * 1.35, 0.55)
    hide = art._mix(colour, (96, 110, 70), 0.5)
    for x, y in _slots(figs, depth, False):
        y = depth * 0.56
        if flying:
            _wings(d, x, y, s * 1.2, colour)
        for side in (-1, 1):  # arms reaching forward, claws
            d.line(INK, (x + side * s * 0.3, y), (x + side * s * 0.36, y - s * 0.36), s * 0.16)
            d.line(hide, (x + side * s * 0.3, y), (x + side * s * 0.36, y - s * 0.36), s * 0.11)
            for c in (-1, 0, 1):
                d.line((240, 234, 214), (x + side * s * 0.36, y - s * 0.38),
                       (x + side * s * 0.36 + c * s * 0.05, y - s * 0.46), s * 0.03)
        d.ellipse(INK, x, y, s * 0.38, s * 0.25)
        d.ellipse(hide, x, y, s * 0.35, s * 0.22)
        d.ellipse(colour, x, y + s * 0.06, s * 0.25, s * 0.12)  # a hide or sash in the side's colour
        d.circle(INK, x, y - s * 0.12, s * 0.16)
        d.circle(art._shade(hide, 0.1), x, y - s * 0.12, s * 0.13)
        for side in (-1, 1):  # horns
            d.poly((230, 222, 196), [(x + side * s * 0.07, y - s * 0.2), (x + side * s * 0.2, y - s * 0.34),
                                      (x + side * s * 0.12, y - s * 0.16)])


# --- tags ------------------------------------------------------------------------------------

TAG_NAMES = {  # a tag as printed -> the rule's name the player sees
    "elite": "Elite Training", "et": "Elite Training", "shock": "Shock Cavalry", "pike": "Pikes",
    "flying": "Flyers", "terror": "Terror Troops", "ud": "Undisciplined", "artillery": "Artillery",
    "engine": "Engine", "engines": "Engine", "cw": "Combination Weapons", "combined": "Combination Weapons",
    "dual": "Dual-Armed", "frenzy": "Barbarian Frenzy", "fanatic": "Fanatics", "stakes": "Stakes",
    "fa": "Firearms",
}
TAG_HELP = {  # our own short words for each rule (tooltips)
    "elite": "better drilled than most: fights and shoots a little better",
    "et": "better drilled than most: fights and shoots a little better",
    "shock": "horsemen who win the first clash by weight of charge",
    "pike": "a hedge of long spears: hard to charge from the front",
    "flying": "flies over troops and terrain; always counts as mounted",
    "terror": "frightening to face: foes may waver before contact",
    "ud": "hard to hold back: may charge or pursue unbidden (costs less)",
    "artillery": "guns that shoot from afar and need their crews",
    "engine": "a war machine that hurls bolts or rocks at long range",
    "engines": "a war machine that hurls bolts or rocks at long range",
    "cw": "carries two kinds of weapon and picks the better one",
    "combined": "carries two kinds of weapon and picks the better one",
    "dual": "can shoot as well as fight hand to hand",
    "frenzy": "charges in a wild rush: strong at first, then spent",
    "fanatic": "fights on long after others would break",
    "stakes": "plants sharpened stakes that horsemen cannot cross",
    "fa": "early firearms: loud, slow and deadly",
}


def tag_words(tag: str, sp: int | None = None) -> str:
    """A tag's tooltip: the rule's name, our words, and its points a figure when given."""
    t = tag.lower()
    name = TAG_NAMES.get(t, tag)
    words = TAG_HELP.get(t, "a special rule of this unit")
    cost = "" if sp is None else f" ({'+' if sp >= 0 else ''}{sp} point{'s' if abs(sp) != 1 else ''} a figure)"
    return f"{name} ({tag}): {words}{cost}"


def tag_icon(tag: str, size: int = 18) -> pygame.Surface:
    """A small round icon for a tag, `size` pixels across. Cached."""
    return _tag_icon(tag.lower(), max(10, int(size)))


_ICON_COLOURS = {"elite": (214, 170, 60), "et": (214, 170, 60), "shock": (196, 70, 50), "pike": (120, 120, 130),
                 "flying": (80, 130, 190), "terror": (70, 50, 90), "ud": (200, 120, 40), "artillery": (70, 70, 76),
                 "engine": (130, 92, 56), "engines": (130, 92, 56), "cw": (90, 110, 80), "combined": (90, 110, 80),
                 "dual": (60, 120, 110), "frenzy": (190, 60, 30), "fanatic": (150, 40, 110), "stakes": (110, 80, 50),
                 "fa": (80, 80, 80)}


@functools.lru_cache(maxsize=256)
def _tag_icon(tag: str, size: int) -> pygame.Surface:
    ss = 4
    k = size * ss
    s = pygame.Surface((k, k), pygame.SRCALPHA)
    c = k / 2
    bg = _ICON_COLOURS.get(tag, (90, 90, 90))
    pygame.draw.circle(s, (20, 16, 14), (c, c), c)
    pygame.draw.circle(s, bg, (c, c), c * 0.88)
    ink = (250, 246, 232)

    def P(x: float, y: float) -> tuple[float, float]:  # unit square -1..1
        return (c + x * c, c + y * c)

    def poly(pts: Sequence[tuple[float, float]], col: Sequence[int] = ink) -> None:
        pygame.draw.polygon(s, col, [P(*q) for q in pts])

    def line(a: tuple[float, float], b: tuple[float, float], w: float = 0.12, col: Sequence[int] = ink) -> None:
        pygame.draw.line(s, col, P(*a), P(*b), max(1, round(w * c)))

    if tag in ("elite", "et"):
        poly([(0.55 * math.cos(a) * (1 if i % 2 == 0 else 0.45), 0.55 * math.sin(a) * (1 if i % 2 == 0 else 0.45))
              for i, a in enumerate(-math.pi / 2 + math.pi * j / 5 for j in range(10))])
    elif tag == "shock":
        poly([(-0.5, -0.2), (0.1, -0.2), (0.1, -0.5), (0.6, 0.0), (0.1, 0.5), (0.1, 0.2), (-0.5, 0.2)])
    elif tag == "pike":
        for x in (-0.3, 0.0, 0.3):
            line((x, 0.6), (x, -0.35), 0.1)
            poly([(x - 0.1, -0.3), (x, -0.62), (x + 0.1, -0.3)])
    elif tag == "flying":
        poly([(0.0, 0.1), (-0.65, -0.35), (-0.45, 0.05), (-0.6, 0.3), (0.0, 0.3), (0.6, 0.3), (0.45, 0.05),
              (0.65, -0.35)])
    elif tag == "terror":
        pygame.draw.circle(s, ink, P(0, -0.1), 0.45 * c)
        poly([(-0.25, 0.2), (0.25, 0.2), (0.2, 0.55), (-0.2, 0.55)])
        for x in (-0.18, 0.18):
            pygame.draw.circle(s, bg, P(x, -0.12), 0.13 * c)
        poly([(0.0, 0.05), (-0.06, 0.18), (0.06, 0.18)], bg)
    elif tag == "ud":
        line((0.0, -0.55), (0.0, 0.15), 0.2)
        pygame.draw.circle(s, ink, P(0, 0.45), 0.12 * c)
    elif tag == "artillery":
        poly([(-0.55, -0.12), (0.45, -0.22), (0.45, 0.08), (-0.55, 0.12)])
        pygame.draw.circle(s, ink, P(-0.15, 0.3), 0.25 * c, max(1, round(0.1 * c)))
    elif tag in ("engine", "engines"):
        line((-0.5, 0.45), (0.5, 0.45), 0.14)
        line((-0.3, 0.45), (0.35, -0.45), 0.12)
        pygame.draw.circle(s, ink, P(0.4, -0.5), 0.16 * c)
    elif tag in ("cw", "combined", "dual"):
        line((-0.5, 0.5), (0.5, -0.5), 0.12)
        if tag == "dual":
            pygame.draw.arc(s, ink, pygame.Rect(P(-0.7, -0.6), (1.0 * c, 1.2 * c)), -1.2, 1.2, max(1, round(0.1 * c)))
        else:
            line((0.5, 0.5), (-0.5, -0.5), 0.12)
            poly([(-0.62, -0.62), (-0.3, -0.5), (-0.5, -0.3)])
    elif tag == "frenzy":
        poly([(0.0, -0.62), (0.3, -0.1), (0.15, -0.15), (0.35, 0.45), (-0.35, 0.45), (-0.15, -0.05),
              (-0.3, -0.02)])
    elif tag == "fanatic":
        pygame.draw.ellipse(s, ink, pygame.Rect(P(-0.6, -0.3), (1.2 * c, 0.6 * c)))
        pygame.draw.circle(s, bg, P(0, 0), 0.2 * c)
    elif tag == "stakes":
        for x in (-0.4, 0.0, 0.4):
            poly([(x - 0.12, 0.5), (x + 0.12, 0.5), (x + 0.04, -0.45)])
    else:  # a tag with no picture: its first letter
        img = art._font(max(6, round(k * 0.5)), True).render(tag[:2].upper(), True, ink)
        s.blit(img, img.get_rect(center=(c, c)))
    return pygame.transform.smoothscale(s, (size, size))


def tag_strip(tags: Sequence[str], size: int = 18, gap: int = 3) -> tuple[pygame.Surface, list[tuple[pygame.Rect, str]]]:
    """The tags' icons in a row, and each icon's rect (for tooltips) with its tag."""
    n = len(tags)
    s = pygame.Surface((max(1, n * size + max(0, n - 1) * gap), size), pygame.SRCALPHA)
    rects = []
    for i, t in enumerate(tags):
        r = pygame.Rect(i * (size + gap), 0, size, size)
        s.blit(tag_icon(t, size), r)
        rects.append((r, t))
    return s, rects
