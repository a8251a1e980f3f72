"""Make the shipped Wild Race courses (levels/wild_race/) and Doomwheel tracks
(levels/doomwheel/) from the descriptions below.

    python tools/make_courses.py [--out DIR] [--doomwheel-out DIR] [--preview DIR] [--only NAME ...]

With neither --out nor --doomwheel-out both sets go to their folders under levels/;
with one of them, only that set is made (into that folder).

Each course is described in readable terms: a centre line built from straights and
bends (`Path`), a width (or half-widths on each side that change along the course:
explicit edges), the start and finish lines as a distance along the centre line, and
obstacles placed by distance along the centre line and offset across it (left is
positive, as seen looking toward the finish). The files are written only by
`game.levels.course.save_course`, the canonical writer, so running this twice gives
byte-identical files. `levels/wild_race/sample_sprint.json` is not made here.

Every course must pass `check_course` with no problems at all, and no large obstacle
may close the track (`passage_problems`: across the course, the widest way past the
large obstacles is at least 3"; past every obstacle at least 1.5", so there is always
a line that needs no jump); otherwise nothing is written and the script exits 1.

The Doomwheel tracks (`Eight`) are figure-eights: format 2 circuits with laps, a
declared crossing in the middle, checkpoints that make a lap go round both loops, the
rules' default critters (4 Fanatics, 3 Dammaz-Drengi, 8 slaves) and the teams' fan
positions beside the crossing. They too must pass `check_course` with no problems.

`--preview DIR` also draws each course with the game's level-picker preview
(`game.ui.table_view.course_preview`) into DIR/<name>.png (headless).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from dataclasses import dataclass, field
from typing import Callable, Sequence

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from game.levels.course import (  # noqa: E402
    Course, Critter, Crossing, Decoration, Fan, ObstacleSpec, check_course, save_course,
)

Point = tuple[float, float]

START_AT = 4.0
"""The start line is this far along the centre line (room behind it for the bases)."""
BEYOND_FINISH = 4.0
"""The centre line runs on this far past the finish line."""
LARGE_PASSAGE = 3.0
"""Least way past the large obstacles, anywhere across the course."""
ANY_PASSAGE = 1.5
"""Least way past all obstacles (a racer's base is 0.98" wide), so no jump is forced."""


def r3(v: float) -> float:
    """Round to 3 decimals (and never write -0)."""
    out = round(v, 3)
    return 0.0 if out == 0 else out


# --------------------------------------------------------------------------- the centre line


class Path:
    """A centre line from straights and circular bends (positive degrees turn left)."""

    def __init__(self, x: float = 0.0, y: float = 0.0, heading: float = 0.0) -> None:
        self.pts: list[Point] = [(x, y)]
        self.heading = heading

    def straight(self, length: float) -> Path:
        x, y = self.pts[-1]
        h = math.radians(self.heading)
        self.pts.append((x + length * math.cos(h), y + length * math.sin(h)))
        return self

    def bend(self, degrees: float, radius: float, step: float = 10.0) -> Path:
        """A circular bend drawn as chords of at most `step` degrees."""
        n = max(1, math.ceil(abs(degrees) / step - 1e-9))
        side = 1.0 if degrees > 0 else -1.0
        x, y = self.pts[-1]
        h = math.radians(self.heading)
        cx, cy = x - side * radius * math.sin(h), y + side * radius * math.cos(h)
        a0 = math.atan2(y - cy, x - cx)
        for k in range(1, n + 1):
            a = a0 + math.radians(degrees) * k / n
            self.pts.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
        self.heading += degrees
        return self

    def corner(self, degrees: float) -> Path:
        """A sharp corner: the next straight leaves this vertex turned by `degrees`."""
        self.heading += degrees
        return self

    def points(self) -> list[Point]:
        return [(r3(x), r3(y)) for x, y in self.pts]


class Frame:
    """Arc length and directions along a polyline: (s, offset) -> (x, y)."""

    def __init__(self, pts: Sequence[Point]) -> None:
        self.pts = list(pts)
        self.cum = [0.0]
        for a, b in zip(self.pts, self.pts[1:]):
            self.cum.append(self.cum[-1] + math.dist(a, b))
        self.length = self.cum[-1]

    def seg(self, s: float) -> int:
        for i in range(len(self.pts) - 1):
            if s <= self.cum[i + 1] + 1e-9:
                return i
        return len(self.pts) - 2

    def tangent(self, s: float) -> Point:
        i = self.seg(s)
        (ax, ay), (bx, by) = self.pts[i], self.pts[i + 1]
        ln = math.hypot(bx - ax, by - ay)
        return ((bx - ax) / ln, (by - ay) / ln)

    def heading(self, s: float) -> float:
        tx, ty = self.tangent(s)
        return math.degrees(math.atan2(ty, tx))

    def at(self, s: float, off: float = 0.0) -> Point:
        """The point `s` along the centre line, moved `off` to its left (negative: right)."""
        i = self.seg(s)
        (ax, ay), (bx, by) = self.pts[i], self.pts[i + 1]
        t = (s - self.cum[i]) / (self.cum[i + 1] - self.cum[i])
        tx, ty = self.tangent(s)
        return (ax + t * (bx - ax) - ty * off, ay + t * (by - ay) + tx * off)


# --------------------------------------------------------------------------- edges


Profile = Sequence[tuple[float, float, float]]
"""Half-widths along the course: (s, left, right), linear in between."""


def half_widths(profile: Profile, s: float) -> tuple[float, float]:
    if s <= profile[0][0]:
        return profile[0][1], profile[0][2]
    for (s0, l0, r0), (s1, l1, r1) in zip(profile, profile[1:]):
        if s <= s1:
            t = (s - s0) / (s1 - s0)
            return l0 + t * (l1 - l0), r0 + t * (r1 - r0)
    return profile[-1][1], profile[-1][2]


Wobble = Callable[[float], tuple[float, float]]
"""Extra half-width on the left and right at s (rough canyon walls)."""


def draw_edges(centre: Sequence[Point], profile: Profile, wobble: Wobble | None = None,
               spacing: float = 0.0) -> tuple[list[Point], list[Point]]:
    """Left and right edges: the centre line offset by the half-widths (mitred at its
    vertices), with extra points where the profile changes on a straight and, with a
    wobble, every `spacing` inches of the longer segments."""
    fr = Frame(centre)
    left: list[Point] = []
    right: list[Point] = []

    def widths(s: float) -> tuple[float, float]:
        hl, hr = half_widths(profile, s)
        if wobble is not None:
            dl, dr = wobble(s)
            hl, hr = hl + dl, hr + dr
        return hl, hr

    n = len(centre)
    corners: list[tuple[Point, Point]] = []
    for i in range(n):
        hl, hr = widths(fr.cum[i])
        if i in (0, n - 1):
            tx, ty = fr.tangent(fr.cum[i])
            mx, my, k = -ty, tx, 1.0
        else:
            (ax, ay), (bx, by), (cx, cy) = centre[i - 1], centre[i], centre[i + 1]
            l1, l2 = math.dist((ax, ay), (bx, by)), math.dist((bx, by), (cx, cy))
            n1 = (-(by - ay) / l1, (bx - ax) / l1)
            n2 = (-(cy - by) / l2, (cx - bx) / l2)
            den = 1.0 + n1[0] * n2[0] + n1[1] * n2[1]
            mx, my, k = n1[0] + n2[0], n1[1] + n2[1], 1.0 / den
        x, y = centre[i]
        corners.append(((x + mx * k * hl, y + my * k * hl), (x - mx * k * hr, y - my * k * hr)))
    for i in range(n):
        left.append(_r(corners[i][0]))
        right.append(_r(corners[i][1]))
        if i == n - 1:
            break
        # extra points inside this segment
        s0, s1 = fr.cum[i], fr.cum[i + 1]
        extra = {p[0] for p in profile if s0 < p[0] < s1}
        if wobble is not None and spacing > 0 and s1 - s0 > spacing:
            k2 = 1
            while s0 + k2 * spacing < s1:
                extra.add(s0 + k2 * spacing)
                k2 += 1
        tx, ty = fr.tangent(s0)
        for se in sorted(extra):
            hl, hr = widths(se)
            for side, h, out in ((0, hl, left), (1, -hr, right)):
                p = fr.at(se, h)
                # only between this side's corner points (the inside of a bend is set back), 1" clear
                a = (corners[i][side][0] * tx + corners[i][side][1] * ty)
                b = (corners[i + 1][side][0] * tx + corners[i + 1][side][1] * ty)
                if a + 1.0 <= p[0] * tx + p[1] * ty <= b - 1.0:
                    out.append(_r(p))
    return left, right


# --------------------------------------------------------------------------- obstacles


@dataclass
class Place:
    """Where an obstacle goes: `s` along the centre line, `off` to its left (negative:
    right), `rot` degrees from the course direction there (90: across the course)."""

    s: float
    off: float = 0.0
    rot: float = 0.0


STATUE = ((-0.15, -1.63), (0.77, 1.12), (0.51, 1.62), (0.01, 1.36), (-0.81, -1.42))
"""A fallen statue lying along y (small: it can be jumped)."""
RUIN = ((-1.47, -1.81), (1.02, -1.33), (2.11, 0.34), (1.06, 1.77), (-1.11, 1.3), (-2.14, -0.25))
"""A ruined tower (large), about 4" across."""
BOULDER = ((-2.2, -1.2), (-0.6, -2.1), (1.6, -1.7), (2.4, 0.1), (1.3, 1.8), (-0.9, 1.9), (-2.3, 0.6))
"""A large rock, about 4.5" across."""


def _rotate(pts: Sequence[Point], deg: float, scale: float) -> tuple[Point, ...]:
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return tuple((r3(scale * (x * c - y * s)), r3(scale * (x * s + y * c))) for x, y in pts)


@dataclass
class Ob:
    """An obstacle in course terms (see `Place`); `kind` picks the shape."""

    look: str
    size: str
    at: Place
    kind: str = "rect"  # rect | circle | polygon
    length: float = 0.0
    width: float = 0.0
    radius: float = 0.0
    points: Sequence[Point] = ()
    scale: float = 1.0

    def spec(self, fr: Frame, oid: str) -> ObstacleSpec:
        x, y = fr.at(self.at.s, self.at.off)
        rot = fr.heading(self.at.s) + self.at.rot
        rot = ((rot + 180.0) % 360.0) - 180.0
        if self.kind == "circle":
            return ObstacleSpec(oid, self.size, "circle", r3(x), r3(y), radius=self.radius, look=self.look)
        if self.kind == "polygon":
            return ObstacleSpec(oid, self.size, "polygon", r3(x), r3(y),
                                points=_rotate(self.points, rot, self.scale), look=self.look)
        return ObstacleSpec(oid, self.size, "rect", r3(x), r3(y), length=self.length, width=self.width,
                            rotation=round(rot, 2), look=self.look)


def hedge(s: float, off: float, rot: float = 90.0, length: float = 4.0) -> Ob:
    return Ob("hedge", "small", Place(s, off, rot), length=length, width=0.7)


def wall(s: float, off: float, rot: float = 90.0, length: float = 3.5) -> Ob:
    return Ob("wall", "small", Place(s, off, rot), length=length, width=0.6)


def log(s: float, off: float, rot: float = 90.0, length: float = 3.0) -> Ob:
    return Ob("log", "small", Place(s, off, rot), length=length, width=0.6)


def statue(s: float, off: float, rot: float = 0.0) -> Ob:
    """Lying along the course at rot 0 (its length is about 3.2")."""
    return Ob("statue", "small", Place(s, off, rot - 90.0), kind="polygon", points=STATUE)


def stone(s: float, off: float, radius: float = 0.8) -> Ob:
    """A small rock (jumpable)."""
    return Ob("rock", "small", Place(s, off), kind="circle", radius=radius)


def rock(s: float, off: float, radius: float = 2.0) -> Ob:
    """A large round rock."""
    return Ob("rock", "large", Place(s, off), kind="circle", radius=radius)


def boulder(s: float, off: float, rot: float = 0.0, scale: float = 1.0) -> Ob:
    return Ob("rock", "large", Place(s, off, rot), kind="polygon", points=BOULDER, scale=scale)


def gate_wall(s: float, inner: float, outer: float, thick: float = 1.5) -> Ob:
    """A large wall across the course from offset `inner` to `outer` (half of a gate)."""
    return Ob("wall", "large", Place(s, (inner + outer) / 2, 90.0), length=abs(outer - inner), width=thick)


def ruin(s: float, off: float, rot: float = 0.0, scale: float = 1.0) -> Ob:
    return Ob("ruin", "large", Place(s, off, rot), kind="polygon", points=RUIN, scale=scale)


# --------------------------------------------------------------------------- a course


@dataclass
class Spec:
    """One course as described here."""

    file: str
    name: str
    description: str
    path: Path
    width: float | None = None
    profile: Profile = ()
    wobble: Wobble | None = None
    wobble_spacing: float = 6.0
    race: float = 0.0
    """Start line to finish line along the centre line (default: all of it but the ends)."""
    obstacles: list[Ob] = field(default_factory=list)
    max_racers: int | None = None

    def build(self) -> Course:
        centre = self.path.points()
        fr = Frame(centre)
        start_s = START_AT
        finish_s = start_s + self.race if self.race else fr.length - BEYOND_FINISH
        if self.width is not None:
            left = right = None
            hl0 = hr0 = hl1 = hr1 = self.width / 2
        else:
            left, right = draw_edges(centre, self.profile, self.wobble, self.wobble_spacing)
            hl0, hr0 = half_widths(self.profile, start_s)
            hl1, hr1 = half_widths(self.profile, finish_s)
            if self.wobble is not None:
                (a, b), (c, d) = self.wobble(start_s), self.wobble(finish_s)
                hl0, hr0, hl1, hr1 = hl0 + a, hr0 + b, hl1 + c, hr1 + d
        start = (_r(fr.at(start_s, hl0)), _r(fr.at(start_s, -hr0)))
        finish = (_r(fr.at(finish_s, hl1)), _r(fr.at(finish_s, -hr1)))
        counts: dict[str, int] = {}
        obstacles = []
        for ob in self.obstacles:
            counts[ob.look] = counts.get(ob.look, 0) + 1
            obstacles.append(ob.spec(fr, f"{ob.look}-{counts[ob.look]}"))
        return Course.build(self.name, centre, width=self.width, left=left, right=right, start=start,
                            finish=finish, obstacles=obstacles, max_racers=self.max_racers,
                            description=self.description, source=self.file)


def _r(p: Point) -> Point:
    return (r3(p[0]), r3(p[1]))


# --------------------------------------------------------------------------- track checks


def _ray_hit(p: Point, d: Point, pts: Sequence[Point]) -> float | None:
    best = None
    for a, b in zip(pts, pts[1:]):
        sx, sy = b[0] - a[0], b[1] - a[1]
        den = d[0] * sy - d[1] * sx
        if abs(den) < 1e-12:
            continue
        wx, wy = a[0] - p[0], a[1] - p[1]
        t = (wx * sy - wy * sx) / den
        u = (wx * d[1] - wy * d[0]) / den
        if t >= 0 and -1e-9 <= u <= 1 + 1e-9 and (best is None or t < best):
            best = t
    return best


def _blocked(ob: ObstacleSpec, p: Point, d: Point) -> tuple[float, float] | None:
    """The stretch (t0, t1) of the line p + t*d (d a unit vector) inside the obstacle."""
    if ob.shape == "circle":
        fx, fy = p[0] - ob.x, p[1] - ob.y
        proj = fx * d[0] + fy * d[1]
        disc = proj * proj - (fx * fx + fy * fy - ob.radius ** 2)
        if disc <= 0:
            return None
        r = math.sqrt(disc)
        return (-proj - r, -proj + r)
    poly = ob.polygon()
    t0, t1 = -math.inf, math.inf
    area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(poly, poly[1:] + poly[:1]))
    sign = 1.0 if area > 0 else -1.0
    for a, b in zip(poly, poly[1:] + poly[:1]):
        # inside: left of each edge (counter-clockwise polygon)
        nx, ny = -(b[1] - a[1]) * sign, (b[0] - a[0]) * sign
        num = nx * (p[0] - a[0]) + ny * (p[1] - a[1])
        den = nx * d[0] + ny * d[1]
        if abs(den) < 1e-12:
            if num < 0:
                return None
            continue
        t = -num / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    return (t0, t1) if t0 < t1 else None


