"""RRtK terrain charts tested blind from the spec (issue 16; rrtk-battle.md §10.5-10.8).

Expected values come from the spec's tables only (see test_rrtk_charts_blind.py for the
method). The terrain names are the module's public name constants (`terrain.CLEAR` ...),
the only vocabulary taken from the chart.
"""

from __future__ import annotations

import pytest

from game.rules.rrtk.battle.charts import terrain as t

# --- §10.5 step 2: General Terrain Table (1d6 + Battle Tactics: A 0, B -1, C +1) -----------

GENERAL = {0: t.OPEN, 1: t.OPEN, 2: t.OPEN, 3: t.OPEN, 4: t.HILLY, 5: t.HILLY, 6: t.ROUGH, 7: t.ROUGH}
BT = {"A": 0, "B": -1, "C": 1}


@pytest.mark.parametrize(
    ("face", "tactics"),
    [(f, bt) for bt in "ABC" for f in range(1, 7)],
    ids=[f"§10.5-general-{bt}-d6={f}-reads-{f + BT[bt]}" for bt in "ABC" for f in range(1, 7)],
)
def test_general_terrain(face: int, tactics: str) -> None:
    assert t.general_terrain(face, tactics) == GENERAL[face + BT[tactics]]


def test_general_terrain_names_differ() -> None:
    assert len({t.OPEN, t.HILLY, t.ROUGH}) == 3


# --- §10.5 step 3: Terrain Generator Table (2d6 added, by general type) --------------------

GENERATOR = {
    #    Open         Hilly           Rough
    2: (t.HILL, t.IMPASSABLE, t.CLEAR),
    3: (t.CLEAR, t.CLEAR, t.HILL),
    4: (t.HILL, t.CLEAR, t.WOODS),
    5: (t.CLEAR, t.WOODS, t.CLEAR),
    6: (t.CLEAR, t.HILL, t.CLEAR),
    7: (t.CLEAR, t.CLEAR, t.GULLY),
    8: (t.CLEAR, t.WOODS, t.CLEAR),
    9: (t.CLEAR, t.ROCKY, t.CLEAR),
    10: (t.CLEAR, t.CLEAR, t.IMPASSABLE),
    11: (t.HILL, t.IMPASSABLE, t.HILL),
    12: (t.WOODS, t.ROCKY, t.CLEAR),
}
COLUMNS = {"open": (0, t.OPEN), "hilly": (1, t.HILLY), "rough": (2, t.ROUGH)}


def _split(total: int) -> list[tuple[int, int]]:
    """Every pair of faces adding up to `total` (the table reads the sum only)."""
    return [(d1, total - d1) for d1 in range(1, 7) if 1 <= total - d1 <= 6]


@pytest.mark.parametrize(
    ("column", "total"),
    [(c, s) for c in COLUMNS for s in range(2, 13)],
    ids=[f"§10.5-generator-{c}-{s}" for c in COLUMNS for s in range(2, 13)],
)
def test_section_terrain(column: str, total: int) -> None:
    index, general = COLUMNS[column]
    for d1, d2 in _split(total):
        got = t.section_terrain(general, d1, d2)
        assert got.terrain == GENERATOR[total][index], (d1, d2)
        assert got.water is (total == 2), (d1, d2)


def test_section_terrain_example() -> None:
    """§10.5 p. 28 example: general terrain Open, section 1 rolls 6: Clear, no water."""
    got = t.section_terrain(t.OPEN, 2, 4)
    assert (got.terrain, got.water) == (t.CLEAR, False)


def test_water_star_totals() -> None:
    """§10.5: the '*' is on the 2 of every column, and only there."""
    assert t.WATER_STAR_TOTALS == frozenset({2})


