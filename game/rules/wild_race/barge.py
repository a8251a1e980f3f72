"""Barge Phase (spec §9): contact barges for contacts created since the last Barge
Phase, then barge moves in rounds until all pass (RULING), the D6 roll-off, the barge
move to the nearest point of base contact, the defender's free move (option
`barge_free_move`), stamina moves before declaring (RULING §9.3), the Barge chart
(also rolled when a Whoa slides a racer into another)."""

from __future__ import annotations

import math

from game.core.protocol import Choice
from game.table import geometry as g
from game.table.geometry import BACKOFF, TOL
from game.rules.wild_race.kinds import Kind
from game.rules.wild_race import events as ev
from game.rules.wild_race.charts import BARGE
from game.rules.wild_race.effects import add_penalty, gain_favour, hit, lock, place, unbalanced
from game.rules.wild_race.engine import Ctx, Decision, auto, decision, group_roll, roll
from game.rules.wild_race.geo import MOVE_KINDS, SOLID, norm_heading, racer_shape, shape_at, unit
from game.rules.wild_race.movement import _num, begin_move, finish_heading, legs_arg, parse_legs, stamina_points
from game.rules.wild_race.state import PHASE_LOCK, TURN_LOCK, RaceState, Racer, Step

BARGE_RANGE = 4.0


# --- the Barge chart --------------------------------------------------------------------

@auto("barge_chart", "barger", "forced", "target")
def _barge_chart(ctx: Ctx, step: Step) -> None:
    b = ctx.state.racers[step["barger"]]
    t = ctx.state.racers[step["target"]]
    if not (b.racing and t.racing):
        return
    t.barged = True
    ctx.push(roll("d6", b.id, b.player, "barge", Step.make("barge_result", barger=b.id, target=t.id)))


@auto("barge_result", "barger", "target", "value")
def _barge_result(ctx: Ctx, step: Step) -> None:
    st = ctx.state
    b = st.racers[step["barger"]]
    t = st.racers[step["target"]]
    v = step["value"]
    ctx.emit(ev.ChartResult(b.id, "barge", v, BARGE[v]))
    if v == 1:  # Catastrophe!
        ctx.push(unbalanced(b.id, None))
    elif v == 2:  # Slip
        add_penalty(ctx, b, 2)
        lock(ctx, b, TURN_LOCK)
    elif v == 3:  # Arm Wrestle
        for r in (b, t):
            add_penalty(ctx, r, 2)
            lock(ctx, r, TURN_LOCK)
    elif v == 4:  # Surprise!
        if b.racing and t.racing and not b.locked and surprise_spot(st, b, t) is not None:
            ctx.push(Step.make("surprise", barger=b.id, target=t.id))
    elif v == 5:  # Oomph!
        add_penalty(ctx, t, 2)
        lock(ctx, t, TURN_LOCK)
    else:  # Boosh!
        gain_favour(ctx, b, "Boosh!")
        ctx.push(hit(t.id, 4, b.id), Step.make("after_boosh", racer=t.id))


@auto("after_boosh", "racer")
def _after_boosh(ctx: Ctx, step: Step) -> None:
    t = ctx.state.racers[step["racer"]]
    if t.racing:
        add_penalty(ctx, t, 6)
        lock(ctx, t, PHASE_LOCK)


def surprise_spot(state: RaceState, b: Racer, t: Racer) -> tuple[float, float, float] | None:
    """Side by side with the target: touching its nearer side, same facing, fronts level."""
    fx, fy = unit(t.heading)
    nx, ny = -fy, fx
    side = 1.0 if (b.x - t.x) * nx + (b.y - t.y) * ny >= 0 else -1.0
    off = t.width / 2 + b.width / 2 + BACKOFF
    fwd = t.length / 2 - b.length / 2
    x = t.x + nx * side * off + fx * fwd
    y = t.y + ny * side * off + fy * fwd
    end = shape_at(b, x, y, t.heading)
    geo = state.table
    if geo.overlapping(end, SOLID, {b.id}) or not state.course.contains(x, y):
        return None
    moved = shape_at(b, b.x, b.y, t.heading)
    if geo.rotation_blocked(b, t.heading) is not None:
        return None
    c = geo.first_contact(moved, x - b.x, y - b.y, SOLID, {b.id, t.id})
    if c is not None:
        return None
    return x, y, t.heading


