"""Effects shared by every phase: Strength hits and lives (§3, §2), favour gained,
movement penalties (§6.3), lockouts (§6.2), finishing (§13), the Unbalanced chart
with the Whoa slide (§11) and forced movement (§12), contacts created (§9.1)."""

from __future__ import annotations

import math

from game.table import geometry as g
from game.table.geometry import BACKOFF, TOL
from game.table.table import Contact
from game.rules.wild_race.kinds import Kind
from game.rules.wild_race import events as ev
from game.rules.wild_race.charts import UNBALANCED
from game.rules.wild_race.engine import Ctx, auto, roll
from game.rules.wild_race.geo import kind_name, MOVE_KINDS, OBS, racer_shape, shape_at, unit
from game.rules.wild_race.state import CASUALTY, FINISHED, TURN_LOCK, Racer, Step


def place(ctx: Ctx, r: Racer, x: float, y: float, heading: float, how: str) -> None:
    if x == r.x and y == r.y and heading == r.heading:
        return
    ctx.emit(ev.Moved(r.id, how, r.x, r.y, r.heading, x, y, heading))
    window = math.hypot(x - r.x, y - r.y) + 3.0
    r.x, r.y, r.heading = x, y, heading
    ctx.geo.update_racer(r)
    r.progress = ctx.state.course.progress(x, y, r.progress, window)


def add_penalty(ctx: Ctx, r: Racer, inches: int) -> None:
    if not r.racing:
        return
    r.penalty_accrued += inches
    ctx.emit(ev.PenaltyAdded(r.id, inches, r.penalty_accrued))


def lock(ctx: Ctx, r: Racer, scope: str) -> None:
    if not r.racing:
        return
    r.lock(scope)
    ctx.emit(ev.LockedOut(r.id, scope))


def gain_favour(ctx: Ctx, r: Racer, why: str) -> None:
    if not r.racing:
        return
    r.favour += 1
    ctx.emit(ev.FavourGained(r.id, r.favour, why))


def finish(ctx: Ctx, r: Racer) -> None:
    st = ctx.state
    r.status = FINISHED
    r.finish_turn = st.turn
    st.finish_order.append(r.id)
    ctx.geo.update_racer(r)
    r.progress = st.course.finish_progress
    ctx.emit(ev.Finished(r.id, len(st.finish_order)))


def opposing(a: Racer, b: Racer) -> bool:
    return a.player != b.player


def touching_enemies(ctx: Ctx, r: Racer) -> set[str]:
    if not r.racing:
        return set()
    near = ctx.geo.within(racer_shape(r), Kind.RACER, TOL, {r.id})
    return {oid for _, oid in near if opposing(r, ctx.state.racers[oid])}


def record_contacts(ctx: Ctx, r: Racer, before: set[str], skip: set[str] | None = None) -> None:
    """Contacts the racer's move closed are created by it (§9.1)."""
    for oid in sorted(touching_enemies(ctx, r) - before - (skip or set())):
        if oid not in r.contacts:
            r.contacts.append(oid)
        ctx.emit(ev.ContactMade(r.id, oid))


# --- hits and lives ----------------------------------------------------------------

def hit(racer: str, strength: int, instigator: str | None) -> Step:
    return Step.make("hit", racer=racer, strength=strength, instigator=instigator)


@auto("hit", "instigator", "racer", "strength")
def _hit(ctx: Ctx, step: Step) -> None:
    r = ctx.state.racers[step["racer"]]
    if not r.racing:
        return
    ctx.push(roll("d6", r.id, r.player, "strength_hit",
                  Step.make("hit_result", racer=r.id, strength=step["strength"], instigator=step["instigator"])))


@auto("hit_result", "instigator", "racer", "strength", "value")
def _hit_result(ctx: Ctx, step: Step) -> None:
    r = ctx.state.racers[step["racer"]]
    wounded = step["value"] < step["strength"]
    ctx.emit(ev.HitTaken(r.id, step["strength"], step["value"], wounded))
    if wounded:
        lose_life(ctx, r, step["instigator"])


