"""The one scenario runner for every ruleset (CONTRACTS §4): read a scenario file
through the hardened JSON loader, build the state it describes, play its scripted
dice and choices (or fill in with seeded dice and agents), check its expectations,
and report — `python -m game scenario FILE [--json]` exits 0 when every expectation
holds, 1 on a mismatch, 2 on a bad file or script (one line naming file, field and
reason).

What differs between rulesets comes from a `ScenarioHooks` object that each ruleset
supplies from its own package (for example game/rules/doomwheel/scenario.py): how to
build a state from the file's setup and start, how to read a scripted die and choice,
how a die fits the pending roll, the state as JSON for the expectations, and the
lines the command line prints. The formats themselves are documented per ruleset
(docs/scenario-format.md, docs/doomwheel-scenario-format.md).

Agents (for `fill.choices`) live above the rules: the caller passes a factory; without
one only "random" (core's RandomAgent) and "first" can fill in.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

from game.core import expect
from game.core.driver import sample_chance
from game.core.errors import BadInput
from game.core.jsonload import Obj, Val, load_json_file
from game.core.protocol import CHANCE, TERMINAL, Choice
from game.core.random_agent import RandomAgent

FORMAT = 1
SCHEMA = "wild-table/scenario-result"
MAX_STEPS = 200_000  # a scenario that plays longer than this never ends (e.g. endless ties)
RUN_UNTIL = ("script_end", "phase_end", "turn_end", "race_end")
FILL_DICE = ("none", "seeded")

T = TypeVar("T")
AgentFactory = Callable[[str, int], Any]
"""(fill kind, seed) -> an agent with `act(ruleset, state, legal) -> Choice`."""


@dataclass
class ScriptedDie:
    """One entry of the file's `dice`: a value (or, where a ruleset allows it, a spot
    `at`), optionally naming who rolls it and why, and where it is in the file."""
    value: int | None
    who: str | None
    reason: str | None
    path: str
    at: tuple[float, float] | None = None


ScriptedChoice = tuple[Choice, str | None, str]
"""(choice, the player expected to make it or None, field path in the file)."""


@dataclass
class Setup:
    """What a ruleset's `setup` hook built: the state, the events that starting it
    resolved, and the (turn, phase) `run_until` counts from (None: the state's own)."""
    state: Any
    start_events: list[Any]
    start_at: tuple[int, str] | None = None


@dataclass
class Scenario:
    """A scenario read from a file: the ready state and its script and expectations."""
    source: str
    state: Any
    dice: list[ScriptedDie]
    choices: list[ScriptedChoice]
    run_until: str = "script_end"
    fill_choices: str = "none"
    fill_dice: str = "none"
    expect_state: dict[str, Any] = field(default_factory=dict)
    expect_events: list[Any] = field(default_factory=list)
    name: str = ""
    start_events: list[Any] = field(default_factory=list)  # what setting up `start` resolved
    start_at: tuple[int, str] | None = None  # (turn, phase) the file starts at: run_until counts from here


@dataclass
class Result:
    """A played scenario: its events, the expectations that failed, and why it stopped."""
    scenario: Scenario
    events: list[Any]
    mismatches: list[str]
    stopped: str

    @property
    def ok(self) -> bool:
        return not self.mismatches


class ScenarioHooks:
    """What one ruleset tells the runner. A ruleset subclasses this in its own package
    and fills in at least `setup`, `read_die`, `read_choice` and `state_json` (which
    has `turn`, `phase` and `pending`; the state has `turn` and `phase`); the rest
    have defaults a ruleset words its own way if it likes."""

    ruleset_name = ""  # the file's `ruleset` value
    rules: Any = None  # the Ruleset object (game.core.protocol.Ruleset)
    fill_choices: tuple[str, ...] = ("none", "random")
    max_script = 10_000  # the most entries `dice` and `choices` may have
    aliases: dict[str, str] = {}  # the spec's words for state fields, for expectation paths
    strict_end = False  # script left over when the race ends or run_until is met is an error
    turn_ahead_phase: str | None = None  # see `reached`

    def setup(self, o: Obj, source: str) -> Setup:
        """Read the file's setup and start fields (after format, kind, ruleset, name and
        description) and build the state."""
        raise NotImplementedError

    def read_die(self, v: Val) -> ScriptedDie:
        """One entry of `dice`: a number, or {"value", "for", "reason"}."""
        if not isinstance(v.value, dict):
            return ScriptedDie(v.integer(lo=0, hi=100_000), None, None, v.path)
        o = v.obj()
        die = ScriptedDie(o.integer("value", lo=0, hi=100_000), o.string("for", default=None, max_len=40),
                          o.string("reason", default=None, max_len=40), v.path)
        o.done()
        return die

    def read_choice(self, v: Val) -> ScriptedChoice:
        """One entry of `choices`: {"kind", "player" (optional), its parameters...}."""
        o = v.obj()
        kind = o.string("kind", min_len=1, max_len=40)
        player = o.string("player", default=None, max_len=40)
        args = {k: val for k, val in o.data.items() if k not in ("kind", "player")}
        for k in args:
            o.has(k)
        o.done()
        return Choice.make(kind, **args), player, v.path

    def die_value(self, sc: Scenario, d: ScriptedDie) -> int:
        """The value to play for the scripted die `d` at the pending roll; BadInput
        (naming d.path) when it is for someone or something else or out of range. By
        default the rules' `pending_chance` says who, why and which values may come."""
        pc = self.rules.pending_chance(sc.state)
        if d.who is not None and d.who != pc.who:
            raise BadInput(sc.source, d.path, f"this die is {pc.who}'s {pc.reason}, not {d.who}'s")
        if d.reason is not None and d.reason != pc.reason:
            raise BadInput(sc.source, d.path, f"this die is {pc.who}'s {pc.reason}, not {d.reason}")
        values = [c.get("value") for c, _ in pc.outcomes]
        if d.value is None or d.value not in values:
            raise BadInput(sc.source, d.path, f"{pc.who}'s {pc.reason} is a {pc.die}: "
                                              f"{min(values)}-{max(values)}, got {d.value}")
        return d.value

    def dice_needed(self, st: Any) -> str:
        """The pending roll, for 'ran out of scripted dice: ...'."""
        pc = self.rules.pending_chance(st)
        return f"{pc.who}'s {pc.reason} ({pc.die}) is pending"

    def top_kind(self, st: Any) -> str:
        """The kind of the pending step (named in messages)."""
        return "?"

    def wrong_actor(self, st: Any, actor: str, want: str) -> str:
        return f"it is {actor}'s decision, not {want}'s"

    def show_choice(self, ch: Choice) -> str:
        return str(ch)

    def reached(self, sc: Scenario, start: tuple[int, str]) -> bool:
        """Has `sc.run_until` (phase_end or turn_end) come, counting from `start`? A
        start at `self.turn_ahead_phase` (whose state turn is the file's turn - 1) runs
        the file's turn."""
        st = sc.state
        if sc.run_until == "phase_end":
            return (st.turn, st.phase) != start
        if sc.run_until == "turn_end":
            return bool(st.turn > start[0] + (1 if start[1] == self.turn_ahead_phase else 0))
        return False

    def fill_seed(self, st: Any, actor: str, made: int) -> int:
        """The seed of the filling agent for `actor` (`made` agents exist already)."""
        return int(getattr(st, "seed", 0)) + made

    def state_json(self, st: Any) -> dict[str, Any]:
        """The state as expectation paths see it."""
        raise NotImplementedError

    def result_fields(self, res: Result) -> dict[str, Any]:
        """The `--json` output's fields besides the schema's common ones."""
        return {"state": self.state_json(res.scenario.state)}

    def pending_text(self, pending: Any) -> str:
        """The state's `pending` in the text output's state line."""
        return str(pending)

    def piece_lines(self, data: dict[str, Any]) -> list[str]:
        """The text output's lines about each piece in the final state (`data`: state_json)."""
        return []

    def load(self, data: Any, source: str) -> Scenario:
        """Read a scenario of this ruleset (see `load_scenario`)."""
        return load_scenario(data, source, self)

    def run(self, sc: Scenario, agents: AgentFactory | None = None) -> Result:
        """Play a scenario of this ruleset (see `run_scenario`)."""
        return run_scenario(sc, self, agents)


# --- reading ---------------------------------------------------------------------------------

def load_scenario(data: Any, source: str, hooks: ScenarioHooks) -> Scenario:
    """Read a scenario (format 1) into a ready state and its script; BadInput names the
    first field it cannot accept."""
    o = Obj.root(data, source)
    o.format_version(FORMAT, what="scenario")
    o.const("kind", "scenario")
    o.const("ruleset", hooks.ruleset_name)
    name = o.string("name", default="", max_len=200)
    o.string("description", default="", max_len=4000)
    made = hooks.setup(o, source)
    dice = [hooks.read_die(v) for v in o.lst("dice", max_len=hooks.max_script, default=[])]
    choices = [hooks.read_choice(v) for v in o.lst("choices", max_len=hooks.max_script, default=[])]
    run_until = o.string("run_until", choices=RUN_UNTIL, default="script_end")
    fill_c, fill_d = "none", "none"
    if o.has("fill"):
        fo = o.get("fill").obj()
        fill_c = fo.string("choices", choices=hooks.fill_choices, default="none")
        fill_d = fo.string("dice", choices=FILL_DICE, default="none")
        fo.done()
    sc = Scenario(source, made.state, dice, choices, run_until, fill_c, fill_d, name=name,
                  start_events=made.start_events, start_at=made.start_at)
    if o.has("expect"):
        sc.expect_state, sc.expect_events = expect.read_expect(o.get("expect"))
    o.done()
    return sc


def read_level(o: Obj, source: str, load_file: Callable[[str], T], from_json: Callable[[dict[str, Any], str], T],
               defaults: dict[str, Any], key: str = "course", name_file_errors: bool = False) -> T:
    """The level a scenario plays on: a file name (found beside the scenario file, else
    as given) or the level itself inline (`defaults` fills the fields a level file
    has and a scenario leaves out: format, kind, name, ruleset). With
    `name_file_errors` a bad level file is reported at `key`, naming its own field."""
    v = o.get(key)
    if isinstance(v.value, str):
        base = os.path.dirname(os.path.abspath(source)) if os.path.exists(source) else os.getcwd()
        for cand in (os.path.join(base, v.value), v.value):
            if v.value and os.path.isfile(cand):
                if not name_file_errors:
                    return load_file(cand)
                try:
                    return load_file(cand)
                except BadInput as e:
                    raise BadInput(source, key, f"{v.value}: {e.field}: {e.reason}") from None
        v.fail(f"{key} file {v.value!r} not found")
    data = {**defaults, **v.obj().data}
    try:
        return from_json(data, source)
    except BadInput as e:
        raise BadInput(source, f"{key}.{e.field}" if e.field else key, e.reason) from None


# --- running ---------------------------------------------------------------------------------

def run_scenario(sc: Scenario, hooks: ScenarioHooks, agents: AgentFactory | None = None) -> Result:
    """Play the script. Raises BadInput for a script that does not fit the game (a die
    for the wrong player or reason, an illegal choice, running out)."""
    R = hooks.rules
    st = sc.state
    events: list[Any] = list(sc.start_events)
    dice, choices = list(sc.dice), list(sc.choices)
    made: dict[str, Any] = {}
    start = sc.start_at or (st.turn, st.phase)
    stopped = "script_end"
    for _ in range(MAX_STEPS):
        actor = R.current_actor(st)
        if actor == TERMINAL:
            stopped = "race_end"
            break
        if sc.run_until != "script_end" and hooks.reached(sc, start):
            stopped = sc.run_until
            break
        if actor == CHANCE:
            if dice:
                events += R.apply(st, Choice.make("roll", value=hooks.die_value(sc, dice.pop(0))))
                continue
            if sc.fill_dice == "seeded":
                events += R.apply(st, sample_chance(R, st))
                continue
            if choices or sc.run_until != "script_end":
                raise BadInput(sc.source, "dice", f"ran out of scripted dice: {hooks.dice_needed(st)}")
            break
        if choices:
            ch, want, path = choices.pop(0)
            if want is not None and want != actor:
                raise BadInput(sc.source, path, hooks.wrong_actor(st, actor, want))
            why = R.is_legal(st, ch)
            if why is not None:
                raise BadInput(sc.source, path, f"illegal choice {hooks.show_choice(ch)}: {why}")
            events += R.apply(st, ch)
            continue
        if sc.fill_choices != "none":
            events += R.apply(st, _fill(sc, hooks, actor, made, agents))
            continue
        if dice or sc.run_until != "script_end":
            raise BadInput(sc.source, "choices", f"ran out of scripted choices: {actor} must decide "
                                                 f"({hooks.top_kind(st)})")
        break
    else:
        raise BadInput(sc.source, "", f"the scenario did not come to an end within {MAX_STEPS} steps")
    if hooks.strict_end and (dice or choices):
        where = "dice" if dice else "choices"
        if stopped == "race_end":
            raise BadInput(sc.source, where, "the race ended with script left over")
        if stopped != "script_end":
            raise BadInput(sc.source, where, f"{stopped} came with script left over")
    return Result(sc, events, check_expect(sc, events, hooks), stopped)


def _fill(sc: Scenario, hooks: ScenarioHooks, actor: str, made: dict[str, Any],
          agents: AgentFactory | None) -> Choice:
    """A choice for `actor` when the script has none left: the first legal one, or the
    seeded agent `fill.choices` names (one per player, made on first need)."""
    st = sc.state
    legal = hooks.rules.legal_choices(st)
    if sc.fill_choices == "first":
        return legal[0]
    if actor not in made:
        seed = hooks.fill_seed(st, actor, len(made))
        if agents is not None:
            made[actor] = agents(sc.fill_choices, seed)
        elif sc.fill_choices == "random":
            made[actor] = RandomAgent(seed)
        else:
            raise BadInput(sc.source, "fill.choices", f"no {sc.fill_choices!r} agent was given to the runner")
    choice: Choice = made[actor].act(hooks.rules, st, legal)
    return choice


def check_expect(sc: Scenario, events: list[Any], hooks: ScenarioHooks) -> list[str]:
    """Every expectation of `sc` that does not hold (empty: all hold)."""
    return expect.check(sc.expect_state, sc.expect_events, hooks.state_json(sc.state), events, hooks.aliases)


# --- reporting -------------------------------------------------------------------------------

def result_json(res: Result, hooks: ScenarioHooks) -> dict[str, Any]:
    """The `--json` output (schema wild-table/scenario-result, version 1)."""
    evs = [e.to_json() for e in res.events]
    return {"schema": SCHEMA, "version": 1, "scenario": res.scenario.source, "ok": res.ok,
            "stopped": res.stopped, "mismatches": res.mismatches, "events": evs,
            "rolls": [e for e in evs if e["kind"] == "RollMade"], **hooks.result_fields(res)}


def print_text(res: Result, hooks: ScenarioHooks) -> None:
    """The text output: the events, the final state, each mismatch, and a verdict."""
    sc = res.scenario
    print(f"scenario: {sc.name or sc.source}")
    for e in res.events:
        print(f"  {e.text()}")
    data = hooks.state_json(sc.state)
    print(f"state: turn {data['turn']}, {data['phase']} phase, pending {hooks.pending_text(data['pending'])}")
    for line in hooks.piece_lines(data):
        print(line)
    for m in res.mismatches:
        print(f"MISMATCH {m}")
    print("ok" if res.ok else f"{len(res.mismatches)} expectation(s) failed")


def run_file(path: str, hooks: ScenarioHooks, as_json: bool = False, data: Any = None,
             agents: AgentFactory | None = None) -> int:
    """`python -m game scenario FILE [--json]`: 0 every expectation holds, 1 a mismatch
    (each printed), 2 a bad file or script (one line naming the file, field and reason,
    on stderr). `data` is the file already read, if it was."""
    try:
        if data is None:
            data = load_json_file(path)
        res = run_scenario(load_scenario(data, path, hooks), hooks, agents)
    except BadInput as e:
        print(e.line(), file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(result_json(res, hooks), indent=2, sort_keys=True))
    else:
        print_text(res, hooks)
    return 0 if res.ok else 1
