"""Procedural art for the Doomwheel Race, in the style of game/ui/art.py: the
Doomwheel on its 50 x 100 mm base (an iron-shod wheel with spokes that turn as it
rolls, a rat running inside, warpstone sparks at the hub, the team's colour on the
base and its marker on the hub), the critters on their round bases (Fanatic: a
hooded goblin whirling a spiked ball; Dammaz-Drengi: a slayer's orange crest and
two axes; slave: a small hunched rat-man in chains), told apart by silhouette as
well as colour, and the team's bolt thrower. Sprites face +x and are cached."""

from __future__ import annotations

import functools
import math
from typing import Any

import pygame

from game.ui.art import MARKERS, RGB, _mix, _Pen, _rgb, _shade, _supersample, _tint, draw_marker

SPIN_FRAMES = 12  # spoke positions per sixth of a turn (the spokes repeat every 60 degrees)

CRITTER_LOOK: dict[str, dict[str, Any]] = {
    # base rim and fill: dark (Fanatic), dark with a bright orange rim (Dammaz-Drengi),
    # light (slave): apart in lightness too, not only in hue (colour-blind players)
    "fanatic": {"rim": (40, 30, 70), "fill": (88, 76, 116), "name": "Fanatic"},
    "slayer": {"rim": (236, 118, 24), "fill": (82, 60, 44), "name": "Dammaz-Drengi"},
    "slave": {"rim": (126, 100, 66), "fill": (196, 178, 138), "name": "slave"},
}


def wheel_sprite(colour: Any, marker: int, ppi: float, length: float, width: float, spin: float = 0.0,
                 wrecked: bool = False) -> pygame.Surface:
    """A Doomwheel on its base, facing +x, ceil(length*ppi) x ceil(width*ppi) pixels.
    `spin` is how far the wheel has rolled (inches): the spokes turn with it."""
    w_px = max(2, math.ceil(length * ppi - 1e-9))
    h_px = max(2, math.ceil(width * ppi - 1e-9))
    frame = int((spin / (math.pi * length * 0.9)) * 6 * SPIN_FRAMES) % SPIN_FRAMES
    return _wheel_sprite(_rgb(colour), marker % len(MARKERS), round(ppi * 2) / 2, float(length), float(width),
                         frame, wrecked, w_px, h_px)


