"""Results: finishing order, casualties, lives taken, favour and stamina used; for a
Grand Prix the standings across the races with team totals."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.ui import art
from game.ui.app import App, Scene
from game.ui.saving import report_button, save_report

INK = (241, 230, 208)
DIM = (180, 168, 148)
GOLD = (232, 194, 122)


class ResultsScene(Scene):
    def __init__(self, app: App, series: Any, session: Any) -> None:
        super().__init__(app)
        self.series = series
        self.session = session
        self.font = art.font(16)
        self.bold = art.font(18, bold=True)

    def enter(self) -> None:
        w, h = self.app.size
        m = self.app.manager
        s = self.series
        more = s.number < s.races
        title = f"Race {s.number} of {s.races}" if s.races > 1 else "Results"
        self.widgets.append(pygame_gui.elements.UILabel(pygame.Rect(40, 16, 900, 66), title, m, object_id="#title"))
        self.next = pygame_gui.elements.UIButton(pygame.Rect(w - 280, h - 76, 240, 50),
                                                 "Next race" if more else "Main menu", m)
        self.again = None
        if not more:
            self.again = pygame_gui.elements.UIButton(pygame.Rect(w - 540, h - 76, 240, 50), "Race again", m)
            self.widgets.append(self.again)
        self.widgets.append(self.next)
        self.report_b = report_button(self)

    def on_ui(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        from game.ui.wild_race.flow import next_race, start_series
        s = self.series
        if event.ui_element is self.report_b:
            save_report(self)
        elif event.ui_element is self.next:
            if s.number < s.races:
                next_race(self.app, s)
            else:
                from game.ui.scenes.menu import MenuScene
                self.app.replace(MenuScene(self.app))
        elif event.ui_element is self.again:
            start_series(self.app, s.course, s.seats, s.per, s.options, s.races, colours=s.palette,
                         takebacks=s.takebacks)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.table_background((w, h)), (0, 0))
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((10, 8, 6, 170))
        surface.blit(shade, (0, 0))
        st = self.session.state
        out = self.session.outcome()
        pts = self.series.results[-1]["points"] if self.series.results else {}
        y = 100
        heads = ["place", "racer", "player", "status", "lives", "lives taken", "favour used", "stamina used"]
        right = [True, False, False, False, True, True, True, True]
        if pts:
            heads.append("points")
            right.append(True)
        rows: list[tuple[str, list[str]]] = []
        for place, rid in enumerate(out["order"], 1):
            r = st.racers[rid]
            status = "finished" if r.status == "finished" else ("casualty" if r.status == "casualty" else "running")
            cells = [f"{place}.", r.name, st.player_names.get(r.player, r.player), status, str(r.lives),
                     str(r.lives_taken), str(r.favour_spent), str(r.stamina_spent)]
            if pts:
                cells.append(str(pts.get(rid, 0)))
            rows.append((rid, cells))
        xs = self.column_x(heads, [c for _, c in rows])
        self.cells: list[list[pygame.Rect]] = []  # each row's cell rectangles (the tests read them)
        self._row(surface, heads, xs, right, y, self.font, DIM)
        y += 30
        for place, (rid, cells) in enumerate(rows, 1):
            r = st.racers[rid]
            idx = self.series.colours().get(r.player, 0)
            icon = art.racer_sprite(art.player_colour(idx, self.app.settings.colour_blind), idx, 16.0)
            surface.blit(icon, (24, y + 2))
            font = self.bold if place == 1 else self.font
            self.cells.append(self._row(surface, cells, xs, right, y, font, GOLD if place == 1 else INK))
            y += 28
        surface.blit(self.font.render(f"{out['turns']} turns", True, DIM), (60, y + 6))
        if self.series.races > 1:
            self._standings(surface, y + 50)

    def column_x(self, heads: list[str], rows: list[list[str]]) -> list[tuple[int, int]]:
        """Each column's (left, right) x: as wide as its widest cell, in the bold
        font (the winner's row), so every row lines up whatever its font."""
        x, out = 60, []
        for i, head in enumerate(heads):
            w = max([self.font.size(head)[0]] + [self.bold.size(r[i])[0] for r in rows])
            out.append((x, x + w))
            x += w + 22
        return out

    @staticmethod
    def _row(surface: pygame.Surface, cells: list[str], xs: list[tuple[int, int]], right: list[bool], y: int,
             font: pygame.font.Font, colour: tuple[int, int, int]) -> list[pygame.Rect]:
        rects = []
        for text, (x0, x1), r in zip(cells, xs, right):
            t = font.render(text, True, colour)
            rect = t.get_rect(topright=(x1, y)) if r else t.get_rect(topleft=(x0, y))
            surface.blit(t, rect)
            rects.append(rect)
        return rects

    def _standings(self, surface: pygame.Surface, y: int) -> None:
        s = self.series.standings
        tot = s.totals()
        bonus = set(s.bonus_racers())
        st = self.session.state
        surface.blit(self.bold.render("Grand Prix standings", True, GOLD), (60, y))
        y += 32
        order = sorted(tot, key=lambda r: (-tot[r], r))
        names = {rid: st.racers[rid].name if rid in st.racers else rid for rid in order}
        name_w = max([self.font.size(n)[0] for n in names.values()] + [0])
        pts_w = max([self.font.size(str(tot[r]))[0] for r in order] + [0])
        for rid in order:
            surface.blit(self.font.render(names[rid], True, INK), (60, y))
            t = self.font.render(str(tot[rid]), True, INK)
            surface.blit(t, t.get_rect(topright=(60 + name_w + 20 + pts_w, y)))
            if rid in bonus:
                surface.blit(self.font.render("(+10 most lives taken)", True, INK), (60 + name_w + 40 + pts_w, y))
            y += 24
        teams = s.team_totals()
        line = "Teams: " + ", ".join(f"{st.player_names.get(p, p)} {teams[p]}"
                                     for p in sorted(teams, key=lambda p: (-teams[p], p)))
        surface.blit(self.bold.render(line, True, GOLD), (60, y + 8))
