"""Dice shown the moment they are thrown (issue 12 item 8). The Wild Race's rules
emit a roll (RollMade) only once it is final: after the favour decision that may
follow it (a racer's roll, spec §3) and, for a group roll (placement, priority,
barge roll-off), after everyone's favour round. So that the player sees each die as
it lands, and decides with it in view, the session adds a `DieThrown` (a window
event like AiThought, never a rules event: replays and saves do not hold it) for
every die a favour decision now waits on (the Wild Race's `Throws`,
game.ui.wild_race.throws, a window part of its registration that the session asks
after every step). Plain Python, no pygame."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.events import Event


@dataclass(frozen=True)
class DieThrown(Event):
    """A die on the table that a favour decision may still change."""

    for_whom: str  # a racer (a player, for placement and priority)
    player: str
    reason: str
    die: str
    face: int
    group: bool = False  # one of a group roll's dice (everyone's favour round follows)
    faces: tuple[int, ...] = ()  # every face thrown for it so far (a re-roll's first die too)

    def text(self) -> str:
        what = self.reason.replace("_", " ")
        if self.group:
            again = " (re-rolled)" if len(self.faces) > 1 else ""
            return f"{self.for_whom} throws {self.face} for {what}{again}; favour may still change it"
        return f"{self.for_whom} throws {self.face} for {what}: keep it, or spend favour?"


def settled_text(roll: Any) -> str:
    """The log line of a final roll whose die was shown as it was thrown: the
    decision beside it (kept; else the roll's own words, with the favour spent)."""
    if not roll.favour:
        return f"{roll.for_whom} keeps {roll.result} for {roll.reason.replace('_', ' ')}"
    return str(roll.text())


def turn_mark(e: Any) -> bool:
    """Does `e` start a turn (the log marks it)? The Wild Race's turn starts with
    its Priority Phase (and the starting turn), the Doomwheel's with TurnStarted."""
    k = getattr(e, "kind", "")
    return k == "TurnStarted" or (k == "PhaseBegan" and getattr(e, "phase", "") in ("priority", "starting_turn"))
