"""Pause: resume, save (Ctrl+S), load (Ctrl+O), back to the main menu."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.ui.app import App, Scene


class PauseScene(Scene):
    modal = True

    def __init__(self, app: App, race: Any) -> None:
        super().__init__(app)
        self.race = race

    def enter(self) -> None:
        w, h = self.app.size
        m = self.app.manager
        x, y = w // 2 - 140, h // 2 - 120
        self.title = pygame_gui.elements.UILabel(pygame.Rect(x - 60, y - 10, 400, 66), "Paused", m, object_id="#title")
        self.resume = pygame_gui.elements.UIButton(pygame.Rect(x, y + 70, 280, 44), "Resume", m)
        self.save = pygame_gui.elements.UIButton(pygame.Rect(x, y + 124, 280, 44), "Save game (Ctrl+S)", m)
        self.load = pygame_gui.elements.UIButton(pygame.Rect(x, y + 178, 280, 44), "Load game (Ctrl+O)", m)
        self.menu = pygame_gui.elements.UIButton(pygame.Rect(x, y + 232, 280, 44), "Quit to main menu", m)
        self.widgets += [self.title, self.resume, self.save, self.load, self.menu]
        if getattr(getattr(self.race, "session", None), "recorded_game", None) is None:  # e.g. the editor's test race
            self.save.disable()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def on_ui(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.resume:
            self.app.pop()
        elif event.ui_element is self.save:
            from game.ui.saving import save_now
            self.app.pop()
            save_now(self.race)  # the note over the table says where
        elif event.ui_element is self.load:
            from game.ui.scenes.load import LoadScene
            self.app.pop()
            self.app.push(LoadScene(self.app, over=self.race))
        elif event.ui_element is self.menu:
            from game.ui.scenes.menu import MenuScene
            session = getattr(self.race, "session", None)
            if session is not None:
                from game.ui.saving import autosave_now
                autosave_now(session)  # the menu offers to resume from exactly here
                session.close()
            self.app.replace(MenuScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
