"""The one scenario runner (game/core/scenario.py) with a ruleset that gives only the
hooks it must (setup and state_json): a toy dice game, where on your turn you roll a
D6 and add it to your score; the first to 10 wins. The hooks' defaults read the
dice and choices, check a die against the rules' pending_chance and fill in."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from game.core.chance import PendingChance, uniform
from game.core.errors import BadInput
from game.core.jsonload import Obj
from game.core.protocol import CHANCE, TERMINAL, Choice
from game.core.scenario import ScenarioHooks, Setup, run_file


@dataclass
class Rolled:
    kind = "Rolled"
    player: str
    value: int

    def text(self) -> str:
        return f"{self.player} rolls {self.value}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "value": self.value}


@dataclass
class Dice:
    players: tuple[str, ...]
    scores: dict[str, int] = field(default_factory=dict)
    turn: int = 1
    phase: str = "play"
    rolling: bool = False
    seed: int = 0
    rng: int = 1

    @property
    def player(self) -> str:
        return self.players[(self.turn - 1) % len(self.players)]


class DiceRules:
    def current_actor(self, st: Dice) -> str:
        return TERMINAL if st.phase == "over" else CHANCE if st.rolling else st.player

    def legal_choices(self, st: Dice) -> list[Choice]:
        return [Choice.make("roll")]

    def is_legal(self, st: Dice, ch: Choice) -> str | None:
        return None if ch.kind == "roll" else f"no {ch.kind!r} in this game"

    def chance_outcomes(self, st: Dice) -> list[tuple[Choice, float]]:
        return uniform(1, 6)

    def pending_chance(self, st: Dice) -> PendingChance:
        return PendingChance("d6", st.player, st.player, "score", uniform(1, 6))

    def apply(self, st: Dice, ch: Choice) -> list[Any]:
        if not st.rolling:
            st.rolling = True
            return []
        st.rolling = False
        p = st.player
        st.scores[p] = st.scores.get(p, 0) + int(ch["value"])
        if st.scores[p] >= 10:
            st.phase = "over"
        else:
            st.turn += 1
        return [Rolled(p, int(ch["value"]))]


class DiceHooks(ScenarioHooks):
    ruleset_name = "dice"
    rules = DiceRules()

    def setup(self, o: Obj, source: str) -> Setup:
        players = tuple(v.string(min_len=1, max_len=20) for v in o.get("players").lst(min_len=1, max_len=4))
        return Setup(Dice(players, {p: 0 for p in players}, seed=o.integer("seed", lo=0, default=0)), [])

    def state_json(self, st: Dice) -> dict[str, Any]:
        return {"turn": st.turn, "phase": st.phase, "scores": dict(st.scores), "pending": st.phase != "over"}


def play(tmp_path: Any, capsys: pytest.CaptureFixture[str], data: dict[str, Any], *flags: str) -> tuple[int, str]:
    path = tmp_path / "dice.json"
    path.write_text(json.dumps({"format": 1, "kind": "scenario", "ruleset": "dice", "players": ["a", "b"], **data}))
    code = run_file(str(path), DiceHooks(), "--json" in flags)
    out = capsys.readouterr()
    return code, out.out + out.err


def test_a_script_plays_and_its_expectations_are_checked(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = play(tmp_path, capsys, {
        "dice": [6, {"value": 2, "for": "b", "reason": "score"}, 5],
        "choices": [{"kind": "roll", "player": "a"}, {"kind": "roll"}, {"kind": "roll"}],
        "run_until": "race_end", "fill": {"choices": "random", "dice": "seeded"},
        "expect": {"state": {"phase": "over", "scores.a": 11}, "events": ["Rolled", {"kind": "Rolled", "value": 5}]}})
    assert code == 0, out
    assert "a rolls 6" in out and "b rolls 2" in out and out.rstrip().endswith("ok")


def test_a_mismatch_is_exit_1_and_json_follows_the_schema(tmp_path: Any,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out = play(tmp_path, capsys, {"dice": [3], "choices": [{"kind": "roll"}],
                                        "expect": {"state": {"scores.a": 4}}}, "--json")
    assert code == 1
    res = json.loads(out)
    assert res["schema"] == "wild-table/scenario-result" and res["mismatches"] == [
        "expect.state.scores.a: expected 4, got 3"] and res["state"]["scores"] == {"a": 3, "b": 0}


@pytest.mark.parametrize("data, where", [
    ({"dice": [7], "choices": [{"kind": "roll"}]}, "dice[0]: a's score is a d6: 1-6, got 7"),
    ({"dice": [{"value": 2, "for": "b"}], "choices": [{"kind": "roll"}]}, "dice[0]: this die is a's score, not b's"),
    ({"choices": [{"kind": "roll"}, {"kind": "roll"}]}, "dice: ran out of scripted dice: a's score (d6) is pending"),
    ({"choices": [{"kind": "jump"}]}, "choices[0]: illegal choice jump(): no 'jump' in this game"),
    ({"choices": [{"kind": "roll", "player": "b"}]}, "choices[0]: it is a's decision, not b's"),
    ({"dice": [1], "fill": {"choices": "greedy"}}, "fill.choices: must be one of"),
    ({"bogus": 1}, "bogus: unknown field"),
])
def test_a_bad_script_is_exit_2_naming_the_field(tmp_path: Any, capsys: pytest.CaptureFixture[str],
                                                  data: dict[str, Any], where: str) -> None:
    code, out = play(tmp_path, capsys, data)
    assert code == 2 and where in out, out


def test_the_wrong_ruleset_is_named(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = play(tmp_path, capsys, {"ruleset": "chess"})
    assert code == 2 and "ruleset: must be 'dice'" in out
    with pytest.raises(BadInput):
        DiceHooks().load({"format": 1, "kind": "scenario", "ruleset": "dice"}, "<test>")
