"""The course editor's Doomwheel tools and drawing (the scene side of
game.ui.doomwheel.editor_model): on a Doomwheel track the sidebar gets a "Doomwheel"
section (Fanatic, Dammaz-Drengi, Slave: pick one, then click the table; Fans: the
next team's fans and bolt thrower, up to four, in seat order; Crossing: declare one;
Kind: the selected critter becomes the next kind; Laps with - / +), and the table
shows the critters and bolt throwers with the race's own sprites
(game.ui.doomwheel.art.critter_sprite / bolt_thrower, at the rules' critter sizes and the
seats' colours), and each declared crossing as a dashed circle with a centre handle
and a size handle.

Everything is an undoable model edit; placing and dragging snap to the grid; a
critter, fan or crossing a validation problem is about is ringed (red: an error,
amber: a warning) and selected when the problem is clicked. `DoomTools` is created
by the EditorScene (``scene.doom``) and called from its layout, input and drawing.
"""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.rules.doomwheel.state import CRITTER_RADIUS
from game.ui import art
from game.ui.doomwheel import art as doom_art
from game.ui.doomwheel.view import DoomTableView
from game.ui.doomwheel.editor_model import CRITTER_KINDS, CRITTER_NAMES, DOOM_KINDS, MAX_FANS
from game.ui.editor_kit import EditorKit
from game.ui.editor_model import Target, target_for
from game.ui.panels import RED
from game.ui.table_view import TableView

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene

FAN_RADIUS = 1.0  # the bolt thrower's sprite is about 2" across (doom_art.bolt_thrower)
CROSSING_COL = (255, 168, 88)
WARN = (238, 186, 90)
SELECT = (255, 226, 120)
BOARD_PPI = 12.0
CONTROLS = [
    ("Fanatic, Dammaz-Drengi, Slave", "Doomwheel track: pick one, then click the table to put the critter down"),
    ("Fans", "the next team's fans and bolt thrower (up to 4, in seat order), then click the table"),
    ("Crossing", "declare a crossing, then click where the track crosses itself; drag its centre or the size "
                 "square on its rim; + / - resize the selected one"),
    ("Kind (K)", "the selected critter becomes the next kind"),
    ("Laps", "how many laps the race is run (- / + or type it)"),
]


class DoomBoard(DoomTableView):
    """The Doomwheel race's own board (the course with its checkpoints numbered in
    lap order), without the race's pieces or physics (the editor draws the pieces)."""

    def __init__(self, course: Any) -> None:
        TableView.__init__(self, SimpleNamespace(course=course, players=[], obstacles={}, racers={}), {})
        self.names = {}

    def board(self, ppi: float) -> tuple[pygame.Surface, float]:
        return super().board(min(ppi, BOARD_PPI))

    def _draw_obstacles(self, target: pygame.Surface, anim: Any) -> None:
        pass

    def _draw_racers(self, target: pygame.Surface, anim: Any, selected: str | None) -> None:
        pass


def placing_label(placing: str) -> str:
    if placing.startswith("critter:"):
        return CRITTER_NAMES.get(placing[8:], placing[8:])
    return {"fan": "fans", "crossing": "crossing"}.get(placing, placing)


