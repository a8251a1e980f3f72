"""Tiled import: a course drawn in the Tiled map editor, saved as a JSON map (.tmj),
becomes a course (docs/level-format.md, "Drawing a course in Tiled").

Conventions. The map must be orthogonal. Object layers are read by their names
(case and surrounding spaces ignored; layers inside group layers count, with the
group's offsets; hidden layers and hidden objects are skipped; tile, image and other
layers are ignored, so a background picture may sit under the course):

- ``centre``: one polyline, the centre line from behind the start to beyond the
  finish (a polygon for a circuit: it closes itself). A custom property ``width``
  (inches) on the object or the layer draws the edges by width; without one the
  ``left`` and ``right`` layers give the edges (one polyline or polygon each).
- ``start`` / ``finish``: one polyline of 2 points each (optional: the default lines
  of the format apply).
- ``obstacles``: rectangles, ellipses (circles: width = height) and convex polygons.
  Custom properties ``size`` (``small`` | ``large``, required) and ``look``; the
  obstacle's id is the object's name, or ``<look>-<object id>``.
- ``checkpoints``: polylines of 2 points, in the layer's order (or by an int
  property ``order`` when every one has it).
- ``crossings``: circles (ellipses with width = height) where the track crosses itself.
- ``decorations``: any object but a polyline; ``look`` is the property ``look``, the
  object's class/type, or its name; property ``scale`` (default 1).
- ``critters`` (Doomwheel): points (or shapes: their centre); ``kind`` is the
  property ``kind``, the class/type or the name: ``fanatic``, ``slayer`` or ``slave``.
- ``fans`` (Doomwheel): points, in team order.

Map custom properties: ``name`` (default: the file name), ``ruleset`` (``wild-race``
default, or ``doomwheel``), ``description``, ``max_racers``, ``laps``, and
``pixels_per_inch`` (default: the tile width, so one tile is one inch; then tiles
must be square).

Units and axes: Tiled measures pixels with y pointing down and rotation in degrees
clockwise (about the object's position: a rectangle's or ellipse's top-left corner,
a polygon's or polyline's origin, a tile object's bottom-left corner); the game
measures inches with y up and rotation counter-clockwise. So a Tiled point (x, y)
is the game point (x / ppi, -y / ppi), a rotation r is -r, and the picture looks the
same in both. Coordinates are rounded to 4 decimals (1/10 000 inch).

``read_tiled(data, source)`` / ``read_tiled_file(path)`` return (course or None, the
problems), each problem naming the Tiled field (``layers[2].objects[0].polyline``)
or, once converted, the course field. ``course_to_tiled`` draws a course as a Tiled
map (the inverse, used to check the import and to start a map from a course).
"""

from __future__ import annotations

import math
import os
from typing import Any, Callable, Final

from game.core.errors import BadInput
from game.core.jsonload import describe, join_key, load_json_file
from game.levels.course import (
    CRITTER_KINDS,
    SIZES,
    Course,
    Problem,
    course_rulesets,
    default_ruleset,
    read_course,
)
from game.levels.tiled_map import (
    DIGITS,
    MAX_LAYERS,
    MAX_OBJECTS,
    _centre_px,
    _frame,
    _kind,
    _line,
    _look,
    _Map,
    _num,
    _Obj,
    _objects,
    _Problems,
    _prop,
    _properties,
    _rot,
    _segment,
    _vertices,
)

__all__ = ["DIGITS", "LAYERS", "MAX_LAYERS", "MAX_OBJECTS", "course_to_tiled", "read_tiled", "read_tiled_file",
           "tiled_to_course_json"]

LAYERS: Final[tuple[str, ...]] = (
    "centre", "left", "right", "start", "finish", "obstacles", "checkpoints", "crossings", "decorations",
    "critters", "fans",
)
"""The object layers a course map may have (read by name)."""


