"""The Doomwheel Race's `hard` AI (docs/ai.md, "The Doomwheel Race"): `normal`'s
search with a valuation that sees what `normal` leaves out, and a repair rule for a
race of attrition.

Three races in four end with the last wheel running (docs/ai.md: the bolt throwers
take about half of all wounds, critters and run-overs the rest), so hard counts what
decides them:

- where a move ends, each rival bolt thrower that can fire this turn (it did not
  fire last turn, spec §7) takes its chance at the wheel: the exact to-hit (range,
  cover, sight through the wheels), to-wound and D3 wounds odds, valued as `normal`
  values wounds; its own machine's shot at each rival the same way (a wheel in the
  line blocks sight);
- with one rival left running, what that rival loses counts fully however far behind
  it is (wrecking it wins the race: the last wheel running), where `normal` counts a
  wheel far behind at a quarter;
- the chance of being wrecked (a Fanatic or Dammaz-Drengi run over, Toppled after a
  ram, a bolt) costs KILL inches more than the wounds' worth, and wrecking the lone
  rival gains as much;
- it repairs a wheel that is down a single wound as well (normal waits for three),
  unless the race is nearly run: this wheel two moves from the finish, or a rival
  ahead of it about to win.

Everything else (the fan of moves traced by the engine, the refining, the slip,
sabotage, the shot) is `normal`'s, with these values. Same seed, same choices; its
own generator only breaks ties; it never draws from the game's dice.
"""

from __future__ import annotations

from typing import Any

from game.ai.doomwheel import knowledge as kn
from game.ai.doomwheel.normal import DoomNormalAgent, name_of
from game.core.protocol import Choice, Ruleset
from game.rules.doomwheel import charts, shooting
from game.rules.doomwheel import events as ev
from game.rules.doomwheel.state import DoomState, Wheel

KILL = 200.0  # inches: being wrecked ends a wheel's race; wrecking the lone rival wins it
REPAIR_AT = 4  # repair at this many wounds or fewer (normal: 3 or fewer, 4 with a big lead)
TOPPLED = sum(1 for f in range(1, 7) if charts.RAM_TABLE[f] == "toppled") / 6  # a ram result's D3 hits


def p_wrecked(w: Wheel, lost: dict[int, float]) -> float:
    """The chance a wheel loses all its wounds, given the distribution of wounds lost."""
    return sum(q for k, q in lost.items() if k >= w.wounds)


def hits_dist(w: Wheel, strength: int = 5) -> dict[int, float]:
    """Wounds lost to D3 hits of `strength` (a Fanatic or Dammaz-Drengi run over, Toppled)."""
    return kn.wounds_lost(list(kn.D3), kn.p_unsaved(strength, w.toughness, w.armour))


def shot_dist(state: DoomState, shooter: Wheel, target: Wheel) -> dict[int, float]:
    """Wounds the target loses to the shooter's bolt thrower this turn from where both
    stand now ({} when the machine cannot fire this turn or cannot see the target)."""
    if not shooter.running or not target.running or not shooting.reloaded(state, shooter):
        return {}
    at = shooting.machine(state, shooter.id)
    if at is None or shooting.distance(state, at, target) > shooting.RANGE:
        return {}
    need = shooting.to_hit_needed(state, at, target)
    if need >= 10 or not shooting.visible(state, at, target):
        return {}
    wn = charts.to_wound(shooting.STRENGTH, target.toughness)
    p = kn.hit_chance(need) * (0.0 if wn is None else (7 - wn) / 6)
    dist = {k: q * p for k, q in kn.D3}
    dist[0] = 1 - p
    return dist


class DoomHardAgent(DoomNormalAgent):
    name = "hard"

    def __init__(self, seed: int = 0, bolt: bool = True, lone_rival: bool = True, kill: float = KILL,
                 repair_at: int | None = REPAIR_AT) -> None:
        super().__init__(seed)
        self.bolt = bolt
        self.lone_rival = lone_rival
        self.kill = kill
        self.repair_at = repair_at

    def rival_weights(self, state: DoomState, me: str) -> dict[str, float]:
        """With one rival left running, every wound it loses counts fully, however
        far behind it is: wrecking it wins the race."""
        out = super().rival_weights(state, me)
        if self.lone_rival and len(out) == 1:
            return {k: 1.0 for k in out}
        return out

    def branch_value(self, base: DoomState, me: str, b: Any, weights: dict[str, float],
                     before: dict[str, float], start: float, notes: dict[str, Any] | None) -> float:
        v = super().branch_value(base, me, b, weights, before, start, notes)
        st = b.state
        if st.winner is not None or not st.wheels[me].running:
            return v
        lone = len(weights) == 1  # wrecking the only rival wins the race
        if self.kill:
            for e in b.events:
                hit, p = "", 0.0
                if isinstance(e, ev.RanOver) and e.critter_kind != "slave":
                    hit, p = e.wheel, 1.0
                elif isinstance(e, ev.Rammed):
                    hit, p = e.affected, TOPPLED
                if hit == me:
                    w0 = base.wheels[me]
                    v -= self.kill * p * p_wrecked(w0, hits_dist(w0))
                elif lone and hit in weights:
                    r0 = base.wheels[hit]
                    v += self.kill * p * p_wrecked(r0, hits_dist(r0))
        if self.bolt:
            w = st.wheels[me]
            for rid, wt in weights.items():
                r = st.wheels[rid]
                mine = shot_dist(st, r, w)
                if mine:
                    v -= kn.loss_worth(w.wounds, mine) + self.kill * p_wrecked(w, mine)
                theirs = shot_dist(st, w, r)
                if theirs:
                    v += wt * kn.loss_worth(r.wounds, theirs) + (self.kill * p_wrecked(r, theirs) if lone else 0.0)
        return v

    def _activate(self, ruleset: Ruleset, state: DoomState, top: Any, legal: list[Choice]) -> Choice:
        """normal's rule, and also repair at `repair_at` wounds or fewer unless the
        race is nearly run (this wheel two moves from the finish, or a rival ahead of
        it about to win)."""
        choice = super()._activate(ruleset, state, top, legal)
        if choice.kind == "repair" or self.repair_at is None or Choice.make("repair") not in legal:
            return choice
        w = state.wheels[top["wheel"]]
        togo = self.to_go(state, w)
        rival_togo = min((self.to_go(state, r) for r in state.wheels.values() if r.running and r.id != w.id),
                         default=1e9)
        nearly_run = togo <= 2.2 * kn.MOVE or (rival_togo < 1.5 * kn.MOVE and togo > rival_togo)
        if w.wounds <= self.repair_at and not nearly_run:
            self.why = (f"{name_of(w.id)} stops to repair: {w.wounds} of {w.max_wounds} wounds left "
                        f"(a wheel that keeps its wounds outlasts its rival)")
            return Choice.make("repair")
        return choice
