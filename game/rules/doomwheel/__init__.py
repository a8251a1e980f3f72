"""The Doomwheel Race (spec: shared/rules/doomwheel-race.md) as a headless rules
engine behind the one protocol of game.core.protocol. Modules: options (§11), state
(wheels, critters, §1), charts (§4 slave table, §5 ram table, §8 hit mechanics), geo
(the table: swept moves and Schwenks), engine (pending-step stack, dice, turn, move
decision, wounds, end: §2-§4, §8), movement (§4 moves, run-overs, laps), ram (§5),
sabotage (§6), shooting (§7), critters (§9), events. Readings the spec left open:
docs/doomwheel-rulings.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.levels.course import Course, start_slots
from game.core.dice import seed_state
from game.core.errors import BadInput
from game.core.protocol import CHANCE, Choice
from game.rules.doomwheel import critters, engine, movement, ram, sabotage, shooting  # noqa: F401  (they register steps)
from game.rules.doomwheel.options import Options, parse_options
from game.rules.doomwheel.state import CRITTER_RADIUS, GRID_GAP, OVER, Critter, DoomState, Wheel, WHEEL_LENGTH, WHEEL_WIDTH

NAME = "doomwheel"
MAX_PLAYERS = 4


@dataclass(frozen=True)
class DoomSetup:
    course: Course
    players: tuple[tuple[str, str], ...]  # (id, name), seat order
    seed: int = 0


def check_field(course: Course, players: int, source: str = "race") -> None:
    if getattr(course, "ruleset", NAME) != NAME:
        raise BadInput(source, "ruleset", f"this is a {course.ruleset} course; the Doomwheel Race needs a "
                                          "doomwheel course")
    if not course.is_circuit:
        raise BadInput(source, "course", "the Doomwheel Race is run in laps: the course needs laps")
    if not 2 <= players <= MAX_PLAYERS:
        raise BadInput(source, "players", f"must be 2-{MAX_PLAYERS}, got {players}")
    if course.max_racers is not None and players > course.max_racers:
        raise BadInput(source, "players", f"{players} wheels are more than this course's {course.max_racers}")
    try:
        start_slots(course, players, WHEEL_WIDTH, WHEEL_LENGTH, gap=GRID_GAP, margin=GRID_GAP)
    except ValueError as e:
        raise BadInput(source, "course", f"the start line cannot seat {players} wheels: {e}") from None


def seats(course: Course) -> tuple[int, str]:
    """How many wheels a race on this course can seat (0 if not even two), and why no
    more (the reason check_field gives for one more; "" at MAX_PLAYERS), for the
    set-up screen's players list."""
    most, why = 0, ""
    for n in range(2, MAX_PLAYERS + 1):
        try:
            check_field(course, n)
        except BadInput as e:
            why = e.reason
            break
        most = n
    return most, why


def new_state(setup: DoomSetup, options: Options | dict[str, Any] | None = None) -> DoomState:
    opts = options if isinstance(options, Options) else parse_options(options)
    if isinstance(options, dict) and "players" in options and opts.players != len(setup.players):
        raise BadInput("options", "options.players",
                       f"says {opts.players} wheels but the race has {len(setup.players)} players")
    if len(setup.players) != opts.players:
        opts = parse_options({**opts.to_json(), "players": len(setup.players)})
    check_field(setup.course, len(setup.players))
    wheels = {pid: Wheel(pid, pid) for pid, _ in setup.players}
    herd: dict[str, Critter] = {}
    count: dict[str, int] = {}
    for c in setup.course.critters:
        count[c.kind] = count.get(c.kind, 0) + 1
        cid = f"{c.kind}-{count[c.kind]}"
        herd[cid] = Critter(cid, c.kind, c.x, c.y, CRITTER_RADIUS[c.kind])
    st = DoomState(opts, setup.course, tuple(p for p, _ in setup.players), wheels, herd,
                   seed_state(setup.seed), seed=setup.seed)
    engine.start(st)
    return st


def clone(state: DoomState) -> DoomState:
    return state.clone()


def is_legal(state: DoomState, choice: Choice) -> str | None:
    return engine.why_illegal(state, choice)


def outcome(state: DoomState) -> dict[str, Any]:
    return {
        "over": state.phase == OVER,
        "turns": state.turn,
        "winner": state.winner,
        "reason": state.end_reason,
        "laps": {w.id: w.laps for w in state.wheels.values()},
        "wounds": {w.id: w.wounds for w in state.wheels.values()},
    }


class Doomwheel:
    """The ruleset object (protocol of game.core.protocol)."""

    name = NAME
    new_state = staticmethod(new_state)
    current_actor = staticmethod(engine.current_actor)
    legal_choices = staticmethod(engine.legal_choices)
    is_legal = staticmethod(is_legal)
    chance_outcomes = staticmethod(engine.chance_outcomes)
    pending_chance = staticmethod(engine.pending_chance)
    apply = staticmethod(engine.apply)
    outcome = staticmethod(outcome)
    clone = staticmethod(clone)


RULESET = Doomwheel()
__all__ = ["RULESET", "DoomSetup", "Doomwheel", "Options", "new_state", "parse_options", "CHANCE"]


# --------------------------------------------------------------------------- registration

def _from_setup(setup: Any, level: Course, source: str, where: str) -> DoomState:
    """A fresh state for a game.core.record.GameSetup (its level already read)."""
    from game.rules.doomwheel.options import parse_options as read_options
    players = tuple((s.player, s.name) for s in setup.seats)
    return new_state(DoomSetup(level, players, setup.seed), read_options(setup.options, source, f"{where}.options"))


def _apply_start(state: DoomState, start: dict[str, Any], source: str, where: str) -> None:
    """The Doomwheel Race has no start adjustments."""
    for key in sorted(start):
        raise BadInput(source, f"{where}.start.{key}", "unknown start adjustment (known: favour, Wild Race)")


def _register() -> None:
    from typing import cast

    from game.core import registry
    from game.core.protocol import Ruleset
    from game.rules.doomwheel import options
    registry.register(registry.Registration(  # (its chance_outcomes returns a Sequence, the protocol says list)
        name=NAME, title="The Doomwheel Race", short="Doomwheel Race", order=1, ruleset=cast(Ruleset, RULESET),
        state_type=DoomState, package="doomwheel", default_level="levels/doomwheel/figure_of_eight.json",
        default_level_title="The Figure of Eight", levels_dir="levels/doomwheel",
        help={"players": "Doomwheel 2-4 (as many as the track seats)",
              "agent": "greedy plays at random and hard is experimental: docs/ai.md",
              "options": "docs/doomwheel-rules.md"},
        new_state=_from_setup, setup_fields=lambda state: {},
        start_of=lambda state, fresh: {}, apply_start=_apply_start, check_field=check_field, options=options,
        scenario="game.rules.doomwheel.scenario:HOOKS", level_profile="game.rules.doomwheel.course_profile:PROFILE"))


_register()