def widest_gap(course: Course, s: float, obstacles: Sequence[ObstacleSpec]) -> float:
    """Across the course at `s` (along the centre line's normal), the widest stretch
    between the edges not covered by any of `obstacles`."""
    p = course.point_at(s)
    tx, ty = course.tangent_at(s)
    n = (-ty, tx)
    tl = _ray_hit(p, n, course.left)
    tr = _ray_hit(p, (-n[0], -n[1]), course.right)
    if tl is None or tr is None:
        return math.inf
    lo, hi = -tr, tl
    cuts = []
    for ob in obstacles:
        got = _blocked(ob, p, n)
        if got is not None and got[1] > lo and got[0] < hi:
            cuts.append((max(lo, got[0]), min(hi, got[1])))
    cuts.sort()
    best, at = 0.0, lo
    for a, b in cuts:
        best = max(best, a - at)
        at = max(at, b)
    return max(best, hi - at)


def passage_problems(course: Course) -> list[str]:
    out = []
    large = [o for o in course.obstacles if o.size == "large"]
    s = course.start_progress
    while s <= course.finish_progress:
        g_large = widest_gap(course, s, large)
        g_all = widest_gap(course, s, course.obstacles)
        if g_large < LARGE_PASSAGE:
            out.append(f"{s:.1f}\" along: only {g_large:.2f}\" past the large obstacles")
        elif g_all < ANY_PASSAGE:
            out.append(f"{s:.1f}\" along: only {g_all:.2f}\" past the obstacles without a jump")
        s += 0.25
    return out


