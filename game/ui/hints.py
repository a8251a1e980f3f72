"""First-game hints (issue 12 item 25): the first time a player races, short callouts
point at what to do next: in the Wild Race the start slots, picking a racer, the
ghost and its tape, a decision's buttons and odds, the dice tray; in the Doomwheel
Race drive or repair, aiming the move, sabotage, the dice tray.

One hint shows at a time, the first in its ruleset's list whose moment has come and
that the player has not seen; after one is dismissed the next waits for the next
decision. A hint is seen once the player dismisses it ("Got it", or anywhere on the
callout), or once its moment passes while it is on screen (the player did what it
said, e.g. picked up a racer); "No more hints" turns them all off. Both are
kept in the settings (`hints`, `hints_seen`), so a hint never shows twice; Settings
turns hints on and off (on again: all of them once more).

A callout stands beside what it points at, with an arrow to it, and never covers a
racer, a wheel, a start slot or the ghost: it keeps its place while that stays true
(no jumping about as the pointer moves), else it takes the first free spot around.
The race scenes call `Hints.draw` (last, under the help overlay) and `Hints.handle`
(first); the test race of the editor shows none. No game rules here.

One code path for every ruleset: what differs is its ui room's "hints" window part, a
`HintGuide` (game/ui/<r>/hints.py): its hints in order, where each points (`target`),
its pieces on the table (`pieces`: each one's pose and base), what else a callout must
keep clear of (`clear`: the Wild Race's free start slots, the Doomwheel's critters),
whether the player is aiming (the pointer is kept clear) and the ghost's path.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from game.core import registry
from game.ui import art
from game.ui.panels import EDGE, GOLD, INK, wrap

WIDTH = 300  # callout text width, pixels (times the UI scale)
GAP = 34  # between a callout and what it points at
NAME_H = 16  # a piece's name under it, pixels


@dataclass(frozen=True)
class Hint:
    id: str
    text: str


# the dice tray's hint, the last of every ruleset's list; each ruleset's own hints are its
# ui room's "hints" window part (game/ui/<r>/hints.py), in the order they may show
DICE = Hint("dice", "Every die shows here: whose it is, what for, and the result. The log below tells the story.")


class HintGuide:
    """What the hints need of one ruleset's race scene (its ui room's "hints" window
    part); the defaults suit a ruleset with only the dice hint."""

    hints: list[Hint] = [DICE]

    def target(self, h: Hints, hid: str, p: Any, buttons: pygame.Rect) -> pygame.Rect | None:
        """Where its hint `hid` points now (None: not its moment); `p` is the pending
        human decision, `buttons` the decision panel's buttons."""
        return None

    def pieces(self, scene: Any) -> dict[str, tuple[Any, Any]]:
        """Its pieces shown on the table: id -> (pose (x, y, facing), the piece: its
        base's length and width)."""
        return {}

    def clear(self, h: Hints, p: Any) -> list[pygame.Rect]:
        """What else a callout must not cover, on screen."""
        return []

    def aiming(self, scene: Any, p: Any) -> bool:
        """Whether the player is aiming a move (the pointer is kept clear)."""
        return False

    def ghost_points(self, ghost: Any) -> list[tuple[float, float]]:
        """The table points of the ghost's path (the scene's `ghost()`)."""
        return []


