"""Terrain pieces a level places on the table: obstacles (rect, circle or convex
polygon; small or large; a cover marking) and decorations (pictures with no effect on
the rules), with their readers, their file form and the overlap test the checks use.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Final

from game.core.jsonload import Obj
from game.levels.level import _pt, _read_points, _Report
from game.levels.plane import _EPS, Point, _circle_poly_overlap, _convex_overlap, _is_convex

SIZES: Final[tuple[str, ...]] = ("small", "large")
SHAPES: Final[tuple[str, ...]] = ("rect", "circle", "polygon")
COVERS: Final[tuple[str, ...]] = ("none", "soft", "hard")
"""An obstacle's Doomwheel cover marking (rules §8; format 2, Doomwheel only)."""
MAX_POLYGON_POINTS: Final[int] = 64
MAX_OBSTACLE_SIZE: Final[float] = 100.0
MIN_SCALE: Final[float] = 0.05
MAX_SCALE: Final[float] = 20.0

_OBSTACLE_COMMON: Final[tuple[str, ...]] = ("id", "size", "shape", "x", "y", "look")
OBSTACLE_DOOMWHEEL_FIELDS: Final[tuple[str, ...]] = ("cover", "blocks_sight")
"""Obstacle fields format 2 added, for a Doomwheel course only (rules §7-8)."""
_OBSTACLE_SHAPE_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "rect": ("length", "width", "rotation"),
    "circle": ("radius",),
    "polygon": ("points",),
}


@dataclass(frozen=True)
class ObstacleSpec:
    """One obstacle as placed by the level: where, what shape, small or large.

    rect: ``length`` along ``rotation`` (degrees CCW from +x), ``width`` across it;
    circle: ``radius``; polygon: convex ``points`` relative to (x, y).
    """

    id: str
    size: str
    shape: str
    x: float
    y: float
    length: float = 0.0
    width: float = 0.0
    rotation: float = 0.0
    radius: float = 0.0
    points: tuple[Point, ...] = ()
    look: str = ""
    cover: str = "none"
    """Doomwheel only (format 2): "soft" or "hard" cover to a target behind or against it."""
    blocks_sight: bool = False
    """Doomwheel only (format 2): the bolt thrower cannot see through it."""

    def doomwheel_marked(self) -> bool:
        """Whether it carries a Doomwheel marking (cover or blocks_sight): a format-2 field."""
        return self.cover != "none" or self.blocks_sight

    def polygon(self) -> tuple[Point, ...]:
        """World vertices (counter-clockwise for a rect; as given for a polygon); () for a circle."""
        if self.shape == "rect":
            r = math.radians(self.rotation)
            c, s = math.cos(r), math.sin(r)
            hl, hw = self.length / 2, self.width / 2
            corners = ((hl, -hw), (hl, hw), (-hl, hw), (-hl, -hw))
            return tuple((self.x + px * c - py * s, self.y + px * s + py * c) for px, py in corners)
        if self.shape == "polygon":
            return tuple((self.x + px, self.y + py) for px, py in self.points)
        return ()

    def outline(self, segments: int = 32) -> tuple[Point, ...]:
        """World outline; a circle is approximated by `segments` vertices on the circle."""
        if self.shape == "circle":
            return tuple(
                (
                    self.x + self.radius * math.cos(2 * math.pi * k / segments),
                    self.y + self.radius * math.sin(2 * math.pi * k / segments),
                )
                for k in range(segments)
            )
        return self.polygon()

    def bounding_radius(self) -> float:
        """Radius of a circle about (x, y) that holds the whole obstacle."""
        if self.shape == "circle":
            return self.radius
        return max(math.hypot(px - self.x, py - self.y) for px, py in self.polygon())



@dataclass(frozen=True)
class Decoration:
    """Scenery drawn on or beside the course with no effect on the rules (format 2):
    `look` names the picture, `rotation` in degrees counter-clockwise, `scale` 1 = its
    natural size."""

    look: str
    x: float
    y: float
    rotation: float = 0.0
    scale: float = 1.0



def _obstacles_overlap(a: ObstacleSpec, b: ObstacleSpec) -> bool:
    if math.hypot(a.x - b.x, a.y - b.y) >= a.bounding_radius() + b.bounding_radius():
        return False
    if a.shape == "circle" and b.shape == "circle":
        return math.hypot(a.x - b.x, a.y - b.y) < a.radius + b.radius - _EPS
    if a.shape == "circle":
        return _circle_poly_overlap(a.x, a.y, a.radius, b.polygon())
    if b.shape == "circle":
        return _circle_poly_overlap(b.x, b.y, b.radius, a.polygon())
    return _convex_overlap(a.polygon(), b.polygon())


