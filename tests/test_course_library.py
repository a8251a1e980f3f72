"""The shipped Wild Race courses (levels/wild_race/*.json): each loads, has no problems
at all under check_course, is in canonical form, can be raced by the greedy agents,
and the generator (tools/make_courses.py) makes the committed files byte for byte."""

from __future__ import annotations

import functools
import importlib.util
import math
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from game.levels.course import Course, check_course, load_course, save_course
from game.core.protocol import TERMINAL
from game.rules.wild_race import RULESET
from game.rules.wild_race.options import Options
from game.ui.wild_race.commands import run_race

ROOT = Path(__file__).resolve().parent.parent
LEVELS_DIR = ROOT / "levels" / "wild_race"
LEVELS = sorted(LEVELS_DIR.glob("*.json"))
IDS = [p.name for p in LEVELS]
TOOL = ROOT / "tools" / "make_courses.py"
SEEDS = (1, 2, 3)


@functools.lru_cache(maxsize=1)
def tool() -> ModuleType:
    """tools/make_courses.py as a module (its track checks)."""
    spec = importlib.util.spec_from_file_location("make_courses", TOOL)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["make_courses"] = mod  # its dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


def race_length(course: Course) -> float:
    return course.finish_progress - course.start_progress


def field_size(course: Course, players: int, per: int) -> tuple[int, int]:
    """players x per, cut down to the course's max_racers if it has one."""
    cap = course.max_racers or 12
    while players * per > cap:
        if per > 1:
            per -= 1
        else:
            players -= 1
    return players, per


def test_the_library_is_there() -> None:
    names = {p.name for p in LEVELS}
    for want in ("sample_sprint.json", "sprint.json", "s_bends.json", "hairpin.json", "canyon.json",
                 "bridge.json"):
        assert want in names
    for n, roman in ((1, "I"), (2, "II"), (3, "III")):
        gp = sorted(LEVELS_DIR.glob(f"gp{n}_*.json"))
        assert len(gp) == 1, f"one Grand Prix course {n}"
        assert load_course(gp[0]).name.startswith(f"Grand Prix {roman}: ")


@pytest.mark.parametrize("path", LEVELS, ids=IDS)
def test_course_loads_with_no_problems_at_all(path: Path) -> None:
    course = load_course(path)
    assert course.ruleset == "wild-race"
    assert [p.line(path.name) for p in check_course(course)] == []
    assert course.name and course.description
    small = [o for o in course.obstacles if o.size == "small"]
    large = [o for o in course.obstacles if o.size == "large"]
    assert len(small) >= 4 and len(large) >= 1


@pytest.mark.parametrize("path", LEVELS, ids=IDS)
def test_course_is_canonical(path: Path, tmp_path: Path) -> None:
    out = tmp_path / path.name
    save_course(load_course(path), out)
    assert out.read_bytes() == path.read_bytes()


@pytest.mark.parametrize("path", LEVELS, ids=IDS)
def test_no_large_obstacle_closes_the_track(path: Path) -> None:
    assert tool().passage_problems(load_course(path)) == []


@pytest.mark.parametrize("players,per", [(2, 1), (4, 3)], ids=["2x1", "4x3"])
@pytest.mark.parametrize("path", LEVELS, ids=IDS)
def test_greedy_race_completes_and_someone_finishes(path: Path, players: int, per: int) -> None:
    course = load_course(path)
    players, per = field_size(course, players, per)
    finishers = []
    for seed in SEEDS:
        st = run_race(course, players, per, seed, Options(), "greedy")
        assert RULESET.current_actor(st) == TERMINAL
        finishers.append(len(st.finish_order))
    assert max(finishers) > 0, f"nobody finished in seeds {SEEDS}"


def test_canyon_is_long() -> None:
    assert race_length(load_course(LEVELS_DIR / "canyon.json")) >= 120.0


def test_sprint_is_a_sprint() -> None:
    assert 60.0 <= race_length(load_course(LEVELS_DIR / "sprint.json")) <= 65.0


def test_bridge_narrows_after_the_opening_straight() -> None:
    course = load_course(LEVELS_DIR / "bridge.json")
    s0 = course.start_progress + 20.0
    steps = int((course.finish_progress - s0) * 4)
    narrowest = min(course.width_at(s0 + k / 4) for k in range(steps + 1))
    assert narrowest < 10.0
    # and the whole field still starts side by side (check_course: no warnings)
    assert check_course(course, racers=12) == []


def test_hairpin_turns_round() -> None:
    course = load_course(LEVELS_DIR / "hairpin.json")
    turn = course.heading_at(course.finish_progress) - course.heading_at(course.start_progress)
    assert math.isclose(abs(turn), 180.0, abs_tol=10.0)


def test_generator_makes_the_committed_files(tmp_path: Path) -> None:
    for run in (1, 2):
        out = tmp_path / f"run{run}"
        done = subprocess.run([sys.executable, str(TOOL), "--out", str(out)], capture_output=True, text=True,
                              cwd=ROOT)
        assert done.returncode == 0, done.stdout + done.stderr
        made = sorted(out.glob("*.json"))
        assert len(made) >= 8
        for f in made:
            assert (LEVELS_DIR / f.name).read_bytes() == f.read_bytes(), f"{f.name} differs from the committed file"
    assert "sample_sprint.json" not in {f.name for f in made}, "the sample is hand-made, not generated"
