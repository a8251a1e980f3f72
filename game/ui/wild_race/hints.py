"""The Wild Race's first-game hints (game.ui.hints), in the order they may show."""

from __future__ import annotations

from game.ui.hints import DICE, Hint

HINTS = [
    Hint("place", "Your racers start here: click a numbered slot behind the start line (or its button on the "
                  "right) to put one down."),
    Hint("pick", "Your move: click one of your racers (or its Move button) to pick it up."),
    Hint("ghost", "The ghost follows the pointer: the tape gives the inches used and what the move would "
                  "touch. Click to go there; Q / E turn the end facing; Esc puts the racer back."),
    Hint("odds", "Decide here: each button says what it does, with the odds of the die that follows."),
    DICE,
]
