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

import numpy as np

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

NEAR = 0.6  # inches: a move that ends this near the pointer ends "at" it
AGAINST = 100.0  # degrees off the lap's way: a move ending so turned goes back against the lap
PASS_BY = 0.5  # inches: the way passes the pointer this much nearer than any end can
PASS_NEAR = 0.25  # inches: a way passing the pointer this near passes through it
TURN_WEIGHT = 0.01  # inches a degree of Schwenk is worth when no way passes through the pointer


@dataclass(frozen=True)
class Aim:
    """The move the pointer asks for: its Schwenk point and angle, and the words
    when it asks for what no move can do (empty when the move ends at the pointer)."""

    at: float
    angle: float
    note: str = ""


def aim(state: Any, wheel: Any, roll: float, tx: float, ty: float, mode: str,
        distance: float | None = None, lap: Any = None) -> tuple[float, float]:
    """The (at, angle) of `plan_for` (the move the pointer at (tx, ty) asks for)."""
    got = plan_for(state, wheel, roll, tx, ty, mode, distance, lap)
    return got.at, got.angle


def plan_for(state: Any, wheel: Any, roll: float, tx: float, ty: float, mode: str,
             distance: float | None = None, lap: Any = None) -> Aim:
    """The move (free of contacts, by the engine's pivot point and Schwenk cost:
    game.rules.doomwheel.geo) of `distance` (default the roll) the pointer at the
    table point (tx, ty) asks for: Schwenk angles in whole degrees, `at` in tenths of
    an inch (a coarse search, then a fine one around its best).

    - A move that ends at the pointer, if there is one; else
    - when the way passes the pointer much nearer than any end can (the pointer is
      nearer than the move is long: a move is exactly its dice), the move whose way
      runs through it with the least Schwenk, going on past it (said in `note`); else
    - the move that ends nearest it (said in `note` when the pointer is beyond reach).

    With `lap` (game.ui.doomwheel.lap.Lap) only moves that end going the lap's way are
    offered, unless the pointer is clearly behind the wheel (against the lap) or no
    move can: a pointer 5" ahead of an 11" move never asks for a Schwenk of 147°."""
    dist = roll if distance is None else distance
    behind = lap is None or _behind(lap, wheel, tx, ty)
    coarse = _candidates(wheel, dist, mode, (0.0, dist, 0.4), (0.0, 180.0, 3.0))
    ok = _lap_way(coarse, wheel, dist, lap, behind)
    end_miss = np.hypot(coarse["ex"] - tx, coarse["ey"] - ty)
    end_score = np.where(ok, end_miss ** 2 + np.abs(coarse["G"]) * 1e-4, np.inf)
    i = int(np.argmin(end_score))
    away = math.hypot(tx - wheel.x, ty - wheel.y)
    if end_miss.flat[i] > NEAR:
        path_miss = _path_miss(coarse, tx, ty)
        j = int(np.argmin(np.where(ok, _passing(coarse, path_miss), np.inf)))
        if path_miss.flat[j] < end_miss.flat[i] - PASS_BY:
            at, ang = _refine(wheel, dist, mode, coarse, j, lap, behind,
                              lambda c: _passing(c, _path_miss(c, tx, ty)))
            return Aim(at, ang, f"the move is {dist:g}\": the pointer is {away:.0f}\" away; "
                                f"the wheel goes on past it")
    at, ang = _refine(wheel, dist, mode, coarse, i, lap, behind,
                      lambda c: np.hypot(c["ex"] - tx, c["ey"] - ty) ** 2 + np.abs(c["G"]) * 1e-4)
    pose = _candidates(wheel, dist, mode, (at, at, 1.0), (abs(ang), abs(ang), 1.0), math.copysign(1.0, ang or 1.0))
    miss = float(np.hypot(pose["ex"] - tx, pose["ey"] - ty).min())
    if miss > 1.0 and away > dist:
        return Aim(at, ang, f"the move is {dist:g}\": the pointer is {away:.0f}\" away; the wheel stops short of it")
    return Aim(at, ang)


def _passing(c: dict[str, Any], path_miss: Any) -> Any:
    """Scores of moves whose way should pass the pointer: the least Schwenk of those
    passing within PASS_NEAR of it (a pixel's aim never buys a turn), else the nearest."""
    turn = np.abs(c["G"])
    return np.where(path_miss <= PASS_NEAR, turn + 0.1 * path_miss, 1e3 + path_miss + TURN_WEIGHT * turn)


def _behind(lap: Any, wheel: Any, tx: float, ty: float) -> bool:
    """Is the pointer clearly behind the wheel, against the lap (more than 120° off
    the lap's way and beyond the wheel's base)?"""
    vx, vy = tx - wheel.x, ty - wheel.y
    d = math.hypot(vx, vy)
    if d <= wheel.length / 2 + 1.0:
        return False
    lx, ly = unit(lap.heading_at(wheel))
    return (vx * lx + vy * ly) < -0.5 * d


def _lap_way(c: dict[str, Any], wheel: Any, dist: float, lap: Any, behind: bool) -> Any:
    """The candidates that end going the lap's way (all of them if the pointer is
    behind, there is no lap, or none does)."""
    ok = c["valid"].copy()
    if lap is None or behind:
        return ok
    from game.ui.doomwheel.lap import turn_between
    way = turn_between(np.degrees(c["h"]), lap.headings_ahead(wheel, c["ex"], c["ey"], dist)) <= AGAINST
    return ok & way if (ok & way).any() else ok


