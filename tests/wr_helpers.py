"""Builders shared by the Wild Race tests: courses, states, races."""

from __future__ import annotations

import pathlib
from typing import Any

from game.levels.course import course_from_json, load_course
from game.core.driver import play
from game.core.protocol import CHANCE, TERMINAL, Choice
from game.rules.wild_race import RULESET, RaceSetup, new_state
from game.rules.wild_race.options import Options
from game.rules.wild_race.state import RaceState
from game.sim import PLAYER_IDS, make_agents

ROOT = pathlib.Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "levels" / "wild_race" / "sample_sprint.json"


def sample_course() -> Any:
    return load_course(SAMPLE)


def straight_course(length: float = 100.0, width: float = 24.0) -> Any:
    return course_from_json({"format": 1, "kind": "course", "name": "straight", "ruleset": "wild-race",
                             "centre": [[0, 0], [length, 0]], "width": width}, "<test>")


def race_state(players: int = 3, per: int = 2, seed: int = 1, options: Options | None = None,
               course: Any = None) -> RaceState:
    pl = tuple((PLAYER_IDS[i], PLAYER_IDS[i].capitalize()) for i in range(players))
    return new_state(RaceSetup(course or sample_course(), pl, per, seed), options or Options())


def play_race(st: RaceState, agent: str = "greedy", seed: int = 1, on_step: Any = None) -> list[Any]:
    return play(RULESET, st, make_agents(agent, list(st.players), seed), on_step=on_step)


def force(st: RaceState, *faces: int) -> None:
    """Apply loaded dice to the pending chance steps."""
    for f in faces:
        assert RULESET.current_actor(st) == CHANCE, f"no die pending (top {st.stack[-1].kind})"
        RULESET.apply(st, Choice.make("roll", value=f))


def decide(st: RaceState, kind: str, **kw: Any) -> list[Any]:
    actor = RULESET.current_actor(st)
    assert actor not in (CHANCE, TERMINAL), "no decision pending"
    return RULESET.apply(st, Choice.make(kind, **kw))