# --------------------------------------------------------------------------- the courses


def sprint() -> Spec:
    # 70" of centre line: a 30" straight, a 30 degree sweep to the right, 20" home
    return Spec(
        "sprint.json",
        "Sprint",
        "Sixty-two inches flat out. A long straight, one sweeping right-hander with a "
        "rock on its apex, and a ruin to dodge on the run home. Jump the hedges or "
        "go round: there is no time for both.",
        Path().straight(30).bend(-30, 36, step=6).straight(21.2),
        width=24,
        race=62,
        obstacles=[
            hedge(28.5, -3.5),
            hedge(33.5, 6.5, rot=70),
            rock(42.5, -6.5, radius=2.0),
            log(46.5, 1.0, rot=55),
            ruin(56.5, 5.5, rot=20),
            wall(60.5, -4.5, rot=100),
        ],
    )


def s_bends() -> Spec:
    # a 30" straight, then left 60, right 120, left 60 degrees (radius 16")
    return Spec(
        "s_bends.json",
        "S-Bends",
        "Four linked bends that snake left and right. Each apex hides something: a "
        "fallen statue, a rock, a ruin, a log. Take the inside and jump, or swing wide "
        "and lose the ground.",
        Path().straight(30).bend(60, 16, step=7.5).straight(4).bend(-120, 16, step=7.5).straight(4)
        .bend(60, 16, step=7.5).straight(12),
        width=22,
        obstacles=[
            statue(38.4, 7.0),
            hedge(48.7, 0.5),
            stone(58.0, 2.5, radius=0.8),
            rock(67.5, -5.5, radius=2.0),
            log(86.2, -3.0, rot=60),
            ruin(96.6, 5.5, rot=15),
            wall(108.0, -4.0),
        ],
    )


