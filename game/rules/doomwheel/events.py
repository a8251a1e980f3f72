"""The Doomwheel Race's events (frozen; the renderer animates them, the log prints
their text). Dice use game.core.events.RollMade."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.events import Event, OrderDecided, fast_init  # noqa: F401  (OrderDecided: shared, re-exported)


CRITTER_WORDS: dict[str, str] = {"fanatic": "Fanatic", "slayer": "Dammaz-Drengi", "slave": "slave"}


@dataclass(frozen=True)
class TurnStarted(Event):
    turn: int

    def text(self) -> str:
        return f"Turn {self.turn} begins"


@dataclass(frozen=True)
class WheelPlaced(Event):
    wheel: str
    x: float
    y: float
    heading: float

    def text(self) -> str:
        return f"{self.wheel} takes its place on the start grid at ({self.x:.1f}, {self.y:.1f})"


@dataclass(frozen=True)
class CritterSetAside(Event):
    """A critter the level placed under the start grid, taken off at set-up."""

    critter: str
    critter_kind: str

    def text(self) -> str:
        kind = CRITTER_WORDS.get(self.critter_kind, self.critter_kind)
        return f"{self.critter} ({kind}) stood on the start grid: taken off until the critters come back"


@dataclass(frozen=True)
class WheelMoved(Event):
    """A straight slide (or drive) of a wheel from (x0, y0) to (x1, y1); `how` is
    move, slip, tangled, out_of_control, shove or sabotage."""

    wheel: str
    how: str
    x0: float
    y0: float
    x1: float
    y1: float
    heading: float
    stopped_by: str = ""

    def text(self) -> str:
        d = ((self.x1 - self.x0) ** 2 + (self.y1 - self.y0) ** 2) ** 0.5
        stop = f", stopped by {self.stopped_by}" if self.stopped_by else ""
        return f"{self.wheel} moves {d:.2f}\" ({self.how}){stop}"


@dataclass(frozen=True)
class WheelTurned(Event):
    """A Schwenk (or pivot) about (px, py) from heading h0 (in [0, 360)) to h1 = h0 + the
    signed turn, not reduced (h1 - h0 is the turn); `cost` inches of move."""

    wheel: str
    how: str
    px: float
    py: float
    h0: float
    h1: float
    x1: float
    y1: float
    cost: float
    stopped_by: str = ""

    def text(self) -> str:
        return f"{self.wheel} wheels {self.h1 - self.h0:+.1f} degrees ({self.how})"


@dataclass(frozen=True)
class RanOver(Event):
    wheel: str
    critter: str
    critter_kind: str

    def text(self) -> str:
        return f"{self.wheel} runs over {self.critter} ({self.critter_kind})"


@dataclass(frozen=True)
class WoundsChanged(Event):
    wheel: str
    before: int
    after: int
    reason: str

    def text(self) -> str:
        return f"{self.wheel}: wounds {self.before} -> {self.after} ({self.reason.replace('_', ' ')})"


@dataclass(frozen=True)
class HitResolved(Event):
    """One Strength-S hit: wounded or not, saved or not."""

    wheel: str
    strength: int
    wounded: bool
    saved: bool

    def text(self) -> str:
        res = "saved" if self.saved else ("a wound" if self.wounded else "no wound")
        return f"Strength {self.strength} hit on {self.wheel}: {res}"


@dataclass(frozen=True)
class SlaveResult(Event):
    wheel: str
    roll: int
    result: str

    def text(self) -> str:
        return f"{self.wheel}: slave table {self.roll}: {self.result.replace('_', ' ')}"


@dataclass(frozen=True)
class WheelDestroyed(Event):
    wheel: str

    def text(self) -> str:
        return f"{self.wheel} is destroyed"


@dataclass(frozen=True)
class CheckpointPassed(Event):
    wheel: str
    checkpoint: int

    def text(self) -> str:
        return f"{self.wheel} passes checkpoint {self.checkpoint + 1}"


@dataclass(frozen=True)
class LapCompleted(Event):
    wheel: str
    laps: int

    def text(self) -> str:
        return f"{self.wheel} completes lap {self.laps}"


@dataclass(frozen=True)
class Repaired(Event):
    wheel: str

    def text(self) -> str:
        return f"{self.wheel} stops to repair"


@dataclass(frozen=True)
class RaceOver(Event):
    winner: str | None
    reason: str

    def text(self) -> str:
        return f"The race is over: {self.winner or 'a draw'} ({self.reason})"


@dataclass(frozen=True)
class Rammed(Event):
    """`rammer` touched `rammed`; the D6 `roll` decided which is `affected`."""

    rammer: str
    rammed: str
    roll: int
    affected: str

    def text(self) -> str:
        return f"{self.rammer} rams {self.rammed}: {self.affected} is affected"


@dataclass(frozen=True)
class RamResult(Event):
    wheel: str
    roll: int
    result: str

    def text(self) -> str:
        return f"{self.wheel}: ram table {self.roll}: {self.result.replace('_', ' ')}"


@dataclass(frozen=True)
class RamEffect(Event):
    """A ram result takes the wheel's movement phase: toppled, breakdown, out_of_control."""

    wheel: str
    effect: str

    def text(self) -> str:
        return f"{self.wheel} cannot move normally ({self.effect.replace('_', ' ')})"


@dataclass(frozen=True)
class CritterMoved(Event):
    critter: str
    x0: float
    y0: float
    x1: float
    y1: float

    def __init__(self, critter: str, x0: float, y0: float, x1: float, y1: float) -> None:
        fast_init(self, critter=critter, x0=x0, y0=y0, x1=x1, y1=y1)  # every critter's walk makes one

    def text(self) -> str:
        d = ((self.x1 - self.x0) ** 2 + (self.y1 - self.y0) ** 2) ** 0.5
        return f"{self.critter} walks {d:.1f}\" to ({self.x1:.1f}, {self.y1:.1f})"


@dataclass(frozen=True)
class CritterRespawned(Event):
    critter: str
    x: float
    y: float

    def text(self) -> str:
        return f"{self.critter} is back on the track at ({self.x:.1f}, {self.y:.1f})"
