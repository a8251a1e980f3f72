"""Ramming (spec §5): the 1-2 / 3-6 roll, the shove of the rammed wheel, the ram
table and when its effect applies (`ram_effect_timing`)."""

from __future__ import annotations

import math
from typing import Any

from game.rules.doomwheel import charts
from game.rules.doomwheel import events as ev
from game.rules.doomwheel.engine import ENGINE, ROLLED, Ctx, auto, roll
from game.rules.doomwheel.movement import drop_move
from game.rules.doomwheel.geo import unit, wheel_shape
from game.rules.doomwheel.state import Step, Wheel


def ram(ctx: Ctx, step: Step, w: Wheel, other: str, heading: float, rest: tuple[Any, ...]) -> None:
    """The active wheel touched `other`: stop there and roll who is affected. The
    rest of its move (also a move this one interrupted, such as the normal move under
    a slip) will not ram `other` again: touching it again ends that move."""
    ENGINE.update(ctx.state.steps, w.id, "drive", lambda s: s.with_(rammed=s.get("rammed", ()) + (other,)))
    ctx.push(roll("d6", 1, w.id, "ram", Step.make("ram_roll", wheel=w.id, rammed=other, heading=heading,
                                                   drive=step.with_(legs=rest, rammed=step.get("rammed", ()) + (other,)))))


def _projection(shape_pts: list[tuple[float, float]], nx: float, ny: float) -> tuple[float, float]:
    vals = [x * nx + y * ny for x, y in shape_pts]
    return min(vals), max(vals)


def shove_vector(rammer: Wheel, rammed: Wheel, heading: float) -> tuple[float, float, float, float]:
    """(nx, ny, distance, limit): the shove perpendicular to the rammer's travel, away
    from its centre line, just far enough to clear the strip its base sweeps going
    straight on; `limit` is the strip's edge on that axis."""
    ux, uy = unit(heading)
    nx, ny = -uy, ux
    if (rammed.x - rammer.x) * nx + (rammed.y - rammer.y) * ny < 0:
        nx, ny = -nx, -ny
    _, r_hi = _projection(wheel_shape(rammer).points(), nx, ny)
    b_lo, _ = _projection(wheel_shape(rammed).points(), nx, ny)
    return nx, ny, max(0.0, r_hi - b_lo), r_hi


@auto("ram_roll", "wheel", "rammed", "heading", "drive", *ROLLED)
def _ram_roll(ctx: Ctx, step: Step) -> None:
    state = ctx.state
    w = state.wheels[step["wheel"]]
    other = state.wheels[step["rammed"]]
    who = charts.RAM_ROLL[int(step["value"])]
    affected = w if who == "rammer" else other
    ctx.emit(ev.Rammed(w.id, other.id, int(step["value"]), affected.id))
    table = Step.make("ram_table_due", wheel=affected.id)
    if who == "rammer":
        drop_move(state, w.id)  # its move ends (all of it: a slip's rest and the move under it)
        ctx.push(table)
        return
    nx, ny, dist, limit = shove_vector(w, other, step["heading"])
    shove_heading = math.degrees(math.atan2(ny, nx)) % 360.0
    shove = Step.make("drive", wheel=other.id, legs=(("line", dist, shove_heading),) if dist > 1e-9 else (),
                      how="shove")
    check = Step.make("shove_check", wheel=w.id, rammed=other.id, nx=nx, ny=ny, limit=limit)
    ctx.push(shove, check, step["drive"], table)


@auto("shove_check", "wheel", "rammed", "nx", "ny", "limit")
def _shove_check(ctx: Ctx, step: Step) -> None:
    """If the shove was stopped short, the rammer's move ends at the contact."""
    state = ctx.state
    other = state.wheels[step["rammed"]]
    if not other.running:
        return
    b_lo, _ = _projection(wheel_shape(other).points(), step["nx"], step["ny"])
    if b_lo < step["limit"] - 1e-4:
        drop_move(state, step["wheel"])


@auto("ram_table_due", "wheel")
def _ram_table_due(ctx: Ctx, step: Step) -> None:
    """The affected wheel rolls on the ram table, unless it was destroyed meanwhile
    (run over a Fanatic in its shove, say): a wheel off the table has no next move."""
    if ctx.state.wheels[step["wheel"]].running:
        ctx.push(roll("d6", 1, step["wheel"], "ram_table", Step.make("ram_table", wheel=step["wheel"])))


@auto("ram_table", "wheel", *ROLLED)
def _ram_table(ctx: Ctx, step: Step) -> None:
    state = ctx.state
    w = state.wheels[step["wheel"]]
    result = charts.RAM_TABLE[int(step["value"])]
    ctx.emit(ev.RamResult(w.id, int(step["value"]), result))
    if not w.running:
        return
    started = w.moved_turn >= state.turn
    w.ram_effect = result
    w.ram_effect_turn = state.turn + 1 if started or state.options.ram_effect_timing == "next_turn" else state.turn
    if result == "toppled":
        ctx.push(roll("d3", 1, w.id, "toppled_hits", Step.make("hits", wheel=w.id, strength=5)))


ENGINE.hooks["ram"] = ram
