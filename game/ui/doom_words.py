"""Plain words for the Doomwheel Race in the window: what each pending decision
asks, a label for every choice, the roster's notes and the odds shown beside the
buttons (from the engine's charts). No pygame."""

from __future__ import annotations

from typing import Any

from game.core.protocol import Choice
from game.rules.doomwheel import charts

CRITTER_NAMES = {"fanatic": "Fanatic", "slayer": "Dammaz-Drengi", "slave": "slave"}
RAM_EFFECTS = {"toppled": "toppled", "breakdown": "breakdown", "out_of_control": "out of control"}

PROMPTS = {
    "activate": "drive (3D6\") or repair (D3 wounds)?",
    "plan": "aim the move with the mouse, click or Enter to go",
    "slip": "slave slip! drive straight ahead, or not?",
    "sabotage": "sabotage: target, points, click the direction, or pass",
    "shoot": "bolt thrower loaded: pick a target, or hold fire",
}


def prompt(kind: str, player_name: str) -> str:
    return f"{player_name}: {PROMPTS.get(kind, kind.replace('_', ' '))}"


def name(names: dict[str, str], wid: str) -> str:
    return names.get(wid, wid)


def compass(heading: float) -> str:
    """A heading in table degrees (0 = east, counter-clockwise) as a compass word."""
    dirs = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
    return dirs[round((heading % 360.0) / 45.0) % 8]


def move_text(at: float, angle: float, dist: float, cost: float) -> str:
    """The tape for a move: 4.0" straight, Schwenk 45 left (1.5"), 6.5" straight."""
    if abs(angle) < 1e-9:
        return "straight ahead"
    side = "left" if angle > 0 else "right"
    rest = max(0.0, dist - at - cost)
    first = f"{at:.1f}\" straight, then " if at > 0.05 else ""
    return f"{first}Schwenk {abs(angle):.0f}° {side} (costs {cost:.1f}\"), then {rest:.1f}\" straight"


def run_over_text(kinds: list[str]) -> str:
    if not kinds:
        return ""
    counts: dict[str, int] = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    parts = []
    for k in ("fanatic", "slayer", "slave"):
        n = counts.get(k, 0)
        if n:
            nm = CRITTER_NAMES[k]
            parts.append(f"{n} {nm}" + ("s" if n > 1 and k != "slayer" else ""))
    return "runs over " + ", ".join(parts)


def hit_odds() -> str:
    """A Fanatic's or slayer's D3 Strength 5 hits on a wheel: wound on 5+, saved on 6."""
    need = charts.to_wound(5, 6)
    save = charts.save_needed(4, 5)
    return f"D3 S5 hits each (wound {need}+, save {save}+)"


def describe(state: Any, c: Choice, pending_kind: str = "", names: dict[str, str] | None = None) -> str:
    """One short label for a choice button (or an AI's log line)."""
    names = names or {}
    k = c.kind
    if k == "drive":
        return "Drive: roll 3D6\""
    if k == "repair":
        return "Repair: regain D3 wounds"
    if k == "slip":
        top = state.stack[-1] if state.stack else None
        d = top["value"] if top is not None and top.kind == "slip" else "2D6"
        return f"Slip {d}\" straight ahead"
    if k == "no_slip":
        return "No slip: stay"
    if k == "move":
        from game.rules.doomwheel.geo import schwenk_cost
        top = state.stack[-1] if state.stack else None
        wid = top["wheel"] if top is not None and top.kind == "plan" else ""
        dist = float(c.get("distance", top["value"] if top is not None and top.kind == "plan" else 0))
        cost = schwenk_cost(state.wheels[wid], float(c.get("angle", 0.0)), state.options.schwenk) if wid else 0.0
        return f"Move {dist:g}\": " + move_text(float(c.get("at", 0.0)), float(c.get("angle", 0.0)), dist, cost)
    if k == "pass":
        return "Pass (no more sabotage)"
    if k == "sabotage":
        t = name(names, str(c.get("target")))
        if c.get("headings") is not None:
            hs = list(c["headings"])
            return f"Sabotage {t}: {len(hs)} point{'s' if len(hs) > 1 else ''}, {', '.join(compass(h) for h in hs)}"
        pts = int(c.get("points", 1))
        return f"Sabotage {t}: {pts} point{'s' if pts > 1 else ''} ({pts}D3\") {compass(float(c['heading']))}"
    if k == "shoot":
        return f"Bolt thrower: shoot {name(names, str(c['target']))}"
    if k == "hold":
        return "Hold fire"
    return str(c)


def shot_odds(state: Any, shooter: str, target: str) -> str:
    """To hit and to wound of the team's bolt thrower at a target, from the engine."""
    from game.rules.doomwheel import shooting
    at = shooting.machine(state, shooter)
    t = state.wheels[target]
    if at is None:
        return ""
    need = shooting.to_hit_needed(state, at, t)
    wound = charts.to_wound(shooting.STRENGTH, t.toughness)
    far = shooting.distance(state, at, t)
    hit = f"{need}+" if need <= 6 else f"6 then {charts.to_hit_second(need)}+"
    return f"{far:.0f}\": hit {hit}, wound {wound}+, D3 wounds, no save"


