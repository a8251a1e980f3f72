"""The readings of the spec's ambiguities that the charts implement, as rules options
(rrtk-battle.md §22.2; docs/rrtk-charts.md "Readings to become options"). Each is an
`Option` of game/core/options.py, default first, and the keyword of the same name on
the chart functions that depend on it; `AMBIGUITY[name]` is its row of §22.2.

The engine registers them among the ruleset's options and passes the chosen values
through to the charts; the charts never read options themselves.
"""

from __future__ import annotations

from game.core.options import Option

READINGS: tuple[Option, ...] = (
    Option("reaction_six_fails", "A 6 on a Reaction Test", section="§2.1",
           values=(("no", "passes if the Rep is 6 or more"), ("yes", "always fails")),
           help="The book says a 6 always fails only on the Leader at Risk and Casualty Recovery tables; "
                "with yes every Reaction Test die of 6 fails too (a common house rule)."),
    Option("wr_after_cinc_lost", "War Rating after the CinC is lost", section="§6.4",
           values=(("captains", "1 per surviving Captain (at least 1)"), ("one", "1")),
           help="When the CinC is lost his points go; surviving Captains keep adding 1 each (at least 1 "
                "activation), or the army activates just 1 Body a turn."),
    Option("flyer_scouting", "A flyer's Scouting Value", section="§10.2",
           values=(("6", "6 (the Scouting Table)"), ("12", "12 (six AC2 Light Cavalry)")),
           help="The Scouting Table gives a flying unit 6; the flyers' rules count it as six AC2 Light Cavalry "
                "units, 2 each."),
    Option("mounted_skirmish_scouting", "AC2 Mounted Skirmish scouting", section="§10.2",
           values=(("higher", "2 (counted once)"), ("sum", "3 (both rows)")),
           help="An AC2 Mounted Skirmish unit fits two rows of the Scouting Table: counted once at the higher "
                "value, or both added."),
    Option("no_scouts_bonus", "Neither side has scouts", section="§10.3",
           values=(("neither", "no scouting bonus"), ("both", "+2 to both")),
           help="Who's Attacking gives +2 when the opponent has no scouts; when neither side has any, nobody "
                "gets it, or both do."),
    Option("first_turn_twice", "The attacker's first-turn bonus", section="§10.4",
           values=(("at_least", "at least twice the defender's total"), ("exactly", "exactly twice")),
           help="The attacker's Bodies move +50% on turn 1 when its Who's Attacking total was twice the "
                "defender's: twice or more, or exactly twice."),
    Option("bridge_rivers", "Rivers with an automatic bridge", section="§10.6",
           values=(("5_and_9", "water results 5 and 9"), ("6_and_10", "water results 6 and 10")),
           help="Which Water Generator rivers come with an automatic bridge; the text prints the words after "
                "results 5 and 9."),
    Option("movement_off_table", "Units off the movement tables", section="§12.2",
           values=(("nearest", "the nearest row and column"), ("refuse", "refused (house rule needed)")),
           help="AC8 moves on the AC6 row, 1 figure in the 2-figure column, more than 4 in the 4-figure "
                "column; or such a unit is refused."),
    Option("cannon_spots", "Where a cannonball lands", section="§5.3",
           values=(("cumulative", "bouncing on: highest, +middle, +lowest"), ("separate", "each die from the cannon")),
           help="The three sorted dice give three landing spots: measured on from each other (a bouncing ball, "
                "18\" at most, as the range says), or each from the cannon."),
    Option("dual_missile_dice", "Dual-Armed missile dice", section="§5.7",
           values=(("1", "1 die"), ("2", "2 dice")),
           help="How many dice a Dual-Armed unit shoots with: 1, like the other 3\" shooters that are not Missile "
                "units, or 2."),
    Option("firearms_range", "Firearms need", section="§5.10",
           values=(("distance", "at least the distance in inches"), ("weapon", "3 or more")),
           help="A Firearms d6 hits when it is at least the range: the measured distance rounded up (1\" any "
                "roll, 2\" a 2+), or the weapon's 3\" range."),
    Option("firearms_modifiers", "Missile modifiers on Firearms", section="§5.10",
           values=(("no", "not applied"), ("yes", "applied")),
           help="Whether the missile modifiers (mounted target, cover, figures, Elite) change the Firearms die."),
    Option("mounted_vs_pike", "Mounted against Pike", section="§5.12",
           values=(("always", "never melee Pike"), ("while_bonus", "only while the Pike has its +2")),
           help="Mounted units that would melee Pike retire with a hit instead: always, or only while the Pike "
                "unit keeps its +2 (no exception applies)."),
    Option("mounted_vs_pike_hits", "Hits for mounted against Pike", section="§5.12",
           values=(("1", "1 (the Retire's hit)"), ("2", "2")),
           help="\"Retire and suffer one hit\": the single hit every Retire brings, or one more on top."),
    Option("shock_bonus_rounds", "Shock cavalry's +1", section="§5.13",
           values=(("first", "first round of the melee it charged into"), ("every", "every round of it")),
           help="The charging bonus of Shock cavalry lasts the first round, like the other charge bonuses, or "
                "every round of that melee."),
    Option("stakes_reaction", "Stakes on Reaction Tests", section="§5.14",
           values=(("fieldworks", "+1, as fieldworks"), ("none", "no bonus")),
           help="A unit behind its stakes tests at +1 (the \"in fieldworks, camp or similar\" line), or gets "
                "no reaction bonus from them."),
    Option("terror_stacking", "Several Terror sources", section="§5.15",
           values=(("once", "-1 in all"), ("each", "-1 for each")),
           help="A Terror unit within 2\", fire from Artillery, Firearms and impacts near by each give -1: at "
                "most -1 together, or -1 each."),
    Option("cover_reaction", "Cover on Reaction Tests", section="§10.7",
           values=(("none", "no bonus"), ("fieldworks", "+1, as fieldworks")),
           help="Whether a unit in cover (woods, rocky, gully, hill, buildings) tests at +1 like fieldworks."),
    Option("friends_in_contact", "Friends in contact", section="§14.3",
           values=(("each_up_to_3", "+1 each, at most +3"), ("flat", "+1 for 1 to 3")),
           help="\"Each friendly unit in contact up to 3\": +1 for each (at most +3), or a flat +1."),
    Option("leader_contact_bonus", "A Leader unit touching another", section="§14.3",
           values=(("others_only", "+2 only"), ("both", "+2 and +1")),
           help="A Leader unit or Hero tests at +2; the +1 for contact with a Leader unit goes to the other "
                "units only, or to it as well when it touches another Leader unit."),
    Option("outnumbered_fired_on", "Outnumbered when fired on", section="§14.4",
           values=(("figures", "when the firers have more figures"), ("always", "always")),
           help="A unit fired on is outnumbered (-1) when the units firing at it have more figures, or always."),
    Option("clause_precedence", "A unit fitting several clauses", section="§14.9",
           values=(("rout_first", "a rout clause, else the first printed"), ("player_choice", "its owner chooses")),
           help="When a Reaction Test cell names the unit in several clauses (a mounted unit charged in the "
                "flank): a rout clause first, then the first in print order; or the owner picks one."),
    Option("hero_ac", "A Hero's Armor Class", section="§20.2",
           values=(("two_classes", "two classes higher (+4)"), ("two_points", "two points higher (+2)")),
           help="Two classes above the list's best AC, at most 8: two steps of 2/4/6/8, or +2."),
    Option("hero_penalty", "Heroic Combat -2d6", section="§20.3",
           values=(("accumulates", "for each punishing blow"), ("once", "once")),
           help="A Hero who carries on after a punishing blow fights again at -2d6: again for each blow, or "
                "once only."),
)

AMBIGUITY: dict[str, int] = {
    "reaction_six_fails": 2, "wr_after_cinc_lost": 21, "flyer_scouting": 23, "mounted_skirmish_scouting": 24,
    "no_scouts_bonus": 25, "first_turn_twice": 26, "bridge_rivers": 29, "movement_off_table": 37,
    "cannon_spots": 5, "dual_missile_dice": 6, "firearms_range": 9, "firearms_modifiers": 10, "mounted_vs_pike": 14,
    "mounted_vs_pike_hits": 15, "shock_bonus_rounds": 16, "stakes_reaction": 17, "terror_stacking": 18,
    "cover_reaction": 31, "friends_in_contact": 48, "leader_contact_bonus": 49, "outnumbered_fired_on": 50,
    "clause_precedence": 53, "hero_ac": 71, "hero_penalty": 72,
}


def defaults() -> dict[str, str]:
    """Every reading's default value, by name."""
    return {o.name: o.values[0][0] for o in READINGS}
