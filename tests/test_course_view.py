"""How a course is drawn: a figure-eight's crossing is track (turf, no rails across
it), which the outline's polygon fill alone would leave bare."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")


@pytest.mark.parametrize("name", ["figure_of_eight", "the_ratways"])
def test_a_figure_eight_crossing_is_drawn_as_open_track(name: str) -> None:
    from game.levels.course import load_course
    from game.ui.table_view import _outside_crossings, course_preview
    pygame.init()
    course = load_course(f"levels/doomwheel/{name}.json")
    size = (760, 420)
    pic = course_preview(course, size)
    xs = [p[0] for p in course.outline()]
    ys = [p[1] for p in course.outline()]
    pad = 2.0
    ppi = min(size[0] / (max(xs) - min(xs) + 2 * pad), size[1] / (max(ys) - min(ys) + 2 * pad))
    ox = min(xs) - pad - (size[0] / ppi - (max(xs) - min(xs) + 2 * pad)) / 2
    oy = max(ys) + pad + (size[1] / ppi - (max(ys) - min(ys) + 2 * pad)) / 2
    c = course.crossings[0]
    r, g, b, *_ = pic.get_at((round((c.x - ox) * ppi), round((oy - c.y) * ppi)))
    assert g > 100 and g > b + 30, (r, g, b)  # turf, not the dark table nor a wooden rail
    for edge in (course.left, course.right):
        for run in _outside_crossings(edge, list(course.crossings)):
            assert all((x - c.x) ** 2 + (y - c.y) ** 2 >= c.radius ** 2 - 1e-9 for x, y in run)
