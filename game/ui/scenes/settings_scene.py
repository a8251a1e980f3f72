"""Settings: UI scale, full screen, animation speed, volume, colour-blind palette,
inch grid, first-game hints (on again: every hint once more), and the players who
never want to be asked about favour."""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui import art
from game.ui.app import Scene


class SettingsScene(Scene):
    def enter(self) -> None:
        m = self.app.manager
        s = self.app.settings
        w, h = self.app.size
        add = self.widgets.append
        add(pygame_gui.elements.UILabel(pygame.Rect(40, 16, 600, 66), "Settings", m, object_id="#title"))
        rows = [
            ("UI scale", "ui_scale", ["0.75", "1.0", "1.25", "1.5"], f"{s.ui_scale:g}"),
            ("Full screen (F11)", "fullscreen", ["off", "on"], "on" if s.fullscreen else "off"),
            ("Animation speed", "animation_speed", ["0.5", "1.0", "2.0", "4.0"], f"{s.animation_speed:g}"),
            ("Volume", "volume", ["0.0", "0.3", "0.7", "1.0"], f"{s.volume:g}"),
            ("Colour-blind palette", "colour_blind", ["off", "on"], "on" if s.colour_blind else "off"),
            ("Inch grid on the table (G)", "grid", ["off", "on"], "on" if s.grid else "off"),
            ("First-game hints", "hints", ["on", "off"], "on" if s.hints else "off"),
        ]
        self.dds = {}
        y = 100
        for label, key, values, cur in rows:
            add(pygame_gui.elements.UILabel(pygame.Rect(40, y, 300, 32), label, m))
            if cur not in values:
                values = values + [cur]
            dd = pygame_gui.elements.UIDropDownMenu(values, cur, pygame.Rect(350, y, 160, 32), m)
            self.dds[dd] = key
            add(dd)
            y += 42
        keep_label = pygame_gui.elements.UILabel(pygame.Rect(40, y, 300, 32), "Always keep favour for", m)
        keep_label.set_tooltip("Players (names, separated by commas) whose favour offers are answered "
                               "'keep' at once, so the race does not stop to ask them")
        add(keep_label)
        self.keep = pygame_gui.elements.UITextEntryLine(pygame.Rect(350, y, 400, 32), m)
        self.keep.set_tooltip("player names, separated by commas")
        self.keep.set_text(", ".join(s.auto_keep_favour))
        add(self.keep)
        self.done = pygame_gui.elements.UIButton(pygame.Rect(w - 250, h - 76, 210, 50), "Save and back", m)
        add(self.done)

    def on_ui(self, event: pygame.event.Event) -> None:
        s = self.app.settings
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.dds:
            key = self.dds[event.ui_element]
            v = event.text
            if key in ("fullscreen", "colour_blind", "grid", "hints"):
                if key == "fullscreen" and (v == "on") != s.fullscreen:
                    self.app.toggle_fullscreen()
                elif key == "hints" and v == "on" and not s.hints:
                    s.hints, s.hints_seen = True, []  # on again: every hint once more
                else:
                    setattr(s, key, v == "on")
            elif key == "ui_scale":
                self.app.set_ui_scale(float(v))
            else:
                setattr(s, key, float(v))
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.done:
            s.auto_keep_favour = [x.strip() for x in self.keep.get_text().split(",") if x.strip()]
            try:
                s.save()
            except OSError:
                pass
            from game.ui.scenes.menu import MenuScene
            self.app.replace(MenuScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.table_background((w, h)), (0, 0))
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((10, 8, 6, 160))
        surface.blit(shade, (0, 0))
