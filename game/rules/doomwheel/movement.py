"""Doomwheel movement (spec §4): a move as legs (straight lines, a Schwenk swept
about the inner front corner, a pivot to face a random direction), run to its first
event: a critter touched is run over (D3 Strength 5 hits, or the slave table) and the
move goes on; a wheel touched is rammed (ram.py) or ends the move; an edge ends it.
Laps are counted from the path of the base's centre through the ordered lap lines."""

from __future__ import annotations

from typing import Any

from game.rules.doomwheel import charts
from game.rules.doomwheel import events as ev
from game.rules.doomwheel.engine import ENGINE, ROLLED, Ctx, auto, change_wounds, finish, roll
from game.rules.doomwheel.geo import (
    CRIT, angle_diff, backed, lap_lines, norm_heading, pivot_point, rotate_about, schwenk_cost, seg_cross, unit,
)
from game.rules.doomwheel.state import OVER, DoomState, Step, Wheel


def _wheel(state: DoomState, step: Step) -> Wheel:
    return state.wheels[step["wheel"]]


# --- run-overs (spec §4) ---------------------------------------------------------------

@auto("run_over", "wheel", "critter")
def _run_over(ctx: Ctx, step: Step) -> None:
    state = ctx.state
    w = _wheel(state, step)
    c = state.critters[step["critter"]]
    if not c.alive or not w.running:
        return
    c.alive = False
    ctx.geo.sync_critter(c)
    ctx.emit(ev.RanOver(w.id, c.id, c.kind))
    if c.kind == "slave":
        ctx.push(roll("d6", 1, w.id, "slave_table", Step.make("slave", wheel=w.id)))
    else:
        ctx.push(roll("d3", 1, w.id, "run_over_hits", Step.make("hits", wheel=w.id, strength=5)))


@auto("slave", "wheel", *ROLLED)
def _slave(ctx: Ctx, step: Step) -> None:
    state = ctx.state
    w = _wheel(state, step)
    result = charts.SLAVE_TABLE[int(step["value"])]
    ctx.emit(ev.SlaveResult(w.id, int(step["value"]), result))
    if not w.running:
        return
    if result == "rat_food":
        change_wounds(ctx, w, 1, "rat_food")
    elif result == "defect":
        change_wounds(ctx, w, -1, "defect")
    elif result == "slip":
        ctx.push(roll("d6", 2, w.id, "slip", Step.make("slip", wheel=w.id)))
    else:
        if state.options.tangled == "replaces_move":
            drop_move(state, w.id)
        ctx.push(roll("d6", 2, w.id, "tangled", Step.make("random_dir", wheel=w.id, how="tangled")))


def drop_move(state: DoomState, wid: str) -> None:
    """Cancel the rest of the wheel's current move: every pending drive frame of it (a
    slip's or tangled move's rest and the rest of the move, slide or shove it broke,
    suspended under it)."""
    ENGINE.cancel(state.steps, wid, "drive")


@auto("random_dir", "wheel", "how", *ROLLED)
def _random_dir(ctx: Ctx, step: Step) -> None:
    ctx.push(roll("dir", 1, step["wheel"], "direction",
                  Step.make("random_move", wheel=step["wheel"], how=step["how"], dist=step["value"])))


@auto("random_move", "wheel", "how", "dist", *ROLLED)
def _random_move(ctx: Ctx, step: Step) -> None:
    """Turn to face the random direction (swept about the centre), then move."""
    h = float(step["value"])
    legs = (("face", h, "free_pivot"), ("line", float(step["dist"]), h))
    ctx.push(Step.make("drive", wheel=step["wheel"], legs=legs, how=step["how"]))


# --- movement (spec §4) --------------------------------------------------------------