@pytest.mark.parametrize("general", [t.OPEN, t.HILLY, t.ROUGH])
def test_generator_never_gives_scenario_terrain(general: str) -> None:
    """§10.5 #28: Sand, Populated (and roads) are never generated."""
    got = {t.section_terrain(general, d1, d2).terrain for d1 in range(1, 7) for d2 in range(1, 7)}
    assert t.SAND not in got and t.POPULATED not in got


# --- §10.6 Water Generator Table (2d6 added) -----------------------------------------------

RIVER_N_S = (1, "top", 7, "bottom")
RIVER_BOTTOM = (7, "left", 9, "right")
RIVER_MIDDLE = (4, "left", 6, "right")
RIVER_TOP = (1, "left", 3, "right")
WATER = {
    2: ("lake", "right", None),
    3: ("pond", None, None),
    4: ("river", None, RIVER_N_S),
    5: ("river", None, RIVER_BOTTOM),
    6: ("river", None, RIVER_MIDDLE),
    7: ("pond", None, None),
    8: ("river", None, RIVER_MIDDLE),
    9: ("river", None, RIVER_TOP),
    10: ("river", None, RIVER_N_S),
    11: ("pond", None, None),
    12: ("lake", "left", None),
}


@pytest.mark.parametrize("total", range(2, 13), ids=[f"§10.6-water-{s}" for s in range(2, 13)])
def test_water_feature(total: int) -> None:
    kind, edge, course = WATER[total]
    for d1, d2 in _split(total):
        got = t.water_feature(d1, d2)
        assert got.kind == kind, (d1, d2)
        if edge is not None:
            assert got.edge == edge
        if kind == "river":
            assert tuple(got.course) == course
            assert got.width == 2
        else:
            assert got.course is None
        assert got.bridge is (total in (5, 9)), (d1, d2)


@pytest.mark.parametrize("total", range(2, 13), ids=[f"§10.6-#29-6_and_10-water-{s}" for s in range(2, 13)])
def test_water_feature_bridge_alternative(total: int) -> None:
    """#29 alternative: the automatic bridge belongs to the entries after 5 and 9."""
    d1, d2 = _split(total)[0]
    got = t.water_feature(d1, d2, bridge_rivers="6_and_10")
    assert got.kind == WATER[total][0]
    assert got.bridge is (total in (6, 10))


def test_water_sizes() -> None:
    """§10.6: lakes extend at least 6" in; ponds about 9" x 9"; rivers 2" wide."""
    assert t.LAKE_DEPTH == 6
    assert tuple(t.POND_SIZE) == (9, 9)
    assert t.RIVER_WIDTH == 2


# --- §10.6 fordability and leaving a river (#30) -------------------------------------------

FORD = {1: t.FORD_NONE, 2: t.FORD_HALF, 3: t.FORD_HALF, 4: t.FORD_ALL, 5: t.FORD_ALL, 6: t.FORD_ALL}


@pytest.mark.parametrize("face", range(1, 7), ids=[f"§10.6-ford-d6={f}" for f in range(1, 7)])
def test_river_fordability(face: int) -> None:
    assert t.river_fordability(face) == FORD[face]


def test_fordability_names() -> None:
    assert (t.FORD_NONE, t.FORD_HALF, t.FORD_ALL) == ("none", "half", "all")


@pytest.mark.parametrize(
    ("normal", "face", "expected"),
    [
        pytest.param(8, 3, 5, id="§10.6-8-minus-3"),
        pytest.param(6, 1, 5, id="§10.6-6-minus-1"),
        pytest.param(6, 6, 0, id="§10.6-6-minus-6-zero"),
        pytest.param(4, 6, 0, id="§10.6-#30-4-minus-6-never-below-0"),
        pytest.param(16, 6, 10, id="§10.6-16-minus-6"),
        pytest.param(2, 5, 0, id="§10.6-#30-2-minus-5-never-below-0"),
    ],
)
def test_leaving_river_move(normal: float, face: int, expected: float) -> None:
    assert t.leaving_river_move(normal, face) == expected


