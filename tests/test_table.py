"""game.table.table: the Table the rules query (and the pymunk mirror)."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.table.geometry import (
    EPS,
    Shape,
    gap,
    make_circle,
    make_poly,
    make_rect,
    make_segment,
    penetrates,
    rotated,
    rotation_toi,
    time_of_impact,
    translated,
)
from game.table.table import ALL, Table
from game.table.tags import Tags, auto


class Kind(Tags):
    """Tags for these tests (the table itself knows none)."""

    RACER = auto()
    SMALL = auto()
    LARGE = auto()
    EDGE = auto()
    FINISH = auto()
    CRITTER = auto()
    WHEEL = auto()
    ALL = RACER | SMALL | LARGE | EDGE | FINISH | CRITTER | WHEEL


BASE = {"length": 1.97, "width": 0.98, "kind": Kind.RACER}

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def lane() -> Table:
    """A straight lane along +x: edges y = -3 and y = 3 (x 0..30, in 3" pieces), finish at x = 20."""
    edges = []
    for y in (-3.0, 3.0):
        for i in range(10):
            edges.append(((3.0 * i, y), (3.0 * (i + 1), y)))
    edges.append(((30.0, -3.0), (30.0, 3.0)))
    t = Table(edges, Kind.EDGE)
    t.put_segment("finish", Kind.FINISH, ((20.0, -3.0), (20.0, 3.0)))
    return t


# ---------------------------------------------------------------- contents


def test_ids_kinds_and_replacing() -> None:
    t = lane()
    assert t.ids(Kind.EDGE) == [f"edge:{i}" for i in range(21)]
    assert t.ids(Kind.FINISH) == ["finish"]
    assert t.kind("finish") == Kind.FINISH and t.kind("edge:3") == Kind.EDGE
    t.put_base("a", 1.0, 0.0, 0.0, **BASE)
    t.put("rock", Kind.SMALL, make_circle(5.0, 0.0, 0.5))
    t.put_base("b", 1.0, 2.0, 0.0, **BASE)
    assert t.ids(Kind.RACER) == ["a", "b"]
    assert t.ids(Kind.RACER | Kind.SMALL) == ["a", "rock", "b"]
    assert t.ids()[-4:] == ["finish", "a", "rock", "b"]
    # re-putting keeps the place in the order and replaces the shape
    t.put_base("a", 2.0, 0.5, 90.0, **BASE)
    assert t.ids(Kind.RACER) == ["a", "b"]
    s = t.shape("a")
    assert (s.cx, s.cy, s.heading) == (2.0, 0.5, 90.0)
    assert s.hl == pytest.approx(1.97 / 2) and s.hw == pytest.approx(0.98 / 2)
    t.remove("a")
    assert not t.has("a") and "a" not in t
    t.put_base("a", 1.0, 0.0, 0.0, **BASE)
    assert t.ids(Kind.RACER) == ["b", "a"]
    with pytest.raises(KeyError):
        t.shape("nobody")
    # an edge can be removed (and its id put again as something else)
    t.remove("edge:20")
    assert t.first_contact(make_rect(25.0, 0.0, 0.0, 2.0, 1.0), 10.0, 0.0, Kind.EDGE) is None
    t.put("edge:20", Kind.EDGE, make_segment(29.0, -3.0, 29.0, 3.0))
    c = t.first_contact(make_rect(25.0, 0.0, 0.0, 2.0, 1.0), 10.0, 0.0, Kind.EDGE)
    assert c is not None and c.other == "edge:20" and c.dist == pytest.approx(3.0)
    t.put("edge:3", Kind.LARGE, make_rect(10.0, 0.0, 0.0, 1.0, 1.0))
    assert t.kind("edge:3") == Kind.LARGE
    assert all(int(k) & ALL == int(k) for k in Kind)  # ALL matches every tag


# ---------------------------------------------------------------- moves


def test_first_contact_earliest_ignore_kinds() -> None:
    t = lane()
    t.put_base("me", 2.0, 0.0, 0.0, **BASE)  # front at x = 2.985
    t.put("rock", Kind.SMALL, make_circle(6.0, 0.0, 0.5))  # near side x = 5.5
    t.put("wall", Kind.LARGE, make_poly([(9.0, -1.0), (10.0, -1.0), (10.0, 1.0), (9.0, 1.0)]))
    t.put_base("other", 13.0, 0.2, 90.0, **BASE)  # near side x = 12.51
    t.put("off", Kind.SMALL, make_circle(6.0, 2.5, 0.3))  # beside the path
    me = t.shape("me")
    c = t.first_contact_id("me", 25.0, 0.0)
    assert c is not None and (c.other, c.kind) == ("rock", Kind.SMALL)
    assert (c.frac, c.dist) == (pytest.approx((5.5 - 2.985) / 25.0), pytest.approx(5.5 - 2.985))
    assert t.first_contact(me, 25.0, 0.0, ALL, ignore={"me"}) == c
    c2 = t.first_contact_id("me", 25.0, 0.0, ALL, ignore={"rock"})
    assert c2 is not None and c2.other == "wall" and c2.dist == pytest.approx(9.0 - 2.985)
    c3 = t.first_contact_id("me", 25.0, 0.0, Kind.RACER | Kind.EDGE)
    assert c3 is not None and c3.other == "other" and c3.kind == Kind.RACER
    assert c3.dist == pytest.approx(13.0 - 0.49 - 2.985)
    c4 = t.first_contact_id("me", 25.0, 0.0, Kind.FINISH)
    assert c4 is not None and c4.other == "finish" and c4.kind == Kind.FINISH
    assert c4.dist == pytest.approx(20.0 - 2.985)
    c5 = t.first_contact_id("me", 40.0, 0.0, Kind.EDGE)
    assert c5 is not None and c5.other == "edge:20" and c5.dist == pytest.approx(30.0 - 2.985)
    # short of everything: no contact; the mover itself is never hit
    assert t.first_contact_id("me", 2.0, 0.0) is None
    assert t.first_contact(me, 2.0, 0.0, ALL) is not None  # without ignoring itself
    # sideways into the lane edge
    c6 = t.first_contact_id("me", 0.0, 5.0)
    assert c6 is not None and c6.kind == Kind.EDGE and c6.dist == pytest.approx(3.0 - 0.49)
    assert c6.other == "edge:10"


def test_ties_go_by_insertion_order() -> None:
    for order in (("x", "y"), ("y", "x")):
        t = Table()
        t.put_base("me", 0.0, 0.0, 0.0, **BASE)
        for id in order:
            y = 0.6 if id == "x" else -0.6
            t.put(id, Kind.SMALL, make_rect(5.0, y, 0.0, 1.0, 0.5))
        c = t.first_contact_id("me", 10.0, 0.0)
        assert c is not None and c.other == order[0]
        cs = t.all_contacts(t.shape("me"), 10.0, 0.0, ALL, {"me"})
        assert [x.other for x in cs] == list(order)


def test_all_contacts_pass_through() -> None:
    t = lane()
    t.put_base("me", 2.0, 0.0, 0.0, **BASE)
    t.put("rock", Kind.SMALL, make_circle(6.0, 0.0, 0.5))
    t.put_base("other", 13.0, 0.2, 90.0, **BASE)
    cs = t.all_contacts(t.shape("me"), 30.0, 0.0, ALL, {"me"})
    assert [c.other for c in cs] == ["rock", "other", "finish", "edge:20"]
    assert [c.kind for c in cs] == [Kind.SMALL, Kind.RACER, Kind.FINISH, Kind.EDGE]
    assert cs[0].dist == pytest.approx(5.5 - 2.985)
    assert all(a.frac <= b.frac for a, b in zip(cs, cs[1:]))


def test_move_from_touching_and_backoff() -> None:
    t = Table()
    t.put_base("a", 0.0, 0.0, 0.0, **BASE)
    t.put_base("b", 1.97, 0.0, 0.0, **BASE)  # touching a's front
    assert t.gap("a", "b") == pytest.approx(0.0, abs=1e-12)
    c = t.first_contact_id("a", 1.0, 0.0)
    assert c is not None and c.frac == 0.0 and c.other == "b"
    assert t.first_contact_id("a", -1.0, 0.0) is None
    assert t.first_contact_id("a", 0.0, 3.0) is None  # sliding past
    # stopping BACKOFF short of a contact leaves them apart
    t.put_base("c", 6.0, 0.3, 20.0, **BASE)
    c2 = t.first_contact_id("b", 5.0, 0.0)
    assert c2 is not None and c2.other == "c"
    go = c2.dist - 1e-6
    s = t.shape("b")
    t.put_base("b", s.cx + go, s.cy, s.heading, **BASE)
    assert 0.0 < t.gap("b", "c") < 2e-6
    assert t.overlapping(t.shape("b"), ALL, {"b"}) == []


def test_first_rotation_contact() -> None:
    t = lane()
    t.put_base("me", 5.0, 0.0, 0.0, **BASE)
    t.put("post", Kind.SMALL, make_circle(5.0, 1.0, 0.2))
    me = t.shape("me")
    c = t.first_rotation_contact(me, 5.0, 0.0, 90.0, ALL, {"me"})
    assert c is not None and c.other == "post"
    # in the base's frame the post's centre orbits at radius 1 and meets the
    # side offset by 0.2 + 0.49
    want = 90.0 - math.degrees(math.asin(0.49 + 0.2))
    assert c.dist == pytest.approx(want, abs=1e-9) and c.frac == pytest.approx(want / 90.0)
    assert t.first_rotation_contact(me, 5.0, 0.0, 90.0, Kind.RACER | Kind.EDGE, {"me"}) is None
    # a base pivoting about its centre next to the lane edge: a full half turn
    # sweeps the half diagonal (1.1") and the edge is 3" away: free; close to it: blocked
    t.put_base("near", 8.0, 2.2, 0.0, **BASE)
    assert t.first_rotation_contact(t.shape("near"), 8.0, 2.2, 60.0, Kind.EDGE) is not None
    assert t.first_rotation_contact(me, 5.0, 0.0, 180.0, Kind.EDGE) is None


def test_exit_dist() -> None:
    t = Table()
    t.put_base("a", 0.0, 0.0, 0.0, **BASE)
    t.put_base("b", 3.0, 0.0, 0.0, **BASE)
    a = t.shape("a")
    # a passes b completely once its back (x = -0.985) passes b's front (x = 3.985)
    assert t.exit_dist(a, 1.0, 0.0, "b") == pytest.approx(3.985 + 0.985)
    assert t.exit_dist(a, 2.0, 0.0, "b") == pytest.approx(3.985 + 0.985)  # any length
    assert t.exit_dist(a, -1.0, 0.0, "b") is None
    assert t.exit_dist(a, 0.0, 1.0, "b") is None
    t.put_base("c", 1.5, 0.0, 90.0, **BASE)  # overlapping a already
    assert t.exit_dist(a, 1.0, 0.0, "c") == pytest.approx(1.5 + 0.49 + 0.985)
    with pytest.raises(ValueError):
        t.exit_dist(a, 0.0, 0.0, "b")


# ---------------------------------------------------------------- distances


def test_within_nearest_overlapping() -> None:
    t = lane()
    t.put_base("me", 5.0, 0.0, 0.0, **BASE)
    t.put("r1", Kind.SMALL, make_circle(8.0, 0.0, 0.5))  # gap 3 - 0.985 - 0.5 = 1.515
    t.put_base("b1", 5.0, 1.48, 0.0, **BASE)  # gap 0.5
    t.put_base("b2", 5.0, -1.48, 0.0, **BASE)  # gap 0.5 too: tie, inserted later
    t.put("r2", Kind.SMALL, make_circle(5.0, 0.0, 0.2))  # inside me
    me = t.shape("me")
    w = t.within(me, ALL, 2.6, {"me"})
    assert [i for _, i in w] == ["r2", "b1", "b2", "r1", "edge:1", "edge:11", "edge:2", "edge:12"]
    assert w[1][0] == pytest.approx(0.5) and w[2][0] == pytest.approx(0.5)
    assert w[0][0] < 0.0
    assert [i for _, i in t.within(me, Kind.RACER, 0.5 + 1e-9, {"me"})] == ["b1", "b2"]
    assert [i for _, i in t.within(me, Kind.RACER, 0.4, {"me"})] == []
    assert t.nearest(me, Kind.RACER, ignore={"me"}) == (pytest.approx(0.5), "b1")
    assert t.nearest(me, Kind.RACER, 0.3, ignore={"me"}) is None
    assert t.nearest(me, Kind.EDGE) == (pytest.approx(3.0 - 0.49), "edge:1")
    assert t.nearest(me, Kind.FINISH) == (pytest.approx(20.0 - 5.985), "finish")
    assert t.nearest(me, ALL, 10.0, {"me", "r2"}) == (pytest.approx(0.5), "b1")
    assert t.overlapping(me, ALL, {"me"}) == ["r2"]
    assert t.overlapping(me) == ["me", "r2"]
    assert t.gap("me", "b1") == pytest.approx(0.5)
    assert t.gap_shape(me, "r1") == pytest.approx(3.0 - 0.985 - 0.5)


# ---------------------------------------------------------------- against brute force

coord = st.floats(-14.0, 14.0, allow_nan=False)


@st.composite
def things(draw: st.DrawFn) -> Shape:
    x = draw(coord)
    y = draw(coord)
    k = draw(st.integers(0, 3))
    if k == 0:
        return make_rect(x, y, draw(st.floats(-180.0, 180.0)), 1.97, 0.98)
    if k == 1:
        return make_rect(x, y, draw(st.floats(-180.0, 180.0)), draw(st.floats(0.3, 4.0)),
                         draw(st.floats(0.3, 4.0)))
    if k == 2:
        return make_circle(x, y, draw(st.floats(0.2, 1.5)))
    r = draw(st.floats(0.4, 1.5))
    n = draw(st.integers(3, 7))
    a0 = draw(st.floats(0.0, 6.3))
    return make_poly([(x + r * math.cos(a0 + 2 * math.pi * i / n), y + r * math.sin(a0 + 2 * math.pi * i / n))
                      for i in range(n)])


KINDS = [Kind.RACER, Kind.SMALL, Kind.LARGE, Kind.CRITTER, Kind.WHEEL]


@st.composite
def tables(draw: st.DrawFn) -> Table:
    # a ring of edge segments (an irregular polygon) and a finish line
    n = draw(st.integers(8, 40))
    rs = draw(st.lists(st.floats(10.0, 18.0), min_size=n, max_size=n))
    pts = [(rs[i] * math.cos(2 * math.pi * i / n), rs[i] * math.sin(2 * math.pi * i / n)) for i in range(n)]
    edges = [(pts[i], pts[(i + 1) % n]) for i in range(n)]
    t = Table(edges, Kind.EDGE)
    t.put_segment("finish", Kind.FINISH, ((0.0, -18.0), (0.0, 18.0)))
    for i, s in enumerate(draw(st.lists(things(), min_size=1, max_size=25))):
        t.put(f"t{i}", draw(st.sampled_from(KINDS)), s)
    return t


masks = st.sampled_from([ALL, Kind.RACER, Kind.EDGE | Kind.FINISH, Kind.SMALL | Kind.LARGE | Kind.EDGE,
                         Kind.ALL & ~Kind.EDGE])


def brute(t: Table, kinds: Kind, ignore: set[str]) -> list[str]:
    return [i for i in t.ids(kinds) if i not in ignore]


@SETTINGS
@given(tables(), things(), st.floats(-20.0, 20.0), st.floats(-20.0, 20.0), masks)
def test_first_contact_vs_brute_force(t: Table, s: Shape, dx: float, dy: float, kinds: Kind) -> None:
    ign = {"t0"}
    want = None
    for order, i in enumerate(brute(t, kinds, ign)):
        tt = time_of_impact(s, dx, dy, t.shape(i))
        if tt is not None and (want is None or tt < want[0]):
            want = (tt, i)
    got = t.first_contact(s, dx, dy, kinds, ign)
    if want is None:
        assert got is None
    else:
        assert got is not None and (got.frac, got.other) == want
        assert got.dist == pytest.approx(want[0] * math.hypot(dx, dy))
        assert got.kind == t.kind(want[1])
    every = t.all_contacts(s, dx, dy, kinds, ign)
    want_all = [i for i in brute(t, kinds, ign) if time_of_impact(s, dx, dy, t.shape(i)) is not None]
    assert sorted(c.other for c in every) == sorted(want_all)
    if every:
        assert got is not None and every[0].other == got.other


@SETTINGS
@given(tables(), things(), st.floats(0.0, 6.0), masks)
def test_distance_queries_vs_brute_force(t: Table, s: Shape, d: float, kinds: Kind) -> None:
    ign = {"t0"}
    gaps = [(gap(s, t.shape(i)), i) for i in brute(t, kinds, ign)]
    order = {i: n for n, i in enumerate(t.ids())}
    inside = sorted(((g, i) for g, i in gaps if g <= d), key=lambda p: (p[0], order[p[1]]))
    assert t.within(s, kinds, d, ign) == inside
    near = min(gaps, key=lambda p: (p[0], order[p[1]]), default=None)
    assert t.nearest(s, kinds, ignore=ign) == near
    near_d = near if near is not None and near[0] <= d else None
    assert t.nearest(s, kinds, d, ign) == near_d
    assert t.overlapping(s, kinds, ign) == [i for i in brute(t, kinds, ign) if penetrates(s, t.shape(i))]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), things(), st.floats(-2.0, 2.0), st.floats(-2.0, 2.0), st.floats(-180.0, 180.0), masks)
