"""Pig, a dice game written as a ruleset from outside the program (issue 13: "the door
works"): it uses only game/core (the step machine, chance, events, the registry, the
scenario runner) and registers itself by hand, with no rooms in game/rules, game/ai or
game/ui. tests/test_toy_ruleset.py plays it through `simulate` and `scenario`.

The rules: on your turn throw a D6 as often as you like; a 1 loses what you threw this
turn and passes the die; any other face adds to your turn's total. Hold to bank the
total and pass the die. The first to bank `target` points (20 unless the setup says)
wins. Its decision is a frame owned by the player, so a 1 ends the turn with
`Engine.cancel`, wherever that frame lies.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from game.core.chance import PendingChance
from game.core.dice import seed_state
from game.core.errors import IllegalChoice
from game.core.events import Event, RollMade
from game.core.machine import ROLL, Ctx, Decision, Engine
from game.core.protocol import CHANCE, TERMINAL, Choice
from game.core.scenario import ScenarioHooks, Setup
from game.core.jsonload import Obj
from game.core.step import Step

NAME = "pig"
ENGINE = Engine(NAME)


@dataclass
class PigState:
    players: list[str]
    target: int = 20
    scores: dict[str, int] = field(default_factory=dict)
    banked_this_turn: int = 0
    current: int = 0
    turn: int = 1
    phase: str = "throwing"
    rng: int = 0
    stack: list[Step] = field(default_factory=list)
    winner: str | None = None


@dataclass(frozen=True)
class Held(Event):
    player: str
    points: int
    score: int

    def text(self) -> str:
        return f"{self.player} holds: +{self.points}, {self.score} in all"


@dataclass(frozen=True)
class Busted(Event):
    player: str
    lost: int

    def text(self) -> str:
        return f"{self.player} throws a 1 and loses {self.lost}"


class Go(Decision):
    """The player whose turn it is: throw again or hold."""

    kind = "go"
    fields = ("player",)
    keys = {"throw": set(), "hold": set()}

    def candidates(self, state: Any, step: Step) -> list[Choice]:
        out = [Choice.make("throw")]
        if state.banked_this_turn:
            out.append(Choice.make("hold"))
        return out

    def apply(self, ctx: Any, step: Step, choice: Choice) -> None:
        st = ctx.state
        who = step["player"]
        if choice.kind == "throw":
            ctx.push(ENGINE.step("roll", faces=(), then=ENGINE.step("thrown", who=who), who=who), step)
            return
        st.scores[who] += st.banked_this_turn
        ctx.emit(Held(who, st.banked_this_turn, st.scores[who]))
        st.banked_this_turn = 0
        if st.scores[who] >= st.target:
            st.winner = who
            return
        _pass(st)


def _pass(st: PigState) -> None:
    st.current = (st.current + 1) % len(st.players)
    st.turn += 1


ENGINE.decision(Go(), "player")
ENGINE.spec("go", owner="player")  # the turn is the player's frame
ENGINE.dice("roll", "who")


@ENGINE.auto("thrown", "value", "faces", "who")
def _thrown(ctx: Any, step: Step) -> None:
    st, who, value = ctx.state, step["who"], step["value"]
    ctx.emit(RollMade(who, who, "throw", "d6", step["faces"], value))
    if value == 1:
        ctx.emit(Busted(who, st.banked_this_turn))
        st.banked_this_turn = 0
        ENGINE.cancel(st.stack, who, "go")  # the turn ends, wherever its frame lies
        _pass(st)
    else:
        st.banked_this_turn += value


def _when_empty(ctx: Any) -> None:
    st = ctx.state
    st.stack.append(ENGINE.step("go", player=st.players[st.current]))


ENGINE.when_empty = _when_empty
ENGINE.settled = lambda ctx: ctx.state.winner is not None


def _pending(st: PigState) -> str:
    top = st.stack[-1]
    return ROLL if top.kind == "roll" else top.kind


ENGINE.pending = _pending
_FACES = [(Choice.make("roll", value=v), 1 / 6) for v in range(1, 7)]


class Pig:
    """The protocol (game.core.protocol.Ruleset)."""

    name = NAME

    def new_state(self, setup: Any, options: Any = None) -> PigState:
        players, seed = setup["players"], setup.get("seed", 1)
        st = PigState(list(players), int(setup.get("target", 20)), {p: 0 for p in players}, rng=seed_state(seed))
        ENGINE.run(Ctx(st, ENGINE))
        return st

    def current_actor(self, st: PigState) -> str:
        if st.winner is not None:
            return TERMINAL
        return CHANCE if ENGINE.pending(st) == ROLL else ENGINE.actor(st)

    def legal_choices(self, st: PigState) -> list[Choice]:
        return ENGINE.candidates(st)

    def is_legal(self, st: PigState, choice: Choice) -> str | None:
        if self.current_actor(st) in (CHANCE, TERMINAL):
            return "no decision is pending"
        return ENGINE.bad_keys(choice) or ENGINE.check(st, choice)

    def chance_outcomes(self, st: PigState) -> list[tuple[Choice, float]]:
        return list(_FACES)

    def pending_chance(self, st: PigState) -> PendingChance:
        who = st.stack[-1]["who"]
        return PendingChance("d6", who, who, "throw", _FACES)

    def apply(self, st: PigState, choice: Choice) -> list[Any]:
        ctx = Ctx(st, ENGINE)
        if self.current_actor(st) == CHANCE:
            if choice.kind != "roll" or choice.get("value") not in range(1, 7):
                raise IllegalChoice(choice, "a D6 shows 1-6")
            ENGINE.on_face(ctx, choice["value"])
        else:
            ENGINE.refuse(choice, self.is_legal(st, choice))
            ENGINE.decide(ctx, choice)
        ENGINE.run(ctx)
        return ctx.events

    def outcome(self, st: PigState) -> dict[str, Any]:
        return {"winner": st.winner, "scores": dict(st.scores)}

    def clone(self, st: PigState) -> PigState:
        return copy.deepcopy(st)


RULESET = Pig()


class PigScenario(ScenarioHooks):
    """Scenario hooks: a file's `players`, `target` and `scores`; the rest is the defaults."""

    ruleset_name = NAME
    rules = RULESET
    turn_ahead_phase = None

    def setup(self, o: Obj, source: str) -> Setup:
        players = [v.value for v in o.lst("players", min_len=2, max_len=6)]
        st = RULESET.new_state({"players": players, "target": o.integer("target", lo=1, hi=1000, default=20)})
        if o.has("scores"):
            so = o.get("scores").obj()
            for p in players:
                st.scores[p] = so.integer(p, lo=0, hi=1000, default=0)
            so.done()
        return Setup(st, [])

    def top_kind(self, st: Any) -> str:
        return st.stack[-1].kind if st.stack else "none"

    def fill_seed(self, st: Any, actor: str, made: int) -> int:
        return 7 + made

    def state_json(self, st: Any) -> dict[str, Any]:
        return {"scores": dict(st.scores), "turn": st.turn, "winner": st.winner,
                "banked_this_turn": st.banked_this_turn, "player": st.players[st.current],
                "phase": st.phase, "pending": self.top_kind(st)}

    def piece_lines(self, data: dict[str, Any]) -> list[str]:
        return [f"  {p}: {s}" for p, s in data["scores"].items()]
