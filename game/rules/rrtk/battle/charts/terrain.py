"""Terrain generation and terrain effects as data (rrtk-battle.md §10.5-10.8).

- §10.5 the General Terrain Table (1d6 + the defender's Battle Tactics modifier) and
  the Terrain Generator Table (2d6 per section, by general type; "*" = water);
- §10.6 the Water Generator Table (2d6), river fordability (1d6), leaving a river
  (normal move - 1d6, never below 0: ambiguity #30), the sand conversion;
- §10.7 each terrain type's effects: movement factors by troop type, cover, line of
  sight, Pike and Shock effects.

Readings: #27 one water roll per "*" (the engine's: `section_terrain` reports the
star); #29 `bridge_rivers`: `5_and_9` (default) or `6_and_10` carry the automatic
bridge; #28 Desert, Populated and roads only by scenario (never generated here).
"""

from __future__ import annotations

from dataclasses import dataclass

OPEN, HILLY, ROUGH = "open", "hilly", "rough"
CLEAR, HILL, WOODS, GULLY, ROCKY, IMPASSABLE = "clear", "hill", "woods", "gully", "rocky", "impassable"
SAND, POPULATED, WATER, RIVER = "sand", "populated", "water", "river"  # water: lake, sea or pond

# §10.5 Battle Tactics letter -> modifier to the general terrain d6
TACTICS_TERRAIN_MODIFIER: dict[str, int] = {"A": 0, "B": -1, "C": 1}
# §10.5 General Terrain Table: modified d6 (0-7) -> general type
GENERAL_TERRAIN: dict[int, str] = {0: OPEN, 1: OPEN, 2: OPEN, 3: OPEN, 4: HILLY, 5: HILLY, 6: ROUGH, 7: ROUGH}


def general_terrain(face: int, defender_tactics: str) -> str:
    """The battlefield's general type (§10.5 step 2): 1d6 plus the defending army's
    Battle Tactics modifier (A 0, B -1, C +1), read on the table."""
    return GENERAL_TERRAIN[face + TACTICS_TERRAIN_MODIFIER[defender_tactics]]


# §10.5 Terrain Generator Table: general type -> 2d6 total -> section terrain.
# Each "2" result carries the "*": water somewhere on the table.
SECTION_TERRAIN: dict[str, dict[int, str]] = {
    OPEN: {2: HILL, 3: CLEAR, 4: HILL, 5: CLEAR, 6: CLEAR, 7: CLEAR, 8: CLEAR, 9: CLEAR, 10: CLEAR,
           11: HILL, 12: WOODS},
    HILLY: {2: IMPASSABLE, 3: CLEAR, 4: CLEAR, 5: WOODS, 6: HILL, 7: CLEAR, 8: WOODS, 9: ROCKY, 10: CLEAR,
            11: IMPASSABLE, 12: ROCKY},
    ROUGH: {2: CLEAR, 3: HILL, 4: WOODS, 5: CLEAR, 6: CLEAR, 7: GULLY, 8: CLEAR, 9: CLEAR, 10: IMPASSABLE,
            11: HILL, 12: CLEAR},
}
WATER_STAR_TOTALS = frozenset({2})
SECTIONS = tuple(range(1, 10))  # a 3 x 3 grid numbered row by row, 1-3 the defender's side (§10.5)


@dataclass(frozen=True)
class SectionTerrain:
    terrain: str
    water: bool  # the "*": roll on the Water Generator Table (once per star, #27)


def section_terrain(general: str, d1: int, d2: int) -> SectionTerrain:
    """One section's terrain (§10.5 step 3): 2d6 added, read in the general type's column."""
    total = d1 + d2
    return SectionTerrain(SECTION_TERRAIN[general][total], total in WATER_STAR_TOTALS)


@dataclass(frozen=True)
class WaterFeature:
    """A Water Generator result (§10.6). `kind` lake (lake/sea), pond or river; `edge`
    for a lake (`right`: sections 3, 6, 9; `left`: 1, 4, 7; extends >= 6" in); `course`
    for a river as (from section, its edge, to section, its edge); a pond (about 9" x 9")
    lies in the section whose roll gave the water; `bridge`: an automatic bridge."""

    kind: str
    edge: str = ""
    course: tuple[int, str, int, str] | None = None
    bridge: bool = False
    width: float = 0.0


LAKE_DEPTH = 6.0  # inches onto the table, at least
POND_SIZE = (9.0, 9.0)
RIVER_WIDTH = 2.0
_N_S = (1, "top", 7, "bottom")  # through the left column
_W_E_BOTTOM = (7, "left", 9, "right")
_W_E_MIDDLE = (4, "left", 6, "right")
_W_E_TOP = (1, "left", 3, "right")
# §10.6 Water Generator Table: 2d6 -> feature (bridges set by `water_feature`)
WATER_GENERATOR: dict[int, WaterFeature] = {
    2: WaterFeature("lake", edge="right"),
    3: WaterFeature("pond"),
    4: WaterFeature("river", course=_N_S, width=RIVER_WIDTH),
    5: WaterFeature("river", course=_W_E_BOTTOM, width=RIVER_WIDTH),
    6: WaterFeature("river", course=_W_E_MIDDLE, width=RIVER_WIDTH),
    7: WaterFeature("pond"),
    8: WaterFeature("river", course=_W_E_MIDDLE, width=RIVER_WIDTH),
    9: WaterFeature("river", course=_W_E_TOP, width=RIVER_WIDTH),
    10: WaterFeature("river", course=_N_S, width=RIVER_WIDTH),
    11: WaterFeature("pond"),
    12: WaterFeature("lake", edge="left"),
}
BRIDGE_RIVERS: dict[str, frozenset[int]] = {"5_and_9": frozenset({5, 9}), "6_and_10": frozenset({6, 10})}