def _obstacle(rep: _Problems, m: _Map, o: _Obj, used: set[str]) -> dict[str, Any] | None:
    props = _properties(rep, o.data.get("properties"), join_key(o.path, "properties"))
    before = rep.errors()
    size = _prop(rep, props, "size", "str", choices=SIZES)
    if size is None and "size" not in props:
        rep.error(join_key(o.path, "properties"), "an obstacle needs a custom property size (small or large)")
    look = _prop(rep, props, "look", "str", max_len=1000) or ""
    name = o.data.get("name")
    oid = name.strip() if isinstance(name, str) and name.strip() else f"{look or 'obstacle'}-{o.data.get('id', len(used) + 1)}"
    base = oid
    k = 2
    while oid in used:
        oid = f"{base}-{k}"
        k += 1
    used.add(oid)
    d: dict[str, Any] = {"id": oid[:40], "size": size}
    if look:
        d["look"] = look[:40]
    # the Doomwheel markings (docs/level-format.md): passed on for the course reader to check
    cover = _prop(rep, props, "cover", "str", max_len=40)
    if cover is not None:
        d["cover"] = cover
    if "blocks_sight" in props:
        value, path = props["blocks_sight"]
        if isinstance(value, bool):
            d["blocks_sight"] = value
        else:
            rep.error(path, "must be a bool property (true or false)")
    kind = _kind(o)
    if kind in ("rect", "ellipse"):
        f = _frame(rep, o)
        c = _centre_px(rep, o)
        if f is None or c is None:
            return None
        _, _, w, h, rot = f
        cx, cy = m.point(*c)
        d.update(x=cx, y=cy)
        if kind == "rect":
            d.update(shape="rect", length=m.length(w), width=m.length(h), rotation=round(-rot, DIGITS) + 0.0)
        else:
            if abs(w - h) > 1e-6 * max(abs(w), abs(h), 1.0):
                rep.error(o.path, f"an ellipse obstacle must be a circle (width {w:g} and height {h:g} differ)")
                return None
            d.update(shape="circle", radius=m.length(w / 2))
    elif kind == "polygon":
        f = _frame(rep, o)
        raw = _vertices(rep, o, "polygon")
        if f is None or raw is None:
            return None
        ox, oy = f[0], f[1]
        x0, y0 = m.point(ox, oy)
        d.update(shape="polygon", x=x0, y=y0,
                 points=[[m.length(px - ox), m.length(oy - py)] for px, py in raw])
    else:
        rep.error(o.path, f"an obstacle must be a rectangle, an ellipse (circle) or a polygon, not a {kind}")
        return None
    return d if rep.errors() == before else None


