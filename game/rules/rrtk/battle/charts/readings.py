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
)

AMBIGUITY: dict[str, int] = {
    "reaction_six_fails": 2, "wr_after_cinc_lost": 21, "flyer_scouting": 23, "mounted_skirmish_scouting": 24,
    "no_scouts_bonus": 25, "first_turn_twice": 26, "bridge_rivers": 29, "movement_off_table": 37,
}


def defaults() -> dict[str, str]:
    """Every reading's default value, by name."""
    return {o.name: o.values[0][0] for o in READINGS}
