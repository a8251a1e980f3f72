"""Plays a game through the protocol: agents answer decisions, chance steps are
sampled from the game's own seeded generator (its state lives in the game state) or
taken from a script."""

from __future__ import annotations

from typing import Any, Callable, Protocol

from game.core.chance import sample
from game.core.protocol import CHANCE, TERMINAL, Choice


class Agent(Protocol):
    def act(self, ruleset: Any, state: Any, legal: list[Choice]) -> Choice: ...


def sample_chance(ruleset: Any, state: Any) -> Choice:
    """Sample the pending chance step with the state's generator (advancing it), by
    the outcomes' probabilities (game.core.chance.sample: equally likely outcomes are
    drawn with one `sample_face` call, as every existing seed and replay was)."""
    choice, state.rng = sample(ruleset.chance_outcomes(state), state.rng)
    return choice


def play(ruleset: Any, state: Any, agents: dict[str, Agent], *, max_steps: int = 200000,
         on_step: Callable[[str, Choice, list[Any]], None] | None = None) -> list[Any]:
    """Run to the end; returns every event. Raises RuntimeError if it never ends."""
    events: list[Any] = []
    for _ in range(max_steps):
        actor = ruleset.current_actor(state)
        if actor == TERMINAL:
            return events
        if actor == CHANCE:
            choice = sample_chance(ruleset, state)
        else:
            legal = ruleset.legal_choices(state)
            choice = agents[actor].act(ruleset, state, legal)
        evs = ruleset.apply(state, choice)
        events.extend(evs)
        if on_step is not None:
            on_step(actor, choice, evs)
    raise RuntimeError(f"the game did not end within {max_steps} steps")
