"""The table's rules queries built on the kernels: tags, approach within a
distance (moving and wheeling), sides of a rectangle, line of sight, area
terrain and rigid groups; checked against shapely (test-only oracle)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import LineString, Point, Polygon

from game.table import approach as ap
from game.table import areas as ar
from game.table import group as gr
from game.table import sides as sd
from game.table import sight as si
from game.table.geometry import (
    CIRCLE,
    Shape,
    gap,
    make_circle,
    make_poly,
    make_rect,
    make_segment,
    rotated,
    translated,
)
from game.table.table import Table
from game.table.tags import Tags, auto
from tests.test_geometry import circles, geom, oracle_dist, polys, rad, rects, segments, swept

SETTINGS = settings(max_examples=80, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
solids = st.one_of(rects(), polys(), circles())
things = st.one_of(rects(), polys(), circles(), segments())


class Kind(Tags):
    UNIT = auto()
    WOOD = auto()
    EDGE = auto()
    ALL = UNIT | WOOD | EDGE


def unit(t: Table, id: str, x: float, y: float, h: float, length: float = 1.0, width: float = 2.4) -> Shape:
    return t.put_base(id, x, y, h, length, width, Kind.UNIT)


# ---------------------------------------------------------------- tags


def test_tags_are_allocated_by_name() -> None:
    assert [int(k) for k in (Kind.UNIT, Kind.WOOD, Kind.EDGE)] == [1, 2, 4]
    assert Kind.every() == 7 == Kind.ALL
    assert Kind.name_of(Kind.WOOD) == "wood" and Kind.name_of(0) == "thing"
    with pytest.raises(ValueError):
        Table([((0.0, 0.0), (1.0, 0.0))])  # edges need their tag
    t = Table([((0.0, 0.0), (1.0, 0.0))], Kind.EDGE)
    assert t.ids(Kind.EDGE) == ["edge:0"] and t.kind("edge:0") == Kind.EDGE
    with pytest.raises(TypeError):
        t.put_base("u", 0.0, 0.0, 0.0)  # type: ignore[call-arg]  # no default base
    unit(t, "u", 0.0, 3.0, 0.0)
    assert t.in_box(Kind.ALL, -1.0, -1.0, 1.0, 5.0)[1][0] == "u"


# ---------------------------------------------------------------- approach


@SETTINGS
@given(solids, things, st.floats(-8.0, 8.0), st.floats(-8.0, 8.0), st.floats(0.0, 4.0))
def test_approach_moving_matches_shapely(a: Shape, b: Shape, dx: float, dy: float, d: float) -> None:
    t = ap.approach_toi(a, dx, dy, b, d)
    ga, ra = swept(a, dx, dy)
    reach = max(ga.distance(geom(b)) - ra - rad(b), 0.0)
    if t is None:
        assert reach > d - 1e-7
        return
    assert 0.0 <= t <= 1.0
    assert oracle_dist(translated(a, t * dx, t * dy), b) <= d + 1e-7  # within d at t
    gt, rt = swept(a, t * dx, t * dy)
    assert max(gt.distance(geom(b)) - rt - rad(b), 0.0) >= min(d, oracle_dist(a, b)) - 1e-7  # not before


@SETTINGS
@given(solids, things, st.floats(-3.0, 3.0), st.floats(-3.0, 3.0), st.floats(-120.0, 120.0), st.floats(0.0, 3.0))
def test_approach_wheeling_matches_sampling(a: Shape, b: Shape, ox: float, oy: float, dth: float, d: float) -> None:
    b = translated(b, 0.5 * (a.cx - b.cx), 0.5 * (a.cy - b.cy))
    px, py = a.cx + ox, a.cy + oy
    t = ap.approach_rotation_toi(a, px, py, dth, b, d)
    end = 1.0 if t is None else t
    for k in range(240):
        f = end * k / 240
        if t is not None and f >= t:
            break
        assert oracle_dist(rotated(a, px, py, dth * f), b) > d - 1e-6
    if t is not None:
        assert oracle_dist(rotated(a, px, py, dth * t), b) <= d + 1e-7


def test_approach_examples_threat_and_friend_stop() -> None:
    t = Table()
    me = unit(t, "me", 0.0, 0.0, 0.0)  # front edge at x = 0.5
    unit(t, "enemy", 10.0, 0.0, 180.0)  # its front at x = 9.5
    unit(t, "friend", 3.0, 3.8, 0.0)  # its right flank at y = 2.6, rear at x = 2.5
    c = ap.first_within(t, me, 10.0, 0.0, 4.0, Kind.UNIT, {"me", "friend"})
    assert c is not None and c.other == "enemy" and c.dist == pytest.approx(5.0)  # 9.5 - 4 - 0.5
    near = ap.first_within(t, me, 10.0, 0.0, 4.0, Kind.UNIT, {"me"})
    assert near is not None and (near.other, near.frac) == ("friend", 0.0)  # within 4" from the start
    got = ap.all_within(t, me, 10.0, 0.0, 1.5, Kind.UNIT, {"me"})
    assert [x.other for x in got] == ["friend", "enemy"]
    # corner to corner: (2 - s)^2 + 1.4^2 = 1.5^2
    assert got[0].dist == pytest.approx(2.0 - math.sqrt(1.5 ** 2 - 1.4 ** 2)) and got[1].dist == pytest.approx(7.5)
    # wheeling left 90 degrees about the front left corner swings the right end to x = 2.9
    t.put_base("post", 3.6, 0.7, 0.0, 0.4, 0.4, Kind.UNIT)
    w = ap.first_within_turning(t, me, 0.5, 1.2, 90.0, 1.0, Kind.UNIT, {"me"})
    assert w is not None and w.other == "post" and 0.0 < w.dist < 90.0
    assert gap(rotated(me, 0.5, 1.2, w.dist), t.shape("post")) == pytest.approx(1.0, abs=1e-9)
    assert ap.first_within_turning(t, me, 0.5, 1.2, 90.0, 0.3, Kind.UNIT, {"me", "post"}) is None


# ---------------------------------------------------------------- sides


def edge_lines(r: Shape) -> dict[str, LineString]:
    return {s: LineString(sd.side_edge(r, s).points()) for s in sd.SIDES}


def test_side_names_follow_the_heading() -> None:
    r = make_rect(0.0, 0.0, 90.0, 1.0, 2.0)  # facing +y: front at y = 0.5, left flank at x = -1
    assert sd.side_facing(r, 0.0, 5.0) == "front" and sd.side_facing(r, 0.0, -5.0) == "rear"
    assert sd.side_facing(r, -5.0, 0.0) == "left" and sd.side_facing(r, 5.0, 0.0) == "right"
    charger = make_rect(-4.0, 0.0, 0.0, 1.0, 2.0)
    hit = sd.side_hit(r, charger, 6.0, 0.0)
    assert hit is not None and hit[1] == "left" and hit[0] == pytest.approx(2.5 / 6.0)
    # straight down onto the front left corner: the motion decides (front)
    hit = sd.side_hit(r, make_circle(-1.0, 3.0, 0.5), 0.0, -6.0)
    assert hit is not None and hit[1] == "front"
    t, s = sd.side_crossed(r, -3.0, 0.2, 3.0, 0.2) or (None, None)
    assert s == "left" and t == pytest.approx(2.0 / 6.0)
    assert sd.side_crossed(r, 0.0, 0.0, 3.0, 0.0) is None  # starts inside
    assert sd.side_of_contact(r, make_rect(0.0, 1.0, 90.0, 1.0, 2.0)) == "front"


@SETTINGS
@given(rects(), st.floats(-9.0, 9.0), st.floats(-9.0, 9.0))
def test_side_facing_is_the_nearest_edge_in_its_slab(r: Shape, x: float, y: float) -> None:
    lines = edge_lines(r)
    dists = sorted((ln.distance(Point(x, y)), s) for s, ln in lines.items())
    assume(dists[1][0] - dists[0][0] > 1e-6)
    poly = Polygon(r.points())
    lx = (x - r.cx) * r.c + (y - r.cy) * r.s
    ly = -(x - r.cx) * r.s + (y - r.cy) * r.c
    if poly.contains(Point(x, y)) or abs(lx) <= r.hl or abs(ly) <= r.hw:
        assert sd.side_facing(r, x, y) == dists[0][1]
    assert sd.side_of_contact(r, make_circle(x, y, 0.01)) == dists[0][1] or dists[0][0] < 0.02


@SETTINGS
@given(rects(), solids, st.floats(-10.0, 10.0), st.floats(-10.0, 10.0))
def test_side_hit_touches_the_named_edge(r: Shape, m: Shape, dx: float, dy: float) -> None:
    assume(gap(r, m) > 1e-3)
    got = sd.side_hit(r, m, dx, dy)
    if got is None:
        return
    t, side = got
    at = translated(m, t * dx, t * dy)
    dist = {s: max(ln.distance(geom(at)) - rad(at), 0.0) for s, ln in edge_lines(r).items()}
    assert dist[side] <= 1e-6
    assert dist[side] <= min(dist.values()) + 1e-6


@SETTINGS
@given(rects(), st.floats(-9.0, 9.0), st.floats(-9.0, 9.0), st.floats(-9.0, 9.0), st.floats(-9.0, 9.0))
def test_side_crossed_matches_shapely(r: Shape, x0: float, y0: float, x1: float, y1: float) -> None:
    path = LineString([(x0, y0), (x1, y1)])
    assume(path.length > 1e-3)
    got = sd.side_crossed(r, x0, y0, x1, y1)
    poly = Polygon(r.points())
    if poly.buffer(-1e-7).contains(Point(x0, y0)):
        assert got is None
        return
    firsts = []
    for s, ln in edge_lines(r).items():
        hit = path.intersection(ln)
        if not hit.is_empty:
            firsts.append((min(path.project(Point(p)) for p in _points(hit)) / path.length, s))
    if not firsts:
        assert got is None
        return
    firsts.sort()
    assume(len(firsts) == 1 or firsts[1][0] - firsts[0][0] > 1e-6)
    assert got is not None
    assert got[0] == pytest.approx(firsts[0][0], abs=1e-7)
    assert got[1] == firsts[0][1]


def _points(g: object) -> list[tuple[float, float]]:
    if hasattr(g, "geoms"):
        return [c for part in g.geoms for c in part.coords]  # type: ignore[attr-defined]
    return list(g.coords)  # type: ignore[attr-defined]


# ---------------------------------------------------------------- areas


@st.composite
def areas(draw: st.DrawFn) -> ar.Area:
    """A star-shaped (often concave) simple polygon."""
    cx = draw(st.floats(-3.0, 3.0))
    cy = draw(st.floats(-3.0, 3.0))
    n = draw(st.integers(3, 9))
    radii = draw(st.lists(st.floats(0.8, 5.0), min_size=n, max_size=n))
    rot = draw(st.floats(0.0, 6.28))
    pts = [(cx + r * math.cos(rot + 2 * math.pi * i / n), cy + r * math.sin(rot + 2 * math.pi * i / n))
           for i, r in enumerate(radii)]
    if draw(st.booleans()):
        pts.reverse()
    return ar.Area("woods", pts)


def sgeom(s: Shape) -> Polygon:
    return Point(s.cx, s.cy).buffer(s.radius, 256) if s.kind == CIRCLE else Polygon(s.points())


@SETTINGS
@given(areas(), st.floats(-9, 9), st.floats(-9, 9), st.floats(-9, 9), st.floats(-9, 9))
def test_length_inside_matches_shapely(a: ar.Area, x0: float, y0: float, x1: float, y1: float) -> None:
    want = Polygon(a.points).intersection(LineString([(x0, y0), (x1, y1)])).length
    assert ar.length_inside(a, x0, y0, x1, y1) == pytest.approx(want, abs=1e-9)
    assert ar.path_length_inside(a, [(x0, y0), (x1, y1), (x0, y1)]) == pytest.approx(
        want + Polygon(a.points).intersection(LineString([(x1, y1), (x0, y1)])).length, abs=1e-9)


@SETTINGS
@given(areas(), solids)
def test_inside_and_overlaps_match_shapely(a: ar.Area, s: Shape) -> None:
    poly = Polygon(a.points)
    g = geom(s) if s.kind != CIRCLE else Point(s.cx, s.cy)
    if s.kind == CIRCLE:
        d_out = poly.exterior.distance(g)
        if poly.contains(g) and d_out > s.radius + 1e-6:
            assert ar.inside(a, s) and ar.overlaps(a, s)
        elif not poly.contains(g) and d_out > s.radius + 1e-6:
            assert not ar.overlaps(a, s) and not ar.inside(a, s)
        return
    inter = poly.intersection(g).area
    if inter < 1e-12 and poly.distance(g) > 1e-6:
        assert not ar.overlaps(a, s) and not ar.inside(a, s)
    if inter > 1e-6:
        assert ar.overlaps(a, s)
    outside = g.difference(poly).area
    if outside > 1e-6:
        assert not ar.inside(a, s)
    if poly.buffer(-1e-6).contains(g):
        assert ar.inside(a, s)


@SETTINGS
@given(areas(), solids, st.floats(-12.0, 12.0), st.floats(-12.0, 12.0))
def test_enters_matches_shapely(a: ar.Area, s: Shape, dx: float, dy: float) -> None:
    poly = Polygon(a.points)
    t = ar.enters(a, s, dx, dy)
    if t == 0.0:
        assert ar.overlaps(a, s)
        return
    end = 1.0 if t is None else t
    ga, ra = swept(s, end * dx, end * dy)
    core = ga.buffer(ra - 1e-6, 64) if ra > 0.0 else ga.buffer(-1e-6)
    assert core.intersection(poly).area < 1e-9  # nothing entered before
    if t is not None and t < 0.99:
        gb, rb = swept(s, (t + 0.01) * dx, (t + 0.01) * dy)
        after = gb.buffer(rb, 64) if rb > 0.0 else gb
        assert after.intersection(poly).area > 0.0


def test_enters_turning_and_examples() -> None:
    wood = ar.Area("woods", [(5.0, -2.0), (9.0, -2.0), (9.0, 2.0), (7.0, 0.0), (5.0, 2.0)])  # a notch on top
    base = make_rect(0.0, 0.0, 0.0, 1.0, 2.0)
    assert ar.enters(wood, base, 10.0, 0.0) == pytest.approx(4.5 / 10.0)
    assert ar.length_inside(wood, 0.0, 1.5, 10.0, 1.5) == pytest.approx(0.5 + 0.5)  # two horns
    assert not ar.inside(wood, make_rect(7.0, 0.5, 0.0, 1.0, 1.0))  # sits in the notch's mouth
    assert ar.inside(wood, make_rect(7.0, -1.0, 0.0, 1.0, 1.0))
    t = ar.enters_turning(wood, make_rect(3.0, 4.0, 0.0, 1.0, 0.5), 3.0, 0.0, -90.0)
    assert t is not None and 0.0 < t < 1.0
    turned = rotated(make_rect(3.0, 4.0, 0.0, 1.0, 0.5), 3.0, 0.0, -90.0 * t)
    assert not ar.overlaps(wood, turned)
    assert [x.kind for x in ar.areas_under([wood], make_rect(5.0, 0.0, 0.0, 1.0, 1.0))] == ["woods"]


# ---------------------------------------------------------------- sight


def test_sight_examples() -> None:
    a = make_rect(0.0, 0.0, 0.0, 1.0, 2.4)
    b = make_rect(12.0, 0.0, 180.0, 1.0, 2.4)
    wall = make_rect(6.0, 0.0, 0.0, 1.0, 4.0)
    assert si.sight_line(a, b, [wall]) is None
    narrow = make_rect(6.0, 0.0, 0.0, 1.0, 2.0)  # the bases' corners see past it
    line = si.sight_line(a, b, [narrow])
    assert line is not None and abs(line[1]) > 1.0
    wood = ar.Area("woods", [(5.0, -5.0), (7.0, -5.0), (7.0, 5.0), (5.0, 5.0)])
    assert si.sight_line(a, b, [], [wood]) is None
    assert si.sight_line(a, b, [], [ar.Area("woods", [(5.0, 1.3), (7.0, 1.3), (7.0, 5.0)])]) is not None
    # a crest line (a segment) blocks as a line: a long one hides, a short one is seen past
    assert si.sight_line(a, b, [make_segment(6.0, -10.0, 6.0, 10.0)]) is None
    assert si.sight_line(a, b, [make_segment(6.0, -1.0, 6.0, 1.0)]) is not None
    t = Table()
    t.put("a", Kind.UNIT, a)
    t.put("b", Kind.UNIT, b)
    t.put("w", Kind.UNIT, wall)
    assert si.sight_between(t, "a", "b", Kind.UNIT) is None
    assert si.sight_between(t, "a", "b", Kind.UNIT, ignore={"w"}) is not None


@st.composite
def sight_scenes(draw: st.DrawFn) -> tuple[Shape, Shape, list[Shape], list[ar.Area]]:
    a = draw(st.one_of(rects(), circles()))
    b = translated(draw(st.one_of(rects(), circles())), draw(st.floats(6.0, 12.0)), draw(st.floats(-4.0, 4.0)))
    blockers = []
    for _ in range(draw(st.integers(0, 3))):
        o = translated(draw(st.one_of(rects(), circles(), polys())), draw(st.floats(2.0, 6.0)), 0.0)
        if gap(o, a) > 1e-3 and gap(o, b) > 1e-3:
            blockers.append(o)
    zones = []
    if draw(st.booleans()):
        z = draw(areas())
        poly = Polygon(z.points)
        if poly.distance(sgeom(a)) > 1e-3 and poly.distance(sgeom(b)) > 1e-3:
            zones.append(z)
    return a, b, blockers, zones


def on(s: Shape, x: float, y: float) -> bool:
    """Is (x, y) in the shape (to 1e-6")?"""
    if s.kind == CIRCLE:
        return math.hypot(x - s.cx, y - s.cy) <= s.radius + 1e-6
    return Polygon(s.points()).distance(Point(x, y)) < 1e-6


def _blocked(seg: LineString, blockers: list[Shape], zones: list[ar.Area], margin: float) -> bool:
    for o in blockers:
        if o.kind == CIRCLE:
            if seg.distance(Point(o.cx, o.cy)) < o.radius + margin:
                return True
        elif seg.distance(Polygon(o.points())) < margin:
            return True
    return any(seg.distance(Polygon(z.points)) < margin for z in zones)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(sight_scenes(), st.integers(0, 10**6))
def test_sight_matches_random_segments(scene: tuple[Shape, Shape, list[Shape], list[ar.Area]], seed: int) -> None:
    a, b, blockers, zones = scene
    got = si.sight_line(a, b, blockers, zones)
    ga, gb = sgeom(a), sgeom(b)
    if got is not None:
        x0, y0, x1, y1 = got
        assert on(a, x0, y0) and on(b, x1, y1)
        seg = LineString([(x0, y0), (x1, y1)]) if (x0, y0) != (x1, y1) else Point(x0, y0)
        for o in blockers:
            if o.kind == CIRCLE:
                assert seg.distance(Point(o.cx, o.cy)) >= o.radius - 1e-6
            else:
                assert seg.intersection(Polygon(o.points()).buffer(-1e-6)).length < 1e-6  # grazing is fine
        for z in zones:
            assert seg.intersection(Polygon(z.points).buffer(-1e-6)).length < 1e-6
        return
    rng = random.Random(seed)
    minx, miny, maxx, maxy = ga.bounds
    bminx, bminy, bmaxx, bmaxy = gb.bounds
    for _ in range(400):
        p = Point(rng.uniform(minx, maxx), rng.uniform(miny, maxy))
        q = Point(rng.uniform(bminx, bmaxx), rng.uniform(bminy, bmaxy))
        if not (ga.contains(p) and gb.contains(q)):
            continue
        # part of the segment between the bases
        seg = LineString([p, q]).difference(ga).difference(gb)
        assert _blocked(seg, blockers, zones, 1e-6), f"{seg} is clear"


# ---------------------------------------------------------------- groups


def line_of_three(t: Table) -> list[str]:
    for i in range(3):
        unit(t, f"u{i}", 0.0, 2.4 * i, 0.0)
    return ["u0", "u1", "u2"]


def test_group_pivot_and_turn() -> None:
    t = Table()
    ids = line_of_three(t)
    shapes = [t.shape(i) for i in ids]
    assert gr.pivot_corner(shapes, 0.0, right=True) == pytest.approx((0.5, -1.2))
    assert gr.pivot_corner(shapes, 0.0, right=False) == pytest.approx((0.5, 2.4 * 2 + 1.2))
    px, py = gr.pivot_corner(shapes, 0.0, right=True)
    new = gr.turned(shapes, px, py, -90.0)
    for s, n in zip(shapes, new):
        want = affinity.rotate(Polygon(s.points()), -90.0, origin=(px, py))
        assert Polygon(n.points()).symmetric_difference(want).area < 1e-9
    assert all(gap(new[i], new[i + 1]) == pytest.approx(0.0, abs=1e-9) for i in range(2))  # still in line
    moved = gr.moved(shapes, 3.0, 1.0)
    assert (moved[2].cx, moved[2].cy) == pytest.approx((3.0, 5.8))


def test_group_first_contacts() -> None:
    t = Table()
    ids = line_of_three(t)
    unit(t, "rock", 5.6, 4.2, 0.0, 1.0, 1.0)  # in the swing of the far left end (x 5.1..6.1, y 3.7..4.7)
    px, py = gr.pivot_corner([t.shape(i) for i in ids], 0.0, right=True)
    c = gr.first_turn_contact(t, ids, px, py, -90.0, Kind.UNIT)
    assert c is not None and c.member == "u2" and c.other == "rock"
    at = rotated(t.shape("u2"), px, py, -90.0 * c.frac)
    assert Polygon(at.points()).distance(Polygon(t.shape("rock").points())) < 1e-7
    for k in range(100):
        f = c.frac * k / 100
        for i in ids:
            m = Polygon(rotated(t.shape(i), px, py, -90.0 * f).points())
            assert m.intersection(Polygon(t.shape("rock").points())).area < 1e-9
    w = gr.first_within_turning(t, ids, px, py, -90.0, 1.0, Kind.UNIT)
    assert w is not None and w.frac < c.frac and w.other == "rock"
    assert gap(rotated(t.shape(w.member), px, py, -90.0 * w.frac), t.shape("rock")) == pytest.approx(1.0, abs=1e-9)
    m = gr.first_contact(t, ids, 10.0, 0.0, Kind.UNIT)
    assert m is not None and (m.member, m.other) == ("u2", "rock") and m.dist == pytest.approx(4.6)
    mw = gr.first_within_moving(t, ids, 10.0, 0.0, 4.0, Kind.UNIT)
    assert mw is not None and mw.member == "u2" and mw.dist == pytest.approx(0.6)


@SETTINGS
@given(st.lists(st.tuples(st.floats(-6, 6), st.floats(-6, 6)), min_size=1, max_size=4),
       st.floats(-4.0, 4.0), st.floats(-4.0, 4.0), st.floats(-150.0, 150.0))
def test_group_turn_contact_vs_sampling(obs: list[tuple[float, float]], px: float, py: float, dth: float) -> None:
    t = Table()
    ids = line_of_three(t)
    for k, (x, y) in enumerate(obs):
        o = make_poly([(x, y), (x + 0.7, y + 0.1), (x + 0.2, y + 0.8)])
        if all(gap(o, t.shape(i)) > 1e-3 for i in ids):
            t.put(f"o{k}", Kind.WOOD, o)
    c = gr.first_turn_contact(t, ids, px, py, dth, Kind.WOOD)
    end = 1.0 if c is None else c.frac
    others = [Polygon(t.shape(i).points()) for i in t.ids(Kind.WOOD)]
    for k in range(120):
        f = end * k / 120
        for i in ids:
            m = Polygon(rotated(t.shape(i), px, py, dth * f).points())
            assert all(m.intersection(o).area < 1e-7 for o in others)
    if c is not None:
        at = Polygon(rotated(t.shape(c.member), px, py, dth * c.frac).points())
        assert at.distance(Polygon(t.shape(c.other).points())) < 1e-7
