"""Course profiles (game.levels.profile): the level loader and checks ask a ruleset's
profile, given through its registration, never its name. A toy ruleset registered
here (and removed again) gets its own courses, fields and checks without any change
to game/levels."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from game.core import registry
from game.levels.course import (
    Course,
    CourseProfile,
    check_course,
    course_profile,
    course_rulesets,
    read_course,
)
from game.levels.course_geo import CourseGeo
from game.levels.level import Problem


def _warn(course: Course, geo: CourseGeo, bases: int, warnings: list[Problem]) -> None:
    warnings.append(Problem("warning", "name", f"toy guidance for {bases} bases"))


TOY = CourseProfile(ruleset="toy-race", title="Toy", base_width=0.5, base_length=0.5, field_size=3,
                    layers=("laps",), crossings=True, warnings=_warn)


@pytest.fixture
def toy() -> Iterator[CourseProfile]:
    registry.load()
    toy_state = type("ToyState", (), {})
    registry.register(registry.Registration(name="toy-race", title="The Toy Race", ruleset=object(),  # type: ignore
                                            state_type=toy_state, order=50, level_profile=TOY))
    try:
        yield TOY
    finally:
        registry.unregister("toy-race")


def straight(**changes: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"format": 2, "kind": "course", "name": "Straight", "ruleset": "wild-race",
                         "centre": [[0, 0], [80, 0]], "width": 24}
    d.update(changes)
    return d


def test_the_shipped_rulesets_give_their_profiles() -> None:
    assert course_rulesets() == ("wild-race", "doomwheel")
    assert course_profile("doomwheel").layers == ("laps", "critters", "fans")
    assert course_profile("wild-race").warnings is not None


def test_a_registered_toy_ruleset_has_courses_of_its_own(toy: CourseProfile) -> None:
    assert course_rulesets() == ("wild-race", "doomwheel", "toy-race")  # the registry's order
    course, problems = read_course(straight(ruleset="toy-race"), "toy.json")
    assert problems == [] and course is not None
    found = check_course(course)
    assert [p.line() for p in found if p.severity == "warning"] == ["warning: name: toy guidance for 3 bases"]


def test_fields_only_some_rulesets_have_name_every_owner(toy: CourseProfile) -> None:
    _, problems = read_course(straight(laps=2), "w.json")
    assert [p.reason for p in problems] == [
        "only a Doomwheel course (ruleset 'doomwheel') or a Toy course (ruleset 'toy-race') has laps; "
        "this course is 'wild-race'"]
    _, problems = read_course(straight(ruleset="toy-race", critters=[]), "t.json")
    assert [p.reason for p in problems] == [
        "only a Doomwheel course (ruleset 'doomwheel') has critters; this course is 'toy-race'"]


def test_without_the_toy_its_courses_do_not_load() -> None:
    _, problems = read_course(straight(ruleset="toy-race"), "toy.json")
    assert [p.reason for p in problems] == ["must be one of 'wild-race', 'doomwheel' (got 'toy-race')"]


def test_a_course_that_does_not_say_gets_the_first_profiles_ruleset(toy: CourseProfile) -> None:
    # no ruleset name in game/levels: a Course built in code without one (and a Tiled
    # map without the property) is the first registered profile's, in list order; a
    # course file must still name its ruleset, with the same one-line problem as before
    from game.levels.course import Course, course_from_json, course_to_json, default_ruleset
    from game.levels.profile import course_profiles
    first = course_profiles()[0]
    assert default_ruleset() == first.ruleset == registry.default().name and toy.ruleset != first.ruleset
    c = Course.build("plain", [(0.0, 0.0), (40.0, 0.0)], width=12.0)
    assert c.ruleset == first.ruleset and course_to_json(c)["ruleset"] == first.ruleset
    assert Course.build("mine", [(0.0, 0.0), (40.0, 0.0)], width=12.0, ruleset=toy.ruleset).ruleset == toy.ruleset
    data = course_to_json(c)
    del data["ruleset"]
    with pytest.raises(Exception) as e:
        course_from_json(data, "old.json")
    assert str(e.value) == "old.json: ruleset: missing required field"
