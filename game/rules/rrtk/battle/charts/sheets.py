"""The Reaction Test sheets as data (rrtk-battle.md §14.2, §14.6-14.9; Reaction Test
QRS): for each sheet (Melee, Missile), test and number of dice passed, the printed
clauses in order, each a condition id and a structured result; the meaning of each
result (§14.8) and the precedence of multi-clause cells (§14.9).

Keyed by (Battle Tactics letter, sheet): the A, B and C sheets of the book cannot be
told apart in the text (#47), so all three letters read the same tables; a variant
replaces one entry of `SHEETS`.

Readings: #52 the Missile sheet's cells as placed by elimination (Involved In Melee
1d6, Leader Lost 1d6 and Wanting to Charge 0d6 rout; checked again against the seed's
QRS text, whose cell count admits no other placement); #53 `clause_precedence`:
`rout_first` (a matching rout clause, else the first matching clause in print order,
else Others/All) or `player_choice` (every matching specific clause is offered).
"Retire and take 1 hit" is the Retire procedure's single hit (§14.6), carried as
`Result.hits`.
"""

from __future__ import annotations

from dataclasses import dataclass

# tests (§14.5)
ENEMY_THREAT = "enemy_threat"
RECEIVED_FIRE = "received_fire"
WANTING_TO_CHARGE = "wanting_to_charge"
BEING_CHARGED = "being_charged"
INVOLVED_IN_MELEE = "involved_in_melee"
LEADER_LOST = "leader_lost"
TESTS = (ENEMY_THREAT, RECEIVED_FIRE, WANTING_TO_CHARGE, BEING_CHARGED, INVOLVED_IN_MELEE, LEADER_LOST)
MELEE_SHEET, MISSILE_SHEET = "melee", "missile"

# result kinds (§14.8)
CHARGE = "charge"
CONTINUE_CHARGE = "continue_charge"
FIRE = "fire"
HALT = "halt"
ADVANCE = "advance"
RETIRE = "retire"
ROUT = "rout"
GIVE_GROUND = "give_ground"
REMAIN = "remain_in_melee"
CARRY_ON = "carry_on"

# §14.8: what each result kind means, and the procedure that carries it out
RESULT_MEANING: dict[str, tuple[str, str]] = {
    CHARGE: ("§12.11", "charge the unit that caused the test; in Being Charged a countercharge into contact"),
    CONTINUE_CHARGE: ("§12.11", "a charger fired on carries on to contact"),
    FIRE: ("§16", "shoot the unit that caused the test if in range, sight and arc; it takes Received Fire"),
    HALT: ("§13.5", "stop, no longer active; turn to face an unfaced enemy unless within a faced one's reach"),
    ADVANCE: ("§13.1", "move straight ahead half the normal move; Wanting to Charge first if it would reach"),
    RETIRE: ("§13.9", "move the retire distance directly away from the cause, end facing it, take its hit"),
    ROUT: ("§13.10", "removed from the table (an Elephant rampages instead, §17.9)"),
    GIVE_GROUND: ("§13.4", "move 1\" straight back facing the enemy and take 1 hit; the enemy follows up"),
    REMAIN: ("§17.2", "stay in contact; the melee goes on"),
    CARRY_ON: ("§14.6", "no effect"),
}


@dataclass(frozen=True)
class Result:
    """One reaction result. `hits`: the hits the result itself deals (a retire's, a
    give ground's, "suffer 1 hit"); none of them causes a test (§15.5). `fire_first`:
    shoot, then carry out `kind` (fire and retire / fire and rout). `fire_dice`: fire
    with only this many dice. `may_fire` False: no fire from this result."""

    kind: str
    hits: int = 0
    fire_first: bool = False
    fire_dice: int | None = None
    may_fire: bool = True


@dataclass(frozen=True)
class Clause:
    condition: str  # a condition id (`matches`); "all" and "others" are the catch-alls
    result: Result


@dataclass(frozen=True)
class Subject:
    """What a sheet's clauses ask of the testing unit. `rep` is its original Rep;
    `charging`: it is charging (or countercharging) now; `in_melee`: already in melee
    when charged; `enemy_foot_not_routed`: a mounted unit in melee with foot that did
    not rout this round (§14.8); `in_melee_with_mounted`: in melee with mounted enemy."""

    mounted: bool = False
    purpose: str = "melee"  # melee / missile / skirmish
    dual: bool = False
    frenzy: bool = False
    charging: bool = False
    in_melee: bool = False
    charged_by_mounted: bool = False
    flank_or_rear: bool = False
    in_melee_with_mounted: bool = False
    enemy_foot_not_routed: bool = False
    hits: int = 0
    rep: int = 4


