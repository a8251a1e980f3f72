"""Doomwheel scenarios (CONTRACTS §4; the format is documented in
docs/doomwheel-scenario-format.md, and this module follows it field by field): build
a state anywhere in a race — any turn, the start of any phase with an order, a
player's activation or a critter's turn, or directly at a pending step (a move
decision, a ram roll, a chart roll, a shot, a respawn ...) — with every field of every
wheel and critter set, then play loaded dice and scripted choices and check
expectations on state paths and events.

This module is the Doomwheel's hooks (`HOOKS`) for the one scenario runner
(game/core/scenario.py): `load_scenario` reads (BadInput for anything it cannot
accept, naming the field); `run_scenario` plays (BadInput for a script that does not
fit the game); `run_file` is the command line's `scenario FILE [--json]` (exit 0, 1
or 2).
"""

from __future__ import annotations

import json
import re
from dataclasses import fields
from typing import Any

from game.levels.course import Course, course_from_json, load_course, start_slots
from game.core import expect, scenario as runner
from game.core.errors import BadInput
from game.core.jsonload import Obj, Val
from game.core.protocol import CHANCE, TERMINAL, Choice
from game.core.scenario import Result, Scenario, ScenarioHooks, ScriptedChoice, ScriptedDie, Setup
from game.rules.doomwheel import RULESET, DoomSetup, new_state
from game.rules.doomwheel.engine import Ctx, advance, roll
from game.rules.doomwheel.options import parse_options
from game.rules.doomwheel.state import CRITTER_RADIUS, GRID_GAP, OVER, Critter, DoomState, Step, Wheel

FILL_CHOICES = ("none", "random", "first")
PHASES = ("grid", "initiative", "move", "sabotage", "shooting", "critters", "respawn")
PHASE_ALIASES = {"movement": "move", "moves": "move", "start": "grid", "start_grid": "grid", "setup": "grid",
                 "turn_start": "initiative", "shoot": "shooting", "critter": "critters",
                 "critter_movement": "critters", "critter_phase": "critters"}
# the step kinds `start.step` can put on top (docs: "Start at a pending step")
START_STEPS = ("activate", "move_roll", "move", "repair", "slip", "tangled", "out_of_control", "run_over",
               "slave_table", "hits", "ram", "ram_table", "sabotage", "shot", "critter", "respawn")
OWN_MOVE = ("activate", "move_roll", "move", "repair", "slip", "tangled", "out_of_control", "ram")
CRITTER_KINDS = {"fanatic": "fanatic", "slayer": "slayer", "dammaz_drengi": "slayer", "dammaz-drengi": "slayer",
                 "slave": "slave"}
RAM_EFFECTS = ("", "toppled", "breakdown", "out_of_control")
# every roll the engine makes, by reason (RollMade.reason), and the synonyms accepted
REASONS = ("grid", "initiative", "move", "repair", "to_wound", "armour_save", "run_over_hits", "slave_table",
           "slip", "tangled", "direction", "out_of_control", "ram", "ram_table", "toppled_hits", "edge_hits",
           "sabotage", "to_hit", "to_hit_7_plus", "bolt_to_wound", "bolt_wounds", "critter_move",
           "critter_direction", "slayer_charge", "respawn")