class Surprise(Decision):
    kind = "surprise"

    def actor(self, state: RaceState, step: Step) -> str:
        return state.racers[step["barger"]].player

    def candidates(self, state: RaceState, step: Step) -> list[Choice]:
        return [Choice.make("surprise"), Choice.make("stay")]

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        if choice.kind != "surprise":
            return
        st = ctx.state
        b, t = st.racers[step["barger"]], st.racers[step["target"]]
        spot = surprise_spot(st, b, t)
        if spot is not None:
            place(ctx, b, spot[0], spot[1], spot[2], "surprise")


# --- contact barges (§9.1) ------------------------------------------------------------

def contact_pairs(state: RaceState, player: str) -> list[tuple[str, str]]:
    out = []
    for r in state.racers_of(player):
        if not r.racing or r.locked or r.has_barged:
            continue
        for oid in r.contacts:
            o = state.racers[oid]
            pair = tuple(sorted((r.id, oid)))
            if (o.racing and o.player != r.player and pair not in state.resolved_pairs
                    and state.table.gap(r.id, oid) <= TOL):
                out.append((r.id, oid))
    return out


class ContactBargeTurn(Decision):
    kind = "contact_barge_turn"

    def needed(self, state: RaceState, step: Step) -> bool:
        return bool(contact_pairs(state, step["player"]))

    def candidates(self, state: RaceState, step: Step) -> list[Choice]:
        out = [Choice.make("contact_barge", racer=a, target=b) for a, b in contact_pairs(state, step["player"])]
        return out + [Choice.make("pass")]

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        if choice.kind == "pass":
            return
        st = ctx.state
        b = st.racers[choice["racer"]]
        b.has_barged = True
        ctx.emit(ev.Declared(b.id, "barges", choice["target"]))
        ctx.push(Step.make("barge_chart", barger=b.id, target=choice["target"], forced=False), step)


# --- barge moves (§9.2) -----------------------------------------------------------------

def can_attack(r: Racer) -> bool:
    return r.racing and not r.locked and not r.barged and not r.has_barged


def contact_path(state: RaceState, a: Racer, t: Racer) -> tuple[float, float] | None:
    """The straight move to the nearest point of base contact, if nothing is in the way."""
    sa, st_ = racer_shape(a), racer_shape(t)
    gap = g.gap(sa, st_)
    if gap <= TOL:
        return (0.0, 0.0)
    pa, pb = g.closest_points(sa, st_)
    dx, dy = pb[0] - pa[0], pb[1] - pa[1]
    c = state.table.first_contact(sa, dx, dy, MOVE_KINDS, {a.id})
    if c is not None and c.other != t.id:
        return None
    k = max(0.0, (gap - BACKOFF) / gap)
    return dx * k, dy * k


def _rival_in_reach(state: RaceState, a: Racer) -> bool:
    """A rival near enough that a stamina move could set up a barge (within 4" plus
    the racer's stamina): only then is a barge turn without a barge offered."""
    near = state.table.within(racer_shape(a), Kind.RACER, BARGE_RANGE + a.stamina, {a.id})
    return any(state.racers[oid].player != a.player for _, oid in near)


def barge_targets(state: RaceState, a: Racer) -> list[str]:
    """Rivals within 4" whose nearest point of contact the racer can reach in a
    straight line with no Jump or Overtake (§9.2)."""
    key = ("barge_targets", a.id, a.x, a.y, a.heading)
    return list(state.table.remember(key, lambda: _barge_targets(state, a)))


def _barge_targets(state: RaceState, a: Racer) -> list[str]:
    out = []
    for gap, oid in state.table.within(racer_shape(a), Kind.RACER, BARGE_RANGE + 1e-9, {a.id}):
        o = state.racers[oid]
        if o.player != a.player and o.racing and contact_path(state, a, o) is not None:
            out.append(oid)
    return out