def lose_life(ctx: Ctx, r: Racer, instigator: str | None) -> None:
    st = ctx.state
    if not r.racing:
        return
    r.lives -= 1
    credit = st.racers.get(instigator) if instigator else None
    if credit is not None and credit.player == r.player:
        credit = None
    ctx.emit(ev.LifeLost(r.id, r.lives, credit.id if credit else None))
    if credit is not None and (st.options.deaths_count == "lives" or r.lives <= 0):
        credit.lives_taken += 1
    if r.lives <= 0:
        r.status = CASUALTY
        r.casualty_turn = st.turn
        st.casualties.append(r.id)
        ctx.geo.update_racer(r)
        ctx.emit(ev.Casualty(r.id))


# --- Unbalanced chart (§11) ------------------------------------------------------------

def unbalanced(racer: str, instigator: str | None) -> Step:
    return Step.make("unbalanced", racer=racer, instigator=instigator)


@auto("unbalanced", "instigator", "racer")
def _unbalanced(ctx: Ctx, step: Step) -> None:
    r = ctx.state.racers[step["racer"]]
    if not r.racing:
        return
    ctx.push(roll("d6", r.id, r.player, "unbalanced",
                  Step.make("unbalanced_result", racer=r.id, instigator=step["instigator"])))


@auto("unbalanced_result", "instigator", "racer", "value")
def _unbalanced_result(ctx: Ctx, step: Step) -> None:
    r = ctx.state.racers[step["racer"]]
    v = step["value"]
    inst = step["instigator"]
    ctx.emit(ev.ChartResult(r.id, "unbalanced", v, UNBALANCED[v]))
    if v == 1:  # Catapult
        ctx.push(hit(r.id, 5, inst), Step.make("after_catapult", racer=r.id))
    elif v == 2:  # Slow Fall
        add_penalty(ctx, r, 4)
        lock(ctx, r, TURN_LOCK)
    elif v == 3:  # Whoa
        ctx.push(roll("d6", r.id, r.player, "whoa_direction", Step.make("whoa_dir", racer=r.id, instigator=inst)))
    elif v == 4:  # Easy
        add_penalty(ctx, r, 2)
    elif v == 6:  # Bill-paying skills
        gain_favour(ctx, r, "Bill-paying skills")


@auto("after_catapult", "racer")
def _after_catapult(ctx: Ctx, step: Step) -> None:
    r = ctx.state.racers[step["racer"]]
    if r.racing:
        add_penalty(ctx, r, 6)
        lock(ctx, r, TURN_LOCK)


@auto("whoa_dir", "instigator", "racer", "value")
def _whoa_dir(ctx: Ctx, step: Step) -> None:
    r = ctx.state.racers[step["racer"]]
    side = "left" if step["value"] <= 3 else "right"
    ctx.push(roll("d3", r.id, r.player, "whoa_distance",
                  Step.make("whoa_slide", racer=r.id, side=side, instigator=step["instigator"])))


@auto("whoa_slide", "instigator", "racer", "side", "value")
def _whoa_slide(ctx: Ctx, step: Step) -> None:
    r = ctx.state.racers[step["racer"]]
    if not r.racing:
        return
    h = r.heading + (90.0 if step["side"] == "left" else -90.0)
    ux, uy = unit(h)
    add_penalty(ctx, r, 2)
    lock(ctx, r, TURN_LOCK)
    forced_move(ctx, r, ux, uy, float(step["value"] + 1), "whoa", step["instigator"])


# --- forced movement (§12) ---------------------------------------------------------

def edge_hits(ctx: Ctx, left: float) -> int:
    mode = ctx.state.options.edge_hit_rounding
    if mode == "ceil":
        n = math.ceil(left - 1e-6)
    elif mode == "floor":
        n = math.floor(left + 1e-6)
    else:
        n = math.floor(left + 0.5)
    return max(1, n)


def forced(racer: str, ux: float, uy: float, dist: float, how: str, instigator: str | None) -> Step:
    return Step.make("forced", racer=racer, ux=ux, uy=uy, dist=dist, how=how, instigator=instigator)


@auto("forced", "dist", "how", "instigator", "racer", "ux", "uy")
def _forced(ctx: Ctx, step: Step) -> None:
    r = ctx.state.racers[step["racer"]]
    if r.racing:
        forced_move(ctx, r, step["ux"], step["uy"], step["dist"], step["how"], step["instigator"])


