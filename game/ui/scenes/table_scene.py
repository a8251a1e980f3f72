"""What the race scenes of every ruleset share: the game moving on (AI thinking,
animations, log, dice tray and sounds fed from the shown events, on to the results),
the camera keys and mouse wheel, help, pause, Ctrl+S / Ctrl+O / U, spectating speed
and skip (K), and autosave when the window closes.

A ruleset's scene sets the pieces (session, view, anim, log, dice, sound, buttons,
names, on_over) and overrides the hooks: `_after_think`, `_update_view`, `_poses`,
`_leader`, `_log_text`, `_dice_wants`, `_refresh_decision`, `_fit`.

The camera follows play (`_camera`): it glides to keep the piece in motion, else the
pieces of the open decision (the racer or wheel whose decision it is, a whip's or a
shot's target beside it) in the middle of the view, and only the leader while every
seat is an AI (spectating); it stays on the table board. A pan by the player (drag,
WASD, arrows) stops it until L, F or the next turn; L alone turns it off until L."""

from __future__ import annotations

import re
from typing import Any, Callable

import pygame

from game.core.protocol import Choice
from game.ui import saving
from game.ui.throws import settled_text, turn_mark
from game.ui.app import Scene

SPEEDS = (1.0, 4.0)
OVER_PAUSE = 3.0  # seconds the finished race stays on screen before the results


