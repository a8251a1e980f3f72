"""Chance steps as the protocol shows them: what is pending (which die, for whom,
why) with every outcome and its probability, and the one sampler the driver uses.

`pending_chance(state)` (game.core.protocol) returns a `PendingChance`. Its
`outcomes` are (Choice, probability) pairs: a list, or `UniformOutcomes` for a step
over very many equally likely values (a spot among thousands), whose items are made
only when asked for.

`sample(outcomes, rng)` draws by the probabilities. For equally likely outcomes it
makes exactly one `sample_face(rng, n)` call and takes outcome face-1: the generator
calls every seed, replay and golden file was made with.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import overload

from game.core.dice import next_u64, sample_face
from game.core.protocol import Choice

Outcomes = Sequence[tuple[Choice, float]]

_TWO_64 = float(1 << 64)
_EQUAL = 1e-12  # probabilities this close count as equal (1/6 computed twice, say)


class PendingChance:
    """The pending chance step: the die (d6, d3, d360, spot, or a ruleset's own
    name), for whom it is thrown (`who`, a piece or a player, and `player`, the seat
    it belongs to), why (`reason`) and its outcomes with their probabilities."""

    __slots__ = ("die", "who", "player", "reason", "outcomes")

    def __init__(self, die: str, who: str, player: str, reason: str, outcomes: Outcomes) -> None:
        self.die = die
        self.who = who
        self.player = player
        self.reason = reason
        self.outcomes = outcomes

    def probability(self, choice: Choice) -> float:
        """The probability of one outcome (0.0 for a choice that is not one)."""
        for c, p in self.outcomes:
            if c == choice:
                return p
        return 0.0

    def __repr__(self) -> str:
        return f"PendingChance({self.die} for {self.who} ({self.player}): {self.reason}, {len(self.outcomes)} outcomes)"


_ROLLS: dict[int, Choice] = {}


def roll_choice(value: int) -> Choice:
    """The outcome 'the die shows value' (one shared object per value: Choices are
    immutable)."""
    got = _ROLLS.get(value)
    if got is None:
        got = _ROLLS[value] = Choice.make("roll", value=value)
    return got


_UNIFORM: dict[tuple[int, int], list[tuple[Choice, float]]] = {}
_ENDS: dict[int, tuple[tuple[Choice, float], tuple[Choice, float], int]] = {}  # id(first item) -> (first, last, n)


def uniform(lo: int, n: int) -> list[tuple[Choice, float]]:
    """The outcomes of a fair die over lo..lo+n-1, each 1/n: a fresh list over shared
    items (which `is_uniform` knows at a glance; do not change the list)."""
    got = _UNIFORM.get((lo, n))
    if got is None:
        got = _UNIFORM[(lo, n)] = [(roll_choice(v), 1.0 / n) for v in range(lo, lo + n)]
        _ENDS[id(got[0])] = (got[0], got[-1], n)
    return list(got)


class UniformOutcomes(Sequence[tuple[Choice, float]]):
    """The outcomes of a uniform chance step over `n` values from `lo`, each
    (roll(value=k), 1/n): a sequence whose items are made when asked for, so a roll
    over thousands of free spots costs nothing until one is drawn (every outcome and
    its probability are still there to enumerate)."""

    __slots__ = ("lo", "n", "p")

    def __init__(self, lo: int, n: int) -> None:
        self.lo, self.n, self.p = lo, n, 1.0 / n

    def __len__(self) -> int:
        return self.n

    @overload
    def __getitem__(self, i: int) -> tuple[Choice, float]: ...

    @overload
    def __getitem__(self, i: slice) -> list[tuple[Choice, float]]: ...

    def __getitem__(self, i: int | slice) -> tuple[Choice, float] | list[tuple[Choice, float]]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self.n))]
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError(i)
        return roll_choice(self.lo + i), self.p

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and len(other) == self.n and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]


def is_uniform(outcomes: Outcomes) -> bool:
    """True if every outcome is equally likely."""
    if isinstance(outcomes, UniformOutcomes):
        return True
    n = len(outcomes)
    if not n:
        return True
    first = outcomes[0]
    ends = _ENDS.get(id(first))
    if ends is not None and ends[0] is first and ends[1] is outcomes[n - 1] and ends[2] == n:
        return True  # made by `uniform`
    p0 = first[1]
    for _, p in outcomes:
        if p != p0 and abs(p - p0) > _EQUAL:
            return False
    return True


def sample(outcomes: Outcomes, rng: int) -> tuple[Choice, int]:
    """One outcome drawn by the probabilities, and the generator's new state.
    Equally likely outcomes: one `sample_face(rng, n)` call, outcome face-1 (the
    draws every existing seed was made with). Otherwise one 64-bit draw placed on the
    cumulative probabilities (normalised: they need not sum to exactly 1)."""
    n = len(outcomes)
    if n == 0:
        raise ValueError("a chance step with no outcomes")
    first = outcomes[0]
    ends = _ENDS.get(id(first))
    if ends is not None and ends[0] is first and ends[1] is outcomes[n - 1] and ends[2] == n:
        face, rng = sample_face(rng, n)  # a list made by `uniform` (the common case, checked first)
        return outcomes[face - 1][0], rng
    if is_uniform(outcomes):
        face, rng = sample_face(rng, n)
        return outcomes[face - 1][0], rng
    total = 0.0
    for _, p in outcomes:
        if p < 0:
            raise ValueError(f"a negative probability {p}")
        total += p
    if total <= 0:
        raise ValueError("the outcomes' probabilities sum to 0")
    value, rng = next_u64(rng)
    x = value / _TWO_64 * total
    acc = 0.0
    last = n - 1
    for i in range(n):
        c, p = outcomes[i]
        acc += p
        if x < acc and p > 0:
            return c, rng
    while outcomes[last][1] <= 0:  # rounding at the top end: the last likely outcome
        last -= 1
    return outcomes[last][0], rng
