"""Plain words for the Doomwheel Race in the window: what each pending decision
asks, a label for every choice, the roster's notes and the odds shown beside the
buttons (from the engine's charts). No pygame."""

from __future__ import annotations

import math
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


REPAIR_FULL = "Repair (already at full wounds: no gain)"


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
    last = f", then {rest:.1f}\" straight" if rest >= 0.05 else ""
    return f"{first}Schwenk {abs(angle):.0f}° {side} (costs {cost:.1f}\"){last}"


def move_outcome(at: float, angle: float, dist: float, legs: list[Any], rams: str, stopped_by: str,
                 part: str, names: dict[str, str]) -> str:
    """What the engine's preview of a move says will really happen, where it differs
    from the plan (a stop before the Schwenk, a Schwenk cut short, a stop part way
    along the last straight); "" when the move goes as planned or ends where planned.
    `legs` are the preview's (kind line | turn, x0, y0, h0, x1, y1, h1); `part` is the
    part of the base that meets the edge (doom_preview.stop_part)."""
    if not rams and not stopped_by:
        return ""
    before = after = turned = 0.0
    turns = 0
    for leg in legs:
        if leg.kind == "turn":
            turns += 1
            turned += leg.h1 - leg.h0
        elif turns:
            after += math.hypot(leg.x1 - leg.x0, leg.y1 - leg.y0)
        else:
            before += math.hypot(leg.x1 - leg.x0, leg.y1 - leg.y0)
    if rams:
        what = f"it rams {name(names, rams)}"
        if abs(angle) < 1e-9 or not any(leg.kind == "turn" for leg in legs):
            return f"{what} after {before:.1f}\"" + (", before the Schwenk" if abs(angle) > 1e-9 else "")
    elif stopped_by.startswith("edge"):
        what = "it stops at the track edge"
    else:
        what = f"it stops at {name(names, stopped_by)}"
    if abs(angle) < 1e-9:
        return f"but {what} after {before:.1f}\" of {dist:g}\""
    if not turns:
        return f"but {what} after {before:.1f}\", before the Schwenk"
    side = "left" if angle > 0 else "right"
    if abs(turned - angle) > 0.5:
        if rams:
            return (f"but the Schwenk swings into {name(names, rams)} after {abs(turned):.0f}° "
                    f"of {abs(angle):.0f}°: {what}")
        into = "the track edge" if stopped_by.startswith("edge") else name(names, stopped_by)
        who_hits = f"the {part}" if part else "the base"
        if abs(turned) < 0.5:
            return f"but {who_hits} would cross {into}: it cannot turn {side} here, and the move ends"
        return (f"but {who_hits} swings into {into}: it turns only {abs(turned):.0f}° of {abs(angle):.0f}° "
                f"{side}, and the move ends there")
    return f"but {what} {after:.1f}\" after the Schwenk"


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
        top = state.stack[-1] if state.stack else None
        w = state.wheels.get(str(top.get("wheel"))) if top is not None else None
        if w is not None and w.wounds >= w.max_wounds:
            return REPAIR_FULL
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


def shot_facts(state: Any, shooter: str, target: str, pose: tuple[float, float, float] | None = None
               ) -> dict[str, Any] | None:
    """The engine's own numbers for a shot of `shooter`'s bolt thrower at `target`
    (game.rules.doomwheel.shooting, read only): range, long range, cover, the score
    needed to hit and to wound, and the reason for every modifier. `pose` puts the
    target where it stood when the shot was made (the log catches up later)."""
    import dataclasses

    from game.rules.doomwheel import shooting
    at = shooting.machine(state, shooter)
    t = state.wheels.get(target)
    if at is None or t is None:
        return None
    if pose is not None:
        t = dataclasses.replace(t, x=pose[0], y=pose[1], heading=pose[2])
    far = shooting.distance(state, at, t)
    long = far > shooting.LONG
    cover = shooting.cover(state, at, t)
    reasons = []
    if long:
        reasons.append(f"long range (beyond {shooting.LONG:g}\") -1")
    if cover:
        reasons.append(f"{COVER_WORDS.get(cover, 'cover')} {cover}")
    return {"shooter": shooter, "target": target, "distance": far, "long": long, "cover": cover,
            "need": shooting.to_hit_needed(state, at, t), "wound": charts.to_wound(shooting.STRENGTH, t.toughness),
            "reasons": reasons}


COVER_WORDS = {-1: "soft cover", -2: "hard cover"}


def need_text(need: int) -> str:
    """4+, or 6 then 4+ for a 7+."""
    if need <= 6:
        return f"{need}+"
    second = charts.to_hit_second(need)
    return f"6 then {second}+" if second is not None else "impossible"


