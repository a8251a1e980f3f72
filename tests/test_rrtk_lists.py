"""The Rally Round the King army lists as shipped (game/rules/rrtk/data/army-lists.json):
the YAML round-trips with no field lost, and every invariant of the lists' checker
(shared/rules/check_army_lists.py) holds of the JSON, each as its own test: a failing
check is exactly one the data acknowledges in `book_says` (no error, nothing stale)."""

from __future__ import annotations

import math
import pathlib
import string
from typing import Any, Callable

import pytest

from game.core.jsonload import load_json_file
from game.rules.rrtk import lists

ROOT = pathlib.Path(__file__).resolve().parent.parent
YAML = ROOT / "tests" / "data" / "rrtk-army-lists.yaml"
CLASSES = {"Foot Melee", "Foot Missile", "Foot Skirmish", "Mounted Melee", "Mounted Missile", "Mounted Skirmish"}
WAYS = lists.TWO_D6_WAYS


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    return load_json_file(lists.DATA)


def _units(doc: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    return [(n, u) for n in doc["nations"] for u in n["units"]]


# --------------------------------------------------------------------------- the conversion


def test_every_list_round_trips_from_the_yaml_with_no_field_lost(doc: dict[str, Any]) -> None:
    yaml = pytest.importorskip("yaml")
    src = yaml.safe_load(YAML.read_text(encoding="utf-8"))
    back = {k: v for k, v in doc.items() if k not in ("format", "kind")}
    back["nations"] = [{k: v for k, v in n.items() if k != "id"} for n in doc["nations"]]
    assert back == src  # every field, every value, every order of units and tags
    assert len(doc["nations"]) == 44 and sum(len(n["units"]) for n in doc["nations"]) == 235


def test_the_tool_would_write_the_shipped_file_byte_for_byte() -> None:
    pytest.importorskip("yaml")
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "tools/rrtk_lists.py", str(YAML), "--check"], capture_output=True, text=True,
                         cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr


def test_ids_are_stable_lower_case_hyphenated_names(doc: dict[str, Any]) -> None:
    ids = [n["id"] for n in doc["nations"]]
    assert len(set(ids)) == 44
    for n in doc["nations"]:
        assert n["id"] == "-".join("".join(c if c.isalnum() else " " for c in n["name"].lower()).split())
    assert lists.nation("Dwarves, Black Moon").id == "dwarves-black-moon"
    assert lists.nation("DWARVES-BLACK-MOON") is lists.nation("dwarves, black moon")
    with pytest.raises(KeyError, match="known: aeja, altengard"):
        lists.nation("Atlantis")


def test_the_model_reads_every_field(doc: dict[str, Any]) -> None:
    for raw, n in zip(doc["nations"], lists.nations()):
        assert (n.id, n.name, n.list_id, n.page, n.title, n.historical_equivalent) == (
            raw["id"], raw["name"], raw["list_id"], raw["page"], raw["title"], raw["historical_equivalent"])
        for k in ("alignment", "tech", "mana", "defense", "government", "motivation", "national_morale",
                  "battle_tactics", "war_rating", "recruiting_rolls"):
            assert getattr(n, k) == raw[k], (n.id, k)
        assert (n.basic_army.units, n.basic_army.total) == (raw["basic_army"]["units"], raw["basic_army"]["total"])
        assert n.note == raw.get("note", "") and list(n.book_says) == raw.get("book_says", [])
        for i, (ru, u) in enumerate(zip(raw["units"], n.units), 1):
            assert (u.number, u.name, list(u.special), u.cls, u.rep, u.ac, u.sp, u.figs, u.cost, u.recruiting_roll,
                    u.count, u.total) == (i, ru["unit_type"], ru["special"], ru["class"], ru["rep"], ru["ac"],
                                          ru["sp"], ru["figs"], ru["cost"], ru["recruiting_roll"], ru["count"],
                                          ru["total"])
            assert u.note == ru.get("note", "") and list(u.book_says) == ru.get("book_says", [])
            assert u.mounted == ru["class"].startswith("Mounted") and ru["class"].endswith(u.purpose)


