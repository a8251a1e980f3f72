"""What the Doomwheel AI knows about the dice: exact odds from the engine's own charts
(game.rules.doomwheel.charts: the slave and ram tables, to wound, armour saves, to
hit) and the worth of things in inches of progress round the lap.

The constants are the `normal` agent's fixed, documented heuristic (docs/ai.md):
- a wound is worth more the fewer are left: the last one is the race (WOUND_WORTH);
- a move is worth MOVE inches (3D6 averages 10.5"; a move rarely runs all of it
  along the line);
- a ram-table result costs the wheel its next move (Toppled adds D3 Strength 5
  hits, Out of control a random 3D6" instead: about a move and a bad facing);
- a sabotage point kept is worth POINT_KEPT inches while the race has far to go.
"""

from __future__ import annotations

from typing import Any

from game.rules.doomwheel import charts

MOVE = 9.5  # inches a normal move is worth (3D6 averages 10.5")
WOUND_WORTH = (60.0, 25.0, 14.0, 8.0, 5.0)  # the 1st (last left), 2nd, ... wound's worth in inches
EXTRA_WOUND = 4.0  # each wound above the fifth
TANGLED_EXTRA = 3.0  # a tangled wheel faces a random way afterwards
OUT_OF_CONTROL_EXTRA = 3.0
POINT_KEPT = 2.0  # a sabotage point kept for later, early in the race
D3 = ((1, 1 / 3), (2, 1 / 3), (3, 1 / 3))
TWO_D6_MEAN = 7.0


def wounds_worth(wounds: int) -> float:
    """The worth of having `wounds` wounds, in inches."""
    total = 0.0
    for i in range(max(0, wounds)):
        total += WOUND_WORTH[i] if i < len(WOUND_WORTH) else EXTRA_WOUND
    return total


def p_unsaved(strength: int, toughness: int, armour: int | None) -> float:
    """The chance one hit of `strength` takes a wound (to wound, then the save)."""
    need = charts.to_wound(strength, toughness)
    if need is None:
        return 0.0
    p_wound = (7 - need) / 6
    save = charts.save_needed(armour, strength)
    p_save = 0.0 if save is None else sum(1 for f in range(1, 7) if charts.save_passes(save, f)) / 6
    return p_wound * (1 - p_save)


def wounds_lost(n_hits: list[tuple[int, float]], p: float) -> dict[int, float]:
    """Distribution of wounds lost from a random number of hits, each wounding with p."""
    out: dict[int, float] = {}
    for n, pn in n_hits:
        dist = {0: 1.0}
        for _ in range(n):
            nxt: dict[int, float] = {}
            for k, q in dist.items():
                nxt[k] = nxt.get(k, 0.0) + q * (1 - p)
                nxt[k + 1] = nxt.get(k + 1, 0.0) + q * p
            dist = nxt
        for k, q in dist.items():
            out[k] = out.get(k, 0.0) + pn * q
    return out


def loss_worth(wounds: int, dist: dict[int, float]) -> float:
    """The expected worth lost (inches, >= 0) when a wheel with `wounds` loses a
    random number of wounds."""
    now = wounds_worth(wounds)
    return sum(q * (now - wounds_worth(wounds - k)) for k, q in dist.items())


def hits_cost(w: Any, strength: int = 5, n_hits: list[tuple[int, float]] | None = None) -> float:
    """Expected worth lost to D3 hits of `strength` (a Fanatic or Dammaz-Drengi run
    over, a Toppled wheel)."""
    dist = wounds_lost(list(D3) if n_hits is None else n_hits, p_unsaved(strength, w.toughness, w.armour))
    return loss_worth(w.wounds, dist)


def expected_wounds(w: Any, strength: int = 5) -> float:
    return 2.0 * p_unsaved(strength, w.toughness, w.armour)


def wound_gain(w: Any, k: int) -> float:
    return wounds_worth(min(w.max_wounds, w.wounds + k)) - wounds_worth(w.wounds)


def ram_table_cost(w: Any) -> float:
    """Expected cost of a roll on the ram table (spec §5): each row loses the next
    move; Toppled adds D3 Strength 5 hits, Out of control a random facing."""
    rows = {"toppled": MOVE + hits_cost(w), "breakdown": MOVE, "out_of_control": MOVE + OUT_OF_CONTROL_EXTRA}
    return sum(rows[charts.RAM_TABLE[f]] for f in range(1, 7)) / 6


def p_rammed_side(rammer: bool) -> float:
    """Chance the ram roll affects the rammer (True) or the rammed wheel (False)."""
    n = sum(1 for f in range(1, 7) if charts.RAM_ROLL[f] == "rammer")
    return n / 6 if rammer else 1 - n / 6


def slave_odds() -> dict[str, float]:
    out: dict[str, float] = {}
    for f in range(1, 7):
        r = charts.SLAVE_TABLE[f]
        out[r] = out.get(r, 0.0) + 1 / 6
    return out


def repair_gain(w: Any) -> float:
    """Expected worth of repairing D3 wounds (never above the starting wounds)."""
    return sum(q * wound_gain(w, k) for k, q in D3)


def hit_chance(need: int) -> float:
    """The chance to hit when `need` is the modified score (7+: a 6 then 4+/5+/6+)."""
    if need <= 6:
        return sum(1 for f in range(1, 7) if charts.hits(need, f)) / 6
    return sum(1 for s in range(1, 7) if charts.hits(need, 6, s)) / 36
