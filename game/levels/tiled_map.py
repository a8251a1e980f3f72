"""Reading a Tiled map (the JSON map format, .tmj): the parts any level drawn in Tiled
needs. Problems collected with field paths, custom properties, object layers (inside
groups, with their offsets; hidden ones skipped), object shapes and the conversion of
Tiled pixels (y down, rotation clockwise) to game inches (y up, counter-clockwise).
``game.levels.tiled`` reads a course with these; a battlefield import would too.
"""

from __future__ import annotations

import math
from typing import Any, Final, Sequence

from game.core.errors import BadInput
from game.core.jsonload import Val, describe, join_index, join_key
from game.levels.level import Problem

MAX_OBJECTS: Final[int] = 10_000
"""Most objects read from one layer (the course format's own limits are lower)."""
MAX_LAYERS: Final[int] = 1000
DIGITS: Final[int] = 4

Point = tuple[float, float]


class _Problems:
    def __init__(self, source: str) -> None:
        self.source = source
        self.items: list[Problem] = []

    def error(self, field: str, reason: str) -> None:
        self.items.append(Problem("error", field, reason))

    def warning(self, field: str, reason: str) -> None:
        self.items.append(Problem("warning", field, reason))

    def errors(self) -> int:
        return sum(1 for p in self.items if p.severity == "error")


class _Obj:
    """One Tiled object with where it came from and the layer's offset."""

    def __init__(self, data: dict[str, Any], path: str, dx: float, dy: float, layer_props: dict[str, Any]) -> None:
        self.data = data
        self.path = path
        self.dx = dx
        self.dy = dy
        self.layer_props = layer_props


def _num(rep: _Problems, data: dict[str, Any], key: str, path: str, default: float | None = None) -> float | None:
    if key not in data:
        if default is None:
            rep.error(join_key(path, key), "missing required field")
        return default
    try:
        return Val(data[key], rep.source, join_key(path, key)).num()
    except BadInput as e:
        rep.error(e.field, e.reason)
        return None


def _properties(rep: _Problems, value: Any, path: str) -> dict[str, Any]:
    """Tiled custom properties (a list of {name, type, value}) as a dict."""
    out: dict[str, Any] = {}
    if value is None:
        return out
    if not isinstance(value, list):
        rep.error(path, f"expected a list of properties {{name, type, value}}, got {describe(value)} "
                        "(save with Tiled 1.2 or later)")
        return out
    for i, item in enumerate(value[:MAX_OBJECTS]):
        p = join_index(path, i)
        if not isinstance(item, dict) or not isinstance(item.get("name"), str) or "value" not in item:
            rep.error(p, "expected a property {name, type, value}")
            continue
        out[item["name"].strip().lower()] = (item["value"], join_key(p, "value"))
    return out


def _prop(rep: _Problems, props: dict[str, Any], name: str, kind: str, **limits: Any) -> Any:
    """A custom property converted to `kind` ("num", "int", "str"), or None if absent
    or bad (a bad one is reported)."""
    if name not in props:
        return None
    value, path = props[name]
    v = Val(value, rep.source, path)
    try:
        if kind == "num":
            return v.num(**limits)
        if kind == "int":
            return v.integer(**limits)
        return v.string(**limits)
    except BadInput as e:
        rep.error(e.field, e.reason)
        return None


class _Map:
    """The map's scale and the conversion of Tiled pixels to game inches."""

    def __init__(self, ppi: float) -> None:
        self.ppi = ppi

    def point(self, x: float, y: float) -> Point:
        return (round(x / self.ppi, DIGITS) + 0.0, round(-y / self.ppi, DIGITS) + 0.0)

    def length(self, v: float) -> float:
        return round(v / self.ppi, DIGITS) + 0.0


def _rot(px: float, py: float, deg: float) -> Point:
    """(px, py) turned `deg` degrees clockwise on screen (y down)."""
    if deg == 0.0:
        return (px, py)
    r = math.radians(deg)
    c, s = math.cos(r), math.sin(r)
    return (px * c - py * s, px * s + py * c)


def _kind(o: _Obj) -> str:
    """rect, ellipse, point, polygon, polyline, tile, text."""
    d = o.data
    if d.get("ellipse") is True:
        return "ellipse"
    if d.get("point") is True:
        return "point"
    if "polygon" in d:
        return "polygon"
    if "polyline" in d:
        return "polyline"
    if "gid" in d:
        return "tile"
    if "text" in d:
        return "text"
    return "rect"


def _frame(rep: _Problems, o: _Obj) -> tuple[float, float, float, float, float] | None:
    """(x, y, width, height, rotation) in pixels (layer offset applied)."""
    x = _num(rep, o.data, "x", o.path)
    y = _num(rep, o.data, "y", o.path)
    w = _num(rep, o.data, "width", o.path, 0.0)
    h = _num(rep, o.data, "height", o.path, 0.0)
    rot = _num(rep, o.data, "rotation", o.path, 0.0)
    if x is None or y is None or w is None or h is None or rot is None:
        return None
    return (x + o.dx, y + o.dy, w, h, rot)


def _centre_px(rep: _Problems, o: _Obj) -> Point | None:
    """The middle of a rectangle, ellipse or tile object, or a point's position (pixels)."""
    f = _frame(rep, o)
    if f is None:
        return None
    x, y, w, h, rot = f
    kind = _kind(o)
    if kind == "tile":  # a tile object's origin is its bottom-left corner
        ox, oy = _rot(w / 2, -h / 2, rot)
    elif kind == "point":
        ox, oy = 0.0, 0.0
    else:
        ox, oy = _rot(w / 2, h / 2, rot)
    return (x + ox, y + oy)