def forced_move(ctx: Ctx, r: Racer, ux: float, uy: float, dist: float, how: str, inst: str | None) -> None:
    """Push, Yeehaw! or Whoa: straight, facing unchanged, consequences per §12."""
    st = ctx.state
    before = touching_enemies(ctx, r)
    c = ctx.geo.first_contact(racer_shape(r), ux * dist, uy * dist, MOVE_KINDS, {r.id})
    travel = dist if c is None else max(0.0, c.dist - BACKOFF)
    place(ctx, r, r.x + ux * travel, r.y + uy * travel, r.heading, how)
    if c is None:
        record_contacts(ctx, r, before)
        return
    left = dist - c.dist
    if c.kind == Kind.FINISH:
        finish(ctx, r)
        return
    ctx.emit(ev.Blocked(r.id, c.other.removeprefix(OBS), kind_name(c.kind)))
    if c.kind == Kind.EDGE:
        n = edge_hits(ctx, left)
        ctx.emit(ev.EdgeHit(r.id, n))
        ctx.push(*[hit(r.id, 4, inst) for _ in range(n)])
    elif c.kind == Kind.LARGE:
        if how == "whoa" or st.options.forced_obstacle_hit == "yes":
            ctx.push(hit(r.id, 5, inst))
    elif c.kind == Kind.SMALL:
        if how == "whoa":
            ctx.push(hit(r.id, 5, inst))
        elif how == "yeehaw":
            ctx.push(roll("d6", r.id, r.player, "jump", Step.make(
                "jump_result", racer=r.id, obstacle=c.other, context="forced", ux=ux, uy=uy, left=left)))
    elif c.kind == Kind.RACER:
        other = st.racers[c.other]
        record_contacts(ctx, r, before)
        if how == "whoa":
            pair = tuple(sorted((r.id, other.id)))
            if pair not in st.resolved_pairs:
                st.resolved_pairs.append(pair)  # type: ignore[arg-type]
            ctx.emit(ev.Declared(other.id, "must barge", r.id))
            ctx.push(Step.make("barge_chart", barger=other.id, target=r.id, forced=True))
        return
    record_contacts(ctx, r, before)


def pass_beyond(ctx: Ctx, r: Racer, other_tid: str, ux: float, uy: float,
                also_ignore: frozenset[str] | set[str] = frozenset()) -> tuple[str, float, Contact | None]:
    """Carry the racer along (ux, uy) until its base is clear of `other_tid`.
    Returns (status, inches moved, what stopped it): 'passed', 'finished', or
    'blocked' (nothing moved; the contact met before the base was clear)."""
    shape = racer_shape(r)
    e = ctx.geo.exit_dist(shape, ux, uy, other_tid)
    if e is None or e <= 0.0:
        return "passed", 0.0, None
    go = e + BACKOFF
    c = ctx.geo.first_contact(shape, ux * go, uy * go, MOVE_KINDS, {r.id, other_tid} | set(also_ignore))
    how = "jump" if other_tid.startswith(OBS) else "overtake"
    if c is not None:
        if c.kind == Kind.FINISH:
            t = max(0.0, c.dist - BACKOFF)
            place(ctx, r, r.x + ux * t, r.y + uy * t, r.heading, how)
            finish(ctx, r)
            return "finished", t, c
        return "blocked", 0.0, c
    place(ctx, r, r.x + ux * go, r.y + uy * go, r.heading, how)
    return "passed", go, None


def place_beyond(ctx: Ctx, r: Racer, other_tid: str, ux: float, uy: float) -> bool:
    """Put the racer, facing unchanged, with the rear of its base against the far
    face of `other_tid` along (ux, uy) (a racer struck by a small obstacle lands on
    its finish side, §10.3). False, and nothing moves, when that spot is not free."""
    o = ctx.geo.table.shape(other_tid)
    if o.kind == g.CIRCLE:
        far = o.cx * ux + o.cy * uy + o.radius
    else:
        far = max(x * ux + y * uy for x, y in o.points())
    near = min(x * ux + y * uy for x, y in racer_shape(r).points())
    t = far - near + BACKOFF
    if t <= 0:
        return True
    nx, ny = r.x + ux * t, r.y + uy * t
    end = shape_at(r, nx, ny, r.heading)
    hits = ctx.geo.overlapping(end, MOVE_KINDS, {r.id, other_tid})
    course = ctx.state.course
    if [h for h in hits if h != "finish"] or not all(course.contains(x, y) for x, y in end.points()):
        return False
    place(ctx, r, nx, ny, r.heading, "jump")
    if "finish" in hits:
        finish(ctx, r)
    return True
