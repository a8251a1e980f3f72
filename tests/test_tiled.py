"""Tiled import (issue 5 item 5): the hand-made map tests/data/tiled_sprint.tmj
imports, validates and races; the conventions (layer names, properties, pixels to
inches, y down to y up, clockwise rotation about Tiled's object origins) hold; every
shipped course survives course_to_tiled -> read_tiled; import-tiled writes through
save_course and refuses a broken map; bad maps never crash."""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli import main
from game.levels.course import check_course, course_to_json, load_course, save_course
from game.core.protocol import TERMINAL
from game.levels.tiled import course_to_tiled, read_tiled, read_tiled_file, tiled_to_course_json
from game.rules.wild_race import RULESET
from game.rules.wild_race.options import Options
from game.ui.wild_race.commands import run_race

ROOT = Path(__file__).resolve().parent.parent
TMJ = ROOT / "tests" / "data" / "tiled_sprint.tmj"
LEVELS = sorted((ROOT / "levels").rglob("*.json"))


def tmj() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(TMJ.read_text(encoding="utf-8"))
    return data


def layer(data: dict[str, Any], name: str) -> dict[str, Any]:
    (found,) = [lay for lay in data["layers"] if lay.get("name", "").lower() == name]
    return found


def minimal_map(objects: dict[str, list[dict[str, Any]]], props: list[dict[str, Any]] | None = None,
                **extra: Any) -> dict[str, Any]:
    """A map of the given object layers (16 px tiles) with a plain 80" x 24" centre."""
    layers = [{"type": "objectgroup", "name": "centre", "objects": [
        {"id": 1, "x": 0, "y": 0, "polyline": [{"x": 0, "y": 0}, {"x": 1280, "y": 0}],
         "properties": [{"name": "width", "type": "float", "value": 24}]}]},
        {"type": "objectgroup", "name": "start", "objects": [
            {"id": 2, "x": 64, "y": -192, "polyline": [{"x": 0, "y": 0}, {"x": 0, "y": 384}]}]}]
    for name, objs in objects.items():
        layers.append({"type": "objectgroup", "name": name, "objects": objs})
    return {"type": "map", "orientation": "orthogonal", "tilewidth": 16, "tileheight": 16, "layers": layers,
            "properties": props or [], **extra}


def imported(data: dict[str, Any]) -> dict[str, Any]:
    course_json, problems = tiled_to_course_json(data, "m.tmj")
    assert course_json is not None, problems
    return course_json


def problems_of(data: dict[str, Any]) -> list[tuple[str, str, str]]:
    course, problems = read_tiled(data, "m.tmj")
    if course is not None:
        problems = problems + check_course(course)
    return [(p.severity, p.field, p.reason) for p in problems]


# --------------------------------------------------------------------------- the hand-made map


def test_the_hand_made_map_imports_validates_and_races() -> None:
    course, problems = read_tiled_file(TMJ)
    assert problems == [] and course is not None
    assert check_course(course) == []
    assert course.name == "Tiled Sprint" and course.ruleset == "wild-race" and course.width == 24.0
    # 16 px tiles: one tile is one inch; the polyline's origin (32, 480) px is (2, -30)"
    assert course.centre == ((2.0, -30.0), (42.0, -30.0), (72.0, -15.0))
    assert course.start == ((6.0, -18.0), (6.0, -42.0))
    by_id = {o.id: o for o in course.obstacles}
    assert sorted(by_id) == ["hedge-1", "log-6", "rock-4", "ruin-1"]
    hedge = by_id["hedge-1"]  # -90 in Tiled (counter-clockwise on screen) about its top-left corner
    assert (hedge.shape, hedge.x, hedge.y, hedge.rotation, hedge.length, hedge.width) == \
        ("rect", 32.0, -26.0, 90.0, 4.0, 0.7)
    log = by_id["log-6"]  # 30 degrees clockwise in Tiled: -30 in the game
    assert (log.x, log.y, log.rotation, log.size) == (38.0, -35.0, -30.0, "small")
    rock = by_id["rock-4"]
    assert (rock.shape, rock.x, rock.y, rock.radius, rock.size, rock.look) == ("circle", 50.0, -34.0, 1.75, "large",
                                                                             "rock")
    ruin = by_id["ruin-1"]  # y flipped: the polygon is the same picture
    assert (ruin.shape, ruin.x, ruin.y) == ("polygon", 60.0, -16.0)
    assert ruin.points == ((-2.0, -1.0), (2.0, -1.5), (1.5, 1.5), (-1.5, 1.0))
    assert len(course.checkpoints) == 2 and course.checkpoints[0] == ((22.0, -17.5), (22.0, -42.5))
    assert [(d.look, d.x, d.y, d.scale) for d in course.decorations] == [("tree", 22.0, -14.0, 1.0),
                                                                         ("flag", 6.0, -17.0, 1.5)]
    assert course_to_json(course)["format"] == 2
    # and the greedy agents race it to the end
    finishers = []
    for seed in (1, 2, 3):
        st = run_race(course, 2, 1, seed, Options(), "greedy")
        assert RULESET.current_actor(st) == TERMINAL
        finishers.append(len(st.finish_order))
    assert max(finishers) > 0