REASON_ALIASES = {
    "start_grid": "grid", "grid_roll": "grid", "roll_off": "grid", "rolloff": "grid",
    "initiative_roll": "initiative", "movement": "move", "move_roll": "move", "3d6": "move",
    "repair_roll": "repair", "wound": "to_wound", "wound_roll": "to_wound", "save": "armour_save",
    "armor_save": "armour_save", "run_over": "run_over_hits", "fanatic_hits": "run_over_hits",
    "slayer_hits": "run_over_hits", "slave": "slave_table", "slave_chart": "slave_table",
    "slip_distance": "slip", "tangled_distance": "tangled", "random_direction": "direction",
    "scatter": "direction", "out_of_control_distance": "out_of_control", "ram_roll": "ram",
    "ram_chart": "ram_table", "toppled": "toppled_hits", "edge": "edge_hits", "edge_damage": "edge_hits",
    "sabotage_slide": "sabotage", "shoot": "to_hit", "shooting": "to_hit", "bolt_to_hit": "to_hit",
    "to_hit_second": "to_hit_7_plus", "to_hit_7": "to_hit_7_plus", "bolt_wound": "bolt_to_wound",
    "bolt_damage": "bolt_wounds", "bolt_thrower_wounds": "bolt_wounds", "critter_distance": "critter_move",
    "critter_walk": "critter_move", "slayer": "slayer_charge", "spot": "respawn", "respawn_spot": "respawn",
}
WHO_KEYS = ("who", "for", "wheel", "critter", "player")
WHEEL_INTS = {"wounds": (0, 99), "max_wounds": (1, 99), "toughness": (1, 10), "armour": (1, 7),
              "sabotage": (0, 99), "fired_turn": (-99, 10000), "laps": (0, 99), "next_cp": (0, 99),
              "ram_effect_turn": (0, 10000), "moved_turn": (0, 10000)}
WHEEL_ALIASES = {"sabotage_points": "sabotage", "armor": "armour", "save": "armour", "next_checkpoint": "next_cp",
                 "checkpoint": "next_cp", "facing": "heading"}
IDENT = re.compile(r"[A-Za-z0-9_-]{1,40}")


# --- reading ---------------------------------------------------------------------------

def _course(o: Obj, source: str) -> Course:
    return runner.read_level(o, source, load_course, course_from_json,
                             {"format": 2, "kind": "course", "name": "scenario course", "ruleset": "doomwheel"},
                             name_file_errors=True)

def _ident(v: Val) -> str:
    s = v.string(min_len=1, max_len=40)
    if not IDENT.fullmatch(s):
        v.fail(f"{s!r} is not a usable id (letters, digits, '-' and '_')")
    return s


def _players(o: Obj) -> list[tuple[str, str]]:
    if not o.has("players"):
        return [("red", "red"), ("blue", "blue")]
    out: list[tuple[str, str]] = []
    for v in o.get("players").lst(min_len=2, max_len=4):
        if isinstance(v.value, dict):
            po = v.obj()
            pid = _ident(po.get("id"))
            name = po.string("name", default=pid, max_len=60)
            po.done()
        else:
            pid = _ident(v)
            name = pid
        if pid in [p for p, _ in out]:
            v.fail(f"player {pid!r} is listed twice")
        out.append((pid, name))
    return out


def _setup(o: Obj, source: str) -> Setup:
    """The race the file describes: course, players, options, critters, wheels, start."""
    course = _course(o, source)
    players = _players(o)
    seed = o.integer("seed", lo=0, hi=2**63, default=0)
    ov = o.maybe("options")
    opts = dict(ov.obj().data) if ov is not None else {}
    if "players" in opts and opts["players"] != len(players):
        raise BadInput(source, "options.players", f"says {opts['players']!r} wheels but the scenario has "
                                                  f"{len(players)} players")
    options = parse_options({**opts, "players": len(players)}, source, "options")
    try:
        st = new_state(DoomSetup(course, tuple(players), seed), options)
    except BadInput as e:
        raise BadInput(source, e.field, e.reason) from None
    if o.has("critters"):
        _critters(st, o.get("critters"))
    start = o.get("start").obj() if o.has("start") else Obj({}, source, "start")
    phase = _phase(start)
    if phase != "grid":
        _place_grid(st)
    if o.has("wheels"):
        _wheels(st, o.get("wheels"))
    return Setup(st, _start(st, start, phase))


