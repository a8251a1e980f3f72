"""Movement (spec §7): one straight line of up to 10" less penalties with pivots at
start and end, stamina inches (as further segments with a pivot before each, RULING),
Jump and Overtake at contacts, friendly racers blocking, finishing. The same leg
machinery moves stamina moves in the Barge and Scenery phases (no Jump or Overtake,
stop at contact) and the barge free move.

A move is one choice; it resolves until a contact needs a decision (jump or stop,
commit stamina for a forced overtake, extend after Slipstream, go on after a stop),
which becomes the next pending decision (CONTRACTS §1).
"""

from __future__ import annotations

import math
from typing import Any

from game.core.protocol import Choice
from game.table.geometry import BACKOFF, TOL
from game.table import geometry as g
from game.table.table import Contact
from game.rules.wild_race.kinds import Kind
from game.rules.wild_race import events as ev
from game.rules.wild_race.charts import JUMP, OVERTAKE
from game.rules.wild_race.effects import (
    add_penalty, finish, forced, forced_move, gain_favour, hit, lock, pass_beyond, place, place_beyond,
    record_contacts,
    touching_enemies, unbalanced)
from game.rules.wild_race.engine import Ctx, Decision, auto, decision, end_frame, roll, start_frame
from game.rules.wild_race.geo import kind_name, MOVE_KINDS, OBS, angle_diff, norm_heading, racer_shape, shape_at, unit
from game.rules.wild_race.state import TURN_LOCK, MoveInProgress, RaceState, Racer, Step

MAX_MOVE = 10.0
MAX_STOPS = 4  # stops short that still offer stamina legs (no endless bumping into a wall)


def allowance(r: Racer) -> float:
    return max(0.0, MAX_MOVE - r.penalty_in_effect)


def finish_heading(state: RaceState, r: Racer) -> float:
    """The facing along the course toward the finish at the racer's place."""
    tx, ty = state.course.tangent_at(state.course.progress(r.x, r.y, r.progress))
    return norm_heading(math.degrees(math.atan2(ty, tx)))


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


MAX_LEGS = 20


def _as_mapping(leg: Any) -> dict[str, Any] | None:
    """A leg as written ({heading, distance}; inside a Choice: sorted (key, value) pairs)."""
    if isinstance(leg, dict):
        return leg
    if isinstance(leg, (tuple, list)) and all(isinstance(p, (tuple, list)) and len(p) == 2 and isinstance(p[0], str)
                                              for p in leg):
        return {k: v for k, v in leg}
    return None


def parse_legs(raw: Any) -> list[tuple[float, float]] | str:
    """Stamina legs [{heading, distance}], or the reason they are not valid."""
    if raw is None:
        return []
    if not isinstance(raw, (list, tuple)):
        return "legs must be a list of {heading, distance}"
    if len(raw) > MAX_LEGS:
        return f"at most {MAX_LEGS} legs"
    out = []
    for leg in raw:
        d = _as_mapping(leg)
        if d is None or set(d) != {"heading", "distance"} or not _num(d["heading"]) or not _num(d["distance"]) \
                or not 0 <= d["distance"] <= 100 or abs(d["heading"]) > 3600:
            return "each leg is {heading, distance} with a distance of 0-100 inches"
        out.append((float(d["heading"]), float(d["distance"])))
    return out


def legs_arg(legs: list[tuple[float, float]]) -> list[dict[str, float]]:
    return [{"heading": round(h, 6), "distance": round(d, 6)} for h, d in legs]


def stamina_points(inches: float) -> int:
    return max(0, math.ceil(inches - 1e-6))


# --- starting and resolving a move -------------------------------------------------

def begin_move(ctx: Ctx, r: Racer, context: str, legs: list[tuple[float, float]], main: bool,
               allowance_left: float, stamina: int, end_heading: float | None) -> None:
    m = MoveInProgress(r.id, context, list(legs), main, allowance_left, float(stamina), stamina, end_heading)
    m.before = sorted(touching_enemies(ctx, r))
    start_frame(ctx, m, Step.make("move_leg"))


def _left(m: MoveInProgress) -> float:
    return (m.allowance_left if m.main else 0.0) + m.bonus_left + m.stamina_left


