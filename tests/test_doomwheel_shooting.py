"""Shooting (spec §7, §8): range, long range, line of sight, reload every second
turn, to hit (a 1 misses; 7+ as a 6 then 4+), S6 to wound on 4+, D3 wounds, no save."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.protocol import CHANCE, TERMINAL, Choice
from game.rules.doomwheel import RULESET, shooting
from tests.test_doomwheel_helpers import decide, drive, force, oval, pass_sabotage, ready

FANS = [{"x": 0.0, "y": -10.0}, {"x": 0.0, "y": 40.0}]


def to_shooting(fans: list[dict[str, float]] = FANS, setup: Any = None) -> Any:
    st = ready(fans=fans)
    drive(st, (3, 3, 4))  # red to (15, 0)
    drive(st, (1, 1, 1))  # blue to (-3, 30)
    if setup is not None:
        setup(st)
    pass_sabotage(st)
    return st


def test_long_range_hit_wound_d3_no_save() -> None:
    st = to_shooting()
    assert st.phase == "shooting" and RULESET.current_actor(st) == "red"
    assert RULESET.legal_choices(st) == [Choice.make("hold"), Choice.make("shoot", target="blue")]
    decide(st, "shoot", target="blue")
    assert st.steps[-1]["reason"] == "to_hit"
    evs = force(st, 5, 4, 2)  # long range: 5+ to hit; S6 v T6: 4+; D3 wounds
    assert st.wheels["blue"].wounds == 3
    assert [e.reason for e in evs if e.kind == "WoundsChanged"] == ["bolt_thrower"]
    assert st.wheels["red"].fired_turn == 1
    assert RULESET.current_actor(st) == "blue"  # blue's bolt thrower next


def test_long_range_miss_on_a_4() -> None:
    st = to_shooting()
    decide(st, "shoot", target="blue")
    force(st, 4)
    assert st.wheels["blue"].wounds == 5 and RULESET.current_actor(st) == "blue"


def test_to_wound_fails_on_a_3() -> None:
    st = to_shooting()
    decide(st, "shoot", target="blue")
    force(st, 6, 3)
    assert st.wheels["blue"].wounds == 5 and RULESET.current_actor(st) == "blue"


def near(st: Any) -> None:
    b = st.wheels["blue"]
    b.x, b.y, b.heading = 6.0, -3.0, 0.0


def test_short_range_4_plus_and_a_1_always_misses() -> None:
    st = to_shooting(setup=near)
    assert shooting.to_hit_needed(st, (0.0, -10.0), st.wheels["blue"]) == 4
    decide(st, "shoot", target="blue")
    force(st, 4, 4, 1)
    assert st.wheels["blue"].wounds == 4
    st = to_shooting(setup=near)
    decide(st, "shoot", target="blue")
    force(st, 1)
    assert st.wheels["blue"].wounds == 5


def test_hold_fire_and_reload() -> None:
    st = to_shooting()
    decide(st, "hold")
    assert st.wheels["red"].fired_turn != 1

    def fired_last_turn(s: Any) -> None:
        s.wheels["red"].fired_turn = s.turn - 1

    st = to_shooting(setup=fired_last_turn)
    assert RULESET.current_actor(st) == "blue"  # red's machine is reloading


def test_out_of_range() -> None:
    st = to_shooting(fans=[{"x": 0.0, "y": -30.0}, {"x": 0.0, "y": 40.0}])
    assert shooting.distance(st, (0.0, -30.0), st.wheels["blue"]) > 48
    assert RULESET.current_actor(st) == "blue"


def test_line_of_sight_blocked_by_a_wheel() -> None:
    def block(s: Any) -> None:
        r = s.wheels["red"]
        r.x, r.y, r.heading = 0.0, -3.0, 0.0
        b = s.wheels["blue"]
        b.x, b.y = 0.0, 30.0

    st = to_shooting(setup=block)
    assert not shooting.visible(st, (0.0, -10.0), st.wheels["blue"])
    assert not shooting.visible(st, (0.0, 40.0), st.wheels["red"])  # each wheel hides the other
    assert RULESET.current_actor(st) == CHANCE and st.steps[-1]["reason"] == "initiative"


def test_no_fans_no_bolt_thrower() -> None:
    st = to_shooting(fans=[])
    assert RULESET.current_actor(st) == CHANCE and st.steps[-1]["reason"] == "initiative"


def cover_on_the_line(cover: str = "hard", blocks_sight: bool = False, size: str = "small") -> dict[str, Any]:
    """An obstacle in the infield on the line from red's machine (0, -10) to blue's
    centre (-3, 30)."""
    return {"id": "bales", "size": size, "shape": "circle", "x": -1.875, "y": 15.0, "radius": 1.0,
            "cover": cover, "blocks_sight": blocks_sight}


def to_shooting_with(*obstacles: dict[str, Any]) -> Any:
    st = ready(course=oval(fans=FANS, obstacles=list(obstacles)))
    drive(st, (3, 3, 4))
    drive(st, (1, 1, 1))
    pass_sabotage(st)
    return st


@pytest.mark.parametrize("second,hit", [(3, False), (4, True)])
def test_seven_plus_a_6_then_4_plus(second: int, hit: bool) -> None:
    st = to_shooting_with(cover_on_the_line("hard"))
    assert shooting.cover(st, (0.0, -10.0), st.wheels["blue"]) == -2
    assert shooting.to_hit_needed(st, (0.0, -10.0), st.wheels["blue"]) == 7
    decide(st, "shoot", target="blue")
    force(st, 6)
    assert st.steps[-1]["reason"] == "to_hit_7_plus"
    force(st, second)
    assert (st.steps[-1].get("reason") == "bolt_to_wound") == hit


@pytest.mark.parametrize("cover,mod", [("none", 0), ("soft", -1), ("hard", -2)])
def test_cover_on_the_line(cover: str, mod: int) -> None:
    st = to_shooting_with(cover_on_the_line(cover))
    assert shooting.cover(st, (0.0, -10.0), st.wheels["blue"]) == mod
    assert shooting.cover(st, (0.0, 40.0), st.wheels["red"]) == 0  # blue's machine: the line misses it


def test_hard_beats_soft_and_nothing_stacks() -> None:
    soft = dict(cover_on_the_line("soft"), id="soft")
    hard = dict(cover_on_the_line("hard"), id="hard", y=5.0, x=-0.75)
    also = dict(cover_on_the_line("soft"), id="also", y=20.0, x=-2.25)
    st = to_shooting_with(soft, hard, also)
    assert shooting.cover(st, (0.0, -10.0), st.wheels["blue"]) == -2
    st = to_shooting_with(soft, also)
    assert shooting.cover(st, (0.0, -10.0), st.wheels["blue"]) == -1


def test_a_base_touching_cover_is_in_cover() -> None:
    # blue's base at (-3, 30) facing 180: 3.937" long along x; a bale touching its far end
    bale = {"id": "bale", "size": "small", "shape": "circle", "x": -3.0 - 3.937 / 2 - 1.0, "y": 30.0,
            "radius": 1.0, "cover": "soft"}
    st = to_shooting_with(bale)
    assert shooting.cover(st, (0.0, -10.0), st.wheels["blue"]) == -1


def test_sight_blocked_only_by_a_marked_obstacle() -> None:
    wall = dict(cover_on_the_line("none", blocks_sight=True, size="large"), radius=4.0, x=-1.5)
    st = to_shooting_with(wall)
    assert not shooting.visible(st, (0.0, -10.0), st.wheels["blue"])
    low = dict(wall, blocks_sight=False)
    st = to_shooting_with(low)
    assert shooting.visible(st, (0.0, -10.0), st.wheels["blue"])


def test_a_bolt_can_destroy_a_wheel() -> None:
    st = to_shooting()
    st.wheels["blue"].wounds = 2
    decide(st, "shoot", target="blue")
    force(st, 6, 6, 3)
    assert RULESET.current_actor(st) == TERMINAL and RULESET.outcome(st)["winner"] == "red"