def test_rotation_contact_vs_brute_force(t: Table, s: Shape, ox: float, oy: float, dth: float,
                                         kinds: Kind) -> None:
    ign = {"t0"}
    px = s.cx + ox
    py = s.cy + oy
    want = None
    for i in brute(t, kinds, ign):
        tt = rotation_toi(s, px, py, dth, t.shape(i))
        if tt is not None and (want is None or tt < want[0]):
            want = (tt, i)
    got = t.first_rotation_contact(s, px, py, dth, kinds, ign)
    if want is None:
        assert got is None
    else:
        assert got is not None and (got.frac, got.other) == want
        assert got.dist == pytest.approx(want[0] * abs(dth))
        if not penetrates(s, t.shape(want[1])):
            assert not penetrates(rotated(s, px, py, dth * got.frac), t.shape(want[1]))


def test_grid_handles_long_and_far_edges() -> None:
    # one long diagonal edge and many short ones far away
    edges = [((-50.0, -50.0), (50.0, 50.0))] + [((100.0 + i, 0.0), (101.0 + i, 0.0)) for i in range(50)]
    t = Table(edges, Kind.EDGE)
    r = make_rect(10.0, 0.0, 0.0, 1.97, 0.98)
    c = t.first_contact(r, -20.0, 0.0, Kind.EDGE)
    assert c is not None and c.other == "edge:0"
    assert c.dist == pytest.approx(10.0 - 0.985 - 0.49)
    c2 = t.first_contact(make_rect(120.0, 5.0, 90.0, 1.97, 0.98), 0.0, -10.0, Kind.EDGE)
    assert c2 is not None and c2.other == "edge:20" and c2.dist == pytest.approx(5.0 - 0.985)
    # a move whose box covers much of the table
    c3 = t.first_contact(make_rect(-60.0, 0.0, 0.0, 1.97, 0.98), 200.0, 1.0, Kind.EDGE)
    assert c3 is not None and c3.other == "edge:0"
    assert t.nearest(make_circle(200.0, 0.0, 1.0), Kind.EDGE) == (pytest.approx(49.0), "edge:50")


