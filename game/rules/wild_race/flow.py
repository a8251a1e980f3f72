"""Set-up, the starting turn and the turn sequence (spec §4, §5, §6, §13): which
steps each phase pushes, what each phase clears when it ends, the turn cap and the
end of the race."""

from __future__ import annotations

from game.levels.course import start_slots
from game.core.protocol import Choice
from game.rules.wild_race import events as ev
from game.rules.wild_race.effects import place, finish
from game.rules.wild_race.engine import ENGINE, Ctx, Decision, auto, decision, group_roll, roll
from game.rules.wild_race.geo import kind_name, MOVE_KINDS, racer_shape, unit
from game.rules.wild_race.state import (
    BARGE, MOVEMENT, NO_LOCK, OVER, PHASE_LOCK, PLACEMENT, PRIORITY, SCENERY, SETUP, SPUR_WHIP, STARTING,
    RaceState, Step)
from game.table.geometry import BACKOFF
from game.rules.wild_race.kinds import Kind

NEXT = {SETUP: PLACEMENT, PLACEMENT: STARTING, STARTING: PRIORITY, PRIORITY: MOVEMENT, MOVEMENT: SPUR_WHIP,
        SPUR_WHIP: BARGE, BARGE: SCENERY, SCENERY: PRIORITY}


def active_players(state: RaceState) -> list[str]:
    base = state.order or list(state.placement_order) or list(state.players)
    return [p for p in base if any(r.racing for r in state.racers_of(p))]


def begin_phase(ctx: Ctx) -> None:
    st = ctx.state
    st.phase_started = True
    ph = st.phase
    if ph == PRIORITY:
        _new_turn(ctx)
    ctx.emit(ev.PhaseBegan(st.turn, ph))
    end = Step.make("phase_end", phase=ph)
    players = active_players(st)
    if ph == SETUP:
        ctx.push(group_roll("placement", tuple(st.players), Step.make("order_set", what="placement")), end)
    elif ph == PLACEMENT:
        ctx.push(*[Step.make("place_turn", player=p) for p in st.placement_order], end)
    elif ph == STARTING:
        order = [r.id for p in st.placement_order for r in sorted(st.racers_of(p), key=lambda r: st.placed.index(r.id))]
        ctx.push(*[Step.make("start_roll", racer=rid) for rid in order], end)
    elif ph == PRIORITY:
        members = tuple(players)
        if len(members) > 1:
            ctx.push(group_roll("priority", members, Step.make("order_set", what="priority")), end)
        else:
            st.order = list(members)
            ctx.push(end)
    elif ph == MOVEMENT:
        for r in st.racing():  # accrued penalties come into effect for this phase (§6.3)
            r.penalty_in_effect += r.penalty_accrued
            r.penalty_accrued = 0
        ctx.push(*[Step.make("movement_turn", player=p) for p in players], end)
    elif ph == SPUR_WHIP:
        ctx.push(*[Step.make("spur_whip_turn", player=p, current=None, done=()) for p in players], end)
    elif ph == BARGE:
        st.passes.clear()
        ctx.push(*[Step.make("contact_barge_turn", player=p) for p in players],
                 Step.make("barge_cycle", index=0), end)
    elif ph == SCENERY and not players:
        ctx.push(end)
    elif ph == SCENERY:
        ctx.push(Step.make("recycle_start", player=players[0]),
                 *[Step.make("scenery_turn", player=p) for p in players], end)


def _new_turn(ctx: Ctx) -> None:
    st = ctx.state
    st.turn += 1
    st.prio_favour_used.clear()
    for r in st.racers.values():
        r.barged = r.has_barged = r.moved = r.spurred = False
        r.whips_used = 0
        r.favour_used = False
    for o in st.obstacles.values():
        o.moved = o.recycled = False


@auto("phase_end", "phase")
def _phase_end(ctx: Ctx, step: Step) -> None:
    st = ctx.state
    ph = step["phase"]
    for r in st.racers.values():
        if r.lockout == PHASE_LOCK:
            r.lockout = NO_LOCK
    if ph == MOVEMENT:
        for r in st.racers.values():
            r.penalty_in_effect = 0
    if ph == BARGE:
        for r in st.racers.values():
            r.contacts.clear()
        st.resolved_pairs.clear()
        st.passes.clear()
    st.phase_started = False
    if ph == SCENERY:
        for r in st.racers.values():
            r.lockout = NO_LOCK
        if st.turn >= st.options.turn_cap:
            end_race(ctx)
            return
    if ph == STARTING:
        for r in st.racers.values():
            r.lockout = NO_LOCK
    st.phase = NEXT[ph]


