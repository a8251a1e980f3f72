"""The one course listing (game.levels.course_list, issue 12 fault 1 and item 13): every
course file is read once through the hardened loader and kept until it changes; a
file that does not load, or that check_course finds an error in, is listed with its
first problem and cannot be raced; a file whose ruleset cannot be told is listed for
both races (so the player sees why it is not raceable rather than nothing)."""

from __future__ import annotations

import json
import os
import pathlib

import pytest

from game.levels import course_list
from tests.hostile_helpers import fill_folder

ROOT = pathlib.Path(__file__).resolve().parent.parent
SPRINT = ROOT / "levels" / "wild_race" / "sprint.json"
EIGHT = ROOT / "levels" / "doomwheel" / "figure_of_eight.json"


@pytest.fixture()
def mine(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> pathlib.Path:
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    course_list.forget()
    folder = tmp_path / "courses"
    folder.mkdir()
    return folder


def test_shipped_courses_first_the_sprint_first_all_raceable(mine: pathlib.Path) -> None:
    wild = course_list.list_courses("wild-race")
    doom = course_list.list_courses("doomwheel")
    assert os.path.basename(wild[0].path) == "sprint.json"
    assert all(e.where == "shipped" and e.startable and e.ruleset == "wild-race" for e in wild)
    assert all(e.where == "shipped" and e.startable and e.ruleset == "doomwheel" for e in doom)
    assert [e.path for e in course_list.list_courses()] == [e.path for e in wild + doom]


def test_every_hostile_file_is_listed_with_its_reason(mine: pathlib.Path) -> None:
    reasons = fill_folder(mine, "courses", real_huge=True)  # a valid 20 MB array among them
    wild = {e.path: e for e in course_list.yours("wild-race")}
    doom = {e.path: e for e in course_list.yours("doomwheel")}
    for path, words in reasons.items():
        e = wild[str(path)]
        assert e.course is None and not e.startable and not e.opens, e
        assert words in e.problem and "\n" not in e.problem, (path.name, e.problem)
        assert e.where == "yours" and e.name
        if e.ruleset == "":  # the file does not say which race: listed for both
            assert str(path) in doom
    assert "file too large (20000003 bytes" in wild[str(mine / "x-huge.json")].problem  # refused unread


def test_a_course_that_loads_with_errors_opens_but_cannot_be_raced(mine: pathlib.Path) -> None:
    doc = json.loads(SPRINT.read_text())
    doc["start"], doc["finish"] = doc["finish"], doc["start"]
    doc["name"] = "Backwards"
    (mine / "backwards.json").write_text(json.dumps(doc))
    doc = json.loads(EIGHT.read_text())
    doc["name"] = "My Eight"
    (mine / "eight.json").write_text(json.dumps(doc))
    wild = course_list.list_courses("wild-race")
    doom = course_list.list_courses("doomwheel")
    back = next(e for e in wild if e.name == "Backwards")
    assert back.opens and not back.startable and back.course is not None
    assert back.problem == "finish: the finish line is not after the start line along the centre line"
    assert "My Eight" not in [e.name for e in wild]  # another race's course
    assert next(e for e in doom if e.name == "My Eight").startable


def test_each_file_is_read_once_and_again_only_when_it_changes(mine: pathlib.Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    for i in range(3):
        doc = json.loads(SPRINT.read_text())
        doc["name"] = f"Copy {i}"
        (mine / f"copy{i}.json").write_text(json.dumps(doc))
    reads: list[str] = []
    real = course_list.load_json_file

    def counting(path: object, **kw: object) -> object:
        reads.append(os.path.basename(str(path)))
        return real(path, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(course_list, "load_json_file", counting)
    first = course_list.list_courses("wild-race")
    shipped = len(list((ROOT / "levels" / "wild_race").glob("*.json")))
    assert len(reads) == shipped + 3
    assert course_list.list_courses("wild-race") == first and course_list.list_courses() is not None
    doom_shipped = len(list((ROOT / "levels" / "doomwheel").glob("*.json")))
    assert len(reads) == shipped + 3 + doom_shipped  # the second listing read nothing new
    doc = json.loads(SPRINT.read_text())
    doc["name"] = "Copy one, renamed"
    (mine / "copy1.json").write_text(json.dumps(doc))
    again = course_list.list_courses("wild-race")
    assert reads[shipped + 3 + doom_shipped:] == ["copy1.json"]
    assert "Copy one, renamed" in [e.name for e in again]


def test_distinct_labels() -> None:
    e = course_list.CourseEntry
    entries = [e("/a/x.json", "yours", "wild-race", "Loop"), e("/b/y.json", "yours", "wild-race", "Loop"),
               e("/c/z.json", "yours", "", "Loop (y.json)")]
    assert course_list.distinct_labels(entries) == ["Loop", "Loop (y.json)", "Loop (y.json) (z.json)"]
    same = [e(f"/{d}/x.json", "yours", "", "Loop") for d in "abc"]
    assert course_list.distinct_labels(same) == ["Loop", "Loop (x.json)", "Loop (x.json) 2"]