def _consume(m: MoveInProgress, d: float) -> None:
    if m.main:
        a = min(d, m.allowance_left)
        m.allowance_left -= a
        d -= a
    b = min(d, m.bonus_left)
    m.bonus_left -= b
    d -= b
    m.stamina_left = max(0.0, m.stamina_left - d)


def _spare_stamina(r: Racer, m: MoveInProgress) -> int:
    return r.stamina - m.stamina_committed


def end_move(ctx: Ctx, pivot: bool = True) -> None:
    st = ctx.state
    _back_to_safety(ctx)
    m = st.move
    if m is None:
        return
    r = st.racers[m.racer]
    end_frame(st, m.racer)
    if r.racing:
        if pivot and m.end_heading is not None and not r.locked:
            _pivot(ctx, r, m.end_heading)
        record_contacts(ctx, r, set(m.before), set(m.passed))
    used = m.stamina_committed - m.stamina_left
    spent = min(m.stamina_committed, stamina_points(used))
    if spent > 0:
        r.stamina -= spent
        r.stamina_spent += spent
        ctx.emit(ev.StaminaSpent(r.id, spent, r.stamina))


def _pivot(ctx: Ctx, r: Racer, heading: float) -> bool:
    heading = norm_heading(heading)
    if abs(angle_diff(heading, r.heading)) < 1e-9:
        return True
    pose = ctx.geo.pivot_pose(r, heading)
    if pose is None:
        blocker = ctx.geo.rotation_blocked(r, heading) or ""
        ctx.emit(ev.Blocked(r.id, blocker.removeprefix(OBS), "pivot"))
        return False
    h0 = r.heading
    place(ctx, r, pose[0], pose[1], heading, "pivot")
    ctx.emit(ev.Pivoted(r.id, h0, heading))
    return True


def _interrupt(ctx: Ctx) -> None:
    """The move stops short at a contact: the rest of the plan is dropped; a racer
    that may still act chooses what to do with its stamina and end facing."""
    st = ctx.state
    _back_to_safety(ctx)
    m = st.move
    assert m is not None
    r = st.racers[m.racer]
    m.legs = []
    m.interrupted = True
    m.stops += 1
    if r.racing and not r.locked and m.context in ("movement", "stamina") and m.stops <= MAX_STOPS:
        ctx.push(Step.make("continue_move", racer=r.id), Step.make("move_leg"))
    else:
        ctx.push(Step.make("move_leg"))


@auto("move_leg")
def _move_leg(ctx: Ctx, step: Step) -> None:
    st = ctx.state
    m = st.move
    if m is None:
        return
    r = st.racers[m.racer]
    if not r.racing:
        end_frame(st, m.racer)
        return
    if r.lockout == TURN_LOCK or (m.context != "movement" and r.locked):
        end_move(ctx, pivot=False)
        return
    if not m.legs:
        end_move(ctx, pivot=not m.interrupted)
        return
    heading, declared = m.legs[0]
    dist = min(declared, _left(m))
    if abs(angle_diff(heading, r.heading)) > 1e-9:
        if not _pivot(ctx, r, heading):
            _interrupt(ctx)
            return
    if dist <= 1e-9:
        m.legs.pop(0)
        m.main = False
        ctx.push(step)
        return
    ux, uy = unit(heading)
    ignore = {r.id} | (set(m.passed) & _overlapped(ctx, r) if m.passed else set())
    if st.options.friendly_racers == "pass_through":
        ignore |= {o.id for o in st.racers_of(r.player)}
    c = ctx.geo.first_contact(racer_shape(r), ux * dist, uy * dist, MOVE_KINDS, ignore)
    if st.options.friendly_racers == "pass_through":
        c = _friend_at_end(ctx, r, ux, uy, dist, c)
    travel = dist if c is None else max(0.0, c.dist - BACKOFF)
    place(ctx, r, r.x + ux * travel, r.y + uy * travel, r.heading, "move")
    _consume(m, travel)
    m.legs[0] = (heading, max(0.0, declared - travel))
    if c is None and m.context == "movement":
        c = _rival_touched_ahead(ctx, r, m, ux, uy)
    if c is None:
        m.legs.pop(0)
        m.main = False
        ctx.push(step)
        return
    _contact(ctx, m, r, c.other, c.kind, ux, uy)