@auto("order_set", "value", "what")
def _order_set(ctx: Ctx, step: Step) -> None:
    st = ctx.state
    if step["what"] == "placement":
        st.placement_order = list(step["value"])
    else:
        st.order = list(step["value"])


# --- placement (§4) -------------------------------------------------------------------

_SLOTS: dict[tuple[int, int], tuple[object, list[tuple[float, float, float]]]] = {}


def slots(state: RaceState) -> list[tuple[float, float, float]]:
    """The start slots for this field (cached: the course is immutable; the entry
    holds the course itself, so a reused id() can never match another course)."""
    key = (id(state.course), len(state.racers))
    got = _SLOTS.get(key)
    if got is None or got[0] is not state.course:
        if len(_SLOTS) > 64:
            _SLOTS.clear()
        got = _SLOTS[key] = (state.course, start_slots(state.course, len(state.racers)))
    return got[1]


def taken_slots(state: RaceState) -> set[int]:
    sl = slots(state)
    out = set()
    for rid in state.placed:
        r = state.racers[rid]
        for i, (x, y, _) in enumerate(sl):
            if abs(x - r.x) < 1e-6 and abs(y - r.y) < 1e-6:
                out.add(i)
    return out


class PlaceTurn(Decision):
    """Highest placement roll first: place each of your racers on a free start slot."""

    kind = "place_turn"

    def needed(self, state: RaceState, step: Step) -> bool:
        return any(r.id not in state.placed for r in state.racers_of(step["player"]))

    def candidates(self, state: RaceState, step: Step) -> list[Choice]:
        todo = [r for r in state.racers_of(step["player"]) if r.id not in state.placed]
        free = [i for i in range(len(slots(state))) if i not in taken_slots(state)]
        return [Choice.make("place", racer=todo[0].id, slot=i) for i in free]

    def check(self, state: RaceState, step: Step, choice: Choice) -> str | None:
        r = state.racers.get(choice.get("racer", ""))
        if choice.kind != "place" or r is None or r.player != step["player"] or r.id in state.placed:
            return "place one of your unplaced racers"
        s = choice.get("slot")
        if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < len(slots(state)):
            return f"slot must be 0-{len(slots(state)) - 1}"
        if s in taken_slots(state):
            return f"slot {s} is taken"
        return None

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        st = ctx.state
        r = st.racers[choice["racer"]]
        x, y, h = slots(st)[choice["slot"]]
        r.x, r.y, r.heading = x, y, h
        r.progress = st.course.progress(x, y)
        st.placed.append(r.id)
        ctx.geo.update_racer(r)
        ctx.emit(ev.Placed(r.id, x, y, h))
        ctx.push(step)


# --- the starting turn (§5) -----------------------------------------------------------

@auto("start_roll", "racer")
def _start_roll(ctx: Ctx, step: Step) -> None:
    r = ctx.state.racers[step["racer"]]
    ctx.push(roll("d6", r.id, r.player, "start", Step.make("start_move", racer=r.id)))


@auto("start_move", "racer", "value")
def _start_move(ctx: Ctx, step: Step) -> None:
    r = ctx.state.racers[step["racer"]]
    d = 5.0 + step["value"]
    ux, uy = unit(r.heading)
    c = ctx.geo.first_contact(racer_shape(r), ux * d, uy * d, MOVE_KINDS, {r.id})
    t = d if c is None else max(0.0, c.dist - BACKOFF)
    place(ctx, r, r.x + ux * t, r.y + uy * t, r.heading, "start")
    if c is not None:
        if c.kind == Kind.FINISH:
            finish(ctx, r)
        else:
            ctx.emit(ev.Blocked(r.id, c.other, kind_name(c.kind)))


# --- the end (§13) -----------------------------------------------------------------

def final_order(state: RaceState) -> list[str]:
    rest = sorted((r for r in state.racers.values() if r.racing), key=lambda r: (-r.progress, r.id))
    return list(state.finish_order) + [r.id for r in rest] + list(reversed(state.casualties))


def end_race(ctx: Ctx) -> None:
    st = ctx.state
    st.phase = OVER
    st.stack.clear()  # the move being resolved too (its frame)
    ctx.emit(ev.RaceEnded(tuple(final_order(st)), st.turn))


def _next(ctx: Ctx) -> None:
    begin_phase(ctx)


ENGINE.hooks["phase"] = _next
ENGINE.hooks["end"] = end_race


decision(PlaceTurn, "player")