# --- §10.7 sand conversion -------------------------------------------------------------------

def test_convert_sand_turns_every_clear() -> None:
    before = (t.CLEAR, t.SAND, t.WOODS, t.CLEAR, t.HILL, t.CLEAR, t.GULLY, t.ROCKY, t.CLEAR)
    after = (t.SAND, t.SAND, t.WOODS, t.SAND, t.HILL, t.SAND, t.GULLY, t.ROCKY, t.SAND)
    assert tuple(t.convert_sand(before)) == after


def test_convert_sand_without_sand_changes_nothing() -> None:
    before = (t.CLEAR, t.HILL, t.WOODS, t.CLEAR, t.CLEAR, t.CLEAR, t.GULLY, t.ROCKY, t.IMPASSABLE)
    assert tuple(t.convert_sand(before)) == before


# --- §10.7-10.8 movement factors -----------------------------------------------------------

@pytest.mark.parametrize(
    ("terrain", "kw", "expected"),
    [
        pytest.param(t.CLEAR, dict(mounted=False), 1, id="§10.7-clear-foot-normal"),
        pytest.param(t.CLEAR, dict(mounted=True), 1, id="§10.7-clear-mounted-normal"),
        pytest.param(t.HILL, dict(mounted=False), 1, id="§10.7-hill-foot-normal"),
        pytest.param(t.HILL, dict(mounted=True), 1, id="§10.7-hill-mounted-normal"),
        pytest.param(t.GULLY, dict(mounted=False), 1, id="§10.7-gully-foot-normal"),
        pytest.param(t.GULLY, dict(mounted=True), 1, id="§10.7-gully-mounted-normal"),
        pytest.param(t.SAND, dict(mounted=False), 0.5, id="§10.7-sand-foot-half"),
        pytest.param(t.SAND, dict(mounted=True), 0.5, id="§10.7-sand-mounted-half"),
        pytest.param(t.SAND, dict(mounted=False, skirmish=True), 0.5, id="§10.7-sand-skirmish-half"),
        pytest.param(t.WOODS, dict(mounted=False), 0.5, id="§10.7-woods-infantry-half"),
        pytest.param(t.WOODS, dict(mounted=False, skirmish=True), 0.5, id="§10.7-woods-skirmish-foot-half"),
        pytest.param(t.WOODS, dict(mounted=True), None, id="§10.7-woods-mounted-only-on-road"),
        pytest.param(t.WOODS, dict(mounted=True, on_road=True), 1, id="§10.7-woods-mounted-road"),
        pytest.param(t.WOODS, dict(mounted=False, on_road=True), 1, id="§10.7-doc-woods-foot-road-normal"),
        pytest.param(t.ROCKY, dict(mounted=False), 0.5, id="§10.7-rocky-infantry-half"),
        pytest.param(t.ROCKY, dict(mounted=True), None, id="§10.7-rocky-mounted-only-on-road"),
        pytest.param(t.ROCKY, dict(mounted=True, on_road=True), 1, id="§10.7-rocky-mounted-road"),
        pytest.param(t.IMPASSABLE, dict(mounted=False), None, id="§10.7-impassable-foot-no"),
        pytest.param(t.IMPASSABLE, dict(mounted=True), None, id="§10.7-impassable-mounted-no"),
        pytest.param(t.IMPASSABLE, dict(mounted=False, skirmish=True), 0.25,
                     id="§10.7-impassable-skirmish-infantry-quarter"),
        pytest.param(t.IMPASSABLE, dict(mounted=True, skirmish=True), None,
                     id="§10.7-impassable-mounted-skirmish-no"),
        pytest.param(t.POPULATED, dict(mounted=False), 0.5, id="§10.7-populated-infantry-buildings-half"),
        pytest.param(t.WATER, dict(mounted=False), None, id="§10.6-lake-foot-no"),
        pytest.param(t.WATER, dict(mounted=True), None, id="§10.6-lake-mounted-no"),
        pytest.param(t.WATER, dict(mounted=False, skirmish=True), None, id="§10.6-lake-skirmish-no"),
        pytest.param(t.WATER, dict(mounted=True, airborne_flyer=True), 1, id="§10.6-lake-flyers-pass"),
        pytest.param(t.WOODS, dict(mounted=True, airborne_flyer=True), 1, id="§10.8-flyer-in-air-ignores-woods"),
        pytest.param(t.IMPASSABLE, dict(mounted=True, airborne_flyer=True), 1,
                     id="§10.8-flyer-in-air-ignores-impassable"),
    ],
)
def test_move_factor(terrain: str, kw: dict, expected: float | None) -> None:
    assert t.move_factor(terrain, **kw) == expected