def _critters(st: DoomState, v: Val) -> None:
    """The critters on the table (replacing the level's), ids `kind-N` in list order."""
    st.critters.clear()
    count: dict[str, int] = {}
    for cv in v.lst(max_len=200):
        co = cv.obj()
        raw = co.string("kind", choices=tuple(CRITTER_KINDS))
        kind = CRITTER_KINDS[raw]
        count[kind] = count.get(kind, 0) + 1
        cid = f"{kind}-{count[kind]}"
        given = co.string("id", default=cid, max_len=40)
        if given != cid:
            co.fail("id", f"critter ids are given in list order per kind: this one is {cid!r}")
        alive = co.boolean("alive", default=True)
        x, y = co.coord("x"), co.coord("y")
        co.done()
        st.critters[cid] = Critter(cid, kind, x, y, CRITTER_RADIUS[kind], alive)
    if st.table is not None:
        st.table.sync(st)


def _place_grid(st: DoomState) -> None:
    """The wheels on the start grid in seat order (before `wheels` moves any)."""
    w0 = next(iter(st.wheels.values()))
    slots = start_slots(st.course, len(st.players), w0.width, w0.length, gap=GRID_GAP, margin=GRID_GAP)
    for pid, (x, y, h) in zip(st.players, slots):
        w = st.wheels[pid]
        w.x, w.y, w.heading = x, y, h


def _wheels(st: DoomState, v: Val) -> None:
    wo = v.obj()
    for wid in list(wo.data):
        if wid not in st.wheels:
            wo.fail(wid, f"no such wheel (the wheels are the players: {', '.join(st.players)})")
        fo = wo.get(wid).obj()
        w = st.wheels[wid]
        for key in list(fo.data):
            name = WHEEL_ALIASES.get(key, key)
            val = fo.get(key)
            if name in ("x", "y"):
                setattr(w, name, val.coord())
            elif name == "heading":
                w.heading = val.num(lo=-3600, hi=3600) % 360.0
            elif name in ("length", "width"):
                setattr(w, name, val.num(lo=0.1, hi=20))
            elif name in WHEEL_INTS:
                lo, hi = WHEEL_INTS[name]
                setattr(w, name, val.integer(lo=lo, hi=hi))
            elif name == "status":
                w.status = val.string(choices=("running", "destroyed"))
            elif name == "ram_effect":
                w.ram_effect = val.string(choices=RAM_EFFECTS)
            else:
                fo.fail(key, f"unknown wheel field (the fields: {', '.join(wheel_fields())})")
        if w.wounds > w.max_wounds:
            fo.fail("wounds", f"more than max_wounds ({w.max_wounds})")
        if w.wounds == 0 and w.status == "running":
            fo.fail("wounds", "a running wheel has at least 1 wound (set status: destroyed)")
    from game.rules.doomwheel.geo import wheel_shape
    from game.table.geometry import penetrates
    running = [w for w in st.wheels.values() if w.running]
    for i, a in enumerate(running):
        for b in running[i + 1:]:
            if penetrates(wheel_shape(a), wheel_shape(b)):
                wid = a.id if a.id in wo.data else b.id
                wo.fail(wid, f"the bases of {a.id} and {b.id} overlap")
    if st.table is not None:
        st.table.sync(st)


def wheel_fields() -> list[str]:
    return [f.name for f in fields(Wheel) if f.name not in ("id", "player")]


def _phase(so: Obj) -> str:
    raw = so.string("phase", default="move", max_len=40)
    phase = PHASE_ALIASES.get(raw, raw)
    if phase not in PHASES:
        so.fail("phase", f"must be one of {', '.join(PHASES)} (got {raw!r})")
    return phase