class TableScene(Scene):
    # set by the ruleset's scene before the first update
    session: Any
    view: Any
    anim: Any
    log: Any
    dice: Any
    sound: Any
    names: dict[str, str]
    on_over: Callable[[Any], None]
    buttons: dict[Any, Choice]

    def _table_state(self) -> None:
        """The scene's common flags (call from __init__)."""
        self.paused = False
        self.skipping = False  # K: playing the rest without animation
        self.show_help = False
        self.speed_i = 0
        self.dragging = False  # panning the table with the mouse
        self.over_called = False
        self.over_wait = 0.0  # time the finished race has been on screen
        self.fitted = False
        self.handover: str | None = None  # player to pass the screen to
        self.last_human: str | None = None
        self._decision_key: Any = None
        self._name_re: Any = None
        self._open_throws: dict[tuple[str, str], Any] = {}  # dice shown as thrown, not yet final
        self.log_drag = False  # dragging the log's top edge
        self.following = True  # the camera follows play (L)
        self._free_turn: int | None = None  # the turn in which the player panned (following resumes after it)
        self._gliding = False  # the camera is still on its way
        from game.ui.hints import Hints
        self.hints = Hints(self)  # first-game hints: `hints.handle` first in handle, `hints.draw` last in draw

    def on_quit(self) -> bool:
        """The window is closing: autosave the race where it is; then let it close."""
        saving.autosave_now(self.session)
        return False

    # --- the game moving on ---------------------------------------------------------
    def _catch_up(self) -> None:
        self.anim.feed(self.session.take_unseen())

    def _human(self) -> Any:
        """The pending human decision, once the table has caught up with the rules."""
        if self.anim.busy or self.session.over:
            return None
        return self.session.human_turn()

    def update(self, dt: float) -> None:
        speed = SPEEDS[self.speed_i] * self.app.settings.animation_speed
        if self.app.instant:
            self.anim.finish_all()
        if self.skipping:
            self._skip_step()
        if not self.paused and not self.anim.busy and self.handover is None:
            if self.session.think(12):
                self._catch_up()
            self._after_think()
        self.anim.update(dt, speed)
        self._update_view(dt)
        if self.app.instant:
            self.anim.finish_all()
        self._camera(dt)
        for e in self.anim.take_shown():
            settles = self._settles_throw(e)
            text = self._named(settled_text(e)) if settles else self._log_text(e)
            if text:
                self.log.add(text, mark=turn_mark(e))
            dice = e.kind in ("RollMade", "DieThrown")
            wanted = not dice or self._dice_wants(e)  # not the critters' dice
            if dice and wanted:
                self.dice.add(e)
            self.sound.volume = 0.0 if self.app.instant else self.app.settings.volume
            if wanted and not (settles and e.favour != "reroll"):  # a kept die was heard as it landed
                self.sound.on_event(e)
        self.dice.update(dt)
        if self.session.over and not self.anim.busy and not self.over_called:
            if not self.app.instant and not self.skipping and self.over_wait < OVER_PAUSE:
                # a moment to see how it ended (the last lines, the wreck) before the results
                if self.over_wait == 0.0:
                    saving.toast(self, "The race is over: the results follow (click or press a key)")
                self.over_wait += dt
                return
            self.over_called = True
            self.session.close()
            self.on_over(self.session)
            return
        self._refresh_decision()

    # hooks
    def _settles_throw(self, e: Any) -> bool:
        """Is `e` the final roll of a die shown as it was thrown (a DieThrown)? Keeps
        the open throws: a final roll settles the one for the same racer and reason."""
        throws = self._open_throws
        if e.kind == "DieThrown":
            throws[(e.for_whom, e.reason)] = e
            return False
        return e.kind == "RollMade" and throws.pop((e.for_whom, e.reason), None) is not None

    def _after_think(self) -> None:
        """After the AIs had their turn this frame (the Wild Race keeps favour here)."""

    def _update_view(self, dt: float) -> None:
        """Per-frame view animation (the Doomwheel's spinning wheels)."""

    def _poses(self) -> dict[str, tuple[float, float, float]]:
        """The shown pose (x, y, heading) of every piece on the table, by id."""
        return {}

    def _leader(self) -> str | None:
        """The piece in the lead (followed while spectating)."""
        return None

    def _ahead(self, piece: str) -> tuple[float, float] | None:
        """A point the piece is heading for, kept in view after it (room to aim)."""
        return None

    # --- the camera follows play -----------------------------------------------------
    def camera_targets(self) -> list[tuple[float, float]]:
        """Where the camera looks, most important first: while spectating the leader;
        else the piece in motion, else the pieces of the open decision."""
        poses = self._poses()
        spectating = all(seat.kind != "human" for seat in self.session.seats.values())
        wanted: list[Any]
        if spectating:
            wanted = [self._leader()]
        else:
            moving = self.anim.queue[0].ident if self.anim.queue and self.anim.queue[0].kind in (
                "racer", "wheel", "arc") else None
            wanted = [moving] if moving else self._decision_pieces()
        ids: list[str] = [i for i in dict.fromkeys(wanted)
                          if isinstance(i, str) and i in poses and i not in self.anim.gone]
        out = [(poses[i][0], poses[i][1]) for i in ids]
        ahead = self._ahead(ids[0]) if ids else None
        return out[:1] + ([ahead] if ahead is not None else []) + out[1:]

    def _decision_pieces(self) -> list[Any]:
        """The pieces the open decision is about: the one picked up, the step's own
        (racer, barger, wheel, the die's owner), then those its choices name."""
        p = self.session.pending()
        if p is None or not self.session.state.stack:
            return []
        top = self.session.state.stack[-1]
        ids = [getattr(self, "selected", None)] + [top.get(k) for k in ("racer", "barger", "wheel", "attacker")]
        roll = top.get("roll")
        if roll is not None and hasattr(roll, "get"):
            ids.append(roll.get("who"))
        for c in p.legal:
            ids += [c.get(k) for k in ("racer", "wheel", "target")]
        return [i for i in ids if isinstance(i, str)]

    def _camera(self, dt: float) -> None:
        """Follow play (see the module's docstring); a pan stops it until the next turn."""
        if not self.following and self._free_turn is not None and (
                self.session.state.turn != self._free_turn or self.handover is not None):
            self.following, self._free_turn = True, None
        self._gliding = False
        if self.following and not self.dragging:
            step = 1e6 if self.app.instant else dt  # instant mode: no glide, the camera is there at once
            self._gliding = self.view.camera.keep_in_view(self.camera_targets(), step, self.view.board_rect()) > 0.5

    def busy(self) -> bool:
        """Drawn every frame while anything moves (pieces, dice, the camera), an AI
        thinks or a die is due; idle (the app waits for input) while a human decides
        or the race is paused with nothing moving."""
        tosser = getattr(self.view, "tosser", None)
        if self.skipping or self.anim.busy or self._gliding or self.dice.age < 0.5 or (tosser and tosser.live):
            return True
        if self.session.over:
            return not self.over_called
        if self.paused or self.handover is not None:
            return False
        return self._human() is None  # an AI to think or a die to roll

    def _open_on_play(self) -> None:
        """The opening view goes to the pieces of the game going on (a loaded game),
        and stays on the board."""
        cam = self.view.camera
        targets = self.camera_targets()
        if targets:
            cam.cx, cam.cy = cam.wanted_centre(targets)
        cam.clamp_to(*self.view.board_rect())

    def _pan(self, dx: float, dy: float) -> None:
        """The player pans: the camera stays where they put it (until L, F or the next turn)."""
        if dx == 0 and dy == 0:
            return
        self.view.camera.pan_pixels(dx, dy)
        if self.following:
            self.following, self._free_turn = False, self.session.state.turn
            saving.toast(self, "The camera stays where you put it: L (or the next turn) follows play again")

    def _log_text(self, e: Any) -> str:
        return self._named(e.text())

    def _dice_wants(self, e: Any) -> bool:
        return True

    def _refresh_decision(self) -> None:
        """Lay out the decision buttons for the current human (if any)."""

    def _decision_changed(self, p: Any) -> bool:
        """Has the pending human decision changed since the buttons were laid out?
        Also starts a hot-seat hand-over when the screen passes to another human."""
        if p is not None and self.last_human is not None and p.actor != self.last_human and self.handover is None \
                and sum(1 for s in self.session.seats.values() if s.kind == "human") > 1:
            self.handover = p.actor
        # the pending step object itself (held here, so its identity cannot be reused)
        key = None if p is None else (self.session.state.stack[-1], len(self.session.state.stack), self.handover)
        same = key is None and self._decision_key is None or (
            key is not None and self._decision_key is not None and key[0] is self._decision_key[0]
            and key[1:] == self._decision_key[1:])
        if same:
            return False
        self._decision_key = key
        return True

    def _waiting_line(self) -> str:
        """The banner's line while no human decision is open: paused, an AI thinking
        (only an AI seat: a human's decision waits for the table to catch up, then is
        theirs), or else the newest log line (the table is showing what happened)."""
        if self.paused:
            return "paused (Space)"
        who = self.session.thinking
        if who is not None and not self.anim.busy:
            seat = self.session.seats[who]
            return f"{seat.name} ({seat.kind} AI) is thinking..."
        return self.log.lines[-1].split("\n")[0] if self.log.lines else ""

    def _named(self, text: str) -> str:
        """Log lines with players' (and pieces') names instead of their ids."""
        if self._name_re is None:
            ids = sorted(self.names, key=len, reverse=True)
            self._name_re = re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in ids) + r")(?![\w-])")
        return self._name_re.sub(lambda m: self.names[m.group(1)], text)

    # --- input shared by the race scenes ---------------------------------------------
    def _hurry_over(self, event: pygame.event.Event) -> bool:
        """While the finished race is on screen, a click or a key goes on to the results."""
        if self.over_wait > 0.0 and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.over_wait = OVER_PAUSE
            return True
        return False

    def _in_table(self, pos: tuple[int, int]) -> bool:
        cam = self.view.camera
        return pygame.Rect(cam.vx, cam.vy, cam.vw, cam.vh).collidepoint(pos)

    def _wheel(self, event: pygame.event.Event) -> bool:
        """The mouse wheel zooms the table about the pointer, or scrolls the log."""
        pos = pygame.mouse.get_pos()
        if self._in_table(pos):
            self.view.camera.zoom_at(1.15 ** event.y, *pos)
            return True
        if self.rects()["log"].collidepoint(pos):
            self.log.wheel(event.y)
        return False

    def rects(self) -> dict[str, pygame.Rect]:
        raise NotImplementedError

    # --- the log's size (both races) ----------------------------------------------------
    def _log_h(self) -> int:
        """The log's height on screen: the player's choice, scaled, leaving the
        table at least 200 pixels."""
        k = self.app.settings.ui_scale
        h = self.app.size[1]
        return max(round(self.log.LEAST * k), min(round(self.log.height * k), h - round(200 * k)))

    def _log_resized(self) -> None:
        """The table's view ends where the log begins."""
        cam = self.view.camera
        cam.set_view(cam.vx, cam.vy, cam.vw, self.app.size[1] - self._log_h())

    def _log_input(self, event: pygame.event.Event) -> bool:
        """The log's own controls: its button or M steps through the sizes; its top
        edge drags it taller or shorter."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m and not self.show_help:
            self.log.grow()
            self._log_resized()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            rect = self.rects()["log"]
            if self.log.button_rect(rect).collidepoint(event.pos):
                self.log.grow()
                self._log_resized()
                return True
            if self.log.grip_rect(rect).collidepoint(event.pos):
                self.log_drag = True
                return True
        if event.type == pygame.MOUSEMOTION and self.log_drag:
            k = self.app.settings.ui_scale
            h = self.app.size[1]
            self.log.height = max(float(self.log.LEAST), min((h - event.pos[1] + 4) / k, h / k - 200))
            self._log_resized()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.log_drag:
            self.log_drag = False
            return True
        return False

    def _first_keys(self, event: pygame.event.Event) -> bool:
        """Ctrl+S, Ctrl+O, U (take-backs) and the help overlay (H, Esc to close it)."""
        k = event.key
        if saving.handle_key(self, event):
            return True
        if self.show_help and k in (pygame.K_h, pygame.K_ESCAPE):
            self._set_help(False)
            return True
        if k == pygame.K_h:
            self._set_help(True)
            return True
        return False

    def _pause(self) -> None:
        from game.ui.scenes.pause import PauseScene
        self.app.push(PauseScene(self.app, self))

    def _view_key(self, k: int) -> bool:
        """Pan (WASD, arrows), zoom (+ -), fit (F), follow (L), grid (G), pause
        (Space), speed (Tab) and skip to the end (K)."""
        cam = self.view.camera
        if k in (pygame.K_a, pygame.K_LEFT):
            self._pan(60, 0)
        elif k in (pygame.K_d, pygame.K_RIGHT):
            self._pan(-60, 0)
        elif k in (pygame.K_w, pygame.K_UP):
            self._pan(0, 60)
        elif k in (pygame.K_s, pygame.K_DOWN):
            self._pan(0, -60)
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            cam.zoom_at(1.2, cam.vx + cam.vw / 2, cam.vy + cam.vh / 2)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            cam.zoom_at(1 / 1.2, cam.vx + cam.vw / 2, cam.vy + cam.vh / 2)
        elif k == pygame.K_f:
            self._fit()
        elif k == pygame.K_l:
            self._toggle_follow()
        elif k == pygame.K_g:
            self.view.grid = not self.view.grid
        elif k == pygame.K_SPACE:
            self.paused = not self.paused
        elif k == pygame.K_TAB:
            self.speed_i = (self.speed_i + 1) % len(SPEEDS)
        elif k == pygame.K_k:
            self.skip_to_end()
        else:
            return False
        return True

    def _fit(self) -> None:
        """F: the whole course in view; the camera follows play again."""
        self.view.fit()
        self.following, self._free_turn = True, None

    def _toggle_follow(self) -> None:
        """L: follow play, or stop following (until L again)."""
        self.following, self._free_turn = not self.following, None
        saving.toast(self, "The camera follows play" if self.following else
                     "The camera stays where you put it (L follows play again)")

    def _set_help(self, on: bool) -> None:
        """The help overlay hides the decision buttons (they draw above scenes)."""
        self.show_help = on
        for b in self.buttons:
            if on:
                b.hide()
            else:
                b.show()

    def skip_to_end(self) -> None:
        """Spectating: play the rest without animation (only while no human has a
        decision). Fast agents finish at once; while an AI thinks in its worker the
        window keeps drawing and the skip goes on each frame until the end."""
        if self.session.human_turn() is None:
            self.skipping = True
            self._skip_step()

    def _skip_step(self) -> None:
        while not self.session.over and self.session.human_turn() is None:
            if not self.session.think(500):
                break  # an AI is thinking: come back next frame
        self._catch_up()
        self.anim.finish_all()
        if self.session.over or self.session.human_turn() is not None:
            self.skipping = False