def _rival_touched_ahead(ctx: Ctx, r: Racer, m: MoveInProgress, ux: float, uy: float) -> Any:
    """A line that ends touching a rival ahead (within 0.01") has reached it: a
    player can't stop at contact to dodge the Overtake (RULING §7)."""
    probe = ctx.geo.first_contact(racer_shape(r), ux * TOL, uy * TOL, Kind.RACER, {r.id} | set(m.passed))
    if probe is None or ctx.state.racers[probe.other].player == r.player or probe.other in m.before:
        return None
    return probe


def _friend_at_end(ctx: Ctx, r: Racer, ux: float, uy: float, dist: float, c: Any) -> Any:
    """With friendly racers passable (`friendly_racers: pass_through`) the move still
    may not END on a friend: it stops just before the friend it would end on (and
    before any friend that spot would still be over)."""
    friends = {o.id for o in ctx.state.racers_of(r.player) if o.id != r.id and o.racing}
    start = racer_shape(r)
    travel = dist if c is None else max(0.0, c.dist - BACKOFF)
    for _ in range(len(friends) + 1):
        end = shape_at(r, r.x + ux * travel, r.y + uy * travel, r.heading)
        over = [f for f in ctx.geo.overlapping(end, Kind.RACER, {r.id}) if f in friends]
        if not over:
            return c
        entries = []
        for f in over:
            t = g.time_of_impact(start, ux * dist, uy * dist, ctx.geo.table.shape(f))
            entries.append((0.0 if t is None else t * dist, f))
        d, f = min(entries)
        travel = max(0.0, d - BACKOFF)
        c = Contact(d / dist if dist > 0 else 0.0, d, f, Kind.RACER)
    return c


def _contact(ctx: Ctx, m: MoveInProgress, r: Racer, other: str, kind: int, ux: float, uy: float) -> None:
    st = ctx.state
    if kind == Kind.FINISH:
        finish(ctx, r)
        end_move(ctx, pivot=False)
        return
    enemy = kind == Kind.RACER and st.racers[other].player != r.player
    if m.context == "movement" and (kind == Kind.SMALL or enemy):
        e = ctx.geo.exit_dist(racer_shape(r), ux, uy, other)
        need = (e if e is not None else 0.0) - _left(m)
        extra = _spare_stamina(r, m)
        k = 0 if need <= 1e-9 else stamina_points(need)
        if kind == Kind.SMALL:
            if k <= extra and not r.locked:
                ctx.push(Step.make("jump_decision", racer=r.id, obstacle=other, stamina=k, ux=ux, uy=uy))
                return
        elif k == 0:
            _overtake(ctx, r, other, ux, uy)
            return
        elif k <= extra and not r.locked:
            ctx.push(Step.make("overtake_stamina", racer=r.id, other=other, stamina=k, ux=ux, uy=uy))
            return
    ctx.emit(ev.Blocked(r.id, other.removeprefix(OBS), kind_name(kind)))
    _interrupt(ctx)


def _overtake(ctx: Ctx, r: Racer, other: str, ux: float, uy: float) -> None:
    ctx.emit(ev.Declared(r.id, "must overtake", other))
    ctx.push(roll("d6", r.id, r.player, "overtake",
                  Step.make("overtake_result", racer=r.id, other=other, ux=ux, uy=uy)))


def _commit(ctx: Ctx, r: Racer, k: int) -> None:
    m = ctx.state.move
    assert m is not None
    m.stamina_committed += k
    m.stamina_left += k


class JumpDecision(Decision):
    """A small obstacle reached with movement enough to clear it: jump or stop."""

    kind = "jump_decision"

    def actor(self, state: RaceState, step: Step) -> str:
        return state.racers[step["racer"]].player

    def candidates(self, state: RaceState, step: Step) -> list[Choice]:
        return [Choice.make("jump"), Choice.make("stop")]

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        r = ctx.state.racers[step["racer"]]
        if choice.kind == "stop":
            ctx.emit(ev.Blocked(r.id, step["obstacle"].removeprefix(OBS), "small"))
            _interrupt(ctx)
            return
        _commit(ctx, r, step["stamina"])
        ctx.emit(ev.Declared(r.id, "jumps", step["obstacle"].removeprefix(OBS)))
        ctx.push(roll("d6", r.id, r.player, "jump", Step.make(
            "jump_result", racer=r.id, obstacle=step["obstacle"], context="movement",
            ux=step["ux"], uy=step["uy"], left=0.0)))


