"""The door works (issue 13): a dice game written outside the program (tests/toy_pig.py,
on game/core alone) is registered in a test and played by `simulate` and `scenario`
like the two races, then unregistered."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest

from game.cli import main
from game.core import registry
from tests import toy_pig


@pytest.fixture
def pig() -> Iterator[registry.Registration]:
    reg = registry.register(registry.Registration(
        name="pig", title="Pig", short="Pig", ruleset=toy_pig.RULESET, state_type=toy_pig.PigState,
        scenario=toy_pig.PigScenario(), order=999,
        quick_setup=lambda players, seed, options: {"players": players, "seed": seed}))
    try:
        yield reg
    finally:
        registry.unregister("pig")


def _scenario(tmp_path: Path, **fields: object) -> Path:
    doc = {"format": 1, "kind": "scenario", "ruleset": "pig", "name": "pig test", "players": ["ann", "bob"]}
    doc.update(fields)
    p = tmp_path / "pig.json"
    p.write_text(json.dumps(doc))
    return p


def test_registered_by_hand_and_found(pig: registry.Registration) -> None:
    assert registry.get("pig") is pig
    st = toy_pig.RULESET.new_state({"players": ["ann", "bob"]})
    assert registry.of_state(st) is pig
    assert "pig" in [r.name for r in registry.every()]


def test_scenario_plays_forced_dice_and_checks(pig: registry.Registration, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    # ann throws 6 and 5 and holds (11); bob throws 1 (busts); ann throws 3 then 1 (busts: 11 stays)
    p = _scenario(tmp_path, dice=[{"value": 6}, {"value": 5}, {"value": 1}, {"value": 3}, {"value": 1}],
                  choices=[{"kind": "throw", "player": "ann"}, {"kind": "throw"}, {"kind": "hold"},
                           {"kind": "throw", "player": "bob"}, {"kind": "throw"}, {"kind": "throw"}],
                  expect={"state": {"scores.ann": 11, "scores.bob": 0, "player": "bob", "turn": 4},
                          "events": [{"kind": "Held", "player": "ann", "points": 11},
                                     {"kind": "Busted", "player": "bob", "lost": 0},
                                     {"kind": "Busted", "player": "ann", "lost": 3}]})
    assert main(["scenario", str(p)]) == 0, capsys.readouterr().out
    assert main(["scenario", str(p), "--json"]) == 0
    capsys.readouterr()
    assert main(["scenario", str(p), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is True and out["state"]["scores"] == {"ann": 11, "bob": 0}
    # a wrong expectation fails with exit 1
    bad = _scenario(tmp_path, dice=[{"value": 6}], choices=[{"kind": "throw"}],
                    expect={"state": {"banked_this_turn": 5}})
    assert main(["scenario", str(bad)]) == 1


def test_scenario_refuses_a_bad_script(pig: registry.Registration, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    p = _scenario(tmp_path, dice=[{"value": 7}], choices=[{"kind": "throw"}])
    assert main(["scenario", str(p)]) == 2
    p = _scenario(tmp_path, choices=[{"kind": "hold"}])  # nothing to hold yet
    assert main(["scenario", str(p)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err and "pig.json" in err[-1]


def _simulate(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["simulate", "pig", *args]) == 0
    return capsys.readouterr().out


def test_simulate_plays_whole_games_with_random_agents(pig: registry.Registration,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    # Pig registers no simulate and no agents: the generic simulate (game.sim) plays it
    # with the random agent at every seat, from its quick_setup
    out = _simulate(capsys, "--seed", "3", "--json")
    doc = json.loads(out)
    assert doc["schema"] == "wild-table/simulate" and doc["version"] == 1
    assert doc["ruleset"] == "pig" and doc["seed"] == 3 and len(doc["games"]) == 1
    game = doc["games"][0]["outcome"]
    assert set(game["scores"]) == {"red", "blue", "green"}  # three seats by default
    assert game["winner"] in game["scores"] and game["scores"][game["winner"]] >= 20
    assert all(s < 20 for p, s in game["scores"].items() if p != game["winner"])
    assert _simulate(capsys, "--seed", "3", "--json") == out  # deterministic
    others = {_simulate(capsys, "--seed", str(s), "--json") for s in range(4, 9)}
    assert out not in others and len(others) > 1  # different seeds, different games
    text = _simulate(capsys, "--seed", "3", "--players", "2")
    assert text.startswith("Pig (seed 3): winner ") and "scores:" in text
    assert main(["simulate", "pig", "--grand-prix", "2"]) == 2
    assert main(["arena", "--ruleset", "pig", "--races", "2"]) == 2  # no arena of its own: one line, exit 2
    assert "Pig registers no arena" in capsys.readouterr().err


def test_a_ruleset_adds_its_main_menu_entry(pig: registry.Registration) -> None:
    # the main menu's race entries come from the ui rooms' `menu` window parts, in order
    from game.ui.scenes.menu import race_entries
    pig.window["menu"] = ({"label": "Pig", "order": 25, "tip": "", "scene": "tests.toy_pig:Pig", "args": {}},)
    assert [e["label"] for e in race_entries()] == ["New race", "New Grand Prix", "Pig", "Doomwheel Race",
                                                    "Rally Round the King"]


class PigEdits:
    """A toy ruleset's own course field, edited through the shared editor model."""

    data: dict  # type: ignore[type-arg]

    def change(self, label: str, values: dict) -> object:  # type: ignore[type-arg]  # EditorModel's
        raise NotImplementedError

    @property
    def pig_pens(self) -> int:
        return int(self.data.get("pens", 0))

    def add_pen(self) -> object:
        return self.change("add a pen", {"pens": self.pig_pens + 1})

    def target_exists(self, t: object) -> bool | None:
        return self.pig_pens > 0 if getattr(t, "kind") == "pen" else None