def _start(st: DoomState, so: Obj, phase: str) -> list[Any]:
    """Restart the state at `phase` of turn `turn` with the initiative `order`, from
    `player`'s activation (or turn) or `critter`'s walk, with `step` on top."""
    turn = so.integer("turn", lo=1, hi=10_000, default=1)
    running = [p for p in st.players if st.wheels[p].running]
    if so.has("order"):
        order = [_ident(v) for v in so.get("order").lst(max_len=4)]
        unknown = [p for p in order if p not in st.players]
        if unknown or len(set(order)) != len(order) or any(p not in order for p in running):
            so.fail("order", f"must list every running wheel once: {', '.join(running)}")
    else:
        order = running
    player = so.string("player", default=None, max_len=40)
    critter = so.string("critter", default=None, max_len=40)
    step_val = so.maybe("step")
    if player is not None and player not in order:
        so.fail("player", f"{player!r} is not in the order ({', '.join(order)})")
    if player is not None and phase not in ("move", "sabotage", "shooting"):
        so.fail("player", "a player's turn is for the move, sabotage and shooting phases")
    if critter is not None:
        if phase != "critters":
            so.fail("critter", "a critter's turn is for the critters phase")
        if critter not in st.critters:
            so.fail("critter", f"no critter {critter!r} (ids: {', '.join(st.critters)})")
    if phase == "grid":
        if so.has("turn") or so.has("order") or step_val is not None:
            so.fail("phase", "the grid phase is the race's start: no turn, order or step")
        so.done()
        return _settle(st)
    st.steps.clear()
    st.order = tuple(order)
    st.phase = phase
    st.turn = turn
    st.active = ""
    rest = ["sabotage", "shooting", "critters"]
    steps: list[Step] = []
    step = _start_step(st, step_val, phase) if step_val is not None else None
    if phase == "initiative":
        st.turn = turn - 1
        st.phase = "end"
        steps = [Step.make("turn_start")]
    elif phase == "move":
        own = step[1] if step is not None else None
        if own is not None and player is not None and player != own:
            so.fail("player", f"the step is {own}'s own move: its activation is the one in progress")
        first = own or player
        at = order.index(first) if first is not None else 0
        for p in order[:at]:
            st.wheels[p].moved_turn = turn
        if own is not None:  # the step is the activation in progress
            st.wheels[own].moved_turn = turn
            st.active = own
            at += 1
        steps = [Step.make("activation", wheel=p) for p in order[at:]]
        steps += [Step.make("phase", name=n) for n in rest] + [Step.make("turn_end")]
    else:
        for p in order:
            st.wheels[p].moved_turn = turn
        names = rest[rest.index(phase):] if phase in rest else []
        i = order.index(player) if player is not None else 0
        if phase == "shooting" and player is None and step is not None and step[0].get("then") is not None \
                and step[0]["then"].kind == "to_hit":
            i = order.index(step[0]["then"]["wheel"]) + 1  # the team shooting now has had its turn
        if phase == "sabotage":
            steps = [Step.make("sabotage_round", i=i, passes=0)]
        elif phase == "shooting":
            steps = [Step.make("shoot_round", i=i)]
        elif phase == "critters":
            from game.rules.doomwheel.critters import critter_order
            ids = critter_order(st)
            if critter is not None:
                ids = ids[ids.index(critter):]
            steps = [Step.make("critter_turn", critter=c) for c in ids] + [Step.make("respawn")]
        else:  # respawn
            st.phase = "critters"
            steps = [Step.make("respawn")]
        steps += [Step.make("phase", name=n) for n in names[1:]] + [Step.make("turn_end")]
    if step is not None:
        steps = [step[0]] + steps
    so.done()
    for s in reversed(steps):
        st.steps.append(s)
    return _settle(st)


def _settle(st: DoomState) -> list[Any]:
    ctx = Ctx(st)
    ctx.geo.sync(st)
    advance(ctx)
    return ctx.events


