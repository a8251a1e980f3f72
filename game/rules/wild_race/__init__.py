"""The Wild Race (spec: shared/rules/wild-race.md) as a headless rules engine behind
the one protocol of game.core.protocol. Modules: state (racer sheet), options (§15),
charts (data), engine (pending-step stack, dice, favour), flow (set-up, turn
sequence, end), movement and move_turn (§7), spur_whip (§8), barge (§9), scenery
(§10), effects (§3 hits, §11 Unbalanced, §12 forced movement), grand_prix (§13),
serial (JSON)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.levels.course import Course
from game.core.dice import seed_state
from game.core.errors import BadInput
from game.core.protocol import CHANCE, Choice
from game.rules.wild_race import barge, flow, move_turn, scenery, spur_whip  # noqa: F401  (register steps)
from game.rules.wild_race.engine import (
    Ctx, advance, apply as _apply, chance_outcomes, current_actor, legal_choices, pending_chance, why_illegal)
from game.rules.wild_race.options import Options
from game.rules.wild_race.state import Obstacle, RaceState, Racer, OVER

NAME = "wild-race"
LIVES = {1: 3, 2: 2, 3: 1}
MAX_RACERS = 12
MAX_PLAYERS = 8


@dataclass(frozen=True)
class RaceSetup:
    course: Course
    players: tuple[tuple[str, str], ...]  # (id, name)
    racers_per_player: int
    seed: int = 0
    racer_names: tuple[tuple[str, ...], ...] = ()


RACER_NAMES = ("Gorse", "Thistle", "Ember", "Hob", "Bramble", "Nightjar", "Sorrel", "Flint",
               "Ash", "Cinder", "Rook", "Wren", "Lark", "Moss", "Tansy", "Quill")


def check_field(course: Course, players: int, per_player: int, source: str = "race",
                course_source: str | None = None) -> None:
    if getattr(course, "ruleset", NAME) != NAME:
        raise BadInput(course_source or source, "ruleset",
                       f"this is a {course.ruleset} course; the Wild Race needs a wild-race course")
    if not 1 <= players <= MAX_PLAYERS:
        raise BadInput(source, "players", f"must be 1-{MAX_PLAYERS}, got {players}")
    if not 1 <= per_player <= 3:
        raise BadInput(source, "racers-per-player", f"must be 1-3, got {per_player}")
    cap = min(MAX_RACERS, course.max_racers or MAX_RACERS)
    if players * per_player > cap:
        raise BadInput(source, "racers", f"{players} x {per_player} racers is more than this course's {cap}")
    from game.levels.course import start_slots
    try:
        start_slots(course, players * per_player)
    except ValueError as e:
        raise BadInput(course_source or source, "start" if course_source else "course",
                       f"the start line cannot seat {players * per_player} racers: {e}") from None


def new_state(setup: RaceSetup, options: Options | None = None) -> RaceState:
    opts = options or Options()
    check_field(setup.course, len(setup.players), setup.racers_per_player)
    racers: dict[str, Racer] = {}
    k = 0
    for pi, (pid, _) in enumerate(setup.players):
        for j in range(setup.racers_per_player):
            rid = f"{pid}-{j + 1}"
            names = setup.racer_names[pi] if pi < len(setup.racer_names) else ()
            name = names[j] if j < len(names) else RACER_NAMES[k % len(RACER_NAMES)]
            lives = LIVES[setup.racers_per_player]
            racers[rid] = Racer(rid, pid, name, lives=lives, max_lives=lives)
            k += 1
    obstacles = {o.id: Obstacle(o.id, o.size, o.shape, o.x, o.y, o.rotation, o.length, o.width, o.radius,
                                tuple(o.points), o.look) for o in setup.course.obstacles}
    st = RaceState(opts, setup.course, tuple(p for p, _ in setup.players), dict(setup.players), racers, obstacles,
                   seed_state(setup.seed), seed=setup.seed)
    ctx = Ctx(st)
    advance(ctx)
    return st


def clone(state: RaceState) -> RaceState:
    return state.clone()


def is_legal(state: RaceState, choice: Choice) -> str | None:
    return why_illegal(state, choice)


def apply(state: RaceState, choice: Choice) -> list[Any]:
    return _apply(state, choice)


def outcome(state: RaceState) -> dict[str, Any]:
    order = flow.final_order(state)
    return {
        "over": state.phase == OVER,
        "turns": state.turn,
        "order": order,
        "finished": list(state.finish_order),
        "casualties": list(state.casualties),
        "winner": state.racers[order[0]].player if order else None,
    }


class WildRace:
    """The ruleset object (protocol of game.core.protocol)."""

    name = NAME
    new_state = staticmethod(new_state)
    current_actor = staticmethod(current_actor)
    legal_choices = staticmethod(legal_choices)
    is_legal = staticmethod(is_legal)
    chance_outcomes = staticmethod(chance_outcomes)
    pending_chance = staticmethod(pending_chance)
    apply = staticmethod(apply)
    outcome = staticmethod(outcome)
    clone = staticmethod(clone)


RULESET = WildRace()
__all__ = ["RULESET", "RaceSetup", "WildRace", "new_state", "CHANCE"]


# --------------------------------------------------------------------------- registration

def _from_setup(setup: Any, level: Course, source: str, where: str) -> RaceState:
    """A fresh state for a game.core.record.GameSetup (its level already read)."""
    from game.rules.wild_race.options import parse_options
    players = tuple((s.player, s.name) for s in setup.seats)
    names = tuple(tuple(n) for n in setup.fields.get("racer_names", ()))
    return new_state(RaceSetup(level, players, setup.fields.get("racers_per_player", 1), setup.seed, names),
                     parse_options(setup.options, source, f"{where}.options"))


def _setup_fields(state: RaceState) -> dict[str, Any]:
    """The GameSetup fields that rebuild this state's field of racers."""
    per = {p: [r for r in state.racers.values() if r.player == p] for p in state.players}
    return {"racers_per_player": len(per[state.players[0]]),
            "racer_names": [[r.name for r in per[p]] for p in state.players]}