@auto("drive", "wheel", "legs", "how", "rammed", owner="wheel")
def _drive(ctx: Ctx, step: Step) -> None:
    """Run the first leg of a move up to its first event: a critter touched (run over,
    then the move continues), a wheel or edge touched (the move ends), or its end."""
    state = ctx.state
    w = _wheel(state, step)
    legs = step["legs"]
    if not w.running or not legs:
        return
    leg = legs[0]
    if leg[0] == "face":
        d = angle_diff(float(leg[1]), w.heading)
        leg = ("turn", d, "free_pivot")
        if abs(d) < 1e-9:
            ctx.push(step.with_(legs=legs[1:]))
            return
    if leg[0] == "line":
        _drive_line(ctx, step, w, leg, legs[1:])
    else:
        _drive_turn(ctx, step, w, leg, legs[1:])


def _drive_line(ctx: Ctx, step: Step, w: Wheel, leg: tuple[Any, ...], rest: tuple[Any, ...]) -> None:
    dist = float(leg[1])
    heading = w.heading if leg[2] is None else float(leg[2])
    stop, crit = ctx.geo.line_contacts(w, heading, dist)
    x0, y0 = w.x, w.y
    ux, uy = unit(heading)
    if crit is not None:
        go = crit.dist
        path = _place(ctx, w, x0 + ux * go, y0 + uy * go, w.heading)
        ctx.emit(ev.WheelMoved(w.id, step["how"], x0, y0, w.x, w.y, w.heading))
        count_laps(ctx, w, path)
        remaining = dist - go
        nxt = ((("line", remaining, leg[2]),) if remaining > 1e-9 else ()) + rest
        ctx.push(Step.make("run_over", wheel=w.id, critter=crit.other[len(CRIT):]), step.with_(legs=nxt))
        return
    go = dist if stop is None else backed(stop.dist)
    path = _place(ctx, w, x0 + ux * go, y0 + uy * go, w.heading)
    ctx.emit(ev.WheelMoved(w.id, step["how"], x0, y0, w.x, w.y, w.heading, "" if stop is None else stop.other))
    count_laps(ctx, w, path)
    if stop is None:
        ctx.push(step.with_(legs=rest))
    else:
        left = dist - go
        contact(ctx, step, w, stop.other, heading, ((("line", left, leg[2]),) if left > 1e-9 else ()) + rest)


def _drive_turn(ctx: Ctx, step: Step, w: Wheel, leg: tuple[Any, ...], rest: tuple[Any, ...]) -> None:
    angle = float(leg[1])
    mode = str(leg[2])
    if ctx.geo.touching_edges(w):
        _drive_lifted_turn(ctx, step, w, leg, rest)
        return
    px, py = pivot_point(w, angle, mode)
    stop, crit = ctx.geo.turn_contacts(w, px, py, angle)
    h0 = w.heading
    sign = 1.0 if angle > 0 else -1.0
    if crit is not None:
        turned = crit.dist * sign
    elif stop is not None:
        turned = max(0.0, stop.dist - 1e-6) * sign
    else:
        turned = angle
    x1, y1 = rotate_about(w.x, w.y, px, py, turned)
    path = _place(ctx, w, x1, y1, norm_heading(h0 + turned), arc=(px, py, turned))
    stopper = "" if crit is not None or stop is None else stop.other
    cost = schwenk_cost(w, turned, str(leg[2])) if step["how"] == "move" else 0.0  # paid when planned
    ctx.emit(ev.WheelTurned(w.id, step["how"], px, py, h0, h0 + turned, x1, y1, cost, stopper))
    count_laps(ctx, w, path)
    if crit is not None:
        left = angle - turned
        nxt = ((("turn", left, mode),) if abs(left) > 1e-9 else ()) + rest
        ctx.push(Step.make("run_over", wheel=w.id, critter=crit.other[len(CRIT):]), step.with_(legs=nxt))
    elif stop is None:
        ctx.push(step.with_(legs=rest))
    else:
        left = angle - turned
        contact(ctx, step, w, stop.other, w.heading, ((("turn", left, mode),) if abs(left) > 1e-9 else ()) + rest)


