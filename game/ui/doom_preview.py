"""What a Doomwheel decision would do, asked of the rules engine itself: a clone of
the state takes the choice and runs the move (or slide, or slip) to its end, the
dice that come up on the way answered so that nothing interrupts it (one hit that
fails to wound, the slave table's "rat food", the average D3 for a sabotage slide).
The preview lists the swept path (straight legs and the Schwenk's arc) as the
engine drove it, the critters it runs over in touch order, the wheel it would ram
and the edge that would stop it, and laps and checkpoints passed. No rules here:
everything comes from the engine's events. Plain Python (no pygame), so it is
tested headless. Also: `aim`, which turns a point on the table into the move
choice (at, angle) whose end lies nearest it, with the engine's Schwenk geometry.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from game.core.protocol import CHANCE, Choice
from game.rules.doomwheel import RULESET
from game.rules.doomwheel.geo import pivot_point, schwenk_cost, unit

# dice that do not change where the wheel goes, answered so the preview runs on
NEUTRAL = {"run_over_hits": 1, "to_wound": 1, "armour_save": 6, "slave_table": 3, "edge_hits": 1,
           "toppled_hits": 1}


@dataclass
class Leg:
    """One piece of the swept path: a straight slide or a turn about (px, py)."""

    kind: str  # line | turn
    x0: float
    y0: float
    h0: float
    x1: float
    y1: float
    h1: float
    px: float = 0.0
    py: float = 0.0

    def poses(self, step: float = 0.25) -> list[tuple[float, float, float]]:
        """Poses of the base along the leg, about every `step` inches or 5 degrees."""
        if self.kind == "line":
            n = max(1, int(math.hypot(self.x1 - self.x0, self.y1 - self.y0) / step))
            return [(self.x0 + (self.x1 - self.x0) * k / n, self.y0 + (self.y1 - self.y0) * k / n, self.h0)
                    for k in range(n + 1)]
        turn = self.h1 - self.h0
        n = max(1, int(abs(turn) / 5.0))
        out = []
        for k in range(n + 1):
            a = math.radians(turn * k / n)
            dx, dy = self.x0 - self.px, self.y0 - self.py
            out.append((self.px + dx * math.cos(a) - dy * math.sin(a),
                        self.py + dx * math.sin(a) + dy * math.cos(a), self.h0 + turn * k / n))
        return out


@dataclass
class Preview:
    wheel: str
    legs: list[Leg] = field(default_factory=list)
    run_over: list[tuple[str, str]] = field(default_factory=list)  # (critter id, kind) in touch order
    rams: str = ""  # the wheel it would ram (its move stops there until the ram roll)
    stopped_by: str = ""  # an edge (or a wheel it cannot ram) that ends the move
    checkpoints: list[int] = field(default_factory=list)
    laps: int = 0
    wins: bool = False
    end: tuple[float, float, float] | None = None  # the wheel's last pose in the preview

    @property
    def critters(self) -> list[str]:
        return [c for c, _ in self.run_over]


def preview(state: Any, choice: Choice, wheel: str | None = None, hows: tuple[str, ...] = ("move",),
            slide: int = 2) -> Preview:
    """Apply `choice` to a clone and follow `wheel` (default: the deciding wheel)
    through the moves of kind `hows` until its move is over; `slide` is the face
    given to each sabotage D3."""
    st = RULESET.clone(state)
    top = st.steps[-1]
    wid = wheel or str(top.get("wheel"))
    out = Preview(wid)
    events = list(RULESET.apply(st, choice))
    for _ in range(200):
        if st.phase == "over" or RULESET.current_actor(st) != CHANCE:
            break
        roll = st.steps[-1]
        if roll["reason"] == "sabotage":
            value = slide
        elif roll["reason"] in NEUTRAL:
            value = NEUTRAL[roll["reason"]]
        else:
            break  # a roll that would change the move (a ram, a slip) or the next thing in the turn
        events += RULESET.apply(st, Choice.make("roll", value=value))
    _read(out, events, hows, st)
    return out


def _read(out: Preview, events: list[Any], hows: tuple[str, ...], st: Any) -> None:
    wid = out.wheel
    for e in events:
        k = e.kind
        if k == "WheelMoved" and e.wheel == wid and e.how in hows:
            out.legs.append(Leg("line", e.x0, e.y0, e.heading, e.x1, e.y1, e.heading))
            out.end = (e.x1, e.y1, e.heading)
            if e.stopped_by:
                _stopped(out, e.stopped_by, st)
        elif k == "WheelTurned" and e.wheel == wid and e.how in hows:
            x0, y0 = out.end[:2] if out.end else _start_of_turn(e)
            out.legs.append(Leg("turn", x0, y0, e.h0, e.x1, e.y1, e.h1, e.px, e.py))
            out.end = (e.x1, e.y1, e.h1)
            if e.stopped_by:
                _stopped(out, e.stopped_by, st)
        elif k == "RanOver" and e.wheel == wid:
            out.run_over.append((e.critter, e.critter_kind))
        elif k == "CheckpointPassed" and e.wheel == wid:
            out.checkpoints.append(e.checkpoint)
        elif k == "LapCompleted" and e.wheel == wid:
            out.laps += 1
        elif k == "RaceOver" and e.winner == st.wheels[wid].player:
            out.wins = True


def _start_of_turn(e: Any) -> tuple[float, float]:
    """Where a turn began: (x1, y1) turned back about the pivot by h1 - h0."""
    a = math.radians(-(e.h1 - e.h0))
    dx, dy = e.x1 - e.px, e.y1 - e.py
    return e.px + dx * math.cos(a) - dy * math.sin(a), e.py + dx * math.sin(a) + dy * math.cos(a)


turn_start = _start_of_turn


def stop_part(state: Any, wheel: str, pose: tuple[float, float, float], other: str) -> str:
    """Which part of the wheel's base, set at `pose`, meets the track edge `other`
    ("edge:i", one of the engine's barriers): "front", "rear", "left side", "right
    side" or a corner such as "rear-right corner" ("" for anything else)."""
    return stop_contact(state, wheel, pose, other)[0]


def stop_contact(state: Any, wheel: str, pose: tuple[float, float, float], other: str
                 ) -> tuple[str, tuple[float, float] | None]:
    """(stop_part's words, the point of the base nearest the edge: where to mark it)."""
    from game.rules.doomwheel.geo import track_barriers
    from game.table import geometry as g
    if not other.startswith("edge:") or wheel not in state.wheels:
        return "", None
    try:
        (ax, ay), (bx, by) = track_barriers(state.course)[int(other.split(":", 1)[1])]
    except (IndexError, ValueError):
        return "", None
    w = state.wheels[wheel]
    seg = g.make_segment(ax, ay, bx, by)
    x, y, h = pose
    ux, uy = unit(h)
    hl, hw = w.length / 2, w.width / 2
    gaps: dict[tuple[str, str], float] = {}
    pts: dict[tuple[str, str], tuple[float, float]] = {}
    for fwd, lft in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        key = ("front" if fwd > 0 else "rear", "left" if lft > 0 else "right")
        pts[key] = (x + ux * hl * fwd - uy * hw * lft, y + uy * hl * fwd + ux * hw * lft)
        gaps[key] = g.gap(g.make_circle(pts[key][0], pts[key][1], 1e-9), seg)
    (fb, lr), best = min(gaps.items(), key=lambda kv: kv[1])
    other_side = (fb, "left" if lr == "right" else "right")
    other_end = ("rear" if fb == "front" else "front", lr)
    if abs(gaps[other_side] - best) < 0.05:
        p, q = pts[(fb, lr)], pts[other_side]
        return fb, ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
    if abs(gaps[other_end] - best) < 0.05:
        p, q = pts[(fb, lr)], pts[other_end]
        return f"{lr} side", ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
    return f"{fb}-{lr} corner", pts[(fb, lr)]


def _stopped(out: Preview, other: str, st: Any) -> None:
    if other in st.wheels and RULESET.current_actor(st) == CHANCE and st.steps[-1]["reason"] == "ram":
        out.rams = other
    else:
        out.stopped_by = other


# --- aiming with the mouse ------------------------------------------------------------

def aim(state: Any, wheel: Any, roll: float, tx: float, ty: float, mode: str,
        distance: float | None = None) -> tuple[float, float]:
    """The (at, angle) of a move of `distance` (default the roll) whose end, driven
    freely (no contacts), lies nearest the table point (tx, ty); Schwenk angles in
    whole degrees, `at` in tenths of an inch (a coarse search, then a fine one around
    its best). Uses the engine's pivot point and Schwenk cost
    (game.rules.doomwheel.geo)."""
    dist = roll if distance is None else distance
    best = (math.inf, 0.0, 0.0)
    for sign in (1.0, -1.0):
        v, at, ang = _nearest(wheel, dist, tx, ty, mode, sign, (0.0, dist, 0.4), (1.0, 180.0, 3.0))
        if math.isfinite(v):
            v, at, ang = _nearest(wheel, dist, tx, ty, mode, sign, (max(0.0, at - 0.4), min(dist, at + 0.4), 0.1),
                                  (max(1.0, abs(ang) - 3.0), min(180.0, abs(ang) + 3.0), 1.0))
        if v < best[0]:
            best = (v, at, ang)
    ux, uy = unit(wheel.heading)  # no Schwenk at all
    d0 = (wheel.x + ux * dist - tx) ** 2 + (wheel.y + uy * dist - ty) ** 2
    if d0 <= best[0]:
        return 0.0, 0.0
    return round(best[1], 1), best[2]


def _nearest(wheel: Any, dist: float, tx: float, ty: float, mode: str, sign: float,
             ats: tuple[float, float, float], angs: tuple[float, float, float]) -> tuple[float, float, float]:
    """(squared miss, at, angle) of the best move on a grid of Schwenk points and
    angles (one side: `sign`)."""
    import numpy as np
    at_v = np.arange(ats[0], ats[1] + 1e-9, ats[2])
    ang_v = sign * np.arange(angs[0], angs[1] + 1e-9, angs[2])
    A, G = np.meshgrid(at_v, ang_v, indexing="ij")
    C = schwenk_cost(wheel, 1.0, mode) * np.abs(G)
    px, py = pivot_point(wheel, sign, mode)  # the pivot at the start of the move
    ux, uy = unit(wheel.heading)
    cx, cy = wheel.x + ux * A, wheel.y + uy * A
    qx, qy = px + ux * A, py + uy * A  # driving `at` carries the pivot with the base
    r = np.radians(G)
    dx, dy = cx - qx, cy - qy
    x1 = qx + dx * np.cos(r) - dy * np.sin(r)
    y1 = qy + dx * np.sin(r) + dy * np.cos(r)
    h = np.radians(wheel.heading) + r
    rest = dist - A - C
    d2 = (x1 + np.cos(h) * rest - tx) ** 2 + (y1 + np.sin(h) * rest - ty) ** 2 + np.abs(G) * 1e-4
    d2 = np.where(A + C <= dist + 1e-9, d2, np.inf)
    i = int(np.argmin(d2))
    return float(d2.flat[i]), float(A.flat[i]), float(G.flat[i])


def max_angle(wheel: Any, room: float, mode: str) -> float:
    """The largest whole-degree Schwenk that fits in `room` inches of move."""
    if mode == "free_pivot":
        return 180.0
    per = schwenk_cost(wheel, 1.0, mode)
    return float(min(180, math.floor(room / per + 1e-9))) if per > 0 else 180.0
