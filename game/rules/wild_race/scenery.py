"""Scenery Phase (spec §10): recycling of passed obstacles ahead of the race (options
`recycling`, `recycle_reference`), one obstacle move per player of up to 3" never
toward the finish, the stamina dodge, and what an obstacle does to the first racer
on its path (large: a life and -6"; small: the Jump chart, landing on the far side)."""

from __future__ import annotations

import math

from game.core.protocol import Choice
from game.table import geometry as g
from game.table.geometry import BACKOFF
from game.rules.wild_race.kinds import Kind
from game.rules.wild_race import events as ev
from game.rules.wild_race.effects import add_penalty, lose_life
from game.rules.wild_race.engine import Ctx, Decision, auto, decision, roll
from game.rules.wild_race.geo import OBS, SOLID, angle_diff, obstacle_shape, racer_shape, shape_at, unit
from game.rules.wild_race.movement import _num, begin_move, legs_arg, parse_legs, stamina_points
from game.rules.wild_race.state import Obstacle, RaceState, Racer, Step

SCENERY_MOVE = 3.0
RECYCLE_GAP = 6.0
SPOTS = 4  # recycling spots offered to programs


def shape_progress(state: RaceState, shape: g.Shape) -> tuple[float, float]:
    """(min, max) progress over a shape's outline."""
    c = state.course
    s = c.progress(shape.cx, shape.cy)
    if shape.kind == g.CIRCLE:
        return s - shape.radius, s + shape.radius
    w = shape.bound * 2.0 + 1.0
    vals = [c.progress(x, y, s, w) for x, y in zip(shape.xs, shape.ys)]
    return min(vals), max(vals)


def obstacle_progress(state: RaceState, o: Obstacle) -> float:
    """Progress of the obstacle's centre (remembered while it stays put)."""
    key = (o.x, o.y)
    c = o.progress_cache
    if c is None or c[0] != key:
        c = o.progress_cache = (key, state.course.progress(o.x, o.y))
    return c[1]  # type: ignore[no-any-return]


def racer_span(state: RaceState, r: Racer) -> tuple[float, float]:
    return shape_progress(state, racer_shape(r))


def is_passed(state: RaceState, o: Obstacle) -> bool:
    """All of it behind the rear of the base of the last racer still racing (§10.1)."""
    racing = state.racing()
    if not racing or o.removed:
        return False
    last = min(racing, key=lambda r: (r.progress, r.id))
    shape = obstacle_shape(o)
    s = obstacle_progress(state, o)
    if s - 2.0 * shape.bound > last.progress:  # clearly not behind the last racer
        return False
    rear = racer_span(state, last)[0]
    return shape_progress(state, shape)[1] < rear


class _SpotRules:
    """What a recycling spot is measured against, computed once per search."""

    def __init__(self, state: RaceState, o: Obstacle) -> None:
        self.state = state
        self.o = o
        self.others = [obstacle_shape(q) for q in state.live_obstacles() if q.id != o.id]
        racing = state.racing()
        self.front = state.options.recycle_reference == "front"
        if self.front:  # beyond the leading racer and every other obstacle, 6" from each
            lead = max(racing, key=lambda r: (r.progress, r.id))
            self.after = max([racer_span(state, lead)[1]] + [shape_progress(state, sh)[1] for sh in self.others])
            self.refs = [racer_shape(lead)] + self.others
        else:
            objs = [(racer_span(state, r), racer_shape(r)) for r in racing]
            objs += [(shape_progress(state, sh), sh) for sh in self.others]
            (span, ref) = min(objs, key=lambda t: t[0][0])
            self.after = span[1]
            self.refs = [ref]

    def ok(self, x: float, y: float) -> bool:
        """A legal recycling spot for the obstacle at (x, y), same rotation (spec §10.1)."""
        st = self.state
        shape = obstacle_shape(self.o, x, y)
        lo, hi = shape_progress(st, shape)
        if lo <= self.after or hi >= st.course.finish_progress:
            return False
        for ref in self.refs:
            apart = math.hypot(shape.cx - ref.cx, shape.cy - ref.cy) - shape.bound - ref.bound
            if apart < RECYCLE_GAP and g.gap(shape, ref) < RECYCLE_GAP - 1e-9:
                return False
        c = st.course
        pts = shape.points() if shape.kind != g.CIRCLE else [
            (x + shape.radius * math.cos(a), y + shape.radius * math.sin(a)) for a in (0.0, 1.57, 3.14, 4.71)]
        if not all(c.contains(px, py) for px, py in pts):
            return False
        return not st.table.overlapping(shape, SOLID | Kind.FINISH, {OBS + self.o.id})