class Hints:
    """The first-game hints of one race scene (a TableScene of either ruleset)."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self._guide: HintGuide | None = None
        self.current: Hint | None = None
        self._hushed: Any = None  # the decision (pending step) at which a hint was last dismissed
        self._pressed = False  # a press on the callout, whose release it takes too
        self.box: pygame.Rect | None = None
        self.ok_rect: pygame.Rect | None = None
        self.off_rect: pygame.Rect | None = None
        self._place: tuple[str, tuple[int, int]] | None = None  # (hint id, box top-left) kept while free

    @property
    def guide(self) -> HintGuide:
        """The scene's ruleset's guide (its ui room's "hints" window part)."""
        if self._guide is None:
            registry.load("ui")
            self._guide = registry.of_state(self.scene.session.state).part("hints") or HintGuide()
        return self._guide

    @property
    def hints(self) -> list[Hint]:
        """The scene's ruleset's hints, in order."""
        return list(self.guide.hints)

    # --- which hint -------------------------------------------------------------------
    def on(self) -> bool:
        s = self.scene
        return bool(s.app.settings.hints) and getattr(s, "hints_allowed", True) and any(
            seat.kind == "human" for seat in s.session.seats.values())

    def due(self) -> tuple[Hint, pygame.Rect] | None:
        """The hint to show now and the screen rectangle it points at, or None."""
        s = self.scene
        if not self.on() or s.handover is not None or s.session.over:
            return None
        p = s._human()
        if p is None or (s.session.state.stack and s.session.state.stack[-1] is self._hushed):
            return None
        seen = set(s.app.settings.hints_seen)
        for h in self.hints:
            if h.id in seen:
                continue
            target = self._target(h.id, p)
            if target is not None:
                return h, target
        return None

    def _target(self, hid: str, p: Any) -> pygame.Rect | None:
        s = self.scene
        rects = s.rects()
        dec = rects["decision"]
        buttons = pygame.Rect(dec.x, dec.y, dec.w, min(dec.h, round(130 * s.app.settings.ui_scale)))
        if hid == "dice":
            return rects["dice"] if s.dice.rolls else None
        return self.guide.target(self, hid, p, buttons)

    def piece_rect(self, pid: str) -> pygame.Rect | None:
        """A piece's box on screen (and its name below), or None if it is not shown in the view."""
        s = self.scene
        got = self.guide.pieces(s).get(pid)
        if got is None or pid in s.anim.gone:
            return None
        (x, y, _), piece = got
        r = self.base_rect(x, y, piece, 12)
        r.h += NAME_H  # and its name below
        return r if self._table().colliderect(r) else None

    def base_rect(self, x: float, y: float, piece: Any, least: int = 8) -> pygame.Rect:
        """The screen square around a base at table point (x, y) (`least` half-size
        when there is no piece)."""
        cam = self.scene.view.camera
        sx, sy = cam.to_screen(x, y)
        half = max(8, round(max(piece.length, piece.width) * cam.ppi / 2)) if piece is not None else least
        return pygame.Rect(round(sx) - half, round(sy) - half, 2 * half, 2 * half)

    def on_table(self, r: pygame.Rect) -> pygame.Rect | None:
        return r if self._table().colliderect(r) else None

    def _table(self) -> pygame.Rect:
        cam = self.scene.view.camera
        return pygame.Rect(cam.vx, cam.vy, cam.vw, cam.vh)

    def avoid(self) -> list[pygame.Rect]:
        """What a callout must never cover: every racer, wheel and critter, the free
        start slots, the ghost's path and the pointer while aiming (its tape and the
        other words on the table: `words`)."""
        s = self.scene
        guide = self.guide
        out = []
        for pid in guide.pieces(s):
            r = self.piece_rect(pid)
            if r is not None:
                out.append(r.inflate(8, 8))
        cam = s.view.camera
        p = s._human()
        out += guide.clear(self, p)
        mx, my = getattr(s, "mouse", (-999, -999))
        if guide.aiming(s, p):
            out.append(pygame.Rect(mx - 30, my - 30, 60, 60))  # where the player aims: never under the pointer
        gh = s.ghost() if hasattr(s, "ghost") else None
        pts = guide.ghost_points(gh)
        if pts:
            xs, ys = zip(*(cam.to_screen(x, y) for x, y in pts))
            path = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).inflate(60, 60)
            out.append(path)
        return out

    # --- showing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        s = self.scene
        self.box = None
        if s.show_help:
            return  # hidden under the help, its moment not passed
        got = self.due()
        if self.current is not None and (got is None or got[0] != self.current):
            if self.on():
                self._seen(self.current.id)  # its moment passed while it was shown: the player acted
            self.current = None
        if got is None:
            return
        hint, target = got
        self.current = hint
        k = s.app.settings.ui_scale
        font, small = art.font(14), art.font(12, bold=True)
        rows = wrap(font, hint.text, round(WIDTH * k))
        line = font.get_linesize()
        w = max(font.size(r)[0] for r in rows) + 24
        w = max(w, small.size("Got it")[0] + small.size("No more hints")[0] + 60)
        h = len(rows) * line + 16 + small.get_linesize() + 14
        box = self._spot(hint.id, (w, h), target)
        self.box = box
        back = pygame.Surface(box.size, pygame.SRCALPHA)
        back.fill((24, 18, 12, 235))
        surface.blit(back, box.topleft)
        pygame.draw.rect(surface, GOLD, box, 2, border_radius=6)
        y = box.y + 8
        for r in rows:
            surface.blit(font.render(r, True, INK), (box.x + 12, y))
            y += line
        ok = small.render("Got it", True, (30, 22, 14))
        self.ok_rect = pygame.Rect(box.x + 12, y + 6, ok.get_width() + 18, small.get_linesize() + 4)
        pygame.draw.rect(surface, GOLD, self.ok_rect, border_radius=4)
        surface.blit(ok, (self.ok_rect.x + 9, self.ok_rect.y + 2))
        off = small.render("No more hints", True, (200, 184, 150))
        self.off_rect = pygame.Rect(box.right - off.get_width() - 14, y + 8, off.get_width(), off.get_height())
        surface.blit(off, self.off_rect.topleft)
        pygame.draw.line(surface, EDGE, self.off_rect.bottomleft, self.off_rect.bottomright)
        _arrow(surface, box, target)

    def words(self) -> list[pygame.Rect]:
        """What the table's labels hold this frame (names, the tape, line words and
        markers the view placed: game.ui.labels, game.ui.doomwheel.labels): better not
        covered."""
        v = self.scene.view
        out: list[pygame.Rect] = []
        lab = getattr(v, "labels", None)
        out += [pygame.Rect(r) for r in getattr(lab, "blocked", [])] + [pygame.Rect(r) for r in
                                                                         getattr(lab, "placed", [])]
        placer = getattr(v, "placer", None)
        out += [pygame.Rect(b[0]) for b in getattr(placer, "blocks", [])]
        return out

    def _spot(self, hid: str, size: tuple[int, int], target: pygame.Rect) -> pygame.Rect:
        """Where the callout goes: where it was, while that is still clear; else the
        first spot beside the target (the table side of a panel) clear of the pieces
        and of the table's words, else clear of the pieces and covering the fewest
        words, else covering the least."""
        area = self._table()
        must, should = self.avoid(), self.words()

        def cost(r: pygame.Rect) -> tuple[int, int]:
            inside = r.clip(area)
            out = r.w * r.h - inside.w * inside.h
            return (sum(r.clip(a).w * r.clip(a).h for a in must) + out,
                    sum(r.clip(a).w * r.clip(a).h for a in should))

        if self._place is not None and self._place[0] == hid:
            r = pygame.Rect(self._place[1], size)
            if cost(r) == (0, 0):
                return r
        w, h = size
        c = target.center
        spots = []
        for gap in (GAP, GAP * 2, GAP * 4):
            spots += [(target.right + gap, c[1] - h // 2), (target.x - gap - w, c[1] - h // 2),
                      (c[0] - w // 2, target.y - gap - h), (c[0] - w // 2, target.bottom + gap),
                      (target.right + gap, target.y - gap - h), (target.x - gap - w, target.y - gap - h),
                      (target.right + gap, target.bottom + gap), (target.x - gap - w, target.bottom + gap)]
        if not area.colliderect(target):  # a panel beside the table: down its table side
            spots = [(area.right - w - 12, y) for y in range(max(area.y + 8, target.y), area.bottom - h, 24)] + \
                [(area.right - w - 12, y) for y in range(area.bottom - h - 8, area.y, -24)]
        spots += [(area.x + 12, area.y + 12), (area.x + 12, area.bottom - h - 12),  # the view's corners
                  (area.right - w - 12, area.y + 12), (area.right - w - 12, area.bottom - h - 12)]
        best: tuple[tuple[int, int], pygame.Rect] | None = None
        for x, y in spots:
            r = pygame.Rect(x, y, w, h)
            k = cost(r)
            if best is None or k < best[0]:
                best = (k, r)
            if k == (0, 0):
                break
        assert best is not None
        self._place = (hid, best[1].topleft)
        return best[1]

    # --- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """A click on the callout: "No more hints" turns hints off; anywhere else on it
        dismisses this one. True if the event was the callout's (a press on it, and
        the release of that press; a drag let go over it is the table's)."""
        if event.type == pygame.MOUSEBUTTONUP and self._pressed:
            self._pressed = False
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or self.box is None or self.current is None \
                or not self.box.collidepoint(event.pos):
            return False
        self._pressed = True
        if self.off_rect is not None and self.off_rect.inflate(8, 8).collidepoint(event.pos):
            self.scene.app.settings.hints = False
            self._save()
        else:
            self._seen(self.current.id)
            stack = self.scene.session.state.stack
            self._hushed = stack[-1] if stack else None  # the next hint waits for the next decision
        self.current, self.box = None, None
        return True

    def _seen(self, hid: str) -> None:
        seen = self.scene.app.settings.hints_seen
        if hid not in seen:
            seen.append(hid)
            self._save()

    def _save(self) -> None:
        try:
            self.scene.app.settings.save()
        except OSError:
            pass  # not kept for next time; the game goes on


def _arrow(surface: pygame.Surface, box: pygame.Rect, target: pygame.Rect) -> None:
    """An arrow from the callout's edge to the nearest side of what it points at."""
    tx = min(max(box.centerx, target.x), target.right)
    ty = min(max(box.centery, target.y), target.bottom)
    sx = min(max(tx, box.x), box.right)
    sy = min(max(ty, box.y), box.bottom)
    if box.collidepoint(tx, ty) or math.hypot(tx - sx, ty - sy) < 6:
        return
    pygame.draw.line(surface, GOLD, (sx, sy), (tx, ty), 3)
    a = math.atan2(ty - sy, tx - sx)
    head = [(tx, ty), (tx - 12 * math.cos(a - 0.45), ty - 12 * math.sin(a - 0.45)),
            (tx - 12 * math.cos(a + 0.45), ty - 12 * math.sin(a + 0.45))]
    pygame.draw.polygon(surface, GOLD, head)
