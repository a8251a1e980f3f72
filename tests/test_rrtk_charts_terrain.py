"""RRtK terrain charts (rrtk-battle.md §10.5-10.7): general terrain, the generator
table cell by cell, water, fordability, leaving a river, sand, terrain effects."""

from __future__ import annotations

import pytest

from game.rules.rrtk.battle.charts import terrain as t

GENERAL = [(0, "A", "open"), (1, "A", "open"), (2, "A", "open"), (3, "A", "open"), (4, "A", "hilly"),
           (5, "A", "hilly"), (6, "A", "rough"), (1, "B", "open"), (4, "B", "open"), (5, "B", "hilly"),
           (6, "B", "hilly"), (3, "C", "hilly"), (5, "C", "rough"), (6, "C", "rough"), (2, "C", "open")]


@pytest.mark.parametrize("face,tactics,general", [g for g in GENERAL if g[0] >= 1])
def test_general_terrain(face: int, tactics: str, general: str) -> None:
    assert t.general_terrain(face, tactics) == general


@pytest.mark.parametrize("score,general", [(0, "open"), (1, "open"), (2, "open"), (3, "open"), (4, "hilly"),
                                           (5, "hilly"), (6, "rough"), (7, "rough")])
def test_general_terrain_rows(score: int, general: str) -> None:
    assert t.GENERAL_TERRAIN[score] == general
    face, tactics = {0: (1, "B"), 7: (6, "C")}.get(score, (score, "A"))
    assert t.general_terrain(face, tactics) == general


GENERATOR = {  # §10.5, transcribed again from the spec for the test
    "open": "hill clear hill clear clear clear clear clear clear hill woods",
    "hilly": "impassable clear clear woods hill clear woods rocky clear impassable rocky",
    "rough": "clear hill woods clear clear gully clear clear impassable hill clear",
}
CELLS = [(g, total, row.split()[total - 2]) for g, row in GENERATOR.items() for total in range(2, 13)]


def _faces(total: int) -> tuple[int, int]:
    return (1, total - 1) if total <= 7 else (total - 6, 6)


@pytest.mark.parametrize("general,total,terrain", CELLS)
def test_terrain_generator_cell(general: str, total: int, terrain: str) -> None:
    d1, d2 = _faces(total)
    got = t.section_terrain(general, d1, d2)
    assert got.terrain == terrain
    assert got.water is (total == 2)


def test_book_example_open_six_is_clear() -> None:
    assert t.section_terrain("open", 2, 4).terrain == "clear"


WATER = [(2, "lake", "right", None, False), (3, "pond", "", None, False),
         (4, "river", "", (1, "top", 7, "bottom"), False), (5, "river", "", (7, "left", 9, "right"), True),
         (6, "river", "", (4, "left", 6, "right"), False), (7, "pond", "", None, False),
         (8, "river", "", (4, "left", 6, "right"), False), (9, "river", "", (1, "left", 3, "right"), True),
         (10, "river", "", (1, "top", 7, "bottom"), False), (11, "pond", "", None, False),
         (12, "lake", "left", None, False)]


@pytest.mark.parametrize("total,kind,edge,course,bridge", WATER)
def test_water_generator(total: int, kind: str, edge: str, course: object, bridge: bool) -> None:
    f = t.water_feature(*_faces(total))
    assert (f.kind, f.edge, f.course, f.bridge) == (kind, edge, course, bridge)
    assert f.width == (2.0 if kind == "river" else 0.0)


def test_bridge_reading_moves_the_bridges() -> None:
    assert [total for total in range(2, 13) if t.water_feature(*_faces(total), bridge_rivers="6_and_10").bridge] \
        == [6, 10]


@pytest.mark.parametrize("face,ford", [(1, "none"), (2, "half"), (3, "half"), (4, "all"), (5, "all"), (6, "all")])
def test_river_fordability(face: int, ford: str) -> None:
    assert t.river_fordability(face) == ford


@pytest.mark.parametrize("move,face,out", [(8, 3, 5.0), (6, 6, 0.0), (4, 6, 0.0), (16, 1, 15.0)])
def test_leaving_a_river(move: float, face: int, out: float) -> None:
    assert t.leaving_river_move(move, face) == out


def test_sand_turns_every_clear_to_sand() -> None:
    assert t.convert_sand(("clear", "hill", "sand", "clear")) == ("sand", "hill", "sand", "sand")
    assert t.convert_sand(("clear", "hill")) == ("clear", "hill")


MOVES = [  # terrain, mounted, skirmish, on_road, factor
    ("clear", False, False, False, 1.0), ("clear", True, False, False, 1.0),
    ("sand", False, False, False, 0.5), ("sand", True, False, False, 0.5),
    ("gully", False, False, False, 1.0), ("hill", True, False, False, 1.0),
    ("impassable", False, True, False, 0.25), ("impassable", False, False, False, None),
    ("impassable", True, True, False, None),
    ("populated", False, False, False, 0.5), ("populated", True, False, False, None),
    ("rocky", False, False, False, 0.5), ("rocky", True, False, False, None), ("rocky", True, False, True, 1.0),
    ("woods", False, False, False, 0.5), ("woods", True, False, False, None), ("woods", True, False, True, 1.0),
    ("water", False, False, False, None), ("water", True, False, False, None),
]


@pytest.mark.parametrize("terrain,mounted,skirmish,road,factor", MOVES)
def test_terrain_move_factor(terrain: str, mounted: bool, skirmish: bool, road: bool, factor: float | None) -> None:
    assert t.move_factor(terrain, mounted=mounted, skirmish=skirmish, on_road=road) == factor


def test_flyers_cross_water_and_every_terrain_in_the_air() -> None:
    for name in t.TERRAIN:
        assert t.move_factor(name, mounted=True, airborne_flyer=True) == 1.0
    assert t.TERRAIN["water"].flyers_only


@pytest.mark.parametrize("terrain,cover,sight,pike_lost", [
    ("clear", "none", "none", False), ("sand", "none", "none", True), ("gully", "within_1", "gully", False),
    ("hill", "within_1", "ridgeline", False), ("impassable", "none", "none", False),
    ("populated", "buildings", "buildings", False), ("rocky", "inside", "none", False),
    ("woods", "edge", "woods", True), ("water", "none", "none", False), ("river", "none", "none", True)])
def test_terrain_cover_sight_and_pikes(terrain: str, cover: str, sight: str, pike_lost: bool) -> None:
    e = t.TERRAIN[terrain]
    assert (e.cover, e.sight, e.pike_bonus_lost) == (cover, sight, pike_lost)


def test_terrain_other_effects() -> None:
    assert t.TERRAIN["clear"].shock_bonus and not t.TERRAIN["woods"].shock_bonus
    assert t.TERRAIN["river"].counts_downhill and t.TERRAIN["river"].no_fire_inside and t.TERRAIN["river"].fording
    assert t.TERRAIN["impassable"].retire_into_routs
    assert t.TERRAIN["hill"].uphill
    assert t.WOODS_VISIBILITY == 6.0