def _start_of(state: RaceState, fresh: RaceState) -> dict[str, Any]:
    """Start adjustments: the favour a racer has beyond a fresh race's (a Grand Prix)."""
    favour = {rid: r.favour for rid, r in state.racers.items() if r.favour != fresh.racers[rid].favour}
    return {"favour": favour} if favour else {}


def _apply_start(state: RaceState, start: dict[str, Any], source: str, where: str) -> None:
    """Start adjustments: {"favour": {racer: n}} (a Grand Prix's carried favour)."""
    for key, value in sorted(start.items()):
        if key != "favour" or not isinstance(value, dict):
            raise BadInput(source, f"{where}.start.{key}", "unknown start adjustment (known: favour, Wild Race)")
        for rid, n in sorted(value.items()):
            if rid not in state.racers or isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 99:
                raise BadInput(source, f"{where}.start.favour.{rid}", "must name a racer and a favour count 0-99")
            state.racers[rid].favour = n


def _register() -> None:
    from typing import cast

    from game.core import registry
    from game.core.protocol import Ruleset
    from game.rules.wild_race import options
    registry.register(registry.Registration(
        name=NAME, title="The Wild Race", short="Wild Race", order=0, ruleset=cast(Ruleset, RULESET),
        state_type=RaceState,
        package="wild_race", default_level="levels/wild_race/sample_sprint.json", default_level_title="Sample Sprint",
        levels_dir="levels/wild_race", help={"players": "Wild Race 1-8", "options": "docs/wild-race-rules.md"},
        new_state=_from_setup, setup_fields=_setup_fields, start_of=_start_of, apply_start=_apply_start,
        check_field=check_field, options=options,
        scenario="game.rules.wild_race.scenario:HOOKS", level_profile="game.rules.wild_race.course_profile:PROFILE"))


_register()
