"""Courses (CONTRACTS §5, rules §1 and §4.2): the sample level, both edge forms, the
canonical round trip, progress with and without a hint, containment, start slots and
every class of bad course."""

from __future__ import annotations

import copy
import json
import math
import pickle
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.levels.course import (
    BASE_LENGTH,
    BASE_WIDTH,
    Course,
    ObstacleSpec,
    Problem,
    check_course,
    course_from_json,
    course_to_json,
    load_course,
    save_course,
    start_slots,
    start_width_needed,
)
from game.core.errors import BadInput
from game.core.jsonload import canonical_dumps

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "levels" / "wild_race" / "sample_sprint.json"
LEVELS = sorted((ROOT / "levels").rglob("*.json"))


def rect_dict(**changes: Any) -> dict[str, Any]:
    """A valid straight 80" x 24" course; `changes` replace top-level fields (None removes)."""
    d: dict[str, Any] = {
        "format": 1,
        "kind": "course",
        "name": "Straight",
        "ruleset": "wild-race",
        "centre": [[0, 0], [80, 0]],
        "width": 24,
        "start": [[4, 12], [4, -12]],
        "finish": [[76, 12], [76, -12]],
        "obstacles": [],
    }
    for key, value in changes.items():
        if value is None:
            d.pop(key, None)
        else:
            d[key] = value
    return d


def rect_course(**changes: Any) -> Course:
    return course_from_json(rect_dict(**changes), "rect.json")


def bad_course(data: Any) -> BadInput:
    with pytest.raises(BadInput) as info:
        course_from_json(data, "bad.json")
    assert info.value.source == "bad.json"
    return info.value


def problems_of(course: Course, severity: str) -> list[Problem]:
    return [p for p in check_course(course) if p.severity == severity]


def hedge(oid: str, x: float, y: float, rotation: float = 90.0) -> ObstacleSpec:
    return ObstacleSpec(oid, "small", "rect", x, y, length=4.0, width=0.7, rotation=rotation, look="hedge")


# ------------------------------------------------------------------ the sample and shipped levels


def test_sample_loads_and_checks_clean() -> None:
    course = load_course(SAMPLE)
    assert check_course(course) == []
    assert course.ruleset == "wild-race"
    race = course.finish_progress - course.start_progress
    assert race >= 60.0
    small = [o for o in course.obstacles if o.size == "small"]
    large = [o for o in course.obstacles if o.size == "large"]
    assert len(small) == 4 and len(large) == 2
    # seats 12 racers (about 21.3" needed)
    (a, b) = course.start
    assert math.dist(a, b) >= start_width_needed(12) == pytest.approx(21.26)
    assert len(start_slots(course, 12)) == 12
    # at least one bend of the centre line
    headings = {round(course.heading_at(s)) for s in range(0, int(course.length), 2)}
    assert len(headings) > 1


@pytest.mark.parametrize("path", LEVELS, ids=[p.name for p in LEVELS])
def test_every_shipped_level_loads_checks_and_round_trips(path: Path, tmp_path: Path) -> None:
    course = load_course(path)
    assert [p for p in check_course(course) if p.severity == "error"] == []
    out = tmp_path / path.name
    save_course(course, out)
    assert out.read_bytes() == path.read_bytes(), "shipped levels are written by the canonical saver"


def test_round_trip_is_byte_identical(tmp_path: Path) -> None:
    first = tmp_path / "one.json"
    second = tmp_path / "two.json"
    course = load_course(SAMPLE)
    save_course(course, first)
    again = load_course(first)
    save_course(again, second)
    assert first.read_bytes() == second.read_bytes() == SAMPLE.read_bytes()
    assert again == course
    assert first.read_bytes().endswith(b"}\n")


def test_round_trip_from_unrounded_floats(tmp_path: Path) -> None:
    course = Course.build(
        "Thirds",
        [(0.0, 0.0), (100 / 3, 1 / 7), (200 / 3, 0.0)],
        width=24.123456789,
        start=((4 / 3, 12.0), (4 / 3, -12.0)),
    )
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    save_course(course, a)
    save_course(load_course(a), b)
    assert a.read_bytes() == b.read_bytes()


