"""The Doomwheel Race's first-game hints (game.ui.hints), in the order they may show."""

from __future__ import annotations

from game.ui.hints import DICE, Hint

HINTS = [
    Hint("doom_drive", "Drive rolls 3D6: your wheel must go that far this turn. Repair stays put and "
                       "regains D3 wounds instead."),
    Hint("doom_aim", "Aim with the pointer: the ghost shows the whole path, what it runs over and the "
                     "inches. Q / E swing the Schwenk; click or Enter to go."),
    Hint("doom_sabotage", "Sabotage: pick an enemy wheel and how many points, then click the table for the "
                          "way it slides. Pass keeps your points."),
    DICE,
]
