"""The replay viewer (`python -m game replay FILE`, "Replays" on the main menu): a
kept game played again on the race scenes' own table drawing and animators
(TableView / DoomTableView, Animator / DoomAnimator), from game.save.replay's
ReplayPlayer, which re-applies every recorded choice and die face and checks the
state hash at the start of every turn.

Space pauses, Right steps one choice, Left steps back one, Tab changes the speed,
Home / End jump to the start / end, N and P change game in a Grand Prix replay,
the slider under the table scrubs to a turn. A hash that does not match (the file
was edited, or the rules changed since) is shown in red in the banner, and play
stops where the game stops matching.

Wherever the viewer jumps (slider, Home / End, a step back), the log and the dice
tray read as they would had it stepped there from the start: every entry's lines
are kept as it is first played (`_shown`), in the order the animator shows them.

A Doomwheel replay is worded as the live race words it (doom_race.py): by a
doom_words.Narrator (sabotage from the saboteur's side, each bolt thrower shot
from range and cover to its outcome, start grid places, directions in degrees) and
a doom_panels.DoomDiceTray. The narrator remembers what came before, so the entries
are first worded by a narrator of their own (`_scribe`), which leaves a copy of
itself after each entry (`_told`); a jump starts the shown narrator again from the
copy left where it lands."""

from __future__ import annotations

import copy
import re
from typing import Any

import pygame
import pygame_gui

from game.core.record import Divergence
from game.ui import art
from game.ui.app import App, Scene
from game.ui.panels import Banner, DiceTray, Log

SIDEBAR = 360
BAR_H = 48
SLIDER_X = 150  # the turn bar's label ("Turn 11 of 20") sits left of the slider
SPEEDS = (1.0, 2.0, 4.0, 8.0)


def _title(ruleset: str) -> str:
    from game.core import registry
    reg = registry.find(ruleset)
    return reg.title if reg is not None else ruleset
BAD = (255, 120, 100)
GOOD = (150, 220, 140)