def hairpin() -> Spec:
    # a 32" straight, a 180 degree turn to the left around a narrow island, 28" back
    return Spec(
        "hairpin.json",
        "The Hairpin",
        "Out along the straight, round a post and back again. The inside of the "
        "hairpin is the short way, guarded by a fallen statue and a boulder on the "
        "exit; the outside is clear but a long way round.",
        Path().straight(32).bend(180, 13.5, step=10).straight(28),
        profile=((0.0, 11.0, 11.0), (26.0, 11.0, 11.0), (32.0, 10.0, 10.0), (200.0, 10.0, 10.0)),
        obstacles=[
            hedge(29.0, 4.0),
            hedge(29.0, -2.0),
            rock(40.0, -4.0, radius=2.0),
            statue(53.9, 6.0),
            boulder(68.0, 4.5, rot=30, scale=0.9),
            log(82.0, -3.0, rot=70),
            wall(90.0, 3.0),
        ],
    )


def _canyon_wobble(s: float) -> tuple[float, float]:
    """Rough canyon walls: none on the opening straight and at the finish."""
    fade = min(1.0, max(0.0, (s - 26.0) / 6.0), max(0.0, (130.0 - s) / 6.0))
    dl = 0.55 * math.sin(s * 0.71) + 0.35 * math.sin(s * 1.93 + 1.0)
    dr = 0.55 * math.sin(s * 0.57 + 2.0) + 0.35 * math.sin(s * 1.31 + 0.5)
    return fade * dl, fade * dr


