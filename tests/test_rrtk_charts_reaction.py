"""RRtK Reaction Test arithmetic (rrtk-battle.md §14.3-14.4, §5.15, §13.11): each
situational modifier, its readings, outnumbering and simultaneous routs."""

from __future__ import annotations

from typing import Any

import pytest

from game.rules.rrtk.battle.charts import reaction as rx
from game.rules.rrtk.battle.charts.reaction import Situation

ROWS: list[tuple[dict[str, Any], int]] = [  # §14.3 one row at a time, Rep 4
    ({"leader_unit": True}, 6),
    ({"contact_with_leader": True}, 5),
    ({"friends_in_contact": 1}, 5),
    ({"friends_in_contact": 2}, 6),
    ({"friends_in_contact": 3}, 7),
    ({"friends_in_contact": 5}, 7),
    ({"uphill_of_all": True}, 5),
    ({"fieldworks": True}, 5),
    ({"behind_stakes": True}, 5),
    ({"in_cover": True}, 4),
    ({"hits": 1}, 3),
    ({"hits": 2}, 2),
    ({"hits": 6}, -2),
    ({"missile_in_melee": True}, 3),
    ({"outnumbered": True}, 3),
    ({"terror_sources": 1}, 3),
    ({"terror_sources": 2}, 3),
    ({"outnumbered": True, "hero": True}, 4),
    ({"terror_sources": 1, "hero": True}, 4),
    ({"other": -1}, 3),
    ({}, 4),
]


@pytest.mark.parametrize("situation,rep", ROWS)
def test_reaction_modifier_row(situation: dict[str, Any], rep: int) -> None:
    assert rx.modified_rep(4, Situation(**situation)) == rep


def test_book_examples() -> None:
    assert rx.modified_rep(4, Situation(friends_in_contact=1)) == 5  # the Orcs
    assert rx.modified_rep(4, Situation(hits=2)) == 2  # the Warriors


def test_fieldworks_counts_once() -> None:
    assert rx.modified_rep(4, Situation(fieldworks=True, behind_stakes=True), cover_reaction="fieldworks") == 5


@pytest.mark.parametrize("reading,situation,rep", [
    ({"terror_stacking": "each"}, {"terror_sources": 2}, 2),
    ({"terror_stacking": "each"}, {"terror_sources": 3}, 1),
    ({"stakes_reaction": "none"}, {"behind_stakes": True}, 4),
    ({"cover_reaction": "fieldworks"}, {"in_cover": True}, 5),
    ({"friends_in_contact": "flat"}, {"friends_in_contact": 3}, 5),
    ({"leader_contact_bonus": "both"}, {"leader_unit": True, "contact_with_leader": True}, 7),
    ({}, {"leader_unit": True, "contact_with_leader": True}, 6),
])
def test_reaction_readings(reading: dict[str, str], situation: dict[str, Any], rep: int) -> None:
    assert rx.modified_rep(4, Situation(**situation), **reading) == rep


def test_modifiers_are_listed_by_id() -> None:
    mods = rx.reaction_modifiers(Situation(leader_unit=True, hits=2, outnumbered=True))
    assert mods == [("leader_unit", 2), ("hit", -2), ("outnumbered", -1)]
    with pytest.raises(ValueError):
        rx.reaction_modifiers(Situation(terror_sources=1), terror_stacking="some")
    with pytest.raises(ValueError):
        rx.reaction_modifiers(Situation(friends_in_contact=1), friends_in_contact="two")


@pytest.mark.parametrize("own,enemy,kw,out", [
    (2, 3, {}, True), (3, 3, {}, False), (4, 3, {}, False), (2, 3, {"hero": True}, False),
    (4, 2, {"fired_on": True}, False), (2, 4, {"fired_on": True}, True),
    (4, 2, {"fired_on": True, "outnumbered_fired_on": "always"}, True),
    (4, 2, {"outnumbered_fired_on": "always"}, False),
])
def test_outnumbered(own: int, enemy: int, kw: dict[str, Any], out: bool) -> None:
    assert rx.outnumbered(own, enemy, **kw) is out


def test_book_example_skirmisher_outnumbered_by_knight() -> None:
    assert rx.outnumbered(2, 3)


@pytest.mark.parametrize("a,b,out", [(3, 2, "a"), (1, 4, "b"), (2, 2, "both_stay"), (-1, -1, "both_stay")])
def test_simultaneous_rout(a: int, b: int, out: str) -> None:
    assert rx.simultaneous_rout(a, b) == out
