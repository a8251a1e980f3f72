"""The `hard` AI: looks ahead. For each decision that shapes the race (a move, a
barge, a whip, a scenery move, a jump or an overtake worth stamina) it takes the
`normal` agent's best few options and plays each forward many times on copies of
the game, to the end of the next Movement Phase, with dice from its own generator
(never the game's stream: it cannot see the dice to come) and a quick version of
`normal` for every player. The option with the best average outcome is chosen;
the same dice are used for every option (common random numbers), and a sequential
halving schedule spends the fixed budget of playouts on the promising ones.

The budget is counted in playouts, not seconds, so a decision is the same on any
machine; docs/performance.md records how long it takes.
"""

from __future__ import annotations

import math
import os
import zlib
from typing import Any

from game.ai.wild_race import knowledge as kn
from game.ai.wild_race.lines import Line, course_heading
from game.ai.wild_race.normal import NormalAgent, pct
from game.core.dice import next_u64, seed_state
from game.core.protocol import CHANCE, TERMINAL, Choice, Ruleset

PLAYOUTS = int(os.environ.get("WT_HARD_PLAYOUTS", "48"))  # per decision with several options worth comparing
SWITCH_Z = float(os.environ.get("WT_HARD_Z", "0.5"))  # standard errors an option must beat normal's choice by
# Movement Phases a playout runs on (two measured no stronger over 400 races: docs/ai.md, issue 14)
HORIZON = int(os.environ.get("WT_HARD_HORIZON", "1"))
MOVE_OPTIONS = 4
OTHER_OPTIONS = 4
MAX_PLAYOUT_STEPS = 400
LOOKED_AT = ("movement_turn", "barge_turn", "contact_barge_turn", "spur_whip_turn", "scenery_turn",
             "jump_decision", "overtake_stamina", "group_roll")


