"""Critter movement and respawn (spec §9)."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.protocol import CHANCE
from game.rules.doomwheel import RULESET, critters
from game.rules.doomwheel.engine import Ctx
from game.rules.doomwheel.geo import critter_shape, wheel_shape
from game.table.geometry import gap
from tests.test_doomwheel_helpers import drive, dw_state, fig8, force, pass_sabotage, ready

R_SLAVE = 10 / 25.4


def to_critters(crits: list[dict[str, Any]]) -> Any:
    st = ready(critters=crits)
    drive(st, (3, 3, 4))  # red to (15, 0)
    drive(st, (1, 1, 1))  # blue to (-3, 30)
    pass_sabotage(st)
    assert st.phase == "critters" and st.steps[-1]["reason"] == "critter_move"
    return st


def test_order_slaves_fanatics_slayers_by_id() -> None:
    st = dw_state(fig8())
    order = critters.critter_order(st)
    assert order[:8] == [f"slave-{i}" for i in range(1, 9)]
    assert order[8:12] == [f"fanatic-{i}" for i in range(1, 5)]
    assert order[12:] == [f"slayer-{i}" for i in range(1, 4)]


def test_d6_in_a_random_direction() -> None:
    st = to_critters([{"kind": "slave", "x": -10.0, "y": 0.0}])
    assert st.steps[-1]["who"] == "slave-1"
    force(st, 4)
    assert st.steps[-1]["reason"] == "critter_direction" and len(RULESET.chance_outcomes(st)) == 360
    evs = force(st, 0)
    c = st.critters["slave-1"]
    assert (c.x, c.y) == pytest.approx((-6.0, 0.0))
    assert [e.kind for e in evs if e.kind == "CritterMoved"] == ["CritterMoved"]


def test_an_edge_turns_a_critter_back() -> None:
    st = to_critters([{"kind": "fanatic", "x": -10.0, "y": 4.0}])
    force(st, 5, 90)
    c = st.critters["fanatic-1"]
    r = 12.5 / 25.4
    assert c.y == pytest.approx((6 - r) - (5 - (6 - r - 4)), abs=1e-5)


def test_walking_into_a_wheel_is_being_run_over() -> None:
    st = to_critters([{"kind": "slave", "x": 15.0, "y": 4.0}])
    evs = force(st, 6, 270)
    assert [(e.wheel, e.critter) for e in evs if e.kind == "RanOver"] == [("red", "slave-1")]
    assert st.steps[-1]["reason"] == "slave_table" and st.steps[-1]["who"] == "red"
    assert st.critters["slave-1"].y == pytest.approx(W_HALF + R_SLAVE, abs=1e-5)


W_HALF = 25 / 25.4


def test_slayer_then_d3_toward_the_nearest_wheel() -> None:
    st = to_critters([{"kind": "slayer", "x": -10.0, "y": 0.0}])
    force(st, 3, 180)
    assert st.steps[-1]["reason"] == "slayer_charge"
    force(st, 2)
    c = st.critters["slayer-1"]
    assert (c.x, c.y) == pytest.approx((-11.0, 0.0), abs=1e-6)


def test_dead_critters_respawn_at_a_free_spot() -> None:
    st = to_critters([{"kind": "slave", "x": 15.0, "y": 4.0}])
    force(st, 6, 270, 3)  # run over by red; rat food
    assert st.steps[-1]["reason"] == "respawn" and RULESET.current_actor(st) == CHANCE
    spots = critters.free_spots(Ctx(st), st.critters["slave-1"])
    assert len(RULESET.chance_outcomes(st)) == len(spots) > 1000
    for k in (0, len(spots) - 1):
        s2 = RULESET.clone(st)
        evs = RULESET.apply(s2, RULESET.chance_outcomes(s2)[k][0])
        c = s2.critters["slave-1"]
        assert c.alive and (c.x, c.y) == spots[k] and "CritterRespawned" in [e.kind for e in evs]
        assert s2.course.contains(c.x, c.y)
        for w in s2.running():
            assert gap(critter_shape(c), wheel_shape(w)) > 0.01
    assert all((x * 4).is_integer() and (y * 4).is_integer() for x, y in spots)


def test_spots_near_a_wheel_match_an_exact_test_of_every_grid_point() -> None:
    """critters._near_wheel finds each row's run of excluded spots from its two ends;
    it must give what testing every grid point with geometry.gap gives."""
    import math
    import random

    from game.rules.doomwheel.critters import GRID, _near_wheel, _spot_index, track_spots
    from game.table import geometry as g
    from tests.test_doomwheel_helpers import fig8
    from game.rules.doomwheel.state import CRITTER_RADIUS
    course = fig8()
    rng = random.Random(3)
    for radius in sorted(set(CRITTER_RADIUS.values())):
        index = _spot_index(course, radius)
        spots = track_spots(course, radius)
        for _ in range(40):
            x, y = rng.choice(spots)
            ws = g.make_rect(x + rng.uniform(-0.2, 0.2), y + rng.uniform(-0.2, 0.2), rng.uniform(0, 360),
                             100 / 25.4, 50 / 25.4)
            want = sorted(k for (px, py), k in index.items()
                          if abs(px - ws.cx) < 4 and abs(py - ws.cy) < 4
                          and g.gap(g.make_circle(px, py, radius), ws) <= 0.01)
            assert sorted(_near_wheel(index, ws, radius)) == want
            assert all(math.isclose(p * 4, round(p * 4)) for p in (x, y)) and GRID == 0.25