@functools.lru_cache(maxsize=1024)
def _wheel_sprite(colour: RGB, marker: int, ppi: float, length: float, width: float, frame: int, wrecked: bool,
                  w_px: int, h_px: int) -> pygame.Surface:
    ss = _supersample(ppi)
    kx, ky = w_px * ss / 2.0, h_px * ss / 1.0  # drawn in a 2 x 1 box: x -1..1, y -0.5..0.5
    pen = _Pen(w_px * ss, h_px * ss, kx, ky, w_px * ss / 2, h_px * ss / 2)
    rim = _shade(colour, 0.55)
    base_fill = _mix(colour, (60, 58, 48), 0.3)
    outer = pygame.Rect(0, 0, w_px * ss, h_px * ss)
    r = round(0.1 * ky)
    pygame.draw.rect(pen.s, rim, outer, border_radius=r)
    edge = max(ss * 1.2, 0.06 * ky)
    inner = outer.inflate(-2 * edge, -2 * edge)
    pygame.draw.rect(pen.s, base_fill, inner, border_radius=max(0, round(r - edge)))
    pygame.draw.rect(pen.s, _tint(base_fill, 0.2), inner, width=max(1, round(ss * 0.8)),
                     border_radius=max(0, round(r - edge)))
    # ground shadow and the scorched track the wheel leaves
    pen.ellipse(_shade(base_fill, 0.45), 0.05, 0.05, 0.9, 0.34)
    wood, iron = (112, 72, 38), (70, 70, 74)
    if wrecked:
        wood, iron = _shade(wood, 0.5), _shade(iron, 0.4)
    # the wheel seen from above at a slant: an ellipse of rim, spokes inside
    rx, ry = 0.86, 0.36
    pen.ellipse(_shade(iron, 0.5), 0.0, 0.0, rx + 0.04, ry + 0.04, n=48)
    pen.ellipse(iron, 0.0, 0.0, rx, ry, n=48)
    pen.ellipse(wood, 0.0, 0.0, rx - 0.07, ry - 0.06, n=48)
    pen.ellipse(_shade(wood, 0.55), 0.0, 0.0, rx - 0.13, ry - 0.1, n=48)
    # rivets on the iron tyre
    for k in range(14):
        a = 2 * math.pi * k / 14
        pen.circle((190, 186, 170), rx * 0.985 * math.cos(a), ry * 0.97 * math.sin(a), 0.018)
    # spokes (six, turned by the frame); the rolling is about the y axis, so a spoke
    # at angle t runs from the hub to (rx cos t, ry-ish)
    phase = frame / SPIN_FRAMES * (math.pi / 3)
    for k in range(6):
        t = phase + k * math.pi / 3
        x = (rx - 0.1) * math.cos(t)
        y = (ry - 0.08) * math.sin(t)
        pen.stroke(_tint(wood, 0.25), [(0.1, 0.0), (x, y)], 0.07)
        pen.stroke(_shade(wood, 0.2), [(0.1, 0.0), (x, y)], 0.03)
    # the rat inside, running toward the front (+x), behind the hub
    if not wrecked:
        fur, skin = (128, 112, 98), (232, 160, 160)
        pen.stroke(skin, [(-0.74, 0.0), (-0.66, 0.06), (-0.56, 0.0)], 0.025)         # tail
        pen.ellipse(_shade(fur, 0.4), -0.38, 0.0, 0.2, 0.13)
        pen.ellipse(fur, -0.38, 0.0, 0.18, 0.11)
        pen.ellipse(_tint(fur, 0.25), -0.42, -0.02, 0.09, 0.05)
        pen.poly(fur, [(-0.22, -0.07), (-0.08, 0.0), (-0.22, 0.07)])                # head
        pen.circle(skin, -0.22, -0.075, 0.035)                                        # ears
        pen.circle(skin, -0.22, 0.075, 0.035)
        pen.circle((20, 14, 12), -0.15, -0.03, 0.013)                                 # eyes
        pen.circle((20, 14, 12), -0.15, 0.03, 0.013)
        pen.circle(skin, -0.08, 0.0, 0.015)                                           # nose
    # the hub: warpstone glow with the team's marker on it
    glow = (110, 236, 90) if not wrecked else (80, 80, 70)
    hx = 0.1
    pen.circle(_shade(glow, 0.5), hx, 0.0, 0.2)
    pen.circle(glow, hx, 0.0, 0.16)
    pen.circle(_tint(glow, 0.6), hx - 0.02, -0.03, 0.05)
    mk = MARKERS[marker]
    light = (colour[0] * 0.2126 + colour[1] * 0.7152 + colour[2] * 0.0722) / 255 > 0.62
    draw_marker(pen.s, mk, pen.pt(hx, 0.0), 0.11 * ky, colour, (250, 248, 240) if not light else (30, 26, 30),
                hole=glow, rotation=0.0)
    # warp lightning arcing to the rim
    if not wrecked:
        for a0 in (0.6, 2.4, 4.1):
            pts = [(hx + 0.16 * math.cos(a0), 0.16 * math.sin(a0) * 0.9)]
            for j in range(1, 4):
                a = a0 + 0.12 * (-1) ** j
                d = 0.16 + j * 0.15
                pts.append((hx + d * math.cos(a), d * math.sin(a) * 0.45))
            pen.stroke((200, 255, 160), pts, 0.018)
    # the team's pennant at the back of the base
    pen.poly(colour, [(-0.98, -0.44), (-0.72, -0.44), (-0.8, -0.3), (-0.98, -0.3)])
    pen.poly(colour, [(-0.98, 0.44), (-0.72, 0.44), (-0.8, 0.3), (-0.98, 0.3)])
    if wrecked:  # smoke and cracks
        pen.stroke((20, 18, 16), [(-0.5, -0.2), (-0.1, 0.05), (0.3, -0.1), (0.6, 0.15)], 0.03)
        pen.circle((60, 58, 56, ), 0.1, 0.1, 0.18)
    return pen.down((w_px, h_px))


def critter_sprite(kind: str, ppi: float, radius: float) -> pygame.Surface:
    """A critter on its round base, facing +x: 2*radius*ppi square."""
    d = max(4, math.ceil(2 * radius * ppi))
    return _critter_sprite(kind, round(ppi * 2) / 2, round(radius, 4), d)


@functools.lru_cache(maxsize=256)
def _critter_sprite(kind: str, ppi: float, radius: float, d: int) -> pygame.Surface:
    ss = _supersample(ppi) + 1
    k = d * ss / 2.0
    pen = _Pen(d * ss, d * ss, k, k, d * ss / 2, d * ss / 2)  # unit circle
    look = CRITTER_LOOK.get(kind, CRITTER_LOOK["slave"])
    pen.circle(look["rim"], 0.0, 0.0, 1.0)
    pen.circle(look["fill"], 0.0, 0.0, 0.84)
    pen.circle(_tint(look["fill"], 0.15), -0.1, -0.1, 0.6)
    if kind == "fanatic":
        _fanatic(pen)
    elif kind == "slayer":
        _slayer(pen)
    else:
        _slave(pen)
    return pen.down((d, d))


