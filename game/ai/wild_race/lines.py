"""Racing lines for the AI: the straight moves a racer could make this Movement
Phase, each traced on the table (what it reaches, in order) and valued with the
exact odds of the Jump and Overtake charts. Plain geometry on the rules' own table;
nothing here changes the state.

A line is valued in inches of progress along the centre line, less the expected
cost of what can go wrong on the way (a Refusal's hit, a Block's Unbalanced roll,
a lost life weighed by lives left), and less the danger of where it ends (a large
obstacle a rival can push into the racer in the Scenery Phase)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.ai.wild_race import knowledge as kn
from game.core.protocol import Choice
from game.rules.wild_race.geo import MOVE_KINDS, geo_of, norm_heading, unit
from game.table.geometry import BACKOFF, make_rect
from game.rules.wild_race.kinds import Kind

FINISH_VALUE = 200.0  # finishing now beats any progress
STAMINA_VALUE = 1.25  # inches a stamina point kept for later is worth (a dash, a dodge)
FAN = tuple(range(-60, 61, 5))  # headings tried either side of the course direction
SCENERY_REACH = 3.0
TRAPPED = 30.0  # inches: a racer boxed into a corner may lose the race there


@dataclass
class Line:
    racer: str
    heading: float
    distance: float
    stamina: int
    value: float
    gain: float  # expected progress
    p_finish: float
    meets: str  # what the line reaches first: "", "finish", "jump <id>", "overtake <id>", "stop <id>"
    risk: float  # expected cost of what can go wrong (inches)
    trapped: bool = False  # ends boxed into a corner

    def choice(self, end_heading: float | None) -> Choice:
        kw: dict[str, Any] = {"racer": self.racer, "heading": round(self.heading, 6),
                              "distance": round(self.distance, 6)}
        if self.stamina:
            kw["stamina"] = self.stamina
        if end_heading is not None:
            kw["end_heading"] = round(end_heading, 6)
        return Choice.make("move", **kw)


def course_heading(state: Any, x: float, y: float, hint: float) -> float:
    tx, ty = state.course.tangent_at(state.course.progress(x, y, hint))
    return norm_heading(math.degrees(math.atan2(ty, tx)))


def favoured(rows: list[float], can_favour: bool) -> list[float]:
    """Row values after the roller's best use of a favour point (net of its worth)."""
    if not can_favour:
        return rows
    m = kn.mean(rows)
    out = []
    for i, v in enumerate(rows):
        best = max(v, m - kn.FAVOUR_VALUE)
        if i + 1 < len(rows):
            best = max(best, rows[i + 1] - kn.FAVOUR_VALUE)
        if i > 0:
            best = max(best, rows[i - 1] - kn.FAVOUR_VALUE)
        out.append(best)
    return out