def test_contact_semantics_constants() -> None:
    t = Table()
    t.put_base("a", 0.0, 0.0, 0.0, **BASE)
    t.put_base("b", 1.97 + 0.5 * EPS, 0.0, 0.0, **BASE)
    assert t.overlapping(t.shape("a"), ALL, {"a"}) == []
    moved = translated(t.shape("a"), 0.0, 1.0)
    assert t.first_contact(moved, 0.0, -2.0, ALL, {"a"}) is None  # slides along b's side


# ---------------------------------------------------------------- mirror


def test_mirror_builds_syncs_and_steps() -> None:
    pytest.importorskip("pymunk")
    from game.table.mirror import Mirror

    t = lane()
    t.put_base("a", 2.0, 0.0, 30.0, **BASE)
    t.put("rock", Kind.SMALL, make_poly([(6.0, -1.0), (7.0, -1.0), (7.0, 1.0)]))
    t.put("critter", Kind.CRITTER, make_circle(10.0, 0.0, 0.4))
    m = Mirror(t, sensors=Kind.FINISH, dynamic=Kind.CRITTER)
    for id in t.ids():
        assert m.has(id)
    body = m.body("a")
    assert tuple(body.position) == pytest.approx((2.0, 0.0))
    assert body.angle == pytest.approx(math.radians(30.0))
    # the base's box has its long side along the heading
    bb = m.shapes("a")[0].cache_bb()
    want = make_rect(2.0, 0.0, 30.0, 1.97, 0.98)
    assert (bb.left, bb.bottom, bb.right, bb.top) == pytest.approx((want.minx, want.miny, want.maxx, want.maxy))
    m.sync("a", 4.0, 1.0, 90.0)
    assert tuple(m.body("a").position) == pytest.approx((4.0, 1.0))
    bb = m.shapes("a")[0].bb  # reindexed: the cached box follows
    assert (bb.left, bb.bottom, bb.right, bb.top) == pytest.approx((3.51, 1.0 - 0.985, 4.49, 1.0 + 0.985))
    hits: list[int] = []
    m.on_collision(Kind.CRITTER, Kind.EDGE, begin=lambda arb, space, data: hits.append(1))
    m.body("critter").velocity = (0.0, -20.0)
    for _ in range(30):
        m.step(1.0 / 60.0)
    assert hits
    assert m.body("critter").position.y > -3.0 - 0.4  # stopped by the lane edge
    m.remove("critter")
    assert not m.has("critter")
