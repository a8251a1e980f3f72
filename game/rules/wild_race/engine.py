"""The step machine of the Wild Race: the stack of pending steps, dice as chance
steps, favour offers (spec §3) and group rolls (priority, placement, barge roll-off;
CONTRACTS §1 favour order: the lower result decides first, alternating until all keep).

It runs on the shared step machine (game.core.machine): `ENGINE` owns this ruleset's
step specs, handlers, decisions and hooks; favour is the machine's roll modifier hook.
Automatic steps run at once; a decision step waits for its player's choice; a roll
step waits for the chance outcome. Handlers for every step kind register here.
"""

from __future__ import annotations

from typing import Any, Callable

from game.core.chance import PendingChance, uniform
from game.core.dice import faces_of
from game.core.errors import IllegalChoice
from game.core.events import Event, RollMade
from game.core.machine import Decision as MachineDecision, Engine, push_steps, replace_group, split_by_value
from game.core.protocol import CHANCE, TERMINAL, Choice
from game.rules.wild_race import events as ev
from game.rules.wild_race.geo import Geo, geo_of
from game.rules.wild_race.state import MOVE, OVER, MoveInProgress, RaceState, Step

ENGINE = Engine("wild-race")
Handler = Callable[["Ctx", Step], None]


class Ctx:
    """What a handler works with (the machine's Ctx, its state typed as a RaceState):
    the state, the events so far, the table."""

    __slots__ = ("state", "engine", "events", "geo")

    def __init__(self, state: RaceState) -> None:
        self.state = state
        self.engine = ENGINE
        self.events: list[Event] = []
        self.geo: Geo = geo_of(state)

    def emit(self, e: Event) -> None:
        self.events.append(e)

    def push(self, *steps: Step) -> None:
        """Push steps so that they run in the order given (the first on top)."""
        push_steps(ENGINE, self.state.stack, steps)


class Decision(MachineDecision):
    """A kind of decision step of the Wild Race (its player decides unless it says)."""


def decision(cls: type[Decision], *fields: str) -> type[Decision]:
    """Register a decision kind and the fields of its step (called after each class:
    a class decorator would keep mypyc from compiling the class)."""
    ENGINE.decision(cls(), *fields)
    return cls


def auto(kind: str, *fields: str, owner: str = "") -> Callable[[Handler], Handler]:
    """Register an automatic step kind with the fields it carries."""
    return ENGINE.auto(kind, *fields, owner=owner)


# --- moves as frames ------------------------------------------------------------------
# A racer's move is a frame on the stack: a `move` step owned by the racer holding the
# MoveInProgress, under the steps that resolve it (state.move finds the topmost).

@auto(MOVE, "racer", "move", owner="racer")
def _move_frame(ctx: "Ctx", step: Step) -> None:
    """A move frame came to the top: nothing of its move is left to resolve."""


def start_frame(ctx: "Ctx", m: MoveInProgress, *steps: Step) -> None:
    """Push the steps resolving a move (first on top) above the move's frame."""
    ctx.push(*steps, Step(MOVE, {"racer": m.racer, "move": m}))


def end_frame(state: RaceState, racer: str) -> None:
    """The racer's move is over (or cancelled by the rules): drop its frame."""
    ENGINE.cancel(state.stack, racer, MOVE)


# --- dice ---------------------------------------------------------------------

def roll(die: str, who: str, player: str, reason: str, then: Step, favour: bool = True) -> Step:
    """A roll step: `then` receives `value` (the final result)."""
    return Step.make("roll", die=die, who=who, player=player, reason=reason, then=then,
                     faces=(), favour=favour, rerolled=False)


ENGINE.dice("roll", "die", "who", "player", "reason", "favour", "rerolled")


def racer_can_favour(state: RaceState, rid: str) -> bool:
    r = state.racers.get(rid)
    return r is not None and r.racing and r.favour > 0 and not r.favour_used


def spend_favour(ctx: Ctx, rid: str, how: str, before: int, after: int | None, reason: str) -> None:
    r = ctx.state.racers[rid]
    r.favour -= 1
    r.favour_used = True
    r.favour_spent += 1
    ctx.emit(ev.FavourUsed(rid, how, before, after, reason))


def _deliver(ctx: Ctx, step: Step, faces: tuple[int, ...], result: int, favour: str | None) -> None:
    ctx.emit(RollMade(step["who"], step["player"], step["reason"], step["die"], faces, result, favour))
    ctx.push(step["then"].with_(value=result))


