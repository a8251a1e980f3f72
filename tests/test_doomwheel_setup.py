"""Set-up (spec §1): wheels on the start grid by a D6 roll-off, critters from the
level, options, the protocol and the hand-written clone."""

from __future__ import annotations

import pytest

from game.core.errors import BadInput
from game.core.protocol import CHANCE, Choice
from game.rules.doomwheel import RULESET, DoomSetup, new_state
from game.rules.doomwheel.options import Options
from game.rules.doomwheel.state import WHEEL_LENGTH, WHEEL_WIDTH
from tests.test_doomwheel_helpers import LEVELS, decide, dw_state, fig8, force, load_course, oval


def test_wheels_and_critters_from_the_level() -> None:
    st = dw_state(fig8())
    assert RULESET.current_actor(st) == CHANCE and st.steps[-1]["reason"] == "grid"
    kinds = [c.kind for c in st.critters.values()]
    assert (kinds.count("fanatic"), kinds.count("slayer"), kinds.count("slave")) == (4, 3, 8)
    for w in st.wheels.values():
        assert (w.wounds, w.max_wounds, w.toughness, w.armour, w.sabotage, w.laps, w.next_cp) == (5, 5, 6, 4, 5, 0, 0)
        assert (w.length, w.width) == pytest.approx((WHEEL_LENGTH, WHEEL_WIDTH))
        assert abs(w.length - 3.937) < 1e-3 and abs(w.width - 1.969) < 1e-3


def test_grid_by_roll_off_behind_the_start_line() -> None:
    st = dw_state(fig8())
    force(st, 2, 5)
    blue, red = st.wheels["blue"], st.wheels["red"]
    assert st.turn == 1 and st.steps[-1]["reason"] == "initiative"
    for w in (red, blue):
        assert w.heading == pytest.approx(90.0)
        assert w.y + w.length / 2 == pytest.approx(0.0)  # front edge on the start line
        assert st.course.contains(w.x, w.y)
    assert blue.x < red.x  # the roll-off winner takes the first place from the left edge


def test_grid_ties_are_rerolled() -> None:
    st = dw_state(oval())
    evs = force(st, 3, 3, 1, 4)
    order = [e for e in evs if e.kind == "OrderDecided"]
    assert order[0].order == ("blue", "red")


def test_initiative_each_turn_highest_first() -> None:
    st = dw_state(oval())
    force(st, 6, 1)
    evs = force(st, 2, 5)
    assert st.order == ("blue", "red") and [e.kind for e in evs][-1] == "OrderDecided"
    assert RULESET.current_actor(st) == "blue"


def test_three_and_four_wheels() -> None:
    for lvl in LEVELS:
        c = load_course(lvl)
        st = dw_state(c, players=3)
        assert len(st.wheels) == 3 and st.options.players == 3
    st = dw_state(load_course(LEVELS[1]), players=4)
    assert len(st.wheels) == 4


@pytest.mark.parametrize("players", [1, 5])
def test_bad_player_counts(players: int) -> None:
    pl = tuple((f"p{i}", f"P{i}") for i in range(players))
    with pytest.raises(BadInput):
        new_state(DoomSetup(oval(width=30), pl, 1))


def test_a_wild_race_course_is_refused() -> None:
    from tests.wr_helpers import sample_course
    with pytest.raises(BadInput, match="doomwheel"):
        new_state(DoomSetup(sample_course(), (("a", "A"), ("b", "B")), 1))


def test_options_from_a_mapping_and_bad_options() -> None:
    st = dw_state(oval(), options={"schwenk": "free_pivot", "laps": 1})
    assert st.options.schwenk == "free_pivot" and st.options.laps == 1
    with pytest.raises(BadInput):
        dw_state(oval(), options={"schwenk": "nope"})


def test_clone_is_independent() -> None:
    st = dw_state(oval())
    force(st, 6, 1, 6, 1)
    cl = RULESET.clone(st)
    decide(cl, "drive")
    force(cl, 6, 6, 6)
    decide(cl, "move", at=0.0, angle=0.0)
    assert st.steps[-1].kind == "activate" and cl.wheels["red"].x != st.wheels["red"].x
    assert cl.critters is not st.critters and cl.course is st.course


def test_protocol_surface() -> None:
    st = dw_state(oval())
    assert RULESET.name == "doomwheel"
    outs = RULESET.chance_outcomes(st)
    assert [c["value"] for c, _ in outs] == [1, 2, 3, 4, 5, 6] and sum(p for _, p in outs) == pytest.approx(1)
    assert RULESET.is_legal(st, Choice.make("roll", value=7)) is not None
    assert RULESET.is_legal(st, Choice.make("roll", value=6)) is None
    assert RULESET.is_legal(st, Choice.make("drive")) == "a d6 result 1-6 is pending"
    assert RULESET.is_legal(st, Choice.make("fly")) is not None
    assert RULESET.outcome(st)["over"] is False
    assert isinstance(st.options, Options)


def test_wheel_and_critter_copies_keep_every_field() -> None:
    """clone() copies wheels and critters field by field (faster than dataclasses.replace):
    a field added later must be copied too."""
    from dataclasses import fields

    from game.rules.doomwheel.state import Critter, Wheel
    for cls, base in ((Wheel, Wheel("w", "p")), (Critter, Critter("c", "slave", 0.0, 0.0, 0.3))):
        for f in fields(cls):
            v = getattr(base, f.name)
            new = (not v) if isinstance(v, bool) else v + 7 if isinstance(v, (int, float)) else f"{v}x"
            setattr(base, f.name, new)
            cp = base.copy()  # type: ignore[attr-defined]
            assert cp == base and cp is not base, f.name