class ReplayScene(Scene):
    def __init__(self, app: App, path: str, game: int = 0, back_to_menu: bool = True) -> None:
        """BadInput if the file is not a replay this program reads."""
        super().__init__(app)
        from game.save.replay import read_replay
        self.path = path
        self.rep = read_replay(path)
        self.back_to_menu = back_to_menu
        self.paused = False
        self.speed_i = 0
        self.slider: Any = None
        self._slider_turn = -1
        self.open_game(game)

    # --- the game being watched -------------------------------------------------------
    def open_game(self, index: int) -> None:
        from game.save.replay import ReplayPlayer, check_game
        self.index = max(0, min(index, len(self.rep.games) - 1))
        g = self.rep.games[self.index]
        mm, _ = check_game(self.rep, self.index)  # the whole game checked at once: a mismatch shown from the start
        self.check = mm.line(self.path) if mm is not None else ""
        edits = self.rep.edits_of(self.index)  # the file changed since it was written (its digest)
        self.edited = edits[0].line(self.path) if edits else ""
        self.error = ""
        self.record = g.record
        self.player = ReplayPlayer(g.record, self.path)
        setup = g.record.setup
        from game.core import registry
        registry.load("ui")
        reg = registry.find(setup.ruleset) or registry.default()
        self.parts: Any = reg.part("replay")  # the ruleset's replay parts (its ui room)
        self.doom = bool(self.parts.NARRATED)  # a ruleset whose log and tray a Narrator words
        from game.names import seat_looks
        self.colours, self.names = seat_looks(setup.seats, self.app.settings.colour_blind)  # named as drawn
        st = self.player.state
        self.view: Any = None
        self.anim: Any = None
        self.narrator: Any = None
        self._scribe: Any = None
        self.parts.look(self, st)
        self.view.grid = self.app.settings.grid
        self.banner = Banner()
        self.dice = self._new_tray()
        self.log = Log()
        self.log.draggable = False  # its size button and M (a drag would rebuild the turn bar each move)
        self._name_re = re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in sorted(self.names, key=len,
                                                                                           reverse=True)) +
                                   r")(?![\w-])")
        self.fitted = False
        self.turn_list = sorted({t for t, _ in self.player.turns()})
        # per history entry, as first played: (its log lines, its dice for the tray)
        self._shown: list[tuple[list[str], list[Any]]] = []
        self._told: list[Any] = []  # Doomwheel: the narrator as each entry leaves it (`_keep`)
        self._scratch: Any = type(self.anim).of(st)  # orders an entry's events as the animator shows them
        self._stop = -1  # the history entry where the game stopped matching (with self.error)
        self._head = [f"Replay of {_title(setup.ruleset)} on "
                      f"{setup.level.get('name', 'a course')}: " + ", ".join(s.name for s in setup.seats),
                      self.check or f"every state hash matches ({self.turns_checked()})"]
        self._head += [e.line(self.path) for e in edits]
        for line in self._head:
            self.log.add(line)
        if self.widgets or self.slider is not None:
            self.resized()

    # --- turns, in the player's words ------------------------------------------------------
    @property
    def last_turn(self) -> int:
        return self.turn_list[-1] if self.turn_list else self.player.turn

    def turn_label(self) -> str:
        """The turn bar and the banner: "Start" (turn 0, before the first turn) or "Turn 11 of 20"."""
        t = self.player.turn
        return "Start" if t == 0 else f"Turn {t} of {self.last_turn}"

    def turns_checked(self) -> str:
        """What the hash check covered, counted as the turn bar counts: the start and turns 1..N."""
        n = self.last_turn
        return "the start" + (f" and all {n} turn{'s' if n != 1 else ''}" if n > 0 else "")

    # --- layout --------------------------------------------------------------------------
    def table_rect(self) -> pygame.Rect:
        k = self.app.settings.ui_scale
        w, h = self.app.size
        return pygame.Rect(0, 0, w - round(SIDEBAR * k), h - self.log_h() - BAR_H)

    def log_h(self) -> int:
        """The log's height: the player's choice (its button, M), leaving the table room."""
        k = self.app.settings.ui_scale
        return max(round(Log.LEAST * k), min(round(self.log.height * k), self.app.size[1] - BAR_H - round(200 * k)))

    def log_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(6, h - self.log_h() + 4, self.table_rect().w - 12, self.log_h() - 10)

    def grow_log(self) -> None:
        self.log.grow()
        self.resized()  # the table, its turn bar and the slider move up or down

    def enter(self) -> None:
        r = self.table_rect()
        self.view.camera.set_view(r.x, r.y, r.w, r.h)
        if not self.fitted:
            self.view.fit()
            self.fitted = True
        m = self.app.manager
        w, h = self.app.size
        lo, hi = (self.turn_list[0], self.turn_list[-1]) if self.turn_list else (0, 0)
        bar = pygame.Rect(SLIDER_X, r.bottom + 8, r.w - SLIDER_X - 20, 32)
        self.slider = pygame_gui.elements.UIHorizontalSlider(bar, self.player.turn, (lo, max(hi, lo + 1)), m,
                                                             click_increment=1)
        self._slider_turn = self.player.turn
        self.widgets.append(self.slider)
        x = r.right + 6
        sw = w - x - 6
        by = 6 + round(58 * self.app.settings.ui_scale) + 10
        self.play_b = pygame_gui.elements.UIButton(pygame.Rect(x, by, sw // 2 - 3, 36), "Pause (Space)", m)
        self.speed_b = pygame_gui.elements.UIButton(pygame.Rect(x + sw // 2 + 3, by, sw // 2 - 3, 36),
                                                    f"Speed x{SPEEDS[self.speed_i]:g} (Tab)", m)
        self.back_b = pygame_gui.elements.UIButton(pygame.Rect(x, by + 42, sw // 2 - 3, 36), "< Step back", m)
        self.step_b = pygame_gui.elements.UIButton(pygame.Rect(x + sw // 2 + 3, by + 42, sw // 2 - 3, 36),
                                                   "Step >", m)
        self.menu_b = pygame_gui.elements.UIButton(pygame.Rect(x, by + 84, sw, 36), "Main menu (Esc)", m)
        self.widgets += [self.play_b, self.speed_b, self.back_b, self.step_b, self.menu_b]
        self.game_b: Any = None
        if len(self.rep.games) > 1:
            self.game_b = pygame_gui.elements.UIButton(pygame.Rect(x, by + 126, sw, 36),
                                                       f"Next race (N): {self.index + 1} of {len(self.rep.games)}", m)
            self.widgets.append(self.game_b)
        self._label_play()

    def _label_play(self) -> None:
        if getattr(self, "play_b", None) is not None and self.play_b.alive():
            self.play_b.set_text("Play (Space)" if self.paused or self.player.done else "Pause (Space)")
            self.speed_b.set_text(f"Speed x{SPEEDS[self.speed_i]:g} (Tab)")

    # --- moving through the game ----------------------------------------------------------
    def step(self) -> bool:
        """Apply the next recorded entry and animate it; False at the end or on a mismatch."""
        if self.player.done or (self.error and self.player.pos >= self._stop):
            return False
        try:
            events = self._apply_next()
        except Divergence as d:
            self._stopped(d)
            self.log.add("Replay stops: " + self.error)
            self._label_play()
            return False
        if self.narrator is not None:
            self.narrator.prepare(events, self.player.state)  # a shot's range and cover as it is made
        self.anim.feed(events)
        return True

    def _apply_next(self) -> list[Any]:
        """The player's next entry applied: its events (a choice led by a Chosen, as the
        race scenes animate it), its log lines and dice kept the first time. Divergence."""
        entry, events = self.player.step()
        if not entry.chance:
            from game.ui.session import Chosen
            events = [Chosen(entry.actor, entry.choice)] + list(events)
        if self.player.pos - 1 == len(self._shown):
            self._scratch.feed(events)
            self._scratch.finish_all()
            shown = self._scratch.take_shown()
            if hasattr(self._scratch, "take_tosses"):
                self._scratch.take_tosses()
            if self._scribe is not None:
                self._scribe.prepare(events, self.player.state)
                lines, dice = [], []
                for e in shown:
                    text = self._doom_line(self._scribe, e)
                    if text:
                        lines.append(text)
                    if self._is_die(e):  # worded now, after its line, as DoomDiceTray.add words it
                        who, why, result, faces = self._scribe.tray(e)
                        dice.append(self.parts.tray_roll(who, why, result, faces, e))
                self._shown.append((lines, dice))
                self._told.append(self._keep(self._scribe))
            else:
                self._shown.append(([t for t in map(self._line, shown) if t],
                                    [e for e in shown if self._is_die(e)]))
        return events

    def _stopped(self, d: Divergence) -> None:
        self.error = f"turn {d.turn} (step {d.step}): {d.reason}"
        self._stop = len(self._shown)  # the entry that did not re-play (never shown)
        self.paused = True

    def _go(self, pos: int) -> None:
        """The player to `pos`; through entries not yet seen one by one, so their log
        lines are kept (the player's own seek would skip them). Divergence."""
        pos = max(0, min(pos, len(self.record.history)))
        known = len(self._shown)
        self.player.seek(min(pos, known))
        while self.player.pos < pos:
            self._apply_next()

    def seek(self, pos: int) -> None:
        """Jump to the position after `pos` entries (either way) and show it at once."""
        try:
            self._go(pos)
        except Divergence as d:
            self._stopped(d)
        self._resync()

    def seek_turn(self, turn: int) -> None:
        """Jump to the start of `turn` (its last checkpoint, as ReplayPlayer.seek_turn)."""
        steps = [cp.step for cp in self.record.checkpoints if cp.turn == turn]
        if steps:
            self.seek(steps[-1])

    def _resync(self) -> None:
        st = self.player.state
        self.view.state = st
        self.anim.snap(st)
        self.anim.take_shown()
        self._rebuild_log()
        self._sync_slider()

    def _rebuild_log(self) -> None:
        """The log and the dice tray as stepping here from the start leaves them (newest line shown)."""
        old, self.log = self.log, Log()
        self.log.height, self.log.draggable = old.height, old.draggable
        upto = min(self.player.pos, len(self._shown))
        for line in self._head:
            self.log.add(line)
        for lines, _ in self._shown[:upto]:
            for line in lines:
                self.log.add(line)
        if self.error and 0 <= self._stop <= self.player.pos:
            self.log.add("Replay stops: " + self.error)
        rolls: list[Any] = []
        for _, dice in reversed(self._shown[:upto]):
            rolls[:0] = dice
            if len(rolls) >= 5:
                break
        if self.narrator is not None:  # as the narrator stood after the last entry played
            self.narrator = self._told_at(upto)
        self.dice = self._new_tray()
        for roll in rolls[-5:]:
            self.dice.add(roll)

    def _new_tray(self) -> DiceTray:
        if self.narrator is not None:
            return self.parts.tray(self.narrator)  # rolls already worded go in as they are
        return DiceTray()

    @staticmethod
    def _keep(narrator: Any) -> Any:
        """A copy of a Doomwheel narrator, to go on from later (the race's state and the
        names shared, not copied; the shots' facts dropped: every Chosen they were read
        for has had its line by the end of its entry)."""
        facts, narrator.facts = narrator.facts, []
        try:
            return copy.deepcopy(narrator, {id(narrator.state): narrator.state, id(narrator.names): narrator.names})
        finally:
            narrator.facts = facts

    def _told_at(self, upto: int) -> Any:
        """The narrator as stepping through the first `upto` entries leaves it."""
        st = self.player.state
        if upto <= 0 or not self._told:
            return self.parts.narrator(self.names, st)
        n = self._keep(self._told[min(upto, len(self._told)) - 1])
        n.state = st
        return n

    def _sync_slider(self) -> None:
        if self.slider is not None and self.slider.alive() and self.player.turn != self._slider_turn:
            self._slider_turn = self.player.turn
            self.slider.set_current_value(self.player.turn)

    def update(self, dt: float) -> None:
        if self.app.instant:
            self.anim.finish_all()
        if not self.paused and not self.anim.busy:
            if not self.step() and self.player.done:
                self.paused = True
                self._label_play()
        self.anim.update(dt, SPEEDS[self.speed_i] * self.app.settings.animation_speed)
        if self.doom:
            self.view.update(dt, self.anim)
        if self.app.instant:
            self.anim.finish_all()
        self._show_events()
        self.dice.update(dt)
        self._sync_slider()

    def busy(self) -> bool:
        """Playing, or something still moving: draw every frame (else wait for input)."""
        tosser = getattr(self.view, "tosser", None)
        return not self.paused or self.anim.busy or self.dice.age < 0.5 or bool(tosser and tosser.live)

    def _show_events(self) -> None:
        for e in self.anim.take_shown():
            text = self._doom_line(self.narrator, e) if self.narrator is not None else self._line(e)
            if text:
                self.log.add(text)
            if self._is_die(e):
                self.dice.add(e)

    def _line(self, e: Any) -> str:
        """A Wild Race event's log line, with the players' and racers' names ("" for none)."""
        text = e.text()
        return self._name_re.sub(lambda m: self.names[m.group(1)], text) if text else ""

    @staticmethod
    def _doom_line(narrator: Any, e: Any) -> str:
        """A Doomwheel event's log line, as the live race words it: every shown event
        goes to the narrator in order (a Chosen has no line, but says who sabotages or
        shoots); AI thoughts are not in a replay."""
        return narrator.line(e) if e.kind != "AiThought" else ""

    def _is_die(self, e: Any) -> bool:
        """A roll for the dice tray (the Doomwheel critters' own dice stay out of it)."""
        if e.kind != "RollMade":
            return False
        if self.doom:
            return not self.parts.quiet(e)
        return True

    # --- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            r = self.table_rect()
            if r.collidepoint(pygame.mouse.get_pos()):
                self.view.camera.zoom_at(1.15 ** event.y, *pygame.mouse.get_pos())
                return True
            if self.log_rect().collidepoint(pygame.mouse.get_pos()):
                self.log.wheel(event.y)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.log.button_rect(self.log_rect()).collidepoint(event.pos):
            self.grow_log()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        k = event.key
        if k == pygame.K_m:
            self.grow_log()
        elif k == pygame.K_SPACE:
            self.toggle_pause()
        elif k == pygame.K_RIGHT:
            self.step_once()
        elif k == pygame.K_LEFT:
            self.step_back()
        elif k == pygame.K_TAB:
            self.speed_i = (self.speed_i + 1) % len(SPEEDS)
            self._label_play()
        elif k == pygame.K_HOME:
            self.seek(0)
        elif k == pygame.K_END:
            self.seek(len(self.record.history))
        elif k == pygame.K_n and len(self.rep.games) > 1:
            self.open_game((self.index + 1) % len(self.rep.games))
        elif k == pygame.K_p and len(self.rep.games) > 1:
            self.open_game((self.index - 1) % len(self.rep.games))
        elif k == pygame.K_f:
            self.view.fit()
        elif k == pygame.K_g:
            self.view.grid = not self.view.grid
        elif k == pygame.K_ESCAPE:
            self.leave()
        else:
            return False
        return True

    def toggle_pause(self) -> None:
        if self.player.done and self.paused:
            self.seek(0)  # at the end, Play starts again
        self.paused = not self.paused
        self._label_play()

    def step_once(self) -> None:
        self.paused = True
        self.anim.finish_all()
        self._show_events()
        self.step()
        self.anim.finish_all()
        self._show_events()
        self._label_play()
        self._sync_slider()

    def step_back(self) -> None:
        self.paused = True
        self.seek(self.player.pos - 1)
        self._label_play()

    def leave(self) -> None:
        from game.ui.scenes.menu import MenuScene
        if self.back_to_menu:
            self.app.replace(MenuScene(self.app))
        else:
            self.app.running = False

    def on_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            turn = int(round(self.slider.get_current_value()))
            if turn != self.player.turn:
                self.paused = True
                self.seek_turn(min(self.turn_list, key=lambda t: abs(t - turn)) if self.turn_list else turn)
                self._label_play()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        el = event.ui_element
        if el is self.play_b:
            self.toggle_pause()
        elif el is self.speed_b:
            self.speed_i = (self.speed_i + 1) % len(SPEEDS)
            self._label_play()
        elif el is self.step_b:
            self.step_once()
        elif el is self.back_b:
            self.step_back()
        elif el is self.menu_b:
            self.leave()
        elif el is self.game_b:
            self.open_game((self.index + 1) % len(self.rep.games))

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((24, 20, 16))
        self.view.draw(surface, self.anim, None, None)
        k = self.app.settings.ui_scale
        w, h = self.app.size
        r = self.table_rect()
        x, sw = r.right + 6, w - r.right - 12
        n = len(self.record.history)
        title = f"Replay - {self.turn_label()}"
        if self.player.done:
            line = f"the end ({n} steps)"
        else:
            line = f"step {self.player.pos} of {n}" + ("   paused" if self.paused else "") + \
                (f"   x{SPEEDS[self.speed_i]:g}" if self.speed_i else "")
        self.banner.draw(surface, pygame.Rect(x, 6, sw, round(58 * k)), title, line)
        # the hash check, unmissable
        y = 6 + round(58 * k) + 10 + (168 if len(self.rep.games) > 1 else 126) + 6
        box = pygame.Rect(x, y, sw, 96)
        bad = self.check or self.error or self.edited
        pygame.draw.rect(surface, (60, 22, 18) if bad else (24, 44, 24), box, border_radius=6)
        pygame.draw.rect(surface, BAD if bad else GOOD, box, 2, border_radius=6)
        f = art.font(14, bold=True)
        small = art.font(12)
        hashes_bad = self.check or self.error
        head = "STATE HASH MISMATCH" if hashes_bad else "EDITED SINCE IT WAS WRITTEN" if bad else "State hashes match"
        surface.blit(f.render(head, True, BAD if bad else GOOD), (box.x + 10, box.y + 8))
        text = (self.error or (self.check or self.edited).split(": ", 1)[-1]) if bad else \
            f"{self.turns_checked().capitalize()} of this game re-played exactly from its seed and choices"
        for i, part in enumerate(_wrap(small, text, sw - 20)[:3]):
            surface.blit(small.render(part, True, (241, 230, 208)), (box.x + 10, box.y + 34 + i * 18))
        # the field
        y = box.bottom + 10
        surface.blit(small.render("players", True, (180, 168, 148)), (x, y))
        y += 20
        for s in self.record.setup.seats:
            kind = "human" if s.kind == "human" else f"{s.kind} AI"
            col = art.player_colour(self.colours.get(s.player, 0), self.app.settings.colour_blind)
            pygame.draw.rect(surface, col, pygame.Rect(x, y + 3, 14, 14), border_radius=3)
            surface.blit(small.render(f"{s.name} ({kind})", True, (241, 230, 208)), (x + 22, y))
            y += 20
        dice_h = round(150 * k)
        if h - dice_h - 6 > y + 10:
            self.dice.draw(surface, pygame.Rect(x, h - dice_h - 6, sw, dice_h), self.dice_names)
        # the turn bar
        bar = pygame.Rect(0, r.bottom, r.w, BAR_H)
        pygame.draw.rect(surface, (30, 25, 20), bar)
        surface.blit(art.font(14, bold=True).render(self.turn_label(), True, (232, 194, 122)), (12, bar.y + 14))
        self.log.draw(surface, self.log_rect())


def _wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    out: list[str] = []
    cur = ""
    for word in text.split():
        trial = f"{cur} {word}" if cur else word
        if cur and font.size(trial)[0] > width:
            out.append(cur)
            cur = word
        else:
            cur = trial
    return out + ([cur] if cur else [])
