"""Doomwheel scenarios (CONTRACTS §4), a first cut: build a state at the start of a
phase of any turn with a given order, set any field of the wheels and the critters,
then play scripted dice (each may name whom it is for and why; a mismatch is an
error) and scripted choices (by kind and parameters) and check `expect` (field paths)
and `events` (kinds, in order). `run_file` gives 0 (all hold), 1 (a mismatch) or 2
(a bad file), for the command line to use.

    {"format": 1, "kind": "scenario", "ruleset": "doomwheel", "name": "...",
     "course": "levels/doomwheel/figure_of_eight.json" | {inline course fields},
     "players": ["red", "blue"], "seed": 1, "options": {...},
     "start": {"turn": 1, "phase": "move" | "sabotage" | "shooting" | "critters",
               "order": ["red", "blue"]},
     "wheels": {"red": {"x": .., "y": .., "heading": .., "wounds": .., ...}},
     "critters": [{"kind": "slave", "x": .., "y": .., "alive": true}],
     "dice": [3, {"value": 4, "who": "red", "reason": "move"}],
     "choices": [{"kind": "drive"}, {"kind": "move", "at": 0, "angle": 30}],
     "expect": {"wheels.red.x": 15.0, "winner": null}, "events": ["RanOver"]}
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from typing import Any

from game.core.course import Course, course_from_json, load_course
from game.core.errors import BadInput
from game.core.jsonload import load_json_file
from game.core.protocol import CHANCE, TERMINAL, Choice
from game.rules.doomwheel import RULESET, DoomSetup, new_state
from game.rules.doomwheel.engine import Ctx, advance
from game.rules.doomwheel.state import CRITTER_RADIUS, Critter, DoomState, Step, Wheel

FORMAT = 1
TOP = {"format", "kind", "ruleset", "name", "course", "players", "seed", "options", "start", "wheels", "critters",
       "dice", "choices", "expect", "events"}
PHASES = ("move", "sabotage", "shooting", "critters")
WHEEL_FIELDS = {f.name: f.type for f in fields(Wheel) if f.name not in ("id", "player")}


@dataclass
class Scenario:
    source: str
    state: DoomState
    dice: list[tuple[int, str | None, str | None]]
    choices: list[Choice]
    expect: dict[str, Any] = field(default_factory=dict)
    events: list[str] = field(default_factory=list)


def _fail(source: str, path: str, reason: str) -> BadInput:
    return BadInput(source, path, reason)


def _course(v: Any, source: str) -> Course:
    if isinstance(v, str):
        base = os.path.dirname(os.path.abspath(source)) if os.path.exists(source) else os.getcwd()
        for cand in (os.path.join(base, v), v):
            if v and os.path.isfile(cand):
                return load_course(cand)
        raise _fail(source, "course", f"course file {v!r} not found")
    if not isinstance(v, dict):
        raise _fail(source, "course", "must be a level path or a course object")
    data = {"format": 2, "kind": "course", "name": "scenario course", "ruleset": "doomwheel", **v}
    try:
        return course_from_json(data, source)
    except BadInput as e:
        raise BadInput(source, "course." + e.field if e.field else "course", e.reason) from None


def load_scenario(data: Any, source: str) -> Scenario:
    if not isinstance(data, dict):
        raise _fail(source, "", "a scenario is a JSON object")
    extra = sorted(set(data) - TOP)
    if extra:
        raise _fail(source, extra[0], "unknown field")
    if data.get("format") != FORMAT or data.get("kind") != "scenario" or data.get("ruleset") != "doomwheel":
        raise _fail(source, "format", f"needs format {FORMAT}, kind 'scenario', ruleset 'doomwheel'")
    course = _course(data.get("course"), source)
    players = data.get("players", ["red", "blue"])
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise _fail(source, "players", "must be a list of player ids")
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise _fail(source, "seed", "must be a whole number")
    opts = data.get("options") or {}
    st = new_state(DoomSetup(course, tuple((p, p) for p in players), seed), {**opts, "players": len(players)}
                   if isinstance(opts, dict) else opts)
    _critters(st, data.get("critters"), source)
    _start(st, data.get("start") or {}, source)
    _wheels(st, data.get("wheels") or {}, source)
    dice = [_die(v, source, f"dice[{i}]") for i, v in enumerate(data.get("dice") or [])]
    choices = []
    for i, v in enumerate(data.get("choices") or []):
        if not isinstance(v, dict) or not isinstance(v.get("kind"), str):
            raise _fail(source, f"choices[{i}]", "a choice is an object with a kind")
        choices.append(Choice.from_json(v))
    expect = data.get("expect") or {}
    events = data.get("events") or []
    if not isinstance(expect, dict) or not isinstance(events, list):
        raise _fail(source, "expect", "expect is an object of paths; events a list of kinds")
    return Scenario(source, st, dice, choices, expect, [str(e) for e in events])


def _die(v: Any, source: str, path: str) -> tuple[int, str | None, str | None]:
    if isinstance(v, int) and not isinstance(v, bool):
        return v, None, None
    if isinstance(v, dict) and isinstance(v.get("value"), int) and set(v) <= {"value", "who", "reason"}:
        return int(v["value"]), v.get("who"), v.get("reason")
    raise _fail(source, path, "a die is a number or {value, who, reason}")


def _critters(st: DoomState, v: Any, source: str) -> None:
    if v is None:
        return
    if not isinstance(v, list):
        raise _fail(source, "critters", "must be a list")
    st.critters.clear()
    count: dict[str, int] = {}
    for i, c in enumerate(v):
        if not isinstance(c, dict) or c.get("kind") not in CRITTER_RADIUS or set(c) - {"kind", "x", "y", "alive"}:
            raise _fail(source, f"critters[{i}]", "a critter is {kind: fanatic|slayer|slave, x, y, alive}")
        kind = str(c["kind"])
        count[kind] = count.get(kind, 0) + 1
        cid = f"{kind}-{count[kind]}"
        st.critters[cid] = Critter(cid, kind, float(c["x"]), float(c["y"]), CRITTER_RADIUS[kind],
                                   bool(c.get("alive", True)))


def _start(st: DoomState, v: Any, source: str) -> None:
    """Restart the state at the beginning of the given phase (grid already placed)."""
    if not isinstance(v, dict) or set(v) - {"turn", "phase", "order"}:
        raise _fail(source, "start", "start is {turn, phase, order}")
    phase = v.get("phase", "move")
    if phase not in PHASES:
        raise _fail(source, "start.phase", f"must be one of {', '.join(PHASES)}")
    order = tuple(v.get("order", st.players))
    if sorted(order) != sorted(st.players):
        raise _fail(source, "start.order", "must list every player once")
    from game.core.course import start_slots
    from game.rules.doomwheel.state import GRID_GAP
    w0 = next(iter(st.wheels.values()))
    slots = start_slots(st.course, len(st.players), w0.width, w0.length, gap=GRID_GAP, margin=GRID_GAP)
    for pid, (x, y, h) in zip(st.players, slots):
        st.wheels[pid].x, st.wheels[pid].y, st.wheels[pid].heading = x, y, h
    st.turn = int(v.get("turn", 1))
    st.order = order
    st.steps.clear()
    steps = [Step.make("activation", wheel=p) for p in order] if phase == "move" else []
    names = PHASES[1:] if phase == "move" else PHASES[PHASES.index(phase):]
    steps += [Step.make("phase", name=n) for n in names] + [Step.make("turn_end")]
    st.phase = phase
    for s in reversed(steps):
        st.steps.append(s)


def _wheels(st: DoomState, v: Any, source: str) -> None:
    if not isinstance(v, dict):
        raise _fail(source, "wheels", "must be an object of wheel id -> fields")
    for wid, f in v.items():
        w = st.wheels.get(wid)
        if w is None or not isinstance(f, dict):
            raise _fail(source, f"wheels.{wid}", "no such wheel (or not an object)")
        for k, val in f.items():
            if k not in WHEEL_FIELDS:
                raise _fail(source, f"wheels.{wid}.{k}", "unknown wheel field")
            setattr(w, k, val)


def settle(st: DoomState) -> list[Any]:
    ctx = Ctx(st)
    advance(ctx)
    return ctx.events


def lookup(st: DoomState, path: str) -> Any:
    if path == "winner":
        return st.winner
    obj: Any = st
    for part in path.split("."):
        obj = obj.get(part) if isinstance(obj, dict) else getattr(obj, part)
    return obj


def run(sc: Scenario) -> tuple[list[str], list[Any]]:
    """Play the scripts; returns (mismatches, events). A script error is BadInput."""
    st = sc.state
    events = settle(st)
    dice, choices = list(sc.dice), list(sc.choices)
    while dice or choices:
        actor = RULESET.current_actor(st)
        if actor == TERMINAL:
            raise _fail(sc.source, "dice" if dice else "choices", "the race ended with script left over")
        if actor == CHANCE:
            if not dice:
                raise _fail(sc.source, "dice", f"ran out of dice ({st.steps[-1]['reason']} is pending)")
            value, who, reason = dice.pop(0)
            top = st.steps[-1]
            if (who is not None and who != top["who"]) or (reason is not None and reason != top["reason"]):
                raise _fail(sc.source, "dice", f"the die pending is {top['who']}'s {top['reason']}, "
                                               f"the script has {who}'s {reason}")
            events += RULESET.apply(st, Choice.make("roll", value=value))
        else:
            if not choices:
                raise _fail(sc.source, "choices", f"ran out of choices ({actor} must decide)")
            c = choices.pop(0)
            why = RULESET.is_legal(st, c)
            if why is not None:
                raise _fail(sc.source, "choices", f"{c} is illegal: {why}")
            events += RULESET.apply(st, c)
    return check(sc, events), events


def check(sc: Scenario, events: list[Any]) -> list[str]:
    bad = []
    for path, want in sc.expect.items():
        try:
            got = lookup(sc.state, path)
        except (AttributeError, KeyError):
            bad.append(f"{path}: no such field")
            continue
        same = abs(got - want) <= 1e-6 if isinstance(want, float) and isinstance(got, (int, float)) else got == want
        if not same:
            bad.append(f"{path}: expected {want!r}, got {got!r}")
    kinds = [e.kind for e in events]
    it = iter(kinds)
    if sc.events and not all(k in it for k in sc.events):
        bad.append(f"events: expected {sc.events} in order, got {kinds}")
    return bad


def run_file(path: str) -> int:
    """0: every expectation holds; 1: a mismatch (printed); 2: a bad file or script."""
    try:
        sc = load_scenario(load_json_file(path), path)
        bad, _ = run(sc)
    except BadInput as e:
        print(e.line())
        return 2
    for line in bad:
        print(f"{path}: {line}")
    return 1 if bad else 0