def _vertices(rep: _Problems, o: _Obj, key: str) -> list[Point] | None:
    """A polygon's or polyline's points in map pixels (rotated, offset)."""
    f = _frame(rep, o)
    raw = o.data.get(key)
    path = join_key(o.path, key)
    if not isinstance(raw, list):
        rep.error(path, f"expected a list of points {{x, y}}, got {describe(raw)}")
        return None
    if len(raw) > MAX_OBJECTS:
        rep.error(path, f"too many points ({len(raw)}; at most {MAX_OBJECTS})")
        return None
    if f is None:
        return None
    x, y, _, _, rot = f
    out: list[Point] = []
    for i, p in enumerate(raw):
        pp = join_index(path, i)
        if not isinstance(p, dict):
            rep.error(pp, f"expected a point {{x, y}}, got {describe(p)}")
            return None
        px = _num(rep, p, "x", pp)
        py = _num(rep, p, "y", pp)
        if px is None or py is None:
            return None
        rx, ry = _rot(px, py, rot)
        out.append((x + rx, y + ry))
    return out


def _line(rep: _Problems, m: _Map, o: _Obj, what: str, *, closed_ok: bool = False) -> list[Point] | None:
    """A polyline (or, with closed_ok, a polygon closed back to its first point) in inches."""
    kind = _kind(o)
    if kind == "polyline":
        pts = _vertices(rep, o, "polyline")
    elif kind == "polygon" and closed_ok:
        pts = _vertices(rep, o, "polygon")
        if pts is not None and pts:
            pts = pts + [pts[0]]
    else:
        shapes = "a polyline (or a polygon, for a circuit)" if closed_ok else "a polyline"
        rep.error(o.path, f"{what} must be {shapes}, not a {kind}")
        return None
    if pts is None:
        return None
    return [m.point(x, y) for x, y in pts]


def _segment(rep: _Problems, m: _Map, o: _Obj, what: str) -> list[list[float]] | None:
    pts = _line(rep, m, o, what)
    if pts is None:
        return None
    if len(pts) != 2:
        rep.error(o.path, f"{what} must be a polyline of 2 points (got {len(pts)})")
        return None
    return [list(pts[0]), list(pts[1])]


def _look(rep: _Problems, o: _Obj, props: dict[str, Any], prop: str) -> str:
    """The property `prop`, else the object's class/type, else its name ("" if none)."""
    got = _prop(rep, props, prop, "str", max_len=1000)
    if got:
        return str(got).strip()
    for key in ("type", "class", "name"):
        v = o.data.get(key)
        if isinstance(v, str) and v.strip():
            return v.strip()
    return ""


def _objects(rep: _Problems, data: dict[str, Any], layers_read: Sequence[str]) -> dict[str, list[_Obj]]:
    """The visible objects of the object layers named in `layers_read`, by layer name."""
    found: dict[str, list[_Obj]] = {}
    count = 0

    def walk(layers: Any, path: str, dx: float, dy: float) -> None:
        nonlocal count
        if not isinstance(layers, list):
            rep.error(path, f"expected a list of layers, got {describe(layers)}")
            return
        for i, layer in enumerate(layers):
            count += 1
            if count > MAX_LAYERS:
                rep.error(path, f"too many layers (more than {MAX_LAYERS})")
                return
            lp = join_index(path, i)
            if not isinstance(layer, dict):
                rep.error(lp, f"expected a layer (an object), got {describe(layer)}")
                continue
            if layer.get("visible") is False:
                continue
            ox = _num(rep, layer, "offsetx", lp, 0.0)
            oy = _num(rep, layer, "offsety", lp, 0.0)
            ldx, ldy = dx + (ox or 0.0), dy + (oy or 0.0)
            kind = layer.get("type")
            name = layer.get("name")
            if kind == "group":
                walk(layer.get("layers"), join_key(lp, "layers"), ldx, ldy)
                continue
            if kind != "objectgroup":
                continue
            key = name.strip().lower() if isinstance(name, str) else ""
            if key not in layers_read:
                shown = repr(name[:40]) if isinstance(name, str) else describe(name)
                rep.warning(join_key(lp, "name"), f"object layer {shown} is not one the importer reads (ignored; "
                                                  f"the layers are {', '.join(layers_read)})")
                continue
            props = _properties(rep, layer.get("properties"), join_key(lp, "properties"))
            objs = layer.get("objects")
            op = join_key(lp, "objects")
            if not isinstance(objs, list):
                rep.error(op, f"expected a list of objects, got {describe(objs)}")
                continue
            if len(objs) > MAX_OBJECTS:
                rep.error(op, f"too many objects ({len(objs)}; at most {MAX_OBJECTS})")
                continue
            for j, obj in enumerate(objs):
                pp = join_index(op, j)
                if not isinstance(obj, dict):
                    rep.error(pp, f"expected an object, got {describe(obj)}")
                    continue
                if obj.get("visible") is False:
                    continue
                if "template" in obj:
                    rep.error(pp, "template instances are not read: detach the template in Tiled first")
                    continue
                found.setdefault(key, []).append(_Obj(obj, pp, ldx, ldy, props))

    walk(data.get("layers"), "layers", 0.0, 0.0)
    return found
