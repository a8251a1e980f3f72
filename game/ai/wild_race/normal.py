"""The `normal` AI: a fixed heuristic that plays every decision of the Wild Race
with sense, using the exact chart odds (game.ai.wild_race.knowledge) and traced racing lines
(game.ai.wild_race.lines). Documented in docs/ai.md. Same seed, same choices: its generator
only breaks exact ties.

What it does, decision by decision:
- moves: the line with the best expected value (progress less what the Jump and
  Overtake charts may cost, less the danger of ending where a rival can push a large
  obstacle into it); the leading racer moves first; stamina only for a dash that
  finishes now, or at a contact when the roll's odds pay for it;
- favour: on a racer's own roll, re-roll or turn by one when the expected gain is
  worth more than keeping the point; on roll-offs when it turns the result;
- spur and whip: whips a rival rider within 1" first (the Whip chart pays on
  average), then spurs when the Spur chart pays for a racer with lives to spare and
  clear ground ahead;
- barges: contact barges (no roll-off) nearly always; barge moves when the roll-off
  odds and the Barge chart beat the free move the target gets on a failure;
- scenery: pushes a large obstacle into the rival that is ahead of it, else puts
  obstacles in the rival leader's way and out of its own; dodges large obstacles
  with stamina; recycles passed obstacles into the rivals' way.
"""

from __future__ import annotations

import math
import random
from typing import Any

from game.ai.wild_race import knowledge as kn
from game.ai.wild_race.lines import FAN, Line, best_end_heading, course_heading, move_lines
from game.core.protocol import Choice, Ruleset
from game.rules.wild_race.geo import SOLID, geo_of, obstacle_shape, racer_shape, unit
from game.table import geometry as g
from game.rules.wild_race.kinds import Kind


def pct(p: float) -> str:
    return f"{round(100 * p)}%"