CATCH_ALL = frozenset({"all", "others"})


def matches(condition: str, s: Subject) -> bool:
    """Whether a clause's condition applies to the unit."""
    checks = {
        "all": True, "others": True,
        "non_dual_mounted": s.mounted and not s.dual,
        "frenzy": s.frenzy,
        "dual": s.dual,
        "chargers": s.charging,
        "non_charging_dual": s.dual and not s.charging,
        "non_charging_mounted": s.mounted and not s.charging,
        "mounted": s.mounted,
        "foot_charged_by_mounted": not s.mounted and s.charged_by_mounted,
        "already_in_melee": s.in_melee,
        "flank_or_rear": s.flank_or_rear,
        "mounted_not_routed_enemy_foot": s.mounted and s.enemy_foot_not_routed,
        "foot_in_melee_with_mounted": not s.mounted and s.in_melee_with_mounted,
        "other_foot": not s.mounted,
        "hits_ge_rep": s.hits >= s.rep,
        "missile_troops": s.purpose == "missile",
        "skirmishers": s.purpose == "skirmish",
        "foot_missile": not s.mounted and s.purpose == "missile",
        "foot_skirmish": not s.mounted and s.purpose == "skirmish",
    }
    if condition not in checks:
        raise ValueError(f"unknown clause condition {condition!r}")
    return checks[condition]


def _c(condition: str, kind: str, **kw: object) -> Clause:
    return Clause(condition, Result(kind, **kw))  # type: ignore[arg-type]


_RETIRE = {"hits": 1}
_NO_FIRE = {"may_fire": False}
_ALL_ROUT = (_c("all", ROUT),)
_ALL_RETIRE = (_c("all", RETIRE, **_RETIRE),)
_HALT_DUAL_NO_FIRE = (_c("dual", HALT, **_NO_FIRE), _c("all", HALT))
_BEING_CHARGED_ROUTS = (_c("foot_charged_by_mounted", ROUT), _c("already_in_melee", ROUT),
                        _c("flank_or_rear", ROUT))

Cell = tuple[Clause, ...]

# §14.6 Melee Reaction Tests: test -> passes -> clauses in printed order
MELEE: dict[str, dict[int, Cell]] = {
    ENEMY_THREAT: {
        2: (_c("non_dual_mounted", CHARGE), _c("frenzy", CHARGE), _c("dual", FIRE), _c("others", HALT)),
        1: _HALT_DUAL_NO_FIRE,
        0: _ALL_RETIRE,
    },
    RECEIVED_FIRE: {
        2: (_c("chargers", CONTINUE_CHARGE), _c("frenzy", CHARGE), _c("non_charging_dual", FIRE),
            _c("others", ADVANCE)),
        1: (_c("chargers", CONTINUE_CHARGE, hits=1), _c("non_charging_mounted", RETIRE, **_RETIRE),
            _c("dual", HALT, **_NO_FIRE), _c("others", HALT)),
        0: (_c("all", RETIRE, **_RETIRE), _c("hits_ge_rep", ROUT)),
    },
    WANTING_TO_CHARGE: {
        2: (_c("all", CHARGE),),
        1: (_c("non_dual_mounted", CHARGE), _c("frenzy", CHARGE), _c("dual", HALT, **_NO_FIRE),
            _c("others", HALT)),
        0: _HALT_DUAL_NO_FIRE,
    },
    BEING_CHARGED: {
        2: (_c("non_dual_mounted", CHARGE), _c("frenzy", CHARGE), _c("dual", FIRE), _c("others", HALT)),
        1: (_c("mounted", RETIRE, **_RETIRE),) + _BEING_CHARGED_ROUTS
        + (_c("dual", HALT, **_NO_FIRE), _c("others", HALT)),
        0: _ALL_ROUT,
    },
    INVOLVED_IN_MELEE: {
        2: (_c("mounted_not_routed_enemy_foot", RETIRE, **_RETIRE), _c("others", REMAIN)),
        1: (_c("mounted", RETIRE, **_RETIRE), _c("foot_in_melee_with_mounted", ROUT),
            _c("other_foot", GIVE_GROUND, hits=1)),
        0: _ALL_ROUT,
    },
    LEADER_LOST: {2: (_c("all", CARRY_ON),), 1: _ALL_RETIRE, 0: _ALL_ROUT},
}

