"""Dice as chance steps: the seeded generator whose state lives in the game state,
the roll record every ruleset logs, and die faces.

The rules never call `random`. A chance step names a die; the driver either samples
it with `sample_face` (a SplitMix64 generator: a single int of state, so saving and
cloning a game is copying one number) or takes it from a script, then applies it like
any other choice.
"""

from __future__ import annotations

from dataclasses import dataclass

_MASK = (1 << 64) - 1

DIE_FACES = {"d6": 6, "d3": 3}


def seed_state(seed: int) -> int:
    """The generator state for a race's seed. Its mixing is only additive: seed s + 1
    starts where seed s stands after one draw (a shifted copy of the same stream). The
    races' recorded games (replays, golden transcripts, saved seeds) depend on it, so it
    stays; anything new takes `stream_state`."""
    _, state = next_u64((seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK)
    return state


def stream_state(seed: int) -> int:
    """The generator state for a seed, mixed so that nearby seeds give unrelated
    streams (SplitMix64's output of the seed, not its additive state)."""
    value, _ = next_u64((seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK)
    return value


def next_u64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: (64-bit value, new state)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform int in [0, n) and the new state (multiply-shift; bias < n / 2**64)."""
    value, state = next_u64(state)
    return (value * n) >> 64, state


def sample_face(state: int, faces: int) -> tuple[int, int]:
    """A uniform face 1..faces and the new generator state."""
    k, state = below(state, faces)
    return k + 1, state


def faces_of(die: str) -> int:
    return DIE_FACES[die]


@dataclass(frozen=True)
class RollRecord:
    """One finished roll: for whom, why, every face thrown, the result, favour used."""

    for_whom: str
    player: str
    reason: str
    die: str
    faces: tuple[int, ...]
    result: int
    favour: str | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "for": self.for_whom,
            "player": self.player,
            "reason": self.reason,
            "die": self.die,
            "faces": list(self.faces),
            "result": self.result,
            "favour": self.favour,
        }
