"""The course format, version 2 (issue 5): format-1 files unchanged, the new fields
(checkpoints, crossings, decorations, laps, critters, fans), circuits, every loading
problem collected at once, the new checks, the two Doomwheel tracks, and speed on the
largest legal course. docs/level-format.md is the reference."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.levels.course import (
    FORMAT,
    Course,
    CourseError,
    Crossing,
    Decoration,
    Problem,
    check_course,
    course_format,
    course_from_json,
    course_to_json,
    load_course,
    offset_loop,
    read_course,
    save_course,
)
from game.levels.course_check import BoxTree, _Geo, centre_crossings
from game.core.errors import BadInput
from game.core.jsonload import canonical_dumps

ROOT = Path(__file__).resolve().parent.parent
WILD = sorted((ROOT / "levels" / "wild_race").glob("*.json"))
DOOM = sorted((ROOT / "levels" / "doomwheel").glob("*.json"))


def straight(**changes: Any) -> dict[str, Any]:
    """A valid straight 80" x 24" Wild Race course (format 1); None removes a field."""
    d: dict[str, Any] = {
        "format": 1, "kind": "course", "name": "Straight", "ruleset": "wild-race",
        "centre": [[0, 0], [80, 0]], "width": 24, "start": [[4, 12], [4, -12]], "finish": [[76, 12], [76, -12]],
        "obstacles": [],
    }
    for k, v in changes.items():
        if v is None:
            d.pop(k, None)
        else:
            d[k] = v
    return d


def bow_tie(**changes: Any) -> dict[str, Any]:
    """The small Doomwheel figure-eight of the docs (format 2, a circuit)."""
    d: dict[str, Any] = {
        "format": 2, "kind": "course", "name": "Bow Tie", "ruleset": "doomwheel",
        "centre": [[16, 0], [16, 4], [10, 10], [-10, -10], [-16, -4], [-16, 4], [-10, 10], [10, -10], [16, -4],
                   [16, 0]],
        "width": 6, "laps": 3, "max_racers": 2,
        "crossings": [{"x": 0, "y": 0, "radius": 5}],
        "checkpoints": [[[-19.5, 0], [-12.5, 0]], [[-4.5, 9.5], [-9.5, 4.5]]],
        "critters": [{"kind": "fanatic", "x": 13, "y": 7}, {"kind": "slave", "x": 7, "y": -7}],
        "fans": [{"x": 0, "y": 6.5}, {"x": 0, "y": -6.5}],
        "obstacles": [],
    }
    for k, v in changes.items():
        if v is None:
            d.pop(k, None)
        else:
            d[k] = v
    return d


def problems(data: dict[str, Any]) -> list[Problem]:
    course, probs = read_course(data, "t.json")
    return probs if course is None else check_course(course)


def errors(data: dict[str, Any]) -> list[tuple[str, str]]:
    return [(p.field, p.reason) for p in problems(data) if p.severity == "error"]


def warnings(data: dict[str, Any]) -> list[tuple[str, str]]:
    return [(p.field, p.reason) for p in problems(data) if p.severity == "warning"]


# ------------------------------------------------------------------ format 1 stays format 1


@pytest.mark.parametrize("path", WILD, ids=[p.name for p in WILD])
def test_format_1_files_read_and_write_unchanged(path: Path, tmp_path: Path) -> None:
    raw = path.read_bytes()
    assert json.loads(raw)["format"] == 1
    course = load_course(path)
    assert course_format(course) == 1
    assert not (course.checkpoints or course.crossings or course.decorations or course.critters or course.fans)
    assert course.laps is None
    out = tmp_path / path.name
    save_course(course, out)
    assert out.read_bytes() == raw


def test_the_writer_writes_the_lowest_format_that_holds_the_course(tmp_path: Path) -> None:
    plain = course_from_json(straight(), "s")
    assert course_to_json(plain)["format"] == 1
    # a format-2 file that uses no format-2 field is saved as format 1
    again = course_from_json(straight(format=2), "s")
    assert again == plain and course_to_json(again)["format"] == 1
    decorated = course_from_json(straight(format=2, decorations=[{"look": "tree", "x": 40, "y": 20}]), "s")
    d = course_to_json(decorated)
    assert d["format"] == 2
    assert d["decorations"] == [{"look": "tree", "x": 40.0, "y": 20.0, "rotation": 0.0, "scale": 1.0}]
    with_cp = course_from_json(straight(format=2, checkpoints=[[[40, 12], [40, -12]]]), "s")
    assert course_to_json(with_cp)["format"] == 2
    # and a canonical format-2 file round-trips byte for byte
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    save_course(decorated, a)
    save_course(load_course(a), b)
    assert a.read_bytes() == b.read_bytes()
    assert load_course(a) == decorated


def test_format_2_fields_need_format_2() -> None:
    errs = errors(straight(checkpoints=[[[40, 12], [40, -12]]], decorations=[]))
    assert errs == [
        ("checkpoints", 'a format 2 field, and this file says format 1: set "format": 2 to use it'),
        ("decorations", 'a format 2 field, and this file says format 1: set "format": 2 to use it'),
    ]


def test_doomwheel_fields_on_a_wild_race_course() -> None:
    errs = errors(straight(format=2, laps=3, critters=[], fans=[{"x": 1, "y": 50}]))
    assert [f for f, _ in errs] == ["critters", "fans", "laps"]
    assert all("only a Doomwheel course" in r and "'wild-race'" in r for _, r in errs)


def test_a_newer_format_is_the_only_problem_reported() -> None:
    course, probs = read_course(straight(format=FORMAT + 1, name=5, colour="red", centre="x"), "new.json")
    assert course is None
    assert [(p.field, p.reason) for p in probs] == [
        ("format", f"this course uses format {FORMAT + 1}, newer than this program reads (up to {FORMAT}); "
                   "update the program")]


def test_a_file_of_another_kind_is_named_as_such_only() -> None:
    course, probs = read_course({"format": 1, "kind": "scenario", "racers": [], "dice": []}, "s.json")
    assert course is None and [(p.field, p.reason) for p in probs] == [("kind", "must be 'course' (got 'scenario')")]


# ------------------------------------------------------------------ every loading problem at once


def test_every_unknown_and_wrong_typed_field_is_reported_together() -> None:
    data = straight(
        name="", ruleset="chess", centre=[[0, "a"], [1e9, None]], width="24", colour=1, zz=2,
        obstacles=[{"id": "a", "size": "x", "shape": "rect", "x": "q", "y": 0, "radius": 2}, 5],
        max_racers=2.5,
    )
    course, probs = read_course(data, "x.json")
    assert course is None
    got = [(p.field, p.reason.split(" (")[0]) for p in probs]
    assert got == [
        ("name", "must not be empty"),
        ("ruleset", "must be one of 'wild-race', 'doomwheel'"),
        ("centre[0][1]", "expected a number, got a string"),
        ("centre[1][0]", "must be at most 10000"),
        ("centre[1][1]", "expected a number, got null"),
        ("width", "expected a number, got a string"),
        ("obstacles[0].size", "must be one of 'small', 'large'"),
        ("obstacles[0].x", "expected a number, got a string"),
        ("obstacles[0].length", "missing required field"),
        ("obstacles[0].width", "missing required field"),
        ("obstacles[0].radius", "unknown field"),
        ("obstacles[1]", "expected an object, got a number"),
        ("max_racers", "expected a whole number, got 2.5"),
        ("colour", "unknown field"),
        ("zz", "unknown field"),
    ]
    assert all(p.severity == "error" for p in probs)
    with pytest.raises(CourseError) as info:
        course_from_json(data, "x.json")
    err = info.value
    assert isinstance(err, BadInput) and err.problems == probs
    assert err.line() == f"x.json: name: must not be empty (and {len(probs) - 1} more problems)"


def test_one_problem_reads_as_before() -> None:
    with pytest.raises(BadInput) as info:
        course_from_json(straight(width=-3), "bad.json")
    assert info.value.line() == "bad.json: width: must be at least 0.1 (got -3)"


def test_unknown_fields_are_capped_per_object_and_names_escaped() -> None:
    _, probs = read_course(straight(**{f"k{i:03d}": i for i in range(50)}), "x.json")
    assert len(probs) == 21
    assert [p.field for p in probs[:2]] == ["k000", "k001"]
    assert (probs[-1].field, probs[-1].reason) == ("", "... and 30 more unknown fields")
    _, probs = read_course(straight(**{"line\nbreak": 1, "a" * 100: 2}), "x.json")
    assert [p.field for p in probs] == ["a" * 57 + "...", '"line\\nbreak"']
    assert not any("\n" in p.field + p.reason for p in probs)


def test_every_bad_point_of_a_polyline_is_reported() -> None:
    _, probs = read_course(straight(centre=[[0, 0], [10, 0], [10, 0], [20, "x"], [30, 0], [30, 0]]), "x.json")
    assert [p.field for p in probs] == ["centre[3][1]"]  # the repeats are looked for once the points are good
    _, probs = read_course(straight(centre=[[0, 0], [10, 0], [10, 0], [30, 0], [30, 0]]), "x.json")
    assert [(p.field, p.reason) for p in probs] == [("centre[2]", "repeats the previous point"),
                                                    ("centre[4]", "repeats the previous point")]


@pytest.mark.parametrize(("field", "value", "path", "words"), [
    ("checkpoints", [[[40, 12], [40, 12]]], "checkpoints[0]", "the same"),
    ("checkpoints", [[[40, 12]]], "checkpoints[0]", "2 points"),
    ("checkpoints", [[[40, 12], [40, 1e5]]], "checkpoints[0][1][1]", "at most 10000"),
    ("checkpoints", [[[40, 12], [40, -12]]] * 101, "checkpoints", "too many"),
    ("crossings", [{"x": 1, "y": 2}], "crossings[0].radius", "missing"),
    ("crossings", [{"x": 1, "y": 2, "radius": 0}], "crossings[0].radius", "at least 0.1"),
    ("crossings", [{"x": 1, "y": 2, "radius": 1, "r": 3}], "crossings[0].r", "unknown field"),
    ("decorations", [{"x": 1, "y": 2}], "decorations[0].look", "missing"),
    ("decorations", [{"look": "tree", "x": 1, "y": 2, "scale": 100}], "decorations[0].scale", "at most 20"),
    ("decorations", [{"look": "tree", "x": 1, "y": 2, "rotation": "left"}], "decorations[0].rotation", "number"),
    ("decorations", {"look": "tree"}, "decorations", "expected a list"),
])
def test_bad_format_2_fields(field: str, value: Any, path: str, words: str) -> None:
    _, probs = read_course(straight(format=2, **{field: value}), "x.json")
    assert probs and probs[0].field == path and words in probs[0].reason, probs


@pytest.mark.parametrize(("field", "value", "path", "words"), [
    ("laps", 0, "laps", "at least 1"),
    ("laps", 2.5, "laps", "whole number"),
    ("critters", [{"kind": "rat", "x": 0, "y": 0}], "critters[0].kind", "one of 'fanatic', 'slayer', 'slave'"),
    ("critters", [{"kind": "slave", "x": 0}], "critters[0].y", "missing"),
    ("fans", [{"x": 0, "y": 9}] * 5, "fans", "too many"),
    ("fans", [{"x": 0, "y": 9, "team": 1}], "fans[0].team", "unknown field"),
])
def test_bad_doomwheel_fields(field: str, value: Any, path: str, words: str) -> None:
    _, probs = read_course(bow_tie(**{field: value}), "x.json")
    assert probs and probs[0].field == path and words in probs[0].reason, probs


BALE: dict[str, Any] = {"id": "bale", "size": "small", "shape": "circle", "x": 0, "y": 6.5, "radius": 0.5}
WALL: dict[str, Any] = {"id": "wall", "size": "large", "shape": "rect", "x": 0, "y": -6.5, "length": 2, "width": 0.5}


def test_cover_and_blocks_sight_on_a_doomwheel_course(tmp_path: Path) -> None:
    marked = bow_tie(fans=[{"x": 2, "y": 8}, {"x": 2, "y": -8}],
                     obstacles=[dict(BALE, cover="soft"), dict(WALL, cover="hard", blocks_sight=True),
                                BALE | {"id": "plain"}])
    c = course_from_json(marked, "t")
    assert [(o.cover, o.blocks_sight) for o in c.obstacles] == [("soft", False), ("hard", True), ("none", False)]
    d = course_to_json(c)
    assert "cover" not in d["obstacles"][2] and "blocks_sight" not in d["obstacles"][0]  # defaults not written
    assert d["obstacles"][1]["cover"] == "hard" and d["obstacles"][1]["blocks_sight"] is True
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    save_course(c, a)
    save_course(load_course(a), b)
    assert a.read_bytes() == b.read_bytes() and load_course(a) == c


def test_cover_alone_makes_a_course_format_2() -> None:
    plain = course_from_json(straight(format=2, ruleset="doomwheel", obstacles=[BALE | {"y": 0}]), "s")
    assert course_to_json(plain)["format"] == 1
    covered = course_from_json(straight(format=2, ruleset="doomwheel", obstacles=[BALE | {"y": 0, "cover": "soft"}]),
                               "s")
    assert course_to_json(covered)["format"] == 2


@pytest.mark.parametrize(("changes", "path", "words"), [
    ({"cover": "thick"}, "obstacles[0].cover", "one of 'none', 'soft', 'hard'"),
    ({"cover": 1}, "obstacles[0].cover", "string"),
    ({"blocks_sight": "yes"}, "obstacles[0].blocks_sight", "true or false"),
])
def test_bad_cover_fields(changes: dict[str, Any], path: str, words: str) -> None:
    _, probs = read_course(bow_tie(obstacles=[BALE | changes]), "x.json")
    assert probs and probs[0].field == path and words in probs[0].reason, probs


def test_cover_is_refused_on_a_wild_race_course_and_in_format_1() -> None:
    errs = errors(straight(format=2, obstacles=[BALE | {"y": 0, "cover": "soft", "blocks_sight": True}]))
    assert [f for f, _ in errs] == ["obstacles[0].blocks_sight", "obstacles[0].cover"]
    assert all("only a Doomwheel course" in r and "'wild-race'" in r for _, r in errs)
    errs = errors(straight(obstacles=[BALE | {"y": 0, "cover": "hard"}]))
    assert errs == [("obstacles[0].cover", 'a format 2 field, and this file says format 1: set "format": 2 to use it')]
    # a course built in code: the check refuses it too
    wild = course_from_json(straight(obstacles=[BALE | {"y": 0}]), "s")
    import dataclasses
    bad = dataclasses.replace(wild, obstacles=(dataclasses.replace(wild.obstacles[0], cover="soft"),))
    assert [(p.field, p.severity) for p in check_course(bad) if "Doomwheel" in p.reason] == [
        ("obstacles[0].cover", "error")]


# ------------------------------------------------------------------ circuits


def test_a_circuit_is_closed_has_no_closing_barriers_and_finishes_a_lap_later() -> None:
    course = course_from_json(bow_tie(), "b.json")
    assert course.is_circuit and course.laps == 3
    assert course.left[0] == course.left[-1] and course.right[0] == course.right[-1]
    assert len(course.barrier_segments()) == len(course.left) - 1 + len(course.right) - 1
    assert course.finish == course.start
    assert course.finish_progress == pytest.approx(course.start_progress + course.length)
    d = course_to_json(course)
    assert "finish" not in d and "start" not in d and d["laps"] == 3 and d["format"] == 2
    # the crossing: a point where both passes overlap is on the course (non-zero winding)
    assert course.contains(0.0, 0.0)
    assert course.contains(0.0, 2.5)
    assert not course.contains(0.0, 6.5)  # between the passes, where the fans stand
    assert not course.contains(10.0, 0.0)  # in the right loop's hole


def test_circuit_fields_are_checked() -> None:
    open_centre = bow_tie(centre=[[16, 0], [16, 4], [10, 10], [-10, -10], [-16, -4], [-16, 4], [-10, 10],
                                  [10, -10], [16, -4]])
    assert errors(open_centre)[0][0] == "centre" and "end where it starts" in errors(open_centre)[0][1]
    with_finish = bow_tie(finish=[[13, 1], [19, 1]])
    assert errors(with_finish) == [("finish", "a course with laps has no separate finish line (the start line is "
                                              "also the finish line): remove finish")]
    edges = {"left": [[13, 0], [13, 5], [8, 9]], "right": [[19, 0], [19, 5], [10, 14]]}
    open_edges = bow_tie(width=None, edges=edges)
    assert errors(open_edges)[0][0] == "edges.left"


def test_offset_loop_is_mitred_at_the_seam() -> None:
    square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0), (0.0, 0.0)]
    left = offset_loop(square, 1.0)
    assert left[0] == left[-1] == pytest.approx((1.0, 1.0))
    assert left[1] == pytest.approx((9.0, 1.0))
    right = offset_loop(square, -1.0)
    assert right[0] == pytest.approx((-1.0, -1.0))


# ------------------------------------------------------------------ the new checks


def test_the_docs_bow_tie_is_clean() -> None:
    assert problems(bow_tie()) == []


def test_a_loop_without_a_checkpoint_can_be_skipped_at_the_crossing() -> None:
    # a checkpoint on the way to the crossing from the right loop guards nothing
    errs = errors(bow_tie(checkpoints=[[[4.5, 9.5], [9.5, 4.5]]]))
    assert len(errs) == 1 and errs[0][0] == "checkpoints"
    assert "skip that loop" in errs[0][1] and "crossings[0]" in errs[0][1]
    assert errors(bow_tie(checkpoints=None)) == errs
    # one anywhere between the two passes (on the left loop, or on the way back to the
    # crossing from it) does
    assert errors(bow_tie(checkpoints=[[[-4.5, 9.5], [-9.5, 4.5]]])) == []
    assert errors(bow_tie(checkpoints=[[[-19.5, 0], [-12.5, 0]]])) == []


def test_checkpoints_out_of_order_off_the_course_and_inside_the_crossing() -> None:
    swapped = bow_tie(checkpoints=[[[-4.5, 9.5], [-9.5, 4.5]], [[-19.5, 0], [-12.5, 0]]])
    assert ("checkpoints[1]", "out of order") in [(f, r.split(":")[0]) for f, r in errors(swapped)]
    short = bow_tie(checkpoints=[[[-19.5, 0], [-15, 0]], [[-4.5, 9.5], [-9.5, 4.5]]])
    assert errors(short) == [("checkpoints[0]", 'checkpoint 0 does not span the course: misses the right edge by '
                                                '2.00"')]
    middle = bow_tie(checkpoints=[[[-19.5, 0], [-12.5, 0]], [[-2, 2], [2, -2]]])
    assert any(f == "checkpoints[1]" and "inside crossings[0]" in r for f, r in errors(middle))
    behind = straight(format=2, checkpoints=[[[2, 12], [2, -12]]])
    assert errors(behind)[0][0] == "checkpoints[0]" and "not between the start and finish" in errors(behind)[0][1]
    assert errors(straight(format=2, checkpoints=[[[30, 12], [30, -12]], [[50, 12], [50, -12]]])) == []


def test_crossings_belong_to_doomwheel_tracks() -> None:
    errs = errors(straight(format=2, crossings=[{"x": 40, "y": 0, "radius": 3}]))
    assert errs == [("crossings[0]", "a Wild Race course may not cross itself (its rules need a course that does "
                                     "not); crossings are for Doomwheel tracks")]
    idle = bow_tie(crossings=[{"x": 0, "y": 0, "radius": 5}, {"x": 16, "y": 2, "radius": 1}])
    assert ("crossings[1]", "the centre line does not cross itself here") in warnings(idle)


def test_critters_on_the_track_fans_beside_it() -> None:
    errs = errors(bow_tie(critters=[{"kind": "slayer", "x": 0, "y": 7}]))
    assert errs == [("critters[0]", "the slayer at (0, 7) is not on the track")]
    warns = warnings(bow_tie(fans=[{"x": 16, "y": 1}]))
    assert warns == [("fans[0]", "the fans at (16, 1) stand on the track (they watch from beside it)")]


def test_doomwheel_set_up_warnings() -> None:
    assert [f for f, _ in warnings(bow_tie(max_racers=None))] == ["start"]  # 4 wheels need 9.88"
    assert "4 wheels cannot be placed" in warnings(bow_tie(max_racers=None))[0][1]
    hairpin = {"format": 1, "kind": "course", "name": "H", "ruleset": "doomwheel",
               "centre": [[0, 0], [40, 0], [42.5, 2.5], [40, 5], [0, 5]], "width": 4}
    assert "laps" in [f for f, _ in warnings(hairpin)]


def test_the_course_narrower_than_a_base() -> None:
    pinch = {"left": [[0, 12], [40, 12], [42, -11.5], [44, 12], [80, 12]], "right": [[0, -12], [80, -12]]}
    errs = errors(straight(width=None, edges=pinch))
    assert [f for f, _ in errs] == ["edges.left"] and "narrower than a racer's base (0.98\")" in errs[0][1]
    wide = {"left": [[0, 12], [40, 12], [42, -10.5], [44, 12], [80, 12]], "right": [[0, -12], [80, -12]]}
    assert errors(straight(width=None, edges=wide)) == []


def rock(oid: str, x: float, y: float, r: float) -> dict[str, Any]:
    return {"id": oid, "size": "large", "shape": "circle", "x": x, "y": y, "radius": r}


def test_large_obstacles_closing_the_track() -> None:
    # three rocks across the 24" course, 0.5" and 0.4" apart and 0.5" / 0.6" from the edges
    wall = [rock("a", 40, 7.5, 4.0), rock("b", 40, -1.0, 4.0), rock("c", 40, -8.4, 3.0)]
    errs = errors(straight(obstacles=wall))
    assert len(errs) == 1 and errs[0][0] == "obstacles[0]"
    assert "the large obstacles 'a', 'b', 'c' close the track 40.0\" along the centre line" in errs[0][1]
    # a base's width between two of them: a way past
    assert errors(straight(obstacles=[rock("a", 40, 7.5, 4.0), rock("b", 40, -2.0, 4.0),
                                      rock("c", 40, -9.7, 2.0)])) == []
    # small obstacles can be jumped
    assert errors(straight(obstacles=[dict(o, size="small") for o in wall])) == []
    # beyond the finish line they close nothing
    late = straight(centre=[[0, 0], [100, 0]], finish=[[70, 12], [70, -12]],
                    obstacles=[dict(o, x=85) for o in wall])
    assert errors(late) == []
    # one large obstacle from edge to edge
    one = straight(obstacles=[{"id": "w", "size": "large", "shape": "rect", "x": 40, "y": 0, "length": 1,
                               "width": 23.5, "rotation": 0}])
    assert [r.split(" close")[0] for _, r in errors(one)] == ["the large obstacle 'w'"]


def test_crowded_piles_are_reported_not_checked_for_minutes() -> None:
    gon = [[math.cos(k * math.pi / 32), math.sin(k * math.pi / 32)] for k in range(64)]
    pile = [{"id": f"o{k}", "size": "large", "shape": "polygon", "x": 50, "y": 0, "points": gon} for k in range(200)]
    errs = errors(straight(centre=[[0, 0], [100, 0]], obstacles=pile))
    assert ("obstacles", "... stopped after 20 overlapping obstacles") in errs
    assert sum(1 for _, r in errs if "overlaps" in r) == 20


# ------------------------------------------------------------------ the Doomwheel tracks


@pytest.mark.parametrize("path", DOOM, ids=[p.name for p in DOOM])
def test_doomwheel_track(path: Path, tmp_path: Path) -> None:
    course = load_course(path)
    assert course.ruleset == "doomwheel" and course.laps == 3 and course.name and course.description
    assert json.loads(path.read_bytes())["format"] == 2
    assert check_course(course) == []
    out = tmp_path / path.name
    save_course(course, out)
    assert out.read_bytes() == path.read_bytes()
    # about 45" x 25"
    xs = [p[0] for p in course.outline()]
    ys = [p[1] for p in course.outline()]
    assert 40.0 <= max(xs) - min(xs) <= 50.0 and 22.0 <= max(ys) - min(ys) <= 30.0
    # a figure-eight: the centre line crosses itself once, inside the declared crossing
    (point, s1, s2), = centre_crossings(course)
    (crossing,) = course.crossings
    assert crossing.covers(*point)
    assert course.centre[0] == course.centre[-1]
    # checkpoints in order along the centre line, and one on the loop between the passes
    arcs = [(course.progress((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) - course.start_progress) % course.length
            for a, b in course.checkpoints]
    assert arcs == sorted(arcs) and len(set(arcs)) == len(arcs) and arcs[0] > 0
    assert any(s1 < course.progress((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) < s2 for a, b in course.checkpoints)
    assert not (s1 < course.start_progress < s2)
    # the rules' default critters, on the track; four fan positions beside it
    kinds = [c.kind for c in course.critters]
    assert (kinds.count("fanatic"), kinds.count("slayer"), kinds.count("slave")) == (4, 3, 8)
    assert all(course.contains(c.x, c.y) for c in course.critters)
    assert len(course.fans) == 4 and not any(course.contains(f.x, f.y) for f in course.fans)
    assert all(math.dist((f.x, f.y), (crossing.x, crossing.y)) < 12.0 for f in course.fans)


def test_there_are_two_doomwheel_tracks() -> None:
    assert len(DOOM) >= 2


@pytest.mark.parametrize("path", DOOM, ids=[p.name for p in DOOM])
def test_the_doomwheel_tracks_have_cover_to_shoot_past(path: Path) -> None:
    course = load_course(path)
    assert [o.cover for o in course.obstacles if o.look == "hay"] == ["soft", "soft"]
    assert all(o.size == "small" and not o.blocks_sight for o in course.obstacles)  # no wheel is stopped by them


# ------------------------------------------------------------------ the fast queries agree with the course


COURSES = [load_course(p) for p in WILD[:3] + DOOM] + [course_from_json(bow_tie(), "b")]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(COURSES) - 1), st.floats(0.0, 1.0), st.floats(0.0, 1.0))
def test_fast_contains_and_progress_agree_with_the_course(k: int, fx: float, fy: float) -> None:
    course = COURSES[k]
    geo = _Geo(course)
    x0, y0, x1, y1 = course._bbox
    x, y = x0 - 1 + (x1 - x0 + 2) * fx, y0 - 1 + (y1 - y0 + 2) * fy
    if not geo.near_barrier(x, y, 1e-6):
        assert geo.contains(x, y) == course.contains(x, y)
    assert geo.progress(x, y) == course.progress(x, y)


def test_box_tree_query_and_nearest() -> None:
    rng = random.Random(5)
    boxes = []
    for _ in range(300):
        x, y = rng.uniform(0, 100), rng.uniform(0, 100)
        boxes.append((x, y, x + rng.uniform(0, 5), y + rng.uniform(0, 5)))
    tree = BoxTree(boxes)
    for _ in range(50):
        qx, qy = rng.uniform(0, 100), rng.uniform(0, 100)
        q = (qx, qy, qx + 10, qy + 3)
        want = [i for i, b in enumerate(boxes) if not (b[0] > q[2] or b[2] < q[0] or b[1] > q[3] or b[3] < q[1])]
        assert tree.query(*q) == want

        def d2(i: int) -> float:
            b = boxes[i]
            dx = max(0.0, b[0] - qx, qx - b[2])
            dy = max(0.0, b[1] - qy, qy - b[3])
            return dx * dx + dy * dy

        assert tree.nearest((qx, qy, qx, qy), d2) == min((d2(i), i) for i in range(len(boxes)))
    assert BoxTree([]).query(0, 0, 1, 1) == [] and BoxTree([]).nearest((0, 0, 0, 0), lambda i: 0.0)[1] == -1


# ------------------------------------------------------------------ the largest legal course is quick


def huge_course_data() -> dict[str, Any]:
    """The largest legal course (tools/bench.py times loading and checking it)."""
    gon = [[math.cos(k * math.pi / 32), math.sin(k * math.pi / 32)] for k in range(64)]
    left = [[i * 2.001 - 2, 12 + 3 * math.sin(i)] for i in range(2000)]
    right = [[i * 2.001 - 2, -12 + 3 * math.sin(i * 1.3)] for i in range(2000)]
    data = {
        "format": 2, "kind": "course", "name": "Huge", "ruleset": "wild-race",
        "centre": [[i * 1.998, 0.3 * math.sin(i * 0.7)] for i in range(2000)],
        "edges": {"left": left, "right": right},
        "start": [[10, 20], [10, -20]], "finish": [[3900, 20], [3900, -20]],
        "obstacles": [{"id": f"o{k}", "size": "large" if k % 2 else "small", "shape": "polygon",
                       "x": 10 + k * 19.5, "y": 0, "points": gon} for k in range(200)],
        "checkpoints": [[[40.0 * k, 20], [40.0 * k, -20]] for k in range(1, 97)],
        "decorations": [{"look": "tree", "x": k, "y": 30} for k in range(500)],
    }
    return data


def test_the_largest_legal_course_loads_and_checks_with_warnings_only() -> None:
    course, probs = read_course(json.loads(canonical_dumps(huge_course_data())), "huge.json")
    assert course is not None, probs[:3]
    found = check_course(course)  # its time: tools/bench.py ("check the largest legal course")
    assert all(p.severity == "warning" for p in found), found[:3]


def test_decorations_and_crossings_are_plain_data() -> None:
    d = Decoration("tree", 1.0, 2.0)
    assert (d.rotation, d.scale) == (0.0, 1.0)
    c = Crossing(0.0, 0.0, 5.0)
    assert c.covers(3.0, 4.0) and not c.covers(3.0, 4.1) and c.covers(3.0, 4.1, slack=0.1)
    course = course_from_json(bow_tie(), "b")
    assert isinstance(course, Course) and hash(course) == hash(course_from_json(bow_tie(), "b"))


def test_the_docs_format_2_example_is_a_clean_canonical_course() -> None:
    text = (ROOT / "docs" / "level-format.md").read_text(encoding="utf-8")
    blocks = [part.split("```", 1)[0] for part in text.split("```json\n")[1:]]
    (block,) = [b for b in blocks if '"format": 2' in b]
    data = json.loads(block)
    course = course_from_json(data, "docs")
    assert check_course(course) == []
    assert canonical_dumps(course_to_json(course)) == block
    # it uses every format-2 field
    for key in ("checkpoints", "crossings", "decorations", "laps", "critters", "fans"):
        assert data[key], key