def water_feature(d1: int, d2: int, *, bridge_rivers: str = "5_and_9") -> WaterFeature:
    """The water feature for 2d6 added (§10.6); the automatic bridge goes with results
    5 and 9 (#29; `6_and_10` the alternative)."""
    total = d1 + d2
    feature = WATER_GENERATOR[total]
    if total in BRIDGE_RIVERS[bridge_rivers]:
        return WaterFeature(feature.kind, feature.edge, feature.course, True, feature.width)
    return feature


# §10.6 river fordability: d6 -> (fordable length, bridge needed)
FORD_NONE, FORD_HALF, FORD_ALL = "none", "half", "all"
FORDABILITY: dict[int, str] = {1: FORD_NONE, 2: FORD_HALF, 3: FORD_HALF, 4: FORD_ALL, 5: FORD_ALL, 6: FORD_ALL}


def river_fordability(face: int) -> str:
    """How much of a river may be forded (§10.6): `none` (a bridge one stand wide must
    be placed), `half` (fords marked along up to half its length) or `all`."""
    return FORDABILITY[face]


def leaving_river_move(normal_move: float, face: int) -> float:
    """The move out of a river on the turns after reaching its far edge (§10.6): the
    normal rate minus 1d6 inches, never below 0 (#30)."""
    return max(0.0, normal_move - face)


def convert_sand(sections: tuple[str, ...]) -> tuple[str, ...]:
    """If Sand appears once, every Clear section becomes Sand (§10.7)."""
    if SAND not in sections:
        return sections
    return tuple(SAND if s == CLEAR else s for s in sections)


@dataclass(frozen=True)
class TerrainEffects:
    """A terrain type's effects (§10.7). Movement factors multiply the normal move;
    None: may not enter. `cover` says where a unit counts as in cover (`none`,
    `inside`, `edge` = at the edge, `within_1` = within 1" of the gully edge or the
    ridgeline, `buildings` = infantry in buildings); `sight` how it blocks line of
    sight (`none`, `ridgeline`, `gully`, `woods` = more than 1" inside, 6" visibility
    inside, `buildings`)."""

    foot: float | None
    mounted: float | None
    skirmish_foot: float | None
    road_for_mounted: bool = False  # mounted may cross only on a road
    cover: str = "none"
    sight: str = "none"
    pike_bonus_lost: bool = False
    shock_bonus: bool = False  # Shock cavalry's charge bonus over clear
    counts_downhill: bool = False
    no_fire_inside: bool = False
    retire_into_routs: bool = False
    fording: bool = False
    flyers_only: bool = False
    uphill: bool = False  # the unit nearer the ridgeline is uphill


TERRAIN: dict[str, TerrainEffects] = {
    CLEAR: TerrainEffects(1.0, 1.0, 1.0, shock_bonus=True),
    SAND: TerrainEffects(0.5, 0.5, 0.5, pike_bonus_lost=True),
    GULLY: TerrainEffects(1.0, 1.0, 1.0, cover="within_1", sight="gully"),
    HILL: TerrainEffects(1.0, 1.0, 1.0, cover="within_1", sight="ridgeline", uphill=True),
    IMPASSABLE: TerrainEffects(None, None, 0.25, retire_into_routs=True),
    POPULATED: TerrainEffects(0.5, None, 0.5, cover="buildings", sight="buildings"),
    ROCKY: TerrainEffects(0.5, None, 0.5, road_for_mounted=True, cover="inside"),
    WOODS: TerrainEffects(0.5, None, 0.5, road_for_mounted=True, cover="edge", sight="woods",
                          pike_bonus_lost=True),
    WATER: TerrainEffects(None, None, None, flyers_only=True, retire_into_routs=True),
    RIVER: TerrainEffects(1.0, 1.0, 1.0, counts_downhill=True, no_fire_inside=True, pike_bonus_lost=True,
                          fording=True),
}
WOODS_VISIBILITY = 6.0
EDGE_BAND = 1.0  # the 1" of gully edge, ridgeline and woods edge


def move_factor(terrain: str, *, mounted: bool, skirmish: bool = False, on_road: bool = False,
                airborne_flyer: bool = False) -> float | None:
    """The factor on a Body's normal move in `terrain` (§10.7-10.8), None if the unit
    may not enter: half for infantry in woods, rocky and buildings (Populated means
    moving into buildings), half in sand, a quarter for skirmish foot in impassable,
    mounted in woods or rocky only on a road (at the normal rate, as anyone on a road).
    Flyers in the air ignore terrain. A river is forded by its own procedure (§10.6)."""
    effects = TERRAIN[terrain]
    if airborne_flyer:
        return 1.0
    if on_road and effects.road_for_mounted:
        return 1.0
    if mounted:
        return effects.mounted
    return effects.skirmish_foot if skirmish else effects.foot
