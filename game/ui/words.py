"""Plain words for the window: what a pending decision asks, what each choice
means, and the odds of the chart roll it leads to. No pygame."""

from __future__ import annotations

from typing import Any

from game.core.protocol import Choice
from game.rules.wild_race.charts import BARGE, JUMP, OVERTAKE, SPUR, UNBALANCED, WHIP


def name(state: Any, rid: str) -> str:
    r = state.racers.get(rid)
    return r.name if r is not None else rid.removeprefix("o:")


def pct(k: int, n: int = 6) -> str:
    return f"{round(100 * k / n)}%"


PROMPTS = {
    "favour_offer": "spend a favour point on this roll?",
    "group_favour": "spend a favour point on your roll?",
    "place_turn": "place your racers on the start line",
    "movement_turn": "move a racer: drag from it, Enter or click to go",
    "jump_decision": "jump the obstacle, or stop short?",
    "overtake_stamina": "commit stamina to overtake, or stop?",
    "extend": "Slipstream! go further along the line?",
    "continue_move": "stopped short: spend stamina or end the move",
    "spur_whip_turn": "spur, whip, or pass",
    "yah_move": "Yah! move up to 1\" now?",
    "contact_barge_turn": "barge a rival you moved into?",
    "barge_turn": "barge a rival within 4\", or pass",
    "surprise": "Surprise! draw alongside your target?",
    "free_move": "you held off the barge: free move toward the finish?",
    "recycle": "place the passed obstacle ahead of the race",
    "scenery_turn": "pick an obstacle, then its spot (3\" at most, never toward the finish)",
    "dodge": "an obstacle is coming: dodge with stamina, or take it?",
}


def prompt(state: Any, kind: str, player_name: str) -> str:
    return f"{player_name}: {PROMPTS.get(kind, kind.replace('_', ' '))}"


FAVOUR_ODDS = {  # for each chart: how good each face is, 0 bad .. 2 good (for "re-roll" odds)
    "jump": {1: 0, 2: 1, 3: 2, 4: 2, 5: 2, 6: 2}, "overtake": {1: 0, 2: 0, 3: 2, 4: 2, 5: 2, 6: 2},
    "spur": {1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2}, "whip": {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2},
    "barge": {1: 0, 2: 0, 3: 1, 4: 2, 5: 2, 6: 2}, "unbalanced": {1: 0, 2: 0, 3: 0, 4: 1, 5: 2, 6: 2},
}


def favour_hint(state: Any, step: Any) -> str:
    """For a favour offer: what the roll means and the odds a re-roll does better."""
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
        return f"rolled {v}"
    better = sum(1 for f in range(1, 7) if table[f] > table[v])
    return f"{v} = {chart[v]}; a re-roll does better {pct(better)}"


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
        return f"{who}: stamina move"
    if k == "free_move":
        return f"Free move {c['distance']:.1f}\""
    if k == "recycle":
        return f"Place at ({c['x']:.0f}, {c['y']:.0f})"
    if k == "move_obstacle":
        d = (c["dx"] ** 2 + c["dy"] ** 2) ** 0.5
        return f"Move {c['obstacle']} {d:.1f}\" {_scenery_direction(state, c)}"
    return str(c)


CHART_NAMES = {"jump": JUMP, "overtake": OVERTAKE, "spur": SPUR, "whip": WHIP, "barge": BARGE,
               "unbalanced": UNBALANCED}
