"""What the rulesets' command-line hooks share (`simulate`, `arena`; each ruleset's
own are in its top room, game/ui/<r>/commands.py): the seats and their names, the
agents' seeds, the recording for --replay-out, the shipped levels, the arena's
timed game loop and statistics. No pygame: the command line never opens a window."""

from __future__ import annotations

import glob
import os
import time
from typing import Any

from game.core import registry
from game.core.driver import sample_chance
from game.core.protocol import CHANCE, TERMINAL
from game.names import PLAYER_IDS, colour_name

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the project root


def agent_seed(seed: int, seat: int) -> int:
    """The AI seed of seat `seat` in a simulated race of game seed `seed`."""
    return seed * 1009 + seat * 7919 + 1


def default_level(ruleset: str) -> str:
    """The ruleset's default level file (a full path)."""
    return os.path.join(ROOT, *registry.get(ruleset).default_level.split("/"))


def package_level(name: str, suffix: str) -> str:
    """<PACKAGE><suffix> (the modules' old constants, "WILD_RACE_COURSE"): that ruleset's
    default level, relative to the project root; AttributeError for another name."""
    if name.endswith(suffix):
        package = name[: -len(suffix)].lower()
        for reg in registry.every():
            if reg.package == package:
                return reg.default_level
    raise AttributeError(name)


def shipped_courses(ruleset: str | None = None) -> list[str]:
    """Every shipped level of the ruleset (None: the first ruleset)."""
    reg = registry.default() if ruleset is None else registry.get(ruleset)
    return sorted(glob.glob(os.path.join(ROOT, *reg.levels_dir.split("/"), "*.json")))


def make_agents(kind: str, players: list[str], seed: int, ruleset: str | None = None) -> dict[str, Any]:
    """`kind` at every seat of `players`, seeded by agent_seed (simulate)."""
    from game.ai.agents import make_agent
    return {p: make_agent(kind, agent_seed(seed, i), "simulate", ruleset=ruleset) for i, p in enumerate(players)}


def recorded(state: Any, players: Any, kind: str, seed: int, games: list[Any] | None) -> Any:
    """The ruleset to play through: the recording wrapper when a replay is wanted
    (--replay-out; the RecordedGame is appended to `games`), else the plain one."""
    if games is None:
        return registry.of_state(state).ruleset
    from game.core.record import SeatRecord
    from game.save.games import start_game
    rg = start_game(state, [SeatRecord(p, name, kind, agent_seed(seed, i), colour=i)
                            for i, (p, name) in enumerate(players)])
    games.append(rg)
    return rg.rules


def seats_of(players: int) -> tuple[tuple[str, str], ...]:
    """The command line's seats: (id, name), each named after the colour its seat is
    drawn in (seat i: palette index i; the id "green" is the seat drawn yellow, so an
    id is never a name: game.names)."""
    return tuple((PLAYER_IDS[i], colour_name(i)) for i in range(players))


def arena_agent(kind: str, seed: int, ruleset: str | None = None) -> Any:
    """An arena seat's agent (BadInput naming the arena for an unknown kind)."""
    from game.ai.agents import make_agent as make
    return make(kind, seed, "arena", ruleset=ruleset)


def timed_play(rules: Any, st: Any, agents: dict[str, Any], labels: dict[str, str],
               times: dict[str, list[float]]) -> None:
    """Play `st` to its end, timing each agent's decisions (by its label in `times`)."""
    while True:
        actor = rules.current_actor(st)
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            rules.apply(st, sample_chance(rules, st))
            continue
        legal = rules.legal_choices(st)
        t = time.perf_counter()
        choice = agents[actor].act(rules, st, legal)
        times.setdefault(labels[actor], []).append(time.perf_counter() - t)
        rules.apply(st, choice)


def run_jobs(race: Any, jobs: list[Any], processes: int) -> list[Any]:
    """`race` over the arena's jobs, in `processes` processes side by side (1: here)."""
    if processes > 1:
        import multiprocessing
        with multiprocessing.get_context("spawn").Pool(processes) as pool:
            return pool.map(race, jobs, chunksize=1)
    return [race(j) for j in jobs]
