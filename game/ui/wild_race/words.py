"""Plain words for the window: what a pending decision asks, what each choice
means, and the odds of the chart roll it leads to. No pygame."""

from __future__ import annotations

from typing import Any

from game.core.protocol import Choice
from game.rules.wild_race.charts import BARGE, JUMP, OVERTAKE, SPUR, UNBALANCED, WHIP


def name(state: Any, rid: str) -> str:
    """A racer's name, an obstacle's readable name ("Hedge 2"), else the id."""
    r = state.racers.get(rid)
    if r is not None:
        return r.name
    players = getattr(state, "player_names", None) or {}
    if rid in players:
        return str(players[rid])
    if rid.startswith("edge:"):
        return "the course edge"
    if rid == "finish":
        return "the finish line"
    oid = rid.removeprefix("o:")
    obstacles = getattr(state, "obstacles", {}) or {}
    return obstacle_name(oid) if oid in obstacles or rid.startswith("o:") else oid


def pct(k: int, n: int = 6) -> str:
    return f"{round(100 * k / n)}%"


PROMPTS = {
    "favour_offer": "spend a favour point on this roll?",
    "group_favour": "spend a favour point on your roll?",
    "place_turn": "place your racers: click a numbered slot behind the start line (or its button)",
    "movement_turn": "move a racer: drag from it, Enter or click to go; Z straight ahead",
    "jump_decision": "jump the obstacle, or stop short?",
    "overtake_stamina": "commit stamina to overtake, or stop?",
    "extend": "Slipstream! go further along the line?",
    "continue_move": "stopped short: spend stamina or end the move",
    "spur_whip_turn": "spur, whip, or pass",
    "yah_move": "Yah! move up to 1\" now?",
    "contact_barge_turn": "barge a rival you moved into?",
    "barge_turn": "barge a rival within 4\", or pass (below: what each racer can do, and why)",
    "surprise": "Surprise! draw alongside your target?",
    "free_move": "you held off the barge: free move toward the finish?",
    "recycle": "place the passed obstacle ahead of the race",
    "scenery_turn": "move an obstacle up to 3\", never toward the finish: click it, then its spot",
    "dodge": "an obstacle is coming: dodge with stamina, or take it?",
}


def prompt(state: Any, kind: str, player_name: str) -> str:
    return f"{player_name}: {PROMPTS.get(kind, kind.replace('_', ' '))}"


FAVOUR_ODDS = {  # for each chart: how good each face is for the roller, 0 worst (for "re-roll" odds)
    "jump": {1: 0, 2: 1, 3: 2, 4: 2, 5: 2, 6: 3},  # 6 Leap: clears it and +1 favour
    "overtake": {1: 0, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3},  # 5 Bump, 6 Slipstream: past, and more
    "spur": {1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3},  # 4-5 Yah! (up to 1"), 6 Yeehaw! (2")
    "whip": {1: 0, 2: 1, 3: 2, 4: 2, 5: 3, 6: 4},
    "barge": {1: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 5},
    "unbalanced": {1: 0, 2: 1, 3: 1, 4: 2, 5: 3, 6: 4},
}
HIGHER_IS_BETTER = ("rolloff", "priority", "start", "placement")  # plain numbers: more is better


def favour_hint(state: Any, step: Any) -> str:
    """For a favour offer: what the roll means, the odds a re-roll does better (and
    worse), and what +1 / -1 would make of it."""
    roll = step["roll"]
    reason, v = roll["reason"], step["value"]
    if reason == "strength_hit":
        s = roll["then"]["strength"]
        ok = 7 - s
        return (f"{v}: {'safe' if v >= s else 'a life lost'}; re-roll safe {pct(ok)}, "
                f"+1 {'saves it' if v + 1 >= s else 'is not enough'}")
    table = FAVOUR_ODDS.get(reason)
    chart = CHART_NAMES.get(reason)
    if table is None or chart is None:
        if reason in HIGHER_IS_BETTER and isinstance(v, int) and 1 <= v <= 6:
            return f"{v} for {reason}; a re-roll is higher {pct(6 - v)}, lower {pct(v - 1)}"
        return f"{v} for {reason.replace('_', ' ')}"
    better = sum(1 for f in range(1, 7) if table[f] > table[v])
    worse = sum(1 for f in range(1, 7) if table[f] < table[v])
    text = f"{v} = {chart[v]}; a re-roll: better {pct(better)}, worse {pct(worse)}"
    if v < 6 and table[v + 1] > table[v]:
        text += f"; +1 makes {chart[v + 1]}"
    elif v > 1 and table[v - 1] > table[v]:
        text += f"; -1 makes {chart[v - 1]}"
    return text


def group_favour_hint(state: Any, step: Any) -> str:
    """For a group roll's favour round (placement, priority, barge roll-off): every
    die on the table, and the odds a re-roll of the asking player's die is higher."""
    vals = dict(step["values"])
    m = step["asking"]
    what = str(step["what"]).replace("rolloff", "barge roll-off")
    dice = ", ".join(f"{name(state, k)} {v}" for k, v in vals.items())
    v = vals[m]
    return (f"{what[0].upper()}{what[1:]} roll: {dice}. {name(state, m)} has {v}; a re-roll is higher {pct(6 - v)}, "
            f"lower {pct(v - 1)}")