class NormalAgent:
    name = "normal"

    def __init__(self, seed: int = 0, fan: tuple[int, ...] = FAN, threats: bool = True) -> None:
        self.rng = random.Random(seed)
        self.fan = fan
        self.threats = threats
        self.why = ""

    # --- the protocol ---------------------------------------------------------------
    def act(self, ruleset: Ruleset, state: Any, legal: list[Choice]) -> Choice:
        self.why = ""
        top = state.stack[-1]
        if len(legal) == 1 and top.kind != "movement_turn":
            return legal[0]
        kind = top.kind
        if kind == "group_roll":
            kind = "group_favour"
        fn = getattr(self, "_" + kind, None)
        choice = fn(state, top, legal) if fn is not None else self._first(legal)
        return choice

    def _first(self, legal: list[Choice]) -> Choice:
        for pref in ("pass", "keep", "stay", "take", "done"):
            for c in legal:
                if c.kind == pref:
                    return c
        return legal[0]

    @staticmethod
    def _find(legal: list[Choice], kind: str, **kw: Any) -> Choice | None:
        for c in legal:
            if c.kind == kind and all(c.get(k) == v for k, v in kw.items()):
                return c
        return None

    # --- set-up --------------------------------------------------------------------
    def _place_turn(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        """The free slot nearest the course 40" on: the inside of the first bend."""
        from game.rules.wild_race.flow import slots
        sl = slots(state)
        course = state.course
        px, py = course.point_at(min(course.finish_progress, course.start_progress + 40.0))
        best, score = legal[0], -1e18
        for c in legal:
            i = c.get("slot")
            if c.kind != "place" or not isinstance(i, int) or not 0 <= i < len(sl):
                continue
            s = -math.hypot(px - sl[i][0], py - sl[i][1]) + self.rng.random() * 1e-6
            if s > score:
                best, score = c, s
        self.why = f"{best.get('racer', '')} takes the start slot nearest the inside line"
        return best

    # --- movement ------------------------------------------------------------------
    def plan_moves(self, state: Any, player: str) -> list[Line]:
        """Every line of the racer this player should move next (front runner first)."""
        from game.rules.wild_race.movement import can_move
        mine = [r for r in state.racers_of(player) if can_move(state, r)]
        if not mine:
            return []
        r = max(mine, key=lambda x: (x.progress, x.id))
        return move_lines(state, r, self.fan, self.threats)

    def _movement_turn(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        lines = self.plan_moves(state, top["player"])
        if not lines:
            return legal[0]
        best = max(lines, key=lambda ln: (ln.value, self.rng.random()))
        r = state.racers[best.racer]
        c = best.choice(best_end_heading(state, r, best) if best.distance > 0 else None)
        from game.rules.wild_race import RULESET
        if RULESET.is_legal(state, c) is not None:  # pragma: no cover - a traced line is legal
            c = best.choice(None)
            if RULESET.is_legal(state, c) is not None:
                return legal[0]
        self.why = self._move_words(r, best)
        return c

    @staticmethod
    def _move_words(r: Any, ln: Line) -> str:
        if ln.distance <= 0:
            return f"{r.id} stays put: every line costs more than it gains"
        dash = f" with {ln.stamina} stamina" if ln.stamina else ""
        what = ""
        if ln.meets == "finish":
            what = f", a dash for the finish{dash}" if dash else ", straight for the finish"
        elif ln.meets.startswith("jump"):
            what = f", jumping {ln.meets[5:]} ({pct(4 / 6)} to clear it cleanly)"
        elif ln.meets.startswith("overtake"):
            what = f", overtaking {ln.meets[9:]} ({pct(4 / 6)} to get past)"
        if ln.meets == "finish":  # its gain holds the finishing bonus, not inches
            return f"{r.id} moves {ln.distance:.1f}\"{what}"
        return f"{r.id} moves {ln.distance:.1f}\": {ln.gain:+.1f}\" expected{what}"

    def _continue_move(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        r = state.racers[top["racer"]]
        fh = course_heading(state, r.x, r.y, r.progress)
        for c in legal:
            if c.kind == "end_move" and c.get("heading") is not None and abs(c["heading"] - fh) < 1e-3:
                self.why = f"{r.id} stops at the contact and faces down the course"
                return c
        self.why = f"{r.id} stops at the contact"
        return self._find(legal, "end_move") or legal[0]

    def _jump_decision(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        r = state.racers[top["racer"]]
        rest = kn.move_left(state) + top["stamina"]
        rows = kn.jump_rows(r.lives, rest)
        from game.ai.wild_race.lines import favoured
        ev = kn.mean(favoured(rows, r.favour > 0 and not r.favour_used)) + rest - top["stamina"] * 1.25
        if ev > 0:
            self.why = f"{r.id} jumps: {pct(4 / 6)} to clear it and run on, {pct(1 / 6)} to refuse"
            return self._find(legal, "jump") or legal[0]
        self.why = f"{r.id} stops short of the jump: a refusal would cost more than it gains"
        return self._find(legal, "stop") or legal[0]

    def _overtake_stamina(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        r = state.racers[top["racer"]]
        o = state.racers[top["other"]]
        rest = kn.move_left(state) + top["stamina"]
        from game.ai.wild_race.lines import favoured
        rows = kn.overtake_rows(r.lives, rest, o.lives)
        ev = kn.mean(favoured(rows, r.favour > 0 and not r.favour_used)) + rest * 4 / 6 - top["stamina"] * 1.25
        if ev > 0:
            self.why = f"{r.id} spends {top['stamina']} stamina to overtake {o.id}: {pct(4 / 6)} to get past"
            return self._find(legal, "commit_stamina") or legal[0]
        self.why = f"{r.id} stops behind {o.id} rather than spend stamina on a risky overtake"
        return self._find(legal, "stop") or legal[0]

    def _extend(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        r = state.racers[top["racer"]]
        best = max(legal, key=lambda c: c.get("inches", 0.0))
        self.why = f"{r.id} runs on with the Slipstream"
        return best

    # --- favour --------------------------------------------------------------------
    def favour_threshold(self, state: Any, who: str) -> float:
        """Inches a favour point must save to be spent on a racer's own roll."""
        return kn.FAVOUR_VALUE * (0.5 if state.racers[who].favour > 1 else 1.0)

    def _favour_offer(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        roll = top["roll"]
        v = top["value"]
        values = kn.row_values(state, roll)
        who = roll["who"]
        if values is None or not 1 <= v <= len(values):
            return self._find(legal, "keep") or legal[0]
        name, gain = kn.favour_choice(values, v, self.favour_threshold(state, who))
        c = self._find(legal, name) or self._find(legal, "keep") or legal[0]
        if c.kind == "keep":
            self.why = f"{who} keeps the {roll['reason'].replace('_', ' ')} roll of {v}"
        else:
            how = {"reroll": "re-rolls", "favour_plus": "turns up", "favour_minus": "turns down"}[c.kind]
            self.why = f"{who} spends favour and {how} the {roll['reason'].replace('_', ' ')} {v}: worth {gain:.1f}\""
        return c

    def _group_favour(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        vals = dict(top["values"])
        me = top["asking"]
        mine = vals[me]
        others = [v for m, v in vals.items() if m != me]
        keep = self._find(legal, "keep") or legal[0]
        if not others:
            return keep
        best_other = max(others)
        if top["what"] == "rolloff":
            attacker = top["stage"][0]
            want = best_other + 1 if me == attacker else best_other  # defenders win ties
            if mine >= want:
                return keep
            stake = 2.0
            for c in legal:
                if c.kind == "favour_plus" and mine + 1 >= want:
                    self.why = f"{me} spends favour to win the roll-off ({mine}+1)"
                    return c
            p = sum(1 for x in range(1, 7) if x >= want) / 6.0
            if p * stake > kn.FAVOUR_VALUE * 0.5:
                again = self._find(legal, "reroll")
                if again is not None:
                    self.why = f"{me} re-rolls the roll-off: {pct(p)} to turn it"
                    return again
            return keep
        # priority: only when a tie or one short of first place matters little; be thrifty
        if top["what"] == "priority" and mine < best_other and mine + 1 > best_other:
            plus = self._find(legal, "favour_plus")
            if plus is not None and sum(r.favour for r in state.racers_of(me)) > 2:
                self.why = f"{me} spends favour to move first this turn"
                return plus
        return keep

    # --- spur and whip -------------------------------------------------------------
    def _spur_whip_turn(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        best: tuple[float, Choice] | None = None
        for c in legal:
            if c.kind == "whip":
                r, t = state.racers[c["racer"]], state.racers[c["target"]]
                if c["mode"] == "rider":
                    v = kn.mean(kn.whip_rows(r.lives, t.lives)) * self._rival_weight(state, r.player, t)
                    v += 0.4  # whip before spurring: a Numb would end the phase
                elif t.player == r.player:
                    v = kn.mean(kn.spur_rows(t.lives)) - 0.2 if self._clear_ahead(state, t, 2.0) else -1.0
                else:
                    v = -kn.mean(kn.spur_rows(t.lives)) - 0.3  # a rival's extra Spur roll
                if best is None or v > best[0]:
                    best = (v, c)
            elif c.kind == "spur":
                r = state.racers[c["racer"]]
                v = kn.mean(kn.spur_rows(r.lives)) if self._clear_ahead(state, r, 2.0) else -1.0
                if r.lives <= 1:
                    v -= 0.5
                if best is None or v > best[0]:
                    best = (v, c)
        if best is not None and best[0] > 0.05:
            c = best[1]
            if c.kind == "spur":
                self.why = f"{c['racer']} spurs: {pct(3 / 6)} to gain ground, {pct(1 / 6)} to go wild"
            elif c["mode"] == "rider":
                self.why = (f"{c['racer']} whips {c['target']}'s rider: {pct(2 / 6)} to unbalance them, "
                            f"{pct(2 / 6)} to backfire")
            else:
                self.why = f"{c['racer']} whips {c['target']}'s mount for an extra Spur roll"
            return c
        for k in ("done", "pass"):
            end = self._find(legal, k)
            if end is not None:
                self.why = "passes: no spur or whip worth the risk"
                return end
        return legal[-1]

    def _clear_ahead(self, state: Any, r: Any, d: float) -> bool:
        ux, uy = unit(r.heading)
        geo = geo_of(state)
        c = geo.first_contact(racer_shape(r), ux * d, uy * d, SOLID | Kind.FINISH, {r.id})
        return c is None or c.kind == Kind.FINISH

    def _yah_move(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        r = state.racers[top["racer"]]
        fh = course_heading(state, r.x, r.y, r.progress)
        forward = math.cos(math.radians(r.heading - fh))
        if forward > 0.3:
            c = self._find(legal, "yah", inches=1.0) or legal[0]
            self.why = f"{r.id} takes the Yah! inch"
            return c
        self.why = f"{r.id} is not facing the finish: no Yah! inch"
        return self._find(legal, "yah", inches=0.0) or legal[-1]

    # --- barges --------------------------------------------------------------------
    @staticmethod
    def _rival_weight(state: Any, me: str, t: Any) -> float:
        """How much harming rival t matters: the rivals nearest the lead count fully."""
        mine = max((r.progress for r in state.racers_of(me) if r.racing), default=0.0)
        return 1.0 if t.progress >= mine - 12.0 else 0.5

    def barge_value(self, state: Any, a: Any, t: Any) -> tuple[float, float]:
        """(expected value in inches, chance to win the roll-off) of a barge move."""
        af = a.favour > 0 and not a.favour_used
        tf = t.favour > 0 and not t.favour_used
        p = kn.p_rolloff_win(af, tf)
        gap = g.gap(racer_shape(a), racer_shape(t))
        course = state.course
        # moving into contact: progress gained or lost toward the target's side
        pa, pb = g.closest_points(racer_shape(a), racer_shape(t))
        ahead = course.progress(a.x + pb[0] - pa[0], a.y + pb[1] - pa[1], a.progress) - a.progress
        win = ahead + kn.mean(kn.barge_rows(a.lives, t.lives)) * self._rival_weight(state, a.player, t)
        lose = -gap * 0.8 if not t.locked else 0.0
        return p * win + (1 - p) * lose - 0.3, p

    def _barge_turn(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        best: tuple[float, Choice, float] | None = None
        for c in legal:
            if c.kind != "barge":
                continue
            a, t = state.racers[c["racer"]], state.racers[c["target"]]
            v, p = self.barge_value(state, a, t)
            if best is None or v > best[0]:
                best = (v, c, p)
        if best is not None and best[0] > 0.0:
            c = best[1]
            self.why = f"{c['racer']} barges {c['target']}: {pct(best[2])} to win the barge-off"
            return c
        self.why = "passes: no barge worth the roll-off"
        return self._find(legal, "pass") or legal[-1]

    def _contact_barge_turn(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        best: tuple[float, Choice] | None = None
        for c in legal:
            if c.kind == "contact_barge":
                a, t = state.racers[c["racer"]], state.racers[c["target"]]
                v = kn.mean(kn.barge_rows(a.lives, t.lives)) * self._rival_weight(state, a.player, t)
                if a.lives <= 1:
                    v -= 0.5
                if best is None or v > best[0]:
                    best = (v, c)
        if best is not None and best[0] > 0:
            c = best[1]
            self.why = f"{c['racer']} barges {c['target']} from contact: {pct(2 / 6)} to knock them back"
            return c
        self.why = "passes: no contact barge worth the risk"
        return self._find(legal, "pass") or legal[-1]

    def _surprise(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        b, t = state.racers[top["barger"]], state.racers[top["target"]]
        if t.progress > b.progress:
            self.why = f"{b.id} draws level with {t.id}"
            return self._find(legal, "surprise") or legal[0]
        self.why = f"{b.id} stays ahead of {t.id}"
        return self._find(legal, "stay") or legal[-1]

    def _free_move(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        c = self._find(legal, "free_move")
        r = state.racers[top["racer"]]
        if c is not None:
            self.why = f"{r.id} takes the free move toward the finish"
            return c
        return legal[-1]

    # --- scenery -------------------------------------------------------------------
    def _scenery_turn(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        me = top["player"]
        best: tuple[float, Choice, str] | None = None
        for c in self.scenery_moves(state, me):
            v, words = self.scenery_value(state, me, c)
            if best is None or v > best[0]:
                best = (v, c, words)
        if best is not None and best[0] > 0.2:
            self.why = best[2]
            return best[1]
        self.why = "leaves the scenery where it is"
        return self._find(legal, "pass") or legal[0]

    def scenery_moves(self, state: Any, me: str) -> list[Choice]:
        """Obstacle moves worth a look: each movable obstacle near a racer, 3" in
        five directions that do not approach the finish, and toward each nearby
        rival's line."""
        from game.rules.wild_race.scenery import check_obstacle_move, movable, obstacle_progress
        out: list[Choice] = []
        racing = state.racing()
        for o in movable(state):
            s = obstacle_progress(state, o)
            near = [r for r in racing if s - 14.0 < r.progress < s + 4.0]
            if not near:
                continue
            tx, ty = state.course.tangent_at(s)
            dirs = []
            for ang in (180.0, 90.0, -90.0, 135.0, -135.0, 112.5, -112.5, 157.5, -157.5):
                a = math.radians(ang)
                dirs.append((tx * math.cos(a) - ty * math.sin(a), tx * math.sin(a) + ty * math.cos(a)))
            for ux, uy in dirs:
                for d in (3.0, 1.5):
                    dx, dy = round(ux * d, 6), round(uy * d, 6)
                    if check_obstacle_move(state, o, dx, dy) is None:
                        out.append(Choice.make("move_obstacle", obstacle=o.id, dx=dx, dy=dy))
        return out

    def scenery_value(self, state: Any, me: str, c: Choice) -> tuple[float, str]:
        o = state.obstacles[c["obstacle"]]
        geo = geo_of(state)
        dx, dy = c["dx"], c["dy"]
        hit = geo.first_contact(obstacle_shape(o), dx, dy, SOLID, {"o:" + o.id})
        if hit is not None and hit.kind == Kind.RACER:
            r = state.racers[hit.other]
            if r.player == me:
                return -5.0, ""
            w = self._rival_weight(state, me, r)
            if o.size == "large":
                if r.stamina > 0 and not r.locked:
                    return 1.25 * w, f"pushes {o.id} at {r.id}: it must spend stamina to dodge"
                return (6.0 + kn.life_value(r.lives)) * w, f"pushes {o.id} into {r.id}: a life and 6\" lost"
            if r.stamina > 0 and not r.locked:
                return -0.5, ""
            v = (2.0 + kn.hit_loss(4, r.lives)) / 6.0 - 5.0 / 6.0 * 1.5
            return v * w, f"pushes {o.id} into {r.id}: {pct(1 / 6)} to make it refuse"
        # no one struck: does the new place stand in a rival's way more than in ours?
        frac = 1.0 if hit is None else max(0.0, hit.frac - 1e-3)
        moved = obstacle_shape(o, o.x + dx * frac, o.y + dy * frac)
        before = obstacle_shape(o)
        v = 0.0
        for r in state.racing():
            w = self._rival_weight(state, me, r)
            block = self._blocks(state, r, moved) - self._blocks(state, r, before)
            v += (-block if r.player == me else block * w)
        size = 1.0 if o.size == "large" else 0.5
        return v * size, f"moves {o.id} into the rivals' path"

    @staticmethod
    def _blocks(state: Any, r: Any, shape: Any) -> float:
        """How badly an obstacle at `shape` lies across racer r's next move: the
        inches of a 10\" run toward the finish it would cut off."""
        fh = course_heading(state, r.x, r.y, r.progress)
        ux, uy = unit(fh)
        t = g.time_of_impact(racer_shape(r), ux * 10.0, uy * 10.0, shape)
        if t is None:
            return 0.0
        return (1.0 - t) * 10.0 * 0.3

    def _dodge(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        r = state.racers[top["racer"]]
        o = state.obstacles[top["obstacle"]]
        dodges = [c for c in legal if c.kind == "dodge"]
        if o.size == "large" and dodges:
            self.why = f"{r.id} spends stamina to dodge {o.id}"
            from game.rules.wild_race.movement import parse_legs

            def length(c: Choice) -> float:
                legs = parse_legs(c["legs"])
                return sum(d for _, d in legs) if isinstance(legs, list) else 99.0
            return min(dodges, key=length)
        if o.size == "small" and dodges and r.lives <= 1 and not (r.favour > 0 and not r.favour_used):
            self.why = f"{r.id} dodges {o.id}: one life left"
            return dodges[0]
        self.why = f"{r.id} takes {o.id} on: {pct(5 / 6)} to land beyond it"
        return self._find(legal, "take") or legal[-1]

    def _recycle(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        me = top["player"]
        spots = [c for c in legal if c.kind == "recycle"]
        if not spots:
            return legal[0]
        o = state.obstacles[top["obstacle"]]
        best, score = spots[0], -1e18
        for c in spots[:12]:
            shape = obstacle_shape(o, c["x"], c["y"])
            v = 0.0
            for r in state.racing():
                d = math.hypot(c["x"] - r.x, c["y"] - r.y)
                toward = self._lateral(state, r, c["x"], c["y"])
                closeness = max(0.0, 1.0 - toward / 6.0) / max(1.0, d / 10.0)
                v += -closeness if r.player == me else closeness
            del shape
            if v > score:
                best, score = c, v
        self.why = f"recycles {o.id} into the rivals' line"
        return best

    @staticmethod
    def _lateral(state: Any, r: Any, x: float, y: float) -> float:
        fh = course_heading(state, r.x, r.y, r.progress)
        ux, uy = unit(fh)
        return abs(-(x - r.x) * uy + (y - r.y) * ux)