def _favour_hook(ctx: Ctx, top: Step, faces: tuple[int, ...]) -> bool:
    """The roll modifier hook: a re-rolled die stands; a racer with favour is offered
    to keep, re-roll or change the die (True: the roll was taken over)."""
    value = faces[-1]
    if top["rerolled"]:
        _deliver(ctx, top, faces, value, "reroll")
        return True
    if top["favour"] and racer_can_favour(ctx.state, top["who"]):
        ctx.push(Step.make("favour_offer", roll=top.with_(faces=faces), value=value))
        return True
    return False


ENGINE.modifier = _favour_hook
ENGINE.deliver = _deliver


class FavourOffer(Decision):
    """After a racer's roll: keep it, re-roll it, or change it by one (spec §3)."""

    kind = "favour_offer"

    def actor(self, state: RaceState, step: Step) -> str:
        return str(step["roll"]["player"])

    def candidates(self, state: RaceState, step: Step) -> list[Choice]:
        v = step["value"]
        top = faces_of(step["roll"]["die"])
        out = [Choice.make("keep"), Choice.make("reroll")]
        if v < top:
            out.append(Choice.make("favour_plus"))
        if v > 1:
            out.append(Choice.make("favour_minus"))
        return out

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        r = step["roll"]
        v = step["value"]
        if choice.kind == "keep":
            _deliver(ctx, r, r["faces"], v, None)
        elif choice.kind == "reroll":
            spend_favour(ctx, r["who"], "reroll", v, None, r["reason"])
            ctx.push(r.with_(rerolled=True))
        else:
            nv = v + 1 if choice.kind == "favour_plus" else v - 1
            spend_favour(ctx, r["who"], "plus" if nv > v else "minus", v, nv, r["reason"])
            _deliver(ctx, r, r["faces"], nv, "+1" if nv > v else "-1")


# --- group rolls ----------------------------------------------------------------

def group_roll(what: str, members: tuple[str, ...], then: Step) -> Step:
    """Everyone in `members` rolls a D6. what = priority | placement (ordered, ties
    re-rolled among the tied) or rolloff (two racers, no re-roll)."""
    return Step.make("group_roll", what=what, groups=(members,), stage=members, pending=members,
                     values=(), faces=(), kept=(), fixed=(), asking=None, then=then, favour=())


def _gdict(step: Step, key: str) -> dict[str, Any]:
    return dict(step[key])


def _gset(step: Step, key: str, d: dict[str, Any]) -> Step:
    return step.with_(**{key: tuple(sorted(d.items()))})


def _group_face(ctx: Ctx, step: Step, value: int) -> None:
    who = step["pending"][0]
    vals = _gdict(step, "values")
    faces = _gdict(step, "faces")
    vals[who] = value
    faces[who] = faces.get(who, ()) + (value,)
    step = _gset(_gset(step, "values", vals), "faces", faces)
    ctx.push(step.with_(pending=step["pending"][1:], kept=()))


def member_player(state: RaceState, step: Step, m: str) -> str:
    return state.racers[m].player if step["what"] == "rolloff" else m


def group_favour_racers(state: RaceState, step: Step, m: str) -> list[str]:
    """Racers whose favour point member m could spend on this group roll now."""
    if m in step["fixed"]:
        return []
    if step["what"] == "rolloff":
        return [m] if racer_can_favour(state, m) else []
    if state.options.priority_favour != "one_per_player" or m in state.prio_favour_used:
        return []
    return [r.id for r in state.racers_of(m) if racer_can_favour(state, r.id)]


def _group_asker(state: RaceState, step: Step) -> str | None:
    vals = _gdict(step, "values")
    order = {p: i for i, p in enumerate(state.order or state.players)}
    cands = [m for m in step["stage"] if m not in step["kept"] and group_favour_racers(state, step, m)]
    if not cands:
        return None
    return min(cands, key=lambda m: (vals[m], order.get(member_player(state, step, m), 99), m))


ENGINE.chance("group_roll", _group_face, "what", "groups", "stage", "pending", "values", "faces", "kept",
              "fixed", "asking", "then", "favour")