def _start_step(st: DoomState, v: Val, phase: str) -> tuple[Step, str | None]:
    """The pending step `start.step` names, and the wheel whose own move it is (or None)."""
    o = v.obj()
    kind = o.string("kind", choices=START_STEPS)

    def wheel(key: str = "wheel") -> str:
        wid = o.string(key, min_len=1, max_len=40)
        if wid not in st.wheels or not st.wheels[wid].running:
            o.fail(key, f"no running wheel {wid!r}")
        return wid

    def critter_id(dead: bool | None = None) -> str:
        cid = o.string("critter", min_len=1, max_len=40)
        if cid not in st.critters:
            o.fail("critter", f"no critter {cid!r} (ids: {', '.join(st.critters)})")
        if dead is not None and st.critters[cid].alive == dead:
            o.fail("critter", f"{cid} is {'alive' if dead is True else 'dead'}")
        return cid

    def dist(key: str, lo: int, hi: int) -> int | None:
        return o.integer(key, lo=lo, hi=hi, default=None)

    own: str | None = None
    s: Step
    if kind == "activate":
        own = wheel()
        s = Step.make("activate", wheel=own)
    elif kind == "move_roll":
        own = wheel()
        s = roll("d6", 3, own, "move", Step.make("plan", wheel=own))
    elif kind == "move":
        own = wheel()
        s = Step.make("plan", wheel=own, value=o.integer("distance", lo=0, hi=36))
    elif kind == "repair":
        own = wheel()
        s = roll("d3", 1, own, "repair", Step.make("repair", wheel=own))
    elif kind == "slip":
        own = wheel()
        d = dist("distance", 2, 12)
        s = roll("d6", 2, own, "slip", Step.make("slip", wheel=own)) if d is None else \
            Step.make("slip", wheel=own, value=d)
    elif kind in ("tangled", "out_of_control"):
        own = wheel()
        d = dist("distance", 2 if kind == "tangled" else 3, 12 if kind == "tangled" else 18)
        then = Step.make("random_dir", wheel=own, how=kind)
        s = roll("d6", 2 if kind == "tangled" else 3, own, kind, then) if d is None else then.with_(value=d)
    elif kind == "ram":
        own = wheel()
        target = wheel("target")
        if target == own:
            o.fail("target", "a wheel cannot ram itself")
        h = o.num("heading", lo=-3600, hi=3600, default=st.wheels[own].heading) % 360.0
        drive = Step.make("drive", wheel=own, legs=(), how="move", rammed=(target,))
        s = roll("d6", 1, own, "ram", Step.make("ram_roll", wheel=own, rammed=target, heading=h, drive=drive))
    elif kind == "run_over":
        w = wheel()
        s = Step.make("run_over", wheel=w, critter=critter_id(dead=False))
    elif kind == "slave_table":
        w = wheel()
        s = roll("d6", 1, w, "slave_table", Step.make("slave", wheel=w))
    elif kind == "hits":
        w = wheel()
        strength = o.integer("strength", lo=1, hi=10)
        count = o.integer("count", lo=1, hi=20, default=1)
        s = Step.make("hits", wheel=w, strength=strength, value=count)
    elif kind == "ram_table":
        w = wheel()
        s = roll("d6", 1, w, "ram_table", Step.make("ram_table", wheel=w))
    elif kind == "sabotage":
        target = wheel("target")
        h = o.num("heading", lo=-3600, hi=3600) % 360.0
        points = o.integer("points", lo=1, hi=20, default=1)
        s = roll("d3", points, target, "sabotage", Step.make("sabotage_slide", wheel=target, heading=h))
    elif kind == "shot":
        from game.rules.doomwheel.shooting import machine, to_hit_needed
        w = wheel()
        target = wheel("target")
        at = machine(st, w)
        if at is None:
            o.fail("wheel", f"{w}'s team has no bolt thrower on this course (course fans)")
        if target == w:
            o.fail("target", "a team does not shoot at its own wheel")
        st.wheels[w].fired_turn = st.turn
        s = roll("d6", 1, w, "to_hit", Step.make("to_hit", wheel=w, target=target,
                                                  need=to_hit_needed(st, at, st.wheels[target])))
    elif kind == "critter":
        s = Step.make("critter_turn", critter=critter_id(dead=False))
    else:  # respawn
        s = Step.make("respawn_one", critter=critter_id(dead=True))
    o.done()
    if own is not None and kind in OWN_MOVE and phase != "move":
        o.fail("kind", f"a {kind} step is part of a wheel's move: start it in the move phase")
    return s, (own if kind in OWN_MOVE else None)


