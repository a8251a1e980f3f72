"""Engine-level rules: set-up, placement, the starting turn, priority and its favour,
illegal choices, lives by field size, Grand Prix scoring (spec §3, §4, §5, §6, §13)."""

from __future__ import annotations

import json

import pytest

from game.core.errors import IllegalChoice
from game.core.protocol import CHANCE, Choice
from game.rules.wild_race import RULESET
from game.rules.wild_race.grand_prix import Standings, race_points
from game.rules.wild_race.serial import state_to_json
from tests.wr_helpers import decide, force, race_state


def test_lives_by_racers_per_player() -> None:
    for per, lives in ((1, 3), (2, 2), (3, 1)):
        st = race_state(2, per)
        assert {r.lives for r in st.racers.values()} == {lives}
        assert {r.stamina for r in st.racers.values()} == {5}
        assert {r.favour for r in st.racers.values()} == {0}


def test_placement_roll_highest_places_first_ties_reroll() -> None:
    st = race_state(3, 1)
    assert st.stack[-1].kind == "group_roll"
    force(st, 4, 4, 2)  # red 4, blue 4, green 2: red and blue tie
    force(st, 1, 5)  # re-roll: red 1, blue 5
    assert st.placement_order == ["blue", "red", "green"]
    assert RULESET.current_actor(st) == "blue"


def _place_all(st: object) -> None:
    while RULESET.current_actor(st) not in (CHANCE,) and st.phase == "placement":  # type: ignore[attr-defined]
        RULESET.apply(st, RULESET.legal_choices(st)[0])


def test_placement_slots_and_starting_turn_moves_5_plus_d6() -> None:
    st = race_state(2, 1)
    force(st, 6, 1)
    decide(st, "place", racer="red-1", slot=1)
    with pytest.raises(IllegalChoice):
        decide(st, "place", racer="blue-1", slot=1)  # taken
    decide(st, "place", racer="blue-1", slot=0)
    assert st.phase == "starting_turn"
    red, blue = st.racers["red-1"], st.racers["blue-1"]
    x0r, x0b = red.x, blue.x
    force(st, 3)  # red first (placement order)
    assert red.x - x0r == pytest.approx(8.0)
    force(st, 6)
    assert blue.x - x0b == pytest.approx(11.0)
    assert red.heading == 0.0 and blue.heading == 0.0
    assert st.phase == "priority" and st.turn == 1


def _to_priority(st: object) -> None:
    force(st, 6, 1)
    _place_all(st)
    force(st, 1, 1)


def test_priority_order_and_tie_reroll() -> None:
    st = race_state(2, 1)
    _to_priority(st)
    force(st, 3, 3, 2, 5)
    assert st.order == ["blue", "red"]
    assert st.phase == "movement"


def test_priority_favour_lower_decides_first_one_per_player() -> None:
    st = race_state(2, 1)
    _to_priority(st)
    st.racers["red-1"].favour = 2
    st.racers["blue-1"].favour = 1
    force(st, 2, 4)  # red 2, blue 4: red (lower) decides first
    assert RULESET.current_actor(st) == "red"
    decide(st, "favour_plus", racer="red-1")  # red 3
    assert RULESET.current_actor(st) == "blue"  # blue may answer
    decide(st, "keep")
    # red has spent its one priority favour this turn: no more offers
    assert st.order == ["blue", "red"]
    assert st.racers["red-1"].favour == 1 and st.racers["red-1"].favour_used


def test_priority_favour_reroll_takes_next_die() -> None:
    st = race_state(2, 1)
    _to_priority(st)
    st.racers["blue-1"].favour = 1
    force(st, 5, 1)
    assert RULESET.current_actor(st) == "blue"
    decide(st, "reroll", racer="blue-1")
    force(st, 6)
    assert st.order == ["blue", "red"]


def test_illegal_choice_changes_nothing() -> None:
    st = race_state(2, 1)
    _to_priority(st)
    force(st, 6, 1)
    before = json.dumps(state_to_json(st), sort_keys=True)
    for bad in (Choice.make("move", racer="blue-1", distance=5.0),  # not red's racer
                Choice.make("move", racer="red-1", distance=16.0),  # needs 6 stamina, has 5
                Choice.make("move", racer="red-1", distance=12.0, stamina=1),
                Choice.make("move", racer="red-1", distance=3.0, stamina=6),
                Choice.make("roll", value=3),
                Choice.make("jump")):
        with pytest.raises(IllegalChoice):
            RULESET.apply(st, bad)
    assert json.dumps(state_to_json(st), sort_keys=True) == before


def test_stamina_extends_the_line_and_unused_points_are_not_spent() -> None:
    st = race_state(2, 1)
    _to_priority(st)
    force(st, 6, 1)
    red = st.racers["red-1"]
    x0 = red.x
    decide(st, "move", racer="red-1", heading=0.0, distance=12.0)  # 2 stamina
    assert red.x - x0 == pytest.approx(12.0, abs=1e-5)
    assert red.stamina == 3 and red.stamina_spent == 2
    decide(st, "move", racer="blue-1", heading=0.0, distance=4.0, stamina=3)  # committed, not used
    assert st.racers["blue-1"].stamina == 5


