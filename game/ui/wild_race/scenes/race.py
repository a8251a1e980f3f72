"""The race: the table, the panels, the decision of whoever's turn it is (gated by
the rules' pending step: only that player can act), the movement ghost with its
tape measure, hot-seat hand-over, spectating speed, and on to the results."""

from __future__ import annotations

import math
import re
from typing import Any, Callable

import pygame
import pygame_gui

from game.core.protocol import Choice
from game.rules.wild_race import RULESET
from game.rules.wild_race.geo import MOVE_KINDS, angle_diff, norm_heading, unit
from game.rules.wild_race.movement import allowance, stamina_points
from game.table import geometry as g
from game.rules.wild_race.kinds import Kind
from game.ui.wild_race import words
from game.ui.wild_race.animate import Animator
from game.ui import panels, saving
from game.ui.app import App
from game.ui.panels import Banner, DiceTray, Log, Roster
from game.ui.scenes.table_scene import SPEEDS, TableScene
from game.ui.session import Session
from game.ui.table_view import TableView

SIDEBAR = 360
SNAP_DEG = 20.0  # an aim this close to a racer's facing goes straight ahead when it cannot pivot
# an AI reason "moves 10.0\": +200.0\" expected, straight for the finish": the number
# is the normal AI's finishing score (game/ai/wild_race/normal.py), not inches
FINISH_SCORE = re.compile(r':? [+-]?\d+(?:\.\d+)?" expected(, (?:straight|a dash) for the finish)')


