"""The Doomwheel Race in the window: the table, the panels, and the decision of
whoever's turn it is, gated by the rules' pending step as in the Wild Race scene:
drive or repair; the move (aimed with the mouse or set with keys, its swept path
and what it runs over shown by the engine before it is made); slip or not;
sabotage (target, points, direction); the bolt thrower's target or hold. Hot-seat
hand-over, spectating with follow, pause, speed and skip (K), then the results."""

from __future__ import annotations

import math
import re
from typing import Any, Callable

import pygame
import pygame_gui

from game.core.protocol import Choice
from game.ui.doomwheel import words
from game.ui import saving
from game.ui.app import App
from game.ui.doomwheel.animate import DoomAnimator
from game.ui.doomwheel.panels import DoomDiceTray, DoomRoster, draw_help
from game.ui.doomwheel.view import DoomTableView
from game.ui.panels import Banner, Log
from game.ui.doomwheel.scenes.decide import Deciding
from game.ui.scenes.table_scene import SPEEDS, TableScene
from game.ui.session import Session

SIDEBAR = 380


class DoomRaceScene(TableScene, Deciding):
    def __init__(self, app: App, session: Session, colours: dict[str, int],
                 on_over: Callable[[Session], None]) -> None:
        super().__init__(app)
        self.session = session
        self.colours = colours
        self.on_over = on_over
        st = session.state
        self.names = {p: s.name for p, s in session.seats.items()}
        self.dice_names = {**{c: words.critter_name(c) for c in st.critters}, **self.names}
        self.view = DoomTableView(st, colours, app.settings.colour_blind, self.names)
        self.view.grid = app.settings.grid
        self.anim = DoomAnimator.of(st)
        self.banner = Banner()
        self.roster = DoomRoster(colours, app.settings.colour_blind, self.names)
        self.narrator = words.Narrator(self.names, st)
        self.dice = DoomDiceTray(self.narrator)
        self.log = Log()
        from game.ui.sound import Sounds
        self.sound = Sounds(0.0 if app.instant else app.settings.volume)
        self.buttons: dict[Any, Choice] = {}
        self._rows = 0  # decision button rows laid out
        self.mouse = (0, 0)
        self.message = ""
        self._table_state()
        self.press_on_wheel: tuple[int, int] | None = None
        # the move being set: Schwenk point and angle, distance (up_to), by mouse or keys
        self.at = 0.0
        self.angle = 0.0
        self.distance: float | None = None
        self.by_mouse = True
        self._aimed_from: tuple[int, int] | None = None
        self.aim_note = ""  # what the pointer asks that no move can do (the ghost says it)
        self._anchor: tuple[int, int] | None = None  # where the pointer was when keys last set the move
        self.drag_handle = False  # dragging the Schwenk point along the move
        # sabotage being set
        self.target: str | None = None
        self.points = 1
        self.laid: list[float] = []  # per_point sabotage: the directions given so far
        self.heading = 0.0
        self._ghost_key: Any = None
        self._ghost: dict[str, Any] | None = None
        self._catch_up()

    # --- layout --------------------------------------------------------------------
    def enter(self) -> None:
        w, h = self.app.size
        k = self.app.settings.ui_scale
        self.view.camera.set_view(0, 0, w - round(SIDEBAR * k), h - self._log_h())
        if not self.fitted:
            self.view.fit()
            self.fitted = True
        self._decision_key = None
        self._clear_buttons()

    def exit(self) -> None:
        self._clear_buttons()
        self._decision_key = None
        super().exit()

    def rects(self) -> dict[str, pygame.Rect]:
        k = self.app.settings.ui_scale
        w, h = self.app.size
        side, log_h = round(SIDEBAR * k), self._log_h()
        x, sw = w - side + 6, side - 12
        banner_h = round(58 * k)
        n = len(self.session.state.wheels)
        self.roster.compact = False
        roster_h = self.roster.height(n)
        dice_h = round(150 * k)
        need = round((34 + 6 * 33 + 10) * k)  # the decision panel: six rows of buttons
        short = need - (h - 30 - banner_h - roster_h - dice_h)
        if short > 0:  # a small window: fewer dice, then a roster of two lines a wheel
            dice_h = max(round(66 * k), dice_h - short)
            short = need - (h - 30 - banner_h - roster_h - dice_h)
            if short > 0:
                self.roster.compact = True
                roster_h = self.roster.height(n)
        return {
            "banner": pygame.Rect(x, 6, sw, banner_h),
            "roster": pygame.Rect(x, 12 + banner_h, sw, roster_h),
            "decision": pygame.Rect(x, 18 + banner_h + roster_h, sw, h - 30 - banner_h - roster_h - dice_h),
            "dice": pygame.Rect(x, h - dice_h - 6, sw, dice_h),
            "log": pygame.Rect(6, h - log_h + 4, w - side - 12, log_h - 10),
        }

    # --- the game moving on (TableScene) ----------------------------------------------
    def _update_view(self, dt: float) -> None:
        self.view.update(dt, self.anim)

    def _log_text(self, e: Any) -> str:
        return self.narrator.line(e) if e.kind != "AiThought" else self._thought(e)

    def _catch_up(self) -> None:
        events = self.session.take_unseen()
        self.narrator.prepare(events, self.session.state)  # a shot's range and cover as it is made
        self.anim.feed(events)

    def _dice_wants(self, e: Any) -> bool:
        return not words.quiet(e)

    def _poses(self) -> dict[str, tuple[float, float, float]]:
        return self.anim.wheels

    def _leader(self) -> str | None:
        running = [w for w in self.session.state.wheels.values() if w.running]
        return max(running, key=lambda w: (w.laps, w.next_cp)).id if running else None

    def _thought(self, e: Any) -> str:
        """An AI's reason, led by its player's name once."""
        name = self.names.get(e.player, e.player)
        why = e.why.strip()
        if why.startswith(name) or why.startswith(e.player):
            return self._named(why)
        return f"{name}: " + self._named(why.removeprefix(":").strip())

    def _named(self, text: str) -> str:
        text = re.sub(r"\b(fanatic|slayer|slave)-(\d+)\b",
                      lambda m: f"{words.CRITTER_NAMES[m.group(1)]} {m.group(2)}", text)
        return super()._named(text)

    def _refresh_decision(self) -> None:
        p = self._human()
        if not self._decision_changed(p):
            return
        self._new_decision(p)

    def _new_decision(self, p: Any) -> None:
        self._clear_buttons()
        self.at, self.angle, self.distance, self.by_mouse = 0.0, 0.0, None, True
        self._anchor, self.drag_handle, self.aim_note = None, False, ""
        self.target, self.points, self.laid = None, 1, []
        self._ghost_key = None
        if p is None:
            return
        if self.handover is not None:
            self._button(f"Pass to {p.seat.name}: ready", Choice.make("@handover"))
            return
        st = self.session.state
        if p.kind == "plan":
            self._button("Go (Enter)", Choice.make("@go"))
            self._button("Straight ahead (Z)", Choice.make("@straight"))
            if st.options.move_distance == "up_to":
                self._button("1\" shorter (,)", Choice.make("@shorter"))
                self._button("1\" longer (.)", Choice.make("@longer"))
            return
        if p.kind == "sabotage":
            targets = list(dict.fromkeys(c["target"] for c in p.legal if c.kind == "sabotage"))
            for i, t in enumerate(targets):
                self._button(f"Target {self.names.get(t, t)}", Choice.make("@target", target=t), (i, len(targets)),
                             short=self.names.get(t, t) if len(targets) > 1 else "")
            if len(set(targets)) == 1:
                self.target = targets[0]
            me = st.wheels[st.stack[-1]["wheel"]]
            for n in range(1, me.sabotage + 1):
                self._button(f"{n} point{'s' if n > 1 else ''} ({n}D3\")", Choice.make("@points", n=n),
                             (n - 1, me.sabotage), short=str(n))
            self._button("Pass", Choice.make("pass"))
            self._mark_selected()
            return
        for c in p.legal:
            label = words.describe(st, c, p.kind, self.names)
            if c.kind == "shoot":
                text, tip = words.shot_button(st, st.stack[-1]["wheel"], c["target"], self.names)
                self._button(tip, c, short=text)
                continue
            if c.kind == "repair" and label == words.REPAIR_FULL:
                self._button(label, c, short=label)  # legal, but worth nothing: the tooltip says so too
                continue
            self._button(label, c)

    def _clear_buttons(self) -> None:
        for b in self.buttons:
            b.kill()
        self.buttons.clear()
        self._rows = 0

    def _button(self, label: str, c: Choice, slot: tuple[int, int] | None = None, short: str = "") -> None:
        """A decision button on the next row, or in `slot` (i, n): the i-th of n
        side by side on one row (the row ends with its last)."""
        r = self.rects()["decision"]
        k = self.app.settings.ui_scale
        bh = round(30 * k)
        y = r.y + round(34 * k) + self._rows * (bh + 3)
        if slot is None:
            rect = pygame.Rect(r.x + 6, y, r.w - 12, bh)
            self._rows += 1
        else:
            i, n = slot
            bw = (r.w - 12 - 4 * (n - 1)) // n
            rect = pygame.Rect(r.x + 6 + i * (bw + 4), y, bw, bh)
            if i == n - 1:
                self._rows += 1
        if rect.bottom > r.bottom - 4:
            return
        b = pygame_gui.elements.UIButton(rect, (short or label)[:52], self.app.manager, object_id="#choice",
                                         tool_tip_text=label if short else None)
        if self.show_help:
            b.hide()
        self.buttons[b] = c

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
        elif c.kind == "@go":
            self.go()
        elif c.kind == "@straight":
            self.at, self.angle = 0.0, 0.0
            self._by_hand()
        elif c.kind in ("@shorter", "@longer"):
            self._lengthen(-1.0 if c.kind == "@shorter" else 1.0)
        elif c.kind == "@target":
            self.target, self.laid = c["target"], []
        elif c.kind == "@points":
            self.points, self.laid = int(c["n"]), []
        else:
            self._submit(c)
        self._mark_selected()

    def _mark_selected(self) -> None:
        """The sabotage target and points chosen show as pressed buttons."""
        for b, c in self.buttons.items():
            on = (c.kind == "@target" and c["target"] == self.target) or (c.kind == "@points" and c["n"] == self.points)
            if on and not b.is_selected:
                b.select()
            elif not on and b.is_selected and c.kind in ("@target", "@points"):
                b.unselect()

    def _submit(self, c: Choice) -> bool:
        p = self.session.human_turn()
        why = self.session.submit(c)
        if why is not None:
            self.message = why
            return False
        self.message = ""
        self.last_human = p.actor if p else self.last_human
        self._catch_up()
        return True

    # --- input ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self._hurry_over(event) or self.hints.handle(event) or self._log_input(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.dragging:
                self._pan(*event.rel)
            elif self.drag_handle and self.handle_point() is not None:
                self._drag_handle_to(event.pos)
            elif not self.by_mouse and (self._anchor is None or math.hypot(
                    event.pos[0] - self._anchor[0], event.pos[1] - self._anchor[1]) > 30):
                self.by_mouse = True
            return False
        if event.type == pygame.MOUSEWHEEL:
            return self._wheel(event)
        if event.type == pygame.MOUSEBUTTONDOWN and self._in_table(event.pos):
            return self._press(event)
        if event.type == pygame.MOUSEBUTTONUP:
            if self.drag_handle and event.button == 1:
                self.drag_handle = False
                self._anchor = event.pos
                return True
            if self.press_on_wheel is not None and event.button == 1:
                start, self.press_on_wheel = self.press_on_wheel, None
                if math.hypot(event.pos[0] - start[0], event.pos[1] - start[1]) > 12:
                    self.mouse = event.pos
                    self.by_mouse = True
                    self.go()
                return True
            if self.dragging:
                self.dragging = False
                return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _press(self, event: pygame.event.Event) -> bool:
        if event.button == 3:
            self.dragging = True
            return True
        if event.button != 1:
            return False
        self.mouse = event.pos
        p = self._human()
        st = self.session.state
        hit = self.view.wheel_at(event.pos[0], event.pos[1], self.anim)
        if p is not None and self.handover is None:
            if p.kind == "plan":
                gh = self.ghost()
                hp = gh.get("handle") if gh is not None else None
                if hp is not None and math.dist(self.view.camera.to_screen(*hp), event.pos) <= 12:
                    self.drag_handle = True  # the Schwenk point: slide it along the move
                    return True
                if hit == st.stack[-1]["wheel"]:
                    self.press_on_wheel = event.pos  # drag out from the wheel, let go to go
                    return True
                self.go()
                return True
            if p.kind == "sabotage":
                if hit is not None and hit != st.stack[-1]["wheel"]:
                    self.target = hit  # a click on an enemy wheel picks it; elsewhere sends it that way
                    self.laid = []
                    self._mark_selected()
                    return True
                if st.options.sabotage_moves == "per_point" and len(self.laid) + 1 < self.points:
                    self.laid.append(self.heading)  # one direction a point: lay this one, aim the next
                    return True
                self.go()
                return True
            if p.kind == "shoot" and hit is not None:
                c = Choice.make("shoot", target=hit)
                if c in p.legal:
                    self._submit(c)
                    return True
        self.dragging = True
        return True

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if self._first_keys(event):
            return True
        if k == pygame.K_ESCAPE:
            self._pause()
            return True
        p = self._human()
        kind = p.kind if p is not None and self.handover is None else ""
        fine = bool(event.mod & pygame.KMOD_SHIFT)
        if kind in ("plan", "sabotage", "slip") and k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.go()
            return True
        if kind == "plan" and k in (pygame.K_q, pygame.K_e, pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET,
                                    pygame.K_z, pygame.K_COMMA, pygame.K_PERIOD):
            self.move_choice()  # take the mouse's aim as the starting point
            if k in (pygame.K_q, pygame.K_e):
                self._nudge(d_angle=(1.0 if fine else 5.0) * (1 if k == pygame.K_q else -1))
            elif k in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
                self._nudge(d_at=(0.1 if fine else 0.5) * (1 if k == pygame.K_RIGHTBRACKET else -1))
            elif k == pygame.K_z:
                self.at, self.angle = 0.0, 0.0
                self._by_hand()
            elif st_up_to(self.session.state):
                self._lengthen(-1.0 if k == pygame.K_COMMA else 1.0)
            return True
        if kind == "sabotage" and pygame.K_1 <= k <= pygame.K_9:
            me = self.session.state.wheels[self.session.state.stack[-1]["wheel"]]
            self.points = max(1, min(me.sabotage, k - pygame.K_0))
            self.laid = []
            self._mark_selected()
            return True
        return self._view_key(k)

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((24, 20, 16))
        gh = self.ghost()
        p = self._human()
        sel = self.session.state.stack[-1].get("wheel") if p is not None and self.session.state.stack else None
        self.view.draw(surface, self.anim, sel if p is not None and p.kind in ("plan", "activate") else None, gh)
        rects = self.rects()
        st = self.session.state
        title = f"Turn {st.turn} - {st.phase.replace('_', ' ')}" + (f" (first to {st.options.laps} lap{'s' if st.options.laps != 1 else ''})"
                                                                     if st.phase == "move" else "")
        if self.session.over:
            title, line = "The race is over", "results follow"
        elif p is not None:
            line = self.message or (f"{p.seat.name}, it's your turn" if self.handover else
                                    words.prompt(p.kind, p.seat.name))
        else:
            line = self._waiting_line()
        self.banner.draw(surface, rects["banner"], title,
                         line.split("\n")[0] + (f"   x{SPEEDS[self.speed_i]:g}" if self.speed_i else ""))
        self.roster.draw(surface, rects["roster"], st, p.actor if p else None)
        self._draw_decision(surface, rects["decision"], p)
        self.dice.draw(surface, rects["dice"], self.dice_names)
        self.log.draw(surface, rects["log"])
        saving.sync_undo_button(self)
        saving.draw_overlay(self, surface)
        self.hints.draw(surface)
        if self.show_help:
            draw_help(surface)

    def _draw_decision(self, surface: pygame.Surface, dec: pygame.Rect, p: Any) -> None:
        if dec.h <= 40:
            return
        pygame.draw.rect(surface, (35, 28, 22), dec, border_radius=6)
        pygame.draw.rect(surface, (120, 94, 60), dec, 2, border_radius=6)
        if p is None:
            return
        small = self.banner.small
        t = small.render("your decision" if not self.handover else "hand over the screen", True, (232, 194, 122))
        surface.blit(t, (dec.x + 10, dec.y + 8))
        if self.handover or not self.buttons:
            return
        y = max(b.rect.bottom for b in self.buttons) + 8
        hints = {"plan": ["Q/E Schwenk 5° (Shift 1°), [ ] earlier/later,", "or drag the diamond (the Schwenk point);",
                          "click or Enter to go"],
                 "sabotage": ["pick the target (or click its wheel), points 1-5,", "then click the table: that way"],
                 "activate": ["repair: not after a ram result", f"wounds now: {self._wounds_now()}"],
                 "shoot": ["to hit: 4+, -1 long range (beyond 24\"),", "-1 soft / -2 hard cover (the shields);",
                           "a hit wounds on 4+: D3 wounds, no armour save;", "or click the target wheel on the table"]}
        for line in hints.get(p.kind, []):
            if y + small.get_linesize() > dec.bottom - 4:
                break
            surface.blit(small.render(line, True, (190, 178, 158)), (dec.x + 10, y))
            y += small.get_linesize()
        if p.kind == "sabotage" and self.target:
            info = f"target {self.names.get(self.target, self.target)}, {self.points} point(s)"
            surface.blit(small.render(info, True, (241, 230, 208)), (dec.x + 10, y))

    def _wounds_now(self) -> str:
        st = self.session.state
        w = st.wheels.get(str(st.stack[-1].get("wheel"))) if st.stack else None
        return f"{w.wounds}/{w.max_wounds}" if w is not None else ""


def st_up_to(state: Any) -> bool:
    return bool(state.options.move_distance == "up_to")