@auto("group_roll")
def _group_resolve(ctx: Ctx, step: Step) -> None:
    # reached only with nothing pending and nobody asking: favour round, then resolve
    state = ctx.state
    asker = _group_asker(state, step)
    if asker is not None:
        ctx.push(step.with_(asking=asker))
        return
    vals = _gdict(step, "values")
    faces = _gdict(step, "faces")
    fav = _gdict(step, "favour")
    for m in step["stage"]:
        ctx.emit(RollMade(m, member_player(state, step, m), step["what"], "d6", faces[m], vals[m], fav.get(m)))
    if step["what"] == "rolloff":
        ctx.push(step["then"].with_(value=tuple((m, vals[m]) for m in step["stage"])))
        return
    groups = replace_group(step["groups"], step["stage"], split_by_value(step["stage"], vals))
    tied = next((g for g in groups if len(g) > 1), None)
    if tied is None:
        order = tuple(g[0] for g in groups)
        ctx.emit(ev.OrderDecided(step["what"], order))
        ctx.push(step["then"].with_(value=order))
        return
    ctx.push(step.with_(groups=tuple(groups), stage=tied, pending=tied, kept=(), fixed=(), favour=(),
                        values=tuple((k, v) for k, v in step["values"] if k not in tied),
                        faces=tuple((k, v) for k, v in step["faces"] if k not in tied)))


class GroupFavour(Decision):
    """A player (or a racer in a roll-off) may spend favour on their die of a group roll."""

    kind = "group_favour"

    def actor(self, state: RaceState, step: Step) -> str:
        return member_player(state, step, step["asking"])

    def candidates(self, state: RaceState, step: Step) -> list[Choice]:
        m = step["asking"]
        v = dict(step["values"])[m]
        out = [Choice.make("keep")]
        for rid in group_favour_racers(state, step, m):
            out.append(Choice.make("reroll", racer=rid))
            if v < 6:
                out.append(Choice.make("favour_plus", racer=rid))
            if v > 1:
                out.append(Choice.make("favour_minus", racer=rid))
        return out

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        m = step["asking"]
        step = step.with_(asking=None)
        if choice.kind == "keep":
            ctx.push(step.with_(kept=step["kept"] + (m,)))
            return
        state = ctx.state
        rid = choice["racer"]
        vals = _gdict(step, "values")
        v = vals[m]
        if step["what"] != "rolloff":
            state.prio_favour_used.append(m)
        fav = _gdict(step, "favour")
        step = step.with_(fixed=step["fixed"] + (m,), kept=())
        if choice.kind == "reroll":
            spend_favour(ctx, rid, "reroll", v, None, step["what"])
            fav[m] = "reroll"
            ctx.push(_gset(step, "favour", fav).with_(pending=(m,)))
            return
        nv = v + 1 if choice.kind == "favour_plus" else v - 1
        spend_favour(ctx, rid, "plus" if nv > v else "minus", v, nv, step["what"])
        vals[m] = nv
        fav[m] = "+1" if nv > v else "-1"
        ctx.push(_gset(_gset(step, "values", vals), "favour", fav))


# --- the machine ------------------------------------------------------------------

def top_kind(state: RaceState) -> str:
    """The kind of the pending input: 'roll', a decision kind, or ''."""
    if not state.stack:
        return ""
    top = state.stack[-1]
    if top.kind == "group_roll":
        if top["pending"]:
            return "roll"
        return "group_favour" if top["asking"] is not None else ""
    return top.kind


def current_actor(state: RaceState) -> str:
    if state.phase == OVER:
        return TERMINAL
    k = top_kind(state)
    if k == "roll":
        return CHANCE
    d = ENGINE.decisions.get(k)
    if d is not None:
        return d.actor(state, state.stack[-1])
    raise RuntimeError(f"no pending input (top step {k!r}); the state was not advanced")


def pending_die(state: RaceState) -> tuple[str, str, str]:
    """(die, who, reason) of the pending chance step."""
    top = state.stack[-1]
    if top.kind == "group_roll":
        m = top["pending"][0]
        return "d6", m, top["what"]
    return top["die"], top["who"], top["reason"]


def chance_outcomes(state: RaceState) -> list[tuple[Choice, float]]:
    """The pending die's faces, each equally likely."""
    return uniform(1, faces_of(pending_die(state)[0]))


def pending_chance(state: RaceState) -> PendingChance:
    """The pending die: which, for whom (the racer or player rolling, and its
    player), why, and its outcomes."""
    top = state.stack[-1]
    die, who, reason = pending_die(state)
    player = member_player(state, top, who) if top.kind == "group_roll" else top["player"]
    return PendingChance(die, who, player, reason, chance_outcomes(state))


