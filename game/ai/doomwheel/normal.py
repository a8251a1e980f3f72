"""The Doomwheel Race's `normal` AI: a fixed, documented heuristic (docs/ai.md,
"The Doomwheel Race"). Same seed, same choices; its own generator only breaks exact
ties, and it never draws from the game's dice.

Everything is valued in inches of progress round the lap (game.ai.doomwheel.track)
and in the exact odds of the engine's charts (game.ai.doomwheel.knowledge):

- drive or repair: repairs when the expected worth of D3 wounds beats a move (half
  a move when well ahead, three when a move or two would win the race), and while
  wedged against an edge;
- the move: a fan of candidates (Schwenk angles either way, early, midway or late in
  the move; shorter moves with `up_to`) is applied to clones of the state by the
  engine and followed with neutral dice (game.ai.doomwheel.look), so the path, what
  it runs over in touch order, rams and lap lines are the rules' own. Each path is
  valued: progress along the lap (in lap order, through the crossing), the facing
  left for the next move, the D3 Strength 5 hits of a Fanatic or Dammaz-Drengi
  against the wheel's toughness and armour, each slave by the slave table's odds, a
  ram by the ram roll's odds and the ram table's cost to either side, what a shove
  does to the rival, and the critters left within reach of the wheel; the best
  candidates are refined with smaller steps;
- the slip: both answers are followed to the end of the move and compared;
- sabotage: each rival is slid, on clones, in the eight offered directions, straight
  back down its line and toward every Fanatic or Dammaz-Drengi near it; every batch
  size is valued over the distribution of the D3s (progress lost, critters hit,
  slaves that may carry it on); a batch is spent when it beats keeping the points
  (worth less as the race runs out, nothing when a rival is about to win);
- the bolt thrower: shoots the target with the best expected worth of wounds; holds
  a long-range shot at a target with more than 3 wounds that will probably be at
  short range next turn (a shot now would leave the machine reloading then).
"""

from __future__ import annotations

import math
import random
from typing import Any

from game.ai.doomwheel import knowledge as kn
from game.ai.doomwheel.look import Branch, SlaveMark, follow, moved_along, resync, with_pose
from game.ai.doomwheel.track import Track, track_of
from game.core.protocol import Choice, Ruleset
from game.rules.doomwheel import charts, shooting
from game.rules.doomwheel import events as ev
from game.rules.doomwheel.geo import angle_diff, critter_shape, geo_of, rotate_about, schwenk_cost, unit, wheel_shape
from game.rules.doomwheel.state import DoomState, Wheel
from game.table import geometry as g

HEAD_COST = 0.05  # inches per degree the wheel ends turned from the racing line
WIN = 1000.0
DANGER_WEIGHT = 1.5  # critters walk into a wheel more often than a straight D6" walk suggests (edges turn them back)
LEAD = 24.0  # inches ahead of every rival...
LEAD_REPAIR = 0.5  # ...from which a move lost to repairs costs only this share of a move
CLOSE = 40.0  # a rival this far behind no longer counts (what it loses hardly matters)...
REMOTE = 0.25  # ...beyond this weight
FREE_RUN = 8.0  # inches of clear way ahead wanted at the end of a move
MOBILITY = 0.35  # inches per inch short of that
TOUCH_COST = 2.0  # ending with the base against an edge
TRAP_COST = 30.0  # ending wedged where no move can get out (see `trapped`)
TRAP_TURNS = (30.0, -30.0, 60.0, -60.0, 90.0, -90.0, 135.0, -135.0)
TRAP_FREE = 1.5  # inches of clear way that count as a way out
ANGLES = (20.0, 45.0, 90.0)
WIDE = (120.0, 150.0, 180.0)
ATS = (0.0, 0.5, 1.0)
REFINE = 2  # best candidates refined, in each round of REFINE_STEPS (degrees, fraction of the free move)
REFINE_STEPS = ((10.0, 0.25), (5.0, 0.125))


def name_of(wid: str) -> str:
    """A wheel in an AI's reason: its id as it is, never a colour word of its own
    (the id "green" may be the seat drawn yellow); the window words every id in a
    reason by the name and colour its player sees (issue 12, item 9)."""
    return wid


def side(angle: float) -> str:
    return "left" if angle > 0 else "right"