def _refine(wheel: Any, dist: float, mode: str, coarse: dict[str, Any], i: int, lap: Any, behind: bool,
            score: Any) -> tuple[float, float]:
    """(at, angle) of the best candidate by `score` on a fine grid about coarse[i]."""
    at, ang = float(coarse["A"].flat[i]), float(coarse["G"].flat[i])
    best = (math.inf, at, ang)
    for sign in ((1.0, -1.0) if abs(ang) < 3.0 else (math.copysign(1.0, ang),)):
        fine = _candidates(wheel, dist, mode, (max(0.0, at - 0.4), min(dist, at + 0.4), 0.1),
                           (max(0.0, abs(ang) - 3.0), min(180.0, abs(ang) + 3.0), 1.0), sign)
        ok = _lap_way(fine, wheel, dist, lap, behind)
        v = np.where(ok, score(fine), np.inf)
        k = int(np.argmin(v))
        if float(v.flat[k]) < best[0]:
            best = (float(v.flat[k]), float(fine["A"].flat[k]), float(fine["G"].flat[k]))
    if not math.isfinite(best[0]):
        return round(at, 1), ang
    return round(best[1], 1), best[2] + 0.0  # no -0.0


def _candidates(wheel: Any, dist: float, mode: str, ats: tuple[float, float, float],
                angs: tuple[float, float, float], sign: float | None = None) -> dict[str, Any]:
    """Moves on a grid of Schwenk points and angles (both sides, or one: `sign`),
    driven freely: the base's centre at the Schwenk point (cx, cy), the pivot (qx,
    qy), after the Schwenk (x1, y1), the end (ex, ey) and its heading h (radians);
    `valid` where the Schwenk fits in the move."""
    at_v = np.arange(ats[0], ats[1] + 1e-9, ats[2]) if ats[1] > ats[0] else np.array([ats[0]])
    mags = np.arange(angs[0], angs[1] + 1e-9, angs[2]) if angs[1] > angs[0] else np.array([angs[0]])
    parts = []
    for sg in ((1.0, -1.0) if sign is None else (sign,)):
        A, G = np.meshgrid(at_v, sg * mags, indexing="ij")
        px, py = pivot_point(wheel, sg, mode)  # the pivot at the start of the move
        parts.append((A, G, px, py))
    out: dict[str, Any] = {}
    for A, G, px, py in parts:
        C = schwenk_cost(wheel, 1.0, mode) * np.abs(G)
        ux, uy = unit(wheel.heading)
        cx, cy = wheel.x + ux * A, wheel.y + uy * A
        qx, qy = px + ux * A, py + uy * A  # driving `at` carries the pivot with the base
        r = np.radians(G)
        dx, dy = cx - qx, cy - qy
        x1 = qx + dx * np.cos(r) - dy * np.sin(r)
        y1 = qy + dx * np.sin(r) + dy * np.cos(r)
        h = np.radians(wheel.heading) + r
        rest = np.maximum(0.0, dist - A - C)
        got = {"A": A, "G": G, "sx": np.full_like(A, wheel.x), "sy": np.full_like(A, wheel.y), "cx": cx, "cy": cy, "qx": qx, "qy": qy, "x1": x1, "y1": y1, "h": h,
               "ex": x1 + np.cos(h) * rest, "ey": y1 + np.sin(h) * rest, "valid": A + C <= dist + 1e-9}
        for k, v in got.items():
            out[k] = v.ravel() if k not in out else np.concatenate((out[k], v.ravel()))
    return out


def _seg_miss(ax: Any, ay: Any, bx: Any, by: Any, tx: float, ty: float) -> Any:
    dx, dy = bx - ax, by - ay
    ln2 = dx * dx + dy * dy
    t = np.clip(np.where(ln2 > 1e-12, ((tx - ax) * dx + (ty - ay) * dy) / np.maximum(ln2, 1e-12), 0.0), 0.0, 1.0)
    return np.hypot(ax + t * dx - tx, ay + t * dy - ty)


def _path_miss(c: dict[str, Any], tx: float, ty: float) -> Any:
    """How near each candidate's way (its centre: straight, the Schwenk's arc,
    straight) passes the point (tx, ty)."""
    first = _seg_miss(c["sx"], c["sy"], c["cx"], c["cy"], tx, ty)
    last = _seg_miss(c["x1"], c["y1"], c["ex"], c["ey"], tx, ty)
    r = np.hypot(c["cx"] - c["qx"], c["cy"] - c["qy"])
    phi0 = np.arctan2(c["cy"] - c["qy"], c["cx"] - c["qx"])
    phit = np.arctan2(ty - c["qy"], tx - c["qx"])
    g = np.radians(c["G"])
    swept = np.where(g >= 0, (phit - phi0) % (2 * math.pi), (phi0 - phit) % (2 * math.pi))
    on_arc = (swept <= np.abs(g)) & (r > 1e-9)
    arc = np.where(on_arc, np.abs(np.hypot(tx - c["qx"], ty - c["qy"]) - r),
                   np.minimum(np.hypot(c["cx"] - tx, c["cy"] - ty), np.hypot(c["x1"] - tx, c["y1"] - ty)))
    return np.minimum(np.minimum(arc, last), first)


def max_angle(wheel: Any, room: float, mode: str) -> float:
    """The largest whole-degree Schwenk that fits in `room` inches of move."""
    if mode == "free_pivot":
        return 180.0
    per = schwenk_cost(wheel, 1.0, mode)
    return float(min(180, math.floor(room / per + 1e-9))) if per > 0 else 180.0