def _settled(ctx: Ctx) -> bool:
    state = ctx.state
    if len(state.finish_order) + len(state.casualties) >= len(state.racers) \
            and state.phase not in ("setup", "placement"):
        ENGINE.hooks["end"](ctx)  # flow.end_race
        return True
    return False


def _when_empty(ctx: Ctx) -> None:
    ENGINE.hooks["phase"](ctx)  # flow: the next phase begins


ENGINE.end_phase = OVER
ENGINE.pending = top_kind
ENGINE.settled = _settled
ENGINE.when_empty = _when_empty


def advance(ctx: Ctx) -> None:
    ENGINE.run(ctx)


def legal_choices(state: RaceState) -> list[Choice]:
    k = top_kind(state)
    if k == "roll":
        return [c for c, _ in chance_outcomes(state)]
    d = ENGINE.decisions.get(k)
    if d is not None:
        top = state.stack[-1]
        out = d.candidates(state, top)
        state.offered = (top, len(state.stack), out)
        return out
    return []


def _was_offered(state: RaceState, choice: Choice) -> bool:
    """The very object handed out by legal_choices for this pending step (so it
    needs no second check); any other choice is checked in full."""
    off = state.offered
    if off is None or not state.stack or off[0] is not state.stack[-1] or off[1] != len(state.stack):
        return False
    return any(c is choice for c in off[2])


# every choice kind and the parameters it may carry (anything else is refused, so a
# misspelt parameter is never silently ignored)
ENGINE.choices({
    "roll": {"value"}, "keep": set(), "reroll": {"racer"}, "favour_plus": {"racer"}, "favour_minus": {"racer"},
    "place": {"racer", "slot"}, "move": {"racer", "heading", "distance", "stamina", "legs", "end_heading"},
    "jump": set(), "stop": set(), "commit_stamina": {"points"}, "extend": {"inches"}, "end_move": {"heading"},
    "stamina_legs": {"legs", "end_heading"}, "spur": {"racer"}, "whip": {"racer", "target", "mode"},
    "done": {"racer"}, "pass": set(), "yah": {"inches", "heading"}, "contact_barge": {"racer", "target"},
    "barge": {"racer", "target", "face"}, "stamina_move": {"racer", "legs"}, "surprise": set(), "stay": set(),
    "free_move": {"heading", "distance", "stamina"}, "recycle": {"obstacle", "x", "y"}, "leave": {"obstacle"},
    "move_obstacle": {"obstacle", "dx", "dy"}, "dodge": {"legs"}, "take": set(),
})
CHOICE_KEYS = ENGINE.choice_keys


def _bad_keys(choice: Choice) -> str | None:
    return ENGINE.bad_keys(choice)


def why_illegal(state: RaceState, choice: Choice, offered_ok: bool = False) -> str | None:
    """None if the choice is legal now, else the reason. `offered_ok`: a choice object
    just handed out by legal_choices for this step is taken as checked (apply's fast
    path); is_legal always checks in full."""
    if state.phase == OVER:
        return "the race is over"
    bad = _bad_keys(choice)
    if bad is not None:
        return bad
    k = top_kind(state)
    if k == "roll":
        die = pending_die(state)[0]
        v = choice.get("value")
        if choice.kind != "roll" or not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= faces_of(die):
            return f"a {die.upper()} result 1-{faces_of(die)} is pending"
        return None
    if choice.kind == "roll":
        return "no die is pending"
    if offered_ok and _was_offered(state, choice):
        return None
    geo_of(state)
    return ENGINE.decisions[k].check(state, state.stack[-1], choice)


def apply(state: RaceState, choice: Choice) -> list[Event]:
    reason = why_illegal(state, choice, offered_ok=True)
    if reason is not None:
        raise IllegalChoice(choice, reason)
    ctx = Ctx(state)
    state.offered = None
    if choice.kind == "roll":
        ENGINE.on_face(ctx, int(choice["value"]))
    else:
        step = state.stack.pop()
        ENGINE.decisions["group_favour" if step.kind == "group_roll" else step.kind].apply(ctx, step, choice)
    ENGINE.run(ctx)
    return ctx.events


decision(FavourOffer, "roll", "value")
decision(GroupFavour)
