"""The Doomwheel Race's results: the winner and why (first over the line after the
last lap, or the last wheel running), then every wheel with its laps, checkpoints,
wounds left of its maximum, sabotage points left, the Fanatics, Dammaz-Drengi and
slaves it ran over, the rams it made, and whether it was destroyed.
Race again (same seats and options) or back to the menu."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.ui import art
from game.ui.doomwheel import art as doom_art
from game.ui.doomwheel import words as doom_words
from game.ui.app import App, Scene
from game.ui.saving import report_button, save_report

INK = (241, 230, 208)
DIM = (180, 168, 148)
GOLD = (232, 194, 122)
ICON_X = 110  # the wheel icons' column: right of the places ("1." at 60), left of the names
# (header, x) of each column: place, then the wheel's icon (at ICON_X) and its name, with room between them
COLUMNS = [("place", 60), ("wheel", ICON_X + 64), ("laps", 330), ("checkpoints", 395), ("wounds", 520),
           ("sabotage left", 600), ("Fanatics", 740), ("Dammaz-Drengi", 830), ("slaves", 975), ("rams", 1045),
           ("", 1110)]


def placing(state: Any) -> list[Any]:
    """The wheels in finishing order: the winner, then laps, checkpoints, running, wounds."""
    def key(w: Any) -> tuple[Any, ...]:
        return (w.player != state.winner, -w.laps, -w.next_cp, not w.running, -w.wounds)
    return sorted(state.wheels.values(), key=key)


class DoomResultsScene(Scene):
    def __init__(self, app: App, series: Any, session: Any) -> None:
        super().__init__(app)
        self.series = series
        self.session = session
        self.names = {p: s.name for p, s in session.seats.items()}

    def enter(self) -> None:
        w, h = self.app.size
        m = self.app.manager
        self.widgets.append(pygame_gui.elements.UILabel(pygame.Rect(40, 16, 900, 66), "The Doomwheel Race: results",
                                                        m, object_id="#title"))
        self.menu = pygame_gui.elements.UIButton(pygame.Rect(w - 280, h - 76, 240, 50), "Main menu", m)
        self.again = pygame_gui.elements.UIButton(pygame.Rect(w - 540, h - 76, 240, 50), "Race again", m)
        self.widgets += [self.menu, self.again]
        self.report_b = report_button(self)

    def on_ui(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.report_b:
            save_report(self)
        elif event.ui_element is self.menu:
            from game.ui.scenes.menu import MenuScene
            self.app.replace(MenuScene(self.app))
        elif event.ui_element is self.again:
            from game.ui.doomwheel.flow import next_doom_race
            next_doom_race(self.app, self.series)

    def tally(self) -> dict[str, dict[str, Any]]:
        """From the race's events: the critters each wheel ran over, the rams it made."""
        over: dict[str, list[str]] = {}
        rams: dict[str, int] = {}
        for e in self.session.events:
            if e.kind == "RanOver":
                over.setdefault(e.wheel, []).append(e.critter_kind)
            elif e.kind == "Rammed":
                rams[e.rammer] = rams.get(e.rammer, 0) + 1
        return {"over": over, "rams": rams}

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.table_background((w, h)), (0, 0))
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((10, 8, 6, 170))
        surface.blit(shade, (0, 0))
        st = self.session.state
        out = self.session.outcome()
        big, bold, font = art.font(26, bold=True), art.font(18, bold=True), art.font(16)
        colours = self.series.colours()
        y = 100
        if out["winner"]:
            idx = colours.get(out["winner"], 0)
            spr = doom_art.wheel_sprite(art.player_colour(idx, self.app.settings.colour_blind), idx, 40.0,
                                        st.wheels[out["winner"]].length, st.wheels[out["winner"]].width)
            surface.blit(spr, (60, y))
            surface.blit(big.render(f"{self.names.get(out['winner'], out['winner'])} wins!", True, GOLD),
                         (60 + spr.get_width() + 24, y + 8))
            surface.blit(font.render(doom_words.reason_text(out["reason"]) + f", after {out['turns']} turns", True,
                                     INK), (60 + spr.get_width() + 24, y + 48))
        else:
            surface.blit(big.render("A draw", True, GOLD), (60, y + 8))
            surface.blit(font.render(doom_words.reason_text(out["reason"]) + f", after {out['turns']} turns", True,
                                     INK), (60, y + 48))
        y += 120
        cols = COLUMNS
        tally = self.tally()
        for name, x in cols:
            surface.blit(font.render(name, True, DIM), (x, y))
        y += 30
        n_cp = len(st.course.checkpoints)
        for place, wh in enumerate(placing(st), 1):
            idx = colours.get(wh.player, 0)
            icon = doom_art.wheel_sprite(art.player_colour(idx, self.app.settings.colour_blind), idx, 12.0,
                                         wh.length, wh.width, wrecked=not wh.running)
            surface.blit(icon, (ICON_X, y + 12 - icon.get_height() // 2))
            cells = [f"{place}.", self.names.get(wh.player, wh.id)[:16], f"{wh.laps}/{st.options.laps}",
                     f"{wh.next_cp}/{n_cp}", f"{wh.wounds}/{wh.max_wounds}", str(wh.sabotage),
                     *(str(tally["over"].get(wh.id, []).count(k)) for k in ("fanatic", "slayer", "slave")),
                     str(tally["rams"].get(wh.id, 0)), "destroyed" if not wh.running else ""]
            f = bold if place == 1 else font
            for (_, x), cell in zip(cols, cells):
                surface.blit(f.render(cell, True, GOLD if place == 1 else INK), (x, y))
            y += 32