class DoomNormalAgent:
    name = "normal"

    def __init__(self, seed: int = 0, refine: bool = True, angles: tuple[float, ...] = ANGLES,
                 ats: tuple[float, ...] = ATS) -> None:
        self.rng = random.Random(seed)
        self.refine = refine
        self.angles = angles
        self.ats = ats
        self.why = ""
        self._base: tuple[Any, dict[str, float], dict[str, float], float] | None = None
        self.last_scored: dict[Choice, float] = {}  # the moves valued at the last plan decision

    # --- the protocol ------------------------------------------------------------
    def act(self, ruleset: Ruleset, state: DoomState, legal: list[Choice]) -> Choice:
        self.why = ""
        top = state.steps[-1]
        if len(legal) == 1 and top.kind != "plan":
            return legal[0]
        fn = getattr(self, "_" + top.kind, None)
        self._base = None
        try:
            choice = fn(ruleset, state, top, legal) if fn is not None else legal[0]
        finally:
            resync(state)
        return choice

    # --- measures ------------------------------------------------------------------
    @staticmethod
    def track(state: DoomState) -> Track:
        return track_of(state.course)

    def pose_score(self, state: DoomState, w: Wheel) -> float:
        """Progress round the race less the turn the wheel still has to make toward
        the racing line."""
        tr = self.track(state)
        return tr.progress(w) - HEAD_COST * abs(angle_diff(tr.aim(w), w.heading))

    def rival_weights(self, state: DoomState, me: str) -> dict[str, float]:
        rivals = [w for w in state.wheels.values() if w.running and w.id != me]
        if not rivals:
            return {}
        tr = self.track(state)
        mine = tr.progress(state.wheels[me]) if state.wheels[me].running else 0.0
        lead = max(rivals, key=lambda w: (tr.progress(w), w.id))
        out = {}
        for w in rivals:
            behind = mine - tr.progress(w)
            wt = 1.0 if behind <= 0 else max(REMOTE, 1.0 - behind / CLOSE)
            out[w.id] = wt if w.id == lead.id else wt / 2
        return out

    def to_go(self, state: DoomState, w: Wheel) -> float:
        tr = self.track(state)
        return tr.race_length(state.options.laps) - tr.progress(w)

    def danger(self, state: DoomState, w: Wheel) -> float:
        """Expected worth lost to Fanatics and Dammaz-Drengi walking into the wheel
        in the critter phase (D6" random; a Dammaz-Drengi then D3" toward the
        nearest wheel)."""
        if not w.running:
            return 0.0
        shape = wheel_shape(w)
        others = [wheel_shape(o) for o in state.wheels.values() if o.running and o.id != w.id]
        total = 0.0
        for c in state.critters.values():
            if not c.alive or c.kind == "slave":
                continue
            cs = critter_shape(c)
            gap = g.gap(cs, shape)
            if gap > 9.0:
                continue
            reach = sum(1 for f in range(1, 7) if f >= gap) / 6
            p = reach * min(0.5, 1.6 / (math.pi * (gap + 1.2)))
            if c.kind == "slayer" and all(g.gap(cs, o) > gap for o in others):
                p = max(p, min(0.8, (4.5 - gap) / 4.5))
            total += p
        return DANGER_WEIGHT * total * kn.hits_cost(w) if total else 0.0

    def boxed(self, state: DoomState, w: Wheel) -> float:
        """What ending against an edge costs: the way straight ahead is short (the
        next move must turn first), and a wheel touching an edge pivots about its
        centre and may not turn at all (docs/doomwheel-rulings.md)."""
        geo = geo_of(state)
        stop, _ = geo.line_contacts(w, w.heading, FREE_RUN)
        short = 0.0
        if stop is not None and stop.other not in state.wheels:
            short = FREE_RUN - stop.dist
        touching = geo.touching_edges(w)
        if not touching:
            return MOBILITY * short
        cost = MOBILITY * short + TOUCH_COST
        if short > FREE_RUN - TRAP_FREE and self.trapped(state, w, touching):
            cost += TRAP_COST
        return cost

    @staticmethod
    def trapped(state: DoomState, w: Wheel, touching: set[str] | None = None) -> bool:
        """Wedged: against an edge, and neither straight on nor after a Schwenk of up
        to 135 degrees either way is there an inch and a half of clear way (a wheel
        touching an edge pivots about its centre, and its final facing must clear
        the edge; docs/doomwheel-rulings.md). Only a ram, sabotage or a tangled slave
        would get it out. The engine's own contact queries answer it."""
        geo = geo_of(state)
        lifted = geo.touching_edges(w) if touching is None else touching
        if not lifted:
            return False
        stop, _ = geo.line_contacts(w, w.heading, TRAP_FREE)
        if stop is None or stop.other in state.wheels or stop.dist >= TRAP_FREE:
            return False
        for angle in TRAP_TURNS:
            x, y, turned = _lifted_turn(geo, w, angle, lifted)
            if abs(turned) < 1.0:
                continue
            h = w.heading + turned
            run, _ = geo.line_contacts(with_pose(w, x, y, h), h, TRAP_FREE)
            if run is None or run.other in state.wheels or run.dist >= TRAP_FREE:
                return False
        return True

    def slave_mark(self, state: DoomState, wid: str) -> SlaveMark:
        """Where a slave was run over, and what a Slip would gain there."""
        w = state.wheels[wid]
        tr = self.track(state)
        p0 = tr.progress(w)
        geo = geo_of(state)
        stop, _ = geo.line_contacts(w, w.heading, kn.TWO_D6_MEAN)
        go = kn.TWO_D6_MEAN if stop is None else stop.dist
        ux, uy = unit(w.heading)
        p1 = tr.progress(tr.moved(w, w.x + ux * go, w.y + uy * go))
        return SlaveMark(wid, p0, max(0.0, p1 - p0))

    # --- valuing a traced path -----------------------------------------------------------
    def value(self, base: DoomState, me: str, branches: list[Branch], notes: dict[str, Any] | None = None) -> float:
        total = 0.0
        key = (id(base), base.turn, me, len(base.steps))
        if self._base is None or self._base[0] != key:
            weights = self.rival_weights(base, me)
            before = {wid: self.pose_score(base, base.wheels[wid]) for wid in weights}
            my0 = base.wheels[me]
            start = self.pose_score(base, my0) - self.danger(base, my0) - self.boxed(base, my0)
            self._base = (key, weights, before, start)
        _, weights, before, start = self._base
        for b in branches:
            total += b.prob * self.branch_value(base, me, b, weights, before, start, notes)
        return total

    def branch_value(self, base: DoomState, me: str, b: Branch, weights: dict[str, float],
                     before: dict[str, float], start: float, notes: dict[str, Any] | None) -> float:
        st = b.state
        w = st.wheels[me]
        w0 = base.wheels[me]
        if st.winner == me:
            return WIN
        if st.winner is not None:
            return -WIN
        v = self.pose_score(st, w) - self.danger(st, w) - self.boxed(st, w) - start
        final_p = self.track(st).progress(w)
        odds = kn.slave_odds()
        for m in b.slaves:
            if m.wheel == me:
                v += (odds["tangled"] * (-(final_p - m.at) - kn.TANGLED_EXTRA) + odds["slip"] * m.slip
                      + odds["rat_food"] * kn.wound_gain(w0, 1) - odds["defect"] * kn.loss_worth(w0.wounds, {1: 1.0}))
        for e in b.events:
            if isinstance(e, ev.RanOver):
                if e.wheel == me and e.critter_kind != "slave":
                    v -= kn.hits_cost(w0)
                elif e.wheel in weights and e.critter_kind != "slave":
                    v += weights[e.wheel] * kn.hits_cost(base.wheels[e.wheel])
                if notes is not None and e.wheel == me:
                    notes.setdefault("ran_over", []).append(e.critter_kind)
            elif isinstance(e, ev.Rammed):
                if e.affected == me:
                    v -= kn.ram_table_cost(w0)
                elif e.affected in weights:
                    v += weights[e.affected] * kn.ram_table_cost(base.wheels[e.affected])
                if notes is not None and e.rammer == me:
                    notes["rams"] = e.rammed
            elif isinstance(e, ev.WheelMoved) and e.wheel == me and e.stopped_by and e.stopped_by not in st.wheels:
                if base.options.edge_damage == "d3_s4":
                    v -= kn.hits_cost(w0, 4)
            elif isinstance(e, ev.LapCompleted) and e.wheel == me and notes is not None:
                notes["lap"] = e.laps
        for rid, wt in weights.items():
            r = st.wheels[rid]
            if r.running and (r.x, r.y) != (base.wheels[rid].x, base.wheels[rid].y):
                v += wt * (before[rid] - self.pose_score(st, r))
        return v

    # --- drive or repair --------------------------------------------------------------
    def _activate(self, ruleset: Ruleset, state: DoomState, top: Any, legal: list[Choice]) -> Choice:
        w = state.wheels[top["wheel"]]
        gain = kn.repair_gain(w)
        togo = self.to_go(state, w)
        rival_togo = min((self.to_go(state, r) for r in state.wheels.values() if r.running and r.id != w.id),
                         default=1e9)
        lead = rival_togo - togo
        need = kn.MOVE * (3.0 if togo < 2.2 * kn.MOVE else LEAD_REPAIR if lead > LEAD else 1.0)
        if rival_togo < 1.5 * kn.MOVE and togo > rival_togo:
            need *= 2  # a rival is about to win: only the race matters
        if w.wounds < w.max_wounds and self.trapped(state, w) and Choice.make("repair") in legal:
            self.why = f"{name_of(w.id)} is wedged against the edge and cannot get out: it repairs meanwhile"
            return Choice.make("repair")
        if gain > need and Choice.make("repair") in legal:
            self.why = (f"{name_of(w.id)} stops to repair: {w.wounds} of {w.max_wounds} wounds left, "
                        f"D3 back is worth {gain:.1f}\" against {need:.1f}\" of move")
            return Choice.make("repair")
        self.why = f"{name_of(w.id)} drives on ({w.wounds} of {w.max_wounds} wounds)"
        return Choice.make("drive")

    # --- the move --------------------------------------------------------------------------
    def _candidates(self, ruleset: Ruleset, state: DoomState, w: Wheel, d: float, angles: list[float],
                    fracs: tuple[float, ...], dists: list[float]) -> list[Choice]:
        mode = state.options.schwenk
        out: list[Choice] = []
        seen: set[tuple[float, float, float]] = set()
        up_to = state.options.move_distance == "up_to"
        for dist in dists:
            for ang in angles:
                cost = schwenk_cost(w, ang, mode)
                if cost > dist + 1e-9:
                    continue
                free = dist - cost
                for f in (fracs if ang != 0 else (0.0,)):
                    at = math.floor(free * f * 1000) / 1000
                    key = (round(dist, 3), round(ang, 3), at)
                    if key in seen:
                        continue
                    seen.add(key)
                    c = Choice.make("move", at=at, angle=float(ang), distance=float(dist) if up_to else None)
                    if ruleset.is_legal(state, c) is None:
                        out.append(c)
        return out

    def _score_moves(self, ruleset: Ruleset, state: DoomState, me: str, cands: list[Choice],
                     scored: dict[Choice, float]) -> None:
        for c in cands:
            if c in scored:
                continue
            st = state.clone()
            b = Branch(1.0, st, list(ruleset.apply(st, c)))
            scored[c] = self.value(state, me, follow(ruleset, b, self.slave_mark))

    def _plan(self, ruleset: Ruleset, state: DoomState, top: Any, legal: list[Choice]) -> Choice:
        w = state.wheels[top["wheel"]]
        d = float(top["value"])
        tr = self.track(state)
        aim_turn = angle_diff(tr.aim(w), w.heading)
        angles = [0.0] + [s * a for a in self.angles for s in (1.0, -1.0)]
        if abs(aim_turn) > 60:
            angles += [math.copysign(a, aim_turn) for a in WIDE] + [round(aim_turn, 1)]
        dists = [d]
        if state.options.move_distance == "up_to":
            dists += [float(k) for k in sorted({round(d * 2 / 3), round(d / 3)}) if 0 < k < d]
        scored: dict[Choice, float] = {}
        self._score_moves(ruleset, state, w.id, self._candidates(ruleset, state, w, d, angles, self.ats, dists), scored)
        if not scored:  # nothing of ours is legal (cannot happen): the engine's own list
            scored = {c: 0.0 for c in legal[:1]}
        if self.refine:
            self._refine(ruleset, state, w, d, scored)
        self.last_scored = scored
        top_v = max(scored.values())
        ties = [c for c, v in scored.items() if v >= top_v - 1e-9]
        choice = ties[0] if len(ties) == 1 else ties[self.rng.randrange(len(ties))]
        self.why = self._move_words(ruleset, state, w, d, choice, scored)
        return choice

    def _refine(self, ruleset: Ruleset, state: DoomState, w: Wheel, d: float, scored: dict[Choice, float]) -> None:
        """Two rounds of local search about the best two moves: the Schwenk angle by
        10 then 5 degrees either way, where it starts by a quarter then an eighth of
        the free distance."""
        mode = state.options.schwenk
        for step_a, step_f in REFINE_STEPS:
            more: list[Choice] = []
            for c in sorted(scored, key=lambda c: -scored[c])[:REFINE]:
                ang = float(c.get("angle", 0.0))
                dist = float(c.get("distance", d))
                free = dist - schwenk_cost(w, ang, mode)
                f0 = float(c.get("at", 0.0)) / free if free > 1e-9 else 0.0
                if ang == 0:
                    more += self._candidates(ruleset, state, w, d, [-step_a, step_a], (0.0, 1.0), [dist])
                    continue
                more += self._candidates(ruleset, state, w, d, [a for a in (ang - step_a, ang + step_a)
                                                                if -180 <= a <= 180], (f0,), [dist])
                more += self._candidates(ruleset, state, w, d, [ang], tuple(f for f in (f0 - step_f, f0 + step_f)
                                                                            if 0 <= f <= 1), [dist])
            self._score_moves(ruleset, state, w.id, more, scored)

    def _move_words(self, ruleset: Ruleset, state: DoomState, w: Wheel, d: float, c: Choice,
                    scored: dict[Choice, float]) -> str:
        notes: dict[str, Any] = {}
        st = state.clone()
        b = Branch(1.0, st, list(ruleset.apply(st, c)))
        self.value(state, w.id, follow(ruleset, b, self.slave_mark, ram_both=False), notes)
        dist = float(c.get("distance", d))
        ang = float(c.get("angle", 0.0))
        text = f"{name_of(w.id)} drives {dist:g}\""
        if ang:
            text += f" and Schwenks {abs(ang):g}° {side(ang)}"
            at = float(c.get("at", 0.0))
            if at > 0.05:
                text += f" after {at:.1f}\""
        parts = []
        ran = notes.get("ran_over", [])
        for kind in ("slave", "fanatic", "slayer"):
            n = ran.count(kind)
            if n:
                label = {"slave": "slave", "fanatic": "Fanatic", "slayer": "Dammaz-Drengi"}[kind]
                parts.append(f"runs over {n} {label}{'s' if n > 1 and kind != 'slayer' else ''}")
        if "rams" in notes:
            parts.append(f"rams {name_of(notes['rams'])} ({round(100 * kn.p_rammed_side(False))}% to shove it aside)")
        if "lap" in notes:
            parts.append(f"completes lap {notes['lap']}")
        straight = Choice.make("move", at=0.0, angle=0.0,
                               distance=dist if state.options.move_distance == "up_to" else None)
        if "fanatic" not in ran and "slayer" not in ran and straight in scored and straight != c:
            n2: dict[str, Any] = {}
            st2 = state.clone()
            b2 = Branch(1.0, st2, list(ruleset.apply(st2, straight)))
            self.value(state, w.id, follow(ruleset, b2, self.slave_mark, ram_both=False), n2)
            bad = [k for k in n2.get("ran_over", []) if k != "slave"]
            if bad:
                parts.append("avoids the " + ("Fanatic" if bad[0] == "fanatic" else "Dammaz-Drengi"))
        if not parts:
            p0 = self.track(state).progress(w)
            p1 = self.track(st).progress(st.wheels[w.id])
            parts.append(f"{p1 - p0:+.1f}\" round the lap")
        return f"{text}: {', '.join(parts)}"

    # --- slip --------------------------------------------------------------------------
    def _slip(self, ruleset: Ruleset, state: DoomState, top: Any, legal: list[Choice]) -> Choice:
        me = top["wheel"]
        vals = {}
        for c in legal:
            st = state.clone()
            b = Branch(1.0, st, list(ruleset.apply(st, c)))
            vals[c] = self.value(state, me, follow(ruleset, b, self.slave_mark))
        best = max(legal, key=lambda c: (vals[c], c.kind == "slip"))
        self.why = (f"{name_of(me)} {'slips on' if best.kind == 'slip' else 'holds the slip'} {top['value']}\": "
                    f"{vals[best] - vals[[c for c in legal if c != best][0]]:+.1f}\" against the other way"
                    if len(legal) > 1 else "")
        return best

    # --- sabotage ------------------------------------------------------------------------
    def point_worth(self, state: DoomState, me: str) -> float:
        """What a sabotage point kept is worth: less as the leader nears the end;
        nothing when a rival is about to win."""
        tr = self.track(state)
        race = tr.race_length(state.options.laps)
        rivals = [w for w in state.wheels.values() if w.running and w.id != me]
        if any(race - tr.progress(r) < 2 * kn.MOVE for r in rivals):
            return 0.0
        lead = max(tr.progress(w) for w in state.wheels.values() if w.running)
        return kn.POINT_KEPT * max(0.2, 1.0 - lead / race)

    def _sabotage(self, ruleset: Ruleset, state: DoomState, top: Any, legal: list[Choice]) -> Choice:
        me = state.wheels[top["wheel"]]
        per_point = state.options.sabotage_moves == "per_point"
        weights = self.rival_weights(state, me.id)
        tr = self.track(state)
        keep = self.point_worth(state, me.id)
        best: tuple[float, str, float, int, str] = (0.5, "", 0.0, 0, "")
        n_max = me.sabotage
        for tid, wt in sorted(weights.items()):
            t = state.wheels[tid]
            heads = {float(h) for h in range(0, 360, 45)}
            heads.add(round((tr.aim(t) + 180.0) % 360.0, 1))
            for c in state.critters.values():
                if c.alive and c.kind != "slave" and math.hypot(c.x - t.x, c.y - t.y) < 3 * n_max + 2.5:
                    heads.add(round(math.degrees(math.atan2(c.y - t.y, c.x - t.x)) % 360.0, 1))
            base_score = self.pose_score(state, t) - self.danger(state, t)
            for h in sorted(heads):
                for n, v, what in self._slide_values(ruleset, state, t, h, n_max, base_score):
                    gain = wt * v - n * keep
                    if gain > best[0]:
                        best = (gain, tid, h, n, what)
        gain, tid, h, n, what = best
        if not tid:
            self.why = f"{name_of(me.id)} keeps its {me.sabotage} sabotage point{'s' if me.sabotage > 1 else ''}"
            return Choice.make("pass")
        choice = (Choice.make("sabotage", target=tid, headings=[h] * n) if per_point
                  else Choice.make("sabotage", target=tid, points=n, heading=h))
        if ruleset.is_legal(state, choice) is not None:  # pragma: no cover - defensive
            return Choice.make("pass")
        self.why = (f"{name_of(me.id)} spends {n} sabotage point{'s' if n > 1 else ''} on {name_of(tid)}: "
                    f"{n}D3\" {what}, worth {gain:+.1f}\"")
        return choice

    def _slide_values(self, ruleset: Ruleset, state: DoomState, t: Wheel, heading: float, n_max: int,
                      base_score: float) -> list[tuple[int, float, str]]:
        """For 1..n_max points: the expected worth to us of sliding `t` along
        `heading` by the sum of that many D3, from one traced slide of full reach."""
        st = state.clone()
        pick = Choice.make("sabotage", target=t.id, points=n_max, heading=heading)
        if state.options.sabotage_moves == "per_point":
            pick = Choice.make("sabotage", target=t.id, headings=[heading] * n_max)
        b = Branch(1.0, st, list(ruleset.apply(st, pick)))
        follow(ruleset, b, None, ram_both=False)
        marks = moved_along(b.events, t.id, "sabotage")
        reach = 3.0 * n_max
        stop = next((dd for dd, what in marks if what.startswith("stop:")), reach)
        crits = [(dd, what) for dd, what in marks if not what.startswith("stop:")]
        ux, uy = unit(heading)
        odds = kn.slave_odds()
        out = []
        at_go: dict[float, float] = {}
        for n in range(1, n_max + 1):
            total = 0.0
            hit_kinds: set[str] = set()
            for s, q in _d3_sums(n):
                go = min(float(s), stop)
                v0 = at_go.get(go)
                if v0 is None:
                    moved = self.track(state).moved(t, t.x + ux * go, t.y + uy * go)
                    v0 = at_go[go] = base_score - self.pose_score(st, moved) + self.danger(st, moved)
                v = v0
                for dd, kind in crits:
                    if dd < s:
                        hit_kinds.add(kind)
                        if kind == "slave":
                            v -= odds["slip"] * kn.TWO_D6_MEAN + odds["rat_food"] * kn.wound_gain(t, 1)
                        else:
                            v += kn.hits_cost(t)
                total += q * v
            what = ("back down its line" if abs(angle_diff(heading, self.track(state).aim(t) + 180)) < 30
                    else f"at {heading:.0f}°")
            if hit_kinds - {"slave"}:
                what += " into the " + ("Fanatic" if "fanatic" in hit_kinds else "Dammaz-Drengi")
            if stop < 3.0 * n and stop < reach:
                what += " against the edge" if not any(m.startswith("stop:") and m[5:] in state.wheels
                                                       for _, m in marks) else " into a wheel"
            out.append((n, total, what))
        return out

    # --- the bolt thrower ---------------------------------------------------------------
    def _shoot(self, ruleset: Ruleset, state: DoomState, top: Any, legal: list[Choice]) -> Choice:
        """Shoot the target worth most; hold a long-range shot at a healthy target
        that will probably be at short range next turn (firing now would leave the
        machine reloading then)."""
        me = state.wheels[top["wheel"]]
        at = shooting.machine(state, me.id)
        weights = self.rival_weights(state, me.id)
        best: tuple[float, Choice | None, str, bool] = (0.0, None, "", False)
        for c in legal:
            if c.kind != "shoot" or at is None:
                continue
            t = state.wheels[str(c["target"])]
            p_hit = kn.hit_chance(shooting.to_hit_needed(state, at, t))
            wn = charts.to_wound(shooting.STRENGTH, t.toughness)
            p = p_hit * (0.0 if wn is None else (7 - wn) / 6)
            dist = {k: q * p for k, q in kn.D3}
            dist[0] = 1 - p
            worth = kn.loss_worth(t.wounds, dist) * weights.get(t.id, 0.5)
            long = shooting.distance(state, at, t) > shooting.LONG
            wait = long and t.wounds > 3 and self._closer_next_turn(state, at, t)
            cov = {-1: ", soft cover", -2: ", hard cover"}.get(shooting.cover(state, at, t), "")
            label = f"{round(100 * p)}% to wound {name_of(t.id)} at {'long' if long else 'short'} range{cov}"
            if worth > best[0]:
                best = (worth, c, label, wait)
        _, choice, label, wait = best
        if choice is None:
            self.why = f"{name_of(me.id)}'s bolt thrower holds"
            return Choice.make("hold")
        if wait:
            self.why = f"{name_of(me.id)}'s bolt thrower holds: {label} now, closer next turn"
            return Choice.make("hold")
        self.why = f"{name_of(me.id)}'s bolt thrower shoots: {label}"
        return choice

    def _closer_next_turn(self, state: DoomState, at: tuple[float, float], t: Wheel) -> bool:
        tr = self.track(state)
        x, y = tr.ahead(t, 10.5)
        return math.hypot(x - at[0], y - at[1]) < shooting.LONG - 2.0


