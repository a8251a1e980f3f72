"""The Armies screen's page (game/ui/rrtk/armies.py): what a frame draws. The page
(backdrop, the nation's card, the unit rows, the army on the table, the army panel with
points used and left and the rule check) is composed once per change into one opaque
surface in the display's format; a frame blits it, the dice tray and a tag's tooltip.
A mixin of ArmiesScene: it reads the scene's state and never changes the army."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.ui import art
from game.ui.rrtk import cards, stands
from game.ui.rrtk.rrtkmenu import backdrop

PANEL_TOP = 250  # where the army panel's buttons start, below its words
GLOW = 1.6  # seconds the unit gained stays lit brightest


class ArmyPage:
    """The drawing half of the Armies screen (state: the scene's attributes)."""

    app: Any
    army: Any
    nation: Any
    shown: Any
    mode: str
    muster: Any
    limit: int
    note: str
    note_bad: bool
    gained: int | None
    glow: float
    dice: Any
    dice_rect: pygame.Rect
    mouse: tuple[int, int]
    path: str | None
    saved_army: Any
    row_rects: list[tuple[pygame.Rect, Any]]
    tag_rects: list[tuple[pygame.Rect, str]]
    _page: tuple[Any, pygame.Surface] | None
    _rows: dict[Any, tuple[pygame.Surface, list[Any]]]

    # the scene's own methods
    geometry: Callable[[], dict[str, pygame.Rect]]
    problems: Callable[[], list[str]]
    built_words: Callable[[], str]

    def draw(self, surface: pygame.Surface) -> None:
        """The page (backdrop, card, rows, army panel) is composed once per change into
        one opaque surface in the display's format; a frame blits it, the dice tray and
        the tooltip."""
        g = self.geometry()
        n = self.shown
        cost = self.army.options.unit_cost
        room = self.limit - self.army.points()
        lit = self.gained if self.glow < GLOW * 3 else None
        rows = []
        for r, u in self.row_rects:
            price = u.price(cost)
            hi = lit == u.number and n.id == self.nation.id
            rows.append((r, u, self.army.count(u, n.id), hi, price, self.mode == "purchase" and price > room))
        done = self.muster is not None and self.muster.done
        army_key = (self.army, self.note, self.note_bad, self.mode, done, self.saved_army == self.army, self.path)
        key = (surface.get_size(), n.id, tuple((r.topleft, r.size, c, hi, p, bad) for r, _, c, hi, p, bad in rows),
               army_key, art.UI_SCALE[0])
        if self._page is None or self._page[0] != key:
            self._page = (key, self.compose(surface.get_size(), g, rows))
        surface.blit(self._page[1], (0, 0))
        if self.mode == "recruit" or self.dice.rolls:  # buying throws no dice: no empty tray
            self.dice.draw(surface, self.dice_rect, {})
        self.draw_tooltip(surface)

    def compose(self, size: tuple[int, int], g: dict[str, pygame.Rect], rows: list[Any]) -> pygame.Surface:
        page = pygame.Surface(size)
        backdrop(page)
        page.blit(cards.nation_card(self.nation, g["card"].w, g["card"].h), g["card"])
        self.tag_rects = []
        kept = {}
        for r, u, count, lit, price, refused in rows:
            key = (self.shown.id, u.number, r.size, count, lit, price, refused)
            row, tags = self._rows.get(key) or cards.unit_row(u, r.w, count, highlight=lit, price=price,
                                                               refused=refused, row_h=r.h)
            kept[key] = (row, tags)
            page.blit(row, r)
            self.tag_rects += [(t.move(r.x, r.y), tag) for t, tag in tags]
        self._rows = kept
        if self.shown.id != self.nation.id:  # mixed lists: the rows are another nation's
            words = (f"The {self.shown.name} list (units from any list): + adds its units to the "
                     f"{self.nation.name} army")
            page.blit(cards.fit_text(art.font(14, True), words, g["rows"].w - 8, cards.GOLD),
                      (g["rows"].x + 4, g["rows"].y + 3))
        bottom = rows[-1][0].bottom + 10 if rows else g["rows"].y
        room = pygame.Rect(g["rows"].x, bottom, g["rows"].w, g["rows"].bottom - bottom)
        if room.h >= 110:
            page.blit(cards.army_on_table(self.nation, self.army, room.w, room.h), room)
        page.blit(self._army_panel(g["army"], self.problems()), g["army"])
        try:
            return page.convert()
        except pygame.error:  # no display mode (a bare surface in a tool)
            return page

    def _army_panel(self, a: pygame.Rect, probs: list[str]) -> pygame.Surface:
        army = self.army
        s = cards.panel(a.w, a.h)
        x, y, w = 12, 10, a.w - 24
        title = army.name or "An army"
        if self.path is not None and self.saved_army != army:
            title += " (changed since saved)"
        s.blit(cards.fit_text(art.font(18, True), title, w, cards.GOLD), (x, y))
        y += art.font(18, True).get_linesize()
        how = (f"Bought {self.built_words()}" if self.mode == "purchase" else
               f"Recruited by 2d6 rolls: {self.built_words().removeprefix('recruited: ')}")
        s.blit(cards.fit_text(art.font(13), how, w, cards.DIM), (x, y))
        y += art.font(13).get_linesize() + 6
        bar = cards.points_bar(w, army.points(), self.limit)
        s.blit(bar, (x, y))
        y += bar.get_height() + 2
        caps = army.captains()
        other = sum(au.count for au in army.units if au.nation != army.nation)
        s.blit(cards.fit_text(art.font(13), f"{army.unit_count()} units" + (f" ({other} of other lists)" if other
                                                                             else "") +
                              "  ·  Commander in Chief" + (f" and {caps} Captain{'s' if caps != 1 else ''}"
                                                          if caps else ""), w, cards.INK), (x, y))
        y += art.font(13).get_linesize() + 6
        lines = self.check_lines(probs)
        block = cards.lines_block(lines, w)
        s.blit(block, (x, y), pygame.Rect(0, 0, w, max(0, PANEL_TOP - 10 - y)))
        return s

    def check_lines(self, probs: list[str]) -> list[tuple[str, tuple[int, int, int]]]:
        """The rule check's lines and the last note, each with its colour."""
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if self.mode == "recruit" and self.muster is not None and not self.muster.done:
            lines.append((f"Recruiting: {self.limit - self.army.points()} points to go to {self.limit}", cards.INK))
        elif probs:
            lines += [(f"Breaks a rule: {p}", cards.BAD) for p in probs]
        else:
            lines.append(("Every rule holds: a legal army", cards.GOOD))
        if self.note:
            lines.append((self.note, cards.BAD if self.note_bad else cards.GOLD))
        return lines

    def panel_words(self) -> str:
        """Everything the army panel says, as one text (tests, and what a screen reader would need)."""
        army = self.army
        used = army.points()
        left = self.limit - used
        points = (f"{used} points used, {left} left of {self.limit}" if left >= 0
                  else f"{used} points: {-left} over {self.limit}")
        return "\n".join([army.name, self.built_words(), points, f"{army.unit_count()} units"] +
                         [t for t, _ in self.check_lines(self.problems())])

    def tooltip(self) -> str | None:
        """The rule of the tag icon under the mouse, in words (None: no icon there)."""
        for r, tag in self.tag_rects:
            if r.collidepoint(self.mouse):
                return self._tag_words().get(tag) or stands.tag_words(tag)
        return None

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        """A tag's rule under the mouse, in a box beside it."""
        text = self.tooltip()
        if text is None:
            return
        r = next(r for r, _ in self.tag_rects if r.collidepoint(self.mouse))
        lines = cards.lines_block([(text, cards.INK)], 300)
        box = pygame.Rect(r.x, r.bottom + 6, lines.get_width() + 16, lines.get_height() + 12)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (24, 20, 16), box, border_radius=5)
        pygame.draw.rect(surface, cards.GOLD, box, 1, border_radius=5)
        surface.blit(lines, (box.x + 8, box.y + 6))

    def _tag_words(self) -> dict[str, str]:
        from game.rules.rrtk import lists
        return {t: stands.tag_words(t, lists.TAGS[t].sp) for t in lists.TAGS}
