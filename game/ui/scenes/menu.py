"""The main menu: new races; the newest unfinished game (game.save.unfinished_games:
every game autosaves into a file of its own, the last five kept) as "Resume ..." with
"Discard" beside it (asks first, then deletes that game's autosave and its .bak, never
a save of the player's own) and, when there are more, "Unfinished (N)..." listing them
all (game/ui/scenes/resume.py); Load game, Replays, the editor and settings. Coming
up, it clears temporary files a killed write left in the data folders."""

from __future__ import annotations

import html
from typing import Any

import pygame
import pygame_gui

from game.core import registry
from game.ui import art
from game.ui.app import App, Scene


def race_entries() -> list[dict[str, Any]]:
    """Every ruleset's main-menu entries (its ui room's `menu` window part: label,
    order, tip, scene and its arguments), in their order: a new ruleset adds its own
    without a change here."""
    registry.load("ui")
    entries = [e for reg in registry.every(all=True) for e in reg.window.get("menu", ())]
    return sorted(entries, key=lambda e: e.get("order", 100))


class MenuScene(Scene):
    def __init__(self, app: App, message: str = "") -> None:
        super().__init__(app)
        self.message = message or (app.settings_error or "")
        self.games: list[Any] = []  # the unfinished games to offer, newest first (game.save.Unfinished)
        self.confirm: Any = None  # "Discard the unfinished game?"
        self.note = ""  # said where the offer was, once it is discarded
        try:
            from game.save.files import clean_stale_temps
            clean_stale_temps()
        except OSError:  # pragma: no cover - each folder's own errors are ignored already
            pass

    def list_games(self) -> None:
        try:
            from game.save import unfinished_games
            self.games = unfinished_games()
        except (OSError, ValueError) as e:  # an unreadable data folder: no offer, say why
            self.games = []
            self.message = self.message or f"The autosave could not be read: {e}"

    @property
    def resume(self) -> Any:
        """The newest unfinished game (game.save.Unfinished), or None."""
        return self.games[0] if self.games else None

    def enter(self) -> None:
        w, h = self.app.size
        m = self.app.manager
        x = w // 2 - 160
        y = h // 2 - 220
        self.widgets.append(pygame_gui.elements.UILabel(pygame.Rect(x - 100, y - 124, 520, 80), "Wild Table", m,
                                                        object_id="#title"))
        titles = [r.title for r in registry.every(all=True)]
        both = ", ".join(titles[:-1]) + " and " + titles[-1] if len(titles) > 1 else "".join(titles)
        self.widgets.append(pygame_gui.elements.UILabel(pygame.Rect(x - 180, y - 50, 680, 30),
                                                        f"{both}, on the tabletop", m, object_id="#subtitle"))
        self.buttons = {}
        self.list_games()
        if self.resume is not None:
            self.resume_row(y)
            y += 58
        elif self.note:
            self.widgets.append(pygame_gui.elements.UILabel(pygame.Rect(w // 2 - 330, y, 660, 44), self.note, m))
            y += 58
        self.entries = race_entries()
        items: list[tuple[str, str, bool, str]] = [
            (f"race:{i}", e["label"], True, e.get("tip", "")) for i, e in enumerate(self.entries)]
        items += [("load", "Load game", True, "Go on with a saved game (Ctrl+O in a race)"),
                 ("replays", "Replays", True, "Watch a finished game again"),
                 ("editor", "Course editor", True, ""),
                 ("settings", "Settings", True, ""), ("quit", "Quit", True, "")]
        for i, (key, label, enabled, tip) in enumerate(items):
            b = pygame_gui.elements.UIButton(pygame.Rect(x, y + i * 50, 320, 42), label, m,
                                             tool_tip_text=tip or None)
            if not enabled:
                b.disable()
            self.buttons[b] = key
            self.widgets.append(b)
        if self.message:  # a problem to report (a course that would not load, bad settings)
            self.dialog = pygame_gui.windows.UIMessageWindow(
                pygame.Rect(w // 2 - 260, h // 2 - 130, 520, 260), html.escape(self.message), m,
                window_title="Something could not be loaded")
            self.widgets.append(self.dialog)
            self.message = ""

    def resume_row(self, y: int) -> None:
        """Resume the newest unfinished game, Discard it, and (more than one) the list."""
        from game.ui.scenes.resume import resume_label, row_label
        w = self.app.size[0]
        m = self.app.manager
        g = self.resume
        more = len(self.games) > 1
        dw, lw = (100, 150) if more else (150, 0)
        rw = min(600 if not more else 580, w - 40 - dw - (10 + lw if more else 0) - 10)
        x = w // 2 - (rw + 10 + dw + (10 + lw if more else 0)) // 2
        b = pygame_gui.elements.UIButton(pygame.Rect(x, y, rw, 44), resume_label(g), m,
                                         tool_tip_text=html.escape(f"{row_label(g)}: go on where you left it"),
                                         object_id="#resume")
        font = getattr(b, "font", None)
        if font is not None and font.size(resume_label(g))[0] > rw - 20:  # a narrow window: the short words
            b.set_text(resume_label(g, brief=True))
        self.buttons[b] = "resume"
        self.widgets.append(b)
        b = pygame_gui.elements.UIButton(pygame.Rect(x + rw + 10, y, dw, 44), "Discard", m,
                                         tool_tip_text="Delete this unfinished game's autosave "
                                                       "(asks first; your saved games are kept)")
        self.buttons[b] = "discard"
        self.widgets.append(b)
        if more:
            b = pygame_gui.elements.UIButton(pygame.Rect(x + rw + dw + 20, y, lw, 44),
                                             f"Unfinished ({len(self.games)})...", m,
                                             tool_tip_text="Every unfinished game kept (the last five): resume or "
                                                           "discard any")
            self.buttons[b] = "unfinished"
            self.widgets.append(b)

    def on_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
            self.discard_resume()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons:
            return
        key = self.buttons[event.ui_element]
        if key == "discard" and self.resume is not None:
            self.ask_discard()
        elif key == "resume" and self.resume is not None:
            from game.ui.scenes.resume import resume
            why = resume(self.app, self.resume)
            if why is not None:  # it would not load: say why, offer what is left
                self.message = why
                self.resized()
        elif key == "unfinished":
            from game.ui.scenes.resume import UnfinishedScene
            self.app.push(UnfinishedScene(self.app, self))
        elif key in ("load", "replays"):
            from game.ui.scenes.load import LoadScene
            self.app.replace(LoadScene(self.app, replays=key == "replays"))
        elif key.startswith("race:"):  # a ruleset's entry: the scene its ui room names
            entry = self.entries[int(key[5:])]
            self.app.replace(registry.resolve(entry["scene"])(self.app, **entry.get("args", {})))
        elif key == "editor":
            from game.ui.scenes.editor import EditorScene
            self.app.replace(EditorScene(self.app))
        elif key == "settings":
            from game.ui.scenes.settings_scene import SettingsScene
            self.app.replace(SettingsScene(self.app))
        elif key == "quit":
            self.app.running = False

    # --- discarding the unfinished game ----------------------------------------------------
    def ask_discard(self) -> None:
        from game.ui.scenes.resume import ask
        self.confirm = ask(self.app, self.resume)
        self.widgets.append(self.confirm)

    def discard_resume(self) -> None:
        """Delete the newest unfinished game's autosave and its .bak (only a file in the
        autosave folder: a save of the player's own is never deleted)."""
        from game.ui.scenes.resume import discard
        g, self.confirm = self.resume, None
        if g is None:
            return
        why = discard(g)
        if why is None:
            self.note = "The unfinished game was discarded."
        else:
            self.message = why
        self.resized()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.table_background((w, h), keep=True), (0, 0))  # kept on disk: a fast next launch
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((10, 8, 6, 110))
        surface.blit(shade, (0, 0))
        for i in range(8):
            spr = art.racer_sprite(art.player_colour(i, self.app.settings.colour_blind), i, 26.0)
            rot = pygame.transform.rotate(spr, 8 * (i % 3) - 8)
            surface.blit(rot, (w // 2 - 380 + i * 96, h - 150 + (i % 2) * 22))