def _lifted_turn(geo: Any, w: Wheel, angle: float, lifted: set[str]) -> tuple[float, float, float]:
    """(x, y, degrees turned) of a Schwenk by a wheel touching an edge, as the engine
    turns it: Geo.lifted_turn where the engine has it, else the older reading (about
    the centre, the touched edges passed over, the final facing clear of them)."""
    if hasattr(geo, "lifted_turn"):
        px, py, turned, _, _ = geo.lifted_turn(w, angle)
        x, y = rotate_about(w.x, w.y, px, py, turned)
        return x, y, turned
    stop, _ = geo.turn_contacts(w, w.x, w.y, angle, lifted)
    return w.x, w.y, angle if stop is None else math.copysign(max(0.0, stop.dist - 1e-6), angle)


_SUMS: dict[int, list[tuple[int, float]]] = {}


def _d3_sums(n: int) -> list[tuple[int, float]]:
    got = _SUMS.get(n)
    if got is None:
        dist = {0: 1.0}
        for _ in range(n):
            nxt: dict[int, float] = {}
            for s, q in dist.items():
                for f in (1, 2, 3):
                    nxt[s + f] = nxt.get(s + f, 0.0) + q / 3
            dist = nxt
        got = _SUMS[n] = sorted(dist.items())
    return got