def _die(v: Val) -> ScriptedDie:
    if not isinstance(v.value, dict):
        return ScriptedDie(v.integer(lo=0, hi=100_000), None, None, v.path)
    o = v.obj()
    value = o.integer("value", lo=0, hi=100_000, default=None)
    at = o.point("at", default=None)
    if (value is None) == (at is None):
        o.fail("value", "give the die's value (or, for a respawn, the spot `at`: [x, y])")
    whos = [(k, o.string(k, min_len=1, max_len=40)) for k in WHO_KEYS if o.has(k)]
    if len({w for _, w in whos}) > 1:
        o.fail(whos[1][0], f"names {whos[1][1]!r} but {whos[0][0]} names {whos[0][1]!r}")
    reason = o.string("reason", default=None, max_len=40)
    if reason is not None:
        reason = REASON_ALIASES.get(reason, reason)
        if reason not in REASONS:
            o.fail("reason", f"unknown reason (the reasons: {', '.join(REASONS)})")
    o.done()
    return ScriptedDie(value, whos[0][1] if whos else None, reason, v.path, at)


def _choice(v: Val) -> ScriptedChoice:
    o = v.obj()
    kind = o.string("kind", min_len=1, max_len=40)
    player = o.string("player", default=None, max_len=40)
    args = {}
    for k in list(o.data):
        if k in ("kind", "player"):
            continue
        val = o.get(k).value
        if isinstance(val, dict):
            o.fail(k, "choice parameters are numbers, strings or lists")
        args[k] = val
    o.done()
    return Choice.make(kind, **args), player, v.path


# --- the state as JSON ---------------------------------------------------------------------

def pending(st: DoomState) -> dict[str, Any]:
    """What the state waits for: the actor and the top step (a die: die, n, who, reason)."""
    actor = RULESET.current_actor(st)
    if actor == TERMINAL:
        return {"actor": "terminal"}
    top = st.steps[-1]
    out: dict[str, Any] = {"actor": "chance" if actor == CHANCE else actor, "step": top.kind}
    if top.kind == "roll":
        out.update(die=top["die"], n=top["n"], who=top["who"], reason=top["reason"], faces=list(top["faces"]))
        if top["die"] == "spot":
            out["count"] = top["count"]
    elif "wheel" in top.args:
        out["wheel"] = top["wheel"]
        if top.kind in ("plan", "slip"):
            out["distance"] = top["value"]
        elif top.kind == "shoot":
            out["targets"] = [c["target"] for c in RULESET.legal_choices(st) if c.kind == "shoot"]
    return out


def state_to_json(st: DoomState) -> dict[str, Any]:
    """The state as the scenario runner's paths see it (and `--json` prints it)."""
    return {
        "turn": st.turn, "phase": st.phase, "order": list(st.order), "active": st.active,
        "players": list(st.players), "over": st.phase == OVER, "winner": st.winner, "reason": st.end_reason,
        "options": st.options.to_json(), "seed": st.seed, "pending": pending(st),
        "wheels": {w.id: {f.name: getattr(w, f.name) for f in fields(Wheel)} for w in st.wheels.values()},
        "critters": {c.id: {"kind": c.kind, "x": c.x, "y": c.y, "radius": c.radius, "alive": c.alive}
                     for c in st.critters.values()},
    }


# --- the hooks -------------------------------------------------------------------------------

def _pending(st: DoomState) -> tuple[str, str, str, int]:
    """The pending roll as the rules' pending_chance says: (die as this format words
    it: d6, d3, dir or spot; who; reason; how many outcomes, 0 up or 1 up)."""
    pc = RULESET.pending_chance(st)
    return ("dir" if pc.die == "d360" else pc.die), pc.who, pc.reason, len(pc.outcomes)