def test_course_is_immutable_shareable_and_picklable() -> None:
    course = load_course(SAMPLE)
    with pytest.raises(AttributeError):
        course.name = "x"  # type: ignore[misc]
    assert isinstance(course.centre, tuple) and isinstance(course.obstacles, tuple)
    assert hash(course) == hash(load_course(SAMPLE))
    clone = pickle.loads(pickle.dumps(course))
    assert clone == course
    assert clone.progress(40.0, 3.0) == course.progress(40.0, 3.0)
    assert copy.deepcopy(course).length == course.length


# ------------------------------------------------------------------ the two edge forms


def test_width_form_offsets_the_centre_line() -> None:
    course = course_from_json(rect_dict(centre=[[0, 0], [40, 0], [80, 40]], finish=None), "w.json")
    assert course.width == 24.0
    h = 12.0
    # ends: perpendicular offsets; the bend: mitred (same distance to both segment lines)
    assert course.left[0] == pytest.approx((0.0, h))
    assert course.right[0] == pytest.approx((0.0, -h))
    mx, my = course.left[1]
    assert my == pytest.approx(h)  # distance to the first segment's line
    assert abs(-mx + my - (-40.0)) / math.sqrt(2) == pytest.approx(h)  # and to the second's (y = x - 40)
    # default finish: perpendicular at the last centre point, spanning the course
    (fa, fb) = course.finish
    assert math.dist(fa, fb) == pytest.approx(24.0)
    assert course.finish_progress == pytest.approx(course.length)
    assert course.width_at(10.0) == pytest.approx(24.0)
    assert course.width_at(60.0) == pytest.approx(24.0)
    d = course_to_json(course)
    assert "width" in d and "edges" not in d and "finish" not in d and "start" in d


def test_edges_form_and_default_lines() -> None:
    data = rect_dict(
        width=None,
        start=None,
        finish=None,
        centre=[[0, 0], [80, 0]],
        edges={"left": [[-1, 10], [40, 14], [81, 10]], "right": [[-1, -11], [81, -11]]},
    )
    course = course_from_json(data, "e.json")
    assert course.width is None
    assert course.left[1] == (40.0, 14.0)
    # default start: the perpendicular at the first centre point, from edge to edge
    (sa, sb) = course.start
    assert sa == pytest.approx((0.0, 10.0 + 4.0 / 41.0))
    assert sb == pytest.approx((0.0, -11.0))
    (fa, fb) = course.finish
    assert fa[0] == pytest.approx(80.0) and fb == pytest.approx((80.0, -11.0))
    assert course.start_progress == pytest.approx(0.0)
    assert course.finish_progress == pytest.approx(80.0)
    assert course.width_at(40.0) == pytest.approx(25.0)
    d = course_to_json(course)
    assert "edges" in d and "width" not in d and "start" not in d
    assert course_from_json(json.loads(canonical_dumps(d)), "again") == course


def test_default_start_needs_the_edges_to_reach() -> None:
    data = rect_dict(width=None, start=None, edges={"left": [[5, 12], [80, 12]], "right": [[5, -12], [80, -12]]})
    err = bad_course(data)
    assert err.field == "start"
    assert "give start explicitly" in err.reason


def test_build_directly() -> None:
    course = Course.build("B", [(0, 0), (70, 0)], width=30, start=((5, 15), (5, -15)))
    assert course.length == 70.0 and course.start_progress == 5.0
    assert course.start_given and not course.finish_given
    with pytest.raises(BadInput):
        Course.build("B", [(0, 0), (70, 0)])  # neither width nor edges


# ------------------------------------------------------------------ progress


def test_progress_agrees_with_arc_length_and_is_monotone() -> None:
    course = load_course(SAMPLE)
    last = -1.0
    hint: float | None = None
    s = 0.0
    while s <= course.length:
        x, y = course.point_at(s)
        p = course.progress(x, y)
        assert p == pytest.approx(s, abs=1e-9)
        assert p >= last
        q = course.progress(x, y, hint)
        assert q == pytest.approx(s, abs=1e-9)
        hint, last = q, p
        s += 0.37
    assert course.point_at(course.length) == pytest.approx(course.centre[-1])
    assert course.point_at(-5) == course.centre[0]
    assert course.progress(-10.0, 0.0) == 0.0
    assert course.progress(500.0, 17.59) == pytest.approx(course.length)