def test_grand_prix_points_last_place_and_casualties_score_zero() -> None:
    st = race_state(3, 2)
    order = list(st.racers)
    st.racers[order[4]].status = "casualty"
    pts = race_points(st, order)
    assert [pts[r] for r in order] == [15, 12, 10, 9, 0, 0]
    st2 = race_state(6, 2)
    order2 = list(st2.racers)
    pts2 = race_points(st2, order2)
    assert [pts2[r] for r in order2] == [15, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 0]


def test_grand_prix_bonus_for_most_lives_taken_ties_all_get_it() -> None:
    st = race_state(2, 2)
    order = list(st.racers)
    st.racers[order[0]].lives_taken = 2
    st.racers[order[3]].lives_taken = 2
    s = Standings()
    s.add_race(st, order)
    assert s.bonus_racers() == sorted([order[0], order[3]])
    tot = s.totals()
    assert tot[order[0]] == 15 + 10 and tot[order[3]] == 0 + 10
    teams = s.team_totals()
    assert sum(teams.values()) == sum(tot.values())


def test_no_bonus_when_nobody_took_a_life() -> None:
    st = race_state(2, 1)
    s = Standings()
    s.add_race(st, list(st.racers))
    assert s.bonus_racers() == []


def test_grand_prix_favour_carries_only_with_the_option() -> None:
    import argparse
    from game.ui.wild_race import commands as sim
    from game.rules.wild_race.options import Options

    seen: list[dict[str, int] | None] = []
    real = sim.run_race

    def spy(course, players, per, seed, options, agent, favour=None):  # type: ignore[no-untyped-def]
        seen.append(dict(favour) if favour else None)
        st = real(course, players, per, seed, options, agent, favour)
        for r in st.racers.values():
            r.favour = 2  # as if every racer ended the race with 2 points
        return st

    for carry, expect in (("no", None), ("yes", 2)):
        seen.clear()
        sim.run_race = spy
        try:
            ns = argparse.Namespace(course=str(__import__("tests.wr_helpers").wr_helpers.SAMPLE), players=2,
                                    racers_per_player=1, seed=4, grand_prix=2, agent="greedy",
                                    option=[f"gp_carry_favour={carry}"], json=True)
            assert sim.simulate_command(ns) == 0
        finally:
            sim.run_race = real
        assert seen[0] is None
        assert (seen[1] is None) if expect is None else set(seen[1].values()) == {expect}  # type: ignore[union-attr]
    assert Options().gp_carry_favour == "no"


def test_grand_prix_racers_start_each_race_fresh() -> None:
    """Casualties race again; lives, stamina, whip, penalties reset between races."""
    from game.ui.wild_race.commands import run_race
    from game.rules.wild_race.options import Options
    from tests.wr_helpers import sample_course
    a = run_race(sample_course(), 3, 2, 11, Options(), "greedy")
    b = run_race(sample_course(), 3, 2, 11 + 100003, Options(), "greedy")
    assert a.racers.keys() == b.racers.keys()
    fresh = race_state(3, 2, 5)
    for r in fresh.racers.values():
        assert (r.lives, r.stamina, r.has_whip, r.penalty_accrued, r.lockout, r.status) == (2, 5, True, 0, "none",
                                                                                              "racing")


def test_a_base_along_an_edge_turns_away_on_its_hindquarters_but_never_toward_it() -> None:
    """RULING (docs/wild-race-rulings.md): a racer 0.05" from an edge and parallel to
    it cannot pivot about its centre either way; turning away from the edge it may
    pivot about the middle of its rear edge instead; turning toward it stays illegal,
    and a pivot blocked by an obstacle is not helped."""
    import copy

    from game.rules.wild_race.geo import geo_of, resync
    from game.rules.wild_race.scenario import load_scenario
    path = "tests/scenarios/wild_race/pivot_on_hindquarters_off_an_edge.json"
    with open(path) as f:
        data = json.load(f)
    data["choices"] = []
    st = load_scenario(data, path).state
    a = st.racers["a"]
    geo = geo_of(st)
    assert geo.rotation_blocked(a, 340.0) is not None  # about the centre: the tail meets the edge
    assert geo.pivot_pose(a, 340.0) is not None  # on the hindquarters: clear
    assert RULESET.is_legal(st, Choice.make("move", racer="a", heading=340.0, distance=10.0)) is None
    assert RULESET.is_legal(st, Choice.make("move", racer="a", heading=20.0, distance=10.0)) is not None
    # an obstacle in the way of the turn is not an edge: no hindquarters
    data2 = copy.deepcopy(data)
    data2["racers"][0]["y"] = 0.0
    data2["obstacles"] = [{"id": "rock", "size": "large", "shape": "circle", "x": 50.76, "y": -0.95, "radius": 0.2}]
    st2 = load_scenario(data2, path).state
    resync(st2)
    a2 = st2.racers["a"]
    g2 = geo_of(st2)
    assert g2.rotation_blocked(a2, 340.0) == "o:rock"
    assert g2.pivot_pose(a2, 340.0) is None
