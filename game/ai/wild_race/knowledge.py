"""What the AI knows about the Wild Race's charts: the exact probabilities the
rules expose (every chart is one fair D6; a roll-off is two), and what each row is
worth to the racer who rolls it, in inches of progress.

Every valuation here is a fixed heuristic (documented in docs/ai.md): a life is
worth more the fewer a racer has left, a favour point is worth a bad roll saved
later, a lockout costs the actions the racer could still take this turn.
"""

from __future__ import annotations

from typing import Any

FAVOUR_VALUE = 1.6  # inches: what keeping a favour point for later is worth
LOCK_VALUE = 0.6  # inches: losing the rest of a turn's actions (spur, whip, barge)


def life_value(lives: int) -> float:
    """Inches a racer would give to keep one life, by lives left before the loss."""
    if lives <= 1:
        return 40.0  # the last life: the race itself
    if lives == 2:
        return 7.0
    return 4.0


def hit_loss(strength: int, lives: int, favour: bool = False) -> float:
    """Expected cost of a Strength x hit (a D6 below x loses a life); with a favour
    point to spend, a miss by one is turned and a worse miss re-rolled."""
    p = (strength - 1) / 6.0
    if favour:
        p = max(0.0, (strength - 2) / 6.0) * (strength - 1) / 6.0
    return p * life_value(lives)


def unbalanced_rows(lives: int) -> list[float]:
    """Value of each Unbalanced row (1-6) to the racer who rolls it."""
    return [
        -6.0 - hit_loss(5, lives) - LOCK_VALUE,  # Catapult
        -4.0 - LOCK_VALUE,  # Slow Fall
        -2.5 - LOCK_VALUE - 0.25 * hit_loss(5, lives),  # Whoa: slide, sometimes into something
        -2.0,  # Easy
        0.0,  # Steady
        FAVOUR_VALUE,  # Bill-paying skills
    ]


def unbalanced_ev(lives: int) -> float:
    return sum(unbalanced_rows(lives)) / 6.0


def jump_rows(lives: int, rest: float) -> list[float]:
    """Jump chart rows for a jumper with `rest` inches of the move still to come."""
    return [
        -rest - 2.0 - hit_loss(4, lives) - LOCK_VALUE,  # Refusal
        -max(0.0, rest) * 0.8 - LOCK_VALUE,  # Hesitant: over it, but the move ends
        0.0, 0.0, 0.0,  # Jump
        FAVOUR_VALUE,  # Leap
    ]


def overtake_rows(lives: int, rest: float, rival_lives: int) -> list[float]:
    """Overtake chart rows for the overtaker (a rival's loss counts as a gain)."""
    u = unbalanced_ev(lives)
    return [
        -rest - hit_loss(3, lives) - LOCK_VALUE - 1.0,  # Rear-end: stop, S3 hit, the rival goes 1" on
        -rest + u - LOCK_VALUE,  # Block
        0.0, 0.0,  # Overtaken
        -unbalanced_ev(rival_lives),  # Bump: the rival rolls Unbalanced
        2.0,  # Slipstream: D3" more
    ]


def spur_rows(lives: int) -> list[float]:
    return [unbalanced_ev(lives), 0.0, 0.0, 0.9, 0.9, 1.8]  # Numb: the whip comes first


def whip_rows(lives: int, rival_lives: int) -> list[float]:
    """The whipper's own roll against a rival rider."""
    return [
        -1.5 - LOCK_VALUE,  # Disaster!: the whip goes to the target
        unbalanced_ev(lives) - LOCK_VALUE,  # Tug of War!
        0.0, 0.0,  # Clang
        -unbalanced_ev(rival_lives),  # Stinger
        -unbalanced_ev(rival_lives) + hit_loss(3, rival_lives) + FAVOUR_VALUE,  # Crack!
    ]


def barge_rows(lives: int, rival_lives: int, surprise_gain: float = 0.5) -> list[float]:
    """The barger's roll on the Barge chart."""
    return [
        unbalanced_ev(lives),  # Catastrophe!
        -2.0 - LOCK_VALUE,  # Slip
        -LOCK_VALUE * 0.5,  # Arm Wrestle: both lose 2" and the turn
        max(0.0, surprise_gain),  # Surprise!
        2.0 + LOCK_VALUE,  # Oomph!
        6.0 + hit_loss(4, rival_lives) + FAVOUR_VALUE,  # Boosh!
    ]


def mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


def p_rolloff_win(att_favour: bool, def_favour: bool) -> float:
    """Chance the attacker's D6 beats the defender's (ties go to the defender) when
    the side behind spends its favour point: +1 when that is enough, else a re-roll;
    then the other side may answer with its own."""
    return mean([_rolloff(a, d, att_favour, def_favour) for a in range(1, 7) for d in range(1, 7)])


def _rolloff(a: int, d: int, af: bool, df: bool) -> float:
    if a > d:
        if not df:
            return 1.0
        if d + 1 >= a:
            return _rolloff(a, d + 1, af, False)
        return mean([_rolloff(a, x, af, False) for x in range(1, 7)])
    if not af:
        return 0.0
    if a + 1 > d and a < 6:
        return _rolloff(a + 1, d, False, df)
    return mean([_rolloff(x, d, False, df) for x in range(1, 7)])


def row_values(state: Any, roll: Any) -> list[float] | None:
    """Value of each face (to the roller) of a racer's pending chart roll, or None
    when the agent has no view on it."""
    reason = roll["reason"]
    racer = state.racers.get(roll["who"])
    if racer is None:
        return None
    lives = racer.lives
    then = roll["then"]
    if reason == "jump":
        return jump_rows(lives, move_left(state) if then.get("context") == "movement" else 0.0)
    if reason == "overtake":
        other = state.racers.get(then.get("other", ""))
        return overtake_rows(lives, move_left(state), other.lives if other else 3)
    if reason == "spur":
        return spur_rows(lives)
    if reason == "whip":
        other = state.racers.get(then.get("target", ""))
        return whip_rows(lives, other.lives if other else 3)
    if reason == "barge":
        other = state.racers.get(then.get("target", ""))
        return barge_rows(lives, other.lives if other else 3)
    if reason == "unbalanced":
        return unbalanced_rows(lives)
    if reason == "strength_hit":
        s = int(then["strength"])
        return [-life_value(lives) if v < s else 0.0 for v in range(1, 7)]
    if reason == "start":
        return [float(v) for v in range(1, 7)]
    if reason == "slipstream":
        return [float(v) for v in range(1, 4)]
    if reason == "whoa_distance":
        return [-0.6 * v for v in range(1, 4)]
    return None


def move_left(state: Any) -> float:
    """Inches of the move being resolved that are still to come."""
    m = state.move
    if m is None:
        return 0.0
    return float((m.allowance_left if m.main else 0.0) + m.bonus_left + m.stamina_left)


def favour_choice(values: list[float], v: int, threshold: float) -> tuple[str, float]:
    """Best use of a favour point on face v: ('keep'|'reroll'|'favour_plus'|
    'favour_minus', expected gain in inches). A re-roll stands as rolled."""
    cur = values[v - 1]
    best, gain = "keep", 0.0
    options = [("reroll", mean(values) - cur)]
    if v < len(values):
        options.append(("favour_plus", values[v] - cur))
    if v > 1:
        options.append(("favour_minus", values[v - 2] - cur))
    for name, g in options:
        if g > gain + 1e-9:
            best, gain = name, g
    if gain <= threshold:
        return "keep", 0.0
    return best, gain