def canyon() -> Spec:
    # 140" of centre line: left 25, right 50, left 25 degrees, a 22" gorge in the middle
    return Spec(
        "canyon.json",
        "Dead Man's Canyon",
        "A long haul between crumbling canyon walls, over 130 inches from start to "
        "finish. Boulders sit on the best lines through every bend, and the gorge in "
        "the middle squeezes the field before it opens out for the run home.",
        Path().straight(30).bend(25, 45, step=5).straight(10).bend(-50, 40, step=5).straight(8)
        .bend(25, 45, step=5).straight(18),
        profile=((0.0, 12.0, 12.0), (26.0, 12.0, 12.0), (40.0, 13.0, 14.0), (60.0, 12.5, 13.0),
                 (72.0, 11.0, 11.0), (88.0, 11.0, 11.0), (100.0, 13.0, 13.0), (120.0, 14.0, 12.5),
                 (134.0, 12.0, 12.0), (200.0, 12.0, 12.0)),
        wobble=_canyon_wobble,
        obstacles=[
            log(32.0, 4.0, rot=80),
            boulder(41.0, 6.0, rot=10),
            stone(52.0, -5.0, radius=0.9),
            stone(60.0, 4.5, radius=0.7),
            rock(77.0, -3.5, radius=3.0),
            log(89.0, 4.0, rot=60),
            statue(100.0, -6.5, rot=20),
            rock(112.0, 5.5, radius=2.5),
            stone(119.0, -2.0, radius=0.8),
            boulder(127.0, -3.0, rot=70, scale=1.2),
        ],
    )


def bridge() -> Spec:
    # 40" of open ground, a 7" bridge with a chicane kink, then open ground to the finish
    return Spec(
        "bridge.json",
        "The Narrow Bridge",
        "The whole field charges down a wide approach to a bridge barely seven inches "
        "wide, with a kink in the middle and a log lying across it. Whoever gets there "
        "first is away; everyone else queues, barges and jumps.",
        Path().straight(46).bend(40, 8, step=10).straight(3).bend(-40, 8, step=10).straight(30),
        profile=((0.0, 11.25, 11.25), (30.0, 11.25, 11.25), (40.0, 3.5, 3.5), (68.0, 3.5, 3.5),
                 (78.0, 11.0, 11.0), (200.0, 11.0, 11.0)),
        obstacles=[
            hedge(27.0, -5.0),
            ruin(30.0, 6.0, rot=0),
            log(44.0, 1.5, rot=90),
            stone(64.0, -1.5, radius=0.7),
            wall(72.0, -3.0, rot=60),
            statue(76.0, 5.0),
            rock(80.5, -4.5, radius=2.0),
        ],
    )


