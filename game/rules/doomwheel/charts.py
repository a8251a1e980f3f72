"""Dice charts as data (spec §4 slave table, §5 ram table) and the Warhammer 7th
edition hit mechanics of §8: to hit (with the 7+ procedure), to wound, armour saves."""

from __future__ import annotations

# roll -> result id
SLAVE_TABLE: dict[int, str] = {1: "tangled", 2: "tangled", 3: "rat_food", 4: "defect", 5: "slip", 6: "slip"}
RAM_TABLE: dict[int, str] = {1: "toppled", 2: "toppled", 3: "breakdown", 4: "breakdown",
                             5: "out_of_control", 6: "out_of_control"}
# the ram roll: 1-2 the rammer is affected, 3-6 the rammed wheel
RAM_ROLL: dict[int, str] = {1: "rammer", 2: "rammer", 3: "rammed", 4: "rammed", 5: "rammed", 6: "rammed"}


def to_wound(strength: int, toughness: int) -> int | None:
    """The D6 score needed to wound (None: cannot wound)."""
    d = strength - toughness
    if d >= 2:
        return 2
    if d == 1:
        return 3
    if d == 0:
        return 4
    if d == -1:
        return 5
    if d >= -3:
        return 6
    return None


def save_needed(armour: int | None, strength: int) -> int | None:
    """The D6 score the armour save needs against a hit of `strength` (None: no save).
    Worsens by 1 for each point of Strength above 3; 7+ is impossible."""
    if armour is None:
        return None
    need = armour + max(0, strength - 3)
    return need if need <= 6 else None


def save_passes(need: int | None, face: int) -> bool:
    return need is not None and face != 1 and face >= need


def to_hit_target(bs: int, modifier: int) -> int:
    """The modified score to hit: 7 - BS, less the (negative) modifiers."""
    return 7 - bs - modifier


def to_hit_second(target: int) -> int | None:
    """For a target of 7+: the second roll needed after a 6 (7: 4+, 8: 5+, 9: 6+);
    None if the target is 10+ (impossible) or under 7 (one roll is enough)."""
    if target < 7 or target >= 10:
        return None
    return target - 3


def hits(target: int, first: int, second: int | None = None) -> bool:
    """Whether a shot hits: a 1 always misses; up to 6+ one roll; 7+ a 6 then the
    second roll; 10+ never."""
    if first == 1:
        return False
    if target <= 6:
        return first >= max(2, target)
    if target >= 10 or first != 6 or second is None:
        return False
    need = to_hit_second(target)
    return need is not None and second >= need