def _drive_lifted_turn(ctx: Ctx, step: Step, w: Wheel, leg: tuple[Any, ...], rest: tuple[Any, ...]) -> None:
    """RULING: a wheel touching a track edge is lifted clear of the edges to turn
    (Geo.lifted_turn); it is set down at its new facing, then the critters its sweep
    touched are run over in touch order; a wheel that stopped the sweep is rammed as
    usual, and a turn that cannot clear the edges ends the move at the edge."""
    angle = float(leg[1])
    px, py, turned, stopper, crits = ctx.geo.lifted_turn(w, angle)
    h0 = w.heading
    x1, y1 = rotate_about(w.x, w.y, px, py, turned)
    path = _place(ctx, w, x1, y1, norm_heading(h0 + turned), arc=(px, py, turned))
    cost = schwenk_cost(w, turned, str(leg[2])) if step["how"] == "move" else 0.0  # paid when planned
    ctx.emit(ev.WheelTurned(w.id, step["how"], px, py, h0, h0 + turned, x1, y1, cost, stopper))
    count_laps(ctx, w, path)
    runs = [Step.make("run_over", wheel=w.id, critter=c[len(CRIT):]) for c in crits]
    if not stopper:
        ctx.push(*runs, step.with_(legs=rest))
        return
    left = angle - turned
    contact(ctx, step, w, stopper, w.heading, ((("turn", left, leg[2]),) if abs(left) > 1e-9 else ()) + rest)
    ctx.push(*runs)


RAM_MOVES = ("move", "slip", "tangled", "out_of_control")


def contact(ctx: Ctx, step: Step, w: Wheel, other: str, heading: float, rest: tuple[Any, ...]) -> None:
    """The move touched a wheel or an edge. A wheel touched by the active wheel's own
    movement-phase move is rammed (§5, ram.py; once per move); otherwise the move
    ends. An edge: `edge_damage: d3_s4` gives D3 Strength 4 hits."""
    state = ctx.state
    if other in state.wheels:
        if (state.phase == "move" and state.active == w.id and step["how"] in RAM_MOVES
                and other not in step.get("rammed", ()) and "ram" in ENGINE.hooks):
            ENGINE.hooks["ram"](ctx, step, w, other, heading, rest)  # ram.py
        return
    if state.options.edge_damage == "d3_s4" and other.startswith("edge"):  # not a large obstacle
        ctx.push(roll("d3", 1, w.id, "edge_hits", Step.make("hits", wheel=w.id, strength=4)))


def _place(ctx: Ctx, w: Wheel, x: float, y: float, heading: float,
           arc: tuple[float, float, float] | None = None) -> list[tuple[float, float]]:
    """Put the wheel at its new pose; returns the path of its centre."""
    path = [(w.x, w.y)]
    if arc is not None:
        px, py, turned = arc
        for k in range(1, 9):
            path.append(rotate_about(w.x, w.y, px, py, turned * k / 8))
    else:
        path.append((x, y))
    w.x, w.y, w.heading = x, y, heading
    ctx.geo.sync_wheel(w)
    return path


def count_laps(ctx: Ctx, w: Wheel, path: list[tuple[float, float]]) -> None:
    """Count the lap lines the wheel's centre crossed along `path`."""
    for a, b in zip(path, path[1:]):
        _count_laps(ctx, w, a, b)


def _count_laps(ctx: Ctx, w: Wheel, p0: tuple[float, float], p1: tuple[float, float]) -> None:
    lines = lap_lines(ctx.state.course)
    while True:
        a, b = lines[w.next_cp]
        tx, ty = ctx.geo.cp_dirs[w.next_cp]
        if not seg_cross(p0, p1, a, b) or (p1[0] - p0[0]) * tx + (p1[1] - p0[1]) * ty <= 0:
            return
        if w.next_cp < len(lines) - 1:
            ctx.emit(ev.CheckpointPassed(w.id, w.next_cp))
            w.next_cp += 1
            continue
        w.next_cp = 0
        w.laps += 1
        ctx.emit(ev.LapCompleted(w.id, w.laps))
        if w.laps >= ctx.state.options.laps and ctx.state.phase != OVER:
            finish(ctx, w.player, "laps")
        return
