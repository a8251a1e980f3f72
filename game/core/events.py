"""Typed, frozen events. Rules emit them; the renderer animates them, the log panel
and replay text are made from them. Each ruleset defines its own event classes by
subclassing Event; `to_json` gives {"kind": ClassName, ...fields}."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class Event:
    @property
    def kind(self) -> str:
        return type(self).__name__

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, float):
                v = round(v, 6)
            elif isinstance(v, tuple):
                v = [round(x, 6) if isinstance(x, float) else x for x in v]
            out[f.name] = v
        return out

    def text(self) -> str:
        """Plain words for the log; rulesets override per event."""
        return self.kind


def fast_init(event: Event, **values: Any) -> None:
    """Set a frozen event's fields in one go: for the hand-written `__init__` of an
    event made very often (a die's RollMade); `values` must name every field."""
    event.__dict__.update(values)


@dataclass(frozen=True)
class RollMade(Event):
    """A finished roll: for whom, why, every face thrown, the result, favour used."""

    for_whom: str
    player: str
    reason: str
    die: str
    faces: tuple[int, ...]
    result: int
    favour: str | None = None

    def __init__(self, for_whom: str, player: str, reason: str, die: str, faces: tuple[int, ...], result: int,
                 favour: str | None = None) -> None:
        # every die makes one: set the fields at once (the generated frozen __init__
        # sets each through object.__setattr__, twice as slow); still frozen after
        fast_init(self, for_whom=for_whom, player=player, reason=reason, die=die, faces=faces, result=result,
                  favour=favour)

    def text(self) -> str:
        faces = ", ".join(str(f) for f in self.faces)
        fav = f" (favour: {self.favour})" if self.favour else ""
        shown = f"{faces} -> {self.result}" if len(self.faces) > 1 or self.favour else faces
        return f"{self.for_whom} rolls {self.die.upper()} for {self.reason.replace('_', ' ')}: {shown}{fav}"


@dataclass(frozen=True)
class OrderDecided(Event):
    """The order a group roll decided (placement, priority, initiative...): highest
    first."""

    what: str
    order: tuple[str, ...]

    def text(self) -> str:
        return f"{self.what.capitalize()} order: {', '.join(self.order)}"