class Tracer:
    """Traces lines for one racer from where it stands."""

    def __init__(self, state: Any, racer: Any, threats: bool = True) -> None:
        """`threats`: also weigh scenery danger and corners (off in quick playouts)."""
        self.state = state
        self.r = racer
        self.geo = geo_of(state)
        self.can_favour = racer.favour > 0 and not racer.favour_used
        self.friends = {o.id for o in state.racers_of(racer.player)}
        self.threats = threats
        self.large = [o for o in state.live_obstacles() if o.size == "large"] if threats else []
        self._danger_cache: dict[tuple[int, int], float] = {}
        self._boxed: dict[tuple[int, int, int], bool] = {}

    def progress(self, x: float, y: float) -> float:
        return float(self.state.course.progress(x, y, self.r.progress))

    # --- where a line ends -------------------------------------------------------
    def danger(self, x: float, y: float, h: float, stamina_left: int) -> float:
        """Expected cost of ending here: a rival may push a large obstacle up to 3"
        into the racer in the Scenery Phase (a life and 6" unless it dodges)."""
        if not self.large:
            return 0.0
        key = (round(x * 4), round(y * 4))
        got = self._danger_cache.get(key)
        if got is not None:
            return got
        from game.rules.wild_race.geo import obstacle_shape
        from game.table import geometry as g
        shape = make_rect(x, y, h, self.r.length, self.r.width)
        here = self.progress(x, y)
        cost = 0.0
        for o in self.large:
            if o.moved or o.recycled:
                continue
            gp = g.gap(shape, obstacle_shape(o))
            if gp > SCENERY_REACH:
                continue
            op = float(self.state.course.progress(o.x, o.y, here))
            if op < here - 1.0:
                continue  # behind the racer: it may not move toward the finish
            if stamina_left > 0:
                cost = max(cost, 0.8 * STAMINA_VALUE)
            else:
                cost = max(cost, 0.5 * (kn.life_value(self.r.lives) + 6.0))
        self._danger_cache[key] = cost
        return cost

    def boxed_in(self, x: float, y: float, h: float) -> bool:
        """Would a racer stopped here, nose to a barrier, be unable to turn and run
        on down the course? (A corner can hold a base that may neither pivot nor move.)"""
        key = (round(x * 20), round(y * 20), round(h * 10))
        got = self._boxed.get(key)
        if got is not None:
            return got
        ghost = self.r.copy()
        ghost.x, ghost.y, ghost.heading = x, y, h
        ghost.shape_cache = None
        fh = course_heading(self.state, x, y, self.r.progress)
        stuck = True
        for hh in [h] + [norm_heading(fh + dh) for dh in (0, -15, 15, -30, 30, -45, 45, -60, 60)]:
            pose = self.geo.pivot_pose(ghost, hh)
            if pose is None:
                continue
            ux, uy = unit(hh)
            c = self.geo.first_contact(make_rect(pose[0], pose[1], hh, self.r.length, self.r.width), ux, uy,
                                       Kind.EDGE | Kind.LARGE, {self.r.id})
            if c is None or c.dist > 2.0:
                stuck = False
                break
        self._boxed[key] = stuck
        return stuck

    def run(self, x: float, y: float, h: float) -> float:
        """How far (up to 10") a racer here could go down the course next turn after
        a free pivot to the course direction (0 if that pivot is blocked)."""
        ghost = self.r.copy()
        ghost.x, ghost.y, ghost.heading = x, y, h
        ghost.shape_cache = None
        best = 0.0
        fh = course_heading(self.state, x, y, self.r.progress)
        for dh in (0, -20, 20):
            hh = norm_heading(fh + dh)
            if self.geo.rotation_blocked(ghost, hh) is not None:
                continue
            ux, uy = unit(hh)
            c = self.geo.first_contact(make_rect(x, y, hh, self.r.length, self.r.width), ux * 10.0, uy * 10.0,
                                       Kind.EDGE | Kind.LARGE, {self.r.id})
            best = max(best, 10.0 if c is None else c.dist)
        return best

    def end_value(self, x: float, y: float, h: float, stamina_left: int) -> float:
        return self.progress(x, y) - self.r.progress - self.danger(x, y, h, stamina_left)

    # --- a whole line ------------------------------------------------------------
    def line(self, heading: float, distance: float, stamina: int, spare: int,
             start: tuple[float, float] | None = None) -> Line:
        """Value a straight line of `distance` (allowance plus `stamina` committed),
        with `spare` more stamina points that could be committed at a contact,
        from `start` (where the pivot leaves the base; default where it stands)."""
        ux, uy = unit(heading)
        self._meets = ""
        self._risk = 0.0
        self._trapped = False
        x0, y0 = start if start is not None else (self.r.x, self.r.y)
        v, pf = self._go(x0, y0, heading, ux, uy, distance, spare, frozenset(), 0, 1.0)
        v -= STAMINA_VALUE * stamina * (1.0 - pf)
        ln = Line(self.r.id, heading, distance, stamina, v, v, pf, self._meets, self._risk)
        ln.trapped = self._trapped
        return ln

    def _go(self, x: float, y: float, h: float, ux: float, uy: float, budget: float, spare: int,
            passed: frozenset[str], depth: int, weight: float) -> tuple[float, float]:
        r = self.r
        shape = make_rect(x, y, h, r.length, r.width)
        ignore = {r.id} | passed
        if self.state.options.friendly_racers == "pass_through":
            ignore |= self.friends
        c = self.geo.first_contact(shape, ux * budget, uy * budget, MOVE_KINDS, ignore) if budget > 1e-9 else None
        if c is None:
            return self.end_value(x + ux * budget, y + uy * budget, h, spare), 0.0
        if depth == 0:
            self._meets = self._label(c)
        t = max(0.0, c.dist - BACKOFF)
        cx, cy = x + ux * t, y + uy * t
        if c.kind == Kind.FINISH:
            return FINISH_VALUE, 1.0
        stop = self.end_value(cx, cy, h, spare)
        enemy = c.kind == Kind.RACER and c.other not in self.friends
        if self.threats and c.kind in (Kind.EDGE, Kind.LARGE) and self.boxed_in(cx, cy, h):
            stop -= TRAPPED
            if depth == 0:
                self._trapped = True
        if not (c.kind == Kind.SMALL or enemy) or depth >= 3:
            return stop, 0.0
        e = self.geo.exit_dist(make_rect(cx, cy, h, r.length, r.width), ux, uy, c.other)
        e = 0.0 if e is None else e
        need = e - (budget - t)
        k = 0 if need <= 1e-9 else math.ceil(need - 1e-6)
        if k > spare or (k > 0 and r.locked):
            return stop, 0.0
        rest = max(0.0, budget + k - t - e)
        bx, by = cx + ux * e, cy + uy * e
        cont, pf = self._go(bx, by, h, ux, uy, rest, spare - k, passed | {c.other}, depth + 1, weight)
        far = self.end_value(bx, by, h, spare - k)
        lives = r.lives
        if c.kind == Kind.SMALL:
            # what each row leaves: Refusal stays short, Hesitant ends just over it
            outcome = [stop - 2.0 - kn.hit_loss(4, lives) - kn.LOCK_VALUE, far - kn.LOCK_VALUE, cont, cont, cont,
                       cont + kn.FAVOUR_VALUE]
        else:
            o = self.state.racers[c.other]
            u = kn.unbalanced_ev(lives)
            outcome = [stop - kn.hit_loss(3, lives) - kn.LOCK_VALUE - 1.0, stop + u - kn.LOCK_VALUE, cont, cont,
                       cont - kn.unbalanced_ev(o.lives), cont + 2.0]
        outcome = favoured(outcome, self.can_favour)
        go = kn.mean(outcome) - k * STAMINA_VALUE
        p_ok = 4.0 / 6.0  # Jump 3-6, or Overtaken/Bump/Slipstream
        self._risk += weight * max(0.0, cont - kn.mean(outcome))
        optional = c.kind == Kind.SMALL or k > 0
        if optional and stop >= go:
            return stop, 0.0
        return go, pf * p_ok

    def _label(self, c: Any) -> str:
        if c.kind == Kind.FINISH:
            return "finish"
        other = c.other.removeprefix("o:")
        if c.kind == Kind.SMALL:
            return f"jump {other}"
        if c.kind == Kind.RACER and c.other not in self.friends:
            return f"overtake {other}"
        return f"stop {other}"


