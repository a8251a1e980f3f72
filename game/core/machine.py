"""The step machine every ruleset runs on: a stack of pending steps (game.core.step)
worked by one `Engine` per ruleset, which owns that ruleset's registries.

- **Step specs.** Every step kind is declared once with the fields it may carry
  (`Engine.spec`, or the registering decorators); a step pushed with a field its
  spec does not name is an error (StepError), so a misspelt field never passes
  silently. A spec may name its `owner` field: the piece whose frame it is.
- **Automatic steps** run at once (`Engine.auto`); **decisions** (`Decision`:
  actor, candidates, check, apply) wait for their player's choice; **chance steps**
  wait for a die.
- **Dice.** A roll step throws `n` dice; when the last one is in, the engine's
  `modifier` hook may take the roll over (the Wild Race's favour: keep, re-roll or
  change by one), else `deliver` hands the result on. Group rolls (everyone rolls,
  highest first, ties re-rolled among the tied) and opposed rolls (two sides, no
  re-roll) are `GroupRoll`s; `split_by_value` is the ordering both races share.
- **Frames.** A step carrying an owner (a move of one piece, say) is a frame. An
  interrupt is pushed above it (`Ctx.push(interrupt, rest_of_move)`): the move is
  suspended under it and resumes when the interrupt's steps have run, or the rules
  end it with `Engine.cancel(stack, owner, kind)`, wherever it lies in the stack.
  `Engine.update(stack, owner, kind, **fields)` edits every pending frame of an owner.

A ruleset makes its Engine, registers its steps, sets the hooks (`pending`,
`settled`, `when_empty`, `modifier`, `deliver`) and calls `Engine.run(ctx)` after each
choice. The stack lives in the state (`state.stack`), so a state is saved and cloned
with it; the Engine holds only code and tables, never a game.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from mypy_extensions import mypyc_attr

from game.core.errors import IllegalChoice
from game.core.events import Event, OrderDecided
from game.core.protocol import Choice
from game.core.step import Step

ROLL = "roll"  # what `pending` answers while a die is awaited
LIMIT = 100000  # steps one apply may run before the rules are taken to loop

Handler = Callable[[Any, Step], None]


class StepError(ValueError):
    """A step the engine does not know, or one with a field its spec does not name."""


class StepSpec:
    """A step kind and the fields it may carry (and, for a frame, the field naming
    its owner)."""

    __slots__ = ("kind", "fields", "owner")

    def __init__(self, kind: str, fields: frozenset[str], owner: str = "") -> None:
        if owner and owner not in fields:
            raise StepError(f"step {kind!r}: its owner field {owner!r} is not one of its fields")
        self.kind = kind
        self.fields = fields
        self.owner = owner

    def make(self, **kw: Any) -> Step:
        """A new step of this kind (its fields checked)."""
        step = Step(self.kind, kw)
        self.check(step)
        return step

    def check(self, step: Step) -> None:
        if not self.fields.issuperset(step.args):
            extra = sorted(k for k in step.args if k not in self.fields)
            raise StepError(f"step {self.kind!r} has no field {extra[0]!r} "
                            f"(it has: {', '.join(sorted(self.fields)) or 'none'})")

    def __repr__(self) -> str:
        own = f", owner={self.owner}" if self.owner else ""
        return f"StepSpec({self.kind}: {', '.join(sorted(self.fields))}{own})"


@mypyc_attr(allow_interpreted_subclasses=True)
class Decision:
    """A kind of decision step: who decides, the candidates offered to agents, the
    check of any choice (also values a human typed) and what the choice does.
    `keys`: the choice kinds it takes and their parameters (anything else is refused
    before `check` is asked)."""

    kind: ClassVar[str] = ""
    fields: ClassVar[tuple[str, ...]] = ()
    keys: ClassVar[dict[str, set[str]]] = {}

    def actor(self, state: Any, step: Step) -> str:
        return str(step["player"])

    def needed(self, state: Any, step: Step) -> bool:
        """False if the decision has nothing to ask any more (it is then dropped)."""
        return True

    def candidates(self, state: Any, step: Step) -> list[Choice]:
        raise NotImplementedError

    def check(self, state: Any, step: Step, choice: Choice) -> str | None:
        return None if choice in self.candidates(state, step) else "not one of the legal choices"

    def apply(self, ctx: Any, step: Step, choice: Choice) -> None:
        raise NotImplementedError


def push_steps(engine: "Engine", stack: list[Step], steps: tuple[Step, ...]) -> None:
    """Push steps so that they run in the order given (the first on top), each
    checked against its spec. An interrupt is pushed this way above the frame it
    suspends."""
    allowed = engine.fields
    for s in reversed(steps):
        kind = s.kind
        if kind not in allowed or not allowed[kind].issuperset(s.args):
            engine.refuse_step(s)
        stack.append(s)


@mypyc_attr(allow_interpreted_subclasses=True)
class Ctx:
    """One apply: the state, its engine and the events emitted so far: what the
    machine hands to every handler. A ruleset may use it as it is or bring its own
    with the same parts (`state` with its `stack`, `engine`, `events`, `emit`, `push`
    through `push_steps`) and what its handlers share besides (the table, say), its
    state typed as its own."""

    __slots__ = ("state", "engine", "events")

    def __init__(self, state: Any, engine: "Engine") -> None:
        self.state = state
        self.engine = engine
        self.events: list[Event] = []

    def emit(self, e: Event) -> None:
        self.events.append(e)

    def push(self, *steps: Step) -> None:
        """Push steps so that they run in the order given (the first on top)."""
        push_steps(self.engine, self.state.stack, steps)


def _no_settle(ctx: Any) -> bool:
    return False


def _empty(ctx: Any) -> None:
    raise RuntimeError("the step stack ran empty")


def _top_kind(state: Any) -> str:
    stack = state.stack
    return stack[-1].kind if stack else ""


def _plain_deliver(ctx: Any, step: Step, faces: tuple[int, ...], result: int, modifier: str | None) -> None:
    ctx.push(step["then"].with_(value=result, faces=faces))


class Engine:
    """One ruleset's step machine: its step specs, automatic-step handlers, decision
    kinds, chance-step kinds, the choice kinds it takes, and its hooks:

    - `end_phase`: the value of `state.phase` once the game is over (the run stops
      there; "" if the state says it otherwise);
    - `pending(state)`: the kind of the pending input: ROLL, a decision kind, or
      anything else for an automatic step (default: the top step's kind);
    - `settled(ctx)`: True when the run must stop before the next step (the game
      ends some other way, say); it may end the game itself;
    - `when_empty(ctx)`: the stack ran empty (start the next phase; default: error);
    - `modifier(ctx, step, faces)`: after the last die of a roll step; True if it
      took the roll over (an offer to change it), else the roll is delivered;
    - `deliver(ctx, step, faces, result, modifier)`: hand a finished roll on
      (default: push its `then` step with value and faces).
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.specs: dict[str, StepSpec] = {}
        self.fields: dict[str, frozenset[str]] = {}  # kind -> its spec's fields (the check on every push)
        self.auto_steps: dict[str, Handler] = {}
        self.decisions: dict[str, Decision] = {}
        self.always: set[str] = set()  # decision kinds whose `needed` is always True (not asked)
        self.chance_steps: dict[str, Callable[[Any, Step, int], None]] = {}
        self.choice_keys: dict[str, frozenset[str]] = {}
        self.end_phase = ""
        self.pending: Callable[[Any], str] = _top_kind
        self.settled: Callable[[Any], bool] = _no_settle
        self.when_empty: Callable[[Any], None] = _empty
        self.modifier: Callable[[Any, Step, tuple[int, ...]], bool] | None = None
        self.deliver: Callable[[Any, Step, tuple[int, ...], int, str | None], None] = _plain_deliver
        self.hooks: dict[str, Callable[..., Any]] = {}  # the ruleset's own named hooks (a phase's start...)

    # --- registration -----------------------------------------------------------------
    def spec(self, kind: str, *fields: str, owner: str = "") -> StepSpec:
        """Declare a step kind and its fields (declaring it again adds fields)."""
        old = self.specs.get(kind)
        names = frozenset(fields) | (old.fields if old is not None else frozenset())
        sp = StepSpec(kind, names, owner or (old.owner if old is not None else ""))
        self.specs[kind] = sp
        self.fields[kind] = names
        return sp

    def refuse_step(self, step: Step) -> None:
        """Raise the StepError for a step its spec does not allow (or no spec)."""
        sp = self.specs.get(step.kind)
        if sp is None:
            raise StepError(f"unknown step kind {step.kind!r}")
        sp.check(step)

    def step(self, kind: str, **kw: Any) -> Step:
        """A new step of a declared kind (its fields checked)."""
        sp = self.specs.get(kind)
        if sp is None:
            raise StepError(f"unknown step kind {kind!r}")
        return sp.make(**kw)

    def auto(self, kind: str, *fields: str, owner: str = "") -> Callable[[Handler], Handler]:
        """Register the handler of an automatic step kind with its fields."""
        self.spec(kind, *fields, owner=owner)

        def reg(fn: Handler) -> Handler:
            self.auto_steps[kind] = fn
            return fn
        return reg

    def decision(self, d: Decision, *fields: str) -> Decision:
        """Register a decision kind (its step fields, its choice kinds)."""
        self.spec(d.kind, *fields, *d.fields)
        self.decisions[d.kind] = d
        if getattr(type(d), "needed", None) is Decision.needed:
            self.always.add(d.kind)
        else:
            self.always.discard(d.kind)
        self.choices(d.keys)
        return d

    def chance(self, kind: str, on_face: Callable[[Any, Step, int], None], *fields: str) -> None:
        """Register a chance step kind: `on_face(ctx, step, value)` runs with the
        popped step when its die comes in."""
        self.spec(kind, *fields)
        self.chance_steps[kind] = on_face

    def dice(self, kind: str = "roll", *fields: str) -> None:
        """Register the roll of n dice: a chance step with `faces` (thrown so far),
        `n` (how many, default 1) and `then`, run by `roll_face`."""
        self.chance(kind, self.roll_face, "faces", "then", *fields)

    def choices(self, keys: dict[str, set[str]] | dict[str, frozenset[str]]) -> None:
        """Declare choice kinds and the parameters each may carry."""
        for k, v in keys.items():
            self.choice_keys[k] = frozenset(v) | self.choice_keys.get(k, frozenset())

    # --- frames -------------------------------------------------------------------------
    def owner_field(self, kind: str) -> str:
        sp = self.specs.get(kind)
        if sp is None or not sp.owner:
            raise StepError(f"step {kind!r} is not a frame (its spec names no owner)")
        return sp.owner

    def frames(self, stack: list[Step], owner: str, kind: str) -> list[int]:
        """Where the owner's pending frames of a kind lie in the stack (bottom first)."""
        f = self.owner_field(kind)
        return [i for i, s in enumerate(stack) if s.kind == kind and s.args.get(f) == owner]

    def cancel(self, stack: list[Step], owner: str, kind: str) -> int:
        """End every pending frame of `kind` the owner has, wherever it lies (a move
        suspended under an interrupt too); returns how many were removed."""
        f = self.owner_field(kind)
        keep = [s for s in stack if not (s.kind == kind and s.args.get(f) == owner)]
        gone = len(stack) - len(keep)
        if gone:
            stack[:] = keep
        return gone

    def update(self, stack: list[Step], owner: str, kind: str, fn: Callable[[Step], Step]) -> int:
        """Replace each pending frame of `kind` the owner has by fn(frame); returns
        how many were changed."""
        idx = self.frames(stack, owner, kind)
        for i in idx:
            new = fn(stack[i])
            self.specs[kind].check(new)
            stack[i] = new
        return len(idx)

    # --- running ------------------------------------------------------------------------
    def run(self, ctx: Any) -> None:
        """Run automatic steps until a decision or a die is pending or `settled`."""
        state = ctx.state
        stack: list[Step] = state.stack
        pending = self.pending
        by_top = pending is _top_kind
        settled = self.settled
        check = settled is not _no_settle
        end = self.end_phase
        decisions = self.decisions
        always = self.always
        auto_steps = self.auto_steps
        for _ in range(LIMIT):
            if end and state.phase == end:
                return
            if check and settled(ctx):
                return
            if not stack:
                self.when_empty(ctx)
                continue
            k = stack[-1].kind if by_top else pending(state)
            if k == ROLL:
                return
            if k in decisions:  # `in` and [] rather than .get: this loop runs every step
                if k in always or decisions[k].needed(state, stack[-1]):
                    return
                stack.pop()
                continue
            step = stack.pop()
            if step.kind not in auto_steps:
                raise StepError(f"no handler for step {step.kind!r}")
            auto_steps[step.kind](ctx, step)
        raise RuntimeError("the rules did not settle (step loop)")

    def on_face(self, ctx: Any, value: int) -> None:
        """A die came in for the pending chance step: pop it, hand it the value."""
        top = ctx.state.stack.pop()
        self.chance_steps[top.kind](ctx, top, value)

    def roll_face(self, ctx: Any, top: Step, value: int) -> None:
        """One die of a roll step: wait for the rest, then the modifier hook, then
        deliver the sum."""
        args = top.args
        faces: tuple[int, ...] = args["faces"] + (value,)
        if len(faces) < args.get("n", 1):
            ctx.push(top.with_(faces=faces))
            return
        hook = self.modifier
        if hook is not None and hook(ctx, top, faces):
            return
        self.deliver(ctx, top, faces, sum(faces), None)

    def decide(self, ctx: Any, choice: Choice) -> None:
        """Apply a decision's choice to the top step (popped first)."""
        step = ctx.state.stack.pop()
        self.decisions[self.pending_of(step)].apply(ctx, step, choice)

    def pending_of(self, step: Step) -> str:
        return step.kind

    def bad_keys(self, choice: Choice, name_allowed: bool = True) -> str | None:
        """Why a choice's kind or parameters are not ones this engine takes, or None."""
        allowed = self.choice_keys.get(choice.kind)
        if allowed is None:
            return f"unknown choice kind {choice.kind!r}"
        for k, _ in choice.args:  # sorted by name: the first unknown one is named
            if k not in allowed:
                if name_allowed:
                    return (f"{choice.kind} takes no parameter {k!r} "
                            f"(it takes: {', '.join(sorted(allowed)) or 'none'})")
                return f"{choice.kind} takes no parameter {k!r}"
        return None

    def actor(self, state: Any) -> str:
        """The player deciding the pending decision step."""
        return self.decisions[self.pending(state)].actor(state, state.stack[-1])

    def check(self, state: Any, choice: Choice) -> str | None:
        return self.decisions[self.pending(state)].check(state, state.stack[-1], choice)

    def candidates(self, state: Any) -> list[Choice]:
        return self.decisions[self.pending(state)].candidates(state, state.stack[-1])

    def refuse(self, choice: Choice, reason: str | None) -> None:
        if reason is not None:
            raise IllegalChoice(choice, reason)


# --- group and opposed rolls ---------------------------------------------------------

def split_by_value(group: tuple[str, ...], values: dict[str, int]) -> tuple[tuple[str, ...], ...]:
    """A group split by its members' values, highest first (members with equal
    values stay together, in their order)."""
    return tuple(tuple(m for m in group if values[m] == v) for v in sorted({values[m] for m in group}, reverse=True))


def replace_group(groups: tuple[tuple[str, ...], ...], old: tuple[str, ...],
                  new: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
    """The ordered groups with `old` replaced by the groups `new` (in place)."""
    return tuple(x for h in groups for x in (new if h == old else (h,)))


class GroupRoll:
    """Everyone in a group rolls a die; highest first. `opposed=False`: ties are
    re-rolled among the tied until the order is decided, then `done(what, order)`
    is pushed (and an OrderDecided event emitted). `opposed=True`: every member
    rolls once, no re-roll, and `done(what, ((member, value), ...))` is pushed.

    Its steps: `kind` (what, groups, values[, member, value]), a roll step of the
    engine's dice per die (die d6 unless given), then `done`'s step. A ruleset whose
    roll steps carry more fields (a player, a reason) gives `roll_step`."""

    def __init__(self, engine: Engine, kind: str, roll_step: Callable[[str, str, Step], Step],
                 done: Callable[[str, Any], Step], opposed: bool = False) -> None:
        self.engine = engine
        self.kind = kind
        self.roll_step = roll_step
        self.done = done
        self.opposed = opposed
        engine.auto(kind, "what", "groups", "values", "member", "value", "faces")(self.resolve)

    def start(self, what: str, members: tuple[str, ...]) -> Step:
        """The step that rolls for `members` (push it)."""
        return self.engine.step(self.kind, what=what, groups=(members,), values=())

    def resolve(self, ctx: Any, step: Step) -> None:
        vals = dict(step["values"])
        if "value" in step.args:
            vals[step["member"]] = step["value"]
        groups: tuple[tuple[str, ...], ...] = step["groups"]
        for g in groups:
            if len(g) < 2:
                continue
            missing = [m for m in g if m not in vals]
            if missing:
                nxt = Step(self.kind, {"what": step["what"], "groups": groups,
                                       "values": tuple(sorted(vals.items())), "member": missing[0]})
                ctx.push(self.roll_step(missing[0], step["what"], nxt))
                return
            if self.opposed:
                ctx.push(self.done(step["what"], tuple((m, vals[m]) for m in g)))
                return
            split = split_by_value(g, vals)
            keep = {m: v for m, v in vals.items() if not any(m in t and len(t) > 1 for t in split)}
            ctx.push(Step(self.kind, {"what": step["what"], "groups": replace_group(groups, g, split),
                                      "values": tuple(sorted(keep.items()))}))
            return
        order = tuple(g[0] for g in groups)
        ctx.emit(OrderDecided(step["what"], order))
        ctx.push(self.done(step["what"], order))
