"""Building a Rally Round the King army (§6-§7): the Basic Army, recruiting rolls as
chance steps driven by forced dice (the §7.3 Aeja example), purchase that never passes
the limit, Captains under both threshold readings, both unit_cost values, mixed lists,
and Black Moon Incarnate's default."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.chance import sample
from game.core.dice import seed_state
from game.core.errors import IllegalChoice
from game.core.protocol import CHANCE, TERMINAL, roll
from game.rules.rrtk import lists
from game.rules.rrtk.army import Army, ArmyOptions, Built, Leader, captains_allowed, check, parse_options
from game.rules.rrtk.muster import CannotRecruit, Muster, recruit, seed_rolls


def test_the_basic_army_is_legal_and_costs_as_printed() -> None:
    a = Army.basic("aeja")
    assert (a.unit_count(), a.points()) == (10, 199)
    assert [ld.role for ld in a.leaders] == ["cinc"] and a.leaders[0].cost() == 0
    assert check(a) == []


def test_the_aeja_example_of_7_3_with_forced_dice() -> None:
    """Aeja has 17 units and 396 points; a 7 gives Pike for 36, making 432: the last roll."""
    m = Muster("aeja")
    pc = m.pending_chance()
    assert pc is not None and pc.die == "2d6" and pc.reason == "2d6 recruiting roll"
    assert [c["value"] for c, _ in pc.outcomes] == list(range(2, 13))
    assert pc.probability(roll(7)) == pytest.approx(6 / 36) and sum(p for _, p in pc.outcomes) == pytest.approx(1)
    for total in (2, 2, 2, 2, 3, 4, 10):
        m.apply(roll(total))
    assert (m.army.unit_count(), m.army.points(), m.done) == (17, 396, False)
    assert m.current_actor() == CHANCE
    gained = m.apply(roll(7))
    assert gained is not None and (gained.name, gained.cost) == ("Pike", 36)
    assert (m.army.unit_count(), m.army.points(), m.done) == (18, 432, True)
    assert m.current_actor() == TERMINAL and m.pending_chance() is None
    with pytest.raises(IllegalChoice, match="recruiting is over"):
        m.apply(roll(7))
    assert m.army.built.rolls == (2, 2, 2, 2, 3, 4, 10, 7) and m.army.built.method == "recruited"
    assert check(m.army) == []  # below 400 before its last roll, 432 after: legal


def test_a_forced_die_that_is_no_2d6_total_is_refused_and_changes_nothing() -> None:
    m = Muster("aeja")
    for bad in (1, 13, roll(0), True):
        with pytest.raises(IllegalChoice):
            m.apply(bad)  # type: ignore[arg-type]
    assert m.army.built.rolls == () and m.army.points() == 199


def test_a_recruited_army_breaks_the_rule_with_a_roll_after_the_limit_or_stopping_short() -> None:
    a = Muster("aeja")
    for total in (2, 2, 2, 2, 3, 4, 10, 7):
        a.apply(total)
    extra = a.army.with_units(lists.nation("aeja").unit("Pike"), 1)
    extra = replace(extra, built=replace(extra.built, rolls=extra.built.rolls + (7,)))
    assert any("already reached" in p for p in check(extra))
    short = Muster("aeja")
    short.apply(2)
    assert any("below the limit of 400" in p for p in check(short.army))
    wrong_units = a.army.with_units(lists.nation("aeja").unit("Levies"), 1)
    assert any("not the Basic Army plus" in p for p in check(wrong_units))


@given(st.integers(min_value=0, max_value=2**32), st.sampled_from([n.id for n in lists.nations()]))
def test_a_seeded_recruited_army_is_legal_and_stops_at_the_limit(seed: int, nid: str) -> None:
    a = recruit(nid, seed)
    assert check(a) == []
    n = lists.nation(nid)
    assert a.points() >= 400 if n.recruits else 400 - 7 < a.points() <= 400
    if n.recruits:
        last = n.unit_for_roll(a.built.rolls[-1])
        assert last is not None and a.points() - last.cost < 400 and a.built.rolls == seed_rolls(seed, len(a.built.rolls))
    assert recruit(nid, seed) == a  # the same seed, the same army


def test_the_seed_must_have_thrown_the_rolls() -> None:
    a = recruit("altengard", 5)
    forged = replace(a, built=replace(a.built, seed=6))
    assert seed_rolls(6, len(a.built.rolls)) != a.built.rolls
    assert any("not the ones seed 6 throws" in p for p in check(forged))
    assert check(replace(a, built=replace(a.built, seed=None))) == []  # dice thrown by hand: no seed to match


def test_recruiting_follows_the_protocol_sampler() -> None:
    """The muster is a chance step like any other: the driver's sampler plays it."""
    m, rng = Muster("riata"), seed_state(3)
    while m.current_actor() == CHANCE:
        pc = m.pending_chance()
        assert pc is not None
        choice, rng = sample(pc.outcomes, rng)
        m.apply(choice)
    assert m.army.points() >= 400 and check(m.army) == []