def test_progress_of_offset_points_on_a_straight() -> None:
    course = rect_course()
    assert course.progress(30.0, 7.0) == pytest.approx(30.0)
    assert course.progress(30.0, -7.0, hint=28.0) == pytest.approx(30.0)
    # a hint far away: only the window is searched
    assert course.progress(30.0, 0.0, hint=60.0, window=12.0) == pytest.approx(48.0)


def test_tangent_and_point_at() -> None:
    course = Course.build("L", [(0, 0), (10, 0), (10, 10)], width=4)
    assert course.tangent_at(5) == (1.0, 0.0)
    assert course.tangent_at(15) == (0.0, 1.0)
    assert course.tangent_at(10) == (0.0, 1.0)  # at a vertex: the segment starting there
    assert course.point_at(15) == (10.0, 5.0)
    assert course.heading_at(15) == pytest.approx(90.0)


def hairpin() -> Course:
    # up the first leg, round a U-turn, back down the second leg 5" to the left
    centre = [(0.0, 0.0), (40.0, 0.0), (42.5, 2.5), (40.0, 5.0), (0.0, 5.0)]
    return Course.build("Hairpin", centre, width=4.0, ruleset="doomwheel")


def test_hint_window_keeps_progress_continuous_on_a_hairpin() -> None:
    course = hairpin()
    leg1_end = 40.0
    # a racer on the first leg drifting 3" toward the second leg (which is then nearer)
    hint = course.progress(2.0, 0.0)
    previous = hint
    jumped_without_hint = False
    x = 2.0
    while x < 25.0:
        p = course.progress(x, 3.0, hint)
        assert p == pytest.approx(x, abs=1e-9)
        assert 0.0 <= p - previous <= 0.5 + 1e-9
        if course.progress(x, 3.0) > leg1_end:
            jumped_without_hint = True
        previous = hint = p
        x += 0.5
    assert jumped_without_hint, "the hint matters: without it the nearest point is on the other leg"


def test_hint_window_through_a_crossing() -> None:
    # a figure-eight-like centre line crossing itself at (20, 0)
    centre = [(0.0, 0.0), (40.0, 0.0), (40.0, 20.0), (20.0, 20.0), (20.0, -20.0), (60.0, -20.0)]
    course = Course.build("Cross", centre, width=2.0, ruleset="doomwheel")
    s = 0.0
    hint = 0.0
    while s <= course.length:
        x, y = course.point_at(s)
        p = course.progress(x, y, hint, window=6.0)
        assert p == pytest.approx(s, abs=1e-9)
        hint = p
        s += 0.25


def test_progress_with_a_hint_agrees_with_the_full_search() -> None:
    """The windowed search (hint) finds what the whole-line search finds; its speed
    is measured by tools/bench.py ("centre-line progress with a hint"), not here."""
    course = load_course(SAMPLE)
    for i in range(200):
        x, y = 40.0 + (i % 10) * 0.1, 3.0
        assert course.progress(x, y, 40.0) == pytest.approx(course.progress(x, y), abs=1e-9)


@settings(max_examples=200, deadline=None)
@given(st.floats(0.0, 1.0), st.floats(-11.0, 11.0))
def test_progress_matches_brute_force(frac: float, lateral: float) -> None:
    course = load_course(SAMPLE)
    s = frac * course.length
    x, y = course.point_at(s)
    ux, uy = course.tangent_at(s)
    px, py = x - uy * lateral, y + ux * lateral
    best = min(
        (math.dist((px, py), course.point_at(k * 0.01)), k * 0.01) for k in range(int(course.length * 100) + 1)
    )
    got = course.progress(px, py)
    assert math.dist((px, py), course.point_at(got)) <= best[0] + 1e-6


# ------------------------------------------------------------------ contains, outline, barriers


