"""The race report PNG (issue 7, item 5): `python -m game report REPLAY --out FILE.png`
draws the course, each racer's trail in its player's colour, the lives lost or
wounds taken, and the standings."""

from __future__ import annotations

import math
import os
import pathlib

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.cli import main  # noqa: E402
from game.save import read_replay  # noqa: E402
from game.ui import art  # noqa: E402
from game.ui.report import frame_of, trace, trail_width  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
SIZE = (1000, 720)  # the report's course picture (game.ui.report.render's default)


def _seg_dist(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _lonely_trail_point(rep: object, racer: str) -> tuple[int, int]:
    """A pixel on `racer`'s trail, far from every other trail, mark and end marker."""
    frame = frame_of(rep.course, SIZE)  # type: ignore[attr-defined]
    trails = {rid: [frame.px(p) for p in t.points] for rid, t in rep.trails.items()}  # type: ignore[attr-defined]
    clear = 4 * trail_width(frame)
    blockers = [frame.px(m.at) for m in rep.marks] + [pts[-1] for pts in trails.values() if pts]  # type: ignore[attr-defined]
    mine = trails[racer]
    for a, b in zip(mine, mine[1:]):
        for k in range(1, 10):
            p = (a[0] + (b[0] - a[0]) * k / 10, a[1] + (b[1] - a[1]) * k / 10)
            if any(math.hypot(p[0] - q[0], p[1] - q[1]) < 3 * clear for q in blockers):
                continue
            if all(_seg_dist(p, c, d) > clear for rid, pts in trails.items() if rid != racer
                   for c, d in zip(pts, pts[1:])):
                return round(p[0]), round(p[1])
    raise AssertionError(f"no lonely point on {racer}'s trail")


def test_report_png_shows_each_racer_where_it_went(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "race.png"
    replay = GOLDEN / "wild-race-1.replay.json"
    assert main(["report", str(replay), "--out", str(out)]) == 0
    assert "written" in capsys.readouterr().out
    img = pygame.image.load(str(out))
    assert img.get_size() == (SIZE[0] + 300, SIZE[1])
    rep = trace(read_replay(str(replay)).games[0].record)
    checked = 0
    for rid, t in rep.trails.items():
        assert len(t.points) >= 5, f"{rid} has a trail"
        x, y = _lonely_trail_point(rep, rid)
        want = art.player_colour(rep.colours[t.player])
        assert tuple(img.get_at((x, y)))[:3] == want, (rid, (x, y))
        checked += 1
    assert checked == 4
    # every trail ends past the finish line's x on the sprint (they all finished)
    finish_x = min(p[0] for p in rep.course.finish)
    assert all(t.points[-1][0] > finish_x - 3 for t in rep.trails.values())


def test_report_marks_every_life_lost(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay = tmp_path / "r.json"
    assert main(["simulate", "wild-race", "--players", "4", "--racers-per-player", "2", "--seed", "5",
                 "--replay-out", str(replay)]) == 0
    capsys.readouterr()
    rep_file = read_replay(str(replay))
    rep = trace(rep_file.games[0].record)
    lost = sum(2 - int(line.rsplit("lives ", 1)[1]) for line in rep.standings)
    assert lost > 0 and len([m for m in rep.marks if m.what == "life"]) == lost
    out = tmp_path / "r.png"
    assert main(["report", str(replay), "--out", str(out)]) == 0
    img = pygame.image.load(str(out))
    frame = frame_of(rep.course, SIZE)
    x, y = frame.px(rep.marks[0].at)
    assert tuple(img.get_at((round(x), round(y))))[:3] in ((250, 250, 250), (20, 20, 24))


def test_report_of_a_doomwheel_race_marks_wounds(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "d.png"
    assert main(["report", str(GOLDEN / "doomwheel-1.replay.json"), "--out", str(out)]) == 0
    rep = trace(read_replay(str(GOLDEN / "doomwheel-1.replay.json")).games[0].record)
    assert rep.marks and all(m.what == "wound" for m in rep.marks)
    assert all(t.points for t in rep.trails.values())
    assert pygame.image.load(str(out)).get_size() == (SIZE[0] + 300, SIZE[1])


def test_report_bad_input_is_one_line(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay = str(GOLDEN / "wild-race-1.replay.json")
    assert main(["report", replay, "--out", str(tmp_path / "x.jpg")]) == 2
    assert main(["report", replay, "--out", str(tmp_path / "x.png"), "--game", "2"]) == 2
    assert main(["report", str(tmp_path / "none.json"), "--out", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 3 and not (tmp_path / "x.png").exists()


def test_report_draws_scenery_where_it_ended(tmp_path: pathlib.Path) -> None:
    """The Wild Race's scenery creeps and is recycled: the report draws each obstacle
    where it ended the race (solid) and, if it moved, faintly where it began."""
    from game.levels.course import load_course
    from game.ui.report import Report, render
    course = load_course(str(ROOT / "levels" / "wild_race" / "s_bends.json"))
    o = max(course.obstacles, key=lambda o: o.size == "large")
    frame = frame_of(course, SIZE)
    end = (o.x + 6.0, o.y, o.rotation)
    base = render(Report("wild_race", course, "t", {}, [], [], {}, {}))
    moved = render(Report("wild_race", course, "t", {}, [], [], {}, {o.id: end}))
    gone = render(Report("wild_race", course, "t", {}, [], [], {}, {o.id: None}))
    start_px = tuple(round(v) for v in frame.px((o.x, o.y - 0.4)))  # beside the line to where it went
    end_px = tuple(round(v) for v in frame.px((end[0], end[1])))
    ground = tuple(base.get_at((end_px[0], end_px[1])))[:3]

    def diff(a: tuple[int, ...], b: tuple[int, ...]) -> int:
        return sum(abs(x - y) for x, y in zip(a[:3], b[:3]))
    # the obstacle is now where it ended, where the ground showed before
    assert diff(tuple(moved.get_at(end_px)), ground) > 40
    # at its first spot it is only a faint ghost: between the solid picture and no obstacle
    solid = tuple(base.get_at(start_px))
    ghost = tuple(moved.get_at(start_px))
    assert ghost != solid
    assert tuple(gone.get_at(start_px)) == ghost  # removed: the same ghost, nothing at the end
    assert diff(tuple(gone.get_at(end_px)), ground) < 10