def _obstacle_from_json(rep: _Report, o: Obj, index: int, ids: dict[str, int],
                        notes: dict[str, str] | None = None) -> ObstacleSpec | None:
    """One obstacle; `notes` refuses the Doomwheel markings (a format-1 file, a Wild
    Race course) with a reason of its own."""
    notes = notes or {}
    before = len(rep.problems)
    oid = rep.take(lambda: o.string("id", min_len=1, max_len=40), None)
    if oid is not None:
        if oid in ids:
            rep.add(o.field("id"), f"duplicate obstacle id {oid!r} (also used by obstacles[{ids[oid]}])")
        else:
            ids[oid] = index
    size = rep.take(lambda: o.string("size", choices=SIZES), None)
    shape = rep.take(lambda: o.string("shape", choices=SHAPES), None)
    x = rep.take(lambda: o.coord("x"), 0.0)
    y = rep.take(lambda: o.coord("y"), 0.0)
    look = rep.take(lambda: o.string("look", min_len=1, max_len=40, default=""), "")
    cover = "none"
    blocks_sight = False
    if not notes:
        cover = rep.take(lambda: o.string("cover", choices=COVERS, default="none"), "none")
        blocks_sight = rep.take(lambda: o.boolean("blocks_sight", default=False), False)
    length = width = rotation = radius = 0.0
    points: tuple[Point, ...] = ()
    if shape == "rect":
        length = rep.take(lambda: o.num("length", lo=0.01, hi=MAX_OBSTACLE_SIZE), 0.0)
        width = rep.take(lambda: o.num("width", lo=0.01, hi=MAX_OBSTACLE_SIZE), 0.0)
        rotation = rep.take(lambda: o.num("rotation", lo=-360.0, hi=360.0, default=0.0), 0.0)
    elif shape == "circle":
        radius = rep.take(lambda: o.num("radius", lo=0.01, hi=MAX_OBSTACLE_SIZE), 0.0)
    elif shape == "polygon":
        pv = o.maybe("points")
        if pv is None:
            rep.add(o.field("points"), "missing required field")
        else:
            got = _read_points(rep, pv, min_len=3, max_len=MAX_POLYGON_POINTS)
            if got is not None:
                far = False
                for i, (px, py) in enumerate(got):
                    if abs(px) > MAX_OBSTACLE_SIZE or abs(py) > MAX_OBSTACLE_SIZE:
                        rep.add(o.field(f"points[{i}]"), f"too far from (x, y) (at most {MAX_OBSTACLE_SIZE:g} inches)")
                        far = True
                if not far and not _is_convex(got):
                    rep.add(o.field("points"),
                            "must be a convex polygon (no three points in a line, no dents, no crossing sides)")
                points = got
    if shape is None:  # shape unknown: do not call the other shapes' fields unknown too
        allowed = _OBSTACLE_COMMON + tuple(k for ks in _OBSTACLE_SHAPE_FIELDS.values() for k in ks)
    else:
        allowed = _OBSTACLE_COMMON + _OBSTACLE_SHAPE_FIELDS[shape]
    if not notes:
        allowed = allowed + OBSTACLE_DOOMWHEEL_FIELDS
    rep.unknown(o, allowed, notes)
    if len(rep.problems) > before or oid is None or size is None or shape is None:
        return None
    return ObstacleSpec(id=oid, size=size, shape=shape, x=x, y=y, length=length, width=width,
                        rotation=rotation, radius=radius, points=points, look=look, cover=cover,
                        blocks_sight=blocks_sight)



def _decoration_from_json(rep: _Report, o: Obj) -> Decoration | None:
    before = len(rep.problems)
    look = rep.take(lambda: o.string("look", min_len=1, max_len=40), "")
    x = rep.take(lambda: o.coord("x"), 0.0)
    y = rep.take(lambda: o.coord("y"), 0.0)
    rotation = rep.take(lambda: o.num("rotation", lo=-360.0, hi=360.0, default=0.0), 0.0)
    scale = rep.take(lambda: o.num("scale", lo=MIN_SCALE, hi=MAX_SCALE, default=1.0), 1.0)
    rep.unknown(o, ("look", "x", "y", "rotation", "scale"))
    return None if len(rep.problems) > before else Decoration(look, x, y, rotation, scale)


def obstacle_to_json(ob: ObstacleSpec) -> dict[str, Any]:
    """The file form of one obstacle."""
    d: dict[str, Any] = {"id": ob.id, "size": ob.size, "shape": ob.shape, "x": ob.x, "y": ob.y}
    if ob.shape == "rect":
        d["length"] = ob.length
        d["width"] = ob.width
        d["rotation"] = ob.rotation
    elif ob.shape == "circle":
        d["radius"] = ob.radius
    else:
        d["points"] = [_pt(p) for p in ob.points]
    if ob.look:
        d["look"] = ob.look
    if ob.cover != "none":
        d["cover"] = ob.cover
    if ob.blocks_sight:
        d["blocks_sight"] = True
    return d