def test_contains_on_a_rectangle() -> None:
    course = rect_course()
    assert course.contains(40.0, 0.0)
    assert course.contains(0.5, 11.5)
    assert not course.contains(40.0, 12.5)
    assert not course.contains(-0.5, 0.0)
    assert not course.contains(80.5, 0.0)
    assert course.outline() == [(0.0, 12.0), (80.0, 12.0), (80.0, -12.0), (0.0, -12.0)]
    barriers = course.barrier_segments()
    assert barriers == [
        ((0.0, 12.0), (80.0, 12.0)),
        ((0.0, -12.0), (80.0, -12.0)),
        ((0.0, 12.0), (0.0, -12.0)),
        ((80.0, 12.0), (80.0, -12.0)),
    ]
    barriers.clear()  # a copy: the course is unchanged
    assert len(course.barrier_segments()) == 4


def test_contains_agrees_with_shapely() -> None:
    shapely_geometry = pytest.importorskip("shapely.geometry")
    course = load_course(SAMPLE)
    poly = shapely_geometry.Polygon(course.outline())
    assert poly.is_valid
    x0, y0, x1, y1 = poly.bounds
    k = 0
    for i in range(60):
        for j in range(40):
            x = x0 - 2 + (x1 - x0 + 4) * (i + 0.37) / 60
            y = y0 - 2 + (y1 - y0 + 4) * (j + 0.61) / 40
            pt = shapely_geometry.Point(x, y)
            if poly.exterior.distance(pt) < 1e-6:
                continue
            assert course.contains(x, y) == poly.contains(pt), (x, y)
            k += 1
    assert k > 2000


def test_sample_obstacles_inside_and_apart_by_shapely() -> None:
    geometry = pytest.importorskip("shapely.geometry")
    course = load_course(SAMPLE)
    poly = geometry.Polygon(course.outline())
    shapes = []
    for ob in course.obstacles:
        if ob.shape == "circle":
            shape = geometry.Point(ob.x, ob.y).buffer(ob.radius, 64)
        else:
            shape = geometry.Polygon(ob.polygon())
            assert shape.is_valid
        assert poly.contains(shape)
        assert poly.exterior.distance(shape) >= 2.0
        assert course.progress(ob.x, ob.y) >= course.start_progress + 20.0
        shapes.append(shape)
    for i in range(len(shapes)):
        for j in range(i):
            assert shapes[i].distance(shapes[j]) >= 2.0


# ------------------------------------------------------------------ start slots


def test_twelve_start_slots_fit_and_touch_the_line() -> None:
    course = load_course(SAMPLE)
    slots = start_slots(course, 12)
    assert len(slots) == 12
    (a, b) = course.start
    lx, ly = b[0] - a[0], b[1] - a[1]
    ln = math.hypot(lx, ly)
    tx, ty = course.tangent_at(course.start_progress)
    for x, y, heading in slots:
        # facing perpendicular to the start line, toward the finish
        fx, fy = math.cos(math.radians(heading)), math.sin(math.radians(heading))
        assert abs(fx * lx + fy * ly) / ln < 1e-9
        assert fx * tx + fy * ty > 0.99
        # the front edge of the base lies on the line: the centre is 0.985" behind it
        dist = abs((x - a[0]) * ly - (y - a[1]) * lx) / ln
        assert dist == pytest.approx(BASE_LENGTH / 2)
        assert (x - a[0]) * fx + (y - a[1]) * fy < 0  # behind, not beyond
        assert course.contains(x, y)
    # ordered from the left edge to the right edge, at least 0.5" apart
    lefts = [-(x * math.sin(math.radians(h))) + y * math.cos(math.radians(h)) for x, y, h in slots]
    assert lefts == sorted(lefts, reverse=True)
    for i in range(11):
        gap = math.dist(slots[i][:2], slots[i + 1][:2]) - BASE_WIDTH
        assert gap >= 0.5 - 1e-9
    # spread evenly, and at least 2" to each edge
    gaps = [math.dist(slots[i][:2], slots[i + 1][:2]) for i in range(11)]
    assert max(gaps) - min(gaps) < 1e-9
    edge_left = abs(lefts[0] - 12.0) - BASE_WIDTH / 2
    edge_right = abs(lefts[-1] + 12.0) - BASE_WIDTH / 2
    assert edge_left >= 2.0 - 1e-9 and edge_right >= 2.0 - 1e-9
    assert edge_left == pytest.approx(edge_right)


