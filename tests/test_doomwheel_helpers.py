"""Builders shared by the Doomwheel tests (no tests here): courses, states, loaded dice, agents."""

from __future__ import annotations

import math
import pathlib
import random
from typing import Any

from game.levels.course import course_from_json, load_course
from game.core.driver import play
from game.core.protocol import CHANCE, TERMINAL, Choice
from game.rules.doomwheel import RULESET, DoomSetup, new_state
from game.rules.doomwheel.state import DoomState

ROOT = pathlib.Path(__file__).resolve().parent.parent
LEVELS = sorted((ROOT / "levels" / "doomwheel").glob("*.json"))
PLAYERS = ("red", "blue", "green", "yellow")


def fig8() -> Any:
    return load_course(ROOT / "levels" / "doomwheel" / "figure_of_eight.json")


def oval(width: float = 12.0, critters: list[dict[str, Any]] | None = None, laps: int = 3,
         fans: list[dict[str, float]] | None = None, obstacles: list[dict[str, Any]] | None = None) -> Any:
    """A plain rectangular circuit 60" x 30" (centre line), start line on the bottom
    straight, one checkpoint on the top straight; travel anticlockwise."""
    centre = [[0, 0], [30, 0], [30, 30], [-30, 30], [-30, 0], [0, 0]]
    return course_from_json({"format": 2, "kind": "course", "name": "oval", "ruleset": "doomwheel",
                             "centre": centre, "width": width, "laps": laps,
                             "checkpoints": [[[0, 30 - width / 2], [0, 30 + width / 2]]],
                             "critters": critters or [], "fans": fans or [],
                             "obstacles": obstacles or []}, "<test>")


def dw_state(course: Any = None, players: int = 2, seed: int = 1, options: Any = None) -> DoomState:
    pl = tuple((PLAYERS[i], PLAYERS[i].capitalize()) for i in range(players))
    return new_state(DoomSetup(course or fig8(), pl, seed), options)


def force(st: DoomState, *faces: int) -> list[Any]:
    """Apply loaded dice to the pending chance steps."""
    out: list[Any] = []
    for f in faces:
        assert RULESET.current_actor(st) == CHANCE, f"no die pending (top {st.steps[-1].kind})"
        out += RULESET.apply(st, Choice.make("roll", value=f))
    return out


def decide(st: DoomState, kind: str, **kw: Any) -> list[Any]:
    actor = RULESET.current_actor(st)
    assert actor not in (CHANCE, TERMINAL), f"no decision pending (top {st.steps[-1].kind})"
    return RULESET.apply(st, Choice.make(kind, **kw))


def place(st: DoomState, wid: str, x: float, y: float, heading: float) -> None:
    w = st.wheels[wid]
    w.x, w.y, w.heading = x, y, heading


def to_move(st: DoomState, *initiative: int) -> None:
    """Roll the initiative (faces in seat order) so the first wheel is to act."""
    force(st, *initiative)


class RandomAgent:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, ruleset: Any, state: Any, legal: list[Choice]) -> Choice:
        return self.rng.choice(legal)


class GreedyAgent:
    """Tries every candidate move on a clone and keeps the one that gets furthest
    along the lap (checkpoints passed first, then progress), staying off the edges."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.prog: dict[str, float] = {}

    def act(self, ruleset: Any, state: DoomState, legal: list[Choice]) -> Choice:
        top = state.steps[-1]
        wid = top["wheel"]
        ww = state.wheels[wid]
        self.prog[wid] = progress_of(state.course, ww.x, ww.y, self.prog.get(wid))
        w = state.wheels[top["wheel"]]
        if top.kind == "activate":
            return Choice.make("repair") if w.wounds <= 1 and self.rng.random() < 0.5 else Choice.make("drive")
        if top.kind != "plan":
            return legal[0]
        best, best_score = legal[0], -math.inf
        for c in legal:
            st = state.clone()
            ruleset.apply(st, c)
            score = self.score(st, w.id, self.prog[w.id]) + self.rng.random() * 0.01
            if score > best_score:
                best, best_score = c, score
        return best

    @staticmethod
    def score(st: DoomState, wid: str, hint: float) -> float:
        w = st.wheels[wid]
        if not w.running:
            return -1e9
        course = st.course
        s = progress_of(course, w.x, w.y, hint)
        ln = course.length
        gain = (s - hint + ln / 2) % ln - ln / 2
        px, py = course.point_at(s)
        off = math.hypot(w.x - px, w.y - py)
        h = course.heading_at(s)
        turn = abs((w.heading - h + 180) % 360 - 180)
        return w.laps * 1000 + w.next_cp * 100 + gain - 0.5 * off - 0.05 * turn + w.wounds


def progress_of(course: Any, x: float, y: float, hint: float | None) -> float:
    """Arc length along the centre line; the last value as the hint only inside a
    crossing (elsewhere the nearest point is unambiguous and wraps at the seam)."""
    inside = any(math.hypot(x - c.x, y - c.y) < c.radius + 2 for c in course.crossings)
    s: float = course.progress(x, y, hint=hint if inside and hint is not None else None)
    return s % course.length


def agents(kind: str, players: tuple[str, ...], seed: int) -> dict[str, Any]:
    cls = GreedyAgent if kind == "greedy" else RandomAgent
    return {p: cls(seed * 31 + i) for i, p in enumerate(players)}


def play_race(st: DoomState, kind: str = "greedy", seed: int = 1, on_step: Any = None) -> list[Any]:
    return play(RULESET, st, agents(kind, st.players, seed), on_step=on_step)


def ready(red: tuple[float, float, float] = (5.0, 0.0, 0.0), blue: tuple[float, float, float] = (0.0, 30.0, 180.0),
          critters: list[dict[str, Any]] | None = None, options: Any = None, course: Any = None,
          clear: bool = False, fans: list[dict[str, float]] | None = None) -> DoomState:
    """Two wheels on the oval (or `course`), red to move first this turn, placed by
    hand; `clear` takes the level's critters off."""
    st = dw_state(course or oval(critters=critters, fans=fans), options=options)
    if clear:
        for c in st.critters.values():
            c.alive = False
    force(st, 6, 1)  # grid roll-off
    force(st, 6, 1)  # initiative: red first
    place(st, "red", *red)
    place(st, "blue", *blue)
    return st


def drive(st: DoomState, faces: tuple[int, int, int], **move: Any) -> list[Any]:
    """The acting wheel drives: 3D6 as given, then the move (at, angle[, distance])."""
    out = decide(st, "drive")
    out += force(st, *faces)
    move.setdefault("at", 0.0)
    move.setdefault("angle", 0.0)
    out += decide(st, "move", **move)
    return out


def pass_sabotage(st: DoomState) -> None:
    """Everyone passes in the sabotage phase."""
    while st.phase == "sabotage" and st.steps and st.steps[-1].kind == "sabotage":
        decide(st, "pass")