class DoomTools(EditorKit):
    """The Doomwheel's kit in the editor scene (game.ui.editor_kit.EditorKit)."""

    kinds = DOOM_KINDS
    controls = CONTROLS

    def __init__(self, scene: EditorScene) -> None:
        super().__init__(scene)
        self.place_btns: dict[Any, str] = {}
        self.kind_btn: Any = None
        self.laps_entry: Any = None
        self.laps_minus: Any = None
        self.laps_plus: Any = None
        self.head_y: int | None = None
        self.laps_y: int | None = None

    @property
    def md(self) -> Any:
        return self.scene.model

    @property
    def on(self) -> bool:
        return bool(self.md.is_doom)

    # --- the sidebar ---------------------------------------------------------------------
    def build(self, x: int, y: int, w: int, row: int, gap: int) -> int:
        """The Doomwheel section's widgets from y (nothing on a Wild Race course);
        the y below them."""
        self.place_btns = {}
        self.kind_btn = self.laps_entry = self.laps_minus = self.laps_plus = None
        self.head_y = self.laps_y = None
        if not self.on:
            return y
        sc = self.scene
        m = sc.app.manager
        k = sc.k
        add = sc.widgets.append
        self.head_y = y
        y += round(22 * k)
        third = (w - 2 * gap) // 3
        bx = x
        for kind, share in zip(CRITTER_KINDS, (0.3, 0.42, 0.28)):  # "Dammaz-Drengi" is the long one
            bw = round((w - 2 * gap) * share) if kind != "slave" else x + w - bx
            name = CRITTER_NAMES[kind]
            b = pygame_gui.elements.UIButton(pygame.Rect(bx, y, bw, row), name[0].upper() + name[1:], m,
                                             tool_tip_text=f"a {name}: click, then click the track")
            self.place_btns[b] = "critter:" + kind
            add(b)
            bx += bw + gap
        y += row + gap
        for i, (key, label, tip) in enumerate((
                ("fan", "Fans", "the next team's fans and bolt thrower (up to 4, in seat order): click, then "
                                "click beside the track"),
                ("crossing", "Crossing", "declare where the track crosses itself: click, then click the "
                                         "crossing"))):
            b = pygame_gui.elements.UIButton(pygame.Rect(x + i * (third + gap), y, third, row), label, m,
                                             tool_tip_text=tip)
            self.place_btns[b] = key
            add(b)
        self.kind_btn = pygame_gui.elements.UIButton(pygame.Rect(x + 2 * (third + gap), y, third, row), "Kind", m,
                                                     tool_tip_text="the selected critter becomes the next kind (K)")
        add(self.kind_btn)
        y += row + gap
        self.laps_y = y
        small = round(34 * k)
        self.laps_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + round(60 * k), y, round(76 * k), row),
                                                              m)
        self.laps_minus = pygame_gui.elements.UIButton(pygame.Rect(x + round(140 * k), y, small, row), "-", m,
                                                       tool_tip_text="one lap fewer")
        self.laps_plus = pygame_gui.elements.UIButton(pygame.Rect(x + round(140 * k) + small + 4, y, small, row),
                                                      "+", m, tool_tip_text="one lap more")
        for b in (self.laps_entry, self.laps_minus, self.laps_plus):
            add(b)
        return y + row + round(14 * k)

    def refresh(self) -> None:
        if not self.place_btns:
            return
        sc = self.scene
        md = self.md
        for b, what in self.place_btns.items():
            if what == sc.placing:
                b.select()
            else:
                b.unselect()
            if what == "fan":
                n = len(md.fans())
                b.set_text(f"Fans {n}/{MAX_FANS}")
                sc._set(b, n < MAX_FANS or sc.placing == "fan")
        sc._set(self.kind_btn, sc.sel is not None and sc.sel.kind == "critter")
        laps = md.laps
        sc._set(self.laps_minus, laps is not None and laps > 1)
        sc._set(self.laps_plus, laps is not None and laps < 99)
        if laps is None:
            self.laps_entry.set_text("none")
            self.laps_entry.disable()
        else:
            self.laps_entry.enable()
            if not self.laps_entry.is_focused:
                self.laps_entry.set_text(str(laps))

    def heads(self) -> list[tuple[int, str]]:
        return [] if self.head_y is None else [(self.head_y, "Doomwheel: critters, fans, crossings")]

    def labels(self) -> list[tuple[int, str]]:
        return [] if self.laps_y is None else [(self.laps_y, "Laps")]

    def stats(self, course: Any, obstacles: list[dict[str, Any]]) -> str | None:
        """A lap's length and the pieces on the track."""
        if not self.on:
            return None
        n = len(self.md.critters())
        return f"{course.finish_progress - course.start_progress:.1f}\" a lap, {n} critter{'s' if n != 1 else ''}, " \
               f"{len(self.md.fans())} fans, {len(obstacles)} obstacle{'s' if len(obstacles) != 1 else ''}"

    def board(self, course: Any) -> Any:
        return DoomBoard(course)

    def ui_key(self) -> Any:
        """What the sidebar shows (the scene refreshes it when this changes)."""
        md = self.md
        return (md.ruleset, md.laps, len(md.fans()) if md.is_doom else 0)

    def on_ui(self, event: pygame.event.Event) -> bool:
        """A Doomwheel widget's event: True if it was one."""
        if not self.place_btns:
            return False
        sc = self.scene
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.laps_entry:
            self.take_laps()
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        el = event.ui_element
        if el in self.place_btns:
            what = self.place_btns[el]
            sc.placing = None if sc.placing == what else what
            if sc.placing:
                sc.message = f"click the table to put the {placing_label(what)} down (right-click or Esc: no)"
            return True
        if el is self.kind_btn:
            self.next_kind()
            return True
        if el is self.laps_minus or el is self.laps_plus:
            laps = self.md.laps
            if laps is not None:
                self.md.set_laps(laps + (1 if el is self.laps_plus else -1))
                sc.message = f"{self.md.laps} lap{'s' if self.md.laps != 1 else ''}"
            return True
        return False

    def take_laps(self) -> None:
        sc = self.scene
        if self.laps_entry is None or self.md.laps is None:
            return
        try:
            n = int(self.laps_entry.get_text().strip())
        except ValueError:
            sc.message = "the laps must be a whole number, 1-99"
        else:
            self.md.set_laps(n)
            sc.message = f"{self.md.laps} lap{'s' if self.md.laps != 1 else ''}"
        self.laps_entry.set_text(str(self.md.laps))
        sc._refresh_ui(force=True)

    def unfocus(self) -> None:
        """A click on the table: a laps value being typed is taken."""
        if self.laps_entry is not None and self.laps_entry.is_focused:
            self.laps_entry.unfocus()
            self.take_laps()

    def escape(self) -> None:
        if self.laps_entry is not None:
            self.laps_entry.unfocus()

    def next_kind(self) -> None:
        sc = self.scene
        t = sc.sel
        if t is None or t.kind != "critter" or t.index is None:
            return
        cur = self.md.critters()[t.index].get("kind")
        kind = CRITTER_KINDS[(CRITTER_KINDS.index(cur) + 1) % len(CRITTER_KINDS)] if cur in CRITTER_KINDS else \
            CRITTER_KINDS[0]
        self.md.set_critter_kind(t.index, kind)
        sc.message = f"critter {t.index} is a {CRITTER_NAMES[kind]}"

    # --- input -------------------------------------------------------------------------------
    def place(self, what: str, x: float, y: float) -> bool:
        """Put down what `placing` says at the (snapped) table point; False if it is
        not a Doomwheel piece."""
        sc = self.scene
        md = self.md
        if what.startswith("critter:"):
            kind = what[8:]
            i = md.add_critter(kind, x, y)
            if i is not None:
                sc.sel = Target("critter", i)
                sc.message = f"{CRITTER_NAMES[kind]} added at ({x:g}, {y:g})"
            else:
                sc.message = "no more critters: a track holds at most 100"
            return True
        if what == "fan":
            i = md.add_fan(x, y)
            if i is not None:
                sc.sel = Target("fan", i)
                sc.message = f"team {i + 1}'s fans at ({x:g}, {y:g})"
            else:
                sc.message = f"all {MAX_FANS} teams have their fans: move or delete one"
            return True
        if what == "crossing":
            i = md.add_crossing(x, y)
            if i is not None:
                sc.sel = Target("crossing", i)
                sc.message = f"crossing {i} declared at ({x:g}, {y:g}): drag the square on its rim to size it"
            return True
        return False

    def handles(self) -> list[tuple[Target, tuple[float, float], int]]:
        """The Doomwheel pieces' handles (critters and fans at their centres; a
        crossing's centre and the size square on its rim)."""
        if not self.on:
            return []
        sc = self.scene
        md = self.md
        out: list[tuple[Target, tuple[float, float], int]] = []
        for i, c in enumerate(md.crossings()):
            x, y, r = float(c["x"]), float(c["y"]), float(c["radius"])
            out.append((Target("crossing", i), sc.screen((x, y)), 3))
            out.append((Target("crossing", i, "radius"), sc.screen((x + r, y)), 1))
        for i, f in enumerate(md.fans()):
            out.append((Target("fan", i), sc.screen((float(f["x"]), float(f["y"]))), 2))
        for i, c in enumerate(md.critters()):
            out.append((Target("critter", i), sc.screen((float(c["x"]), float(c["y"]))), 1))
        return out

    def hit(self, tx: float, ty: float) -> Target | None:
        """A critter or bolt thrower under a table point (by its base)."""
        if not self.on:
            return None
        md = self.md
        crit = md.critters()
        for i in range(len(crit) - 1, -1, -1):
            c = crit[i]
            if math.hypot(tx - float(c["x"]), ty - float(c["y"])) <= CRITTER_RADIUS.get(str(c.get("kind")), 0.4):
                return Target("critter", i)
        fans = md.fans()
        for i in range(len(fans) - 1, -1, -1):
            if math.hypot(tx - float(fans[i]["x"]), ty - float(fans[i]["y"])) <= FAN_RADIUS:
                return Target("fan", i)
        return None

    def point(self, t: Target) -> tuple[float, float] | None:
        """Where a drag of this target starts (a crossing's size square: on its rim)."""
        p = self.md.doom_point(t.kind, t.index)
        if p is not None and t.kind == "crossing" and t.side == "radius" and t.index is not None:
            return (p[0] + float(self.md.crossings()[t.index]["radius"]), p[1])
        return p

    def where(self, t: Target) -> tuple[float, float] | None:
        """Where a critter, fan or crossing stands."""
        return self.md.doom_point(t.kind, t.index) if t.kind in DOOM_KINDS else None  # type: ignore[no-any-return]

    def move(self, t: Target, x: float, y: float) -> None:
        if t.index is None:
            return
        if t.kind == "crossing" and t.side == "radius":
            c = self.md.crossings()[t.index]
            r = math.hypot(x - float(c["x"]), y - float(c["y"]))
            step = self.scene.step
            self.md.set_crossing_radius(t.index, round(r / step) * step if step else r)
        else:
            self.md.move_doom(t.kind, t.index, x, y)

    def grow(self, sign: int) -> bool:
        """+ / - on a selected crossing: 0.5" bigger / smaller. True if it was one."""
        t = self.scene.sel
        if t is None or t.kind != "crossing" or t.index is None:
            return False
        r = float(self.md.crossings()[t.index]["radius"])
        self.md.set_crossing_radius(t.index, r + 0.5 * sign)
        self.scene.message = f"crossing {t.index}: radius {self.md.crossings()[t.index]['radius']:g}\""
        return True

    def describe(self, t: Target) -> str | None:
        p = self.md.doom_point(t.kind, t.index)
        if p is None or t.index is None:
            return None
        if t.kind == "critter":
            kind = str(self.md.critters()[t.index].get("kind"))
            return f"{CRITTER_NAMES.get(kind, kind)} {t.index} ({p[0]:g}, {p[1]:g})"
        if t.kind == "fan":
            return f"team {t.index + 1}'s fans ({p[0]:g}, {p[1]:g})"
        r = float(self.md.crossings()[t.index]["radius"])
        return f"crossing {t.index} ({p[0]:g}, {p[1]:g}), radius {r:g}\""

    # --- drawing -----------------------------------------------------------------------------
    def _flagged(self) -> dict[tuple[str, int], str]:
        """(kind, index) -> the worst severity of the problems about it."""
        out: dict[tuple[str, int], str] = {}
        for p in self.md.problems:
            t = target_for(p.field)
            if t is not None and t.kind in DOOM_KINDS and t.index is not None:
                if out.get((t.kind, t.index)) != "error":
                    out[(t.kind, t.index)] = p.severity
        return out

    def draw(self, surface: pygame.Surface) -> None:
        """Crossings, bolt throwers, critters, with selection and problem rings."""
        if not self.on:
            return
        sc = self.scene
        md = self.md
        cam = sc.camera
        k = sc.k
        sel = sc.sel
        flagged = self._flagged()
        strong = 4 if sc.flash > 0 else 2

        def ring(kind: str, i: int, c: tuple[float, float], r_px: float) -> None:
            on = sel is not None and sel.kind == kind and sel.index == i
            bad = flagged.get((kind, i))
            if bad:
                pygame.draw.circle(surface, RED if bad == "error" else WARN, (round(c[0]), round(c[1])),
                                   round(r_px + 3 * k), 2)
            if on:
                pygame.draw.circle(surface, SELECT, (round(c[0]), round(c[1])), round(r_px + (7 if bad else 4) * k),
                                   strong)

        hr = 7 * k
        handles: list[tuple[int, float, float, float, tuple[float, float], Any]] = []
        for i, cr in enumerate(md.crossings()):
            x, y, r = float(cr["x"]), float(cr["y"]), float(cr["radius"])
            on = sel is not None and sel.kind == "crossing" and sel.index == i
            bad = flagged.get(("crossing", i))
            col = SELECT if on else (RED if bad == "error" else WARN if bad else CROSSING_COL)
            c = sc.screen((x, y))
            n = max(24, int(2 * math.pi * r * cam.ppi / 10))
            pts = [sc.screen((x + r * math.cos(2 * math.pi * j / n), y + r * math.sin(2 * math.pi * j / n)))
                   for j in range(n + 1)]
            sc._dashed(surface, pts, col, strong if on else 2, 7.0)
            handles.append((i, x, y, r, c, col))
        centre = md.centre()
        blind = sc.app.settings.colour_blind
        for i, f in enumerate(md.fans()):
            x, y = float(f["x"]), float(f["y"])
            spr = doom_art.bolt_thrower(art.player_colour(i, blind), i, cam.ppi, True)
            rot = pygame.transform.rotate(spr, _aim(x, y, centre))
            c = sc.screen((x, y))
            surface.blit(rot, rot.get_rect(center=(round(c[0]), round(c[1]))))
            ring("fan", i, c, FAN_RADIUS * cam.ppi)
            if cam.ppi >= 6:
                t = art.font(11, bold=True).render(f"team {i + 1}", True, (250, 240, 220))
                back = pygame.Surface((t.get_width() + 6, t.get_height()), pygame.SRCALPHA)
                back.fill((20, 16, 12, 190))
                rect = back.get_rect(midtop=(round(c[0]), round(c[1] + FAN_RADIUS * cam.ppi + 2)))
                surface.blit(back, rect)
                surface.blit(t, t.get_rect(center=rect.center))
        for i, cr in enumerate(md.critters()):
            kind = str(cr.get("kind"))
            rad = CRITTER_RADIUS.get(kind, 0.4)
            spr = doom_art.critter_sprite(kind, cam.ppi, rad)
            c = sc.screen((float(cr["x"]), float(cr["y"])))
            surface.blit(spr, spr.get_rect(center=(round(c[0]), round(c[1]))))
            ring("critter", i, c, max(rad * cam.ppi, 4))
        for i, x, y, r, c, col in handles:  # the crossings' handles over the pieces
            pygame.draw.circle(surface, (40, 30, 20), (round(c[0]), round(c[1])), round(hr))
            pygame.draw.circle(surface, col, (round(c[0]), round(c[1])), round(hr - 2), 2)
            pygame.draw.line(surface, col, (c[0] - hr + 3, c[1]), (c[0] + hr - 3, c[1]), 1)
            pygame.draw.line(surface, col, (c[0], c[1] - hr + 3), (c[0], c[1] + hr - 3), 1)
            rim = sc.screen((x + r, y))
            box = pygame.Rect(0, 0, round(hr * 1.6), round(hr * 1.6))
            box.center = (round(rim[0]), round(rim[1]))
            pygame.draw.rect(surface, (40, 30, 20), box.inflate(3, 3))
            pygame.draw.rect(surface, col, box)
            if cam.ppi >= 6:
                t = art.font(11, bold=True).render(f"crossing {i}", True, col)
                surface.blit(t, t.get_rect(midbottom=(round(c[0]), round(c[1] - hr - 2))))

    def draw_side(self, surface: pygame.Surface) -> None:
        """The laps field ringed while "laps" is selected (its problem was clicked)."""
        sel = self.scene.sel
        if self.laps_entry is not None and sel is not None and sel.kind == "laps":
            pygame.draw.rect(surface, SELECT, self.laps_entry.rect.inflate(8, 8), 2, border_radius=4)

    def draw_numbers(self, surface: pygame.Surface) -> None:
        """The checkpoints' lap-order numbers as the race's board shows them (1 first),
        again over the editor's lines so they stay readable."""
        if not self.on:
            return
        sc = self.scene
        ppi = sc.camera.ppi
        if ppi < 5:
            return
        f = art.font(max(9, round(min(ppi, 24) * 0.5)), bold=True)
        for i, (a, b) in enumerate(self.md.data.get("checkpoints", [])):
            pa, pb = sc.screen((float(a[0]), float(a[1]))), sc.screen((float(b[0]), float(b[1])))
            t = f.render(str(i + 1), True, (250, 240, 200))
            mx, my = (pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2
            r = max(t.get_width(), t.get_height()) * 0.7
            pygame.draw.circle(surface, (40, 32, 24), (mx, my), r)
            pygame.draw.circle(surface, (250, 240, 200), (mx, my), r, 1)
            surface.blit(t, t.get_rect(center=(round(mx), round(my))))

    def draw_placing(self, surface: pygame.Surface, x: float, y: float) -> bool:
        """The piece being placed, under the pointer; False if it is not a Doomwheel one."""
        sc = self.scene
        what = sc.placing or ""
        cam = sc.camera
        c = sc.screen((x, y))
        if what.startswith("critter:"):
            kind = what[8:]
            spr = doom_art.critter_sprite(kind, cam.ppi, CRITTER_RADIUS.get(kind, 0.4)).copy()
        elif what == "fan":
            i = len(self.md.fans())
            if i >= MAX_FANS:
                return True
            spr = pygame.transform.rotate(
                doom_art.bolt_thrower(art.player_colour(i, sc.app.settings.colour_blind), i, cam.ppi, True),
                _aim(x, y, self.md.centre()))
        elif what == "crossing":
            r = 5.0
            n = max(24, int(2 * math.pi * r * cam.ppi / 10))
            pts = [sc.screen((x + r * math.cos(2 * math.pi * j / n), y + r * math.sin(2 * math.pi * j / n)))
                   for j in range(n + 1)]
            sc._dashed(surface, pts, CROSSING_COL, 2, 7.0)
            return True
        else:
            return False
        spr.set_alpha(170)
        surface.blit(spr, spr.get_rect(center=(round(c[0]), round(c[1]))))
        return True


def _aim(x: float, y: float, centre: list[tuple[float, float]]) -> float:
    """The bolt thrower faces the nearest point of the centre line (in the race it
    turns to the nearest enemy wheel)."""
    best, bd = 0.0, math.inf
    for (ax, ay), (bx, by) in zip(centre, centre[1:]):
        dx, dy = bx - ax, by - ay
        l2 = dx * dx + dy * dy
        t = 0.0 if l2 == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / l2))
        px, py = ax + t * dx, ay + t * dy
        d = math.hypot(px - x, py - y)
        if d < bd:
            best, bd = math.degrees(math.atan2(py - y, px - x)), d
    return best