def test_start_slots_exact_fit_and_too_many() -> None:
    need = start_width_needed(12)
    course = Course.build("Tight", [(0, 0), (80, 0)], width=need, start=((4, need / 2), (4, -need / 2)))
    slots = start_slots(course, 12)
    assert slots[0][1] == pytest.approx(need / 2 - 2.0 - BASE_WIDTH / 2)
    assert math.dist(slots[0][:2], slots[1][:2]) == pytest.approx(BASE_WIDTH + 0.5)
    with pytest.raises(ValueError, match="13 racers need"):
        start_slots(course, 13)
    assert start_slots(course, 0) == []
    one = start_slots(course, 1)
    assert one[0][1] == pytest.approx(0.0)


def test_start_slots_facing_other_ways() -> None:
    # a course running toward -y (heading 270): the left edge is at +x... here -x is right
    course = Course.build("Down", [(0, 0), (0, -80)], width=24, start=((-12, -4), (12, -4)))
    slots = start_slots(course, 3)
    assert [round(h) for _, _, h in slots] == [270, 270, 270]
    assert slots[0][0] > slots[1][0] > slots[2][0]  # left (east) to right (west)
    assert slots[0][1] == pytest.approx(-4 + BASE_LENGTH / 2)


def test_start_slots_need_room_behind_the_line() -> None:
    course = rect_course(start=None)  # the default start is the back of the course
    with pytest.raises(ValueError, match="no room behind the start line"):
        start_slots(course, 12)
    warnings = problems_of(course, "warning")
    assert any(p.field == "start" and "cannot be placed" in p.reason for p in warnings)


# ------------------------------------------------------------------ bad files


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"format": 3}, "format", "newer"),
        ({"format": 0}, "format", "at least 1"),
        ({"format": None}, "format", "missing"),
        ({"kind": "scenario"}, "kind", "must be 'course'"),
        ({"name": ""}, "name", "empty"),
        ({"ruleset": "chess"}, "ruleset", "one of"),
        ({"centre": [[0, 0]]}, "centre", "at least 2"),
        ({"centre": [[0, 0], [10, 0], [10, 0], [80, 0]]}, "centre[2]", "repeats"),
        ({"centre": [[0, 0], [80, "0"]]}, "centre[1][1]", "expected a number"),
        ({"centre": [[0, 0], [80, 20000]]}, "centre[1][1]", "at most 10000"),
        ({"width": -3}, "width", "at least"),
        ({"width": None}, "edges", "give edges"),
        ({"edges": {"left": [[0, 12], [80, 12]], "right": [[0, -12], [80, -12]]}}, "width", "not both"),
        ({"start": [[4, 12], [4, -12], [4, 0]]}, "start", "2 points"),
        ({"start": [[4, 12], [4, 12]]}, "start", "same"),
        ({"max_racers": 13}, "max_racers", "at most 12"),
        ({"max_racers": 2.5}, "max_racers", "whole number"),
        ({"description": 5}, "description", "expected a string"),
        ({"colour": "green"}, "colour", "unknown field"),
        ({"centre": [[0, 0], [40, 0], [0, 0.5]]}, "centre[1]", "turns by more than"),
        ({"obstacles": {"id": "x"}}, "obstacles", "expected a list"),
    ],
)
def test_bad_course_fields(changes: dict[str, Any], field: str, words: str) -> None:
    err = bad_course(rect_dict(**changes))
    assert err.field == field
    assert words in err.reason
    assert err.line().startswith(f"bad.json: {field}: ")


def test_newer_format_is_refused_before_its_new_fields() -> None:
    err = bad_course(rect_dict(format=7, new_thing={"a": 1}))
    assert err.field == "format"
    assert "format 7" in err.reason and "update the program" in err.reason


def test_not_an_object() -> None:
    assert "top level" in bad_course([1, 2]).reason


def test_edges_sub_fields() -> None:
    err = bad_course(rect_dict(width=None, edges={"left": [[0, 12], [80, 12]]}))
    assert err.field == "edges.right" and "missing" in err.reason
    edges = {"left": [[0, 12], [80, 12]], "right": [[0, -12], [80, -12]], "mid": 1}
    err = bad_course(rect_dict(width=None, edges=edges))
    assert err.field == "edges.mid" and "unknown" in err.reason
    err = bad_course(rect_dict(width=None, edges={"left": [[0, 12], [0, 12]], "right": [[0, -12], [80, -12]]}))
    assert err.field == "edges.left[1]"


