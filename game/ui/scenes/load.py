"""The load dialog (Ctrl+O in a race, "Load game" on the main menu) and the list of
kept replays ("Replays" on the main menu): newest first, one row a file with its
summary; a file that cannot be read shows its one-line reason, greyed, and cannot be
chosen. As many rows as fit are shown; the list scrolls with the mouse wheel, the
scroll bar beside it, Page Up / Page Down (the Newer / Older buttons), the arrow
keys and Home / End, and says which rows are in view. Loading a save rebuilds and
checks it (game.save.load_game); a bad file gives one dialog with the reason and
changes nothing (the race under the dialog goes on as it was)."""

from __future__ import annotations

import html
import os
import time
from typing import Any

import pygame
import pygame_gui

from game.core.errors import BadInput
from game.ui.app import App, Scene

ROW_H = 46  # a row's button is 40 high
WHEEL_ROWS = 3  # rows one notch of the mouse wheel scrolls


def short_name(ruleset: Any) -> Any:
    """A ruleset's short name for lists ("Wild Race"); an unknown one as it is."""
    from game.core import registry
    reg = registry.find(str(ruleset))
    return reg.short if reg is not None else ruleset


def save_label(path: str, info: dict[str, Any] | str) -> str:
    if isinstance(info, str):
        return f"cannot load {os.path.basename(path)}: {info.split(': ', 1)[-1]}"
    when = str(info.get("saved_at", "")).replace("T", " ").replace("Z", " UTC")
    players = ", ".join(str(p) for p in info.get("players", []))
    state = "finished" if info.get("finished") else f"turn {info.get('turn', '?')}"
    return (f"{short_name(info.get('ruleset'))}: {info.get('course') or '?'}, "
            f"{state} - {players} - {when}")


def list_replays() -> list[tuple[str, dict[str, Any] | str]]:
    """The kept replays, newest first: (path, a summary) or (path, why it cannot be read)."""
    from game.core.paths import replays_dir
    from game.save.replay import read_replay
    folder = replays_dir()
    try:
        names = [n for n in os.listdir(folder) if n.endswith(".json") and not n.startswith(".")]
    except OSError:
        return []
    paths = sorted((os.path.join(folder, n) for n in names), key=lambda p: (-_mtime(p), p))
    out: list[tuple[str, dict[str, Any] | str]] = []
    for p in paths:
        try:
            rep = read_replay(p)
        except BadInput as e:
            out.append((p, e.line()))
            continue
        g = rep.games[0]
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(_mtime(p)))
        out.append((p, {"ruleset": g.record.setup.ruleset, "course": g.record.setup.level.get("name", ""),
                        "finished": True, "players": [s.name for s in g.record.setup.seats],
                        "saved_at": f"{g.turns} turns" + (f", {len(rep.games)} races" if len(rep.games) > 1 else "")
                        + f" - {when}"}))
    return out


def _mtime(path: str) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0