class QuickPolicy(NormalAgent):
    """`normal` made cheap for playouts: the engine's own five headings for moves,
    and only the scenery moves that strike a rival."""

    name = "quick"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, fan=(-30, -15, 0, 15, 30), threats=False)

    def _movement_turn(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        from game.ai.wild_race.lines import Tracer
        from game.rules.wild_race.movement import can_move
        mine = [r for r in state.racers_of(top["player"]) if can_move(state, r)]
        if not mine:
            return legal[0]
        r = max(mine, key=lambda x: (x.progress, x.id))
        tr = Tracer(state, r, threats=False)
        best, score = legal[0], -1e18
        for c in legal:
            if c.kind != "move" or c["racer"] != r.id:
                continue
            d = c.get("distance", 0.0)
            if d <= 0:
                v = 0.0
            else:
                k = int(c.get("stamina", 0))
                v = tr.line(float(c["heading"]), float(d), k, r.stamina - k).value
            if v > score:
                best, score = c, v
        return best

    def _scenery_turn(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        from game.rules.wild_race.geo import SOLID, geo_of, obstacle_shape
        from game.rules.wild_race.kinds import Kind
        geo = geo_of(state)
        me = top["player"]
        for c in legal:
            if c.kind != "move_obstacle":
                continue
            o = state.obstacles[c["obstacle"]]
            if o.size != "large":
                continue
            hit = geo.first_contact(obstacle_shape(o), c["dx"], c["dy"], SOLID, {"o:" + o.id})
            if hit is not None and hit.kind == Kind.RACER and state.racers[hit.other].player != me:
                return c
        return self._find(legal, "pass") or legal[0]

    def _recycle(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        return legal[0]


def _phases_needed(state: Any, r: Any) -> float:
    """Movement Phases the racer still needs (a real number; the whole part is when
    it crosses), counting penalties, stamina to spend and the Spur's odd inch."""
    rem = state.course.finish_progress - r.progress + r.penalty_accrued
    if not r.moved:
        rem += r.penalty_in_effect
    return max(0.0, (rem - 0.9 * r.stamina) / 10.3)


def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def _turn_dist(x: float) -> list[float]:
    """P(the racer finishes in the k-th Movement Phase from now), k = 0..15."""
    sigma = 0.22 + 0.07 * x
    out = []
    prev = 0.0
    for k in range(16):
        cdf = _phi((k - x) / sigma) if k < 15 else 1.0
        out.append(max(0.0, cdf - prev))
        prev = cdf
    return out


def _survival(r: Any, phases: float) -> float:
    """Chance the racer is still alive at the finish (lives lost are rare, the last
    one is fatal)."""
    per = {1: 0.045, 2: 0.004}.get(r.lives, 0.0005)
    return float((1.0 - per) ** max(1.0, phases))


def _standing(state: Any, r: Any) -> tuple[float, list[float], float]:
    """(score for ties, finish-turn distribution, survival) of one racer."""
    x = _phases_needed(state, r)
    return kn.FAVOUR_VALUE * min(r.favour, 3) + (0.0 if r.has_whip else -0.5), _turn_dist(x), _survival(r, x)


def win_chance(state: Any, me: str) -> float:
    """How likely player `me` is to win from here: its best racer against the best
    rival, by the turn each should cross the line (a shared turn goes to whoever
    holds priority, roughly even, tilted by favour to spend on the roll)."""
    done = state.finish_order
    if done:
        return 1.0 if state.racers[done[0]].player == me else 0.0
    mine = [r for r in state.racers_of(me) if r.racing]
    theirs = [r for r in state.racers.values() if r.player != me and r.racing]
    if not mine:
        return 0.0
    if not theirs:
        return 1.0
    best_me = min(mine, key=lambda r: _phases_needed(state, r))
    best_them = min(theirs, key=lambda r: _phases_needed(state, r))
    fm, dm, sm = _standing(state, best_me)
    ft, dt, s_t = _standing(state, best_them)
    tie = 0.5 + max(-0.2, min(0.2, 0.08 * (fm - ft)))
    p = 0.0
    later = 1.0
    for k in range(16):
        later -= dt[k]
        p += dm[k] * (max(0.0, later) + tie * dt[k])
    return sm * (s_t * p + (1.0 - s_t)) + (1.0 - sm) * (1.0 - s_t) * 0.5


def keyed_roll(state: Any, seed: int, counts: dict[tuple[int, str, str], int]) -> Choice:
    """A playout's die: drawn from the playout seed and what the roll is (turn, for
    whom, why, and how many such rolls came before), so the same roll comes up the
    same whichever option was played before it (common random numbers that survive
    options rolling different numbers of dice)."""
    from game.rules.wild_race import RULESET
    pc = RULESET.pending_chance(state)
    who, reason = pc.who, pc.reason
    key = (state.turn, who, reason)
    n = counts.get(key, 0)
    counts[key] = n + 1
    x = (seed ^ zlib.crc32(f"{state.turn}|{who}|{reason}|{n}".encode())) & 0xFFFFFFFFFFFFFFFF
    v, _ = next_u64(x)
    return Choice.make("roll", value=1 + v % len(pc.outcomes))


class HardAgent(NormalAgent):
    name = "hard"

    def __init__(self, seed: int = 0, playouts: int = PLAYOUTS, horizon: int = HORIZON) -> None:
        super().__init__(seed)
        self.playouts = playouts
        self.horizon = max(1, horizon)  # Movement Phases the playouts run on, until the race is close
        self.searched = 0  # decisions looked ahead (for tests and benchmarks)

    def act(self, ruleset: Ruleset, state: Any, legal: list[Choice]) -> Choice:
        self.why = ""
        top = state.stack[-1]
        if len(legal) == 1 and top.kind != "movement_turn":
            return legal[0]
        kind = top.kind
        if kind not in LOOKED_AT:
            return super().act(ruleset, state, legal)
        default = super().act(ruleset, state, legal)
        plain_why = self.why
        options = [default] + [c for c in self._options(ruleset, state, top, legal) if c != default]
        if len(options) <= 1:
            return default
        self.searched += 1
        best, p, n = self._search(ruleset, state, options)
        self.why = self._words(state, kind, best, p, n, len(options)) if best != default else \
            (plain_why + f" ({pct(p)} to win in {n} playouts, no option did clearly better)" if plain_why else "")
        return best

    # --- what to compare -------------------------------------------------------------
    def _options(self, ruleset: Ruleset, state: Any, top: Any, legal: list[Choice]) -> list[Choice]:
        kind = top.kind
        if kind == "movement_turn":
            lines = self.plan_moves(state, top["player"])
            lines.sort(key=lambda ln: -ln.value)
            if not lines:
                return []
            best = lines[0]
            picked: list[Line] = [best]
            # the best line that meets something else first (round instead of over, ...)
            other = next((ln for ln in lines if ln.meets.split(" ")[0] != best.meets.split(" ")[0]), None)
            if other is not None:
                picked.append(other)
            # the best line well off the first one's heading (the other side of something)
            wide = next((ln for ln in lines if abs((ln.heading - best.heading + 180) % 360 - 180) >= 12.0
                         and ln is not other), None)
            if wide is not None:
                picked.append(wide)
            if best.stamina == 0 and best.p_finish < 0.5 and best.distance > 0:
                r0 = state.racers[best.racer]
                for k in range(1, min(2, r0.stamina) + 1):  # a little stamina now, if the playouts like it
                    picked.append(Line(r0.id, best.heading, best.distance + k, k, 0.0, 0.0, 0.0, "", 0.0))
            out = []
            for ln in picked:
                r = state.racers[ln.racer]
                from game.ai.wild_race.lines import best_end_heading
                c = ln.choice(best_end_heading(state, r, ln) if ln.distance > 0 else None)
                if ruleset.is_legal(state, c) is None:
                    out.append(c)
            return out
        if kind == "scenery_turn":
            me = top["player"]
            scored = []
            for c in self.scenery_moves(state, me):
                v, _ = self.scenery_value(state, me, c)
                scored.append((v, c))
            scored.sort(key=lambda t: -t[0])
            out = [c for _, c in scored[:OTHER_OPTIONS - 1]]
            return out + [c for c in legal if c.kind == "pass"]
        if kind == "barge_turn":
            return [c for c in legal if c.kind in ("barge", "pass")]
        if kind == "group_roll":
            if top["what"] == "priority" and not self._race_is_close(state, top["asking"]):
                return []
            return [c for c in legal if c.kind in ("keep", "favour_plus", "reroll")][:4]
        return list(legal[:8])

    def favour_threshold(self, state: Any, who: str) -> float:
        """The player's last favour point is kept for the priority roll of the final
        turn (a shared finishing turn goes to whoever moves first) unless a roll
        would cost more than about 4"."""
        r = state.racers[who]
        points = sum(x.favour for x in state.racers_of(r.player) if x.racing)
        if points <= 1:
            return 4.0
        return super().favour_threshold(state, who)

    @staticmethod
    def _race_is_close(state: Any, player: str) -> bool:
        """Priority is worth a favour point only near the finish."""
        lead = max((r.progress for r in state.racers.values() if r.racing), default=0.0)
        return state.course.finish_progress - lead < 26.0

    # --- looking ahead ---------------------------------------------------------------
    def _search(self, ruleset: Ruleset, state: Any, options: list[Choice]) -> tuple[Choice, float, int]:
        """Play every option forward on the same dice; keep `normal`'s choice
        (options[0]) unless another beats it clearly: its mean gain over the default,
        seed by seed, less one standard error, is above zero."""
        me = ruleset.current_actor(state)
        # near the finish the playouts run on until someone finishes (up to two turns): 3/4 as many
        budget = self.playouts * 3 // 4 if self._race_is_close(state, me) else self.playouts
        per = max(4, budget // len(options))
        seeds = [self.rng.getrandbits(63) for _ in range(per)]
        values = [[self._playout(ruleset, state, c, me, sd) for sd in seeds] for c in options]
        base = values[0]
        best, best_low = 0, 0.0
        for i in range(1, len(options)):
            d = [a - b for a, b in zip(values[i], base)]
            m = sum(d) / len(d)
            var = sum((x - m) ** 2 for x in d) / max(1, len(d) - 1)
            low = m - SWITCH_Z * math.sqrt(var / len(d))
            if low > best_low + 1e-12:
                best, best_low = i, low
        return options[best], sum(values[best]) / per, per

    def _playout(self, ruleset: Ruleset, state: Any, choice: Choice, me: str, seed: int) -> float:
        st = state.clone()
        st.rng = seed_state(seed)
        policy = QuickPolicy(seed)
        counts: dict[tuple[int, str, str], int] = {}
        ruleset.apply(st, choice)
        t0 = state.turn
        # near the finish, play the race out (at most two turns on); else to the end of
        # the `horizon`-th Movement Phase from now
        to_end = self._race_is_close(state, me)
        steps = 2 if to_end else self.horizon
        last = t0 + steps
        for _ in range(MAX_PLAYOUT_STEPS * steps):
            actor = ruleset.current_actor(st)
            if actor == TERMINAL or (to_end and st.finish_order):
                break
            if st.turn >= last and st.phase not in ("priority", "movement"):
                break
            if actor == CHANCE:
                ruleset.apply(st, keyed_roll(st, seed, counts))
                continue
            ruleset.apply(st, policy.act(ruleset, st, ruleset.legal_choices(st)))
        return win_chance(st, me)

    # --- saying why ------------------------------------------------------------------
    def _words(self, state: Any, kind: str, c: Choice, p: float, n: int, k: int) -> str:
        tail = f"{pct(p)} to win, best of {k} options over {n} playouts"
        if c.kind == "move":
            r = state.racers[c["racer"]]
            d = float(c.get("distance", 0.0))
            if d <= 0:
                return f"{r.id} stays put: {tail}"
            fh = course_heading(state, r.x, r.y, r.progress)
            off = (float(c["heading"]) - fh + 180.0) % 360.0 - 180.0
            side = "" if abs(off) < 2.5 else f", {abs(off):.0f} degrees {'left' if off > 0 else 'right'} of the course"
            st = f" with {c['stamina']} stamina" if c.get("stamina") else ""
            return f"{r.id} moves {d:.1f}\"{st}{side}: {tail}"
        if c.kind == "barge":
            a, t = state.racers[c["racer"]], state.racers[c["target"]]
            _, pw = self.barge_value(state, a, t)
            return f"{a.id} barges {t.id}: {pct(pw)} to win the barge-off, {tail}"
        if c.kind == "contact_barge":
            return f"{c['racer']} barges {c['target']} from contact: {tail}"
        if c.kind == "whip":
            return f"{c['racer']} whips {c['target']}'s {c['mode']}: {tail}"
        if c.kind == "spur":
            return f"{c['racer']} spurs: {tail}"
        if c.kind == "move_obstacle":
            return f"moves {c['obstacle']}: {tail}"
        if c.kind == "jump":
            return f"jumps: {tail}"
        if c.kind == "commit_stamina":
            return f"spends stamina to overtake: {tail}"
        return f"{c.kind.replace('_', ' ')}: {tail}"

