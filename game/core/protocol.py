"""The one protocol every ruleset implements (OpenSpiel / botbowl shape).

    new_state(setup, options) -> state
    current_actor(state)      -> a player id, CHANCE or TERMINAL
    legal_choices(state)      -> the finite candidate choices for agents
    is_legal(state, choice)   -> None if legal, else the reason (any choice, also
                                 continuous values a human entered; CONTRACTS §1)
    chance_outcomes(state)    -> [(Choice('roll', value=k), probability)]
    pending_chance(state)     -> the pending chance step: which die, for whom, why,
                                 and its outcomes with their probabilities
                                 (game.core.chance.PendingChance)
    apply(state, choice)      -> list of events (mutates state; illegal -> IllegalChoice,
                                 nothing changed)
    outcome(state)            -> the result once TERMINAL
    clone(state)              -> an independent copy (hand-written, cheap)

A Choice is a kind plus named parameters, so scenarios write choices by structured
names (never by list index) and saves can record them as JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Protocol

CHANCE = "@chance"
TERMINAL = "@terminal"


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        if value and all(isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str) for p in value):
            return {k: _thaw(v) for k, v in value}
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class Choice:
    """A decision or a chance outcome: `kind` plus sorted (name, value) pairs."""

    kind: str
    args: tuple[tuple[str, Any], ...] = ()

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled by its fields (the AI worker process; a mypyc-compiled frozen class
        # cannot be rebuilt field by field)
        return (Choice, (self.kind, self.args))

    @staticmethod
    def make(kind: str, **kwargs: Any) -> "Choice":
        items = []
        for k in sorted(kwargs):
            v = kwargs[k]
            if v is None:
                continue
            if isinstance(v, (dict, list, tuple)):
                v = _freeze(v)
            items.append((k, v))
        return Choice(kind, tuple(items))

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        return default

    def __getitem__(self, key: str) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        raise KeyError(key)

    def keys(self) -> Iterator[str]:
        return (k for k, _ in self.args)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for k, v in self.args:
            out[k] = _thaw(v)
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> "Choice":
        kw = {k: v for k, v in data.items() if k != "kind"}
        return Choice.make(str(data["kind"]), **kw)

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={_fmt(_thaw(v))}" for k, v in self.args)
        return f"{self.kind}({inner})"


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.3f}".rstrip("0").rstrip(".")
    return repr(v) if isinstance(v, str) else str(v)


def roll(value: int) -> Choice:
    """The chance outcome 'this die shows value'."""
    return Choice.make("roll", value=value)


class Ruleset(Protocol):
    name: str

    def new_state(self, setup: Any, options: Any) -> Any: ...
    def current_actor(self, state: Any) -> str: ...
    def legal_choices(self, state: Any) -> list[Choice]: ...
    def is_legal(self, state: Any, choice: Choice) -> str | None: ...
    def chance_outcomes(self, state: Any) -> list[tuple[Choice, float]]: ...
    def pending_chance(self, state: Any) -> Any: ...  # game.core.chance.PendingChance
    def apply(self, state: Any, choice: Choice) -> list[Any]: ...
    def outcome(self, state: Any) -> Any: ...
    def clone(self, state: Any) -> Any: ...