def move_lines(state: Any, r: Any, fan: tuple[int, ...] = FAN, threats: bool = True) -> list[Line]:
    """Every line worth considering for racer r this Movement Phase: the allowance
    along a fan of headings around the course direction, a dash for the line with
    stamina when the finish is within reach, and standing still."""
    from game.rules.wild_race.movement import allowance
    tr = Tracer(state, r, threats)
    geo = tr.geo
    a = allowance(r)
    fh = course_heading(state, r.x, r.y, r.progress)
    out: list[Line] = []
    to_go = state.course.finish_progress - r.progress
    headings = [norm_heading(fh + dh) for dh in fan] + [norm_heading(r.heading + dh) for dh in (0, -10, 10)]
    poses = {}
    for h in headings:
        pose = geo.pivot_pose(r, h)
        if pose is not None:
            poses[h] = pose
    trapped = tr.boxed_in(r.x, r.y, r.heading)
    if len(poses) <= 1 or trapped:  # boxed in: look all the way round
        for h in (norm_heading(r.heading + dh) for dh in range(0, 360, 10)):
            pose = geo.pivot_pose(r, h)
            if pose is not None:
                poses[h] = pose
    seen: set[float] = set()
    for h, pose in poses.items():
        if round(h, 3) in seen:
            continue
        seen.add(round(h, 3))
        dh = (h - fh + 180.0) % 360.0 - 180.0
        if a > 0:
            out.append(tr.line(h, a, 0, r.stamina, pose))
            if trapped:  # short moves that get clear of the corner
                out.extend(tr.line(h, d, 0, r.stamina, pose) for d in (1.0, 2.0, 3.0) if d < a)
        if r.stamina > 0 and to_go <= a + r.stamina + 2.0 and abs(dh) <= 30:
            for k in range(1, r.stamina + 1):
                ln = tr.line(h, a + k, k, r.stamina - k, pose)
                if ln.p_finish > 0.99:
                    out.append(ln)
                    break
    still = tr.end_value(r.x, r.y, r.heading, r.stamina) - (TRAPPED if trapped else 0.0)
    if a > 0 and max((ln.value for ln in out), default=0.0) < 0.5:
        out.extend(escape_lines(tr, r, a))
        still -= 0.5 * (10.0 - tr.run(r.x, r.y, r.heading))
        if max((ln.value for ln in out), default=0.0) < 0.5:
            for ln in out:  # no way out: progress into the corner is still progress
                if ln.trapped:
                    ln.value += TRAPPED
    out.append(Line(r.id, r.heading, 0.0, 0, still, still, 0.0, "", 0.0))
    return out


def escape_lines(tr: "Tracer", r: Any, a: float) -> list[Line]:
    """No line makes progress: short moves in any free direction, valued by how
    freely the racer could run down the course from where they end."""
    out = []
    for dh in range(0, 360, 10):
        h = norm_heading(r.heading + dh)
        if tr.geo.rotation_blocked(r, h) is not None:
            continue
        ux, uy = unit(h)
        for d in (1.0, 2.0, 3.0):
            if d > a:
                break
            c = tr.geo.first_contact(make_rect(r.x, r.y, h, r.length, r.width), ux * d, uy * d, MOVE_KINDS, {r.id})
            if c is not None:
                break
            x, y = r.x + ux * d, r.y + uy * d
            v = tr.progress(x, y) - r.progress - 0.5 * (10.0 - tr.run(x, y, h))
            out.append(Line(r.id, h, d, 0, v, v, 0.0, "", 0.0))
    return out


def best_end_heading(state: Any, r: Any, line: Line) -> float:
    """Face along the course where the line ends (the next move starts free to pivot
    anyway; this keeps a Yah! or Yeehaw! pointed the right way)."""
    ux, uy = unit(line.heading)
    x, y = r.x + ux * line.distance, r.y + uy * line.distance
    return course_heading(state, x, y, r.progress + line.distance)