class OvertakeStamina(Decision):
    """An enemy reached; only committing stamina would carry the base past it."""

    kind = "overtake_stamina"

    def actor(self, state: RaceState, step: Step) -> str:
        return state.racers[step["racer"]].player

    def candidates(self, state: RaceState, step: Step) -> list[Choice]:
        return [Choice.make("commit_stamina", points=step["stamina"]), Choice.make("stop")]

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        r = ctx.state.racers[step["racer"]]
        if choice.kind == "stop":
            ctx.emit(ev.Blocked(r.id, step["other"], "racer"))
            _interrupt(ctx)
            return
        _commit(ctx, r, step["stamina"])
        _overtake(ctx, r, step["other"], step["ux"], step["uy"])


def _overlapped(ctx: Ctx, r: Racer) -> set[str]:
    return set(ctx.geo.overlapping(racer_shape(r), Kind.RACER | Kind.SMALL | Kind.LARGE, {r.id}))


def _pass(ctx: Ctx, r: Racer, other: str, ux: float, uy: float) -> str:
    """Carry the mover past what it overtook or jumped. Returns 'passed'; 'chained'
    when a rival or small obstacle close beyond is reached first (that contact is
    resolved from there, still over the first); or 'stopped'."""
    m = ctx.state.move
    assert m is not None
    if m.safe is None:
        m.safe = (r.x, r.y)
    res, d, c = pass_beyond(ctx, r, other, ux, uy, set(m.passed) & _overlapped(ctx, r))
    if d > 0:
        _advance_leg(m, d)
    if other not in m.passed:
        m.passed.append(other)
    if res == "finished":
        end_move(ctx, pivot=False)
        return "stopped"
    if res == "blocked" and c is not None:
        enemy = c.kind == Kind.RACER and ctx.state.racers[c.other].player != r.player
        if c.kind == Kind.SMALL or enemy:
            t = max(0.0, c.dist - BACKOFF)
            place(ctx, r, r.x + ux * t, r.y + uy * t, r.heading, "overtake" if enemy else "move")
            _advance_leg(m, t)
            _contact(ctx, m, r, c.other, c.kind, ux, uy)
            return "chained"
        ctx.emit(ev.Blocked(r.id, other.removeprefix(OBS), "no room beyond"))
        _interrupt(ctx)
        return "stopped"
    if not _overlapped(ctx, r):
        m.safe = None
    return "passed"


def _advance_leg(m: MoveInProgress, d: float) -> None:
    _consume(m, d)
    if m.legs:
        h, rest = m.legs[0]
        m.legs[0] = (h, max(0.0, rest - d))


def _back_to_safety(ctx: Ctx) -> None:
    """A move that ends over a base or obstacle it was passing goes back to where the
    pass began: there was no room beyond (spec §7 is silent; RULING of this program)."""
    m = ctx.state.move
    if m is None or m.safe is None:
        return
    r = ctx.state.racers[m.racer]
    if r.racing and _overlapped(ctx, r):
        place(ctx, r, m.safe[0], m.safe[1], r.heading, "back")
        ctx.emit(ev.Blocked(r.id, m.passed[-1].removeprefix(OBS) if m.passed else "", "no room beyond"))
    m.safe = None


@auto("overtake_result", "other", "racer", "ux", "uy", "value")
def _overtake_result(ctx: Ctx, step: Step) -> None:
    st = ctx.state
    r = st.racers[step["racer"]]
    o = st.racers[step["other"]]
    v = step["value"]
    ux, uy = step["ux"], step["uy"]
    ctx.emit(ev.ChartResult(r.id, "overtake", v, OVERTAKE[v]))
    if v == 1:  # Rear-end collision
        lock(ctx, r, TURN_LOCK)
        px, py = unit(o.heading) if st.options.rear_end_push == "own_facing" else (ux, uy)
        ctx.push(forced(o.id, px, py, 1.0, "push", r.id), hit(r.id, 3, None), Step.make("move_leg"))
    elif v == 2:  # Block
        lock(ctx, r, TURN_LOCK)
        ctx.push(unbalanced(r.id, None), Step.make("move_leg"))
    else:
        res = _pass(ctx, r, o.id, ux, uy)
        if res == "stopped":
            return
        then = [Step.make("move_leg")] if res == "passed" else []
        if v == 5:  # Bump
            ctx.push(unbalanced(o.id, r.id), *then)
        elif v == 6:  # Slipstream
            ctx.push(roll("d3", r.id, r.player, "slipstream", Step.make("slipstream", racer=r.id, go=bool(then))))
        else:
            ctx.push(*then)


