"""Wild Race scenarios (CONTRACTS §4; documented in docs/scenario-format.md): build a
state anywhere in a race from JSON — any turn, phase, player and pending chart roll,
every field of every racer sheet and obstacle — for the one scenario runner
(game/core/scenario.py), which plays scripted dice and choices and checks
expectations. This module is the Wild Race's hooks for it (`HOOKS`)."""

from __future__ import annotations

import re
from typing import Any

from game.levels.course import Course, course_from_json, load_course
from game.core import scenario as runner
from game.core.errors import BadInput
from game.core.jsonload import Obj, Val
from game.core.scenario import Scenario, ScenarioHooks, ScriptedDie, Setup
import game.rules.wild_race  # noqa: F401  (registers every step of the rules)
from game.rules.wild_race.engine import Ctx, advance
from game.rules.wild_race.geo import unit
from game.rules.wild_race.options import parse_options
from game.rules.wild_race.state import (
    NO_LOCK, PHASE_LOCK, PHASES, TURN_LOCK, Obstacle, RaceState, Racer, Step, BASE_LENGTH, BASE_WIDTH)
from game.core.dice import seed_state

START_STEPS = ("unbalanced", "strength_hit", "spur_chart", "whip_chart", "barge_chart", "jump_chart",
               "forced_move")
LOCKS = (NO_LOCK, PHASE_LOCK, TURN_LOCK)
PHASE_ALIASES = {"spur_and_whip": "spur_whip", "spur": "spur_whip", "whip": "spur_whip", "start": "starting_turn",
                 "starting": "starting_turn", "move": "movement", "moves": "movement", "barges": "barge",
                 "priority_roll": "priority", "placement_roll": "setup"}
TURN_STEPS = ("movement_turn", "spur_whip_turn", "contact_barge_turn", "scenery_turn", "barge_turn")


def _course(o: Obj, source: str) -> Course:
    return runner.read_level(o, source, load_course, course_from_json,
                             {"format": 1, "kind": "course", "name": "scenario course", "ruleset": "wild-race"})

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


def _setup(o: Obj, source: str) -> Setup:
    """The race the file describes: options, course, players, racers, obstacles, start."""
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
    return Setup(st, start_events, start_at[0] if start_at else None)


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


class WildRaceHooks(ScenarioHooks):
    """The Wild Race's part of the scenario runner."""

    ruleset_name = "wild-race"
    fill_choices = ("none", "greedy", "random")
    max_script = 10_000

    @property
    def rules(self) -> Any:  # type: ignore[override]
        from game.rules.wild_race import RULESET
        return RULESET

    @property
    def aliases(self) -> dict[str, str]:  # type: ignore[override]
        from game.rules.wild_race.serial import ALIASES
        return ALIASES

    setup = staticmethod(_setup)
    read_die = staticmethod(_die)
    turn_ahead_phase = "priority"

    def die_value(self, sc: Scenario, d: ScriptedDie) -> int:
        die, who, reason = self._pending(sc.state)
        if d.who is not None and d.who != who:
            raise BadInput(sc.source, d.path, f"this die is for {who} ({reason}), not {d.who}")
        if d.reason is not None and d.reason != reason:
            raise BadInput(sc.source, d.path, f"this die is for {reason} (by {who}), not {d.reason}")
        assert d.value is not None
        if d.value > (6 if die == "d6" else 3):
            raise BadInput(sc.source, d.path, f"a {die.upper()} shows 1-{6 if die == 'd6' else 3}")
        return d.value

    def dice_needed(self, st: RaceState) -> str:
        die, who, reason = self._pending(st)
        return f"a {die.upper()} is needed for {who} ({reason})"

    def _pending(self, st: RaceState) -> tuple[str, str, str]:
        """(die, who, reason) of the pending roll, as the rules' pending_chance says."""
        pc = self.rules.pending_chance(st)
        return pc.die, pc.who, pc.reason

    def top_kind(self, st: RaceState) -> str:
        return st.stack[-1].kind if st.stack else "?"

    def fill_seed(self, st: RaceState, actor: str, made: int) -> int:
        return st.seed + made

    def state_json(self, st: RaceState) -> dict[str, Any]:
        from game.rules.wild_race.serial import state_to_json
        return state_to_json(st)

    def piece_lines(self, data: dict[str, Any]) -> list[str]:
        return [f"  {rid}: at ({r['x']:.2f}, {r['y']:.2f}) facing {r['heading']:.1f}, lives {r['lives']}, "
                f"favour {r['favour']}, stamina {r['stamina']}, penalty {r['penalty_accrued']}"
                f"+{r['penalty_in_effect']}, lockout {r['lockout']}, {r['status']}" for rid, r in data["racers"].items()]


HOOKS = WildRaceHooks()
load_scenario = HOOKS.load  # (data, source): BadInput names the field it cannot accept
run_scenario = HOOKS.run  # (scenario, agents=None): `agents` makes what fill.choices names, given from above
