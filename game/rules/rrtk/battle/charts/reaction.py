"""Reaction Test arithmetic (rrtk-battle.md §14.1, §14.3-14.4, §5.15, §13.11): the
situational modifiers to Rep, outnumbering, and the modified Rep a test reads; the
sheets themselves are in sheets.py.

Readings (docs/rrtk-charts.md):
- #18 `terror_stacking`: `once` (at most -1 from all Terror sources) or `each`;
- #17 `stakes_reaction`: `fieldworks` (+1 behind stakes, as fieldworks) or `none`;
- #31 `cover_reaction`: `none` (cover gives no reaction bonus) or `fieldworks`;
- #48 `friends_in_contact`: `each_up_to_3` (+1 each, at most +3) or `flat`;
- #49 `leader_contact_bonus`: `others_only` (the Leader unit's own +2 only) or `both`;
- #50 `outnumbered_fired_on`: `figures` (the firers' figures exceed the target's) or
  `always` (any unit fired on is outnumbered).
"""

from __future__ import annotations

from dataclasses import dataclass

# §14.3 Situational Modifiers to Reputation (both sheets)
REACTION_MODIFIERS: dict[str, int] = {
    "leader_unit": 2,  # the unit holds the CinC or a Captain, or is a Hero
    "contact_with_leader": 1,
    "friend_in_contact": 1,  # each, up to 3
    "uphill_of_all": 1,
    "fieldworks": 1,  # in fieldworks, camp or similar
    "hit": -1,  # each hit suffered
    "missile_in_melee": -1,  # Missile or Skirmish unit in melee (artillerists too, §17.8)
    "outnumbered": -1,  # §14.4
    "terror": -1,  # Terror within 2" or flying over at Attack level; artillery fire; firearms; impacts
}
FRIENDS_IN_CONTACT_CAP = 3
LEADER_LOST_ARTIFACT = -2  # campaign items, out of scope (§14.3)
HEROIC_COMBAT_WITNESS = -1  # within 3" and sight of a Hero killed outright (§20.3)


@dataclass(frozen=True)
class Situation:
    """The testing unit's circumstances for §14.3. `terror_sources` counts the distinct
    Terror causes this test (a Terror unit within 2" or flying over, fire from
    Artillery, being the target of Firearms, an impact or explosion within 2")."""

    leader_unit: bool = False
    contact_with_leader: bool = False
    friends_in_contact: int = 0
    uphill_of_all: bool = False
    fieldworks: bool = False
    behind_stakes: bool = False
    in_cover: bool = False
    hits: int = 0
    missile_in_melee: bool = False
    outnumbered: bool = False
    terror_sources: int = 0
    hero: bool = False  # immune to Terror, never outnumbered (§20.2)
    other: int = 0  # any further modifier the engine adds (e.g. the Heroic Combat -1)


def reaction_modifiers(s: Situation, *, terror_stacking: str = "once", stakes_reaction: str = "fieldworks",
                       cover_reaction: str = "none", friends_in_contact: str = "each_up_to_3",
                       leader_contact_bonus: str = "others_only") -> list[tuple[str, int]]:
    """The modifiers that apply, as (id, value), in the QRS order (§14.3)."""
    m = REACTION_MODIFIERS
    out: list[tuple[str, int]] = []
    if s.leader_unit:
        out.append(("leader_unit", m["leader_unit"]))
    if s.contact_with_leader and (not s.leader_unit or leader_contact_bonus == "both"):
        out.append(("contact_with_leader", m["contact_with_leader"]))
    if s.friends_in_contact > 0:
        if friends_in_contact == "each_up_to_3":
            n = min(FRIENDS_IN_CONTACT_CAP, s.friends_in_contact)
        elif friends_in_contact == "flat":
            n = 1
        else:
            raise ValueError(f"friends_in_contact is each_up_to_3 or flat, got {friends_in_contact!r}")
        out.append(("friend_in_contact", n * m["friend_in_contact"]))
    if s.uphill_of_all:
        out.append(("uphill_of_all", m["uphill_of_all"]))
    dug_in = (s.fieldworks or (s.behind_stakes and stakes_reaction == "fieldworks")
              or (s.in_cover and cover_reaction == "fieldworks"))
    if dug_in:
        out.append(("fieldworks", m["fieldworks"]))
    if s.hits:
        out.append(("hit", s.hits * m["hit"]))
    if s.missile_in_melee:
        out.append(("missile_in_melee", m["missile_in_melee"]))
    if s.outnumbered and not s.hero:
        out.append(("outnumbered", m["outnumbered"]))
    if s.terror_sources > 0 and not s.hero:
        if terror_stacking not in ("once", "each"):
            raise ValueError(f"terror_stacking is once or each, got {terror_stacking!r}")
        n = 1 if terror_stacking == "once" else s.terror_sources
        out.append(("terror", n * m["terror"]))
    if s.other:
        out.append(("other", s.other))
    return out


def modified_rep(rep: int, s: Situation, **readings: str) -> int:
    """The Rep a unit tests at (§14.1, §23.10): its original Rep plus the modifiers
    (each hit -1 among them). Readings as `reaction_modifiers`."""
    return rep + sum(v for _, v in reaction_modifiers(s, **readings))


def outnumbered(own_figs: int, enemy_figs: int, *, fired_on: bool = False, hero: bool = False,
                outnumbered_fired_on: str = "figures") -> bool:
    """Whether a unit is outnumbered (§14.4): the enemy it fights (or, fired on, the
    units firing at it) have more figures (the list's Figs) than it and the friends
    fighting beside it. A Hero never is. #50 `always`: any unit fired on is."""
    if hero:
        return False
    if fired_on and outnumbered_fired_on == "always":
        return True
    if outnumbered_fired_on not in ("figures", "always"):
        raise ValueError(f"outnumbered_fired_on is figures or always, got {outnumbered_fired_on!r}")
    return enemy_figs > own_figs


def simultaneous_rout(rep_a: int, rep_b: int) -> str:
    """Two opposing units routing at once from a melee (§13.11), by modified current
    Rep (#46: original Rep - hits +- the modifiers of the test just taken): `a` or `b`
    stays in the melee with 1 hit and the other routs; `both_stay`: equal, both take
    1 hit and the melee goes on."""
    if rep_a == rep_b:
        return "both_stay"
    return "a" if rep_a > rep_b else "b"


SIMULTANEOUS_ROUT_HITS = 1