def spot_ok(state: RaceState, o: Obstacle, x: float, y: float) -> bool:
    if not (abs(x) <= 10_000 and abs(y) <= 10_000) or not state.racing():
        return False
    try:
        return _SpotRules(state, o).ok(x, y)
    except ValueError:  # a shape that cannot be built there (float precision far away)
        return False


def recycle_spots(state: RaceState, o: Obstacle, limit: int = 4) -> list[tuple[float, float]]:
    """Up to `limit` legal spots for a passed obstacle, nearest the race first."""
    key = ("recycle_spots", o.id, o.x, o.y, o.rotation, state.options.recycle_reference)
    return list(state.table.remember(key, lambda: _recycle_spots(state, o, SPOTS)))[:limit]


def _recycle_spots(state: RaceState, o: Obstacle, limit: int) -> list[tuple[float, float]]:
    c = state.course
    racing = state.racing()
    if not racing:
        return []
    rules = _SpotRules(state, o)
    out: list[tuple[float, float]] = []
    s = max(rules.after, c.start_progress) + (RECYCLE_GAP if rules.front else 0.5)
    while s < c.finish_progress and len(out) < limit:
        px, py = c.point_at(s)
        tx, ty = c.tangent_at(s)
        half = c.width_at(s) / 2
        for frac in (0.0, -0.5, 0.5):
            x, y = round(px - ty * half * frac, 6), round(py + tx * half * frac, 6)
            if rules.ok(x, y):
                out.append((x, y))
                break
        s += 2.0
    return out


class Recycle(Decision):
    """The player with priority places a passed obstacle ahead of the race."""

    kind = "recycle"

    def needed(self, state: RaceState, step: Step) -> bool:
        o = state.obstacles[step["obstacle"]]
        return not o.removed and is_passed(state, o)

    def candidates(self, state: RaceState, step: Step) -> list[Choice]:
        o = state.obstacles[step["obstacle"]]
        out = [Choice.make("recycle", obstacle=o.id, x=x, y=y) for x, y in recycle_spots(state, o)]
        if state.options.recycling == "player_choice" or not out:
            out.append(Choice.make("leave", obstacle=o.id))
        return out

    def check(self, state: RaceState, step: Step, choice: Choice) -> str | None:
        o = state.obstacles[step["obstacle"]]
        if choice.kind == "leave":
            if state.options.recycling == "player_choice" or not recycle_spots(state, o, 1):
                return None
            return "recycling is 'always': place the obstacle"
        if choice.kind != "recycle" or choice.get("obstacle") != o.id:
            return f"recycle {o.id} (or leave it, if allowed)"
        x, y = choice.get("x"), choice.get("y")
        if not _num(x) or not _num(y):
            return "x and y must be numbers"
        if not spot_ok(state, o, float(x), float(y)):
            return "not a legal spot: on the finish side of the race, 6\" clear, free, inside the course"
        return None

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        st = ctx.state
        o = st.obstacles[step["obstacle"]]
        if choice.kind == "leave":
            if not recycle_spots(st, o, 1):
                o.removed = True
                ctx.geo.update_obstacle(o)
                ctx.emit(ev.ObstacleRemoved(o.id))
            return
        x0, y0 = o.x, o.y
        o.x, o.y = float(choice["x"]), float(choice["y"])
        o.recycled = True
        ctx.geo.update_obstacle(o)
        ctx.emit(ev.ObstacleMoved(o.id, "recycled", x0, y0, o.x, o.y))


@auto("recycle_start", "player")
def _recycle_start(ctx: Ctx, step: Step) -> None:
    st = ctx.state
    for o in st.live_obstacles():
        if is_passed(st, o) and not recycle_spots(st, o, 1):
            o.removed = True
            ctx.geo.update_obstacle(o)
            ctx.emit(ev.ObstacleRemoved(o.id))
    steps = [Step.make("recycle", player=step["player"], obstacle=o.id) for o in st.live_obstacles()
             if is_passed(st, o)]
    ctx.push(*steps)