def test_a_ruleset_adds_its_editor_part(pig: registry.Registration) -> None:
    # the course editor asks the registry for a ruleset's own edits and tools
    # (window part "editor", game.ui.editor_kit), and the new-course dialog lists it
    from game.ui.editor_kit import EditorKit, EditorPart, Kits, new_level_choices, parts
    from game.ui.editor_model import EditorModel, Target

    class PigKit(EditorKit):
        kinds = ("pen",)
        controls = [("P", "a pen")]

        @property
        def on(self) -> bool:
            return self.md.ruleset == "pig"

        def hit(self, tx: float, ty: float) -> object:
            return Target("pen", 0) if self.on else None

    part = EditorPart(edits=PigEdits, tools=PigKit, attr="pig_kit")
    before = len(parts())
    pig.window.update(editor=part, new_level=lambda name="New course": {**EditorModel.new(name).data,
                                                                       "ruleset": "pig"})
    assert len(parts()) == before + 1 and parts()[-1] is part
    assert ("pig", "Pig") in new_level_choices() and new_level_choices()[0] == ("wild-race", "The Wild Race")
    m = EditorModel.new(ruleset="pig")
    assert m.ruleset == "pig" and m.pig_pens == 0 and not m.exists(Target("pen"))
    m.add_pen()
    assert m.pig_pens == 1 and m.exists(Target("pen")) and m.can_undo
    m.undo()
    assert m.pig_pens == 0
    assert not m.is_doom  # the Doomwheel's readings answer on any course, as before
    try:
        m.no_such_edit
    except AttributeError as e:
        assert "no_such_edit" in str(e)
    else:  # pragma: no cover
        raise AssertionError("an unknown attribute was found")
    scene = type("Scene", (), {"model": m})()
    kits = Kits(scene, parts())
    assert isinstance(getattr(scene, "pig_kit"), PigKit) and "pen" in kits.kinds and "critter" in kits.kinds
    assert kits.hit(0.0, 0.0) == Target("pen", 0) and kits.controls == [("P", "a pen")]
    assert ("P", "a pen") in kits.every_control and len(kits.every_control) > 1
    scene.model = EditorModel.new()  # a Wild Race course: no kit answers
    assert kits.hit(0.0, 0.0) is None and kits.controls == [] and kits.board(None) is None


def test_hints_come_from_the_rulesets_guide(pig: registry.Registration) -> None:
    # one code path for the first-game hints: each ruleset's ui room gives a HintGuide
    # (window part "hints"); one without any has the dice tray's hint only
    from types import SimpleNamespace
    from game.ui.hints import DICE, HintGuide, Hints
    registry.load("ui")
    for name in ("wild-race", "doomwheel"):
        guide = registry.get(name).part("hints")
        assert isinstance(guide, HintGuide) and guide.hints[-1] is DICE and len(guide.hints) > 1
    st = pig.ruleset.new_state(pig.quick_setup(["red", "blue"], 1, None), None)
    h = Hints(SimpleNamespace(session=SimpleNamespace(state=st)))
    assert type(h.guide) is HintGuide and h.hints == [DICE]

    class PigGuide(HintGuide):
        hints = [DICE]

        def aiming(self, scene: object, p: object) -> bool:
            return True
    pig.window["hints"] = PigGuide()
    h2 = Hints(SimpleNamespace(session=SimpleNamespace(state=st)))
    assert isinstance(h2.guide, PigGuide) and h2.guide.aiming(None, None)