def _fanatic(pen: _Pen) -> None:
    """A hooded goblin at the centre; a spiked iron ball on a chain swung to one side."""
    chain = (150, 146, 140)
    pen.stroke(chain, [(0.05, 0.05), (0.25, 0.35), (0.4, 0.45)], 0.05)
    spikes = []
    for i in range(16):
        a = i * math.pi / 8
        r = 0.36 if i % 2 == 0 else 0.24
        spikes.append((0.42 + r * math.cos(a), 0.42 + r * math.sin(a)))
    pen.poly((40, 40, 44), spikes)
    pen.circle((110, 110, 116), 0.42, 0.42, 0.2)
    pen.circle((170, 170, 176), 0.37, 0.37, 0.07)
    pen.circle((40, 30, 64), -0.05, -0.05, 0.42)   # the hood
    pen.circle((70, 56, 104), -0.08, -0.08, 0.3)
    pen.poly((96, 150, 60), [(0.12, -0.12), (0.42, -0.05), (0.16, 0.04)])  # long nose
    pen.circle((250, 220, 40), 0.08, -0.16, 0.05)  # mad eyes
    pen.circle((250, 220, 40), 0.16, -0.02, 0.05)


def _slayer(pen: _Pen) -> None:
    """Bare shoulders, a tall orange crest along the head, two axes out to the sides."""
    skin, crest = (226, 170, 130), (255, 120, 20)
    for side in (-1, 1):  # the axes
        pen.stroke((90, 60, 36), [(0.0, 0.3 * side), (0.5, 0.62 * side)], 0.07)
        pen.poly((200, 204, 214), [(0.42, 0.5 * side), (0.7, 0.38 * side), (0.72, 0.74 * side),
                                   (0.5, 0.72 * side)])
    pen.ellipse(skin, -0.05, 0.0, 0.3, 0.5)        # shoulders
    pen.ellipse(_shade(skin, 0.15), -0.05, 0.0, 0.22, 0.38)
    pen.ellipse((190, 90, 30), -0.3, 0.0, 0.2, 0.32)  # the beard, braided back
    pen.circle(skin, 0.05, 0.0, 0.24)              # the bald head
    pen.stroke(_shade(crest, 0.3), [(-0.2, 0.0), (0.3, 0.0)], 0.2)
    pen.stroke(crest, [(-0.2, 0.0), (0.3, 0.0)], 0.13)
    pen.stroke((255, 190, 80), [(-0.15, -0.02), (0.25, -0.02)], 0.04)


def _slave(pen: _Pen) -> None:
    """A small hunched rat-man with a chain across its back."""
    fur, skin = (120, 100, 84), (230, 170, 160)
    pen.stroke(skin, [(-0.3, 0.0), (-0.6, 0.25), (-0.75, 0.1)], 0.06)  # tail
    pen.ellipse(_shade(fur, 0.4), -0.05, 0.0, 0.42, 0.36)
    pen.ellipse(fur, -0.05, 0.0, 0.38, 0.32)
    pen.poly(fur, [(0.18, -0.2), (0.62, 0.0), (0.18, 0.2)])  # snout
    pen.circle(skin, 0.18, -0.22, 0.09)                       # ears
    pen.circle(skin, 0.18, 0.22, 0.09)
    pen.circle((20, 14, 12), 0.38, -0.08, 0.04)
    pen.circle((20, 14, 12), 0.38, 0.08, 0.04)
    pen.stroke((170, 170, 176), [(-0.3, -0.34), (-0.05, 0.0), (-0.3, 0.34)], 0.06)  # the chain


def bolt_thrower(colour: Any, marker: int, ppi: float, loaded: bool) -> pygame.Surface:
    """The team's bolt thrower on its fans' spot (about 2" across), facing +x."""
    d = max(6, math.ceil(2.0 * ppi))
    return _bolt_thrower(_rgb(colour), marker % len(MARKERS), round(ppi * 2) / 2, loaded, d)


@functools.lru_cache(maxsize=128)
def _bolt_thrower(colour: RGB, marker: int, ppi: float, loaded: bool, d: int) -> pygame.Surface:
    ss = _supersample(ppi)
    k = d * ss / 2.0
    pen = _Pen(d * ss, d * ss, k, k, d * ss / 2, d * ss / 2)
    pen.circle((*_shade(colour, 0.6), 200), 0.0, 0.0, 0.98)
    pen.circle((*_mix(colour, (80, 70, 50), 0.5), 200), 0.0, 0.0, 0.88)
    wood = (130, 88, 50)
    pen.stroke(_shade(wood, 0.3), [(-0.6, 0.0), (0.55, 0.0)], 0.2)     # the stock
    pen.stroke(wood, [(-0.6, 0.0), (0.55, 0.0)], 0.13)
    pen.stroke(_shade(wood, 0.2), [(0.25, -0.7), (0.45, 0.0), (0.25, 0.7)], 0.12)  # the bow
    pen.stroke((220, 220, 210), [(0.25, -0.7), (-0.2 if loaded else 0.42, 0.0), (0.25, 0.7)], 0.03)  # string
    if loaded:
        pen.stroke((60, 50, 40), [(-0.25, 0.0), (0.8, 0.0)], 0.05)
        pen.poly((200, 200, 210), [(0.8, -0.08), (0.98, 0.0), (0.8, 0.08)])
    draw_marker(pen.s, MARKERS[marker], pen.pt(-0.5, 0.0), 0.22 * k, colour, (250, 248, 240), rotation=0.0)
    return pen.down((d, d))