GOOD_RECT = {"id": "h", "size": "small", "shape": "rect", "x": 40, "y": 0, "length": 4, "width": 0.7}


@pytest.mark.parametrize(
    ("obstacle", "field", "words"),
    [
        ({**GOOD_RECT, "size": "medium"}, "obstacles[1].size", "one of"),
        ({**GOOD_RECT, "shape": "star"}, "obstacles[1].shape", "one of"),
        ({k: v for k, v in GOOD_RECT.items() if k != "length"}, "obstacles[1].length", "missing"),
        ({**GOOD_RECT, "width": 0}, "obstacles[1].width", "at least"),
        ({**GOOD_RECT, "radius": 2}, "obstacles[1].radius", "unknown field"),
        ({**GOOD_RECT, "x": float("nan")}, "obstacles[1].x", "finite"),
        ({**GOOD_RECT, "id": "a"}, "obstacles[1].id", "duplicate obstacle id 'a'"),
        ({**GOOD_RECT, "id": ""}, "obstacles[1].id", "empty"),
        ({**GOOD_RECT, "look": 3}, "obstacles[1].look", "expected a string"),
        ({"id": "c", "size": "large", "shape": "circle", "x": 40, "y": 0}, "obstacles[1].radius", "missing"),
        (
            {"id": "p", "size": "large", "shape": "polygon", "x": 40, "y": 0,
             "points": [[0, 0], [2, 0], [1, 0.2], [1, 2]]},
            "obstacles[1].points",
            "convex",
        ),
        (
            {"id": "p", "size": "large", "shape": "polygon", "x": 40, "y": 0, "points": [[0, 0], [1, 0], [2, 0]]},
            "obstacles[1].points",
            "convex",
        ),
        (
            {"id": "p", "size": "large", "shape": "polygon", "x": 40, "y": 0, "points": [[0, 0], [1, 0]]},
            "obstacles[1].points",
            "at least 3",
        ),
    ],
)
def test_bad_obstacles(obstacle: dict[str, Any], field: str, words: str) -> None:
    first = {"id": "a", "size": "large", "shape": "circle", "x": 60, "y": 0, "radius": 1.5}
    # (a NaN cannot come out of the loader; course_from_json still refuses one it is handed)
    err = bad_course(rect_dict(obstacles=[first, obstacle]))
    assert err.field == field
    assert words in err.reason


def test_nan_in_a_course_file_is_refused(tmp_path: Path) -> None:
    p = tmp_path / "nan.json"
    p.write_text(json.dumps(rect_dict(width=24)).replace('"width": 24', '"width": NaN'), encoding="utf-8")
    with pytest.raises(BadInput) as info:
        load_course(p)
    assert info.value.field == "width"
    assert "NaN" in info.value.reason


def test_all_obstacle_shapes_load_and_save() -> None:
    obstacles = [
        {**GOOD_RECT, "id": "r", "x": 30, "rotation": 30, "look": "hedge"},
        {"id": "c", "size": "large", "shape": "circle", "x": 45, "y": 5, "radius": 1.5, "look": "rock"},
        {"id": "p", "size": "large", "shape": "polygon", "x": 60, "y": -4, "points": [[0, 0], [2, 0], [1, 2]]},
    ]
    course = rect_course(obstacles=obstacles)
    assert [o.shape for o in course.obstacles] == ["rect", "circle", "polygon"]
    assert course.obstacles[0].look == "hedge" and course.obstacles[2].look == ""
    assert check_course(course) == []
    saved = course_to_json(course)["obstacles"]
    assert saved[0] == {**obstacles[0], "x": 30.0, "y": 0.0, "length": 4.0, "width": 0.7, "rotation": 30.0}
    assert "look" not in saved[2]
    rect = course.obstacles[0].polygon()
    assert len(rect) == 4
    assert math.dist(rect[0], rect[1]) == pytest.approx(0.7)
    assert math.dist(rect[1], rect[2]) == pytest.approx(4.0)


# ------------------------------------------------------------------ check_course