class BargeTurn(Decision):
    """One barge attempt (or a pass) in the round; stamina may move a racer first."""

    kind = "barge_turn"

    def needed(self, state: RaceState, step: Step) -> bool:
        """Asked whenever a racer could barge now or first move with stamina (§9.3);
        after a stamina move the player always ends the turn by a barge or a pass."""
        if step.get("stamina_used"):
            return True
        for a in state.racers_of(step["player"]):
            if can_attack(a) and (barge_targets(state, a) or (a.stamina > 0 and _rival_in_reach(state, a))):
                return True
        state.passes.append(step["player"])
        return False

    def candidates(self, state: RaceState, step: Step) -> list[Choice]:
        out: list[Choice] = []
        for a in state.racers_of(step["player"]):
            if not can_attack(a):
                continue
            for t in barge_targets(state, a):
                out.append(Choice.make("barge", racer=a.id, target=t))
            if a.stamina > 0 and not step.get("stamina_used"):
                out.extend(self._stamina_moves(state, a))
        return out + [Choice.make("pass")]

    def _stamina_moves(self, state: RaceState, a: Racer) -> list[Choice]:
        near = state.table.within(racer_shape(a), Kind.RACER, BARGE_RANGE + a.stamina, {a.id})
        rivals = [(gp, oid) for gp, oid in near if state.racers[oid].player != a.player]
        out = []
        for gp, oid in rivals[:1]:
            if gp <= BARGE_RANGE:
                continue
            o = state.racers[oid]
            h = norm_heading(math.degrees(math.atan2(o.y - a.y, o.x - a.x)))
            d = float(min(a.stamina, math.ceil(gp - BARGE_RANGE + 0.01)))
            out.append(Choice.make("stamina_move", racer=a.id, legs=legs_arg([(h, d)])))
        return out

    def check(self, state: RaceState, step: Step, choice: Choice) -> str | None:
        if choice.kind == "pass":
            return None
        a = state.racers.get(choice.get("racer", ""))
        if a is None or a.player != step["player"] or not can_attack(a):
            return f"{choice.get('racer')!r} cannot barge now"
        if choice.kind == "barge":
            if choice.get("target") not in barge_targets(state, a):
                return "no clear barge at that target (a rival within 4\" with a clear straight path)"
            if not isinstance(choice.get("face", False), bool):
                return "face must be true or false"
            return None
        if choice.kind == "stamina_move":
            if step.get("stamina_used"):
                return "stamina already moved this racer in this barge turn"
            legs = parse_legs(choice.get("legs"))
            if isinstance(legs, str) or not legs:
                return legs if isinstance(legs, str) else "give at least one leg"
            if stamina_points(sum(d for _, d in legs)) > a.stamina:
                return f"only {a.stamina} stamina left"
            return None
        return "choose barge, stamina_move or pass"

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        st = ctx.state
        if choice.kind == "pass":
            st.passes.append(step["player"])
            return
        a = st.racers[choice["racer"]]
        if choice.kind == "stamina_move":
            legs = parse_legs(choice["legs"])
            assert isinstance(legs, list)
            ctx.push(step.with_(stamina_used=True))
            begin_move(ctx, a, "stamina", legs, False, 0.0, stamina_points(sum(d for _, d in legs)), None)
            return
        st.passes.clear()
        a.has_barged = True
        t = choice["target"]
        ctx.emit(ev.Declared(a.id, "tries to barge", t))
        ctx.push(group_roll("rolloff", (a.id, t), Step.make("rolloff_result", attacker=a.id, target=t,
                                                               gap=st.table.gap(a.id, t),
                                                               face=bool(choice.get("face", False)))))


@auto("barge_cycle", "index")
def _barge_cycle(ctx: Ctx, step: Step) -> None:
    st = ctx.state
    players = [p for p in st.order if any(r.racing for r in st.racers_of(p))]
    if not players or len(st.passes) >= len(players):
        return
    i = step["index"] % len(players)
    ctx.push(Step.make("barge_turn", player=players[i]), step.with_(index=i + 1))


@auto("rolloff_result", "attacker", "face", "gap", "target", "value")
def _rolloff_result(ctx: Ctx, step: Step) -> None:
    st = ctx.state
    (aid, av), (tid, tv) = step["value"]
    a, t = st.racers[aid], st.racers[tid]
    winner = aid if av > tv else tid
    ctx.emit(ev.RollOff(aid, av, tid, tv, winner))
    if not (a.racing and t.racing):
        return
    if av > tv:
        if step.get("face"):
            _face(ctx, a, t)
        path = contact_path(st, a, t)
        if path is not None and (path[0] or path[1]):
            place(ctx, a, a.x + path[0], a.y + path[1], a.heading, "barge")
        ctx.push(Step.make("barge_chart", barger=aid, target=tid, forced=False))
        return
    if t.locked:
        return
    mode = st.options.barge_free_move
    limit = step["gap"] if mode == "gap" else 4.0 if mode == "four_inches" else float(tv)
    ctx.push(Step.make("free_move", racer=tid, limit=limit))


