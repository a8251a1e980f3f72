"""The step machine of game/core on its own (no ruleset): step specs, frames and
cancel, a nested interrupt suspended and resumed, rolls with the modifier hook,
group and opposed rolls, pending_chance and sampling by probability."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from game.core import chance
from game.core.dice import sample_face, seed_state
from game.core.driver import sample_chance
from game.core.events import Event, OrderDecided, RollMade
from game.core.machine import ROLL, Ctx, Decision, Engine, GroupRoll, StepError, split_by_value
from game.core.protocol import Choice
from game.core.step import Step


@dataclass
class Toy:
    stack: list[Step] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    rng: int = 0
    over: bool = False


@dataclass(frozen=True)
class Said(Event):
    what: str


def toy_engine() -> Engine:
    eng = Engine("toy")

    def pending(state: Toy) -> str:
        top = state.stack[-1]
        return ROLL if top.kind in eng.chance_steps else top.kind

    eng.pending = pending
    eng.settled = lambda ctx: ctx.state.over or not ctx.state.stack
    eng.dice("roll", "die", "n", "who", "reason")

    @eng.auto("say", "what")
    def _say(ctx: Ctx, step: Step) -> None:
        ctx.state.log.append(step["what"])
        ctx.emit(Said(step["what"]))

    @eng.auto("move", "piece", "legs", owner="piece")
    def _move(ctx: Ctx, step: Step) -> None:
        legs = step["legs"]
        if not legs:
            ctx.state.log.append(f"{step['piece']} done")
            return
        leg = legs[0]
        ctx.state.log.append(f"{step['piece']} {leg}")
        rest = step.with_(legs=legs[1:])
        if leg == "bump":  # an interrupt: the next piece reacts, then this move goes on
            ctx.push(eng.step("react", piece=chr(ord(step["piece"]) + 1)), rest)
        else:
            ctx.push(rest)

    @eng.auto("react", "piece")
    def _react(ctx: Ctx, step: Step) -> None:
        # the reacting piece makes a move of its own; b's bumps c in turn (nested)
        p = step["piece"]
        ctx.push(eng.step("move", piece=p, legs=("turn", "bump") if p == "b" else ("turn",)))

    return eng


def test_step_spec_rejects_fields_it_does_not_name() -> None:
    eng = toy_engine()
    assert eng.step("say", what="hi") == Step.make("say", what="hi")
    with pytest.raises(StepError, match="no field 'whta'"):
        eng.step("say", whta="hi")
    with pytest.raises(StepError, match="unknown step kind"):
        eng.step("shout", what="hi")
    ctx = Ctx(Toy(), eng)
    with pytest.raises(StepError, match="no field 'loud'"):
        ctx.push(Step.make("say", what="hi", loud=True))  # a step made by hand is checked when pushed
    with pytest.raises(StepError, match="unknown step kind"):
        ctx.push(Step.make("shout"))
    with pytest.raises(StepError, match="owner"):
        eng.spec("bad", "a", owner="b")


def test_steps_run_in_the_order_pushed() -> None:
    eng = toy_engine()
    st = Toy()
    ctx = Ctx(st, eng)
    ctx.push(eng.step("say", what="one"), eng.step("say", what="two"))
    eng.run(ctx)
    assert st.log == ["one", "two"]
    assert [e.what for e in ctx.events if isinstance(e, Said)] == ["one", "two"]


def test_nested_interrupt_is_suspended_and_resumed() -> None:
    eng = toy_engine()
    st = Toy()
    ctx = Ctx(st, eng)
    ctx.push(eng.step("move", piece="a", legs=("line", "bump", "line")), eng.step("say", what="after"))
    eng.run(ctx)
    # a's move is suspended under b's reaction (itself a move, suspended in turn
    # under c's); each resumes when the one above it is done
    assert st.log == ["a line", "a bump", "b turn", "b bump", "c turn", "c done", "b done",
                      "a line", "a done", "after"]


def test_cancel_ends_a_suspended_frame_wherever_it_lies() -> None:
    eng = toy_engine()
    st = Toy()
    a = eng.step("move", piece="a", legs=("line",))
    b = eng.step("move", piece="b", legs=("line",))
    st.stack[:] = [eng.step("say", what="end"), a, eng.step("say", what="x"), b, eng.step("say", what="top")]
    assert eng.frames(st.stack, "a", "move") == [1]
    assert eng.update(st.stack, "a", "move", lambda s: s.with_(legs=())) == 1
    assert st.stack[1]["legs"] == ()
    assert eng.cancel(st.stack, "a", "move") == 1
    assert eng.cancel(st.stack, "a", "move") == 0
    assert [s.kind for s in st.stack] == ["say", "say", "move", "say"]
    with pytest.raises(StepError, match="not a frame"):
        eng.cancel(st.stack, "a", "say")
    with pytest.raises(StepError, match="no field"):
        eng.update(st.stack, "b", "move", lambda s: s.with_(speed=2))


def test_roll_of_n_dice_and_modifier_hook() -> None:
    eng = toy_engine()
    eng.spec("total", "value", "faces")
    got: list[tuple[Any, ...]] = []

    @eng.auto("total", "value", "faces")
    def _total(ctx: Ctx, step: Step) -> None:
        got.append((step["value"], step["faces"]))

    def deliver(ctx: Ctx, step: Step, faces: tuple[int, ...], result: int, mod: str | None) -> None:
        ctx.emit(RollMade(step["who"], step["who"], step["reason"], step["die"], faces, result, mod))
        ctx.push(step["then"].with_(value=result, faces=faces))

    def plus_one_on_ones(ctx: Ctx, step: Step, faces: tuple[int, ...]) -> bool:
        # the modifier hook: a roll of all ones is turned into a 2 (a stand-in for favour)
        if all(f == 1 for f in faces):
            deliver(ctx, step, faces, 2, "+1")
            return True
        return False

    eng.deliver = deliver
    eng.modifier = plus_one_on_ones
    st = Toy()
    ctx = Ctx(st, eng)
    ctx.push(eng.step("roll", die="d6", n=3, who="a", reason="move", faces=(), then=eng.step("total")))
    eng.run(ctx)
    assert eng.pending(st) == ROLL
    for v in (4, 5, 6):
        eng.on_face(ctx, v)
        eng.run(ctx)
    assert got == [(15, (4, 5, 6))]
    ctx.push(eng.step("roll", die="d6", n=1, who="a", reason="luck", faces=(), then=eng.step("total")))
    eng.on_face(ctx, 1)
    eng.run(ctx)
    assert got[-1] == (2, (1,))
    rolls = [e for e in ctx.events if isinstance(e, RollMade)]
    assert [(r.result, r.favour) for r in rolls] == [(15, None), (2, "+1")]


def _group_engine(opposed: bool) -> tuple[Engine, list[Any]]:
    eng = toy_engine()
    done: list[Any] = []
    eng.auto("decided", "what", "order")(lambda ctx, step: done.append(step["order"]))
    GroupRoll(eng, "group", lambda m, why, then: eng.step("roll", die="d6", who=m, reason=why, faces=(), then=then),
              lambda what, order: eng.step("decided", what=what, order=order), opposed=opposed)
    eng.deliver = lambda ctx, step, faces, result, mod: ctx.push(step["then"].with_(value=result))
    return eng, done


def test_group_roll_rerolls_ties_among_the_tied() -> None:
    eng, done = _group_engine(False)
    st = Toy()
    ctx = Ctx(st, eng)
    ctx.push(eng.step("group", what="priority", groups=(("a", "b", "c"),), values=()))
    eng.run(ctx)
    whose = []
    for v in (3, 5, 5, 2, 6):  # a 3, b 5, c 5; b and c tie and roll again: b 2, c 6
        whose.append(st.stack[-1]["who"])
        eng.on_face(ctx, v)
        eng.run(ctx)
    assert whose == ["a", "b", "c", "b", "c"]
    assert done == [("c", "b", "a")]
    assert [e for e in ctx.events if isinstance(e, OrderDecided)] == [OrderDecided("priority", ("c", "b", "a"))]
    assert split_by_value(("a", "b", "c"), {"a": 1, "b": 4, "c": 1}) == (("b",), ("a", "c"))


def test_opposed_roll_has_no_reroll() -> None:
    eng, done = _group_engine(True)
    st = Toy()
    ctx = Ctx(st, eng)
    ctx.push(eng.step("group", what="duel", groups=(("a", "b"),), values=()))
    eng.run(ctx)
    for v in (4, 4):
        eng.on_face(ctx, v)
        eng.run(ctx)
    assert done == [(("a", 4), ("b", 4))]


class Pick(Decision):
    kind = "pick"
    fields = ("player", "of")
    keys = {"take": {"n"}}

    def candidates(self, state: Any, step: Step) -> list[Choice]:
        return [Choice.make("take", n=k) for k in step["of"]]

    def apply(self, ctx: Any, step: Step, choice: Choice) -> None:
        ctx.state.log.append(f"{step['player']} took {choice['n']}")


def test_decision_actor_candidates_check_apply() -> None:
    eng = toy_engine()
    eng.decision(Pick())
    st = Toy()
    ctx = Ctx(st, eng)
    ctx.push(eng.step("pick", player="p1", of=(1, 2)))
    eng.run(ctx)
    assert eng.pending(st) == "pick" and eng.actor(st) == "p1"
    assert eng.candidates(st) == [Choice.make("take", n=1), Choice.make("take", n=2)]
    assert eng.check(st, Choice.make("take", n=3)) == "not one of the legal choices"
    assert eng.bad_keys(Choice.make("take", m=1)) == "take takes no parameter 'm' (it takes: n)"
    assert eng.bad_keys(Choice.make("give")) == "unknown choice kind 'give'"
    eng.decide(ctx, Choice.make("take", n=2))
    assert st.log == ["p1 took 2"]


def test_pending_chance_and_probabilities() -> None:
    pc = chance.PendingChance("d6", "a", "p1", "move", chance.uniform(1, 6))
    assert len(pc.outcomes) == 6 and abs(sum(p for _, p in pc.outcomes) - 1) < 1e-12
    assert pc.probability(Choice.make("roll", value=3)) == pytest.approx(1 / 6)
    assert pc.probability(Choice.make("roll", value=7)) == 0.0
    many = chance.UniformOutcomes(0, 5000)
    assert len(many) == 5000 and many[4999] == (Choice.make("roll", value=4999), 1 / 5000)
    assert chance.is_uniform(many) and chance.is_uniform(chance.uniform(1, 3))
    assert not chance.is_uniform([(Choice.make("a"), 0.25), (Choice.make("b"), 0.75)])


def test_uniform_sampling_makes_exactly_the_old_draws() -> None:
    for seed in range(50):
        rng = seed_state(seed)
        for n in (3, 6, 360, 4321):
            outs: Any = chance.uniform(1, n) if n < 1000 else chance.UniformOutcomes(0, n)
            got, rng2 = chance.sample(outs, rng)
            face, rng3 = sample_face(rng, n)
            assert got == outs[face - 1][0] and rng2 == rng3
            rng = rng2


def test_sampling_by_probability_for_a_non_uniform_chance_step() -> None:
    outs = [(Choice.make("roll", value=1), 0.1), (Choice.make("roll", value=2), 0.0),
            (Choice.make("roll", value=3), 0.9)]
    rng = seed_state(7)
    counts = {1: 0, 2: 0, 3: 0}
    for _ in range(4000):
        c, rng = chance.sample(outs, rng)
        counts[c["value"]] += 1
    assert counts[2] == 0
    assert 300 < counts[1] < 500 and 3500 < counts[3] < 3700

    class Biased:  # a ruleset whose only chance step is weighted
        def chance_outcomes(self, state: Any) -> list[tuple[Choice, float]]:
            return outs

    st = Toy(rng=seed_state(1))
    first = sample_chance(Biased(), st)
    assert first in [c for c, _ in outs] and st.rng != seed_state(1)
    st2 = Toy(rng=seed_state(1))
    assert sample_chance(Biased(), st2) == first and st2.rng == st.rng  # deterministic


# --- the two races on the machine ------------------------------------------------------

LEVELS = __import__("pathlib").Path(__file__).resolve().parent.parent / "levels"

def test_both_races_say_which_die_is_pending() -> None:
    from game.levels.course import load_course
    from game.rules.doomwheel import RULESET as DOOM, DoomSetup, new_state as new_doom
    from game.rules.wild_race import RULESET as RACE, RaceSetup, new_state as new_race
    st = new_race(RaceSetup(load_course(str(LEVELS / "wild_race" / "sample_sprint.json")), (("red", "Red"), ("blue", "Blue")), 1, 3))
    pc = RACE.pending_chance(st)
    assert (pc.die, pc.reason, pc.who == pc.player) == ("d6", "placement", True)
    assert [c for c, _ in pc.outcomes] == [c for c, _ in RACE.chance_outcomes(st)]
    assert abs(sum(p for _, p in pc.outcomes) - 1) < 1e-12
    ds = new_doom(DoomSetup(load_course(str(LEVELS / "doomwheel" / "figure_of_eight.json")), (("red", "Red"), ("blue", "Blue")), 3))
    pc = DOOM.pending_chance(ds)
    assert (pc.die, pc.reason, len(pc.outcomes)) == ("d6", "grid", 6)


def test_a_wild_race_move_is_a_frame_and_digests_keep_the_old_slot() -> None:
    from game.core.protocol import CHANCE, TERMINAL
    from game.core.record import state_tree
    from game.levels.course import load_course
    from game.rules.wild_race import RULESET as RACE, RaceSetup, new_state as new_race
    from game.sim import make_agents
    course = load_course(str(LEVELS / "wild_race" / "sample_sprint.json"))
    for seed in range(1, 30):
        st = new_race(RaceSetup(course, (("red", "Red"), ("blue", "Blue")), 2, seed))
        agents = make_agents("greedy", ["red", "blue"], seed)
        while RACE.current_actor(st) != TERMINAL and st.move is None:
            a = RACE.current_actor(st)
            RACE.apply(st, sample_chance(RACE, st) if a == CHANCE else agents[a].act(RACE, st, RACE.legal_choices(st)))
        if st.move is not None:
            break
    m = st.move
    assert m is not None
    frames = [s for s in st.stack if s.kind == "move"]
    assert len(frames) == 1 and frames[0]["racer"] == m.racer and frames[0]["move"] is m
    tree = state_tree(st)
    assert tree["move"]["racer"] == m.racer and all(s["kind"] != "move" for s in tree["stack"])
    assert list(tree).index("move") == list(tree).index("passes") - 1  # where the slot was
    c = st.clone()
    assert c.move is not m and c.move == m
    c.move.legs.append((0.0, 1.0))  # type: ignore[union-attr]
    assert c.move != m