# --- §10.7 each terrain type's effects ------------------------------------------------------

EFFECTS = {
    # terrain: {field: value} from the §10.7 table
    t.CLEAR: dict(foot=1, mounted=1, skirmish_foot=1, cover="none", sight="none", pike_bonus_lost=False,
                  shock_bonus=True, counts_downhill=False, no_fire_inside=False, retire_into_routs=False,
                  fording=False, flyers_only=False, uphill=False),
    t.SAND: dict(foot=0.5, mounted=0.5, skirmish_foot=0.5, cover="none", sight="none", pike_bonus_lost=True,
                 counts_downhill=False, no_fire_inside=False, retire_into_routs=False, flyers_only=False),
    t.GULLY: dict(foot=1, mounted=1, cover="within_1", sight="gully", pike_bonus_lost=False,
                  retire_into_routs=False, flyers_only=False),
    t.HILL: dict(foot=1, mounted=1, cover="within_1", sight="ridgeline", pike_bonus_lost=False, uphill=True,
                 retire_into_routs=False, flyers_only=False),
    t.IMPASSABLE: dict(foot=None, mounted=None, skirmish_foot=0.25, retire_into_routs=True, flyers_only=False),
    t.POPULATED: dict(foot=0.5, cover="buildings", sight="buildings", retire_into_routs=False),
    t.ROCKY: dict(foot=0.5, mounted=None, road_for_mounted=True, cover="inside", sight="none",
                  pike_bonus_lost=False, retire_into_routs=False),
    t.WOODS: dict(foot=0.5, mounted=None, skirmish_foot=0.5, road_for_mounted=True, cover="edge", sight="woods",
                  pike_bonus_lost=True, shock_bonus=False, retire_into_routs=False),
    t.WATER: dict(foot=None, mounted=None, skirmish_foot=None, flyers_only=True, retire_into_routs=True),
    t.RIVER: dict(fording=True, counts_downhill=True, no_fire_inside=True, pike_bonus_lost=True),
}


@pytest.mark.parametrize(
    ("terrain", "field"),
    [(k, f) for k, row in EFFECTS.items() for f in row],
    ids=[f"§10.7-{k}-{f}" for k, row in EFFECTS.items() for f in row],
)
def test_terrain_effects(terrain: str, field: str) -> None:
    assert getattr(t.TERRAIN[terrain], field) == EFFECTS[terrain][field]


@pytest.mark.parametrize("terrain", [t.CLEAR, t.SAND, t.GULLY, t.IMPASSABLE, t.ROCKY, t.WOODS])
def test_shock_bonus_over_clear(terrain: str) -> None:
    """§5.13 / §10.7: Shock cavalry's charge bonus over clear terrain (downhill, on a hill, is the
    hill's own condition and not asserted here); sand is no longer clear."""
    assert t.TERRAIN[terrain].shock_bonus is (terrain == t.CLEAR)


def test_sight_constants() -> None:
    """§10.7: visibility inside woods 6"; 'within 1"' of a gully edge, ridgeline or woods edge."""
    assert t.WOODS_VISIBILITY == 6
    assert t.EDGE_BAND == 1