def contact_point(a: g.Shape, t: g.Shape, tol: float = 1e-6) -> tuple[float, float]:
    """The point of `t` nearest to `a`; when a whole stretch of an edge is nearest
    (bases side by side, edges parallel) the middle of that stretch, so the answer
    does not hang on which end a tie-break picks."""
    d = g.gap(a, t)
    best: tuple[float, tuple[float, float]] | None = None
    n = len(t.xs)
    for i in range(n):
        x0, y0, x1, y1 = t.xs[i], t.ys[i], t.xs[(i + 1) % n], t.ys[(i + 1) % n]

        def f(u: float) -> float:
            return g.gap(g.make_circle(x0 + (x1 - x0) * u, y0 + (y1 - y0) * u, 1e-9), a) + 1e-9
        lo, hi = 0.0, 1.0  # the distance to a convex shape is convex along the edge
        for _ in range(60):
            m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
            if f(m1) <= f(m2):
                hi = m2
            else:
                lo = m1
        um = (lo + hi) / 2
        near = d + tol
        if f(um) > near:
            continue
        left = 0.0
        if f(0.0) > near:  # where the nearest stretch begins ...
            out, inn = 0.0, um
            for _ in range(50):
                mid = (out + inn) / 2
                out, inn = (mid, inn) if f(mid) > near else (out, mid)
            left = inn
        end_hi = 1.0
        if f(1.0) > near:  # ... and where it ends
            inn, out = um, 1.0
            for _ in range(50):
                mid = (inn + out) / 2
                inn, out = (inn, mid) if f(mid) > near else (mid, out)
            end_hi = inn
        span = (end_hi - left) * math.hypot(x1 - x0, y1 - y0)
        um = (left + end_hi) / 2
        if best is None or span > best[0] + 1e-9:
            best = (span, (x0 + (x1 - x0) * um, y0 + (y1 - y0) * um))
    if best is None:  # pragma: no cover - some edge always holds the nearest point
        return g.closest_points(a, t)[1]
    return best[1]


def _face(ctx: Ctx, a: Racer, t: Racer) -> None:
    """The winning attacker may first pivot to face the contact point: the nearest
    point of the target (the middle of it when the bases lie side by side)."""
    pb = contact_point(racer_shape(a), racer_shape(t))
    h = norm_heading(math.degrees(math.atan2(pb[1] - a.y, pb[0] - a.x)))
    if ctx.geo.rotation_blocked(a, h) is None:
        h0 = a.heading
        place(ctx, a, a.x, a.y, h, "pivot")
        ctx.emit(ev.Pivoted(a.id, h0, h))
        if contact_path(ctx.state, a, t) is None:  # the pivot opened no clear path: turn back
            place(ctx, a, a.x, a.y, h0, "pivot")


class FreeMove(Decision):
    """The defender who won or tied the roll-off may move toward the finish (§9.2)."""

    kind = "free_move"

    def actor(self, state: RaceState, step: Step) -> str:
        return state.racers[step["racer"]].player

    def candidates(self, state: RaceState, step: Step) -> list[Choice]:
        r = state.racers[step["racer"]]
        h = finish_heading(state, r)
        out = [Choice.make("stay")]
        c = Choice.make("free_move", heading=round(h, 6), distance=round(step["limit"], 6))
        if self.check(state, step, c) is None:
            out.insert(0, c)
        return out

    def check(self, state: RaceState, step: Step, choice: Choice) -> str | None:
        if choice.kind == "stay":
            return None
        r = state.racers[step["racer"]]
        h, d = choice.get("heading"), choice.get("distance")
        if choice.kind != "free_move" or not _num(h) or not _num(d) or d < 0:
            return "free_move needs a heading and a distance"
        k = choice.get("stamina", 0)
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= r.stamina:
            return f"stamina must be 0-{r.stamina}"
        if d > step["limit"] + k + 1e-9:
            return f"the free move is at most {step['limit']:.2f}\" (plus stamina)"
        ux, uy = unit(float(h))
        course = state.course
        if course.progress(r.x + ux * d, r.y + uy * d, r.progress) <= r.progress + 1e-9:
            return "the free move must end nearer the finish"
        if state.table.rotation_blocked(r, float(h)) is not None:
            return "that pivot would touch something"
        return None

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        if choice.kind == "stay":
            return
        r = ctx.state.racers[step["racer"]]
        begin_move(ctx, r, "free", [(float(choice["heading"]), float(choice["distance"]))], True,
                   step["limit"], int(choice.get("stamina", 0)), None)


decision(Surprise, "barger", "target")
decision(ContactBargeTurn, "player")
decision(BargeTurn, "player", "stamina_used")
decision(FreeMove, "limit", "racer")