def test_aeja_pike_and_levy_archers_cost_by_the_formula() -> None:
    aeja = lists.nation("aeja")
    pike, archers = aeja.unit("Pike"), aeja.unit("levy archers")
    assert (pike.cost, pike.formula_cost, archers.cost) == (36, 36, 6)
    assert aeja.unit_for_roll(7) is pike and aeja.unit_for_roll(12) is archers
    assert aeja.basic_points() == 199 and lists.TAGS["Flying"].sp == 3


def test_printed_costs_that_differ_from_the_formula_are_the_flagged_ones() -> None:
    differ = {(n.id, u.name) for n in lists.nations() for u in n.units if u.cost != u.formula_cost}
    assert {nid for nid, _ in differ} == {"mirholme", "stygustan", "black-moon-incarnate"}
    for n in lists.nations():
        for u in n.units:
            assert (u.cost != u.formula_cost) == ("cost" in u.book_says), (n.id, u.name)


# --------------------------------------------------------------------------- the checker's invariants


def _acknowledged(failing: set[tuple[str, ...]], acked: set[tuple[str, ...]]) -> None:
    assert failing - acked == set(), "errors (not acknowledged in book_says)"
    assert acked - failing == set(), "stale acknowledgements (the check passes)"


def _unit_check(doc: dict[str, Any], check: str, ok: Callable[[dict[str, Any]], bool]) -> None:
    failing = {(n["id"], str(i)) for n in doc["nations"] for i, u in enumerate(n["units"]) if not ok(u)}
    acked = {(n["id"], str(i)) for n in doc["nations"] for i, u in enumerate(n["units"])
             if check in u.get("book_says", [])}
    _acknowledged(failing, acked)


def _nation_check(doc: dict[str, Any], check: str, ok: Callable[[dict[str, Any]], bool]) -> None:
    failing = {(n["id"],) for n in doc["nations"] if not ok(n)}
    acked = {(n["id"],) for n in doc["nations"] if check in n.get("book_says", [])}
    _acknowledged(failing, acked)


def test_unit_total_is_count_times_cost(doc: dict[str, Any]) -> None:
    _unit_check(doc, "total", lambda u: u["total"] == u["count"] * u["cost"])


def test_unit_cost_is_rep_plus_ac_plus_sp_times_figs(doc: dict[str, Any]) -> None:
    _unit_check(doc, "cost", lambda u: u["cost"] == (u["rep"] + u["ac"] + u["sp"]) * u["figs"])


def test_unit_sp_is_its_class_and_tag_modifiers(doc: dict[str, Any]) -> None:
    mods, tags = doc["class_modifiers"], {k: v["sp"] for k, v in doc["tag_modifiers"].items()}

    def want(u: dict[str, Any]) -> int:
        c = u["class"]
        return ((mods["Mounted"] if c.startswith("Mounted") else 0) + (mods["Missile"] if c.endswith("Missile") else 0)
                + (mods["Skirmish"] if c.endswith("Skirmish") else 0) + sum(tags[t] for t in u["special"]))
    _unit_check(doc, "sp", lambda u: u["sp"] == want(u))
    for n in lists.nations():
        for u in n.units:
            assert (u.sp == u.modifier_sp) == ("sp" not in u.book_says)


def test_unit_class_armor_figures_rep_and_count_are_in_range(doc: dict[str, Any]) -> None:
    _unit_check(doc, "class", lambda u: u["class"] in CLASSES)
    _unit_check(doc, "ac", lambda u: u["ac"] in (2, 4, 6, 8))
    _unit_check(doc, "figs", lambda u: 1 <= u["figs"] <= 4)
    _unit_check(doc, "rep", lambda u: u["rep"] >= 3)
    _unit_check(doc, "count", lambda u: u["count"] >= 0)


def test_every_tag_is_a_known_rule_and_every_roll_a_2d6_total(doc: dict[str, Any]) -> None:
    for n, u in _units(doc):
        assert set(u["special"]) <= set(doc["tag_modifiers"]), (n["id"], u["unit_type"])
        assert all(2 <= r <= 12 for r in lists.parse_rolls(u["recruiting_roll"]))


