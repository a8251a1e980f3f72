"""Rally Round the King's own menu (main menu -> Rally Round the King): Armies (the
battle comes later) and Back, over two battle lines of stands; and the darkened table
the Armies screen is drawn on (`backdrop`)."""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui import art
from game.ui.app import Scene
from game.ui.rrtk import stands


class RrtkMenuScene(Scene):
    """Rally Round the King's own menu: Armies (the battle comes later), Back."""

    def enter(self) -> None:
        w, h = self.app.size
        m = self.app.manager
        x, y = w // 2 - 160, h // 2 - 120
        self.widgets.append(pygame_gui.elements.UILabel(pygame.Rect(x - 200, y - 110, 720, 70),
                                                        "Rally Round the King", m, object_id="#title"))
        self.widgets.append(pygame_gui.elements.UILabel(
            pygame.Rect(x - 200, y - 40, 720, 30), "Fantasy mass battles: build your army from the book's 44 lists",
            m, object_id="#subtitle"))
        self.armies = pygame_gui.elements.UIButton(pygame.Rect(x, y + 10, 320, 44), "Armies", m,
                                                   tool_tip_text="Pick a nation, build an army by purchase or by "
                                                                 "recruiting rolls, save it, print its sheet")
        self.back = pygame_gui.elements.UIButton(pygame.Rect(x, y + 64, 320, 44), "Back", m)
        self.widgets += [self.armies, self.back]

    def on_ui(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.armies:
            from game.ui.rrtk.armies import ArmiesScene
            self.app.replace(ArmiesScene(self.app))
        elif event.ui_element is self.back:
            from game.ui.scenes.menu import MenuScene
            self.app.replace(MenuScene(self.app))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from game.ui.scenes.menu import MenuScene
            self.app.replace(MenuScene(self.app))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface)
        w, h = surface.get_size()
        # two battle lines face each other across the table: red above, blue below
        line = (("melee", False, ("Pike",), 4), ("melee", True, ("Shock",), 3), ("missile", False, (), 3),
                ("melee", False, (), 4), ("skirmish", True, (), 2), ("melee", False, ("Pike",), 4))
        step = 118
        x0 = w // 2 - step * len(line) // 2 + 8
        for i, (purpose, mounted, tags, figs) in enumerate(line):
            for side, y, facing in ((0, 34, 180), (1, h - 150, 0)):
                img = stands.stand_surface(figs, mounted, purpose, tags, art.player_colour(side), 100,
                                           facing=facing, marker=side, ac=4)
                surface.blit(img, (x0 + i * step, y + (80 - img.get_height()) // 2))


def backdrop(surface: pygame.Surface) -> None:
    surface.blit(_shaded(surface.get_size()), (0, 0))


_SHADED: dict[tuple[int, int], pygame.Surface] = {}


def _shaded(size: tuple[int, int]) -> pygame.Surface:
    """The main menu's table (cached: drawn already), darkened, in the display's format."""
    if size not in _SHADED:
        s = art.table_background(size).copy()
        shade = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill((10, 8, 6, 120))
        s.blit(shade, (0, 0))
        try:
            s = s.convert()
        except pygame.error:
            pass
        _SHADED.clear()
        _SHADED[size] = s
    return _SHADED[size]