# --------------------------------------------------------------------------- purchase


@given(st.sampled_from([n.id for n in lists.nations()]), st.lists(st.tuples(st.integers(1, 8), st.integers(1, 6)),
                                                                   max_size=40), st.integers(150, 600))
def test_purchase_never_passes_the_limit(nid: str, buys: list[tuple[int, int]], limit: int) -> None:
    n = lists.nation(nid)
    a = Army.to_purchase(n, limit=limit)
    for number, k in buys:
        unit = n.units[(number - 1) % len(n.units)]
        why = a.why_not_buy(unit, k)
        if why is None:
            a = a.buy(unit, k)
        else:
            assert "over the limit" in why and a.points() + unit.cost * k > limit
            with pytest.raises(ValueError):
                a.buy(unit, k)
        assert a.points() <= max(limit, n.basic_points())
    if n.basic_points() <= limit:
        assert check(a) == []


def test_a_purchase_to_exactly_400_is_legal_and_one_point_over_is_not() -> None:
    n = lists.nation("aeja")
    a = Army.to_purchase(n)
    a = a.buy(n.unit("Pike"), 5)  # 199 + 180 = 379
    a = a.buy(n.unit("Archers"), 1)  # 394
    a = a.buy(n.unit("Levy Archers"), 1)  # 400
    assert a.points() == 400 and check(a) == []
    assert "over the limit of 400" in (a.why_not_buy(n.unit("Levy Archers")) or "")
    over = a.with_units(n.unit("Levy Archers"), 1)
    assert any("406 points is over the limit of 400" in p for p in check(over))
    assert any("over the limit of 300" in p for p in check(a, limit=300))
    missing = a.with_units(n.unit("Levy Pike"), -1)
    assert any("Basic Army's 2 Levy Pike are not all there (1)" in p for p in check(missing))


# --------------------------------------------------------------------------- leaders


@pytest.mark.parametrize("units, best, alternative", [(20, 0, 0), (21, 1, 1), (29, 1, 1), (30, 1, 2), (31, 2, 2),
                                                      (40, 2, 3), (41, 3, 3)])
def test_captain_thresholds_under_both_option_values(units: int, best: int, alternative: int) -> None:
    assert captains_allowed(units, "21-31-41") == best
    assert captains_allowed(units, "21-30-40") == alternative


def test_captains_are_checked_against_the_unit_count_and_cost_20() -> None:
    n = lists.nation("zamba")  # 15 units of Archers (8) and Cavalry (27)
    a = Army.to_purchase(n, limit=1000).buy(n.unit("Archers"), 15)  # 30 units
    assert a.unit_count() == 30
    one, two = a.with_leader(Leader("captain")), a.with_leader(Leader("captain")).with_leader(Leader("captain"))
    assert one.points() == a.points() + 20 and check(one) == []
    assert any("2 Captains but an army of 30 units may have 1" in p for p in check(two))
    alt = replace(two, options=parse_options({"captain_thresholds": "21-30-40"}))
    assert check(alt) == []
    small = Army.basic("aeja").with_leader(Leader("captain"))
    assert any("more than 20 units for the first" in p for p in check(small))
    assert any("recruiting roll" in p for p in check(replace(one, leaders=one.leaders[:1] + (
        Leader("captain", paid="roll"),))))


def test_a_hero_counts_as_a_captain_and_a_magic_user_costs_its_own_points() -> None:
    a = Army.basic("aeja").with_leader(Leader("hero", "Kaelen", points=30)).with_leader(
        Leader("magic_user", "Ysolde", points=25))
    assert a.captains() == 1 and a.bought_captains() == 0 and a.points() == 199 + 55
    # ruling 11: a Hero takes no place among the Captains the unit count allows (10 units: none),
    assert check(a) == []
    assert any("more than 20 units" in p for p in check(a.with_leader(Leader("captain"))))
    # but counts as a Captain against the War Rating: with 4 Captains bought, a Hero is one too many
    big = replace(a.with_units(lists.nation("aeja").unit("Levies"), 41), built=Built("purchased", 2000))
    for _ in range(4):
        big = big.with_leader(Leader("captain"))
    assert big.unit_count() == 51 and big.bought_captains() == 4 and captains_allowed(51) == 4
    assert check(big) == ["5 Captains (counting 1 Hero) can never all be fielded: no War Rating is above 4"]


