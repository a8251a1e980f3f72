"""The dice mechanics every chart shares (rrtk-battle.md §2): passes from two faces
against a modified Rep (§2.1, §14.1), the 2d6-against-Rep tables where a 6 always
fails (Leader at Risk §18.3, Casualty Recovery §19.4), and hits from a total against
an Armor Class (§2.5) with the missile cap (§2.2, §16.6).

Reading (ambiguity #2, option `reaction_six_fails`): ordinary Reaction Tests have no
"6 always fails" rule, so a modified Rep of 6 or more passes both dice (`"no"`, the
default); `"yes"` applies the house convention of the other tables.
"""

from __future__ import annotations

FACES = (1, 2, 3, 4, 5, 6)
ACS = (2, 4, 6, 8)


def check_face(face: int) -> int:
    """A die face, 1-6; anything else is a caller's bug."""
    if face not in FACES:
        raise ValueError(f"a d6 face is 1-6, got {face!r}")
    return face


def die_passes(face: int, rep: int, *, six_fails: bool = False) -> bool:
    """One die against a modified Rep: passed when the face is at most the Rep (§2.1);
    with `six_fails` a 6 fails whatever the Rep (§18.3, §19.4)."""
    check_face(face)
    if six_fails and face == 6:
        return False
    return face <= rep


def passes(d1: int, d2: int, rep: int, *, reaction_six_fails: str = "no") -> int:
    """Pass 2d6, 1d6 or 0d6 of a Reaction Test (§2.1, §14.1): how many of the two faces
    are at most the modified Rep. `reaction_six_fails` is the option of ambiguity #2."""
    six = _yes_no(reaction_six_fails, "reaction_six_fails")
    return int(die_passes(d1, rep, six_fails=six)) + int(die_passes(d2, rep, six_fails=six))


def passes_six_fails(d1: int, d2: int, rep: int) -> int:
    """Passes on the tables that say a 6 always fails (Leader at Risk §18.3, Casualty
    Recovery §19.4)."""
    return int(die_passes(d1, rep, six_fails=True)) + int(die_passes(d2, rep, six_fails=True))


def points_per_hit(ac: int) -> int:
    """Each full AC + 1 points of a total is one hit (§2.5): AC2 3, AC4 5, AC6 7, AC8 9."""
    if ac not in ACS:
        raise ValueError(f"an Armor Class is 2, 4, 6 or 8, got {ac!r}")
    return ac + 1


def hits_from_total(total: int, ac: int) -> int:
    """floor(total / (AC + 1)), never below 0 (a total may be negative: §16.5 does not
    clamp a modified die, #57)."""
    return max(0, total // points_per_hit(ac))


def missile_hits(total: int, ac: int, firing_units: int) -> int:
    """Missile fire's hits: as `hits_from_total`, capped at the number of units firing
    at the target (§2.2, §16.6 step 4). Melee has no cap (§2.3)."""
    return min(hits_from_total(total, ac), max(0, firing_units))


def _yes_no(value: str, name: str) -> bool:
    if value not in ("yes", "no"):
        raise ValueError(f"{name} is yes or no, got {value!r}")
    return value == "yes"