def shot_where(f: dict[str, Any]) -> str:
    """18", soft cover -1 / 12", short range."""
    return f"{f['distance']:.0f}\", " + (", ".join(f["reasons"]) if f["reasons"] else "short range, no cover")


def shot_odds(state: Any, shooter: str, target: str) -> str:
    """To hit and to wound of the team's bolt thrower at a target, from the engine,
    with the reason for every modifier."""
    f = shot_facts(state, shooter, target)
    if f is None:
        return ""
    return f"{shot_where(f)}: hit {need_text(f['need'])}, wound {f['wound']}+, D3 wounds, no save"


def shot_button(state: Any, shooter: str, target: str, names: dict[str, str]) -> tuple[str, str]:
    """(the shoot button's text, its tooltip): the score to hit with the modifiers'
    reasons in short; the tooltip in full."""
    f = shot_facts(state, shooter, target)
    t = name(names, target)
    if f is None:
        return f"Shoot {t}", f"Shoot {t}"
    short = {True: "long -1"}.get(f["long"], "")
    mods = [m for m in (short, f"{COVER_WORDS[f['cover']]} {f['cover']}" if f["cover"] else "") if m]
    why = f" ({', '.join(mods)})" if mods else " (short range)"
    return (f"Shoot {t} {f['distance']:.0f}\": hit {need_text(f['need'])}{why}",
            f"Shoot {t}: {shot_odds(state, shooter, target)}")


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


def direction(degrees: float) -> str:
    """A rolled direction: 264° (south)."""
    return f"{degrees:.0f}° ({compass(degrees)})"


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
        if e.die == "d360":
            why = e.reason.replace("_", " ")
            why = "a random direction" if "direction" in why else f"a direction for {why}"
            return f"{who(names, e.for_whom)} rolls {why}: {direction(e.result)}"
        if e.reason == "sabotage":  # rolled against the wheel slid: the saboteur is not in the event
            return f"Sabotage on {who(names, e.for_whom)}: {len(e.faces)}D3 = {shown}\""
        return f"{who(names, e.for_whom)} rolls {e.die.upper()} for {e.reason.replace('_', ' ')}: {shown}"
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
        what = "Schwenk" if e.how == "move" else "turn"
        if e.stopped_by and abs(turn) < 0.5:  # blocked at once: say by what, not "0° left"
            into = "the track edge" if e.stopped_by.startswith("edge") else who(names, e.stopped_by)
            if e.how in ("tangled", "out_of_control"):
                return f"{who(names, e.wheel)} cannot turn to face the random direction: {into} is in the way"
            return f"{who(names, e.wheel)}: the {what} is blocked at once by {into}"
        if e.how in ("tangled", "out_of_control"):
            return f"{who(names, e.wheel)} turns {abs(turn):.0f}° {side} to face the random direction"
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
        a, b = who(names, e.rammer), who(names, e.rammed)
        if e.affected == e.rammer:
            return f"{a} rams {b}! D6 {e.roll}: {a} comes off worse: its move ends, the ram table for {a}"
        return (f"{a} rams {b}! D6 {e.roll}: {b} takes it: shoved out of {a}'s way (no need if already "
                f"clear), then the ram table for {b}")
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