def gp1() -> Spec:
    # wide and fast: a 32" straight, one long left-hander
    return Spec(
        "gp1_meadow_run.json",
        "Grand Prix I: Meadow Run",
        "The opening race of the Grand Prix: wide open grass and one long left-hand "
        "sweep. A row of hedges with gaps to thread, a lone boulder on the apex and an "
        "old barn near the line.",
        Path().straight(32).bend(40, 55, step=5).straight(14),
        width=26,
        obstacles=[
            hedge(38.0, 8.0),
            hedge(38.0, 1.5),
            hedge(38.0, -5.0),
            rock(51.0, 6.5, radius=2.2),
            log(60.0, -2.0, rot=40),
            hedge(68.0, 5.0, rot=80),
            ruin(74.0, -5.0, rot=40, scale=1.1),
        ],
    )


def gp2() -> Spec:
    # square corners between abbey walls: right, then left
    return Spec(
        "gp2_abbey_ruins.json",
        "Grand Prix II: Abbey Ruins",
        "The second race winds through an old abbey: two square corners between the "
        "walls, tumbled masonry on the insides and saints lying where they fell. "
        "Brake, turn, go.",
        Path().straight(34).corner(-90).straight(40).corner(90).straight(28),
        width=22,
        obstacles=[
            hedge(28.0, 4.0),
            wall(30.0, -8.0, rot=0),
            ruin(47.0, -5.5, rot=30),
            statue(56.0, 4.0, rot=90),
            wall(60.0, -4.0, rot=90),
            ruin(79.0, 5.0, rot=-20),
            statue(90.0, -3.0),
        ],
    )


def gp3() -> Spec:
    # the long finale: right, then a long left-hander, through a gate to the finish
    return Spec(
        "gp3_kings_gate.json",
        "Grand Prix III: King's Gate",
        "The finale is the longest race of the three: a quick right, a long left-hander "
        "round a boulder, and the run in through the old king's gate: six inches "
        "between the walls for the whole field to funnel through.",
        Path().straight(30).bend(-45, 30, step=5).straight(10).bend(90, 22, step=6).straight(26),
        width=24,
        obstacles=[
            hedge(33.0, -6.0),
            log(45.0, -8.0, rot=40),
            statue(58.0, 2.0),
            rock(81.0, 6.5, radius=2.0),
            wall(90.0, -4.0, rot=70),
            stone(100.0, 5.0, radius=0.8),
            gate_wall(112.0, 3.0, 11.98),
            gate_wall(112.0, -3.0, -11.98),
        ],
    )


def courses() -> list[Spec]:
    return [sprint(), s_bends(), hairpin(), canyon(), bridge(), gp1(), gp2(), gp3()]


# --------------------------------------------------------------------------- the Doomwheel figure-eights