def test_import_tiled_writes_a_canonical_course(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "sprint.json"
    before = (TMJ.read_bytes(), TMJ.stat().st_mtime_ns)
    rc = main(["import-tiled", str(TMJ), str(out)])
    text = capsys.readouterr()
    assert rc == 0, text
    assert text.out == f"{out}: written (format 2, 4 obstacles)\n"
    assert (TMJ.read_bytes(), TMJ.stat().st_mtime_ns) == before
    course = load_course(out)
    again = tmp_path / "again.json"
    save_course(course, again)
    assert again.read_bytes() == out.read_bytes()
    assert course == read_tiled_file(TMJ)[0]
    rc = main(["validate", str(out)])
    assert rc == 0 and capsys.readouterr().out == f"{out}: ok\n"


def test_import_tiled_refuses_a_broken_map(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = tmj()
    obstacles = layer(data, "obstacles")
    obstacles["objects"][1]["x"] = 2000  # the rock, off the course
    broken = tmp_path / "broken.tmj"
    broken.write_text(json.dumps(data))
    out = tmp_path / "out.json"
    rc = main(["import-tiled", str(broken), str(out)])
    text = capsys.readouterr()
    assert rc == 2 and not out.exists()
    assert f"{broken}: obstacles[1]: obstacle 'rock-4' is (partly) outside the course" in text.out
    assert f"{out}: not written" in text.err
    # --force writes it anyway (and still says it has errors)
    rc = main(["import-tiled", "--force", str(broken), str(out)])
    assert rc == 2 and out.exists() and "with errors" in capsys.readouterr().out
    # a map that is no course at all is never written
    layer(data, "centre")["objects"] = []
    broken.write_text(json.dumps(data))
    out.unlink()
    rc = main(["import-tiled", "--force", str(broken), str(out)])
    assert rc == 2 and not out.exists()
    assert "no 'centre' object layer with an object in it" in capsys.readouterr().out
    # nor over the map itself, nor into a folder
    assert main(["import-tiled", str(TMJ), str(TMJ)]) == 2
    assert "is the Tiled map itself" in capsys.readouterr().err
    assert main(["import-tiled", str(TMJ), str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


# --------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("path", LEVELS, ids=[p.name for p in LEVELS])
@pytest.mark.parametrize("ppi", [16.0, 7.5])
def test_every_shipped_course_survives_a_trip_through_tiled(path: Path, ppi: float) -> None:
    course = load_course(path)
    data = json.loads(json.dumps(course_to_tiled(course, ppi)))
    back, problems = read_tiled(data, str(path))
    assert problems == [] and back is not None
    assert course_to_json(back) == course_to_json(course)


# --------------------------------------------------------------------------- conventions


def test_pixels_per_inch_and_tile_size() -> None:
    square = minimal_map({})
    assert imported(square)["centre"] == [[0.0, 0.0], [80.0, 0.0]]
    scaled = minimal_map({}, [{"name": "pixels_per_inch", "type": "float", "value": 32}], tilewidth=8, tileheight=4)
    assert imported(scaled)["centre"] == [[0.0, 0.0], [40.0, 0.0]]
    oblong = minimal_map({}, tilewidth=16, tileheight=8)
    assert ("error", "tilewidth", "tiles are 16 x 8 pixels: one tile is one inch only when tiles are square (or give "
                                  "the map property pixels_per_inch)") in problems_of(oblong)


def test_rectangles_turn_about_their_top_left_corner_clockwise() -> None:
    # a 64 x 16 px rectangle, top-left at (640, -8), turned 90 degrees clockwise in Tiled:
    # it hangs down from its corner, so its centre is at (632, 24) px = (39.5, -1.5)"
    ob = {"id": 5, "name": "w", "x": 640, "y": -8, "width": 64, "height": 16, "rotation": 90,
          "properties": [{"name": "size", "type": "string", "value": "small"}]}
    (got,) = imported(minimal_map({"obstacles": [ob]}))["obstacles"]
    assert got == {"id": "w", "size": "small", "shape": "rect", "x": 39.5, "y": -1.5, "length": 4.0, "width": 1.0,
                   "rotation": -90.0}


def test_ellipses_must_be_circles_and_tiles_sit_on_their_bottom_left_corner() -> None:
    oval = {"id": 5, "x": 600, "y": 0, "width": 32, "height": 16, "ellipse": True,
            "properties": [{"name": "size", "type": "string", "value": "large"}]}
    assert ("error", "layers[2].objects[0]", "an ellipse obstacle must be a circle (width 32 and height 16 differ)") \
        in problems_of(minimal_map({"obstacles": [oval]}))
    tile = {"id": 6, "gid": 3, "x": 320, "y": -400, "width": 32, "height": 32, "type": "tree"}
    (d,) = imported(minimal_map({"decorations": [tile]}))["decorations"]
    assert (d["look"], d["x"], d["y"]) == ("tree", 21.0, 26.0)


def test_groups_offsets_hidden_things_and_other_layers() -> None:
    data = minimal_map({})
    fans = {"type": "objectgroup", "name": "Fans ", "offsetx": 16, "objects": [
        {"id": 7, "x": 0, "y": -320, "point": True}, {"id": 8, "x": 0, "y": 320, "point": True, "visible": False}]}
    data["layers"].append({"type": "group", "name": "doomwheel", "offsety": 16, "layers": [fans]})
    data["layers"].append({"type": "objectgroup", "name": "crowd", "visible": False, "objects": [{"x": "?"}]})
    data["layers"].append({"type": "objectgroup", "name": "notes", "objects": []})
    data["layers"].append({"type": "imagelayer", "name": "picture", "image": "x.png"})
    data["properties"] = [{"name": "ruleset", "type": "string", "value": "doomwheel"}]
    got, problems = tiled_to_course_json(data, "m.tmj")
    assert got is not None and got["fans"] == [{"x": 1.0, "y": 19.0}]
    assert [(p.severity, p.field) for p in problems] == [("warning", "layers[4].name")]
    assert "'notes' is not one the importer reads" in problems[0].reason


def test_a_doomwheel_map_with_a_polygon_centre() -> None:
    course = load_course(ROOT / "levels" / "doomwheel" / "the_ratways.json")
    data = course_to_tiled(course)
    (centre,) = layer(data, "centre")["objects"]
    assert "polygon" in centre and len(centre["polygon"]) == len(course.centre) - 1
    kinds = {o["type"] for o in layer(data, "critters")["objects"]}
    assert kinds == {"fanatic", "slayer", "slave"}
    # the kind may also come from the property `kind` or the object's name
    for o in layer(data, "critters")["objects"]:
        o["name"], o["type"] = o["type"], ""
    back, problems = read_tiled(data, "r.tmj")
    assert problems == [] and back == course


@pytest.mark.parametrize(("change", "where", "words"), [
    (lambda d: d.update(orientation="isometric"), "orientation", "only orthogonal maps"),
    (lambda d: d.update(type="tileset"), "type", "expected a Tiled map"),
    (lambda d: d.update(properties={"name": "x"}), "properties", "Tiled 1.2 or later"),
    (lambda d: layer(d, "centre")["objects"].append(dict(layer(d, "centre")["objects"][0], id=99)),
     "layers[1].objects[1]", "must hold one object"),
    (lambda d: layer(d, "start")["objects"][0].update(polyline=[{"x": 0, "y": 0}]),
     "layers[2].objects[0]", "2 points (got 1)"),
    (lambda d: layer(d, "obstacles")["objects"][0].update(properties=[]), "layers[3].objects[0].properties",
     "needs a custom property size"),
    (lambda d: layer(d, "obstacles")["objects"][0].update(template="rock.tx"), "layers[3].objects[0]",
     "detach the template"),
    (lambda d: layer(d, "obstacles")["objects"][0].update(x="left"), "layers[3].objects[0].x",
     "expected a number"),
    (lambda d: layer(d, "checkpoints")["objects"][0].update(point=True), "layers[4].objects[0]",
     "must be a polyline"),
    (lambda d: layer(d, "decorations")["objects"][0].update(type="", name=""), "layers[5].objects[0]",
     "needs a look"),
    (lambda d: layer(d, "centre")["objects"][0]["polyline"][1].update(y=None),
     "layers[1].objects[0].polyline[1].y", "expected a number, got null"),
    (lambda d: d.update(layers="none"), "layers", "expected a list of layers"),
])
def test_bad_maps_name_the_tiled_field(change: Any, where: str, words: str) -> None:
    data = tmj()
    change(data)
    found = [(f, r) for s, f, r in problems_of(data) if s == "error"]
    assert any(f == where and words in r for f, r in found), found


def test_critters_need_a_kind() -> None:
    data = minimal_map({"critters": [{"id": 9, "x": 320, "y": 0, "point": True, "type": "rat"}]},
                       [{"name": "ruleset", "type": "string", "value": "doomwheel"}])
    assert ("error", "layers[2].objects[0]", "a critter's kind (property kind, class/type or name) must be one of "
                                             "fanatic, slayer, slave (got 'rat')") in problems_of(data)


def test_checkpoints_follow_their_order_property() -> None:
    def cp(x: float, order: int) -> dict[str, Any]:
        return {"id": int(x), "x": x, "y": -200, "polyline": [{"x": 0, "y": 0}, {"x": 0, "y": 400}],
                "properties": [{"name": "order", "type": "int", "value": order}]}
    got = imported(minimal_map({"checkpoints": [cp(960, 2), cp(480, 1)]}))["checkpoints"]
    assert [c[0][0] for c in got] == [30.0, 60.0]


# --------------------------------------------------------------------------- bad maps never crash

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, path + (i,))
    return out


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.data())
def test_corrupted_maps_never_crash(data: st.DataObject) -> None:
    m = tmj()
    paths = _paths(m)[1:]
    path = data.draw(st.sampled_from(paths))
    parent: Any = m
    for key in path[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()):
        parent[path[-1]] = data.draw(JSON_VALUES)
    else:
        del parent[path[-1]]
    course, problems = read_tiled(copy.deepcopy(m), "fuzz.tmj")
    if course is not None:
        check_course(course)
    for p in problems:
        assert p.severity in ("error", "warning") and "\n" not in p.field + p.reason
    assert course is not None or any(p.severity == "error" for p in problems)


def test_math_of_the_round_trip_helper() -> None:
    # a rotated rectangle's corners are where Tiled would draw them
    course = load_course(ROOT / "levels" / "wild_race" / "sprint.json")
    data = course_to_tiled(course, 10.0)
    for ob, obj in zip(course.obstacles, layer(data, "obstacles")["objects"]):
        if ob.shape != "rect":
            continue
        r = math.radians(obj["rotation"])
        corner = (obj["x"] / 10.0, -obj["y"] / 10.0)  # Tiled's top-left corner, in game inches
        assert any(math.dist(corner, p) < 1e-6 for p in ob.polygon())
        far = (obj["x"] + obj["width"] * math.cos(r) - obj["height"] * math.sin(r),
               obj["y"] + obj["width"] * math.sin(r) + obj["height"] * math.cos(r))
        assert any(math.dist((far[0] / 10.0, -far[1] / 10.0), p) < 1e-6 for p in ob.polygon())