class Narrator:
    """The log's and the dice tray's words with what came before: who sabotages whom
    (the engine rolls the sabotage dice against the wheel slid), each bolt thrower
    shot from range and cover to its outcome (hits, misses, fails to wound, D3
    wounds), the place each wheel takes on the start grid. `line` is called once
    for each shown event, in order; `tray` words the dice of the event just lined.
    `prepare` reads the engine's numbers for a shot as the shot is made (the events
    are shown later, when the state may have moved on). No pygame."""

    def __init__(self, names: dict[str, str], state: Any = None) -> None:
        self.names = names
        self.state = state  # the race's state (machines, toughness, cover): read only
        self.facts: list[tuple[Any, dict[str, Any]]] = []  # (the Chosen shoot event, its shot_facts)
        self.shot: dict[str, Any] | None = None
        self.sab: dict[str, Any] | None = None
        self.placed = 0

    def prepare(self, events: list[Any], state: Any) -> None:
        """The shots among `events` (a batch just taken from the session, `state`
        after them): the engine's numbers with the target where it stood then (the
        start of its first move after the shot, if it has moved since)."""
        self.state = state
        for i, e in enumerate(events):
            if e.kind != "Chosen" or getattr(e.choice, "kind", "") != "shoot":
                continue
            tid = str(e.choice["target"])
            pose = None
            for later in events[i + 1:]:
                if later.kind == "WheelMoved" and later.wheel == tid:
                    pose = (later.x0, later.y0, later.heading)
                    break
                if later.kind == "WheelTurned" and later.wheel == tid:
                    from game.ui.doomwheel.preview import turn_start
                    pose = (*turn_start(later), later.h0)
                    break
            f = shot_facts(state, e.player, tid, pose)
            if f is not None:
                self.facts.append((e, f))
        del self.facts[:-16]

    def line(self, e: Any) -> str:
        k = e.kind
        n = self.names
        if k == "Chosen":
            c = e.choice
            if getattr(c, "kind", "") == "shoot":
                self.shot = next((f for ev, f in self.facts if ev is e), None)
                if self.shot is None and self.state is not None:
                    self.shot = shot_facts(self.state, e.player, str(c["target"]))
            elif getattr(c, "kind", "") == "sabotage":
                per = c.get("headings") is not None
                pts = len(c["headings"]) if per else int(c.get("points", 1))
                self.sab = {"by": e.player, "target": str(c["target"]), "points": pts, "per_point": per, "k": 0}
            return ""
        if k == "WheelPlaced":
            self.placed += 1
            total = len(n) or self.placed
            side = " (the left-hand place)" if self.placed == 1 else (
                " (the right-hand place)" if self.placed == total else "")
            return f"{who(n, e.wheel)} takes place {self.placed} of {total} on the start grid{side}"
        if k == "RollMade":
            text = self._roll(e)
            if text:
                return text
        return log_line(e, n)

    def _roll(self, e: Any) -> str:
        n = self.names
        r = e.reason
        sab = self.sab
        if r == "sabotage" and sab is not None and sab["target"] == e.for_whom:
            sab["k"] += 1
            faces = " + ".join(str(f) for f in e.faces)
            dice = f"{len(e.faces)}D3 = {faces} = {e.result}\"" if len(e.faces) > 1 else f"D3 = {e.result}\""
            point = f" (point {sab['k']} of {sab['points']})" if sab["per_point"] and sab["points"] > 1 else ""
            return f"{who(n, sab['by'])}'s sabotage on {who(n, e.for_whom)}{point}: {dice}"
        f = self.shot
        if f is None or f["shooter"] != e.for_whom or r not in ("to_hit", "to_hit_7_plus", "bolt_to_wound",
                                                                 "bolt_wounds"):
            return ""
        s, t, v = who(n, f["shooter"]), who(n, f["target"]), e.result
        if r == "to_hit":
            head = f"{s}'s bolt thrower shoots at {t} ({shot_where(f)}): needs {need_text(f['need'])}, rolls {v}"
            if f["need"] >= 7 and v == 6 and charts.to_hit_second(f["need"]) is not None:
                return head + " — a 6: now a second die"
            return head + (" — hits!" if charts.hits(f["need"], v) else " — misses")
        if r == "to_hit_7_plus":
            second = charts.to_hit_second(f["need"])
            hit = charts.hits(f["need"], 6, v)
            return f"{s}'s bolt thrower, second die: needs {second}+, rolls {v} — " + ("hits!" if hit else "misses")
        if r == "bolt_to_wound":
            need = f["wound"]
            ok = need is not None and v >= need
            return (f"{s}'s bolt hits {t}: wounds on {need}+, rolls {v} — "
                    + ("wounds! (D3 wounds)" if ok else "fails to wound"))
        return f"{s}'s bolt: D3 = {v} wound{'s' if v != 1 else ''} on {t}"

    def tray(self, e: Any) -> tuple[str, str, Any, tuple[int, ...]]:
        """(who, why, result, faces) for the dice tray's line "who: why -> result"."""
        n = self.names
        sab = self.sab
        if e.reason == "sabotage" and sab is not None and sab["target"] == e.for_whom:
            dice = f"{len(e.faces)}D3" if len(e.faces) > 1 else "D3"
            return f"{who(n, sab['by'])}'s sabotage on {who(n, e.for_whom)}", dice, f"{e.result}\"", tuple(e.faces)
        if e.die == "d360":  # a direction, not a die face: no die box, the degrees and the compass word
            why = e.reason.replace("_", " ")
            return who(n, e.for_whom), why if "direction" in why else f"{why} direction", direction(e.result), ()
        f = self.shot
        if e.reason == "to_hit" and f is not None and f["shooter"] == e.for_whom:
            return (who(n, e.for_whom), f"to hit {need_text(f['need'])}",
                    f"{e.result} {'hit' if charts.hits(f['need'], e.result) else 'miss'}"
                    if f["need"] <= 6 else e.result, tuple(e.faces))
        return who(n, e.for_whom), e.reason.replace("_", " "), e.result, tuple(e.faces)
