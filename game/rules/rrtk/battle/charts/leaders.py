"""Leaders and Heroes (rrtk-battle.md §18, §20): the Leader risk roll (1d6 per hit, a 6
puts him at risk), the Leader at Risk table (2d6 against the Leader's Rep, a 6 always
fails), Hero availability, the Hero's Rep and AC, and Heroic Combat.

Readings (docs/rrtk-charts.md):
- #65 the Leader's Rep is his unit's original Rep (the caller passes it);
- #67 Out of the Fight while his unit routs is `captured` (bookkeeping only);
- #71 `hero_ac`: `two_classes` (+4, at most 8) or `two_points` (+2, at most 8);
- #72 `hero_penalty`: `accumulates` (-2d6 for each punishing blow) or `once`.
"""

from __future__ import annotations

from game.rules.rrtk.battle.charts.dice import passes_six_fails

LEADER_RISK_FACE = 6
CARRY_ON, OUT_OF_FIGHT, DEAD, CAPTURED = "carry_on", "out_of_fight", "dead", "captured"
# §18.3 Leader at Risk: dice passed -> result
LEADER_AT_RISK: dict[int, str] = {2: CARRY_ON, 1: OUT_OF_FIGHT, 0: DEAD}
CAPTAIN_LOST_RADIUS = 2.0  # §18.4: units within 2" of a lost Captain test Leader Lost


def leader_risks(faces: tuple[int, ...]) -> int:
    """How many times a Leader is put at risk (§18.2): one d6 per hit his unit took from
    melee or missile fire, each 6 a risk."""
    return sum(1 for f in faces if f == LEADER_RISK_FACE)


def leader_at_risk(d1: int, d2: int, leader_rep: int, *, unit_routed: bool = False) -> str:
    """The Leader at Risk result (§18.3): pass 2 carry on, 1 out of the fight (captured
    if his unit routed, #67), 0 obviously dead. A 6 always fails."""
    result = LEADER_AT_RISK[passes_six_fails(d1, d2, leader_rep)]
    return CAPTURED if result == OUT_OF_FIGHT and unit_routed else result


def leader_lost(result: str) -> bool:
    """Out of the fight, captured or dead: the Leader is lost (§18.4)."""
    return result != CARRY_ON


HERO_FACE = 6


def hero_available(face: int) -> bool:
    """A Hero can be hired only on a 6 (§20.1)."""
    return face == HERO_FACE


def hero_rep(highest_list_rep: int) -> int:
    """Two more than the highest Rep of the army's list (§20.2)."""
    return highest_list_rep + 2


def hero_ac(highest_list_ac: int, *, hero_ac: str = "two_classes") -> int:
    """Two classes above the list's highest AC, at most 8 (§20.2, #71)."""
    step = {"two_classes": 4, "two_points": 2}.get(hero_ac)
    if step is None:
        raise ValueError(f"hero_ac is two_classes or two_points, got {hero_ac!r}")
    return min(8, highest_list_ac + step)


def heroic_dice(rep: int, ac: int, blows_taken: int = 0, *, hero_penalty: str = "accumulates") -> int:
    """Dice a Hero rolls in Heroic Combat (§20.3): Rep + AC, less 2 after a punishing
    blow (for each blow with `accumulates`, once with `once`, #72)."""
    if hero_penalty not in ("accumulates", "once"):
        raise ValueError(f"hero_penalty is accumulates or once, got {hero_penalty!r}")
    blows = blows_taken if hero_penalty == "accumulates" else min(1, blows_taken)
    return max(0, rep + ac - 2 * blows)


def successes(faces: tuple[int, ...]) -> int:
    """Heroic Combat successes: each 1, 2 or 3 (§20.3)."""
    return sum(1 for f in faces if f <= 3)


REROLL, EVEN = "reroll", "even"
KILLED, BLOW = "killed", "blow"


def heroic_step(successes_a: int, successes_b: int) -> tuple[str, str | None]:
    """One exchange of Heroic Combat (§20.3): both with successes re-roll only those
    (`reroll`); both none: evenly matched, fight again (`even`); one side alone with
    successes wins: 2 or more, the loser is killed outright (`killed`, his army tests
    Leader Lost, those within 3" at -1); 1, a punishing blow (`blow`: the loser rolls
    Leader at Risk and, carrying on, fights again at -2d6). Returns (outcome, winner)."""
    if successes_a and successes_b:
        return REROLL, None
    if not successes_a and not successes_b:
        return EVEN, None
    winner, margin = ("a", successes_a) if successes_a else ("b", successes_b)
    return (KILLED if margin >= 2 else BLOW), winner
