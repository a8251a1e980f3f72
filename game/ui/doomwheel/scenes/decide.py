"""The Doomwheel Race scene's decisions in the making, as a mixin of DoomRaceScene:
the move being set (aimed with the pointer, nudged with keys, its Schwenk point
dragged by a handle) and the sabotage being set (target, points, directions), and
the ghost of each: what the pending decision would do, asked of the rules engine
on a clone (game.ui.doomwheel.preview). No rules here."""

from __future__ import annotations

import math
from typing import Any, Callable

from game.core.protocol import Choice
from game.rules.doomwheel import RULESET
from game.rules.doomwheel.geo import schwenk_cost
from game.ui.doomwheel import words
from game.ui.doomwheel.lap import lap_of
from game.ui.doomwheel.preview import Preview, max_angle, plan_for, preview, stop_contact


class Deciding:
    """The decision state and ghosts. DoomRaceScene provides session, view, names,
    mouse, _submit and the fields set in its __init__; _human and _in_table come from
    TableScene, which stands before this class in its bases so they win."""

    session: Any
    view: Any
    names: dict[str, str]
    mouse: tuple[int, int]
    message: str
    handover: str | None
    at: float
    angle: float
    distance: float | None
    by_mouse: bool
    drag_handle: bool
    target: str | None
    points: int
    heading: float
    laid: list[float]
    _aimed_from: tuple[int, int] | None
    aim_note: str  # what the pointer asks that no move can do (the ghost says it)
    _anchor: tuple[int, int] | None
    _ghost_key: Any
    _ghost: dict[str, Any] | None

    def _human(self) -> Any:
        raise NotImplementedError

    def _submit(self, c: Choice) -> bool:
        raise NotImplementedError

    def _in_table(self, pos: tuple[int, int]) -> bool:
        raise NotImplementedError

    def _plan(self) -> tuple[Any, float, str]:
        st = self.session.state
        top = st.stack[-1]
        return st.wheels[top["wheel"]], float(top["value"]), st.options.schwenk

    def move_choice(self) -> Choice:
        w, roll, mode = self._plan()
        dist = roll if self.distance is None else self.distance
        if self.by_mouse and self._aimed_from != self.mouse and self._in_table(self.mouse):
            tx, ty = self.view.camera.to_table(*self.mouse)
            st = self.session.state
            got = plan_for(st, w, roll, tx, ty, mode, dist, lap_of(st.course))  # the lap's way
            self.at, self.angle, self.aim_note = got.at, got.angle, got.note
            self._aimed_from = self.mouse
        elif not self.by_mouse:
            self.aim_note = ""
        kw: dict[str, Any] = {"at": round(self.at, 3), "angle": round(self.angle, 3)}
        if self.distance is not None:
            kw["distance"] = round(self.distance, 3)
        return Choice.make("move", **kw)

    def sabotage_choice(self) -> Choice | None:
        st = self.session.state
        if self.target is None or self.target not in st.wheels:
            return None
        t = st.wheels[self.target]
        tx, ty = self.view.camera.to_table(*self.mouse)
        if math.hypot(tx - t.x, ty - t.y) > 0.3:
            self.heading = round(math.degrees(math.atan2(ty - t.y, tx - t.x)) % 360.0, 1)
        if st.options.sabotage_moves == "per_point":  # the directions laid so far, the rest the pointer's
            laid = self.laid[:self.points - 1]
            return Choice.make("sabotage", target=self.target, headings=laid + [self.heading] * (self.points - len(laid)))
        return Choice.make("sabotage", target=self.target, points=self.points, heading=self.heading)

    def ghost(self) -> dict[str, Any] | None:
        p = self._human()
        if p is None or self.handover is not None:
            return None
        st = self.session.state
        if p.kind == "plan":
            c = self.move_choice()
            return self._cached(c, lambda: self._move_ghost(c), self.aim_note)
        if p.kind == "slip":
            c = Choice.make("slip")
            return self._cached(c, lambda: self._ghost_of(c, ("slip",), f"slip {st.stack[-1]['value']}\" ahead"))
        if p.kind == "sabotage":
            sc = self.sabotage_choice()
            if sc is None:
                return None
            lo, hi = self.points, 3 * self.points
            label = (f"{self.points} point{'s' if self.points > 1 else ''}: {lo}-{hi}\" "
                     f"{words.compass(self.heading)} (shown: {2 * self.points}\")")
            if st.options.sabotage_moves == "per_point":
                n = min(len(self.laid), self.points - 1)
                label = (f"point {n + 1} of {self.points}: 1-3\" {words.compass(self.heading)}"
                         f" (click to lay it; shown: 2\" a point)")
            return self._cached(sc, lambda: self._ghost_of(sc, ("sabotage",), label, wheel=self.target), label)
        if p.kind == "shoot":
            from game.rules.doomwheel import shooting
            wid = st.stack[-1]["wheel"]
            spot = shooting.machine(st, wid)
            if spot is None:
                return None
            lines, says = [], ["bolt thrower: click a target or a button"]
            for c in p.legal:
                if c.kind != "shoot":
                    continue
                t = st.wheels[c["target"]]
                lines.append((spot, (t.x, t.y), (255, 90, 70)))
                says.append(f"{self.names.get(t.id, t.id)}: {words.shot_odds(st, wid, t.id).split(', D3')[0]}")
            return {"lines": lines, "ok": True, "label": "\n".join(says), "label_at": spot}
        return None

    def _cached(self, c: Choice, make: Callable[[], dict[str, Any]], tag: str = "") -> dict[str, Any]:
        key = (self.session.state.stack[-1], (c, tag))
        if self._ghost_key is None or self._ghost_key[0] is not key[0] or self._ghost_key[1] != key[1]:
            self._ghost_key = key
            self._ghost = make()
        assert self._ghost is not None
        return self._ghost

    def _ghost_of(self, c: Choice, hows: tuple[str, ...], label: str, wheel: str | None = None,
                  moving: bool = False) -> dict[str, Any]:
        st = self.session.state
        why = RULESET.is_legal(st, c)
        pv = preview(st, c, wheel, hows) if why is None else Preview(wheel or "")
        return {"choice": c, "preview": pv, "wheel": pv.wheel, "ok": why is None,
                "label": (label + self._outcome_text(pv, moving)) if why is None else why}

    def _move_ghost(self, c: Choice) -> dict[str, Any]:
        """The plan in words and, where the engine's preview on a clone differs (a
        stop before the Schwenk, a Schwenk cut short by an edge, a ram), what will
        really happen: the label says what the drawing shows."""
        w, roll, mode = self._plan()
        dist = float(c.get("distance", roll))
        at, angle = float(c["at"]), float(c["angle"])
        text = words.move_text(at, angle, dist, schwenk_cost(w, angle, mode))
        head = f"{dist:g}\" (of {roll:g}\")" if dist != roll else f"{roll:g}\""
        g = self._ghost_of(c, ("move",), f"{head} {text}" if angle == 0 else f"{head}: {text}", moving=True)
        pv = g["preview"]
        g["handle"] = self.handle_point()
        g["handle_reached"] = True
        if g["ok"]:
            part = ""
            if pv.stopped_by and pv.end is not None:
                part, g["stop_at"] = stop_contact(self.session.state, pv.wheel, pv.end, pv.stopped_by)
            real = words.move_outcome(at, angle, dist, pv.legs, pv.rams, pv.stopped_by, part, self.names)
            if real:
                first, _, rest = g["label"].partition("\n")
                g["label"] = f"{head} planned: {text}\n{real}" + ("\n" + rest if rest else "")
            if abs(angle) > 1e-9 and not any(leg.kind == "turn" for leg in pv.legs) and (pv.rams or pv.stopped_by):
                reached = sum(math.hypot(leg.x1 - leg.x0, leg.y1 - leg.y0) for leg in pv.legs)
                if reached < at - 0.05:  # the wheel stops before the Schwenk point: the diamond where it stops
                    ux, uy = math.cos(math.radians(w.heading)), math.sin(math.radians(w.heading))
                    g["handle"] = (w.x + ux * (reached + w.length / 2), w.y + uy * (reached + w.length / 2))
                    g["handle_reached"] = False
            if self.aim_note:  # the pointer asks for what no move can do: say so
                up_to = self.session.state.options.move_distance == "up_to"
                g["label"] += "\n" + self.aim_note + (" (, shortens the move)" if up_to else "")
        return g

    def _outcome_text(self, pv: Preview, moving: bool = False) -> str:
        lines = []
        over = words.run_over_text([k for _, k in pv.run_over])
        if over:
            lines.append(over)
        if moving and (pv.rams or pv.stopped_by):  # said by the move's own line (_move_ghost)
            if pv.rams:
                lines.append("D6 for the ram: 1-2 you are affected, 3-6 they are")
        elif pv.rams:
            lines.append(f"rams {self.names.get(pv.rams, pv.rams)} (D6: 1-2 you, 3-6 them)")
        elif pv.stopped_by:
            lines.append("stops at " + ("the track edge" if pv.stopped_by.startswith("edge")
                                        else self.names.get(pv.stopped_by, pv.stopped_by)))
        if pv.wins:
            lines.append("crosses the line and WINS")
        elif pv.laps:
            lines.append("completes a lap")
        elif pv.checkpoints:
            lines.append("passes checkpoint " + ", ".join(str(i + 1) for i in pv.checkpoints))
        return "".join("\n" + t for t in lines)

    def go(self) -> None:
        gh = self.ghost()
        if gh is None or "choice" not in gh:
            p = self._human()
            if p is not None and p.kind == "sabotage" and self.target is None:
                self.message = "pick the wheel to sabotage first (its button, or click it)"
            return
        if gh["ok"]:
            self._submit(gh["choice"])
        else:
            self.message = gh["label"]

    def _by_hand(self) -> None:
        """Keys or the Schwenk handle set the move: the pointer aims again only once
        it moves well away (a nudge of the mouse keeps what was set)."""
        self.by_mouse = False
        self._anchor = self.mouse

    def handle_point(self) -> tuple[float, float] | None:
        """Where the Schwenk starts: the middle of the base's front edge after `at`
        inches (the handle to drag it by)."""
        p = self._human()
        if p is None or p.kind != "plan" or self.handover is not None:
            return None
        w, _, _ = self._plan()
        ux, uy = math.cos(math.radians(w.heading)), math.sin(math.radians(w.heading))
        front = self.at + w.length / 2
        return w.x + ux * front, w.y + uy * front

    def _drag_handle_to(self, pos: tuple[int, int]) -> None:
        """Slide the Schwenk point along the first straight to the pointer."""
        w, roll, mode = self._plan()
        dist = roll if self.distance is None else self.distance
        tx, ty = self.view.camera.to_table(*pos)
        ux, uy = math.cos(math.radians(w.heading)), math.sin(math.radians(w.heading))
        along = (tx - w.x) * ux + (ty - w.y) * uy - w.length / 2
        room = dist - schwenk_cost(w, self.angle, mode)
        self.at = round(max(0.0, min(room, along)), 1)
        self._by_hand()

    def _lengthen(self, d: float) -> None:
        _, roll, _ = self._plan()
        cur = roll if self.distance is None else self.distance
        self.distance = max(0.0, min(roll, cur + d))
        self._by_hand()

    def _nudge(self, d_at: float = 0.0, d_angle: float = 0.0) -> None:
        w, roll, mode = self._plan()
        dist = roll if self.distance is None else self.distance
        self._by_hand()
        self.angle = max(-180.0, min(180.0, self.angle + d_angle))
        lim = max_angle(w, dist - self.at, mode)
        if abs(self.angle) > lim:  # no room: move the Schwenk earlier
            self.at = max(0.0, dist - schwenk_cost(w, self.angle, mode))
            lim = max_angle(w, dist - self.at, mode)
            self.angle = math.copysign(min(abs(self.angle), lim), self.angle)
        room = dist - schwenk_cost(w, self.angle, mode)
        self.at = round(max(0.0, min(room, self.at + d_at)), 3)