def roster_notes(state: Any, w: Any) -> list[str]:
    """What the roster says under a wheel: laps, next checkpoint, ram effects."""
    notes = []
    if not w.running:
        return ["destroyed"]
    n_cp = len(state.course.checkpoints)
    nxt = "start line" if w.next_cp >= n_cp else f"checkpoint {w.next_cp + 1}"
    notes.append(f"lap {min(w.laps + 1, state.options.laps)}/{state.options.laps}, next: {nxt}")
    if w.ram_effect:
        notes.append(RAM_EFFECTS.get(w.ram_effect, w.ram_effect))
    return notes


def reason_text(reason: str) -> str:
    return {"laps": "first over the line after the last lap", "last wheel running": "the last wheel running",
            "turn cap": "most laps when the turn limit came", "all wheels destroyed": "every wheel destroyed"
            }.get(reason, reason)


# --- the log ---------------------------------------------------------------------------

QUIET_ROLLS = {"critter_move", "critter_direction", "slayer_charge", "respawn"}  # many a turn: not logged
HOWS = {"move": "drives", "slip": "slips", "tangled": "lurches, tangled in a slave,", "shove": "is shoved aside",
        "out_of_control": "careers out of control", "sabotage": "is sabotaged:"}


def critter_name(cid: str) -> str:
    kind, _, n = cid.rpartition("-")
    return f"{CRITTER_NAMES.get(kind, kind)} {n}" if kind else cid


def who(names: dict[str, str], ident: str) -> str:
    return names[ident] if ident in names else critter_name(ident)


def quiet(e: Any) -> bool:
    """Rolls and events of the critters' walk: too many to log or show in the tray."""
    return (e.kind == "RollMade" and e.reason in QUIET_ROLLS) or e.kind == "CritterMoved"


def log_line(e: Any, names: dict[str, str]) -> str:
    """The log's words for an event ("" for none)."""
    k = e.kind
    if quiet(e):
        return ""
    if k == "RollMade":
        faces = ", ".join(str(f) for f in e.faces)
        shown = f"{faces} = {e.result}" if len(e.faces) > 1 else faces
        die = "direction" if e.die == "d360" else e.die.upper()
        return f"{who(names, e.for_whom)} rolls {die} for {e.reason.replace('_', ' ')}: {shown}"
    if k == "WheelPlaced":
        return f"{who(names, e.wheel)} takes its place on the start grid"
    if k == "CritterSetAside":
        return f"{critter_name(e.critter)} stood on the start grid: taken off until the critters come back"
    if k == "WheelMoved":
        d = ((e.x1 - e.x0) ** 2 + (e.y1 - e.y0) ** 2) ** 0.5
        stop = ""
        if e.stopped_by:
            stop = " against the track edge" if e.stopped_by.startswith("edge") else f" into {who(names, e.stopped_by)}"
        return f"{who(names, e.wheel)} {HOWS.get(e.how, e.how)} {d:.1f}\"{stop}"
    if k == "WheelTurned":
        turn = e.h1 - e.h0
        side = "left" if turn > 0 else "right"
        if e.how in ("tangled", "out_of_control"):
            return f"{who(names, e.wheel)} turns {abs(turn):.0f}° {side} to face the random direction"
        what = "Schwenk" if e.how == "move" else "turn"
        stop = " (stopped short)" if e.stopped_by else ""
        return f"{who(names, e.wheel)}: {what} {abs(turn):.0f}° {side}{stop}"
    if k == "RanOver":
        return f"{who(names, e.wheel)} runs over {critter_name(e.critter)}!"
    if k == "HitResolved":
        res = "saved" if e.saved else ("a wound!" if e.wounded else "no wound")
        return f"Strength {e.strength} hit on {who(names, e.wheel)}: {res}"
    if k == "WoundsChanged":
        return f"{who(names, e.wheel)}: wounds {e.before} -> {e.after} ({e.reason.replace('_', ' ')})"
    if k == "CheckpointPassed":
        return f"{who(names, e.wheel)} passes checkpoint {e.checkpoint + 1}"
    if k == "LapCompleted":
        return f"{who(names, e.wheel)} completes lap {e.laps}!"
    if k == "Repaired":
        return f"{who(names, e.wheel)} stops to repair"
    if k == "CritterRespawned":
        return f"{critter_name(e.critter)} is back on the track"
    if k == "Rammed":
        hit = "the rammer" if e.affected == e.rammer else "the rammed wheel"
        return f"{who(names, e.rammer)} rams {who(names, e.rammed)}! D6 {e.roll}: {hit} is affected"
    if k == "RamResult":
        return f"{who(names, e.wheel)}: ram table {e.roll}: {RAM_EFFECTS.get(e.result, e.result)}"
    if k == "RamEffect":
        return f"{who(names, e.wheel)} cannot move normally this turn: {RAM_EFFECTS.get(e.effect, e.effect)}"
    if k == "SlaveResult":
        res = {"tangled": "tangled!", "rat_food": "rat food (+1 wound)", "defect": "defect (-1 wound)",
               "slip": "slip!"}.get(e.result, e.result)
        return f"{who(names, e.wheel)}: slave table {e.roll}: {res}"
    if k == "WheelDestroyed":
        return f"{who(names, e.wheel)} is destroyed!"
    if k == "OrderDecided":
        return f"{e.what.capitalize()} order: " + ", ".join(who(names, p) for p in e.order)
    if k == "RaceOver":
        return f"The race is over: {who(names, e.winner) + ' wins' if e.winner else 'a draw'} ({reason_text(e.reason)})"
    text = e.text()
    return "" if text == k else text