class RaceScene(TableScene):
    def __init__(self, app: App, session: Session, colours: dict[str, int],
                 on_over: Callable[[Session], None]) -> None:
        super().__init__(app)
        self.session = session
        self.colours = colours
        self.on_over = on_over
        st = session.state
        self.view = TableView(st, colours, app.settings.colour_blind)
        self.view.grid = app.settings.grid
        self.anim = Animator.of(st)
        self.banner = Banner()
        self.roster = Roster(colours, app.settings.colour_blind)
        self.dice = DiceTray()
        self.log = Log()
        from game.ui.sound import Sounds
        self.sound = Sounds(0.0 if app.instant else app.settings.volume)
        self.buttons: dict[Any, Choice] = {}
        self.selected: str | None = None
        self.sel_obstacle: str | None = None  # obstacle picked up in the Scenery Phase
        self.mouse = (0, 0)
        self.obstacle_ghost_rect: pygame.Rect | None = None  # where the Scenery Phase ghost was drawn
        self.end_turn = 0.0  # extra end facing (Q/E), degrees
        self.plan: list[tuple[float, float]] = []  # segments locked with S: (heading, inches)
        self.straight = False  # Z: the straight line goes along the racer's facing
        self.message = ""
        self.note = ""  # the decision panel's explanation (why no whip, what "back" means)
        self.page = 0  # the decision buttons' page, when they do not all fit
        self._table_state()
        self.press_on_racer: tuple[int, int] | None = None  # a drag that began on a racer
        self.names = {r.id: r.name for r in st.racers.values()} | {p: st.player_names.get(p, p) for p in st.players} \
            | {oid: words.obstacle_name(oid) for oid in st.obstacles}
        self._catch_up()

    # --- layout --------------------------------------------------------------------
    def enter(self) -> None:
        w, h = self.app.size
        k = self.app.settings.ui_scale
        self.view.camera.set_view(0, 0, w - round(SIDEBAR * k), h - self._log_h())
        if not self.fitted:  # open on the start: the first 40" of the course fill the view
            course = self.session.state.course
            cam = self.view.camera
            self.view.fit()
            cam.ppi = cam._q(max(cam.ppi, min(cam.vw / 44.0, cam.vh / (course.width_at(course.start_progress) + 8))))
            cam.cx, cam.cy = course.point_at(course.start_progress + 18.0)
            self._open_on_play()  # a loaded game opens on the racers whose decision it is
            self.fitted = True
        self._decision_key = None
        self._drop_buttons()

    def exit(self) -> None:
        self._drop_buttons()
        self._decision_key = None
        super().exit()

    def _drop_buttons(self) -> None:
        """Kill the decision buttons (they are not in self.widgets): coming back from
        the pause menu re-enters the scene, which left the old set on screen."""
        for b in self.buttons:
            b.kill()
        self.buttons.clear()

    def rects(self) -> dict[str, pygame.Rect]:
        k = self.app.settings.ui_scale
        w, h = self.app.size
        side, log_h = round(SIDEBAR * k), self._log_h()
        x = w - side + 6
        sw = side - 12
        n = len(self.session.state.racers)
        row = round(38 * k)
        roster_h = 42 + min(n, 12) * row
        banner_h = round(66 * k)
        dice_h = round(184 * k)
        return {
            "banner": pygame.Rect(x, 6, sw, banner_h),
            "roster": pygame.Rect(x, 12 + banner_h, sw, roster_h),
            "decision": pygame.Rect(x, 18 + banner_h + roster_h, sw, h - 30 - banner_h - roster_h - dice_h),
            "dice": pygame.Rect(x, h - dice_h - 6, sw, dice_h),
            "log": pygame.Rect(6, h - log_h + 4, w - side - 12, log_h - 10),
        }

    # --- the game moving on (TableScene) ----------------------------------------------
    def _after_think(self) -> None:
        self._auto_keep_favour()

    def _poses(self) -> dict[str, tuple[float, float, float]]:
        return self.anim.racers

    def _leader(self) -> str | None:
        racing = [r for r in self.session.state.racers.values() if r.racing and r.id in self.anim.racers]
        return max(racing, key=lambda r: r.progress).id if racing else None

    def _ahead(self, piece: str) -> tuple[float, float] | None:
        """The course 12" on from the racer: where its move will go."""
        st = self.session.state
        r = st.racers.get(piece)
        if r is None:
            return None
        return st.course.point_at(min(st.course.finish_progress, r.progress + 12.0))

    def _auto_keep_favour(self) -> None:
        p = self.session.human_turn()
        if p is not None and p.kind == "favour_offer" and p.seat.name in self.app.settings.auto_keep_favour:
            self.session.submit(Choice.make("keep"))
            self._catch_up()

    def _refresh_decision(self) -> None:
        p = self._human()
        if not self._decision_changed(p):
            return
        self.selected = None
        self.sel_obstacle = None
        self.plan = []
        self.page = 0
        self._lay_out(p)

    def _lay_out(self, p: Any) -> None:
        """The decision panel's buttons for `p` (this page of them), under its note."""
        for b in self.buttons:
            b.kill()
        self.buttons.clear()
        self.note = ""
        if p is None:
            return
        r = self.rects()["decision"]
        if self.handover is not None:
            b = pygame_gui.elements.UIButton(pygame.Rect(r.x + 10, r.y + 40, r.w - 20, 44),
                                             f"Pass to {p.seat.name}: ready", self.app.manager)
            self.buttons[b] = Choice.make("@handover")
            return
        st = self.session.state
        legal = p.legal
        if p.kind == "movement_turn":
            racers: list[str] = []
            for c in legal:
                if c["racer"] not in racers:
                    racers.append(c["racer"])
            legal = [Choice.make("@select", racer=rid) for rid in racers] + \
                [c for c in legal if c.get("distance", 1.0) == 0.0]
        elif p.kind == "scenery_turn":
            self.note = words.SCENERY_NOTE
        elif p.kind == "spur_whip_turn":
            self.note = words.whip_note(st, legal)
        elif p.kind == "barge_turn":
            self.note = words.barge_note(st, p.actor, legal, bool(st.stack[-1].get("stamina_used")))
        k = self.app.settings.ui_scale
        bh = round(30 * k)
        top = r.y + round(34 * k)
        if self.note:
            font = self.banner.small
            top += len(panels.wrap(font, self.note, r.w - 20)) * font.get_linesize() + 4
        room = max(1, (r.bottom - 6 - top) // (bh + 3))
        pages = [legal]
        if len(legal) > room:  # more than fit: pages, with a button to turn them
            per = max(1, room - 1)
            pages = [legal[i:i + per] for i in range(0, len(legal), per)]
        self.page = min(self.page, len(pages) - 1)
        y = top
        for c in pages[self.page]:
            label = f"Move {words.name(st, c['racer'])}" if c.kind == "@select" else words.describe(st, c, p.kind)
            self._button(pygame.Rect(r.x + 6, y, r.w - 12, bh), label[:48], c)
            y += bh + 3
        if len(pages) > 1:
            nxt = (self.page + 1) % len(pages)
            self._button(pygame.Rect(r.x + 6, y, r.w - 12, bh),
                         f"More choices (page {self.page + 1} of {len(pages)}) >", Choice.make("@page", page=nxt))

    def _button(self, rect: pygame.Rect, label: str, c: Choice) -> None:
        b = pygame_gui.elements.UIButton(rect, label, self.app.manager, object_id="#choice")
        self.buttons[b] = c
        if self.show_help:
            b.hide()

    def hovered_choice(self) -> Choice | None:
        """The decision button under the pointer, if any."""
        for b, c in self.buttons.items():
            if b.visible and b.rect.collidepoint(self.mouse):
                return c
        return None

    def on_ui(self, event: pygame.event.Event) -> None:
        if saving.on_ui(self, event):
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons:
            return
        c = self.buttons[event.ui_element]
        if c.kind == "@handover":
            self.handover = None
            self._decision_key = None
            p = self.session.human_turn()
            self.last_human = p.actor if p else None
            return
        if c.kind == "@page":
            self.page = c["page"]
            self._lay_out(self._human())
            return
        if c.kind == "@select":
            self.selected = c["racer"]
            self.end_turn = 0.0
            self.plan = []
            self.straight = False
            return
        self._submit(c)

    def _submit(self, c: Choice) -> None:
        p = self.session.human_turn()
        why = self.session.submit(c)
        if why is not None:
            self.message = why
            return
        self.message = ""
        self.last_human = p.actor if p else self.last_human
        self.selected = None
        self._catch_up()

    # --- the movement ghost -------------------------------------------------------------
    def ghost(self) -> dict[str, Any] | None:
        """The move being aimed: the straight line (and any stamina segments locked
        with S) to the mouse, what it would touch, the allowance and stamina used."""
        p = self._human()
        if p is None or p.kind != "movement_turn" or self.selected is None:
            return None
        st = self.session.state
        r = st.racers[self.selected]
        a = allowance(r)
        plan = list(self.plan)
        sx, sy = r.x, r.y
        for h, d in plan:
            ux, uy = unit(h)
            sx, sy = sx + ux * d, sy + uy * d
        tx, ty = self.view.camera.to_table(*self.mouse)
        dx, dy = tx - sx, ty - sy
        want = math.hypot(dx, dy)
        last_h = plan[-1][0] if plan else r.heading
        heading = norm_heading(math.degrees(math.atan2(dy, dx))) if want > 0.05 else last_h
        snapped = ""  # why the line was set to the racer's own facing, if it was
        if not plan:
            if self.straight:  # Z: straight ahead, the mouse sets only how far
                fx, fy = unit(r.heading)
                heading, want, snapped = r.heading, max(0.0, dx * fx + dy * fy), "straight ahead (Z)"
            else:
                heading, want, snapped = self._snap_straight(r, heading, want, dx, dy)
        if plan:  # a stamina segment: only stamina inches are left
            main, legs = plan[0][1], sum(d for _, d in plan[1:])
            d = max(0.0, min(want, r.stamina - legs - max(0.0, main - a)))
        else:
            d = min(want, a + r.stamina)
        segs = plan + [(heading, d)]
        main_h, main_d = segs[0]
        leg_list = segs[1:]
        stamina = stamina_points(max(0.0, main_d - a) + sum(x for _, x in leg_list))
        ux, uy = unit(heading)
        shape = g.make_rect(sx, sy, heading, r.length, r.width)
        hit = st.table.first_contact(shape, ux * d, uy * d, MOVE_KINDS, {r.id}) if d > 0 else None
        total = sum(x for _, x in segs)
        label = f"{total:.1f}\" of {a:g}\"" + (f" + {stamina} stamina" if stamina else "")
        if plan:
            label += f" ({len(plan)} turn{'s' if len(plan) > 1 else ''})"
        stop = None
        if hit is not None:
            what = words.name(st, hit.other)
            if hit.kind == Kind.SMALL:
                label += f" | jump {what}? 67% clear"
            elif hit.kind == Kind.RACER and st.racers[hit.other].player != r.player:
                label += f" | must overtake {what}: 50% clean, 33% trouble"
            elif hit.kind == Kind.FINISH:
                label += " | crosses the finish!"
            else:
                label += f" | stops at {what}"
            stop = (sx + ux * hit.dist, sy + uy * hit.dist)
        legs_arg = [{"heading": round(h, 4), "distance": round(x, 4)} for h, x in leg_list] or None
        choice = Choice.make("move", racer=r.id, heading=round(main_h, 4), distance=round(main_d, 4),
                             stamina=stamina, legs=legs_arg,
                             end_heading=round(norm_heading(heading + self.end_turn), 4))
        why = RULESET.is_legal(st, choice)
        points = [(r.x, r.y)]
        for h, x in segs:
            vx, vy = unit(h)
            points.append((points[-1][0] + vx * x, points[-1][1] + vy * x))
        if why is None and snapped:
            label = f"{snapped} | {label}"
        elif why is not None and not plan and abs(angle_diff(main_h, r.heading)) > 1e-9:
            blocker = self._pivot_blocker(r, main_h)
            if blocker is not None and why.startswith("the pivot at the start would touch"):
                why = f"the pivot at the start would touch {blocker}"
        return {"racer": r, "x": points[-1][0], "y": points[-1][1], "end_heading": heading + self.end_turn,
                "label": label if why is None else why, "ok": why is None, "stop": stop, "choice": choice,
                "points": points, "segment": (heading, d)}

    def _pivot_blocker(self, r: Any, heading: float) -> str | None:
        """The name of what a pivot at the start to `heading` would touch, or None if
        the pivot is legal (read-only use of the rules' geometry)."""
        geo = self.session.state.table
        if geo.pivot_pose(r, heading) is not None:
            return None
        other = geo.rotation_blocked(r, heading)
        return words.name(self.session.state, other) if other else "something"

    def _snap_straight(self, r: Any, heading: float, want: float, dx: float,
                       dy: float) -> tuple[float, float, str]:
        """A racer that cannot pivot (flush against a rival after Surprise!, say) can
        still go straight ahead; the mouse never lands on exactly its facing, so an
        aim near it (within SNAP_DEG), or any aim when only its own facing is open,
        is taken as straight ahead: (heading, inches wanted, why)."""
        if abs(angle_diff(heading, r.heading)) < 1e-9:
            return heading, want, ""
        blocker = self._pivot_blocker(r, heading)
        if blocker is None:
            return heading, want, ""
        near = abs(angle_diff(heading, r.heading)) <= SNAP_DEG
        if not near and not self._only_straight(r):
            return heading, want, ""
        fx, fy = unit(r.heading)
        along = dx * fx + dy * fy
        if along <= 0.05:
            return heading, want, ""
        return r.heading, along, f"straight ahead: a turn would touch {blocker}"

    def _only_straight(self, r: Any) -> bool:
        """Is the racer's own facing the only start facing it can take toward the front?
        (A base flush beside a rival can often still turn right round: the final
        facing covers the same ground.)"""
        geo = self.session.state.table
        return all(geo.pivot_pose(r, norm_heading(r.heading + d)) is None for d in (-90.0, -45.0, -5.0, 5.0, 45.0, 90.0))

    def lock_segment(self) -> None:
        """S: end the straight line here and turn: the rest is stamina segments."""
        gh = self.ghost()
        if gh is None or gh["segment"][1] <= 0.05:
            return
        if self.session.state.options.stamina_turns == "straight_only":
            self.message = "stamina_turns is straight_only: no turns with stamina"
            return
        self.plan.append(gh["segment"])

    def obstacle_ghost(self) -> dict[str, Any] | None:
        """The obstacle picked up in the Scenery Phase: where the mouse would send it
        (at most 3\", never toward the finish) and whether that is legal."""
        p = self._human()
        if p is None or p.kind != "scenery_turn" or self.sel_obstacle is None:
            return None
        st = self.session.state
        o = st.obstacles[self.sel_obstacle]
        tx, ty = self.view.camera.to_table(*self.mouse)
        dx, dy = tx - o.x, ty - o.y
        d = math.hypot(dx, dy)
        if d > 3.0 - 1e-4:  # at most 3" (a hair less, so the 4-place rounding below never passes 3")
            k = (3.0 - 1e-4) / d
            dx, dy, d = dx * k, dy * k, 3.0 - 1e-4
        choice = Choice.make("move_obstacle", obstacle=o.id, dx=round(dx, 4), dy=round(dy, 4))
        why = RULESET.is_legal(st, choice) if d > 1e-3 else "move the mouse away from the obstacle"
        return {"obstacle": o, "dx": dx, "dy": dy, "ok": why is None, "choice": choice,
                "label": f"{d:.1f}\" of 3\"" if why is None else why}

    def _obstacle_at(self, sx: float, sy: float) -> str | None:
        tx, ty = self.view.camera.to_table(sx, sy)
        st = self.session.state
        best, best_d = None, 1e9
        for o in st.obstacles.values():
            if o.removed or o.moved or o.recycled:
                continue
            reach = max(o.radius, o.length / 2, o.width / 2,
                        max((math.hypot(px, py) for px, py in o.points), default=0.0), 0.8)
            d = math.hypot(tx - o.x, ty - o.y)
            if d <= reach and d < best_d:
                best, best_d = o.id, d
        return best

    def _draw_obstacle_ghost(self, surface: pygame.Surface, og: dict[str, Any]) -> None:
        """A Scenery Phase move: the 3" circle it may move within, the obstacle's
        outline (and a faint copy of it) where it would land, and the distance or
        why not, placed clear of the pieces."""
        from game.rules.wild_race.geo import obstacle_shape
        from game.ui import art
        from game.ui.labels import around
        cam = self.view.camera
        o = og["obstacle"]
        cx, cy = cam.to_screen(o.x, o.y)
        col = (255, 240, 170) if og["ok"] else (255, 120, 100)
        pygame.draw.circle(surface, (255, 240, 170), (round(cx), round(cy)), round(3.0 * cam.ppi), 1)
        nx, ny = o.x + og["dx"], o.y + og["dy"]
        ex, ey = cam.to_screen(nx, ny)
        pygame.draw.line(surface, col, (cx, cy), (ex, ey), 2)
        faint = art.obstacle_surface(o.shape, o.size, o.look, cam.ppi, o.length, o.width, o.radius, tuple(o.points))
        if o.rotation:  # as the table view turns it
            faint = pygame.transform.rotate(faint, o.rotation)
        faint = faint.copy()
        faint.set_alpha(110)
        surface.blit(faint, faint.get_rect(center=(round(ex), round(ey))))
        sh = obstacle_shape(o, nx, ny)
        if sh.kind == g.CIRCLE:
            r = max(2, round(sh.radius * cam.ppi))
            pygame.draw.circle(surface, col, (round(ex), round(ey)), r, 2)
            outline = pygame.Rect(round(ex) - r, round(ey) - r, 2 * r + 1, 2 * r + 1)
        else:
            pts = [cam.to_screen(x, y) for x, y in zip(sh.xs, sh.ys)]
            pygame.draw.polygon(surface, col, pts, 2)
            xs, ys = [q[0] for q in pts], [q[1] for q in pts]
            outline = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 1,
                                  math.ceil(max(ys) - min(ys)) + 1)
        self.view.labels.block(outline.inflate(4, 4))
        self.view.tag(surface, og["label"], around(outline, self.view.tag_size(og["label"])))
        self.obstacle_ghost_rect = outline

    def _draw_hovered_obstacle(self, surface: pygame.Surface, c: Choice) -> None:
        """A Scenery Phase button under the pointer: ring its obstacle and show
        where the move would send it."""
        st = self.session.state
        o = st.obstacles.get(c["obstacle"])
        if o is None:
            return
        cam = self.view.camera
        cx, cy = cam.to_screen(o.x, o.y)
        reach = max(o.radius, o.length / 2, o.width / 2,
                    max((math.hypot(px, py) for px, py in o.points), default=0.0), 0.8)
        pygame.draw.circle(surface, (255, 226, 120), (round(cx), round(cy)), round(reach * cam.ppi) + 6, 3)
        ok = RULESET.is_legal(st, c) is None
        self._draw_obstacle_ghost(surface, {"obstacle": o, "dx": c["dx"], "dy": c["dy"], "ok": ok,
                                            "label": words.describe(st, c, "scenery_turn").removeprefix("Move ")})

    def _log_text(self, e: Any) -> str:
        """The log line; an AI's move reason drops its "expected" score when the line
        reaches the finish: that score is the AI's finishing bonus, not inches."""
        text = super()._log_text(e)
        return FINISH_SCORE.sub(r"\1", text)

    # --- input ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self._hurry_over(event) or self.hints.handle(event) or self._log_input(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.dragging:
                self._pan(*event.rel)
            return False
        if event.type == pygame.MOUSEWHEEL:
            return self._wheel(event)
        in_table = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self._in_table(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and in_table:
            if event.button == 1:
                slot = self._slot_at(event.pos)
                if slot is not None:
                    self._submit(slot)  # placement: a click on a numbered slot takes it
                    return True
                og = self.obstacle_ghost()
                if og is not None:
                    if og["ok"]:
                        self._submit(og["choice"])
                    else:
                        self.message = og["label"]
                    return True
                p0 = self._human()
                if p0 is not None and p0.kind == "scenery_turn":
                    hit_o = self._obstacle_at(*event.pos)
                    if hit_o is not None:
                        self.sel_obstacle = hit_o
                        return True
                gh = self.ghost()
                if gh is not None:
                    if gh["ok"]:
                        self._submit(gh["choice"])
                    else:
                        self.message = gh["label"]
                    return True
                p = self._human()
                hit = self.view.racer_at(*event.pos, self.anim)
                if p is not None and p.kind == "movement_turn" and hit is not None and \
                        any(c.get("racer") == hit for c in p.legal):
                    self.selected = hit
                    self.end_turn = 0.0
                    self.plan = []
                    self.straight = False
                    self.press_on_racer = event.pos
                    return True
                self.dragging = True
                return True
            if event.button == 3:
                if self.selected:
                    self.selected = None
                else:
                    self.dragging = True
                return True
        if event.type == pygame.MOUSEBUTTONUP and self.press_on_racer is not None and event.button == 1:
            start, self.press_on_racer = self.press_on_racer, None
            if math.hypot(event.pos[0] - start[0], event.pos[1] - start[1]) > 12:  # dragged out: let go = go
                self.mouse = event.pos
                gh = self.ghost()
                if gh is not None and gh["ok"]:
                    self._submit(gh["choice"])
                elif gh is not None:
                    self.message = gh["label"]
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if self._first_keys(event):
            return True
        if k == pygame.K_ESCAPE:
            if self.selected or self.sel_obstacle:
                self.selected = None
                self.sel_obstacle = None
                self.plan = []
            else:
                self._pause()
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            gh = self.ghost()
            if gh is not None and gh["ok"]:
                self._submit(gh["choice"])
            return True
        if self.selected is not None and k == pygame.K_s:
            self.lock_segment()
            return True
        if self.selected is not None and k == pygame.K_z:
            self.straight = not self.straight and not self.plan
            return True
        if self.selected is not None and k == pygame.K_BACKSPACE:
            if self.plan:
                self.plan.pop()
            return True
        if k == pygame.K_q:
            self.end_turn += 15.0
        elif k == pygame.K_e:
            self.end_turn -= 15.0
        else:
            return self._view_key(k)
        return True

    # --- drawing ---------------------------------------------------------------------------
    def _slot_at(self, pos: tuple[int, int]) -> Choice | None:
        """The placement choice whose free slot is under the pointer, if any."""
        p = self._human()
        if p is None or p.kind != "place_turn" or self.handover is not None or not p.legal:
            return None
        from game.rules.wild_race.flow import slots
        st = self.session.state
        r = st.racers[p.legal[0]["racer"]]
        x, y = self.view.camera.to_table(*pos)
        for c in p.legal:
            sx, sy, h = slots(st)[c["slot"]]
            if g.point_in_polygon(x, y, g.make_rect(sx, sy, h, r.length, r.width).points()):
                return c
        return None

    def _draw_slots(self, surface: pygame.Surface, p: Any) -> None:
        """Placement: each free start slot outlined on the table with the number its
        button gives it."""
        from game.rules.wild_race.flow import slots
        from game.ui import art
        cam = self.view.camera
        st = self.session.state
        r = st.racers[p.legal[0]["racer"]] if p.legal else None
        if r is None:
            return
        all_slots = slots(st)
        for c in p.legal:
            x, y, h = all_slots[c["slot"]]
            corners = [cam.to_screen(*pt) for pt in g.make_rect(x, y, h, r.length, r.width).points()]
            pygame.draw.polygon(surface, (250, 240, 200), corners, 2)
            sx, sy = cam.to_screen(x, y)
            img = art.font(max(12, round(0.5 * cam.ppi)), bold=True).render(str(c["slot"] + 1), True, (250, 240, 200))
            surface.blit(img, img.get_rect(center=(round(sx), round(sy))))

    def _overlay(self, surface: pygame.Surface, labels: Any) -> None:
        """Over the table, before the racers' names are placed: the Scenery Phase's
        obstacle ghost (picked up, or the button under the pointer)."""
        og = self.obstacle_ghost()
        if og is not None:
            self._draw_obstacle_ghost(surface, og)
            return
        p = self._human()
        hov = self.hovered_choice() if p is not None and p.kind == "scenery_turn" else None
        if hov is not None and hov.kind == "move_obstacle" and self.sel_obstacle is None:
            self._draw_hovered_obstacle(surface, hov)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((24, 20, 16))
        gh = self.ghost()
        self.view.draw(surface, self.anim, self.selected, gh, overlay=self._overlay)
        rects = self.rects()
        st = self.session.state
        p = self._human()
        if p is not None and p.kind == "place_turn" and self.handover is None:
            self._draw_slots(surface, p)
        if self.session.over:
            title, line = "The race is over", "results follow"
        elif p is not None:
            title = f"Turn {st.turn} - {st.phase.replace('_', ' ')}"
            line = self.message or (f"{p.seat.name}, it's your turn" if self.handover else
                                    words.prompt(st, p.kind, p.seat.name))
            if p.kind == "favour_offer" and not self.message and not self.handover:
                line = f"{words.name(st, st.stack[-1]['roll']['who'])} rolled " + \
                    words.favour_hint(st, st.stack[-1])
            elif p.kind == "group_favour" and not self.message and not self.handover:
                line = words.group_favour_hint(st, st.stack[-1])
        else:
            title = f"Turn {st.turn} - {st.phase.replace('_', ' ')}"
            line = self._waiting_line()
        self.banner.draw(surface, rects["banner"], title, line + (f"   x{SPEEDS[self.speed_i]:g}" if
                                                                   self.speed_i else ""))
        self.roster.draw(surface, rects["roster"], st, p.actor if p else None)
        dec = rects["decision"]
        if dec.h > 40:
            pygame.draw.rect(surface, (35, 28, 22), dec, border_radius=6)
            pygame.draw.rect(surface, (120, 94, 60), dec, 2, border_radius=6)
            if p is not None:
                t = self.banner.small.render("your decision" if not self.handover else "hand over the screen",
                                             True, (232, 194, 122))
                surface.blit(t, (dec.x + 10, dec.y + 8))
                if self.note and not self.handover:
                    font = self.banner.small
                    y = dec.y + round(34 * self.app.settings.ui_scale)
                    for row in panels.wrap(font, self.note, dec.w - 20):
                        surface.blit(font.render(row, True, (205, 195, 175)), (dec.x + 10, y))
                        y += font.get_linesize()
        pending = None
        if p is not None and p.kind == "favour_offer" and not self.handover:
            top = st.stack[-1]
            pending = (top["roll"]["who"], top["roll"]["reason"], top["value"])
        elif p is not None and p.kind == "group_favour" and not self.handover:
            top = st.stack[-1]
            pending = (top["asking"], top["what"], dict(top["values"])[top["asking"]])
        self.dice.draw(surface, rects["dice"], self.names, pending)
        self.log.draw(surface, rects["log"])
        saving.sync_undo_button(self)
        saving.draw_overlay(self, surface)
        self.hints.draw(surface)
        if self.show_help:
            from game.ui.wild_race.help import draw_help
            draw_help(surface)
