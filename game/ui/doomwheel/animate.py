"""Animation of the Doomwheel Race's events: each wheel and critter has a display
pose that follows the rules' events in order (placed on the grid, driven straight,
swung through a Schwenk about its pivot, shoved, slid by sabotage; critters walk,
are run over and tossed aside, come back). Display poses end exactly where the state
says. A run-over hands the critter to the toss list, which the view plays with
pymunk bodies beside the queue (cosmetic: the critter is already gone by the rules).
No pygame."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from game.core.angles import lerp_angle

SPEED = 12.0  # inches per second at animation speed 1
TURN = 180.0  # degrees per second
PAUSE = 0.16  # seconds for a roll or another event that moves nothing
WALK = 8.0  # inches per second for the critters' walk
CRITTER_ROLLS = ("critter_move", "critter_direction", "slayer_charge", "respawn")


@dataclass
class Track:
    kind: str  # wheel | arc | walks | toss | appear | gone | wreck | bolt | flash | pause
    ident: str
    start: tuple[float, float, float]
    end: tuple[float, float, float]
    duration: float
    pivot: tuple[float, float] = (0.0, 0.0)
    walks: list[Any] = field(default_factory=list)  # CritterMoved events walked together
    t: float = 0.0
    event: Any = None
    started: bool = False


@dataclass
class Toss:
    """A critter run over: thrown aside from where it stood by the wheel's sweep."""

    critter: str
    kind: str
    x: float
    y: float
    wheel: str
    age: float = 0.0


def turn_start(e: Any) -> tuple[float, float]:
    """Where a WheelTurned began: its end turned back about the pivot."""
    a = math.radians(-(e.h1 - e.h0))
    dx, dy = e.x1 - e.px, e.y1 - e.py
    return e.px + dx * math.cos(a) - dy * math.sin(a), e.py + dx * math.sin(a) + dy * math.cos(a)