def _spot_index(sc: Scenario, d: ScriptedDie, st: DoomState) -> int:
    from game.rules.doomwheel.critters import free_spots
    die, who, reason, _ = _pending(st)
    if die != "spot":
        raise BadInput(sc.source, d.path, f"`at` is for a respawn spot; the die pending is {who}'s "
                                          f"{reason} ({die})")
    assert d.at is not None
    spots = free_spots(Ctx(st), st.critters[who])
    try:
        return spots.index(d.at)
    except ValueError:
        raise BadInput(sc.source, d.path, f"({d.at[0]:g}, {d.at[1]:g}) is not a free spot for {who} "
                                          "(spots are multiples of 0.25\" on the track, clear of edges "
                                          "and wheels)") from None


def _die_name(die: str) -> str:
    return {"d6": "D6", "d3": "D3", "dir": "direction (0-359 degrees)", "spot": "respawn spot index"}.get(die, die)


class DoomwheelHooks(ScenarioHooks):
    """The Doomwheel's part of the scenario runner."""

    ruleset_name = "doomwheel"
    rules = RULESET
    fill_choices = FILL_CHOICES
    max_script = 100_000
    aliases = WHEEL_ALIASES
    strict_end = True

    setup = staticmethod(_setup)
    read_die = staticmethod(_die)
    read_choice = staticmethod(_choice)

    def die_value(self, sc: Scenario, d: ScriptedDie) -> int:
        st = sc.state
        die, who, reason, n = _pending(st)
        if d.who is not None and d.who != who:
            raise BadInput(sc.source, d.path, f"this die is {who}'s {reason}, not {d.who}'s")
        if d.reason is not None and d.reason != reason:
            raise BadInput(sc.source, d.path, f"this die is {who}'s {reason}, not {d.reason}")
        value = _spot_index(sc, d, st) if d.at is not None else d.value
        lo = 0 if die in ("dir", "spot") else 1
        hi = lo + n - 1
        if value is None or not lo <= value <= hi:
            raise BadInput(sc.source, d.path, f"{who}'s {reason} is a {_die_name(die)}: {lo}-{hi}, got {value}")
        return value

    def dice_needed(self, st: DoomState) -> str:
        die, who, reason, _ = _pending(st)
        return f"{who}'s {reason} ({_die_name(die)}) is pending"

    def top_kind(self, st: DoomState) -> str:
        return st.steps[-1].kind

    def wrong_actor(self, st: DoomState, actor: str, want: str) -> str:
        return f"it is {actor}'s decision ({st.steps[-1].kind}), not {want}'s"

    def show_choice(self, ch: Choice) -> str:
        return json.dumps({"kind": ch.kind, **{k: v for k, v in ch.args}})

    def fill_seed(self, st: DoomState, actor: str, made: int) -> int:
        return st.seed * 1009 + st.players.index(actor) * 7919 + 1

    def state_json(self, st: DoomState) -> dict[str, Any]:
        return state_to_json(st)

    def result_fields(self, res: Result) -> dict[str, Any]:
        return {"ruleset": "doomwheel", "name": res.scenario.name,
                "state": expect.plain(state_to_json(res.scenario.state))}

    def pending_text(self, pending: Any) -> str:
        return json.dumps(pending)

    def piece_lines(self, data: dict[str, Any]) -> list[str]:
        return [f"  {wid}: at ({w['x']:.2f}, {w['y']:.2f}) facing {w['heading']:.1f}, wounds {w['wounds']}, "
                f"sabotage {w['sabotage']}, laps {w['laps']}, next checkpoint {w['next_cp']}, "
                f"ram effect {w['ram_effect'] or '-'}, {w['status']}" for wid, w in data["wheels"].items()]


HOOKS = DoomwheelHooks()
load_scenario = HOOKS.load  # (data, source): a ready state and its script, or BadInput naming the field
run_scenario = HOOKS.run  # (scenario, agents=None): BadInput for a script that does not fit the game


def run_file(path: str, as_json: bool = False) -> int:
    """`python -m game scenario FILE [--json]` for a Doomwheel scenario: 0 every
    expectation holds, 1 a mismatch (each printed), 2 a bad file or script (one line
    naming the file, field and reason, on stderr)."""
    return runner.run_file(path, HOOKS, as_json)