# --- obstacle moves -----------------------------------------------------------------------

def movable(state: RaceState) -> list[Obstacle]:
    return [o for o in state.live_obstacles() if not o.moved and not o.recycled]


def check_obstacle_move(state: RaceState, o: Obstacle | None, dx: object, dy: object) -> str | None:
    if o is None or o.removed:
        return "no such obstacle"
    if o.moved or o.recycled:
        return f"{o.id} was already moved or recycled this turn"
    if not _num(dx) or not _num(dy):
        return "dx and dy must be numbers"
    d = math.hypot(float(dx), float(dy))  # type: ignore[arg-type]
    if d <= 1e-9 or d > SCENERY_MOVE + 1e-6:
        return "an obstacle moves more than 0 and at most 3\""
    tx, ty = state.course.tangent_at(obstacle_progress(state, o))
    if (float(dx) * tx + float(dy) * ty) / d > 1e-6:  # type: ignore[arg-type]
        return "scenery may not move toward the finish line"
    return None


class SceneryTurn(Decision):
    kind = "scenery_turn"

    def needed(self, state: RaceState, step: Step) -> bool:
        return bool(movable(state))

    def candidates(self, state: RaceState, step: Step) -> list[Choice]:
        out = [Choice.make("pass")]
        racing = state.racing()
        for o in movable(state):
            s = obstacle_progress(state, o)
            if not any(s - 15.0 < r.progress < s + 3.0 for r in racing):
                continue  # no racer close behind it to threaten (any move stays legal)
            tx, ty = state.course.tangent_at(s)
            for ang in (180.0, 90.0, -90.0, 135.0, -135.0):
                a = math.radians(ang)
                ux, uy = tx * math.cos(a) - ty * math.sin(a), tx * math.sin(a) + ty * math.cos(a)
                out.append(Choice.make("move_obstacle", obstacle=o.id, dx=round(ux * 3, 6), dy=round(uy * 3, 6)))
        return out

    def check(self, state: RaceState, step: Step, choice: Choice) -> str | None:
        if choice.kind == "pass":
            return None
        if choice.kind != "move_obstacle":
            return "choose move_obstacle or pass"
        return check_obstacle_move(state, state.obstacles.get(choice.get("obstacle", "")),
                                   choice.get("dx"), choice.get("dy"))

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        if choice.kind == "pass":
            return
        o = ctx.state.obstacles[choice["obstacle"]]
        o.moved = True
        ctx.emit(ev.Declared(step["player"], "moves", o.id))
        ctx.push(Step.make("obstacle_move", obstacle=o.id, dx=float(choice["dx"]), dy=float(choice["dy"]),
                           affected=False))


@auto("obstacle_move", "affected", "dx", "dy", "obstacle", "strike")
def _obstacle_move(ctx: Ctx, step: Step) -> None:
    """Move the obstacle straight; the first racer on its path may dodge before it
    arrives (§10.3); `strike` names the racer that chose to take it."""
    st = ctx.state
    o = st.obstacles[step["obstacle"]]
    dx, dy = step["dx"], step["dy"]
    c = ctx.geo.first_contact(obstacle_shape(o), dx, dy, SOLID, {OBS + o.id})
    if c is not None and c.kind == Kind.RACER and not step["affected"]:
        r = st.racers[c.other]
        if not r.locked and r.stamina > 0:
            ctx.push(Step.make("dodge", racer=r.id, obstacle=o.id, dx=dx, dy=dy))
            return
    frac = 1.0 if c is None else max(0.0, c.frac - BACKOFF / max(1e-9, math.hypot(dx, dy)))
    x0, y0 = o.x, o.y
    o.x += dx * frac
    o.y += dy * frac
    ctx.geo.update_obstacle(o)
    if frac > 0:
        ctx.emit(ev.ObstacleMoved(o.id, "moved", x0, y0, o.x, o.y))
    if c is None or c.kind != Kind.RACER:
        return
    if not step["affected"] or step.get("strike") == c.other:
        _strike(ctx, o, st.racers[c.other])


def _strike(ctx: Ctx, o: Obstacle, r: Racer) -> None:
    ctx.emit(ev.Declared(o.id, "strikes", r.id))
    if o.size == "large":
        lose_life(ctx, r, None)
        add_penalty(ctx, r, 6)
        return
    tx, ty = ctx.state.course.tangent_at(r.progress)
    ctx.push(roll("d6", r.id, r.player, "jump", Step.make(
        "jump_result", racer=r.id, obstacle=OBS + o.id, context="scenery", ux=tx, uy=ty, left=0.0)))