def obstacle_name(oid: str) -> str:
    """An obstacle's readable name: "o:hedge-2" -> "Hedge 2"."""
    base = oid.removeprefix("o:")
    head, _, num = base.rpartition("-")
    if head and num.isdigit():
        return f"{head.replace('-', ' ').replace('_', ' ').capitalize()} {num}"
    return base.replace("-", " ").replace("_", " ").capitalize()


def whip_note(state: Any, legal: list[Choice]) -> str:
    """For the Spur and Whip Phase: why a racer that may act has no whip to offer
    (spec §8: "Whip needs a target within 1\"")."""
    acting = []
    for c in legal:
        rid = c.get("racer")
        if isinstance(rid, str) and rid not in acting:
            acting.append(rid)
    whips = {c["racer"] for c in legal if c.kind == "whip"}
    notes = []
    for rid in acting:
        r = state.racers.get(rid)
        if r is None or rid in whips:
            continue
        who = name(state, rid)
        if not r.has_whip:
            notes.append(f"{who} can't whip: it has no whip (lost to a Disaster!)")
        elif r.whips_used and state.options.whips_per_turn != "unlimited":
            notes.append(f"{who} can't whip: it has whipped this turn")
        elif r.locked:
            notes.append(f"{who} can't whip: locked out")
        else:
            notes.append(f"{who} can't whip: no racer within 1\" (Whip needs a target within 1\")")
    return "; ".join(notes)


def _rivals_by_gap(state: Any, r: Any, reach: float) -> list[tuple[float, str]]:
    """Opposing racers still racing within `reach` inches of `r`'s base, nearest first."""
    from game.rules.wild_race.geo import racer_shape
    from game.rules.wild_race.kinds import Kind
    near = state.table.within(racer_shape(r), Kind.RACER, reach, {r.id})
    return sorted((gap, oid) for gap, oid in near
                  if state.racers[oid].player != r.player and state.racers[oid].racing)


def _barge_blocker(state: Any, a: Any, t: Any) -> str:
    """What stands on the straight path from `a` to its nearest point of contact
    with `t` (a Jump or an Overtake the barge may not make)."""
    from game.rules.wild_race.geo import MOVE_KINDS, racer_shape
    from game.table import geometry as g
    sa = racer_shape(a)
    pa, pb = g.closest_points(sa, racer_shape(t))
    c = state.table.first_contact(sa, pb[0] - pa[0], pb[1] - pa[1], MOVE_KINDS, {a.id})
    return name(state, c.other) if c is not None and c.other != t.id else "something"


def barge_note(state: Any, player: str, legal: list[Choice], stamina_used: bool = False) -> str:
    """For the Barge Phase (spec §9.2, §9.3): for each of the player's racers, why it
    may or may not barge now, and what a stamina move would do; one line each."""
    from game.rules.wild_race.barge import BARGE_RANGE, barge_targets
    rng = f"{BARGE_RANGE:g}\""
    notes = []
    for r in state.racers_of(player):
        if not r.racing:
            continue
        who = name(state, r.id)
        if r.locked:
            notes.append(f"{who} can't barge: locked out")
            continue
        if r.barged:
            notes.append(f"{who} can't barge: it was barged this turn")
            continue
        if r.has_barged:
            notes.append(f"{who} can't barge: it has barged this turn")
            continue
        targets = barge_targets(state, r)
        if targets:
            notes.append(f"{who} may barge {', '.join(name(state, t) for t in targets)} (within {rng}, a clear path)")
        near = _rivals_by_gap(state, r, BARGE_RANGE + 1e-9)
        blocked = [oid for _, oid in near if oid not in targets]
        for oid in blocked[:1]:
            notes.append(f"{who} can't barge {name(state, oid)}: the straight path to it meets "
                         f"{_barge_blocker(state, r, state.racers[oid])} (no Jump or Overtake in a barge)")
        if not near:
            far = _rivals_by_gap(state, r, 60.0)
            where = f" (nearest: {name(state, far[0][1])}, {far[0][0]:.1f}\" away)" if far else ""
            notes.append(f"{who} can't barge: no rival within {rng}{where}")
        moves = [c for c in legal if c.kind == "stamina_move" and c.get("racer") == r.id]
        for c in moves:
            d = sum(dict(leg)["distance"] for leg in c.get("legs") or [])
            notes.append(f"A stamina move takes {who} {d:.0f}\" toward {_toward(state, r, c)} for {d:.0f} stamina, "
                         f"to come within {rng}; then barge or pass (stamina never stretches the {rng})")
        if not moves and not targets and not stamina_used:
            if r.stamina <= 0:
                notes.append(f"{who} has no stamina to close in")
            elif not near:
                notes.append(f"{who}'s {r.stamina} stamina can't bring a rival within {rng}")
    if stamina_used:
        notes.append("the stamina move is made: barge now, or pass")
    notes.append("Pass: no barge now (the phase ends when every player passes in turn)")
    return "\n".join(notes)