def test_basic_army_total_and_units_are_the_sums_of_the_rows(doc: dict[str, Any]) -> None:
    _nation_check(doc, "basic_army_total", lambda n: n["basic_army"]["total"] == sum(u["total"] for u in n["units"]))
    _nation_check(doc, "basic_army_units", lambda n: n["basic_army"]["units"] == sum(u["count"] for u in n["units"]))


def _rolls(n: dict[str, Any]) -> list[int]:
    return sorted(r for u in n["units"] for r in lists.parse_rolls(u["recruiting_roll"]))


def test_recruiting_rolls_cover_2_to_12_exactly_once(doc: dict[str, Any]) -> None:
    _nation_check(doc, "roll_coverage", lambda n: _rolls(n) == list(range(2, 13)))


def test_recruiting_rolls_are_200_over_the_average_unit_cost(doc: dict[str, Any]) -> None:
    def ok(n: dict[str, Any]) -> bool:
        weighted = sum(u["cost"] * sum(WAYS[r] for r in lists.parse_rolls(u["recruiting_roll"])) for u in n["units"])
        return bool(weighted) and n["recruiting_rolls"] == math.floor(200 / (weighted / 36) + 0.5)
    _nation_check(doc, "roll_count_formula", ok)


def test_header_fields_are_in_the_books_ranges_and_sets(doc: dict[str, Any]) -> None:
    for k in ("alignment", "tech", "mana"):
        _nation_check(doc, f"{k}_range", lambda n, k=k: -2 <= n[k] <= 2)  # type: ignore[misc]
    _nation_check(doc, "defense_range", lambda n: 1 <= n["defense"] <= 4)
    _nation_check(doc, "government", lambda n: n["government"] in {"Empire", "Monarchy", "Tribal", "City States"})
    _nation_check(doc, "motivation", lambda n: n["motivation"] in {"Loot", "Conquest", "Colonizing", "Religious"})
    _nation_check(doc, "battle_tactics", lambda n: n["battle_tactics"] in {"A", "B", "C"})
    _nation_check(doc, "war_rating", lambda n: -2 <= n["war_rating"] <= 2)
    _nation_check(doc, "national_morale", lambda n: n["national_morale"] >= 1)


def test_list_ids_run_a_to_rr_in_book_order_on_pages_11_to_25(doc: dict[str, Any]) -> None:
    want = list(string.ascii_uppercase) + [c + c for c in string.ascii_uppercase]
    assert [n["list_id"] for n in doc["nations"]] == want[:44]
    assert all(11 <= n["page"] <= 25 for n in doc["nations"])
    pages = [n["page"] for n in doc["nations"]]
    assert pages == sorted(pages)


def test_the_gazetteer_rows_add_up_and_agree_with_the_lists(doc: dict[str, Any]) -> None:
    by_name = {n["name"]: n for n in doc["nations"]}
    failing, acked = set(), set()
    for g in doc["gazetteer"]["rows"]:
        assert g["rolls"] == g["tech"] + g["def"] + g["prov"], g["name"]
        n = by_name[g["list"]]  # every row names a list
        for gk, nk in (("align", "alignment"), ("tech", "tech"), ("mana", "mana"), ("def", "defense")):
            if g[gk] != n[nk]:
                failing.add((n["id"], nk))
    for n in doc["nations"]:
        acked |= {(n["id"], k[len("gazetteer_"):]) for k in n.get("book_says", []) if k.startswith("gazetteer_")}
    _acknowledged(failing, acked)


def test_the_worked_examples_of_the_rules_hold() -> None:
    aeja = lists.nation("Aeja")
    assert aeja.basic_army.total == 199  # p. 10
    unit = aeja.unit_for_roll(7)
    assert unit is not None and (unit.name, unit.cost) == ("Pike", 36)  # p. 10
    assert lists.nation("riata").battle_tactics == "A"  # p. 52


def test_black_moon_incarnate_has_no_recruiting_column() -> None:
    bmi = lists.nation("Black Moon Incarnate")
    assert not bmi.recruits and all(not u.rolls and u.recruiting_roll == "NA" for u in bmi.units)
    assert [n.id for n in lists.nations() if not n.recruits] == ["black-moon-incarnate"]