def simulate_legs(state: RaceState, r: Racer,
                  legs: list[tuple[float, float]]) -> tuple[float, float, float, bool] | None:
    """Where straight stamina legs (stopping at contacts) would leave the racer, and
    whether it reached the finish line (it has then left the course); None if a pivot
    is blocked. Pivots follow the Movement Phase's rule (Geo.pivot_pose: what the base
    already touches is lifted past, a base on an edge may turn on its hindquarters)."""
    x, y, h = r.x, r.y, r.heading
    for heading, d in legs:
        if abs(angle_diff(heading, h)) > 1e-9:
            probe = r
            if (x, y, h) != (r.x, r.y, r.heading):
                probe = r.copy()
                probe.x, probe.y, probe.heading = x, y, h
            pose = state.table.pivot_pose(probe, heading)
            if pose is None:
                return None
            (x, y), h = pose, heading
        ux, uy = unit(h)
        c = state.table.first_contact(shape_at(r, x, y, h), ux * d, uy * d, SOLID | Kind.FINISH, {r.id})
        if c is not None and c.kind == Kind.FINISH:
            return x + ux * c.dist, y + uy * c.dist, h, True
        t = d if c is None else max(0.0, c.dist - BACKOFF)
        x, y = x + ux * t, y + uy * t
        if c is not None:
            break
    return x, y, h, False


class Dodge(Decision):
    """The first racer on an obstacle's path may spend stamina to get out of the way."""

    kind = "dodge"

    def actor(self, state: RaceState, step: Step) -> str:
        return state.racers[step["racer"]].player

    def candidates(self, state: RaceState, step: Step) -> list[Choice]:
        r = state.racers[step["racer"]]
        out = [Choice.make("take")]
        fx, fy = unit(r.heading)
        for ang in (90.0, -90.0, 0.0):
            for d in range(1, r.stamina + 1):
                h = (r.heading + ang) % 360.0
                c = Choice.make("dodge", legs=legs_arg([(h, float(d))]))
                if self.check(state, step, c) is None:
                    out.insert(0, c)
                    break
        return out

    def check(self, state: RaceState, step: Step, choice: Choice) -> str | None:
        if choice.kind == "take":
            return None
        r = state.racers[step["racer"]]
        legs = parse_legs(choice.get("legs"))
        if choice.kind != "dodge" or isinstance(legs, str) or not legs:
            return "dodge needs legs of {heading, distance}"
        if stamina_points(sum(d for _, d in legs)) > r.stamina:
            return f"only {r.stamina} stamina"
        end = simulate_legs(state, r, legs)
        if end is None:
            return "a pivot of that dodge would touch something"
        if end[3]:
            return None  # it reaches the finish line: finished, it has left the course
        o = state.obstacles[step["obstacle"]]
        if g.time_of_impact(obstacle_shape(o), step["dx"], step["dy"], shape_at(r, *end[:3])) is not None:
            return "that dodge does not take the racer off the obstacle's path"
        return None

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        st = ctx.state
        r = st.racers[step["racer"]]
        o = st.obstacles[step["obstacle"]]
        if choice.kind == "take":
            ctx.push(Step.make("obstacle_move", obstacle=o.id, dx=step["dx"], dy=step["dy"], affected=True,
                               strike=r.id))
            return
        legs = parse_legs(choice["legs"])
        assert isinstance(legs, list)
        ctx.push(Step.make("dodge_move", racer=r.id, legs=tuple(legs)),
                 Step.make("obstacle_move", obstacle=o.id, dx=step["dx"], dy=step["dy"], affected=True))


@auto("dodge_move", "legs", "racer")
def _dodge_move(ctx: Ctx, step: Step) -> None:
    r = ctx.state.racers[step["racer"]]
    legs = [tuple(x) for x in step["legs"]]
    begin_move(ctx, r, "dodge", legs, False, 0.0, stamina_points(sum(d for _, d in legs)), None)  # type: ignore


decision(Recycle, "obstacle", "player")
decision(SceneryTurn, "player")
decision(Dodge, "dx", "dy", "obstacle", "racer")
