"""Saved armies (from the Armies screen): the army files in the per-user armies
folder, newest first; Load one (a file that will not load gives a dialog with the
reason and changes nothing), Rename it (the name typed in the box) or Delete it
(asks first). Close goes back to the army being built."""

from __future__ import annotations

import html
import os
import time
from typing import Any

import pygame
import pygame_gui

from game.ui import art
from game.ui.app import App, Scene
from game.ui.panels import GOLD, fit_text, modal_box
from game.ui.rrtk import armystore


class ArmyFilesScene(Scene):
    modal = True

    def __init__(self, app: App, owner: Any) -> None:
        super().__init__(app)
        self.owner = owner  # the Armies screen
        self.files: list[armystore.Saved] = []
        self.chosen: armystore.Saved | None = None
        self.confirm: Any = None
        self.dialog: Any = None
        self.note = ""

    def label(self, f: armystore.Saved) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(f.mtime))
        return f"{f.name}  ({when})"

    def enter(self) -> None:
        w, h = self.app.size
        m = self.app.manager
        self.files = armystore.listing()
        if self.chosen is not None and self.chosen.path not in {f.path for f in self.files}:
            self.chosen = None
        pw, ph = min(760, w - 80), min(560, h - 80)
        self.box = pygame.Rect(w // 2 - pw // 2, h // 2 - ph // 2, pw, ph)
        x, y = self.box.x + 20, self.box.y + 16
        self.widgets.append(pygame_gui.elements.UILabel(pygame.Rect(x, y, pw - 40, 34), "Saved armies", m,
                                                        object_id="#subtitle"))
        y += 44
        labels: list[str | tuple[str, str]] = [self.label(f) for f in self.files]
        chosen = self.label(self.chosen) if self.chosen is not None else None
        self.list = pygame_gui.elements.UISelectionList(pygame.Rect(x, y, pw - 40, ph - 210), labels, m,
                                                        default_selection=chosen)
        self.widgets.append(self.list)
        y += ph - 200
        self.entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, pw - 40 - 170, 36), m,
                                                         placeholder_text="A new name for the chosen army")
        self.entry.set_text(self.chosen.name if self.chosen is not None else "")
        self.widgets.append(self.entry)
        self.rename_b = pygame_gui.elements.UIButton(pygame.Rect(x + pw - 40 - 160, y, 160, 36), "Rename", m,
                                                     tool_tip_text="Give the chosen army the name in the box")
        self.widgets.append(self.rename_b)
        y += 48
        bw = (pw - 40 - 30) // 4
        self.load_b = pygame_gui.elements.UIButton(pygame.Rect(x, y, bw, 40), "Load", m)
        self.delete_b = pygame_gui.elements.UIButton(pygame.Rect(x + bw + 10, y, bw, 40), "Delete", m,
                                                     tool_tip_text="Delete the chosen army's file (asks first)")
        self.close_b = pygame_gui.elements.UIButton(pygame.Rect(x + 3 * (bw + 10), y, bw, 40), "Close", m)
        self.widgets += [self.load_b, self.delete_b, self.close_b]
        for b in (self.load_b, self.delete_b, self.rename_b):
            if self.chosen is None:
                b.disable()
        self.note_y = y + 50
        if not self.files:
            self.note = self.note or "No saved armies yet: Save on the Armies screen keeps one here."

    def on_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            for f in self.files:
                if self.label(f) == event.text:
                    self.chosen = f
            self.resized()
            return
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
            self.confirm = None
            if self.chosen is not None:
                why = armystore.delete(self.chosen.path)
                self.note = why or f"{self.chosen.name} deleted."
                self.chosen = None
            self.resized()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        el = event.ui_element
        if el is self.close_b:
            self.app.pop()
        elif el is self.load_b and self.chosen is not None:
            self.load(self.chosen.path)
        elif el is self.rename_b and self.chosen is not None:
            self.rename(self.entry.get_text())
        elif el is self.delete_b and self.chosen is not None:
            w, h = self.app.size
            self.confirm = pygame_gui.windows.UIConfirmationDialog(
                pygame.Rect(w // 2 - 240, h // 2 - 110, 480, 220),
                html.escape(f"Delete the army file {os.path.basename(self.chosen.path)}? This cannot be undone."),
                self.app.manager, window_title="Delete this army?", action_short_name="Delete")
            self.widgets.append(self.confirm)

    def load(self, path: str) -> None:
        """Load into the Armies screen and close; a bad file: a dialog, nothing changes."""
        army, why = armystore.load(path)
        if army is None:
            w, h = self.app.size
            self.dialog = pygame_gui.windows.UIMessageWindow(pygame.Rect(w // 2 - 280, h // 2 - 130, 560, 260),
                                                             html.escape(why), self.app.manager,
                                                             window_title="That army file will not load")
            self.widgets.append(self.dialog)
            return
        self.app.pop()
        self.owner.adopt(army, path)

    def rename(self, name: str) -> None:
        assert self.chosen is not None
        new_path, why = armystore.rename(self.chosen.path, name)
        if new_path is not None:
            if self.owner.path == self.chosen.path:
                self.owner.renamed(new_path, name)
            self.chosen = armystore.Saved(new_path, os.path.basename(new_path)[: -len(armystore.SUFFIX)],
                                          os.path.getmtime(new_path))
        self.note = why or f"Renamed to {' '.join(name.split())}."
        self.resized()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.confirm is None:
            self.app.pop()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        modal_box(surface, self.box)
        if self.note:
            surface.blit(fit_text(art.font(13), self.note, self.box.w - 40, GOLD),
                         (self.box.x + 20, self.note_y))
