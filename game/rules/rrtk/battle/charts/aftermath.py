"""After the battle (rrtk-battle.md §19): tournament points and the winner, the Major
Pursuit pairing and the Casualty Recovery table (2d6 against Rep, a 6 always fails),
as functions the campaign will call.

Readings: #68 units that pursued off the table and stayed off are not lost (the
caller leaves them out); #70 "movement rate" is the normal move (the caller's).
"""

from __future__ import annotations

from game.rules.rrtk.battle.charts.dice import passes_six_fails


def tournament_points(start: int, own_lost: int, enemy_lost: int) -> int:
    """§19.2: the points built with, less your units routed or gone voluntarily, plus
    the enemy's."""
    return start - own_lost + enemy_lost


def tournament_winner(points_a: int, points_b: int) -> str | None:
    """"a" or "b", the higher total; None for a draw (§19.2)."""
    if points_a == points_b:
        return None
    return "a" if points_a > points_b else "b"


def major_pursuit_targets(losing_unit_points: tuple[int, ...], pursuers: int) -> tuple[int, ...]:
    """Which losing units are pursued (§19.3): the winner faces them from the cheapest
    up, one pursuer each (equal points: the order laid out). The rest are recovered."""
    order = sorted(range(len(losing_unit_points)), key=lambda i: (losing_unit_points[i], i))
    return tuple(sorted(order[:max(0, pursuers)]))


RETURNS, LOST = "returns", "lost"
# §19.4 Casualty Recovery: dice passed -> result (1 depends on the pursuer's speed)
CASUALTY_RECOVERY: dict[int, str] = {2: RETURNS, 1: "by_speed", 0: LOST}


def casualty_recovery(d1: int, d2: int, rep: int, own_move: float, pursuer_move: float) -> str:
    """A pursued losing unit's fate (§19.4): pass 2 it comes back; pass 1 it counts as
    2 if its pursuer's normal move is equal or slower, as 0 if faster; pass 0 lost."""
    result = CASUALTY_RECOVERY[passes_six_fails(d1, d2, rep)]
    if result == "by_speed":
        return RETURNS if pursuer_move <= own_move else LOST
    return result
