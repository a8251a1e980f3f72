"""Dice shown the moment they are thrown (issue 12 item 8). The Wild Race's rules
emit a roll (RollMade) only once it is final: after the favour decision that may
follow it (a racer's roll, spec §3) and, for a group roll (placement, priority,
barge roll-off), after everyone's favour round. So that the player sees each die as
it lands, and decides with it in view, the session adds a `DieThrown` (a window
event like AiThought, never a rules event: replays and saves do not hold it) for
every die a favour decision now waits on. Plain Python, no pygame."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.events import Event


def _announces(ruleset: str) -> bool:
    """Whether the ruleset's dice are announced as thrown (its ui room's window part
    "announces_dice": the Wild Race's favour decisions)."""
    from game.core import registry
    registry.load("ui")
    reg = registry.find(ruleset)
    return bool(reg is not None and reg.window.get("announces_dice"))


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


class Throws:
    """Finds the dice a pending favour decision waits on, each announced once."""

    def __init__(self) -> None:
        self._offer: Any = None  # the favour_offer step announced last (held: its id is never reused)
        self._group: set[tuple[str, str, tuple[int, ...]]] = set()  # (reason, member, faces) announced

    def after(self, state: Any, events: list[Any], ruleset: str) -> list[DieThrown]:
        """The dice to announce after `events` were applied to `state`."""
        if not _announces(ruleset):
            return []
        if any(e.kind == "RollMade" for e in events):
            self._group.clear()  # a group roll resolved: the next one starts afresh
        stack = getattr(state, "stack", None)
        if not stack:
            return []
        top = stack[-1]
        if top.kind == "favour_offer":
            if top is self._offer:
                return []
            self._offer = top
            r = top["roll"]
            return [DieThrown(r["who"], r["player"], r["reason"], r["die"], int(top["value"]),
                              faces=tuple(r["faces"]))]
        if top.kind == "group_roll" and top["asking"] is not None:
            from game.rules.wild_race.engine import member_player
            faces = dict(top["faces"])
            out = []
            for m in top["stage"]:
                key = (top["what"], m, tuple(faces.get(m, ())))
                if m in faces and key not in self._group:
                    self._group.add(key)
                    out.append(DieThrown(m, member_player(state, top, m), top["what"], "d6",
                                         int(dict(top["values"])[m]), group=True, faces=key[2]))
            return out
        return []


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