def test_check_short_course_warns() -> None:
    course = rect_course(centre=[[0, 0], [50, 0]], finish=[[46, 12], [46, -12]])
    warnings = problems_of(course, "warning")
    assert [p.field for p in warnings] == ["centre"]
    assert "42.0\" from start to finish" in warnings[0].reason
    assert problems_of(course, "error") == []


def test_check_opening_straight_bend_warns() -> None:
    course = rect_course(centre=[[0, 0], [15, 0], [90, 30]], finish=None)
    warnings = problems_of(course, "warning")
    assert any(p.field == "centre[1]" and "bend 11.0\" after the start" in p.reason for p in warnings)


def test_check_opening_straight_obstacle_warns() -> None:
    obstacle = {**GOOD_RECT, "x": 20}
    warnings = problems_of(rect_course(obstacles=[obstacle]), "warning")
    assert [(p.field, "opening straight" in p.reason) for p in warnings] == [("obstacles[0]", True)]


def test_check_narrow_start_warns() -> None:
    course = rect_course(width=20, start=[[4, 10], [4, -10]], finish=[[76, 10], [76, -10]])
    warnings = problems_of(course, "warning")
    assert [p.field for p in warnings] == ["start"]
    assert "21.26" in warnings[0].reason
    # fine for a course that declares at most 8 racers
    assert check_course(rect_course(width=20, start=[[4, 10], [4, -10]], max_racers=8)) == []
    assert problems_of(course, "error") == []


def test_check_narrowing_in_the_opening_straight_warns() -> None:
    edges = {"left": [[0, 12], [10, 12], [16, 9], [80, 9]], "right": [[0, -12], [80, -12]]}
    course = rect_course(width=None, edges=edges)
    warnings = problems_of(course, "warning")
    assert [p.field for p in warnings] == ["edges.left"]
    assert "narrows to 21.00" in warnings[0].reason


def test_check_obstacle_outside() -> None:
    outside = {**GOOD_RECT, "x": 40, "y": 11.0, "rotation": 90}  # sticks 1" through the left edge
    errors = problems_of(rect_course(obstacles=[outside]), "error")
    assert [(p.field, p.reason) for p in errors] == [("obstacles[0]", "obstacle 'h' is (partly) outside the course")]
    far = {"id": "c", "size": "large", "shape": "circle", "x": 40, "y": 30, "radius": 1}
    assert problems_of(rect_course(obstacles=[far]), "error")[0].field == "obstacles[0]"
    touching = {"id": "c", "size": "large", "shape": "circle", "x": 40, "y": 11.2, "radius": 1}
    assert problems_of(rect_course(obstacles=[touching]), "error")[0].field == "obstacles[0]"


def test_check_obstacles_overlap() -> None:
    a = {"id": "a", "size": "large", "shape": "circle", "x": 40, "y": 0, "radius": 2}
    b = {**GOOD_RECT, "id": "b", "x": 42.5, "y": 0}
    errors = problems_of(rect_course(obstacles=[a, b]), "error")
    assert [(p.field, p.reason) for p in errors] == [("obstacles[1]", "obstacle 'b' overlaps obstacle 'a'")]
    apart = {**GOOD_RECT, "id": "b", "x": 42.5, "y": 0, "rotation": 90}  # 0.7" deep along x: 2.15 from centre
    assert problems_of(rect_course(obstacles=[a, apart]), "error") == []


def test_check_edges_crossing() -> None:
    # a width-drawn course whose centre line loops back across itself
    centre = [[0, 0], [60, 0], [60, 30], [30, 30], [30, -30], [90, -30]]
    course = rect_course(centre=centre, finish=None)
    errors = problems_of(course, "error")
    assert errors and all(p.field == "width" for p in errors)
    assert "may not cross itself" in errors[0].reason
    # the same crossing drawn as edges names the edge
    edges = {"left": [[0, 5], [50, 5], [50, -20], [80, -20]], "right": [[0, -5], [80, -5]]}
    errors = problems_of(rect_course(width=None, edges=edges, start=[[4, 5], [4, -5]]), "error")
    assert errors and errors[0].field == "edges.left"
    assert "left edge segment 1 meets right edge segment 0" in errors[0].reason