@dataclass
class Eight:
    """A figure-eight Doomwheel track (a circuit: format 2 with laps).

    The crossing is at the origin, where the two diagonals meet at 2 * `alpha` degrees.
    Each loop is a D: from the crossing a diagonal, a bend of 90 + alpha degrees
    (radius `radius`), a straight of `straight` inches across the far end, the same bend
    again and the other diagonal back to the crossing. The right loop runs
    counter-clockwise, the left loop clockwise; the start line is across the right loop's
    far straight (`start_at` above its middle; the seam of the centre line), heading up.
    Checkpoints, critters and the like are placed by where they are along the lap:
    `s` in inches from the start line, `off` to the left of the centre line.
    """

    file: str
    name: str
    description: str
    width: float
    alpha: float
    radius: float
    straight: float
    crossing_radius: float
    checkpoints: Sequence[str]
    """Where the checkpoints cross the track, in lap order: the middle of a bend
    ("right-top", "left-bottom", "left-top", "right-bottom") or of the left loop's far
    straight ("left-far")."""
    critters: Sequence[tuple[str, float, float]]
    """(kind, fraction of the lap, offset to the left)."""
    fans: Sequence[Point]
    decorations: Sequence[tuple[str, float, float, float, float]]
    """(look, x, y, rotation, scale)."""
    laps: int = 3
    max_racers: int | None = None
    start_at: float = 0.0
    cover: Sequence[tuple[str, float, float, float, str]] = ()
    """Round pieces of cover on the track, (look, x, y, radius, "soft" | "hard"): small
    obstacles (a wheel rolls over them) that give the bolt thrower's target cover."""
    """How far up the right loop's far straight the start line is (from its middle)."""

    def diagonal(self) -> float:
        """The length of each diagonal from the crossing to its bend."""
        a = math.radians(self.alpha)
        return (self.radius * math.cos(a) + self.straight / 2) / math.sin(a)

    def far_x(self) -> float:
        """x of the centre line on each loop's far straight."""
        a = math.radians(self.alpha)
        return self.diagonal() * math.cos(a) + self.radius * math.sin(a) + self.radius

    def landmark(self, name: str) -> Point:
        """The centre-line point in the middle of a bend or of the left far straight."""
        x1 = self.far_x()
        if name == "left-far":
            return (-x1, 0.0)
        m = math.radians(90.0 + self.alpha) / 2
        dx, dy = self.radius * math.cos(m), self.radius * math.sin(m)
        cx, cy = x1 - self.radius, self.straight / 2
        return {"right-top": (cx + dx, cy + dy), "right-bottom": (cx + dx, -cy - dy),
                "left-top": (-cx - dx, cy + dy), "left-bottom": (-cx - dx, -cy - dy)}[name]

    def build(self) -> Course:
        turn = 90.0 + self.alpha
        d = self.diagonal()
        path = (Path(self.far_x(), self.start_at, 90.0).straight(self.straight / 2 - self.start_at)
                .bend(turn, self.radius, step=7.5)
                .straight(2 * d).bend(-turn, self.radius, step=7.5).straight(self.straight)
                .bend(-turn, self.radius, step=7.5).straight(2 * d).bend(turn, self.radius, step=7.5)
                .straight(self.straight / 2 + self.start_at))
        centre = path.points()
        if math.dist(centre[-1], centre[0]) > 0.01:
            raise ValueError(f"{self.file}: the centre line does not close ({centre[-1]} != {centre[0]})")
        centre[-1] = centre[0]
        fr = Frame(centre)
        half = self.width / 2 + 0.25  # checkpoint lines reach a little beyond the edges
        bare = Course.build(self.name, centre, width=self.width, laps=self.laps, ruleset="doomwheel")
        arcs = [bare.progress(*self.landmark(name)) for name in self.checkpoints]
        checkpoints = [(_r(fr.at(s, half)), _r(fr.at(s, -half))) for s in arcs]
        critters = [Critter(kind, *_r(fr.at(f * fr.length, off))) for kind, f, off in self.critters]
        obstacles = [ObstacleSpec(f"{look}-{i + 1}", "small", "circle", x, y, radius=r, look=look, cover=cover)
                     for i, (look, x, y, r, cover) in enumerate(self.cover)]
        return Course.build(
            self.name, centre, width=self.width, obstacles=obstacles, ruleset="doomwheel", max_racers=self.max_racers,
            description=self.description, source=self.file, laps=self.laps, checkpoints=checkpoints,
            crossings=[Crossing(0.0, 0.0, self.crossing_radius)],
            decorations=[Decoration(look, x, y, rot, scale) for look, x, y, rot, scale in self.decorations],
            critters=critters, fans=[Fan(x, y) for x, y in self.fans],
        )


# the Doomwheel rules' default critters (§1): 4 Fanatics, 3 Dammaz-Drengi, 8 slaves
def _critters(spread: float = 0.0) -> list[tuple[str, float, float]]:
    out: list[tuple[str, float, float]] = []
    for k in range(4):
        out.append(("fanatic", (0.1 + 0.25 * k + spread) % 1.0, 1.5 if k % 2 else -1.5))
    for k in range(3):
        out.append(("slayer", (0.2 + 0.33 * k + spread) % 1.0, 0.0))
    for k in range(8):
        out.append(("slave", (0.04 + 0.125 * k + spread) % 1.0, (-2.0, 2.0, 0.5, -0.5)[k % 4]))
    return out


def eight() -> Eight:
    return Eight(
        "figure_of_eight.json",
        "The Figure of Eight",
        "The classic Doomwheel track: two tight loops and a crossroads in the middle "
        "where the wheels meet head on. Eight inches wide, so three wheels line up at "
        "the start. Go straight over at the crossing, or the lap does not count.",
        width=8.0, alpha=45.0, radius=6.5, straight=6.0, crossing_radius=6.0,
        checkpoints=("right-top", "left-far", "right-bottom"),
        critters=_critters(),
        fans=((-1.5, 8.5), (1.5, -8.5), (1.5, 8.5), (-1.5, -8.5)),
        decorations=(("bones", 11.9, 0.0, 0.0, 1.0), ("bones", -11.9, 0.0, 180.0, 1.0),
                     ("banner", 0.0, 12.0, 0.0, 1.0), ("banner", 0.0, -12.0, 180.0, 1.0)),
        max_racers=3,
        # hay bales on the track beside the crossing, by the bolt throwers' notches
        cover=(("hay", 3.54, 7.07, 0.6, "soft"), ("hay", -3.54, -7.07, 0.6, "soft")),
    )


