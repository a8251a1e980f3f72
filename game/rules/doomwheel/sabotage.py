"""Sabotage (spec §6): after all wheels have moved, in initiative order, each player
may spend points against an enemy wheel one batch at a time, or pass; the round goes
on until every player has passed in turn. A batch of N points slides the wheel the
sum of N D3 in one chosen direction (`sabotage_moves: pooled`) or one D3 per point,
each in its own direction (`per_point`); facing unchanged; critters run over; stops
at an edge or a wheel and never rams."""

from __future__ import annotations

import math

from game.core.protocol import Choice
from game.rules.doomwheel.engine import ROLLED, Ctx, Decision, auto, on_phase, register, roll
from game.rules.doomwheel.state import DoomState, Step

HEADINGS = tuple(float(h) for h in range(0, 360, 45))


def eligible(state: DoomState, player: str) -> bool:
    w = state.wheels[player]
    return w.running and w.sabotage > 0 and any(o.running and o.id != w.id for o in state.wheels.values())


def _start(ctx: Ctx, step: Step) -> None:
    ctx.push(Step.make("sabotage_round", i=0, passes=0))


@auto("sabotage_round", "i", "passes")
def _round(ctx: Ctx, step: Step) -> None:
    state = ctx.state
    order = state.order
    n = len(order)
    i, passes = int(step["i"]), int(step["passes"])
    while passes < n:
        p = order[i % n]
        if eligible(state, p):
            ctx.push(Step.make("sabotage", wheel=p, i=i, passes=passes))
            return
        i, passes = i + 1, passes + 1


class Sabotage(Decision):
    kind = "sabotage"
    keys = {"sabotage": {"target", "points", "heading", "headings"}, "pass": set()}

    def candidates(self, state: DoomState, step: Step) -> list[Choice]:
        me = state.wheels[step["wheel"]]
        out = [Choice.make("pass")]
        per_point = state.options.sabotage_moves == "per_point"
        for t in state.wheels.values():
            if not t.running or t.id == me.id:
                continue
            for pts in range(1, me.sabotage + 1):
                for h in HEADINGS:
                    if per_point:
                        out.append(Choice.make("sabotage", target=t.id, headings=[h] * pts))
                    else:
                        out.append(Choice.make("sabotage", target=t.id, points=pts, heading=h))
        return out

    def check(self, state: DoomState, step: Step, choice: Choice) -> str | None:
        if choice.kind == "pass":
            return None
        if choice.kind != "sabotage":
            return "sabotage(target, ...) or pass is pending"
        me = state.wheels[step["wheel"]]
        t = state.wheels.get(str(choice.get("target")))
        if t is None or not t.running or t.id == me.id:
            return "the target must be an enemy wheel still running"
        if state.options.sabotage_moves == "per_point":
            hs = choice.get("headings")
            if choice.get("points") is not None or choice.get("heading") is not None or not isinstance(hs, tuple):
                return "per_point sabotage takes headings (one direction per point)"
            heads = list(hs)
        else:
            pts, h = choice.get("points"), choice.get("heading")
            if choice.get("headings") is not None or not isinstance(pts, int) or isinstance(pts, bool):
                return "pooled sabotage takes points and one heading"
            heads = [h] * max(pts, 0)
        if not 1 <= len(heads) <= me.sabotage:
            return f"spend 1-{me.sabotage} points"
        for h in heads:
            if isinstance(h, bool) or not isinstance(h, (int, float)) or not math.isfinite(h):
                return "a heading must be a number of degrees"
        return None

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        state = ctx.state
        me = state.wheels[step["wheel"]]
        if choice.kind == "pass":
            ctx.push(Step.make("sabotage_round", i=step["i"] + 1, passes=step["passes"] + 1))
            return
        target = str(choice["target"])
        if state.options.sabotage_moves == "per_point":
            heads = [float(h) for h in choice["headings"]]
            slides = [roll("d3", 1, target, "sabotage", Step.make("sabotage_slide", wheel=target, heading=h % 360.0))
                      for h in heads]
        else:
            heads = [float(choice["heading"])] * int(choice["points"])
            slides = [roll("d3", len(heads), target, "sabotage",
                           Step.make("sabotage_slide", wheel=target, heading=heads[0] % 360.0))]
        me.sabotage -= len(heads)
        ctx.push(*slides, Step.make("sabotage_round", i=step["i"] + 1, passes=0))


@auto("sabotage_slide", "wheel", "heading", *ROLLED)
def _slide(ctx: Ctx, step: Step) -> None:
    ctx.push(Step.make("drive", wheel=step["wheel"], legs=(("line", float(step["value"]), step["heading"]),),
                       how="sabotage"))


register(Sabotage(), "i", "passes")
on_phase("sabotage", _start)
