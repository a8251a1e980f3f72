"""The Wild Race state: plain data (spec §2 racer sheet, obstacles, turn and phase,
the stack of pending steps). Positions and facings live here, in inches and degrees;
the table mirrors them. `clone` is hand-written and cheap (CONTRACTS §2).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from game.levels.course import Course
from game.core.step import Step  # noqa: F401  (the pending steps of the stack; shared by the rulesets)
from game.rules.wild_race.options import Options

BASE_LENGTH = 1.97  # 50 mm, along the facing
BASE_WIDTH = 0.98  # 25 mm

RACING, FINISHED, CASUALTY = "racing", "finished", "casualty"
NO_LOCK, PHASE_LOCK, TURN_LOCK = "none", "phase", "turn"

# Phases, in turn order.
SETUP, PLACEMENT, STARTING, PRIORITY, MOVEMENT, SPUR_WHIP, BARGE, SCENERY, OVER = (
    "setup", "placement", "starting_turn", "priority", "movement", "spur_whip", "barge", "scenery", "over")
PHASES = (SETUP, PLACEMENT, STARTING, PRIORITY, MOVEMENT, SPUR_WHIP, BARGE, SCENERY, OVER)


@dataclass
class Racer:
    id: str
    player: str
    name: str
    x: float = 0.0
    y: float = 0.0
    heading: float = 0.0
    length: float = BASE_LENGTH
    width: float = BASE_WIDTH
    lives: int = 3
    max_lives: int = 3
    favour: int = 0
    stamina: int = 5
    penalty_accrued: int = 0
    penalty_in_effect: int = 0
    has_whip: bool = True
    lockout: str = NO_LOCK
    barged: bool = False
    has_barged: bool = False
    moved: bool = False
    spurred: bool = False
    whips_used: int = 0
    favour_used: bool = False
    contacts: list[str] = field(default_factory=list)
    lives_taken: int = 0
    status: str = RACING
    progress: float = 0.0
    favour_spent: int = 0
    stamina_spent: int = 0
    finish_turn: int = 0
    casualty_turn: int = 0
    shape_cache: Any = field(default=None, repr=False, compare=False)  # (pose, Shape)

    @property
    def racing(self) -> bool:
        return self.status == RACING

    @property
    def locked(self) -> bool:
        return self.lockout != NO_LOCK

    def lock(self, kind: str) -> None:
        if kind == TURN_LOCK or self.lockout == NO_LOCK:
            self.lockout = kind

    def copy(self) -> "Racer":
        r = copy.copy(self)
        r.contacts = list(self.contacts)
        return r


@dataclass
class Obstacle:
    id: str
    size: str  # "small" | "large"
    shape: str  # "rect" | "circle" | "polygon"
    x: float
    y: float
    rotation: float = 0.0
    length: float = 0.0
    width: float = 0.0
    radius: float = 0.0
    points: tuple[tuple[float, float], ...] = ()
    look: str = ""
    moved: bool = False
    recycled: bool = False
    removed: bool = False
    shape_cache: Any = field(default=None, repr=False, compare=False)  # (pose, Shape)
    progress_cache: Any = field(default=None, repr=False, compare=False)  # (pose, progress)

    def copy(self) -> "Obstacle":
        return copy.copy(self)


MOVE = "move"  # the kind of a move's frame on the stack (its step: racer, move)


@dataclass
class MoveInProgress:
    """A racer's move being resolved (spec §7): what is left of the plan and budget.
    It lives in its frame on the stack (a `move` step owned by the racer), under the
    steps that resolve it, so a move can be suspended under another and resumed."""

    racer: str
    context: str  # "movement" | "stamina" (barge/scenery stamina moves) | "free" (barge free move)
    legs: list[tuple[float, float]]  # (heading, distance) still to go; the first is the current line
    main: bool  # the current leg is the one straight line of the normal move
    allowance_left: float  # inches of the normal allowance left for the main line
    stamina_left: float  # stamina inches committed and not yet used
    stamina_committed: int
    end_heading: float | None
    interrupted: bool = False
    bonus_left: float = 0.0  # Slipstream inches
    stops: int = 0  # times the move stopped short
    safe: tuple[float, float] | None = None  # where a pass began (to go back to if it ends over something)
    passed: list[str] = field(default_factory=list)  # bases passed through (no new contact with them)
    before: list[str] = field(default_factory=list)  # rivals already in contact when the move began

    def copy(self) -> "MoveInProgress":
        m = copy.copy(self)
        m.legs = list(self.legs)
        m.passed = list(self.passed)
        m.before = list(self.before)
        return m


@dataclass
class RaceState:
    options: Options
    course: Course
    players: tuple[str, ...]
    player_names: dict[str, str]
    racers: dict[str, Racer]
    obstacles: dict[str, Obstacle]
    rng: int
    seed: int = 0
    turn: int = 0
    phase: str = SETUP
    order: list[str] = field(default_factory=list)  # priority order of players this turn
    placement_order: list[str] = field(default_factory=list)
    stack: list[Step] = field(default_factory=list)
    finish_order: list[str] = field(default_factory=list)
    casualties: list[str] = field(default_factory=list)
    prio_favour_used: list[str] = field(default_factory=list)  # players who spent favour on priority
    resolved_pairs: list[tuple[str, str]] = field(default_factory=list)  # contacts resolved by a Whoa
    passes: list[str] = field(default_factory=list)  # players who passed this barge round
    race_number: int = 1
    phase_started: bool = False
    placed: list[str] = field(default_factory=list)
    table: Any = None  # the geometry mirror (shared between clones, resynced on use)
    sync_token: Any = field(default_factory=object)  # who the table was last synced for
    offered: Any = None  # (top step, stack depth, choices) last handed out by legal_choices

    # --- access -------------------------------------------------------------
    @property
    def move(self) -> MoveInProgress | None:
        """The move being resolved: the one in the topmost move frame, or None."""
        stack = self.stack
        for i in range(len(stack) - 1, -1, -1):
            s = stack[i]
            if s.kind == MOVE:
                m: MoveInProgress = s.args["move"]
                return m
        return None

    def digest_view(self, names: tuple[str, ...]) -> dict[str, Any]:
        """The state as digests and save files show it (game.core.record): the fields
        `names` in order, the stack without move frames and the move being resolved
        in the `move` slot it had before moves became frames (just before `passes`),
        so every digest and saved state stays as it was."""
        out: dict[str, Any] = {}
        for n in names:
            if n == "passes":
                out["move"] = self.move
            out[n] = [s for s in self.stack if s.kind != MOVE] if n == "stack" else getattr(self, n)
        return out

    def racer(self, rid: str) -> Racer:
        return self.racers[rid]

    def racing(self) -> list[Racer]:
        return [r for r in self.racers.values() if r.status == RACING]

    def racers_of(self, player: str) -> list[Racer]:
        return [r for r in self.racers.values() if r.player == player]

    def live_obstacles(self) -> list[Obstacle]:
        return [o for o in self.obstacles.values() if not o.removed]

    def clone(self) -> "RaceState":
        c = copy.copy(self)
        c.racers = {k: r.copy() for k, r in self.racers.items()}
        c.obstacles = {k: o.copy() for k, o in self.obstacles.items()}
        c.order = list(self.order)
        c.placement_order = list(self.placement_order)
        c.stack = [s if s.kind != MOVE else Step(MOVE, {"racer": s.args["racer"], "move": s.args["move"].copy()})
                   for s in self.stack]
        c.finish_order = list(self.finish_order)
        c.casualties = list(self.casualties)
        c.prio_favour_used = list(self.prio_favour_used)
        c.resolved_pairs = list(self.resolved_pairs)
        c.passes = list(self.passes)
        c.sync_token = object()
        c.offered = None
        c.placed = list(self.placed)
        return c