def test_doomwheel_courses_may_cross_where_a_crossing_is_declared() -> None:
    centre = [[0, 0], [60, 0], [60, 30], [30, 30], [30, -30], [90, -30]]
    undeclared = rect_course(centre=centre, finish=None, ruleset="doomwheel")
    errors = problems_of(undeclared, "error")
    assert errors and all("declare" in p.reason for p in errors)
    assert any(p.field == "centre" and "(30.00, 0.00)" in p.reason for p in errors)
    declared = rect_course(format=2, centre=centre, finish=None, ruleset="doomwheel",
                           crossings=[{"x": 30, "y": 0, "radius": 18}], checkpoints=[[[72, 15], [48, 15]]])
    assert problems_of(declared, "error") == []
    # too small a crossing leaves the outer edge crossings uncovered
    small = rect_course(format=2, centre=centre, finish=None, ruleset="doomwheel",
                        crossings=[{"x": 30, "y": 0, "radius": 5}], checkpoints=[[[72, 15], [48, 15]]])
    assert [p.field for p in problems_of(small, "error")] == ["width"] * 4


def test_check_swapped_edges() -> None:
    edges = {"left": [[0, -12], [80, -12]], "right": [[0, 12], [80, 12]]}
    errors = problems_of(rect_course(width=None, edges=edges), "error")
    assert any(p.field == "edges" and "swapped" in p.reason for p in errors)


def test_check_start_and_finish_must_span() -> None:
    course = rect_course(start=[[4, 8], [4, -12]], finish=[[76, 12], [76, -11]])
    errors = problems_of(course, "error")
    assert [(p.field, p.reason) for p in errors] == [
        ("start", 'the start line does not span the course: misses the left edge by 4.00"'),
        ("finish", 'the finish line does not span the course: misses the right edge by 1.00"'),
    ]
    outside = rect_course(finish=[[90, 12], [90, -12]])
    errors = problems_of(outside, "error")
    assert errors[0].field == "finish" and "outside the course" in errors[0].reason
    # lines reaching beyond the edges are fine
    assert check_course(rect_course(start=[[4, 14], [4, -14]])) == []


def test_check_finish_before_start() -> None:
    course = rect_course(start=[[76, 12], [76, -12]], finish=[[4, 12], [4, -12]])
    errors = problems_of(course, "error")
    assert any(p.field == "finish" and "not after the start" in p.reason for p in errors)


def test_check_centre_outside_course() -> None:
    edges = {"left": [[0, 12], [80, 12]], "right": [[0, -12], [80, -12]]}
    course = rect_course(width=None, edges=edges, centre=[[0, 0], [40, 20], [80, 0]], start=[[4, 12], [4, -12]])
    errors = problems_of(course, "error")
    assert any(p.field == "centre[1]" and "leaves the course" in p.reason for p in errors)


def test_problem_line() -> None:
    p = Problem("warning", "start", "too narrow")
    assert p.line("x.json") == "x.json: warning: start: too narrow"
    assert p.line() == "warning: start: too narrow"


def test_clean_rectangle_and_obstacle_helpers() -> None:
    course = rect_course()
    assert check_course(course) == []
    circle = ObstacleSpec("c", "large", "circle", 1.0, 2.0, radius=2.0)
    assert circle.polygon() == ()
    assert len(circle.outline(16)) == 16
    assert circle.bounding_radius() == 2.0
    assert hedge("h", 0, 0).bounding_radius() == pytest.approx(math.hypot(2.0, 0.35))


# ------------------------------------------------------------------ the format documentation


def doc_blocks() -> list[str]:
    text = (ROOT / "docs" / "level-format.md").read_text(encoding="utf-8")
    return [part.split("```", 1)[0] for part in text.split("```json\n")[1:]]


def test_doc_example_is_a_clean_canonical_course() -> None:
    block = doc_blocks()[0]
    course = course_from_json(json.loads(block), "docs")
    assert check_course(course) == []
    assert canonical_dumps(course_to_json(course)) == block


def test_doc_edges_snippet_loads_clean() -> None:
    blocks = doc_blocks()
    data = json.loads(blocks[0])
    del data["width"]
    data.update(json.loads("{" + blocks[1] + "}"))
    course = course_from_json(data, "docs")
    assert course.width is None
    assert check_course(course) == []
