"""Animation of events: the view shows each racer and obstacle at a display pose that
follows the rules' events one after another (moves, pivots, pushes, slides, jumps,
obstacle moves), so the player sees what happened in order. Display poses end
exactly where the state says. No pygame."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from game.core.angles import lerp_angle

SPEED = 14.0  # inches per second at animation speed 1
TURN = 300.0  # degrees per second
PAUSE = 0.18  # seconds for an event that does not move anything (a roll, a hit)


@dataclass
class Track:
    kind: str  # racer | obstacle | pause
    ident: str
    start: tuple[float, float, float]
    end: tuple[float, float, float]
    duration: float
    t: float = 0.0
    event: Any = None
    started: bool = False


@dataclass
class Animator:
    racers: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    obstacles: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    gone: set[str] = field(default_factory=set)  # finished / casualties no longer drawn
    queue: list[Track] = field(default_factory=list)
    shown: list[Any] = field(default_factory=list)  # events whose animation has started (for the log)

    @staticmethod
    def of(state: Any) -> "Animator":
        a = Animator()
        a.snap(state)
        return a

    def snap(self, state: Any) -> None:
        """Display poses = the state (after loading, or to skip everything)."""
        unplaced = state.phase in ("setup", "placement")
        self.racers = {r.id: (r.x, r.y, r.heading) for r in state.racers.values()
                       if not unplaced or r.id in state.placed}
        self.obstacles = {o.id: (o.x, o.y, o.rotation) for o in state.obstacles.values() if not o.removed}
        self.gone = {r.id for r in state.racers.values() if not r.racing} | {
            o.id for o in state.obstacles.values() if o.removed}
        self.queue.clear()

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    def feed(self, events: list[Any]) -> None:
        for e in events:
            k = e.kind
            if k == "Moved":
                d = math.hypot(e.x1 - e.x0, e.y1 - e.y0)
                turn = abs((e.h1 - e.h0 + 180.0) % 360.0 - 180.0)
                dur = max(d / SPEED, turn / TURN, 0.05)
                self.queue.append(Track("racer", e.racer, (e.x0, e.y0, e.h0), (e.x1, e.y1, e.h1), dur, event=e))
            elif k == "Placed":
                self.queue.append(Track("racer", e.racer, (e.x - 3.0, e.y, e.heading), (e.x, e.y, e.heading), 0.3,
                                        event=e))
            elif k == "ObstacleMoved":
                d = math.hypot(e.x1 - e.x0, e.y1 - e.y0)
                rot = self.obstacles.get(e.obstacle, (0.0, 0.0, 0.0))[2]
                dur = max(d / SPEED, 0.1) if e.how == "moved" else 0.35
                self.queue.append(Track("obstacle", e.obstacle, (e.x0, e.y0, rot), (e.x1, e.y1, rot), dur, event=e))
            elif k in ("Finished", "Casualty"):
                self.queue.append(Track("gone", e.racer, (0, 0, 0), (0, 0, 0), 0.25, event=e))
            elif k == "ObstacleRemoved":
                self.queue.append(Track("gone", e.obstacle, (0, 0, 0), (0, 0, 0), 0.25, event=e))
            elif k in ("RollMade", "DieThrown", "HitTaken", "ChartResult", "RollOff"):
                self.queue.append(Track("pause", "", (0, 0, 0), (0, 0, 0), PAUSE, event=e))
            else:
                self.queue.append(Track("pause", "", (0, 0, 0), (0, 0, 0), 0.0, event=e))

    def update(self, dt: float, speed: float = 1.0) -> None:
        budget = dt * speed
        while self.queue and budget >= 0.0:
            tr = self.queue[0]
            if not tr.started:
                tr.started = True
                if tr.event is not None:
                    self.shown.append(tr.event)
            step = min(budget, tr.duration - tr.t)
            tr.t += step
            budget -= step
            f = 1.0 if tr.duration <= 0 else min(1.0, tr.t / tr.duration)
            self._pose(tr, f)
            if f >= 1.0:
                self.queue.pop(0)
                if budget <= 0.0:
                    break
            else:
                break

    def _pose(self, tr: Track, f: float) -> None:
        if tr.kind == "gone":
            if f >= 1.0:
                self.gone.add(tr.ident)
            return
        if tr.kind == "pause":
            return
        (x0, y0, h0), (x1, y1, h1) = tr.start, tr.end
        # ease in-out
        e = f * f * (3 - 2 * f)
        pose = (x0 + (x1 - x0) * e, y0 + (y1 - y0) * e, lerp_angle(h0, h1, e))
        if tr.kind == "racer":
            self.racers[tr.ident] = pose
            self.gone.discard(tr.ident)
        else:
            self.obstacles[tr.ident] = pose

    def finish_all(self) -> None:
        """Jump to the end of every queued animation."""
        while self.queue:
            tr = self.queue.pop(0)
            if tr.event is not None and not tr.started:
                self.shown.append(tr.event)
            self._pose(tr, 1.0)

    def take_shown(self) -> list[Any]:
        out, self.shown = self.shown, []
        return out
