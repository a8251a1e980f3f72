"""The Doomwheel Race state (spec §1): wheels, critters, the turn, the stack of
pending steps and the dice generator. Plain data; `clone` is hand-written (CONTRACTS
§2): it copies what changes and shares the course and the immutable steps."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.levels.course import Course
from game.core.step import Step  # noqa: F401  (re-exported: the engine imports it from here)
from game.rules.doomwheel.options import Options

MM = 1.0 / 25.4
WHEEL_LENGTH = 100 * MM
WHEEL_WIDTH = 50 * MM
CRITTER_RADIUS = {"fanatic": 12.5 * MM, "slayer": 12.5 * MM, "slave": 10.0 * MM}
GRID_GAP = 0.25  # inches between wheels and to the edges on the start grid
RUNNING = "running"
DESTROYED = "destroyed"
OVER = "over"


@dataclass
class Wheel:
    """One Doomwheel: a rectangular 50 x 100 mm base, its profile and race record."""

    id: str
    player: str
    x: float = 0.0
    y: float = 0.0
    heading: float = 0.0
    length: float = WHEEL_LENGTH
    width: float = WHEEL_WIDTH
    wounds: int = 5
    max_wounds: int = 5
    toughness: int = 6
    armour: int = 4
    sabotage: int = 5
    fired_turn: int = -99  # the last turn its team's bolt thrower fired
    laps: int = 0
    next_cp: int = 0  # index into the lap sequence (the checkpoints, then the start line)
    status: str = RUNNING
    ram_effect: str = ""  # "", toppled, breakdown, out_of_control: for its next move
    ram_effect_turn: int = 0  # the turn from which the effect applies
    moved_turn: int = 0  # the last turn whose move it started

    @property
    def running(self) -> bool:
        return self.status == RUNNING

    def key(self) -> tuple[float, float, float]:
        return (self.x, self.y, self.heading)

    def copy(self) -> "Wheel":
        """A copy (every field is a plain value; faster than dataclasses.replace)."""
        return Wheel(self.id, self.player, self.x, self.y, self.heading, self.length, self.width, self.wounds,
                     self.max_wounds, self.toughness, self.armour, self.sabotage, self.fired_turn, self.laps,
                     self.next_cp, self.status, self.ram_effect, self.ram_effect_turn, self.moved_turn)


@dataclass
class Critter:
    """A Fanatic, a Dammaz-Drengi (kind 'slayer') or a slave on a round base."""

    id: str
    kind: str
    x: float
    y: float
    radius: float
    alive: bool = True

    def copy(self) -> "Critter":
        return Critter(self.id, self.kind, self.x, self.y, self.radius, self.alive)


@dataclass
class DoomState:
    options: Options
    course: Course
    players: tuple[str, ...]
    wheels: dict[str, Wheel]
    critters: dict[str, Critter]
    rng: int
    seed: int = 0
    turn: int = 0
    phase: str = "setup"
    order: tuple[str, ...] = ()
    stack: list[Step] = field(default_factory=list)
    winner: str | None = None
    end_reason: str = ""
    table: Any = None  # the shared Geo (game.rules.doomwheel.geo), synced on use
    active: str = ""  # the wheel whose movement-phase activation is running

    @property
    def steps(self) -> list[Step]:
        """The stack of pending steps (its top last)."""
        return self.stack

    def wheel_of(self, player: str) -> Wheel:
        return self.wheels[player]

    def running(self) -> list[Wheel]:
        return [w for w in self.wheels.values() if w.running]

    def clone(self) -> "DoomState":
        return DoomState(self.options, self.course, self.players,
                         {k: w.copy() for k, w in self.wheels.items()},
                         {k: c.copy() for k, c in self.critters.items()},
                         self.rng, self.seed, self.turn, self.phase, self.order, list(self.stack),
                         self.winner, self.end_reason, self.table, self.active)
