"""The Wild Race's dice shown as thrown (game.ui.throws): a favour decision waits on
a die (a racer's roll, spec §3) or on everyone's favour round of a group roll; the
session announces each such die once, as a `DieThrown`. Plain Python, no pygame."""

from __future__ import annotations

from typing import Any

from game.ui.throws import DieThrown


class Throws:
    """Finds the dice a pending favour decision waits on, each announced once."""

    def __init__(self) -> None:
        self._offer: Any = None  # the favour_offer step announced last (held: its id is never reused)
        self._group: set[tuple[str, str, tuple[int, ...]]] = set()  # (reason, member, faces) announced

    def after(self, state: Any, events: list[Any]) -> list[DieThrown]:
        """The dice to announce after `events` were applied to `state`."""
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
