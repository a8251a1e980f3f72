"""Wild Race scenarios (CONTRACTS §4; documented in docs/scenario-format.md): build a
state anywhere in a race from JSON — any turn, phase, player and pending chart roll,
every field of every racer sheet and obstacle — then play scripted dice and choices
and check expectations."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any

from game.levels.course import Course, course_from_json, load_course
from game.core import expect
from game.core.errors import BadInput
from game.core.jsonload import Obj, Val
from game.core.protocol import Choice
import game.rules.wild_race  # noqa: F401  (registers every step of the rules)
from game.rules.wild_race.engine import Ctx, advance
from game.rules.wild_race.geo import unit
from game.rules.wild_race.options import parse_options
from game.rules.wild_race.state import (
    NO_LOCK, PHASE_LOCK, PHASES, TURN_LOCK, Obstacle, RaceState, Racer, Step, BASE_LENGTH, BASE_WIDTH)
from game.core.dice import seed_state

FORMAT = 1
MAX_STEPS = 200_000  # a scenario that plays longer than this never ends (e.g. endless ties)
RUN_UNTIL = ("script_end", "phase_end", "turn_end", "race_end")
START_STEPS = ("unbalanced", "strength_hit", "spur_chart", "whip_chart", "barge_chart", "jump_chart",
               "forced_move")
LOCKS = (NO_LOCK, PHASE_LOCK, TURN_LOCK)
PHASE_ALIASES = {"spur_and_whip": "spur_whip", "spur": "spur_whip", "whip": "spur_whip", "start": "starting_turn",
                 "starting": "starting_turn", "move": "movement", "moves": "movement", "barges": "barge",
                 "priority_roll": "priority", "placement_roll": "setup"}
TURN_STEPS = ("movement_turn", "spur_whip_turn", "contact_barge_turn", "scenery_turn", "barge_turn")


@dataclass
class ScriptedDie:
    value: int
    who: str | None
    reason: str | None
    path: str


@dataclass
class Scenario:
    source: str
    state: RaceState
    dice: list[ScriptedDie]
    choices: list[tuple[Choice, str | None, str]]  # (choice, expected actor, field path)
    run_until: str
    fill_choices: str
    fill_dice: str
    expect_state: dict[str, tuple[Any, str]] = field(default_factory=dict)
    expect_events: list[Any] = field(default_factory=list)
    name: str = ""
    start_events: list[Any] = field(default_factory=list)  # what setting up `start` resolved
    start_at: tuple[int, str] | None = None  # (turn, phase) the file starts at: run_until counts from here


def _course(o: Obj, source: str) -> Course:
    v = o.get("course")
    if isinstance(v.value, str):
        base = os.path.dirname(os.path.abspath(source)) if os.path.exists(source) else os.getcwd()
        for cand in (os.path.join(base, v.value), v.value):
            if v.value and os.path.isfile(cand):
                return load_course(cand)
        v.fail(f"course file {v.value!r} not found")
    data = v.obj().data
    data = {"format": 1, "kind": "course", "name": "scenario course", "ruleset": "wild-race", **data}
    try:
        return course_from_json(data, source)
    except BadInput as e:
        raise BadInput(source, "course." + e.field if e.field else "course", e.reason) from None


IDENT = re.compile(r"[A-Za-z0-9_-]{1,40}")
RESERVED = {"finish"}


def _ident(o: Obj, key: str) -> str:
    """An id: letters, digits, '-' and '_' (they appear in field paths and logs)."""
    v = o.string(key, min_len=1, max_len=40)
    if not IDENT.fullmatch(v) or v in RESERVED:
        o.fail(key, f"{v!r} is not a usable id (letters, digits, '-' and '_'; not 'finish')")
    return v


def _racer(v: Val, players: list[str]) -> Racer:
    if isinstance(v.value, dict):  # the spec's names for sheet fields (favour_points ...) are accepted
        from game.rules.wild_race.serial import ALIASES
        for alias, real in ALIASES.items():
            if alias in v.value and real in v.value:
                v.fail(f"{alias!r} and {real!r} are the same field: give one")
        v = Val({ALIASES.get(k, k): x for k, x in v.value.items()}, v.source, v.path)
    o = v.obj()
    rid = _ident(o, "id")
    player = _ident(o, "player")
    if player not in players:
        players.append(player)
    r = Racer(rid, player, o.string("name", default=rid, max_len=60))
    r.x, r.y = o.coord("x"), o.coord("y")
    r.heading = o.num("heading", lo=-3600, hi=3600, default=0.0) % 360.0
    r.length = o.num("length", lo=0.1, hi=20, default=BASE_LENGTH)
    r.width = o.num("width", lo=0.1, hi=20, default=BASE_WIDTH)
    r.max_lives = o.integer("max_lives", lo=1, hi=9, default=3)  # 3 whatever the team size (documented)
    r.lives = o.integer("lives", lo=0, hi=9, default=r.max_lives)
    r.favour = o.integer("favour", lo=0, hi=99, default=0)
    r.stamina = o.integer("stamina", lo=0, hi=5, default=5)
    r.penalty_accrued = o.integer("penalty_accrued", lo=0, hi=99, default=0)
    r.penalty_in_effect = o.integer("penalty_in_effect", lo=0, hi=99, default=0)
    r.has_whip = o.boolean("has_whip", default=True)
    r.lockout = o.string("lockout", choices=LOCKS, default=NO_LOCK)
    for flag in ("barged", "has_barged", "moved", "spurred", "favour_used"):
        setattr(r, flag, o.boolean(flag, default=False))
    r.whips_used = o.integer("whips_used", lo=0, hi=99, default=0)
    r.lives_taken = o.integer("lives_taken", lo=0, hi=99, default=0)
    r.status = o.string("status", choices=("racing", "finished", "casualty"), default="racing")
    c = o.maybe("contacts")
    r.contacts = [x.string(min_len=1, max_len=40) for x in c.lst(max_len=12)] if c else []
    o.done()
    return r


def _obstacle(v: Val) -> Obstacle:
    o = v.obj()
    ob = Obstacle(_ident(o, "id"), o.string("size", choices=("small", "large")),
                  o.string("shape", choices=("rect", "circle", "polygon")), o.coord("x"), o.coord("y"))
    ob.rotation = o.num("rotation", lo=-3600, hi=3600, default=0.0)
    if ob.shape == "rect":
        ob.length, ob.width = o.num("length", lo=0.05, hi=100), o.num("width", lo=0.05, hi=100)
    elif ob.shape == "circle":
        ob.radius = o.num("radius", lo=0.05, hi=100)
    else:
        ob.points = o.points("points", min_len=3, max_len=64)
        if any(abs(px) > 100 or abs(py) > 100 for px, py in ob.points):
            o.fail("points", "points are relative to x, y and within 100 inches of it")
    ob.look = o.string("look", default="", max_len=40)
    for flag in ("moved", "recycled", "removed"):
        setattr(ob, flag, o.boolean(flag, default=False))
    o.done()
    from game.rules.wild_race.geo import obstacle_shape
    try:
        obstacle_shape(ob)
    except ValueError as e:
        o.fail("points" if ob.shape == "polygon" else "", f"not a usable {ob.shape}: {e}")
    return ob


def _choice(v: Val) -> tuple[Choice, str | None, str]:
    o = v.obj()
    kind = o.string("kind", min_len=1, max_len=40)
    player = o.string("player", default=None, max_len=40)
    args = {k: val for k, val in o.data.items() if k not in ("kind", "player")}
    for k in args:
        o.has(k)
    o.done()
    return Choice.make(kind, **args), player, v.path


REASON_ALIASES = {"strength": "strength_hit", "hit": "strength_hit", "roll_off": "rolloff",
                  "barge_rolloff": "rolloff", "barge_roll_off": "rolloff", "whoa_dir": "whoa_direction",
                  "whoa_dist": "whoa_distance", "starting_turn": "start", "spur_chart": "spur",
                  "whip_chart": "whip", "barge_chart": "barge", "jump_chart": "jump", "overtake_chart": "overtake",
                  "unbalanced_chart": "unbalanced"}


def _die(v: Val) -> ScriptedDie:
    if isinstance(v.value, int) and not isinstance(v.value, bool):
        return ScriptedDie(v.integer(lo=1, hi=6), None, None, v.path)
    o = v.obj()
    value = o.integer("value", lo=1, hi=6)
    who = o.string("for", default=None, max_len=40)
    alias = o.string("racer", default=None, max_len=40)
    if who is not None and alias is not None and who != alias:
        o.fail("racer", "give 'for' or 'racer', not two different names")
    reason = o.string("reason", default=None, max_len=40)
    o.done()
    reason = REASON_ALIASES.get(reason, reason) if reason is not None else None
    return ScriptedDie(value, who if who is not None else alias, reason, v.path)


def load_scenario(data: Any, source: str) -> Scenario:
    o = Obj.root(data, source)
    o.format_version(FORMAT, what="scenario")
    o.const("kind", "scenario")
    o.const("ruleset", "wild-race")
    name = o.string("name", default="", max_len=200)
    o.string("description", default="", max_len=4000)
    opt_val = o.maybe("options")
    options = parse_options(opt_val.obj().data if opt_val is not None else None, source)
    course = _course(o, source)
    seed = o.integer("seed", lo=0, hi=2**63, default=0)
    players: list[str] = []
    if o.has("players"):
        for pv in o.get("players").lst(max_len=8):
            po = pv.obj()
            pid = _ident(po, "id")
            if pid in players:
                po.fail("id", f"player {pid!r} is listed twice")
            players.append(pid)
            po.string("name", default="", max_len=60)
            po.done()
    racers = [_racer(v, players) for v in o.get("racers").lst(min_len=1, max_len=12)]
    ids = [r.id for r in racers]
    if len(set(ids)) != len(ids):
        o.fail("racers", "racer ids must be unique")
    for i, r in enumerate(racers):
        for c in r.contacts:
            if c not in ids:
                raise BadInput(source, f"racers[{i}].contacts", f"unknown racer {c!r}")
    if o.has("obstacles"):
        obstacles = [_obstacle(v) for v in o.get("obstacles").lst(max_len=200)]
        seen: set[str] = set()
        for i, ob in enumerate(obstacles):
            if ob.id in seen:
                raise BadInput(source, f"obstacles[{i}].id", f"obstacle id {ob.id!r} is used twice")
            seen.add(ob.id)
    else:
        obstacles = [Obstacle(s.id, s.size, s.shape, s.x, s.y, s.rotation, s.length, s.width, s.radius,
                              tuple(s.points), s.look) for s in course.obstacles]
    st = RaceState(options, course, tuple(players), {p: p for p in players}, {r.id: r for r in racers},
                   {ob.id: ob for ob in obstacles}, seed_state(seed), seed=seed)
    for r in racers:
        r.progress = course.progress(r.x, r.y)
        if r.status == "finished":
            st.finish_order.append(r.id)
        elif r.status == "casualty":
            st.casualties.append(r.id)
    st.placed = list(ids)
    start_at: list[tuple[int, str]] = []
    start_events = _start(o, st, source, start_at)
    dice = [_die(v) for v in o.lst("dice", max_len=10000, default=[])]
    choices = [_choice(v) for v in o.lst("choices", max_len=10000, default=[])]
    run_until = o.string("run_until", choices=RUN_UNTIL, default="script_end")
    fill_c, fill_d = "none", "none"
    if o.has("fill"):
        fo = o.get("fill").obj()
        fill_c = fo.string("choices", choices=("none", "greedy", "random"), default="none")
        fill_d = fo.string("dice", choices=("none", "seeded"), default="none")
        fo.done()
    sc = Scenario(source, st, dice, choices, run_until, fill_c, fill_d, name=name, start_events=start_events,
                  start_at=start_at[0] if start_at else None)
    if o.has("expect"):
        eo = o.get("expect").obj()
        if eo.has("state"):
            so = eo.get("state").obj()
            for k in sorted(so.data):
                so.has(k)
                sc.expect_state[k] = (expect.expected_value(so.get(k)), so.field(k))
            so.done()
        if eo.has("events"):
            sc.expect_events = [expect.event_pattern(v) for v in eo.get("events").lst(max_len=10000)]
        eo.done()
    o.done()
    return sc


def _start(o: Obj, st: RaceState, source: str, start_at: list[tuple[int, str]]) -> list[Any]:
    so = o.get("start").obj() if o.has("start") else Obj({}, source, "start")
    raw_phase = so.string("phase", default="movement", max_len=40)
    phase = PHASE_ALIASES.get(raw_phase, raw_phase)
    if phase not in PHASES[:-1]:
        so.fail("phase", f"must be one of {', '.join(PHASES[:-1])}, got {raw_phase!r}")
    turn = so.integer("turn", lo=0, hi=10000, default=1)
    pr = so.maybe("priority")
    order = [v.string(min_len=1, max_len=40) for v in pr.lst(max_len=8)] if pr else list(st.players)
    if sorted(order) != sorted(st.players):
        so.fail("priority", f"must list every player once: {', '.join(st.players)}")
    st.order = list(order)
    st.placement_order = list(order)
    st.phase = phase
    st.turn = turn - 1 if phase == "priority" else turn
    start_at.append((st.turn, phase))
    player = so.string("player", default=None, max_len=40)
    step = so.maybe("step")
    so.done()
    if phase in ("setup", "placement"):
        st.placed = []
        from game.levels.course import start_slots
        try:
            start_slots(st.course, len(st.racers))
        except ValueError as e:
            raise BadInput(source, "course", f"the start line cannot seat {len(st.racers)} racers: {e}") from None
    ctx = Ctx(st)
    # begin the phase, then drop the turns of players before `player`
    from game.rules.wild_race.flow import begin_phase
    begin_phase(ctx)
    if player is not None:
        if player not in order:
            raise BadInput(source, "start.player", f"unknown player {player!r}")
        before = set(order[:order.index(player)])
        st.stack = [s for s in st.stack if not (s.kind in TURN_STEPS and s.get("player") in before)]
    if step is not None:
        ctx.push(_start_step(step, st))
    advance(ctx)
    return ctx.events


def _start_step(v: Val, st: RaceState) -> Step:
    o = v.obj()
    kind = o.string("kind", choices=START_STEPS)

    def racer(key: str) -> str:
        rid = o.string(key, min_len=1, max_len=40)
        if rid not in st.racers:
            o.fail(key, f"unknown racer {rid!r}")
        return rid

    if kind == "unbalanced":
        s = Step.make("unbalanced", racer=racer("racer"), instigator=o.string("instigator", default=None, max_len=40))
    elif kind == "strength_hit":
        s = Step.make("hit", racer=racer("racer"), strength=o.integer("strength", lo=1, hi=7),
                      instigator=o.string("instigator", default=None, max_len=40))
    elif kind == "spur_chart":
        from game.rules.wild_race.spur_whip import spur_roll
        s = spur_roll(st.racers[racer("racer")], None)
    elif kind == "whip_chart":
        from game.rules.wild_race.engine import roll
        w = st.racers[racer("racer")]
        s = roll("d6", w.id, w.player, "whip", Step.make("whip_result", whipper=w.id, target=racer("target")))
    elif kind == "barge_chart":
        s = Step.make("barge_chart", barger=racer("racer"), target=racer("target"), forced=False)
    elif kind == "jump_chart":
        rid = racer("racer")
        ob = o.string("obstacle", min_len=1, max_len=40)
        if ob not in st.obstacles or st.obstacles[ob].removed:
            o.fail("obstacle", f"no obstacle {ob!r} on the table")
        from game.rules.wild_race.engine import roll
        r = st.racers[rid]
        tx, ty = st.course.tangent_at(r.progress)
        s = roll("d6", rid, r.player, "jump", Step.make("jump_result", racer=rid, obstacle="o:" + ob,
                                                       context="scenery", ux=tx, uy=ty, left=0.0))
    else:
        rid = racer("racer")
        ux, uy = unit(o.num("heading", lo=-3600, hi=3600))
        s = Step.make("forced", racer=rid, ux=ux, uy=uy, dist=o.num("distance", lo=0, hi=100),
                      how=o.string("how", choices=("push", "yeehaw", "whoa")),
                      instigator=o.string("instigator", default=None, max_len=40))
    o.done()
    return s


# --- running -------------------------------------------------------------------------

@dataclass
class Result:
    scenario: Scenario
    events: list[Any]
    mismatches: list[str]
    stopped: str

    @property
    def ok(self) -> bool:
        return not self.mismatches


def _agent(kind: str, seed: int) -> Any:
    from game.ai.wild_race.greedy import GreedyAgent
    from game.ai.random_agent import RandomAgent
    return GreedyAgent(seed) if kind == "greedy" else RandomAgent(seed)


def _reached(sc: Scenario, start: tuple[int, str]) -> bool:
    st = sc.state
    if st.phase == "over":
        return True
    if sc.run_until == "phase_end":
        return (st.turn, st.phase) != start
    if sc.run_until == "turn_end":  # a start at the priority phase of turn t (state turn t-1) runs turn t
        return st.turn > start[0] + (1 if start[1] == "priority" else 0)
    return False


def run_scenario(sc: Scenario) -> Result:
    """Play the script. Raises BadInput for a script that does not fit the game (a
    die for the wrong racer or reason, an illegal choice, running out)."""
    from game.core.driver import sample_chance
    from game.core.protocol import CHANCE, TERMINAL
    from game.rules.wild_race import RULESET as R
    from game.rules.wild_race.engine import pending_die
    st = sc.state
    events: list[Any] = list(sc.start_events)
    dice, choices = list(sc.dice), list(sc.choices)
    agents: dict[str, Any] = {}
    start = sc.start_at or (st.turn, st.phase)
    stopped = "script_end"
    steps = 0
    while True:
        steps += 1
        if steps > MAX_STEPS:
            raise BadInput(sc.source, "", f"the scenario did not come to an end within {MAX_STEPS} steps")
        actor = R.current_actor(st)
        if actor == TERMINAL:
            stopped = "race_end"
            break
        if sc.run_until != "script_end" and _reached(sc, start):
            stopped = sc.run_until
            break
        if actor == CHANCE:
            die, who, reason = pending_die(st)
            if dice:
                d = dice.pop(0)
                if d.who is not None and d.who != who:
                    raise BadInput(sc.source, d.path, f"this die is for {who} ({reason}), not {d.who}")
                if d.reason is not None and d.reason != reason:
                    raise BadInput(sc.source, d.path, f"this die is for {reason} (by {who}), not {d.reason}")
                if d.value > (6 if die == "d6" else 3):
                    raise BadInput(sc.source, d.path, f"a {die.upper()} shows 1-{6 if die == 'd6' else 3}")
                events.extend(R.apply(st, Choice.make("roll", value=d.value)))
                continue
            if sc.fill_dice == "seeded":
                events.extend(R.apply(st, sample_chance(R, st)))
                continue
            if choices or sc.run_until != "script_end":
                raise BadInput(sc.source, "dice", f"ran out of scripted dice: a {die.upper()} is needed for "
                                                  f"{who} ({reason})")
            break
        if choices:
            ch, want, path = choices.pop(0)
            if want is not None and want != actor:
                raise BadInput(sc.source, path, f"it is {actor}'s decision, not {want}'s")
            why = R.is_legal(st, ch)
            if why is not None:
                raise BadInput(sc.source, path, f"illegal choice {ch}: {why}")
            events.extend(R.apply(st, ch))
            continue
        if sc.fill_choices != "none":
            ag = agents.setdefault(actor, _agent(sc.fill_choices, st.seed + len(agents)))
            events.extend(R.apply(st, ag.act(R, st, R.legal_choices(st))))
            continue
        if dice or sc.run_until != "script_end":
            top = st.stack[-1].kind if st.stack else "?"
            raise BadInput(sc.source, "choices", f"ran out of scripted choices: {actor} must decide ({top})")
        break
    return Result(sc, events, check_expect(sc, events), stopped)


def check_expect(sc: Scenario, events: list[Any]) -> list[str]:
    from game.rules.wild_race.serial import ALIASES, state_to_json
    want = {path: value for path, (value, _) in sc.expect_state.items()}
    return expect.check(want, sc.expect_events, state_to_json(sc.state), events, ALIASES)