def _toward(state: Any, r: Any, c: Choice) -> str:
    """The rival a stamina move heads for (the one its first leg points at)."""
    import math
    legs = c.get("legs") or []
    if not legs:
        return "a rival"
    h = dict(legs[0])["heading"]
    best, best_d = "a rival", 1e9
    for _, oid in _rivals_by_gap(state, r, 60.0):
        o = state.racers[oid]
        a = math.degrees(math.atan2(o.y - r.y, o.x - r.x))
        d = abs((a - h + 180.0) % 360.0 - 180.0)
        if d < best_d:
            best, best_d = name(state, oid), d
    return best


SCENERY_NOTE = "back = away from the finish; left / right as seen facing the finish. Hover a button to see it."


def _scenery_direction(state: Any, c: Choice) -> str:
    """back / left / right / back-left / back-right, looking toward the finish."""
    o = state.obstacles.get(c["obstacle"])
    if o is None:
        return ""
    tx, ty = state.course.tangent_at(state.course.progress(o.x, o.y))
    along = c["dx"] * tx + c["dy"] * ty
    left = -c["dx"] * ty + c["dy"] * tx
    d = max(1e-9, (c["dx"] ** 2 + c["dy"] ** 2) ** 0.5)
    side = "left" if left > 0 else "right"
    if along < -0.9 * d:
        return "back"
    if along < -0.3 * d:
        return f"back-{side}"
    return side


FIXED_LABELS = {
    "keep": "Keep the roll",
    "stop": "Stop short",
    "pass": "Pass",
    "surprise": "Draw alongside",
    "stay": "Stay",
    "leave": "Leave it",
    "dodge": "Dodge with stamina",
    "take": "Take it",
}


def describe(state: Any, c: Choice, pending_kind: str = "") -> str:
    """One short label for a choice button."""
    k = c.kind
    if k in FIXED_LABELS:
        return FIXED_LABELS[k]
    r = c.get("racer")
    who = name(state, r) if isinstance(r, str) else ""
    if k == "reroll":
        return f"Re-roll ({who}'s favour)" if who else "Re-roll (favour)"
    if k == "favour_plus":
        return f"+1 ({who}'s favour)" if who else "+1 (favour)"
    if k == "favour_minus":
        return f"-1 ({who}'s favour)" if who else "-1 (favour)"
    if k == "place":
        return f"{who}: slot {c['slot'] + 1}"
    if k == "move":
        d = c.get("distance", 0.0)
        extra = f" (+{c['stamina']} stamina)" if c.get("stamina") else ""
        return f"{who}: {d:.1f}\" at {c.get('heading', 0):.0f}°{extra}" if d else f"{who}: stay"
    if k == "jump":
        return f"Jump ({pct(4)} to clear, {pct(1)} refusal)"
    if k == "commit_stamina":
        return f"Commit {c['points']} stamina and overtake"
    if k == "extend":
        return f"Go {c['inches']:.1f}\" further"
    if k == "end_move":
        return "End the move" + (" facing the course" if c.get("heading") is not None else "")
    if k == "stamina_legs":
        legs = c.get("legs") or []
        tot = sum(dict(leg)["distance"] for leg in legs)
        return f"Stamina: {tot:.0f}\" more"
    if k == "spur":
        return f"{who}: spur ({pct(3)} good, {pct(1)} wild)"
    if k == "whip":
        t = name(state, c["target"])
        if c["mode"] == "rider":
            return f"{who}: whip {t}'s rider ({pct(3)} hurts them)"
        return f"{who}: whip {t}'s mount"
    if k == "done":
        return f"{who}: done"
    if k == "yah":
        return f"Move {c['inches']:.1f}\""
    if k == "contact_barge":
        return f"{who} barges {name(state, c['target'])}"
    if k == "barge":
        return f"{who} barges {name(state, c['target'])} (wins the roll-off {pct(15, 36)})"
    if k == "stamina_move":
        d = sum(dict(leg)["distance"] for leg in c.get("legs") or [])
        r = state.racers.get(c.get("racer"))
        toward = f" toward {_toward(state, r, c)}" if r is not None else ""
        return f"{who}: {d:.0f}\" on stamina{toward}"
    if k == "free_move":
        return f"Free move {c['distance']:.1f}\""
    if k == "recycle":
        return f"Place at ({c['x']:.0f}, {c['y']:.0f})"
    if k == "move_obstacle":
        d = (c["dx"] ** 2 + c["dy"] ** 2) ** 0.5
        return f"Move {obstacle_name(c['obstacle'])} {d:.1f}\" {_scenery_direction(state, c)}"
    return str(c)


CHART_NAMES = {"jump": JUMP, "overtake": OVERTAKE, "spur": SPUR, "whip": WHIP, "barge": BARGE,
               "unbalanced": UNBALANCED}
