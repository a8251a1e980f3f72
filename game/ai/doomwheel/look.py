"""Looking ahead with the engine itself: a choice is applied to a clone of the state
and the resolution is followed with chosen dice until the wheel's move (or slide)
is over. Nothing about where a wheel goes or what it touches is worked out here:
the engine's own geometry answers it, so the AI sees exactly the run-overs, rams,
contacts and lap lines the rules will see.

The dice fed to the clone are "neutral" (a run-over's hits miss, a slave is rat
food, a ram-table roll is a breakdown): they leave the path as the geometry makes
it, and the agent values each run-over and ram with the exact chart odds instead
(game.ai.doomwheel.knowledge). A ram is followed both ways: once with the rammed
wheel affected (it is shoved aside and the rammer drives on) and once with the
rammer affected (its move ends at the contact), weighted by the ram roll's odds.
The clones never draw from the game's dice: the state's generator is copied and
left untouched.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from game.ai.doomwheel import knowledge as kn
from game.core.protocol import CHANCE, Choice, Ruleset
from game.rules.doomwheel import events as ev
from game.rules.doomwheel.geo import geo_of
from game.rules.doomwheel.state import OVER, DoomState

# reason of a pending roll -> the face fed to the clone
NEUTRAL = {"run_over_hits": 1, "to_wound": 1, "armour_save": 6, "slave_table": 3, "ram_table": 3,
           "edge_hits": 1, "toppled_hits": 1, "sabotage": 3}
FOLLOW = frozenset(NEUTRAL) | {"ram"}
ROLL = {v: Choice.make("roll", value=v) for v in range(1, 7)}


@dataclass
class SlaveMark:
    """A slave run over by `wheel` where its progress was `at`; `slip` is what a Slip
    (2D6" straight ahead) would gain there."""

    wheel: str
    at: float
    slip: float


@dataclass
class Branch:
    prob: float
    state: DoomState
    events: list[Any] = field(default_factory=list)
    slaves: list[SlaveMark] = field(default_factory=list)


def follow(ruleset: Ruleset, branch: Branch, mark: Any = None, ram_both: bool = True) -> list[Branch]:
    """Feed neutral dice to the clone until the move or slide in hand is over (the
    next decision, or a roll that belongs to something else). `mark(state, wheel)`
    gives a SlaveMark when a slave table roll is pending."""
    st = branch.state
    out: list[Branch] = []
    while st.phase != OVER:
        if ruleset.current_actor(st) != CHANCE:
            break
        top = st.steps[-1]
        reason = top["reason"]
        if reason not in FOLLOW:
            break
        if reason == "ram":
            if ram_both:
                p_rammer = kn.p_rammed_side(True)
                other = Branch(branch.prob * p_rammer, st.clone(), list(branch.events), list(branch.slaves))
                other.events.extend(ruleset.apply(other.state, ROLL[1]))
                out.extend(follow(ruleset, other, mark, ram_both=False))
                branch.prob *= 1 - p_rammer
            branch.events.extend(ruleset.apply(st, ROLL[3]))
            continue
        if reason == "slave_table" and mark is not None:
            branch.slaves.append(mark(st, top["who"]))
        branch.events.extend(ruleset.apply(st, ROLL[NEUTRAL[reason]]))
    out.insert(0, branch)
    return out


def trace(ruleset: Ruleset, state: DoomState, choice: Choice, mark: Any = None) -> list[Branch]:
    """Apply `choice` to a clone and follow it (see `follow`)."""
    st = state.clone()
    b = Branch(1.0, st, list(ruleset.apply(st, choice)))
    return follow(ruleset, b, mark)


def resync(state: DoomState) -> None:
    """Put the shared table back to this state's positions after looking ahead."""
    if state.table is not None:
        geo_of(state)


def moved_along(events: list[Any], wheel: str, how: str) -> list[tuple[float, str]]:
    """(distance slid so far, what) for each critter run over and the final stop, along
    the straight slides of `wheel` of kind `how` in `events`."""
    out: list[tuple[float, str]] = []
    dist = 0.0
    for e in events:
        if isinstance(e, ev.WheelMoved) and e.wheel == wheel and e.how == how:
            dist += ((e.x1 - e.x0) ** 2 + (e.y1 - e.y0) ** 2) ** 0.5
            if e.stopped_by:
                out.append((dist, "stop:" + e.stopped_by))
        elif isinstance(e, ev.RanOver) and e.wheel == wheel:
            out.append((dist, e.critter_kind))
    return out


def with_pose(w: Any, x: float, y: float, heading: float | None = None) -> Any:
    return replace(w, x=x, y=y, heading=w.heading if heading is None else heading)