def test_one_commander_in_chief() -> None:
    a = replace(Army.basic("aeja"), leaders=())
    assert check(a) == ["an army has one Commander in Chief; this one has 0"]


# --------------------------------------------------------------------------- options


def test_both_unit_cost_values() -> None:
    printed, formula = Army.basic("mirholme"), Army.basic("mirholme", parse_options({"unit_cost": "formula"}))
    assert (printed.points(), formula.points()) == (236, 204)
    sty = lists.nation("stygustan")
    assert (sty.unit("Infantry").price("printed"), sty.unit("Infantry").price("formula")) == (20, 24)
    assert Army.basic("aeja").points() == Army.basic("aeja", parse_options({"unit_cost": "formula"})).points()
    with pytest.raises(Exception, match="unit_cost"):
        parse_options({"unit_cost": "cheapest"})


def test_mixed_lists_are_an_option() -> None:
    n, other = lists.nation("aeja"), lists.nation("altengard")
    a = Army.to_purchase(n)
    assert "not on the Aeja list" in (a.why_not_buy(other.unit("Knights"), 1, "altengard") or "")
    mixed = Army.to_purchase(n, parse_options({"lists": "mixed"})).buy(other.unit("Knights"), 1, "altengard")
    assert mixed.points() == 199 + 42 and check(mixed) == []
    assert any("from the Altengard list" in p for p in check(replace(mixed, options=ArmyOptions())))


def test_black_moon_incarnates_default_basic_army_then_seeded_buys() -> None:
    m = Muster("black-moon-incarnate", seed=4)
    assert m.defaulted and m.done and m.pending_chance() is None
    a = m.army
    basic = Army.basic("black-moon-incarnate")
    assert basic.points() == 197 and a.built.rolls == () and a.built.seed == 4
    assert 400 - 7 < a.points() <= 400  # the cheapest unit (Winged Men, 7) no longer fits
    assert all(a.count(u) >= c for u, c in lists.nation("black-moon-incarnate").basic_units())
    assert check(a) == [] and recruit("black-moon-incarnate", 4) == a
    assert recruit("black-moon-incarnate", 6).units != a.units
    assert any("default buys with seed 6" in p for p in check(replace(a, built=replace(a.built, seed=6))))
    with pytest.raises(CannotRecruit):
        Muster("black-moon-incarnate", options=parse_options({"no_recruiting_column": "refuse"}))
    refused = replace(a, options=parse_options({"no_recruiting_column": "refuse"}))
    assert any("refused" in p for p in check(refused))


def test_a_built_basic_army_must_be_the_basic_army() -> None:
    a = Army.basic("aeja")
    assert check(a.with_units(lists.nation("aeja").unit("Pike"), 1)) != []
    assert check(replace(a, built=Built("basic", 400))) == []


def test_every_army_option_is_on_the_options_page() -> None:
    import pathlib
    text = (pathlib.Path(__file__).resolve().parent.parent / "docs" / "rrtk-options.md").read_text()
    for name in ArmyOptions.__dataclass_fields__:
        assert f"`{name}`" in text, name
    from game.rules.rrtk.army import OPTIONS
    for name, values in OPTIONS.choices.items():
        for v in values:
            assert f"`{v}`" in text, (name, v)


def test_captains_bought_with_points_join_before_the_first_roll() -> None:
    m = Muster("aeja", captains=(Leader("captain"),))
    assert m.army.points() == 219 and m.army.captains() == 1
    for total in (2, 2, 2, 2, 3):  # 219 + 4 x 36 + 32 = 395: the Captain's 20 points count
        m.apply(total)
    assert not m.done and m.army.points() == 395
    m.apply(4)  # Archers, 15: 410
    assert m.done and m.army.built.rolls == (2, 2, 2, 2, 3, 4) and m.army.points() == 410 and check(m.army) == [
        "1 Captain but an army of 16 units may have 0 (more than 20 units for the first)"]
    r = Muster("aeja")
    r.take_captain()
    assert r.army.points() == 199 and r.army.leaders[-1].paid == "roll"
