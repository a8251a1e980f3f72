"""High-rate panels drawn straight into cached surfaces (CONTRACTS §8): the phase
banner, the roster of racer sheets, the dice tray and the event log."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import art

INK = (241, 230, 208)
DIM = (170, 158, 138)
PANEL = (35, 28, 22)
EDGE = (120, 94, 60)
GOLD = (232, 194, 122)
RED = (230, 110, 90)


def _panel(w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((*PANEL, 235))
    pygame.draw.rect(s, EDGE, s.get_rect(), 2, border_radius=6)
    return s


def panel(w: int, h: int) -> pygame.Surface:
    """A panel's background: dark, a little see-through, with its edge (at least 1x1)."""
    return _panel(max(1, w), max(1, h))


def modal_box(surface: pygame.Surface, box: pygame.Rect, edge: tuple[int, int, int] = (150, 116, 72),
              shade: int = 150) -> None:
    """A dialog scene's box over the darkened scene below it."""
    dark = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    dark.fill((0, 0, 0, shade))
    surface.blit(dark, (0, 0))
    pygame.draw.rect(surface, PANEL, box, border_radius=8)
    pygame.draw.rect(surface, edge, box, 2, border_radius=8)


class Banner:
    @property
    def font(self) -> pygame.font.Font:
        return art.font(18, bold=True)

    @property
    def small(self) -> pygame.font.Font:
        return art.font(13)

    def __init__(self) -> None:
        self._key: Any = None
        self._surf: pygame.Surface | None = None

    def draw(self, target: pygame.Surface, rect: pygame.Rect, title: str, line: str) -> None:
        key = (rect.size, title, line, art.UI_SCALE[0])
        if key != self._key:
            s = _panel(rect.w, rect.h)
            top = 4
            s.blit(self.font.render(title, True, GOLD), (12, top))
            y0 = top + self.font.get_linesize()
            font, rows = self.fit_line(line, rect.w - 20, rect.h - y0 - 2)
            for i, text in enumerate(rows):
                s.blit(font.render(text, True, INK), (12, y0 + i * font.get_linesize()))
            self._surf, self._key = s, key
        assert self._surf is not None
        target.blit(self._surf, rect)

    @staticmethod
    def fit_line(line: str, width: int, height: int) -> tuple[pygame.font.Font, list[str]]:
        """The line whole, never cut off mid-word: wrapped onto as many rows as fit
        the height, at the largest size (13 down to 10) that holds all of it."""
        font = art.font(13)
        rows = [line]
        for size in (13, 12, 11, 10):
            font = art.font(size)
            rows = wrap(font, line, width)
            if len(rows) * font.get_linesize() <= height:
                return font, rows
        most = max(1, height // font.get_linesize())
        if len(rows) > most:
            rows = rows[:most]
            rows[-1] = rows[-1].rstrip(" .,;:") + "..."
        return font, rows


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Word-wrap `text` to `width` pixels (a word longer than the width stays whole);
    a newline starts a new row."""
    if "\n" in text:
        return [row for part in text.split("\n") for row in wrap(font, part, width)]
    rows: list[str] = []
    cur = ""
    for word in text.split(" "):
        trial = f"{cur} {word}" if cur else word
        if font.size(trial)[0] <= width or not cur:
            cur = trial
        else:
            rows.append(cur)
            cur = word
    rows.append(cur)
    return rows


class Roster:
    """One line per racer: marker, name, lives, favour, stamina, penalty, whip, state."""

    @property
    def font(self) -> pygame.font.Font:
        return art.font(13, bold=True)

    @property
    def small(self) -> pygame.font.Font:
        return art.font(12)

    def __init__(self, colours: dict[str, int], colour_blind: bool) -> None:
        self.colours = colours
        self.colour_blind = colour_blind
        self._key: Any = None
        self._surf: pygame.Surface | None = None

    def sheet(self, r: Any) -> tuple[Any, ...]:
        return (r.id, r.lives, r.favour, r.stamina, r.penalty_accrued, r.penalty_in_effect, r.has_whip, r.lockout,
                r.status, r.favour_used)

    def draw(self, target: pygame.Surface, rect: pygame.Rect, state: Any, active: str | None) -> None:
        key = (rect.size, tuple(self.sheet(r) for r in state.racers.values()), active, tuple(state.finish_order),
               art.UI_SCALE[0])
        if key != self._key:
            self._surf = self._render(rect, state, active)
            self._key = key
        assert self._surf is not None
        target.blit(self._surf, rect)

    @staticmethod
    def _lives(s: pygame.Surface, x: int, y: int, lives: int, most: int) -> None:
        """Lives as small hearts (filled) out of the racer's starting lives."""
        for i in range(max(most, lives)):
            cx = x + i * 14
            col = (214, 64, 58) if i < lives else (90, 74, 60)
            pygame.draw.circle(s, col, (cx + 3, y + 4), 3)
            pygame.draw.circle(s, col, (cx + 8, y + 4), 3)
            pygame.draw.polygon(s, col, [(cx, y + 5), (cx + 11, y + 5), (cx + 5.5, y + 11)])

    def _render(self, rect: pygame.Rect, state: Any, active: str | None) -> pygame.Surface:
        s = _panel(rect.w, rect.h)
        y = 8
        line = self.small.get_linesize()
        s.blit(self.small.render("racers: lives, favour, stamina, next-move penalty", True, DIM), (10, y))
        y += line + 2
        for r in state.racers.values():
            if y + 2 * line > rect.h:
                break
            idx = self.colours.get(r.player, 0)
            col = art.player_colour(idx, self.colour_blind)
            icon = art.racer_sprite(col, idx, 14.0, r.length, r.width, None)
            s.blit(icon, (10, y + 2))
            if r.player == active and r.racing:
                pygame.draw.rect(s, GOLD, pygame.Rect(4, y, rect.w - 8, 2 * line - 2), 1, border_radius=4)
            name_col = INK if r.racing else DIM
            s.blit(self.font.render(r.name[:12], True, name_col), (42, y))
            self._lives(s, rect.w - 150, y + 3, r.lives, r.max_lives)
            pen = r.penalty_accrued + r.penalty_in_effect
            stats = f"F{r.favour} S{r.stamina}" + (f" -{pen}\"" if pen else "")
            s.blit(self.small.render(stats, True, INK), (rect.w - 92, y + 1))
            status = {"finished": f"finished #{state.finish_order.index(r.id) + 1}" if r.id in state.finish_order
                      else "finished", "casualty": "casualty"}.get(r.status, "")
            notes = []
            if not r.has_whip:
                notes.append("no whip")
            if r.lockout != "none":
                notes.append(f"locked ({r.lockout})")
            if r.favour_used:
                notes.append("favour used")
            if status:
                notes.insert(0, status)
            s.blit(self.small.render(", ".join(notes)[:40], True, RED if r.lockout != "none" else DIM),
                   (42, y + line))
            y += 2 * line + 4
        return s


class DiceTray:
    """The latest rolls: faces as dice, reason and result, favour used; a new roll
    tumbles in for a moment. A die still open to a favour decision (a DieThrown,
    game/ui/throws.py) shows at once, outlined in gold with "favour?" beside it; the
    final roll takes its place and says what was decided (kept, re-rolled, +1, -1).
    A roll's earlier faces are its re-rolled dice, drawn dimmed; a tray whose rolls
    sum their dice (`summed`, 2d6) draws every face alike."""

    summed = False

    @property
    def font(self) -> pygame.font.Font:
        return art.font(13, bold=True)

    @property
    def small(self) -> pygame.font.Font:
        return art.font(12)

    def __init__(self) -> None:
        self.rolls: list[Any] = []
        self.kept: set[int] = set()  # ids of rolls that settled an offer with no favour spent
        self.age = 0.0
        self._key: Any = None
        self._surf: pygame.Surface | None = None
        self.added = 0  # rolls added so far (the cache key)

    @staticmethod
    def _open(r: Any) -> bool:
        return getattr(r, "kind", "") == "DieThrown"

    def add(self, roll: Any) -> None:
        kind = getattr(roll, "kind", "")
        if kind in ("DieThrown", "RollMade"):
            same = [r for r in self.rolls if self._open(r) and r.for_whom == roll.for_whom and r.reason == roll.reason]
            for r in same:  # the open die is settled (or thrown again): this entry takes its place
                self.rolls.remove(r)
            if same and kind == "RollMade" and not roll.favour:
                self.kept.add(id(roll))
        self.rolls.insert(0, roll)
        del self.rolls[5:]
        self.kept &= {id(r) for r in self.rolls}
        self.age = 0.0
        self.added += 1

    def update(self, dt: float) -> None:
        self.age += dt

    def draw(self, target: pygame.Surface, rect: pygame.Rect, names: dict[str, str],
             pending: tuple[str, str, int] | None = None) -> None:
        """`pending`: the die the player at the screen is deciding on (who, reason,
        value): its entry says so."""
        key = (rect.size, self.added, art.UI_SCALE[0], pending)
        if self.age > 0.35 and self._key == key and self._surf is not None:
            target.blit(self._surf, rect)
            return
        s = self._render(rect, names, pending)
        self._key, self._surf = key, s
        target.blit(s, rect)

    def words(self, r: Any, names: dict[str, str], pending: tuple[str, str, int] | None = None) -> str:
        """The words beside a roll's dice: whose, what for, the result and the decision."""
        who = names.get(r.for_whom, r.for_whom)
        what = r.reason.replace("_", " ")
        if self._open(r):
            if pending is not None and (r.for_whom, r.reason, r.face) == pending:
                return f"{who}: {what} {r.face} - your favour?"
            return f"{who}: {what} {r.face} " + ("(favour round)" if r.group else "- favour?")
        fav = {"reroll": "re-rolled", "+1": "+1 favour", "-1": "-1 favour"}.get(r.favour or "", r.favour or "")
        if not fav and id(r) in self.kept:
            fav = "kept"
        return f"{who}: {what} -> {r.result}" + (f", {fav}" if fav else "")

    def _render(self, rect: pygame.Rect, names: dict[str, str],
                pending: tuple[str, str, int] | None = None) -> pygame.Surface:
        s = _panel(rect.w, rect.h)
        y = 8
        s.blit(self.small.render("dice", True, DIM), (10, y))
        y += self.small.get_linesize()
        for i, r in enumerate(self.rolls):
            if y + 30 > rect.h:
                break
            x = 10
            faces = (r.faces or (r.face,)) if self._open(r) else r.faces
            for j, face in enumerate(faces):
                size = 24
                wobble = 0
                if i == 0 and self.age < 0.35 and j == len(faces) - 1:
                    wobble = int(6 * (0.35 - self.age) / 0.35)
                die = pygame.Rect(x + wobble, y + (wobble // 2), size, size)
                last = j == len(faces) - 1 or self.summed
                pygame.draw.rect(s, (245, 238, 220) if last else (150, 140, 125), die, border_radius=5)
                pygame.draw.rect(s, (60, 40, 25), die, 1, border_radius=5)
                if self._open(r):
                    pygame.draw.rect(s, GOLD, die.inflate(4, 4), 2, border_radius=6)
                txt = self.font.render(str(face), True, (40, 28, 18))
                s.blit(txt, txt.get_rect(center=die.center))
                x += size + 4
            col = GOLD if self._open(r) else INK if i == 0 else DIM
            s.blit(fit_text(self.small, self.words(r, names, pending), rect.w - x - 14, col), (x + 6, y + 5))
            y += 30
        return s


def fit_text(font: pygame.font.Font, text: str, width: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """`text` rendered within `width` pixels: whole if it fits, else cut at a word
    with "..." (never mid-word unless one word is wider than the room)."""
    img = font.render(text, True, colour)
    if img.get_width() <= width:
        return img
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        img = font.render(" ".join(words).rstrip(",;:-") + "...", True, colour)
        if img.get_width() <= width:
            return img
    return img.subsurface((0, 0, min(width, img.get_width()), img.get_height())).copy()


class Log:
    """The event log in plain words, newest at the bottom; the wheel scrolls back,
    and while scrolled back the newest line stays pinned at the bottom (never
    hidden). A turn's first line is marked (a rule above it, in gold). The player
    grows it: its button (or M, in the race scenes) steps through the sizes, or its
    top edge is dragged (`height`: unscaled pixels, the scene lays the window out)."""

    SIZES = (130, 300, 480)  # unscaled pixels: about 6, 16 and 27 lines
    LEAST = 80
    GRIP = 8  # the draggable band along the top edge (pixels)

    @property
    def font(self) -> pygame.font.Font:
        return art.font(12)

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.marked: list[bool] = []  # per line: does it start a turn?
        self.scroll = 0
        self.height = float(self.SIZES[0])
        self.draggable = True  # its top edge drags it (the race scenes)
        self._key: Any = None
        self._surf: pygame.Surface | None = None

    def add(self, text: str, mark: bool = False) -> None:
        """A new line: the log jumps back to the newest, so it is seen."""
        self.lines.append(text)
        self.marked.append(mark)
        self.scroll = 0
        if len(self.lines) > 2000:
            del self.lines[:500]
            del self.marked[:500]

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, min(len(self.lines) - 1, self.scroll + dy * 3))

    def grow(self) -> None:
        """The next size up (from the largest, back to the smallest)."""
        bigger = [s for s in self.SIZES if s > self.height + 1]
        self.height = float(bigger[0] if bigger else self.SIZES[0])

    def button_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """The log's own size button, top right inside the panel."""
        img = self.font.render(self._button_text(), True, GOLD)
        return pygame.Rect(rect.right - img.get_width() - 18, rect.y + 3, img.get_width() + 12, img.get_height() + 2)

    def grip_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """The band along the top edge that drags the log taller or shorter."""
        return pygame.Rect(rect.x, rect.y - self.GRIP // 2, rect.w, self.GRIP)

    def _button_text(self) -> str:
        return "bigger (M)" if self.height < self.SIZES[-1] - 1 else "smaller (M)"

    def draw(self, target: pygame.Surface, rect: pygame.Rect) -> None:
        key = (rect.size, len(self.lines), self.lines[-1] if self.lines else "", self.scroll, art.UI_SCALE[0],
               self._button_text())
        if key != self._key:
            self._surf = self._render(rect)
            self._key = key
        assert self._surf is not None
        target.blit(self._surf, rect)

    def visible(self, rect: pygame.Rect) -> tuple[int, list[int], int]:
        """What the panel shows: (1 if its top row says it is scrolled back, the
        indices of the lines shown top to bottom, 1 if the last is the newest line
        pinned below older ones)."""
        rows = max(1, (rect.h - 10) // self.font.get_linesize())
        head = 1 if self.scroll and rows >= 4 else 0
        pinned = 1 if self.scroll and rows >= 3 else 0
        end = len(self.lines) - self.scroll
        shown = list(range(max(0, end - (rows - pinned - head)), end))
        if pinned:
            shown.append(len(self.lines) - 1)
        return head, shown, pinned

    def _render(self, rect: pygame.Rect) -> pygame.Surface:
        s = _panel(rect.w, rect.h)
        if self.draggable:
            pygame.draw.line(s, GOLD, (rect.w // 2 - 20, 2), (rect.w // 2 + 20, 2), 2)  # the grip
        b = self.button_rect(rect).move(-rect.x, -rect.y)
        pygame.draw.rect(s, (60, 48, 36), b, border_radius=4)
        pygame.draw.rect(s, EDGE, b, 1, border_radius=4)
        s.blit(self.font.render(self._button_text(), True, GOLD), (b.x + 6, b.y + 1))
        lh = self.font.get_linesize()
        text_w = rect.w - 20
        head, shown, pinned = self.visible(rect)
        if head:
            note = f"scrolled back {self.scroll} lines (wheel down for the newest; the newest is under the gold rule)"
            s.blit(fit_text(self.font, note, b.x - 20, GOLD), (10, 5))
        for i, n in enumerate(shown):
            y = 5 + (i + head) * lh
            newest = n == len(self.lines) - 1
            width = text_w - (b.w + 8 if y < b.bottom else 0)
            if self.marked[n]:
                pygame.draw.line(s, EDGE, (10, y), (rect.w - 10, y), 1)
                img = fit_text(art.font(12, bold=True), self.lines[n], width, GOLD)
            else:
                img = fit_text(self.font, self.lines[n], width, INK if newest else (205, 195, 175))
            if pinned and i == len(shown) - 1:
                pygame.draw.line(s, GOLD, (10, y - 1), (rect.w - 10, y - 1), 1)
            s.blit(img, (10, y))
        return s