@dataclass
class DoomAnimator:
    wheels: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    spin: dict[str, float] = field(default_factory=dict)  # inches rolled (turns the spokes)
    critters: dict[str, tuple[float, float]] = field(default_factory=dict)
    kinds: dict[str, str] = field(default_factory=dict)
    gone: set[str] = field(default_factory=set)
    wrecked: set[str] = field(default_factory=set)
    appear: dict[str, float] = field(default_factory=dict)  # critter -> 0..1 while coming back
    queue: list[Track] = field(default_factory=list)
    shown: list[Any] = field(default_factory=list)
    tosses: list[Toss] = field(default_factory=list)  # run-overs not yet taken by the view
    machines: dict[str, tuple[float, float]] = field(default_factory=dict)  # player -> bolt thrower spot
    bolt: tuple[float, float, float, float, float] | None = None  # a bolt in flight: from, to, 0..1
    flash: dict[str, float] = field(default_factory=dict)  # wheel -> seconds left of its hit flash

    @staticmethod
    def of(state: Any) -> "DoomAnimator":
        a = DoomAnimator()
        a.snap(state)
        return a

    def snap(self, state: Any) -> None:
        placed = state.phase != "setup"
        self.wheels = {w.id: (w.x, w.y, w.heading) for w in state.wheels.values() if placed}
        self.critters = {c.id: (c.x, c.y) for c in state.critters.values()}
        self.kinds = {c.id: c.kind for c in state.critters.values()}
        self.gone = {w.id for w in state.wheels.values() if not w.running} | {
            c.id for c in state.critters.values() if not c.alive}
        self.wrecked.clear()
        self.appear.clear()
        self.queue.clear()
        fans = getattr(state.course, "fans", ())
        self.machines = {p: (fans[i].x, fans[i].y) for i, p in enumerate(state.players) if i < len(fans)}

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    def feed(self, events: list[Any]) -> None:
        for e in events:
            self._feed(e)

    def _feed(self, e: Any) -> None:
        k = e.kind
        q = self.queue.append
        if k == "WheelPlaced":
            back = (e.x - 3.0 * math.cos(math.radians(e.heading)), e.y - 3.0 * math.sin(math.radians(e.heading)))
            q(Track("wheel", e.wheel, (*back, e.heading), (e.x, e.y, e.heading), 0.3, event=e))
        elif k == "WheelMoved":
            d = math.hypot(e.x1 - e.x0, e.y1 - e.y0)
            dur = max(d / SPEED, 0.05) if e.how != "shove" else max(d / SPEED * 2.0, 0.15)
            q(Track("wheel", e.wheel, (e.x0, e.y0, e.heading), (e.x1, e.y1, e.heading), dur, event=e))
        elif k == "WheelTurned":
            x0, y0 = turn_start(e)
            r = math.hypot(x0 - e.px, y0 - e.py)
            arc = r * math.radians(abs(e.h1 - e.h0))
            dur = max(arc / SPEED, abs(e.h1 - e.h0) / TURN, 0.05)
            q(Track("arc", e.wheel, (x0, y0, e.h0), (e.x1, e.y1, e.h1), dur, (e.px, e.py), event=e))
        elif k == "RanOver":
            q(Track("toss", e.critter, (0, 0, 0), (0, 0, 0), 0.12, event=e))
        elif k == "CritterMoved":
            self._walk(e)
        elif k == "CritterRespawned":
            q(Track("appear", e.critter, (e.x, e.y, 0.0), (e.x, e.y, 0.0), 0.25, event=e))
        elif k == "CritterSetAside":
            q(Track("gone", e.critter, (0, 0, 0), (0, 0, 0), 0.0, event=e))
        elif k == "Chosen" and getattr(e.choice, "kind", "") == "shoot" and e.player in self.machines:
            x0, y0 = self.machines[e.player]
            q(Track("bolt", str(e.choice["target"]), (x0, y0, 0.0), (0.0, 0.0, 0.0), 0.35, event=e))
        elif k == "WoundsChanged" and e.after < e.before:
            q(Track("flash", e.wheel, (0, 0, 0), (0, 0, 0), PAUSE, event=e))
        elif k == "WheelDestroyed":
            q(Track("wreck", e.wheel, (0, 0, 0), (0, 0, 0), 0.8, event=e))
        elif k == "RollMade" and e.reason in CRITTER_ROLLS:
            q(Track("pause", "", (0, 0, 0), (0, 0, 0), 0.0, event=e))
        elif k in ("RollMade", "Rammed", "RamResult", "SlaveResult", "HitResolved", "WoundsChanged"):
            q(Track("pause", "", (0, 0, 0), (0, 0, 0), PAUSE, event=e))
        else:
            q(Track("pause", "", (0, 0, 0), (0, 0, 0), 0.0, event=e))

    def _walk(self, e: Any) -> None:
        """The critters walk together: a walk joins the last group of walks if only
        instant steps (their dice) were queued since."""
        d = math.hypot(e.x1 - e.x0, e.y1 - e.y0)
        for tr in reversed(self.queue):
            if tr.kind == "walks" and not tr.started and all(w.critter != e.critter for w in tr.walks):
                tr.walks.append(e)
                tr.duration = max(tr.duration, d / WALK)
                return
            if tr.duration > 0 or tr.started:
                break
        self.queue.append(Track("walks", "", (0, 0, 0), (0, 0, 0), max(d / WALK, 0.1), walks=[e]))

    def update(self, dt: float, speed: float = 1.0) -> None:
        budget = dt * speed
        for wid in list(self.flash):
            self.flash[wid] -= dt
            if self.flash[wid] <= 0:
                del self.flash[wid]
        while self.queue and budget >= 0.0:
            tr = self.queue[0]
            if not tr.started:
                tr.started = True
                self._begin(tr)
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

    def _begin(self, tr: Track) -> None:
        if tr.event is not None:
            self.shown.append(tr.event)
        self.shown.extend(tr.walks)
        if tr.kind == "toss":
            e = tr.event
            x, y = self.critters.get(e.critter, (0.0, 0.0))
            self.tosses.append(Toss(e.critter, e.critter_kind, x, y, e.wheel))
            self.gone.add(e.critter)
        elif tr.kind == "appear":
            self.critters[tr.ident] = tr.end[:2]
            self.gone.discard(tr.ident)
        elif tr.kind == "gone":
            self.gone.add(tr.ident)
        elif tr.kind == "wreck":
            self.wrecked.add(tr.ident)
        elif tr.kind == "flash":
            self.flash[tr.ident] = 0.45

    def _pose(self, tr: Track, f: float) -> None:
        e = f * f * (3 - 2 * f)
        (x0, y0, h0), (x1, y1, h1) = tr.start, tr.end
        if tr.kind == "wheel":
            old = self.wheels.get(tr.ident)
            pose = (x0 + (x1 - x0) * e, y0 + (y1 - y0) * e, lerp_angle(h0, h1, e))
            self._roll(tr.ident, old, pose, tr.event)
            self.wheels[tr.ident] = pose
        elif tr.kind == "arc":
            turn = (h1 - h0) * e
            a = math.radians(turn)
            px, py = tr.pivot
            dx, dy = x0 - px, y0 - py
            pose = (px + dx * math.cos(a) - dy * math.sin(a), py + dx * math.sin(a) + dy * math.cos(a), h0 + turn)
            self._roll(tr.ident, self.wheels.get(tr.ident), pose, tr.event)
            self.wheels[tr.ident] = pose
        elif tr.kind == "walks":
            for w in tr.walks:
                d = math.hypot(w.x1 - w.x0, w.y1 - w.y0)
                g = min(1.0, tr.t / max(d / WALK, 1e-9)) if f < 1.0 else 1.0
                g = g * g * (3 - 2 * g)
                self.critters[w.critter] = (w.x0 + (w.x1 - w.x0) * g, w.y0 + (w.y1 - w.y0) * g)
        elif tr.kind == "appear":
            self.appear[tr.ident] = f
            if f >= 1.0:
                self.appear.pop(tr.ident, None)
        elif tr.kind == "bolt":
            x1, y1, _ = self.wheels.get(tr.ident, (x0, y0, 0.0))
            self.bolt = None if f >= 1.0 else (x0, y0, x1, y1, f)
        elif tr.kind == "wreck" and f >= 1.0:
            self.gone.add(tr.ident)
            self.wrecked.discard(tr.ident)

    def _roll(self, wid: str, old: Any, new: tuple[float, float, float], event: Any) -> None:
        """Spokes turn with the distance driven forward (not when shoved or slid)."""
        if old is None or getattr(event, "how", "move") in ("shove", "sabotage"):
            return
        self.spin[wid] = self.spin.get(wid, 0.0) + math.hypot(new[0] - old[0], new[1] - old[1])

    def finish_all(self) -> None:
        while self.queue:
            tr = self.queue.pop(0)
            if not tr.started:
                tr.started = True
                self._begin(tr)
            self._pose(tr, 1.0)

    def take_shown(self) -> list[Any]:
        out, self.shown = self.shown, []
        return out

    def take_tosses(self) -> list[Toss]:
        out, self.tosses = self.tosses, []
        return out