@auto("slipstream", "go", "racer", "value")
def _slipstream(ctx: Ctx, step: Step) -> None:
    m = ctx.state.move
    if m is None:
        return
    m.bonus_left += step["value"]
    r = ctx.state.racers[step["racer"]]
    if not step.get("go", True):
        return  # the pass ran into a further contact, already pending
    if r.racing and m.legs:
        ctx.push(Step.make("extend", racer=r.id, bonus=step["value"]), Step.make("move_leg"))
    else:
        ctx.push(Step.make("move_leg"))


class Extend(Decision):
    """After Slipstream: lengthen the current straight line by up to the extra inches."""

    kind = "extend"

    def actor(self, state: RaceState, step: Step) -> str:
        return state.racers[step["racer"]].player

    def _room(self, state: RaceState) -> float:
        m = state.move
        if m is None or not m.legs:
            return 0.0
        return max(0.0, _left(m) - m.legs[0][1])

    def candidates(self, state: RaceState, step: Step) -> list[Choice]:
        room = self._room(state)
        out = [Choice.make("extend", inches=0.0)]
        if room > 1e-9:
            out.append(Choice.make("extend", inches=round(room, 6)))
        return out

    def check(self, state: RaceState, step: Step, choice: Choice) -> str | None:
        x = choice.get("inches")
        if choice.kind != "extend" or not _num(x) or x < 0 or x > self._room(state) + 1e-6:
            return f"extend needs inches between 0 and {self._room(state):.2f}"
        return None

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        m = ctx.state.move
        if m is not None and m.legs:
            h, rest = m.legs[0]
            m.legs[0] = (h, rest + float(choice["inches"]))


@auto("jump_result", "context", "left", "obstacle", "racer", "ux", "uy", "value")
def _jump_result(ctx: Ctx, step: Step) -> None:
    st = ctx.state
    r = st.racers[step["racer"]]
    v = step["value"]
    ob = step["obstacle"]
    ctx.emit(ev.ChartResult(r.id, "jump", v, JUMP[v]))
    context = step["context"]
    ux, uy = step["ux"], step["uy"]
    if v == 1:  # Refusal
        ctx.push(hit(r.id, 4, None), Step.make("after_refusal", racer=r.id),
                 *([Step.make("move_leg")] if context == "movement" else []))
        return
    if v == 2:
        lock(ctx, r, TURN_LOCK)
    if v == 6:
        gain_favour(ctx, r, "Leap")
    if context == "movement":
        if _pass(ctx, r, ob, ux, uy) == "passed":
            ctx.push(Step.make("move_leg"))
        return
    if context == "scenery":
        if not place_beyond(ctx, r, ob, ux, uy):
            ctx.emit(ev.Blocked(r.id, ob.removeprefix(OBS), "no room beyond"))
        return
    # forced (Yeehaw!): clear it, then any forced inches left go on
    before = touching_enemies(ctx, r)
    res, d, _ = pass_beyond(ctx, r, ob, ux, uy)
    if res == "blocked":
        ctx.emit(ev.Blocked(r.id, ob.removeprefix(OBS), "no room beyond"))
        return
    rest = step["left"] - d
    if res == "passed" and v != 2 and rest > 1e-9:
        forced_move(ctx, r, ux, uy, rest, "yeehaw", None)
    else:
        record_contacts(ctx, r, before)


@auto("after_refusal", "racer")
def _after_refusal(ctx: Ctx, step: Step) -> None:
    r = ctx.state.racers[step["racer"]]
    if r.racing:
        lock(ctx, r, TURN_LOCK)
        add_penalty(ctx, r, 2)


# --- the Movement Phase (its decisions: move_turn.py) -----------------------------------

def can_move(state: RaceState, r: Racer) -> bool:
    return r.racing and not r.moved and r.lockout != TURN_LOCK


decision(JumpDecision, "obstacle", "racer", "stamina", "ux", "uy")
decision(OvertakeStamina, "other", "racer", "stamina", "ux", "uy")
decision(Extend, "bonus", "racer")