# §14.7 Missile Reaction Tests (Missile, Skirmish and Artillery units)
MISSILE: dict[str, dict[int, Cell]] = {
    ENEMY_THREAT: {2: (_c("all", FIRE),), 1: _ALL_RETIRE, 0: _ALL_ROUT},
    RECEIVED_FIRE: {2: (_c("chargers", CONTINUE_CHARGE), _c("others", FIRE)), 1: _ALL_RETIRE, 0: _ALL_ROUT},
    WANTING_TO_CHARGE: {2: (_c("all", CHARGE),), 1: (_c("all", HALT, **_NO_FIRE),), 0: _ALL_ROUT},
    BEING_CHARGED: {
        2: (_c("missile_troops", FIRE), _c("skirmishers", RETIRE, hits=1, fire_first=True)),
        1: (_c("mounted", RETIRE, **_RETIRE),) + _BEING_CHARGED_ROUTS
        + (_c("foot_missile", FIRE, fire_dice=1), _c("foot_skirmish", ROUT, fire_first=True)),
        0: _ALL_ROUT,
    },
    INVOLVED_IN_MELEE: {
        2: (_c("mounted_not_routed_enemy_foot", RETIRE, **_RETIRE), _c("others", REMAIN)),
        1: _ALL_ROUT,
        0: _ALL_ROUT,
    },
    LEADER_LOST: {2: (_c("all", CARRY_ON),), 1: _ALL_ROUT, 0: _ALL_ROUT},
}

SHEETS: dict[tuple[str, str], dict[str, dict[int, Cell]]] = {
    (tactics, sheet): table
    for tactics in ("A", "B", "C")
    for sheet, table in ((MELEE_SHEET, MELEE), (MISSILE_SHEET, MISSILE))
}


def sheet_for(purpose: str, *, dual: bool = False) -> str:
    """Which sheet a unit reads (§14.2): Melee units and Dual-Armed units the Melee
    sheet; Missile and Skirmish units (Artillery included) the Missile sheet. A
    dismounted or Frenzy unit follows its purpose."""
    if purpose not in ("melee", "missile", "skirmish"):
        raise ValueError(f"a purpose is melee, missile or skirmish, got {purpose!r}")
    return MELEE_SHEET if purpose == "melee" or dual else MISSILE_SHEET


def cell(tactics: str, sheet: str, test: str, passed: int) -> Cell:
    """The printed clauses of one cell."""
    return SHEETS[(tactics, sheet)][test][passed]


def reaction_clauses(tactics: str, sheet: str, test: str, passed: int, subject: Subject, *,
                     clause_precedence: str = "rout_first") -> tuple[Clause, ...]:
    """The clause(s) that apply to a unit (§14.6-14.9). With `rout_first` exactly one:
    a matching rout clause first (flank or rear, foot charged by mounted, already in
    melee, hits >= Rep), else the first matching clause in print order, else Others or
    All. With `player_choice` every matching specific clause, in print order, for the
    owner to choose among (the catch-all only when nothing specific matches)."""
    clauses = cell(tactics, sheet, test, passed)
    specific = [c for c in clauses if c.condition not in CATCH_ALL and matches(c.condition, subject)]
    fallback = [c for c in clauses if c.condition in CATCH_ALL]
    if clause_precedence == "player_choice":
        return tuple(specific or fallback[:1])
    if clause_precedence != "rout_first":
        raise ValueError(f"clause_precedence is rout_first or player_choice, got {clause_precedence!r}")
    routs = [c for c in specific if c.result.kind == ROUT]
    pick = routs or specific or fallback
    if not pick:
        raise ValueError(f"no clause of {sheet} {test} pass {passed} fits {subject}")
    return (pick[0],)


def reaction_results(tactics: str, sheet: str, test: str, passed: int, subject: Subject, *,
                     clause_precedence: str = "rout_first") -> tuple[Result, ...]:
    """The distinct results of `reaction_clauses`, in order (one with `rout_first`)."""
    unique: list[Result] = []
    for c in reaction_clauses(tactics, sheet, test, passed, subject, clause_precedence=clause_precedence):
        if c.result not in unique:
            unique.append(c.result)
    return tuple(unique)


def reaction_result(tactics: str, sheet: str, test: str, passed: int, subject: Subject) -> Result:
    """The single result under the default precedence (`rout_first`)."""
    return reaction_results(tactics, sheet, test, passed, subject)[0]
