"""Unfinished games on the main menu (issue 12, item 15): the words for an unfinished
game (game.save.Unfinished), resuming and discarding one, and the "Unfinished games"
dialog that lists every one kept (up to five, newest first), each with Resume and
Discard. The menu's own row offers the newest (game/ui/scenes/menu.py)."""

from __future__ import annotations

import html
import time
from typing import Any

import pygame
import pygame_gui

from game.core.errors import BadInput
from game.ui.app import App, Scene

ROW_H = 50


def when_words(ts: float, now: float | None = None) -> str:
    """When a game was left, as a player says it: "today 14:05", "yesterday 09:12",
    "2 Dec 14:05", "2 Dec 2025"."""
    t = time.localtime(ts)
    n = time.localtime(time.time() if now is None else now)
    clock = time.strftime("%H:%M", t)
    if (t.tm_year, t.tm_yday) == (n.tm_year, n.tm_yday):
        return f"today {clock}"
    y = time.localtime((time.time() if now is None else now) - 86400)
    if (t.tm_year, t.tm_yday) == (y.tm_year, y.tm_yday):
        return f"yesterday {clock}"
    day = f"{t.tm_mday} {time.strftime('%b', t)}"
    return f"{day} {clock}" if t.tm_year == n.tm_year else f"{day} {t.tm_year}"


def short_name(game: Any) -> str:
    from game.core import registry
    reg = registry.find(str(game.ruleset)) if game.ruleset else None
    return reg.short if reg is not None else (game.ruleset or "game")


def resume_label(game: Any, brief: bool = False) -> str:
    """The menu's Resume button: "Resume Doomwheel Race on The Ratways, turn 4 (today 14:05)";
    `brief` (a narrow window): "Resume Doomwheel Race, turn 4"."""
    if brief:
        return f"Resume {short_name(game)}, turn {game.turn}"
    return f"Resume {short_name(game)} on {game.course}, turn {game.turn} ({when_words(game.when)})"


def row_label(game: Any) -> str:
    """A row of the dialog: "Doomwheel Race on The Ratways, turn 4 - Ann, Bob - today 14:05"."""
    players = ", ".join(game.players)
    return f"{short_name(game)} on {game.course}, turn {game.turn} - {players} - {when_words(game.when)}"


def discard_question(game: Any) -> str:
    return (f"Discard the unfinished {short_name(game)} on {game.course} (turn {game.turn})? Its autosave is "
            "deleted and it cannot be resumed. Your saved games (Load game) are not touched.")


def resume(app: App, game: Any) -> str | None:
    """Go on with an unfinished game (its autosave, else its .bak): None, or the line
    saying why it cannot be resumed (the caller shows it; nothing is changed)."""
    from game.save import load_unfinished
    try:
        loaded = load_unfinished(game)
    except BadInput as e:
        return e.line()
    from game.ui.scenes.flow import resume_game
    resume_game(app, loaded)
    return None


def discard(game: Any) -> str | None:
    """Delete an unfinished game's autosave and its .bak: None, or why not (never a file
    outside the autosave folder)."""
    from game.save import discard as delete
    try:
        if not delete(game.slot):
            return f"Not discarded: {game.slot} is not an autosave"
    except OSError as e:
        return f"The autosave could not be deleted: {e}"
    return None


def ask(app: App, game: Any) -> Any:
    """The "Discard the unfinished game?" confirmation."""
    w, h = app.size
    return pygame_gui.windows.UIConfirmationDialog(
        pygame.Rect(w // 2 - 260, h // 2 - 140, 520, 280), html.escape(discard_question(game)), app.manager,
        window_title="Discard the unfinished game?", action_short_name="Discard")


class UnfinishedScene(Scene):
    """The list of every unfinished game kept, over the menu (which it rebuilds when it
    closes): each row resumes its game; Discard (asks first) deletes one."""

    modal = True

    def __init__(self, app: App, menu: Any) -> None:
        super().__init__(app)
        self.menu = menu
        from game.save import unfinished_games
        self.games = unfinished_games()
        self.rows: dict[Any, Any] = {}  # button -> (what, game)
        self.confirm: Any = None
        self.pending: Any = None  # the game the confirmation is about
        self.dialog: Any = None

    def enter(self) -> None:
        self.menu.exit()  # its buttons go while the list is up; app.pop() builds them again
        w, h = self.app.size
        m = self.app.manager
        n = max(1, len(self.games))
        pw, ph = min(940, w - 60), min(h - 60, 190 + n * ROW_H)
        self.box = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        x, y = self.box.x + 20, self.box.y + 16
        add = self.widgets.append
        add(pygame_gui.elements.UILabel(pygame.Rect(x, y - 6, pw - 40, 66), "Unfinished games", m, object_id="#title"))
        y += 62
        add(pygame_gui.elements.UILabel(
            pygame.Rect(x, y, pw - 40, 28),
            "The last five are kept, newest first; a finished game leaves the list (watch it in Replays).", m))
        y += 40
        self.rows = {}
        if not self.games:
            add(pygame_gui.elements.UILabel(pygame.Rect(x, y, pw - 40, 34), "No unfinished games", m))
        for g in self.games:
            b = pygame_gui.elements.UIButton(pygame.Rect(x, y, pw - 40 - 130, 42), row_label(g), m,
                                             tool_tip_text=html.escape(f"Go on where it was left ({g.path})"),
                                             object_id="#choice")
            self.rows[b] = ("resume", g)
            add(b)
            d = pygame_gui.elements.UIButton(pygame.Rect(self.box.right - 20 - 120, y, 120, 42), "Discard", m,
                                             tool_tip_text="Delete this game's autosave (asks first; your saved "
                                                           "games are kept)")
            self.rows[d] = ("discard", g)
            add(d)
            y += ROW_H
        self.close_b = pygame_gui.elements.UIButton(pygame.Rect(self.box.right - 180, self.box.bottom - 56, 160, 40),
                                                    "Close", m)
        add(self.close_b)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.confirm is not None and self.confirm.alive():
                return False
            self.close()
            return True
        return False

    def on_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
            game, self.pending, self.confirm = self.pending, None, None
            why = discard(game) if game is not None else None
            self.refresh(why)
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.close_b:
            self.close()
        elif event.ui_element in self.rows:
            what, game = self.rows[event.ui_element]
            if what == "discard":
                self.pending = game
                self.confirm = ask(self.app, game)
                self.widgets.append(self.confirm)
            else:
                why = resume(self.app, game)
                if why is not None:
                    self.refresh(why)

    def refresh(self, message: str | None = None) -> None:
        """List again (after a discard, or a game that would not resume), saying why if
        something could not be done; closes when nothing is left."""
        from game.save import unfinished_games
        self.games = unfinished_games()
        if not self.games and message is None:
            self.close()
            return
        self.exit()
        self.enter()
        if message:
            w, h = self.app.size
            self.dialog = pygame_gui.windows.UIMessageWindow(
                pygame.Rect(w // 2 - 300, h // 2 - 140, 600, 280), html.escape(message), self.app.manager,
                window_title="Something could not be done")
            self.widgets.append(self.dialog)

    def close(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.panels import modal_box
        modal_box(surface, self.box)