class LoadScene(Scene):
    """`replays=False`: the saves folder; True: the replays folder. `over`: the race
    scene the dialog opened over (Ctrl+O), left as it was on Cancel or a bad file."""

    modal = True

    def __init__(self, app: App, over: Any = None, replays: bool = False) -> None:
        super().__init__(app)
        self.over = over
        self.replays = replays
        from game.save import list_saves
        self.rows = list_replays() if replays else list_saves()
        self.top = 0  # the first row in view
        self.visible = 1  # how many rows fit (set in enter)
        self.row_buttons: dict[Any, str] = {}  # the rows in view: button -> path
        self.bar: Any = None  # the scroll bar, the Newer / Older buttons, "saves 11-20 of 50": when it scrolls
        self.prev_b: Any = None
        self.next_b: Any = None
        self.where: Any = None
        self._bar_at = 0.0  # the scroll bar's start as this scene last set it
        self.dialog: Any = None
        self.error = ""  # the last bad file's line (tests read it)

    def _race_buttons(self) -> list[Any]:
        """The race's own buttons (drawn by pygame_gui above every scene): hidden under the dialog."""
        out = list(getattr(self.over, "buttons", {}) or {})
        undo = getattr(self.over, "undo_button", None)
        return out + ([undo] if undo is not None else [])

    def enter(self) -> None:
        for b in self._race_buttons():
            b.hide()
        w, h = self.app.size
        m = self.app.manager
        pw, ph = min(980, w - 60), min(600, h - 60)
        self.box = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        x, y = self.box.x + 20, self.box.y + 16
        add = self.widgets.append
        add(pygame_gui.elements.UILabel(pygame.Rect(x, y - 6, pw - 40, 66), "Replays" if self.replays else "Load a game",
                                        m, object_id="#title"))
        y += 62
        bottom = self.box.bottom - 56
        self.list_rect = pygame.Rect(x, y, pw - 40, bottom - 10 - y)
        self.visible = max(1, (self.list_rect.h + ROW_H - 40) // ROW_H)
        self.row_buttons = {}
        if not self.rows:
            where = "replays" if self.replays else "saves"
            add(pygame_gui.elements.UILabel(pygame.Rect(x, y, pw - 40, 34),
                                            f"No {where} yet" + ("" if self.replays else " (Ctrl+S in a race saves one)"),
                                            m))
        self.bar = self.prev_b = self.next_b = self.where = None
        if len(self.rows) > self.visible:
            self.list_rect.w -= 26
            self.bar = pygame_gui.elements.UIVerticalScrollBar(
                pygame.Rect(self.list_rect.right + 6, y, 20, self.visible * ROW_H - 6),
                self.visible / len(self.rows), m)
            add(self.bar)
            self.prev_b = pygame_gui.elements.UIButton(pygame.Rect(x, bottom, 150, 40), "Newer (PgUp)", m,
                                                       tool_tip_text="Scroll up a page (or the mouse wheel)")
            self.next_b = pygame_gui.elements.UIButton(pygame.Rect(x + 160, bottom, 150, 40), "Older (PgDn)", m,
                                                       tool_tip_text="Scroll down a page (or the mouse wheel)")
            self.where = pygame_gui.elements.UILabel(pygame.Rect(x + 320, bottom, 260, 40), "", m)
            add(self.prev_b)
            add(self.next_b)
            add(self.where)
        self.cancel = pygame_gui.elements.UIButton(pygame.Rect(self.box.right - 180, bottom, 160, 40), "Cancel", m)
        add(self.cancel)
        self.scroll_to(self.top)

    # --- the rows in view ------------------------------------------------------------------
    def scroll_to(self, top: int) -> None:
        """Show the rows from `top` (kept in range), and move the scroll bar to match."""
        self.top = max(0, min(top, len(self.rows) - self.visible))
        self._show_rows()
        if self.bar is not None:
            self.bar.set_scroll_from_start_percentage(self.top / len(self.rows))
            self._bar_at = self.bar.start_percentage

    def _show_rows(self) -> None:
        for b in self.row_buttons:
            b.kill()
            if b in self.widgets:
                self.widgets.remove(b)
        self.row_buttons = {}
        x, y = self.list_rect.topleft
        for path, info in self.rows[self.top:self.top + self.visible]:
            label = save_label(path, info)
            b = pygame_gui.elements.UIButton(pygame.Rect(x, y, self.list_rect.w, 40), label[:110], self.app.manager,
                                             tool_tip_text=html.escape(path if not isinstance(info, str) else info),
                                             object_id="#choice")
            if isinstance(info, str):
                b.disable()  # greyed, with its reason
            self.row_buttons[b] = path
            self.widgets.append(b)
            y += ROW_H
        if self.where is not None:
            last = min(len(self.rows), self.top + self.visible)
            self.where.set_text(f"{'replays' if self.replays else 'saves'} {self.top + 1}-{last} of {len(self.rows)}")
            for page_b, off in ((self.prev_b, self.top == 0), (self.next_b, last >= len(self.rows))):
                if page_b is not None:
                    page_b.disable() if off else page_b.enable()

    def update(self, dt: float) -> None:
        """The scroll bar dragged, or its arrows held: follow it."""
        if self.bar is not None and self.bar.alive() and abs(self.bar.start_percentage - self._bar_at) > 1e-9:
            self._bar_at = self.bar.start_percentage
            top = round(self._bar_at * len(self.rows))
            if top != self.top:
                self.top = max(0, min(top, len(self.rows) - self.visible))
                self._show_rows()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        if self.dialog is not None and self.dialog.alive():
            return False  # a bad file's message is up: it has the keys and the wheel
        if event.type == pygame.MOUSEWHEEL:  # anywhere: the dialog is modal
            self.scroll_to(self.top - event.y * WHEEL_ROWS)
            return True
        moves = {pygame.K_PAGEUP: -self.visible, pygame.K_PAGEDOWN: self.visible, pygame.K_UP: -1, pygame.K_DOWN: 1,
                 pygame.K_HOME: -len(self.rows), pygame.K_END: len(self.rows)}
        if event.type == pygame.KEYDOWN and event.key in moves:
            self.scroll_to(self.top + moves[event.key])
            return True
        return False

    def on_ui(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.cancel:
            self.close()
        elif event.ui_element is self.prev_b:
            self.scroll_to(self.top - self.visible)
        elif event.ui_element is self.next_b:
            self.scroll_to(self.top + self.visible)
        elif event.ui_element in self.row_buttons:
            self.choose(self.row_buttons[event.ui_element])

    def close(self) -> None:
        if self.over is not None:
            if not getattr(self.over, "show_help", False):
                for b in self._race_buttons():
                    b.show()
            self.app.pop()
        else:
            from game.ui.scenes.menu import MenuScene
            self.app.replace(MenuScene(self.app))

    def choose(self, path: str) -> None:
        """Open a replay, or load a save and go on with it (a dialog if it will not load)."""
        if self.replays:
            from game.ui.scenes.replay import ReplayScene
            try:
                scene = ReplayScene(self.app, path)
            except BadInput as e:
                self.show_error(e.line())
                return
            self._leave_race()
            self.app.replace(scene)
            return
        from game.save import load_game
        try:
            loaded = load_game(path)
        except BadInput as e:
            self.show_error(e.line())
            return
        if loaded.finished:
            self.show_error(f"{path}: this game is over (watch it in Replays)")
            return
        self._leave_race()
        from game.ui.scenes.flow import resume_game
        resume_game(self.app, loaded)

    def _leave_race(self) -> None:
        session = getattr(self.over, "session", None)
        if session is not None:
            session.close()

    def show_error(self, line: str) -> None:
        self.error = line
        w, h = self.app.size
        self.dialog = pygame_gui.windows.UIMessageWindow(
            pygame.Rect(w // 2 - 300, h // 2 - 140, 600, 280), html.escape(line), self.app.manager,
            window_title="This file cannot be loaded")
        self.widgets.append(self.dialog)

    def draw(self, surface: pygame.Surface) -> None:
        if self.over is None:
            from game.ui import art
            surface.blit(art.table_background(surface.get_size()), (0, 0))
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, (35, 28, 22), self.box, border_radius=8)
        pygame.draw.rect(surface, (150, 116, 72), self.box, 2, border_radius=8)
