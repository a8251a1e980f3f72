"""The main menu: new races, "Resume unfinished game" when the autosave holds one
(game.save.find_unfinished_autosave) with "Discard" beside it (asks first, then
deletes the autosave and its .bak, never a save of the player's own), Load game,
Replays, the editor and settings."""

from __future__ import annotations

import html
import os
from typing import Any

import pygame
import pygame_gui

from game.ui import art
from game.ui.app import App, Scene


class MenuScene(Scene):
    def __init__(self, app: App, message: str = "") -> None:
        super().__init__(app)
        self.message = message or (app.settings_error or "")
        self.resume: Any = None  # the unfinished autosaved game to offer (a LoadedGame)
        self.confirm: Any = None  # "Discard the unfinished game?"
        self.note = ""  # said where the offer was, once it is discarded
        try:
            from game.save import find_unfinished_autosave
            self.resume = find_unfinished_autosave()
        except (OSError, ValueError) as e:  # an unreadable data folder: no offer, say why
            self.message = self.message or f"The autosave could not be read: {e}"

    def resume_label(self) -> tuple[str, str]:
        from game.ui.scenes.load import RULESET_NAMES
        g = self.resume
        course = str(g.record.setup.course.get("name", "")) or "a course"
        when = g.saved_at.replace("T", " ").replace("Z", " UTC") if g.saved_at else "earlier"
        return f"Resume unfinished game ({course}, turn {g.turn}, {when})", RULESET_NAMES.get(g.ruleset, g.ruleset)

    def enter(self) -> None:
        w, h = self.app.size
        m = self.app.manager
        x = w // 2 - 160
        y = h // 2 - 220
        self.widgets.append(pygame_gui.elements.UILabel(pygame.Rect(x - 100, y - 124, 520, 80), "Wild Table", m,
                                                        object_id="#title"))
        self.widgets.append(pygame_gui.elements.UILabel(pygame.Rect(x - 180, y - 50, 680, 30),
                                                        "The Wild Race and The Doomwheel Race, on the tabletop", m,
                                                        object_id="#subtitle"))
        self.buttons = {}
        if self.resume is not None:
            label, ruleset = self.resume_label()
            b = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - 380, y, 600, 44), label, m,
                                             tool_tip_text=f"{ruleset}: go on where the autosave left it",
                                             object_id="#resume")
            self.buttons[b] = "resume"
            self.widgets.append(b)
            b = pygame_gui.elements.UIButton(pygame.Rect(w // 2 + 230, y, 150, 44), "Discard", m,
                                             tool_tip_text="Delete this unfinished game's autosave and start fresh "
                                                           "(asks first; your saved games are kept)")
            self.buttons[b] = "discard"
            self.widgets.append(b)
            y += 58
        elif self.note:
            self.widgets.append(pygame_gui.elements.UILabel(pygame.Rect(w // 2 - 330, y, 660, 44), self.note, m))
            y += 58
        items = [("new", "New race", True, ""), ("gp", "New Grand Prix", True, ""),
                 ("doom", "Doomwheel Race", True, "Giant rat-driven wheels race laps of a figure of eight"),
                 ("load", "Load game", True, "Go on with a saved game (Ctrl+O in a race)"),
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
            from game.ui.scenes.flow import resume_game
            loaded, self.resume = self.resume, None
            resume_game(self.app, loaded)
        elif key in ("load", "replays"):
            from game.ui.scenes.load import LoadScene
            self.app.replace(LoadScene(self.app, replays=key == "replays"))
        elif key in ("new", "gp"):
            from game.ui.scenes.setup import SetupScene
            self.app.replace(SetupScene(self.app, grand_prix=key == "gp"))
        elif key == "doom":
            from game.ui.scenes.doom_setup import DoomSetupScene
            self.app.replace(DoomSetupScene(self.app))
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
        w, h = self.app.size
        course = str(self.resume.record.setup.course.get("name", "")) or "a course"
        self.confirm = pygame_gui.windows.UIConfirmationDialog(
            pygame.Rect(w // 2 - 260, h // 2 - 140, 520, 280),
            html.escape(f"Discard the unfinished game on {course} (turn {self.resume.turn})? Its autosave is "
                        "deleted and it cannot be resumed. Your saved games (Load game) are not touched."),
            self.app.manager, window_title="Discard the unfinished game?", action_short_name="Discard")
        self.widgets.append(self.confirm)

    def discard_resume(self) -> None:
        """Delete the autosave and its .bak (game.save.discard_autosave), only if the
        game offered is one of those two files: a save of the player's own is never deleted."""
        from game.save import discard_autosave
        from game.save.savefile import autosave_path
        g, self.resume, self.confirm = self.resume, None, None
        if g is None:
            return
        auto = os.path.realpath(autosave_path())
        if os.path.realpath(g.path) not in (auto, auto + ".bak"):
            self.resume, self.message = g, f"Not discarded: {g.path} is not the autosave"
        else:
            try:
                discard_autosave()
                self.note = "The unfinished game was discarded."
            except OSError as e:  # offer what is left, and say why
                from game.save import find_unfinished_autosave
                self.message = f"The autosave could not be deleted: {e}"
                self.resume = find_unfinished_autosave()
        self.resized()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.table_background((w, h)), (0, 0))
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((10, 8, 6, 110))
        surface.blit(shade, (0, 0))
        for i in range(8):
            spr = art.racer_sprite(art.player_colour(i, self.app.settings.colour_blind), i, 26.0)
            rot = pygame.transform.rotate(spr, 8 * (i % 3) - 8)
            surface.blit(rot, (w // 2 - 380 + i * 96, h - 150 + (i % 2) * 22))