def tiled_to_course_json(data: Any, source: str) -> tuple[dict[str, Any] | None, list[Problem]]:
    """The course file (as JSON data) a Tiled map describes, or None, and the problems."""
    rep = _Problems(source)
    if not isinstance(data, dict):
        rep.error("", f"expected a Tiled map (a JSON object), got {describe(data)}")
        return None, rep.items
    if data.get("type", "map") != "map":
        rep.error("type", f"expected a Tiled map (type 'map'), got {data.get('type')!r:.40}")
        return None, rep.items
    orientation = data.get("orientation", "orthogonal")
    if orientation != "orthogonal":
        rep.error("orientation", f"only orthogonal maps can be imported (got {orientation!r:.40})")
        return None, rep.items
    props = _properties(rep, data.get("properties"), "properties")
    ppi = _prop(rep, props, "pixels_per_inch", "num", lo=1e-3, hi=1e6)
    if ppi is None and "pixels_per_inch" not in props:
        tw = _num(rep, data, "tilewidth", "", None)
        th = _num(rep, data, "tileheight", "", None)
        if tw is not None and th is not None:
            if tw <= 0 or th <= 0:
                rep.error("tilewidth", "tiles must have a positive size (or give the map property pixels_per_inch)")
            elif tw != th:
                rep.error("tilewidth", f"tiles are {tw:g} x {th:g} pixels: one tile is one inch only when tiles are "
                                       "square (or give the map property pixels_per_inch)")
            else:
                ppi = tw
    base = os.path.splitext(os.path.basename(source))[0] or "Tiled course"
    name = _prop(rep, props, "name", "str", min_len=1, max_len=80) or base[:80]
    ruleset = _prop(rep, props, "ruleset", "str", choices=course_rulesets()) or default_ruleset()
    description = _prop(rep, props, "description", "str", max_len=2000)
    max_racers = _prop(rep, props, "max_racers", "int", lo=1, hi=12)
    laps = _prop(rep, props, "laps", "int", lo=1, hi=99)
    layers = _objects(rep, data, LAYERS)
    if ppi is None:
        return None, rep.items
    m = _Map(ppi)
    course: dict[str, Any] = {"format": 1, "kind": "course", "name": name, "ruleset": ruleset}
    if description:
        course["description"] = description
    if max_racers is not None:
        course["max_racers"] = max_racers
    v2: dict[str, Any] = {}
    if laps is not None:
        v2["laps"] = laps

    def one(layer: str, required: bool) -> _Obj | None:
        objs = layers.get(layer, [])
        if not objs:
            if required:
                rep.error("layers", f"no {layer!r} object layer with an object in it")
            return None
        if len(objs) > 1:
            rep.error(objs[1].path, f"the {layer!r} layer must hold one object (it has {len(objs)})")
            return None
        return objs[0]

    c = one("centre", True)
    if c is not None:
        pts = _line(rep, m, c, "the centre line", closed_ok=True)
        if pts is not None:
            course["centre"] = [list(p) for p in pts]
        cprops = _properties(rep, c.data.get("properties"), join_key(c.path, "properties"))
        width = _prop(rep, cprops, "width", "num", lo=0.1, hi=1000)
        if width is None and "width" not in cprops:
            width = _prop(rep, c.layer_props, "width", "num", lo=0.1, hi=1000)
        if width is not None:
            course["width"] = width
        elif "width" not in cprops and "width" not in c.layer_props:
            edges: dict[str, Any] = {}
            for side in ("left", "right"):
                e = one(side, False)
                if e is None:
                    rep.error("layers", f"no width property on the centre line, and no {side!r} layer for the edges")
                    continue
                got = _line(rep, m, e, f"the {side} edge", closed_ok=True)
                if got is not None:
                    edges[side] = [list(p) for p in got]
            if len(edges) == 2:
                course["edges"] = edges
    for key in ("start", "finish"):
        o = one(key, False)
        if o is not None:
            seg = _segment(rep, m, o, f"the {key} line")
            if seg is not None:
                course[key] = seg
    used: set[str] = set()
    course["obstacles"] = [d for o in layers.get("obstacles", []) if (d := _obstacle(rep, m, o, used)) is not None]
    cps = layers.get("checkpoints", [])
    orders = [_prop(rep, _properties(rep, o.data.get("properties"), join_key(o.path, "properties")), "order", "int")
              for o in cps]
    if cps and all(k is not None for k in orders):
        cps = [o for _, _, o in sorted(zip(orders, range(len(cps)), cps), key=lambda t: (t[0], t[1]))]
    segs = [seg for o in cps if (seg := _segment(rep, m, o, "a checkpoint")) is not None]
    if segs:
        v2["checkpoints"] = segs
    crossings = []
    for o in layers.get("crossings", []):
        f = _frame(rep, o)
        cc = _centre_px(rep, o)
        if f is None or cc is None:
            continue
        if _kind(o) != "ellipse" or abs(f[2] - f[3]) > 1e-6 * max(abs(f[2]), 1.0):
            rep.error(o.path, "a crossing must be a circle (an ellipse with width = height)")
            continue
        x, y = m.point(*cc)
        crossings.append({"x": x, "y": y, "radius": m.length(f[2] / 2)})
    if crossings:
        v2["crossings"] = crossings

    def placed(layer: str, make: Callable[[_Obj, float, float], dict[str, Any] | None]) -> list[dict[str, Any]]:
        out = []
        for o in layers.get(layer, []):
            if _kind(o) in ("polyline", "polygon", "text"):
                rep.error(o.path, f"a {layer[:-1]} is a point (or a shape: its centre), not a {_kind(o)}")
                continue
            cc = _centre_px(rep, o)
            if cc is None:
                continue
            got = make(o, *m.point(*cc))
            if got is not None:
                out.append(got)
        return out

    def decoration(o: _Obj, x: float, y: float) -> dict[str, Any] | None:
        props = _properties(rep, o.data.get("properties"), join_key(o.path, "properties"))
        look = _look(rep, o, props, "look")
        if not look:
            rep.error(o.path, "a decoration needs a look (a property look, a class/type or a name)")
            return None
        rot = _num(rep, o.data, "rotation", o.path, 0.0) or 0.0
        d = {"look": look[:40], "x": x, "y": y, "rotation": round(-rot, DIGITS) + 0.0}
        scale = _prop(rep, props, "scale", "num")
        if scale is not None:
            d["scale"] = scale
        return d

    def critter(o: _Obj, x: float, y: float) -> dict[str, Any] | None:
        props = _properties(rep, o.data.get("properties"), join_key(o.path, "properties"))
        kind = _look(rep, o, props, "kind").lower()
        if kind not in CRITTER_KINDS:
            rep.error(o.path, f"a critter's kind (property kind, class/type or name) must be one of "
                              f"{', '.join(CRITTER_KINDS)} (got {kind[:40]!r})")
            return None
        return {"kind": kind, "x": x, "y": y}

    decorations = placed("decorations", decoration)
    if decorations:
        v2["decorations"] = decorations
    critters = placed("critters", critter)
    if critters:
        v2["critters"] = critters
    fans = placed("fans", lambda o, x, y: {"x": x, "y": y})
    if fans:
        v2["fans"] = fans
    marked = any("cover" in o or "blocks_sight" in o for o in course.get("obstacles", ()))
    if v2 or marked:
        course["format"] = 2
        course.update(v2)
    if rep.errors():
        return None, rep.items
    return course, rep.items


