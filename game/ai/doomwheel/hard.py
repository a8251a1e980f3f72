"""The Doomwheel Race's `hard` AI: `normal` plus short playouts for the move
(docs/ai.md).

For a move decision it takes `normal`'s best few moves (by normal's valuation) and
plays each forward on copies of the game, several times: to the end of its own next
move (the rivals' moves, sabotage, shooting, the critter phase and respawns in
between), with every player driven by a quick policy (a small fan of moves valued by
normal's position measures; drive unless badly hurt; shoot the first target; no
sabotage) and every die rolled from the hard agent's own generator. Playout i rolls
the same dice for every option (common random numbers), so options are compared on
equal luck. Each playout ends with normal's static worth of the position: progress
and facing, critters in reach, wounds by their worth, less the same for the rivals
(weighted as normal weighs them), the race's end as a win or a loss.

It keeps normal's move unless another option beats it, playout by playout, by more
than half a standard error. Every other decision is normal's. The budget is counted
in playouts, never seconds.
"""

from __future__ import annotations

import math
import random
from typing import Any

from game.ai.doomwheel import knowledge as kn
from game.ai.doomwheel.look import resync
from game.ai.doomwheel.normal import WIN, DoomNormalAgent, name_of
from game.core.chance import sample
from game.core.dice import seed_state
from game.core.protocol import CHANCE, TERMINAL, Choice, Ruleset
from game.rules.doomwheel.geo import schwenk_cost
from game.rules.doomwheel.state import DoomState

OPTIONS = 3  # normal's best moves compared
PLAYOUTS = 4  # per option
QUICK_ANGLES = (0.0, 30.0, -30.0, 75.0, -75.0)
MAX_STEPS = 4000  # a playout's safety bound (steps), never reached in practice


class DoomHardAgent:
    name = "hard"

    def __init__(self, seed: int = 0, options: int = OPTIONS, playouts: int = PLAYOUTS) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.normal = DoomNormalAgent(seed + 1)
        self.judge = DoomNormalAgent(seed + 2, refine=False)
        self.n_options = options
        self.playouts = playouts
        self.why = ""

    def act(self, ruleset: Ruleset, state: DoomState, legal: list[Choice]) -> Choice:
        top = state.steps[-1]
        choice = self.normal.act(ruleset, state, legal)
        self.why = self.normal.why
        if top.kind != "plan" or len(self.normal.last_scored) < 2:
            return choice
        try:
            return self._look_ahead(ruleset, state, top, choice)
        finally:
            resync(state)

    # --- the look-ahead ---------------------------------------------------------------
    def _look_ahead(self, ruleset: Ruleset, state: DoomState, top: Any, mine: Choice) -> Choice:
        me = top["wheel"]
        scored = self.normal.last_scored
        ranked = [mine] + [c for c in sorted(scored, key=lambda c: (-scored[c], str(c))) if c != mine]
        options = ranked[:self.n_options]
        base_seed = (self.rng.getrandbits(62) ^ (state.turn * 1_000_003)) & ((1 << 62) - 1)
        results = {c: [self._playout(ruleset, state, me, c, base_seed + i) for i in range(self.playouts)]
                   for c in options}
        best, margin = mine, 0.0
        for c in options[1:]:
            diffs = [a - b for a, b in zip(results[c], results[mine])]
            mean = sum(diffs) / len(diffs)
            sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1))
            edge = mean - 0.5 * sd / math.sqrt(len(diffs))
            if edge > margin:
                best, margin = c, edge
        if best != mine:
            self.why = (f"{name_of(me)} {self._words(best, top)}: {margin:+.1f}\" better than the first "
                        f"choice over {self.playouts} playouts each")
        else:
            avg = sum(results[mine]) / len(results[mine])
            self.why = f"{self.normal.why} (kept: best of {len(options)} over {self.playouts} playouts, {avg:+.1f}\")"
        return best

    @staticmethod
    def _words(c: Choice, top: Any) -> str:
        ang = float(c.get("angle", 0.0))
        at = float(c.get("at", 0.0))
        text = f"drives {float(c.get('distance', top['value'])):g}\""
        if ang:
            text += f" and Schwenks {abs(ang):g}° {'left' if ang > 0 else 'right'}" + (f" after {at:.1f}\"" if at > 0.05 else "")
        return text

    def _playout(self, ruleset: Ruleset, state: DoomState, me: str, choice: Choice, seed: int) -> float:
        st = state.clone()
        dice = seed_state(seed)
        ruleset.apply(st, choice)
        moves = 0
        for _ in range(MAX_STEPS):
            actor = ruleset.current_actor(st)
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                drawn, dice = sample(ruleset.chance_outcomes(st), dice)  # by probability (fair dice: as before)
                ruleset.apply(st, drawn)
                continue
            top = st.steps[-1]
            if top.kind == "plan" and top["wheel"] == me:
                if moves:
                    break  # the next move of ours is where the playout ends
                moves += 1
            ruleset.apply(st, self._quick(ruleset, st, top))
        return self._worth(st, me)

    def _quick(self, ruleset: Ruleset, st: DoomState, top: Any) -> Choice:
        kind = top.kind
        if kind == "activate":
            w = st.wheels[top["wheel"]]
            return Choice.make("repair" if w.wounds <= 2 else "drive")
        if kind == "plan":
            return self._quick_move(ruleset, st, top)
        if kind == "sabotage":
            return Choice.make("pass")
        if kind == "shoot":
            legal = ruleset.legal_choices(st)
            shots = [c for c in legal if c.kind == "shoot"]
            return shots[0] if shots else Choice.make("hold")
        if kind == "slip":
            return Choice.make("slip")
        legal = ruleset.legal_choices(st)
        return legal[0]

    def _quick_move(self, ruleset: Ruleset, st: DoomState, top: Any) -> Choice:
        w = st.wheels[top["wheel"]]
        d = float(top["value"])
        up_to = st.options.move_distance == "up_to"
        best: tuple[float, Choice | None] = (-math.inf, None)
        for ang in QUICK_ANGLES:
            cost = schwenk_cost(w, ang, st.options.schwenk)
            if cost > d:
                continue
            c = Choice.make("move", at=0.0 if ang == 0 else math.floor((d - cost) * 500) / 1000, angle=ang,
                            distance=d if up_to else None)
            if ruleset.is_legal(st, c) is not None:
                continue
            cl = st.clone()
            ruleset.apply(cl, c)  # up to the first die (a run-over, a ram): the quick policy's horizon
            v = self.judge.pose_score(cl, cl.wheels[w.id]) if cl.wheels[w.id].running else -math.inf
            if v > best[0]:
                best = (v, c)
        return best[1] or Choice.make("move", at=0.0, angle=0.0, distance=d if up_to else None)

    def _worth(self, st: DoomState, me: str) -> float:
        if st.phase == "over":
            return WIN if st.winner == me else 0.0 if st.winner is None else -WIN
        if not st.wheels[me].running:
            return -WIN
        j = self.judge
        w = st.wheels[me]
        mine = j.pose_score(st, w) - j.danger(st, w) + kn.wounds_worth(w.wounds)
        theirs = 0.0
        for rid, wt in j.rival_weights(st, me).items():
            r = st.wheels[rid]
            theirs += wt * (j.pose_score(st, r) + kn.wounds_worth(r.wounds))
        return mine - theirs