def ratways() -> Eight:
    return Eight(
        "the_ratways.json",
        "The Ratways",
        "A wider eight for a full field of four wheels, with long straights across "
        "both ends and a steep crossing. The slaves swarm the left loop; the Fanatics "
        "wait on the right.",
        width=10.0, alpha=45.0, radius=6.0, straight=5.0, crossing_radius=7.5, start_at=1.0,
        checkpoints=("right-top", "left-bottom", "left-far", "left-top", "right-bottom"),
        critters=_critters(0.06),
        fans=((0.0, 9.5), (0.0, -9.5), (-3.0, 10.5), (3.0, -10.5)),
        decorations=(("rubble", 12.2, 0.0, 30.0, 0.8), ("rubble", -12.2, 0.0, 200.0, 0.8),
                     ("warpstone", 0.0, 13.0, 0.0, 1.5), ("tower", 25.5, 12.0, 0.0, 1.0),
                     ("tower", -25.5, -12.0, 0.0, 1.0)),
        cover=(("hay", 3.89, 8.84, 0.6, "soft"), ("hay", -3.89, -8.84, 0.6, "soft")),
    )


def doomwheel_courses() -> list[Eight]:
    return [eight(), ratways()]


# --------------------------------------------------------------------------- main


def build_all(only: Sequence[str] = (), *, wild_race: bool = True,
              doomwheel: bool = False) -> tuple[list[tuple[Spec | Eight, Course]], list[str]]:
    """Every course of the sets asked for (or those named), with the problems found in
    them."""
    built: list[tuple[Spec | Eight, Course]] = []
    bad: list[str] = []
    specs: list[Spec | Eight] = []
    if wild_race:
        specs += courses()
    if doomwheel:
        specs += doomwheel_courses()
    for spec in specs:
        if only and spec.file not in only and os.path.splitext(spec.file)[0] not in only:
            continue
        course = spec.build()
        bad += [p.line(spec.file) for p in check_course(course)]
        if isinstance(spec, Spec):
            bad += [f"{spec.file}: track: {p}" for p in passage_problems(course)]
        built.append((spec, course))
    return built, bad


def preview(built: Sequence[tuple[Spec | Eight, Course]], out_dir: str) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.ui.table_view import course_preview

    pygame.display.init()
    pygame.display.set_mode((1, 1))
    os.makedirs(out_dir, exist_ok=True)
    for spec, course in built:
        xs = [p[0] for p in course.outline()]
        ys = [p[1] for p in course.outline()]
        w, h = max(xs) - min(xs) + 4, max(ys) - min(ys) + 4
        ppi = min(1400 / w, 900 / h)
        img = course_preview(course, (round(w * ppi), round(h * ppi)))
        base = os.path.splitext(spec.file)[0]
        pygame.image.save(img, os.path.join(out_dir, base + ".png"))
        pygame.image.save(course_preview(course, (380, 200)), os.path.join(out_dir, base + "_picker.png"))


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", help="where to write the Wild Race courses (default: levels/wild_race)")
    ap.add_argument("--doomwheel-out", metavar="DIR",
                    help="where to write the Doomwheel tracks (default: levels/doomwheel)")
    ap.add_argument("--preview", metavar="DIR", help="also draw each course into DIR/<name>.png")
    ap.add_argument("--only", nargs="*", default=(), help="only these courses (file names)")
    args = ap.parse_args(argv)
    both = args.out is None and args.doomwheel_out is None
    out = args.out or os.path.join(ROOT, "levels", "wild_race")
    dw_out = args.doomwheel_out or os.path.join(ROOT, "levels", "doomwheel")
    built, bad = build_all(args.only, wild_race=both or args.out is not None,
                           doomwheel=both or args.doomwheel_out is not None)
    if args.preview:
        preview(built, args.preview)
    if bad:
        for line in bad:
            print(line, file=sys.stderr)
        print("nothing written", file=sys.stderr)
        return 1
    for spec, course in built:
        folder = dw_out if isinstance(spec, Eight) else out
        os.makedirs(folder, exist_ok=True)
        save_course(course, os.path.join(folder, spec.file))
        if course.laps is not None:
            print(f"{spec.file:<24} {course.length:6.1f}\" a lap, {course.laps} laps, "
                  f"{len(course.checkpoints)} checkpoints, {len(course.critters)} critters")
        else:
            print(f"{spec.file:<24} {course.finish_progress - course.start_progress:6.1f}\" start to finish, "
                  f"{len(course.obstacles)} obstacles")
    return 0


if __name__ == "__main__":
    sys.exit(main())
