"""Wild Race events (typed, frozen); `text()` gives the log line in plain words."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.events import Event, OrderDecided, RollMade, fast_init  # noqa: F401  (shared, re-exported)


def _f(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class PhaseBegan(Event):
    turn: int
    phase: str

    def text(self) -> str:
        if self.turn:
            return f"Turn {self.turn}: {self.phase.replace('_', ' ')} phase"
        return {"setup": "Set-up: the placement roll", "placement": "Placement on the start line",
                "starting_turn": "The starting turn: 5\" + D6 straight ahead"}.get(self.phase, self.phase)


@dataclass(frozen=True)
class Placed(Event):
    racer: str
    x: float
    y: float
    heading: float

    def text(self) -> str:
        return f"{self.racer} takes its place on the start line"


@dataclass(frozen=True)
class Moved(Event):
    racer: str
    how: str
    x0: float
    y0: float
    h0: float
    x1: float
    y1: float
    h1: float

    def __init__(self, racer: str, how: str, x0: float, y0: float, h0: float, x1: float, y1: float,
                 h1: float) -> None:
        # the commonest event (every leg of every move, in the AI's playouts too)
        fast_init(self, racer=racer, how=how, x0=x0, y0=y0, h0=h0, x1=x1, y1=y1, h1=h1)

    def text(self) -> str:
        d = ((self.x1 - self.x0) ** 2 + (self.y1 - self.y0) ** 2) ** 0.5
        if self.how == "pivot" or d < 1e-6:
            return ""  # a pivot: the Pivoted event says it
        words = {"move": "moves", "start": "starts", "push": "is pushed", "whoa": "slides", "yeehaw": "charges",
                 "overtake": "overtakes", "jump": "jumps", "barge": "barges in", "surprise": "draws alongside",
                 "back": "falls back", "yah": "moves"}
        return f"{self.racer} {words.get(self.how, self.how.replace('_', ' '))} {_f(d)}\""


@dataclass(frozen=True)
class Pivoted(Event):
    racer: str
    h0: float
    h1: float

    def text(self) -> str:
        return f"{self.racer} pivots"


@dataclass(frozen=True)
class Blocked(Event):
    racer: str
    by: str
    what: str

    def text(self) -> str:
        return f"{self.racer} stops against {self.by} ({self.what})"


@dataclass(frozen=True)
class ChartResult(Event):
    racer: str
    chart: str
    roll: int
    result: str

    def text(self) -> str:
        return f"{self.racer}: {self.chart.replace('_', ' ')} chart {self.roll} - {self.result}"


@dataclass(frozen=True)
class HitTaken(Event):
    racer: str
    strength: int
    roll: int
    wounded: bool

    def text(self) -> str:
        res = "loses a life" if self.wounded else "shrugs it off"
        return f"{self.racer} takes a Strength {self.strength} hit, rolls {self.roll}: {res}"


@dataclass(frozen=True)
class LifeLost(Event):
    racer: str
    lives: int
    taken_by: str | None

    def text(self) -> str:
        by = f" (taken by {self.taken_by})" if self.taken_by else ""
        return f"{self.racer} loses a life, {self.lives} left{by}"


@dataclass(frozen=True)
class Casualty(Event):
    racer: str

    def text(self) -> str:
        return f"{self.racer} is a casualty and leaves the race"


@dataclass(frozen=True)
class FavourGained(Event):
    racer: str
    total: int
    why: str

    def text(self) -> str:
        return f"{self.racer} gains a favour point ({self.why}), now {self.total}"


@dataclass(frozen=True)
class FavourUsed(Event):
    racer: str
    how: str  # reroll | plus | minus
    before: int
    after: int | None
    reason: str

    def text(self) -> str:
        what = {"reroll": "to re-roll", "plus": "for +1", "minus": "for -1"}.get(self.how, self.how)
        return f"{self.racer} spends a favour point {what} on its {self.reason.replace('_', ' ')} roll"


@dataclass(frozen=True)
class StaminaSpent(Event):
    racer: str
    points: int
    left: int

    def text(self) -> str:
        return f"{self.racer} spends {self.points} stamina ({self.left} left)"


@dataclass(frozen=True)
class PenaltyAdded(Event):
    racer: str
    inches: int
    total: int

    def text(self) -> str:
        return f"{self.racer}: -{self.inches}\" next Movement Phase (total -{self.total}\")"


@dataclass(frozen=True)
class LockedOut(Event):
    racer: str
    scope: str  # phase | turn

    def text(self) -> str:
        return f"{self.racer} can take no further action this {self.scope}"


@dataclass(frozen=True)
class ContactMade(Event):
    racer: str
    other: str

    def text(self) -> str:
        return f"{self.racer} moves into contact with {self.other}"


@dataclass(frozen=True)
class WhipTaken(Event):
    loser: str
    taker: str

    def text(self) -> str:
        return f"{self.taker} grabs {self.loser}'s whip"


@dataclass(frozen=True)
class Declared(Event):
    racer: str
    action: str
    target: str

    def text(self) -> str:
        tail = f" {self.target}" if self.target else ""
        return f"{self.racer} {self.action.replace('_', ' ')}{tail}"


@dataclass(frozen=True)
class RollOff(Event):
    attacker: str
    attacker_roll: int
    defender: str
    defender_roll: int
    winner: str

    def text(self) -> str:
        return (f"Barge roll-off: {self.attacker} {self.attacker_roll} vs {self.defender} "
                f"{self.defender_roll}: {self.winner} wins")


@dataclass(frozen=True)
class EdgeHit(Event):
    racer: str
    hits: int

    def text(self) -> str:
        return f"{self.racer} slams into the course edge: {self.hits} Strength 4 hit(s)"


@dataclass(frozen=True)
class ObstacleMoved(Event):
    obstacle: str
    how: str  # moved | recycled
    x0: float
    y0: float
    x1: float
    y1: float

    def text(self) -> str:
        return f"{self.obstacle} is {self.how}"


@dataclass(frozen=True)
class ObstacleRemoved(Event):
    obstacle: str

    def text(self) -> str:
        return f"{self.obstacle} is removed: no room ahead of the race"


@dataclass(frozen=True)
class Finished(Event):
    racer: str
    place: int

    def text(self) -> str:
        return f"{self.racer} crosses the finish line in place {self.place}"


@dataclass(frozen=True)
class RaceEnded(Event):
    order: tuple[str, ...]
    turn: int

    def text(self) -> str:
        return f"The race is over after turn {self.turn}: {', '.join(self.order)}"