def read_tiled(data: Any, source: str) -> tuple[Course | None, list[Problem]]:
    """The course a Tiled map describes (None if it cannot be made) and the problems:
    the map's (Tiled field paths) and the course's loading problems (course fields)."""
    course_json, problems = tiled_to_course_json(data, source)
    if course_json is None:
        return None, problems
    course, more = read_course(course_json, source)
    return course, problems + more


def read_tiled_file(path: str | os.PathLike[str], *, source: str | None = None) -> tuple[Course | None, list[Problem]]:
    """read_tiled for a .tmj file (never raises BadInput: an unreadable file is a problem)."""
    src = source if source is not None else os.fspath(path)
    try:
        data = load_json_file(path, source=src)
    except BadInput as e:
        return None, [Problem("error", e.field, e.reason)]
    return read_tiled(data, src)


# --------------------------------------------------------------------------- the other way


def course_to_tiled(course: Course, pixels_per_inch: float = 16.0) -> dict[str, Any]:
    """A Tiled JSON map of the course, in the layers read_tiled reads (so that
    read_tiled(course_to_tiled(c)) gives c again, to 1/10 000 inch)."""
    k = pixels_per_inch
    ids = iter(range(1, 1_000_000))

    def px(p: tuple[float, float]) -> tuple[float, float]:
        return (p[0] * k, -p[1] * k)

    def prop(name: str, value: Any) -> dict[str, Any]:
        kind = ("bool" if isinstance(value, bool) else "string" if isinstance(value, str)
                else "int" if isinstance(value, int) else "float")
        return {"name": name, "type": kind, "value": value}

    def poly(key: str, pts: Any, **extra: Any) -> dict[str, Any]:
        x0, y0 = px(pts[0])
        return {"id": next(ids), "name": "", "type": "", "x": x0, "y": y0, "width": 0, "height": 0, "rotation": 0,
                "visible": True, key: [{"x": px(p)[0] - x0, "y": px(p)[1] - y0} for p in pts], **extra}

    def point(x: float, y: float, **extra: Any) -> dict[str, Any]:
        tx, ty = px((x, y))
        return {"id": next(ids), "name": "", "type": "", "x": tx, "y": ty, "width": 0, "height": 0, "rotation": 0,
                "visible": True, "point": True, **extra}

    def layer(name: str, objects: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
        return {"id": len(layers) + 1, "name": name, "type": "objectgroup", "draworder": "index", "opacity": 1,
                "visible": True, "x": 0, "y": 0, "objects": objects, **extra}

    layers: list[dict[str, Any]] = []
    circuit = course.laps is not None
    centre = list(course.centre[:-1]) if circuit else list(course.centre)
    shape = "polygon" if circuit else "polyline"
    if course.width is not None:
        layers.append(layer("centre", [poly(shape, centre, properties=[prop("width", course.width)])]))
    else:
        layers.append(layer("centre", [poly(shape, centre)]))
        for side, pts in (("left", course.left), ("right", course.right)):
            layers.append(layer(side, [poly(shape, list(pts[:-1]) if circuit else list(pts))]))
    if course.start_given:
        layers.append(layer("start", [poly("polyline", list(course.start))]))
    if course.finish_given and not circuit:
        layers.append(layer("finish", [poly("polyline", list(course.finish))]))
    obs = []
    for ob in course.obstacles:
        props = [prop("size", ob.size)] + ([prop("look", ob.look)] if ob.look else [])
        if ob.cover != "none":
            props.append(prop("cover", ob.cover))
        if ob.blocks_sight:
            props.append(prop("blocks_sight", True))
        base = {"id": next(ids), "name": ob.id, "type": "", "visible": True, "properties": props}
        if ob.shape == "rect":
            cx, cy = px((ob.x, ob.y))
            w, h, rot = ob.length * k, ob.width * k, -ob.rotation
            ox, oy = _rot(w / 2, h / 2, rot)
            obs.append({**base, "x": cx - ox, "y": cy - oy, "width": w, "height": h, "rotation": rot})
        elif ob.shape == "circle":
            cx, cy = px((ob.x, ob.y))
            r = ob.radius * k
            obs.append({**base, "x": cx - r, "y": cy - r, "width": 2 * r, "height": 2 * r, "rotation": 0,
                        "ellipse": True})
        else:
            x0, y0 = px((ob.x, ob.y))
            obs.append({**base, "x": x0, "y": y0, "width": 0, "height": 0, "rotation": 0,
                        "polygon": [{"x": p[0] * k, "y": -p[1] * k} for p in ob.points]})
    layers.append(layer("obstacles", obs))
    if course.checkpoints:
        layers.append(layer("checkpoints", [poly("polyline", list(c)) for c in course.checkpoints]))
    if course.crossings:
        cr = []
        for c in course.crossings:
            cx, cy = px((c.x, c.y))
            r = c.radius * k
            cr.append({"id": next(ids), "name": "", "type": "", "x": cx - r, "y": cy - r, "width": 2 * r,
                       "height": 2 * r, "rotation": 0, "visible": True, "ellipse": True})
        layers.append(layer("crossings", cr))
    if course.decorations:
        layers.append(layer("decorations", [
            {**point(d.x, d.y, properties=[prop("look", d.look), prop("scale", d.scale)]), "rotation": -d.rotation}
            for d in course.decorations]))
    if course.critters:
        layers.append(layer("critters", [point(c.x, c.y, type=c.kind) for c in course.critters]))
    if course.fans:
        layers.append(layer("fans", [point(f.x, f.y) for f in course.fans]))
    mprops = [prop("name", course.name), prop("ruleset", course.ruleset), prop("pixels_per_inch", float(k))]
    if course.description:
        mprops.append(prop("description", course.description))
    if course.max_racers is not None:
        mprops.append(prop("max_racers", course.max_racers))
    if course.laps is not None:
        mprops.append(prop("laps", course.laps))
    xs = [p[0] for p in course.outline()]
    ys = [p[1] for p in course.outline()]
    return {"type": "map", "version": "1.10", "orientation": "orthogonal", "renderorder": "right-down",
            "infinite": False, "tilewidth": 16, "tileheight": 16,
            "width": math.ceil((max(xs) - min(xs)) * k / 16) + 1, "height": math.ceil((max(ys) - min(ys)) * k / 16) + 1,
            "nextlayerid": len(layers) + 1, "nextobjectid": next(ids), "properties": mprops, "layers": layers,
            "tilesets": []}

