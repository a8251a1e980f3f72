"""The course editor (issue 5 item 4): build and change a course on the table.

The table shows the course as the race draws it, with handles: centre-line points
(gold circles), edge points when the edges are drawn by hand (squares), the ends of the
start and finish lines (white diamonds), and on the selected obstacle a turn handle
(the circle on its stalk) and a size handle (the small square). A ruler runs along the
top and left of the table; the status line gives the cursor's position in inches.

Mouse: drag a handle or an obstacle to move it; double-click the centre line (or a
hand-drawn edge) to add a point there; pick a piece under Obstacles, then click the
table to put it down; drag empty table (or with the right button) to pan; the wheel
zooms. Keys: Delete removes the selected point or obstacle (on the start or finish
line: back to the default line), Q / E turn the selected obstacle (Shift: 5 degrees),
+ / - resize it (with nothing selected: the width), the arrows nudge the selection by
the snap step (pan without one), WASD pan, F fits the course, G cycles grid snapping
(off, 0.5", 1"), Insert adds a point after the selected one; Ctrl+Z undo, Ctrl+Y or
Ctrl+Shift+Z redo, Ctrl+S save, Ctrl+Shift+S save as, Ctrl+O open, Ctrl+N new,
Ctrl+T test race; Esc leaves (after asking about unsaved changes).

The course itself, its undo history, validation and files live in the plain-Python
model (game.ui.editor_model.EditorModel); this scene draws it and turns input into
its edits. "Test race" runs the course as it stands (saved or not) with `normal` AI
players (four racers, or a Doomwheel track's wheels: game.ui.scenes.editor_test_race)
and comes back here with the same model (Esc in the race comes back at once).
"""

from __future__ import annotations

import html
import math
import os
from types import SimpleNamespace
from typing import Any, Callable

import pygame
import pygame_gui

from game.levels.course import Problem, offset_polyline
from game.core.errors import BadInput
from game.ui import art
from game.ui.app import App, Scene
from game.ui.camera import Camera
from game.ui.editor_kit import Kits, new_level_choices, parts as editor_parts
from game.ui.editor_model import (
    PRESETS,
    EditorModel,
    Target,
    course_files,
    field_words,
    is_shipped,
    obstacle_heading,
    obstacle_polygon,
    obstacle_radius,
    rotated,
    scaled,
    shipped_dir,
    target_for,
    user_dir,
)
from game.ui.panels import DIM, EDGE, GOLD, INK, PANEL, RED
from game.ui.scenes.editor_test_race import outcome_line, start_test_race
from game.ui.table_view import TableView, draw_edges

SIDEBAR = 340
TOOLBAR = 46
STATUS = 30
RULER = 20
HANDLE = 7  # handle radius, pixels (times the UI scale)
SNAPS = (0.0, 0.5, 1.0)
DOUBLE_CLICK_MS = 400
WARN = (238, 186, 90)
OK_GREEN = (150, 210, 120)
SELECT = (255, 226, 120)
CENTRE_COL = (250, 236, 190)

HINTS = ("H: all keys", "drag points and pieces", "double-click the line: add a point", "Del delete",
         "Q/E turn", "+/- size (or width)", "Ctrl+Z / Ctrl+Y undo / redo", "wheel zoom, drag to pan, F fit")
"""The status line's hints, most useful first: as many whole ones as fit are shown."""


def hint_line(font: pygame.font.Font, room: int) -> str:
    """The hints that fit in `room` pixels, whole, most useful first ("H: all keys"
    always: the help lists the rest)."""
    text = HINTS[0]
    for h in HINTS[1:]:
        if font.size(f"{text} | {h}")[0] > room:
            break
        text = f"{text} | {h}"
    return text
CONTROLS = [
    ("Drag a handle", "move it: gold circles the centre line, squares hand-drawn edges, diamonds the ends of the "
                      "start, finish and checkpoint lines"),
    ("Drag an obstacle", "move it; on the selected one the circle on a stalk turns it, the small square resizes it"),
    ("Double-click a line", "a new point there (the centre line, or an edge drawn by hand)"),
    ("Obstacles, Checkpoint", "pick one, then click the table to put it down; right-click or Esc: no"),
    ("Delete / Backspace", "the selected point, obstacle or checkpoint; a start or finish line goes back to its "
                           "default place"),
    ("Insert", "a point after the selected one"),
    ("Q / E", "turn the selected obstacle 15 degrees left / right (with Shift: 5)"),
    ("+ / -", "the selected obstacle 10% bigger / smaller; with nothing selected, the course 1\" wider / narrower"),
    ("Arrows", "nudge the selection by the snap step (with nothing selected: pan)"),
    ("Drag the table, right-drag, WASD", "pan; the wheel zooms; F fits the course"),
    ("G", "grid snapping: off, 0.5\", 1\""),
    ("Ctrl+Z, Ctrl+Y / Ctrl+Shift+Z", "undo, redo"),
    ("Ctrl+N, Ctrl+O, Ctrl+S, Ctrl+Shift+S", "new, open, save (the previous file kept as .bak), save as"),
    ("Ctrl+T", "test race: normal AI players on the course as it is (four racers; on a Doomwheel track 2-4 "
               "wheels, its laps); Esc in the race comes back"),
    ("Problems", "click one to select what it is about"),
    ("Esc", "leave the editor (asks about unsaved changes); H closes this"),
]


def _ctrl(event: pygame.event.Event) -> bool:
    return bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)


def _shift(event: pygame.event.Event) -> bool:
    return bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)


def _dist_point_seg(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    """(distance from p to segment ab, t along ab of the nearest point)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    l2 = dx * dx + dy * dy
    t = 0.0 if l2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1]), t


def _inside(x: float, y: float, poly: list[tuple[float, float]]) -> bool:
    inside = False
    n = len(poly)
    if n < 3:
        return False
    jx, jy = poly[-1]
    for ix, iy in poly:
        if (iy > y) != (jy > y) and x < ix + (y - iy) * (jx - ix) / (jy - iy):
            inside = not inside
        jx, jy = ix, iy
    return inside


def _short(path: str) -> str:
    """A folder for a message: ~ for the home folder."""
    home = os.path.expanduser("~")
    return "~" + path[len(home):] if home and home != "/" and path.startswith(home) else path


def _wrap(text: str, f: pygame.font.Font, width: int, max_lines: int = 3) -> list[str]:
    words = text.split()
    lines: list[str] = []
    cur = ""
    for w in words:
        trial = f"{cur} {w}".strip()
        if f.size(trial)[0] <= width or not cur:
            cur = trial
        else:
            lines.append(cur)
            cur = w
            if len(lines) == max_lines:
                break
    if cur and len(lines) < max_lines:
        lines.append(cur)
    if len(lines) == max_lines and " ".join(lines) != " ".join(words):
        last = lines[-1]
        while last and f.size(last + "...")[0] > width:
            last = last[:-1]
        lines[-1] = last + "..."
    return lines


BOARD_PPI = 12.0
"""The editor renders the textured board at most this sharp (it is rendered again after
every edit; zoomed in further, it is scaled up like the race's board beyond its own
limit)."""


class _Board(TableView):
    """The race's table view, used for the course board only."""

    def board(self, ppi: float) -> tuple[pygame.Surface, float]:
        return super().board(min(ppi, BOARD_PPI))


class Dialog:
    """A blocking window over the editor: a message, an optional name field or list,
    and buttons. `on_choice(key, dialog)` gets the button's key ("cancel" when the
    window is closed)."""

    def __init__(self, app: App, title: str, text: str, buttons: list[tuple[str, str]],
                 on_choice: Callable[[str, "Dialog"], None], *, entry: str | None = None,
                 items: list[str] | None = None, default: str | None = None) -> None:
        m = app.manager
        k = app.settings.ui_scale
        bw = round(max(150, 10 * max((len(label) for _, label in buttons), default=0)) * k)
        w = max(round(560 * k), len(buttons) * (bw + 8) + round(40 * k))  # room for long button labels
        text_h = round(80 * k)
        h = round(96 * k) + text_h + (round(46 * k) if entry is not None else 0) + \
            (round(300 * k) if items is not None else 0)
        sw, sh = app.size
        self.window = pygame_gui.elements.UIWindow(pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h), m,
                                                   window_display_title=title, draggable=True)
        self.window.set_blocking(True)
        c = self.window
        inner_w = w - round(40 * k)
        self.text = pygame_gui.elements.UITextBox(html.escape(text).replace("\n", "<br>"),
                                                  pygame.Rect(10, 8, inner_w, text_h), m, container=c)
        y = 8 + text_h + 8
        self.entry: Any = None
        self.list: Any = None
        if entry is not None:
            self.entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(10, y, inner_w, round(36 * k)), m,
                                                             container=c)
            self.entry.set_text(entry)
            self.entry.set_text_length_limit(80)
            self.entry.focus()
            y += round(46 * k)
        if items is not None:
            listed: list[str | tuple[str, str]] = list(items)
            self.list = pygame_gui.elements.UISelectionList(pygame.Rect(10, y, inner_w, round(290 * k)), listed, m,
                                                            container=c)
            y += round(300 * k)
        self.buttons: dict[Any, str] = {}
        bh = round(38 * k)
        x = inner_w + 10 - len(buttons) * (bw + 8) + 8
        for key, label in buttons:
            b = pygame_gui.elements.UIButton(pygame.Rect(x, y, bw, bh), label, m, container=c)
            self.buttons[b] = key
            x += bw + 8
        self.on_choice = on_choice
        self.default = default or (buttons[0][0] if buttons else "cancel")
        self.closed = False

    @property
    def selected_item(self) -> str | None:
        if self.list is None:
            return None
        got = self.list.get_single_selection()
        return got if isinstance(got, str) else None

    @property
    def text_value(self) -> str:
        return self.entry.get_text() if self.entry is not None else ""

    def choose(self, key: str) -> None:
        if self.closed:
            return
        self.closed = True
        self.window.kill()
        self.on_choice(key, self)

    def on_ui(self, event: pygame.event.Event) -> bool:
        """An event from the window's widgets: True if it was the dialog's."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.choose(self.buttons[event.ui_element])
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.choose("cancel")
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.choose(self.default)
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            self.choose(self.default)
            return True
        return False

    def kill(self) -> None:
        self.closed = True
        self.window.kill()


class EditorScene(Scene):
    def __init__(self, app: App, model: EditorModel | None = None, message: str = "") -> None:
        super().__init__(app)
        self.model = model or EditorModel.new()
        self.camera = Camera()
        self.fitted = False
        self.sel: Target | None = None
        self.placing: str | None = None  # a preset look waiting to be put down
        self.drag: dict[str, Any] | None = None
        self.snap_i = 1
        self.message = message
        self.mouse = (0, 0)
        self.dialog: Dialog | None = None
        self._dialog_make: Callable[[], Dialog] | None = None
        self._dialog_again: Callable[[], Dialog] | None = None  # rebuilds the dialog after a resize
        self._view: TableView | None = None
        self._view_rev: Any = None
        self._last_down = (-10_000, (0, 0))
        self.problem_rows: list[tuple[pygame.Rect, Problem]] = []
        self.problem_scroll = 0
        self._problems_key: Any = None
        self._problems_surf: pygame.Surface | None = None
        self.flash = 0.0  # seconds left of the highlight after clicking a problem
        self._ui_key: Any = None
        self.last_race: Any = None  # the session of the last test race
        self.show_help = False
        # every ruleset's own tools (game.ui.editor_kit; the Doomwheel's are also scene.doom)
        self.kit = Kits(self, editor_parts())
        self._built_for: str | None = None  # the ruleset the sidebar was laid out for

    # --- layout ----------------------------------------------------------------------------
    @property
    def k(self) -> float:
        return self.app.settings.ui_scale

    def rects(self) -> dict[str, pygame.Rect]:
        k = self.k
        w, h = self.app.size
        side, tool, status = min(round(SIDEBAR * k), int(w * 0.42)), round(TOOLBAR * k), round(STATUS * k)
        return {
            "toolbar": pygame.Rect(0, 0, w - side, tool),
            "table": pygame.Rect(0, tool, w - side, h - tool - status),
            "status": pygame.Rect(0, h - status, w - side, status),
            "side": pygame.Rect(w - side, 0, side, h),
        }

    def enter(self) -> None:
        m = self.app.manager
        k = self.k
        r = self.rects()
        t = r["table"]
        self.camera.set_view(t.x, t.y, t.w, t.h)
        if not self.fitted:
            self.fit()
            self.fitted = True
        add = self.widgets.append
        # the toolbar
        bh = round(34 * k)
        y = (r["toolbar"].h - bh) // 2
        x = 6
        self.tool: dict[str, Any] = {}
        tools = (("new", "New", 64, "a new 80\" straight (Ctrl+N)"),
                 ("open", "Open", 70, "a shipped course or one of yours (Ctrl+O)"),
                 ("save", "Save", 64, "Ctrl+S (the previous file is kept as .bak)"),
                 ("saveas", "Save as", 86, "Ctrl+Shift+S"),
                 ("undo", "Undo", 66, "Ctrl+Z"), ("redo", "Redo", 66, "Ctrl+Y or Ctrl+Shift+Z"),
                 ("test", "Test race", 104, self._test_words()),
                 ("menu", "Menu", 70, "back to the main menu (Esc)"))
        gaps = {"saveas": 14, "redo": 14}
        need = sum(t[2] for t in tools) * k + sum(gaps.get(t[0], 4) for t in tools)
        fit = min(1.0, (r["toolbar"].w - 12) / need)  # a narrow window: narrower buttons
        for key, label, wd, tip in tools:
            bw = round(wd * k * fit)
            b = pygame_gui.elements.UIButton(pygame.Rect(x, y, bw, bh), label, m, tool_tip_text=tip)
            self.tool[key] = b
            add(b)
            x += bw + gaps.get(key, 4)
        # the sidebar
        s = r["side"]
        sx, sw = s.x + 10, s.w - 20
        y = round(90 * k)
        row = round(32 * k)
        gap = 6
        self.side_y: dict[str, int] = {"track": y}
        y += round(22 * k)
        self.width_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(sx + round(60 * k), y, round(76 * k), row),
                                                               m)
        add(self.width_entry)
        small = round(34 * k)
        self.width_minus = pygame_gui.elements.UIButton(
            pygame.Rect(sx + round(140 * k), y, small, row), "-", m, tool_tip_text="1\" narrower (-)")
        self.width_plus = pygame_gui.elements.UIButton(
            pygame.Rect(sx + round(140 * k) + small + 4, y, small, row), "+", m, tool_tip_text="1\" wider (+)")
        add(self.width_minus)
        add(self.width_plus)
        ex = sx + round(140 * k) + 2 * small + 12
        self.edges_btn = pygame_gui.elements.UIButton(pygame.Rect(ex, y, sx + sw - ex, row), "Draw edges", m,
                                                      tool_tip_text="switch between edges drawn by the width and "
                                                                    "edges you drag point by point")
        add(self.edges_btn)
        self.side_y["width"] = y
        y += row + gap
        half = (sw - gap) // 2
        third = (sw - 2 * gap) // 3
        self.add_point_btn = pygame_gui.elements.UIButton(pygame.Rect(sx, y, third, row), "Add point", m,
                                                          tool_tip_text="after the selected point (Insert); or "
                                                                        "double-click the line")
        self.checkpoint_btn = pygame_gui.elements.UIButton(
            pygame.Rect(sx + third + gap, y, third, row), "Checkpoint", m,
            tool_tip_text="click, then click the course: a checkpoint across it there (laps and progress)")
        self.delete_btn = pygame_gui.elements.UIButton(pygame.Rect(sx + 2 * (third + gap), y, third, row), "Delete",
                                                       m, tool_tip_text="the selected point, obstacle or checkpoint "
                                                                        "(Delete); a start or finish line goes "
                                                                        "back to its default place")
        add(self.add_point_btn)
        add(self.checkpoint_btn)
        add(self.delete_btn)
        y += row + round(14 * k)
        self.side_y["obstacles"] = y
        y += round(22 * k)
        self.preset_btns: dict[Any, str] = {}
        for i, look in enumerate(PRESETS):
            p = PRESETS[look]
            b = pygame_gui.elements.UIButton(
                pygame.Rect(sx + (i % 3) * (third + gap), y + (i // 3) * (row + gap), third, row),
                look.capitalize(), m, tool_tip_text=f"{p['size']} {p['shape']}: click, then click the table")
            self.preset_btns[b] = look
            add(b)
        y += 2 * (row + gap)
        quarter = (sw - 3 * gap) // 4
        self.ob_btns: dict[str, Any] = {}
        for i, (key, label, tip) in enumerate((("turn_l", "Turn Q", "15 degrees left (Q; Shift: 5)"),
                                               ("turn_r", "Turn E", "15 degrees right (E; Shift: 5)"),
                                               ("smaller", "Size -", "10% smaller (-)"),
                                               ("bigger", "Size +", "10% bigger (+)"))):
            b = pygame_gui.elements.UIButton(pygame.Rect(sx + i * (quarter + gap), y, quarter, row), label, m,
                                             tool_tip_text=tip)
            self.ob_btns[key] = b
            add(b)
        y += row + gap
        self.size_btn = pygame_gui.elements.UIButton(pygame.Rect(sx, y, half, row), "Make large", m,
                                                     tool_tip_text="small obstacles can be jumped, large ones not")
        add(self.size_btn)
        self.snap_btn = pygame_gui.elements.UIButton(pygame.Rect(sx + half + gap, y, half, row), "Snap", m,
                                                     tool_tip_text="grid snapping in inches (G)")
        add(self.snap_btn)
        y += row + round(14 * k)
        y = self.kit.build(sx, y, sw, row, gap)
        self._built_for = self.model.ruleset
        self.side_y["problems"] = y
        self._ui_key = None
        self._problems_key = None
        self._refresh_ui(force=True)
        if self._dialog_again is not None:
            make, self._dialog_again = self._dialog_again, None
            self.show(make)

    def exit(self) -> None:
        if self.dialog is not None:
            if not self.dialog.closed:  # the window is resized: show it again after
                self._dialog_again = self._dialog_make
            self.dialog.kill()
            self.dialog = None
        super().exit()

    def fit(self) -> None:
        pts = self.model.centre() + self.model.edge("left") + self.model.edge("right")
        if not pts:
            return
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        self.camera.fit(min(xs), min(ys), max(xs), max(ys), 4.0)

    # --- the state of the buttons ---------------------------------------------------------------
    def _sel_obstacle(self) -> dict[str, Any] | None:
        if self.sel is not None and self.sel.kind == "obstacle" and self.sel.index is not None:
            obs = self.model.obstacles()
            if 0 <= self.sel.index < len(obs):
                return obs[self.sel.index]
        return None

    def _refresh_ui(self, force: bool = False) -> None:
        md = self.model
        ob = self._sel_obstacle()
        key = (md.can_undo, md.can_redo, md.by_width, md.width, md.path, ob is not None and ob.get("size"),
               ob is not None and ob.get("shape"), self.sel, self.snap_i, self.placing, bool(md.course),
               self.kit.ui_key())
        if key == self._ui_key and not force:
            return
        self._ui_key = key
        self._set(self.tool["undo"], md.can_undo)
        self._set(self.tool["redo"], md.can_redo)
        self._set(self.tool["save"], True)
        self._set(self.width_minus, md.by_width)
        self._set(self.width_plus, md.by_width)
        if md.by_width:
            self.width_entry.enable()
            if not self.width_entry.is_focused:
                self.width_entry.set_text(f"{md.width:g}")
        else:
            self.width_entry.set_text("drawn")
            self.width_entry.disable()
        self.edges_btn.set_text("Draw edges" if md.by_width else "By width")
        self._set(self.edges_btn, md.course is not None or not md.by_width)
        pointy = self.sel is not None and self.sel.index is not None and self.sel.kind in ("centre", "edge")
        self._set(self.add_point_btn, True)
        self._set(self.checkpoint_btn, md.course is not None)
        if self.placing == "checkpoint":
            self.checkpoint_btn.select()
        else:
            self.checkpoint_btn.unselect()
        deletable = self.sel is not None and (pointy or self.sel.kind == "obstacle" or
                                              (self.sel.kind == "line" and self.sel.side in ("start", "finish")
                                               and self.sel.side in md.data) or
                                              (self.sel.kind == "line" and self.sel.side == "checkpoint"
                                               and self.sel.index is not None) or
                                              self.sel.kind in self.kit.kinds)
        self._set(self.delete_btn, deletable)
        for key2, b in self.ob_btns.items():
            self._set(b, ob is not None and not (key2.startswith("turn") and ob.get("shape") == "circle"))
        self._set(self.size_btn, ob is not None)
        self.size_btn.set_text("Make small" if ob is not None and ob.get("size") == "large" else "Make large")
        step = SNAPS[self.snap_i]
        self.snap_btn.set_text(f"Snap {step:g}\"" if step else "Snap off")
        for b, look in self.preset_btns.items():
            if look == self.placing:
                b.select()
            else:
                b.unselect()
        self.kit.refresh()

    @staticmethod
    def _set(b: Any, on: bool) -> None:
        if on and not b.is_enabled:
            b.enable()
        elif not on and b.is_enabled:
            b.disable()

    # --- coordinates -------------------------------------------------------------------------------
    @property
    def step(self) -> float:
        return SNAPS[self.snap_i]

    def snap(self, x: float, y: float) -> tuple[float, float]:
        s = self.step
        if not s:
            return (round(x, 2), round(y, 2))
        return (round(x / s) * s, round(y / s) * s)

    def table_at(self, pos: tuple[int, int]) -> tuple[float, float]:
        return self.camera.to_table(pos[0], pos[1])

    def screen(self, p: tuple[float, float]) -> tuple[float, float]:
        return self.camera.to_screen(p[0], p[1])

    def in_table(self, pos: tuple[int, int]) -> bool:
        return self.rects()["table"].collidepoint(pos)

    # --- handles -----------------------------------------------------------------------------------
    def handles(self) -> list[tuple[Target, tuple[float, float], int]]:
        """Every handle on the table: (target, screen position, priority: lower wins a tie)."""
        md = self.model
        out: list[tuple[Target, tuple[float, float], int]] = []
        ob = self._sel_obstacle()
        if ob is not None and self.sel is not None:
            rot, size = self._obstacle_handles(ob)
            if rot is not None:
                out.append((Target("obstacle", self.sel.index, "turn"), rot, 0))
            out.append((Target("obstacle", self.sel.index, "size"), size, 0))
        out += self.kit.handles()
        for i, p in enumerate(md.centre()):
            out.append((Target("centre", i), self.screen(p), 1))
        if not md.by_width:
            for side in ("left", "right"):
                for i, p in enumerate(md.edge(side)):
                    out.append((Target("edge", i, side), self.screen(p), 2))
        for key in ("start", "finish"):
            if key == "finish" and md.circuit:
                continue
            seg = md.line(key)
            if seg is not None:
                for end in (0, 1):
                    out.append((Target("line", None, key, end), self.screen(seg[end]), 2 if key in md.data else 3))
        for i in range(len(md.data.get("checkpoints", []))):
            seg = md.line("checkpoint", i)
            if seg is not None:
                for end in (0, 1):
                    out.append((Target("line", i, "checkpoint", end), self.screen(seg[end]), 2))
        return out

    def _obstacle_handles(self, ob: dict[str, Any]) -> tuple[tuple[float, float] | None, tuple[float, float]]:
        """Screen positions of the selected obstacle's turn handle (None for a circle)
        and size handle."""
        cx, cy = self.screen((float(ob["x"]), float(ob["y"])))
        rpx = obstacle_radius(ob) * self.camera.ppi
        a = math.radians(obstacle_heading(ob) if ob.get("shape") == "rect" else 90.0)
        d = rpx + 24 * self.k
        rot = None if ob.get("shape") == "circle" else (cx + d * math.cos(a), cy - d * math.sin(a))
        ds = rpx + 8 * self.k
        b = a - math.radians(135) if ob.get("shape") == "rect" else math.radians(-45)
        return rot, (cx + ds * math.cos(b), cy - ds * math.sin(b))

    def hit(self, pos: tuple[int, int]) -> Target | None:
        """The handle or obstacle under a screen position."""
        best: tuple[float, int, Target] | None = None
        reach = (HANDLE + 4) * self.k
        for t, (hx, hy), prio in self.handles():
            d = math.hypot(hx - pos[0], hy - pos[1])
            if d <= reach:
                cand = (round(d), prio, t)
                if best is None or cand[:2] < best[:2]:
                    best = cand
        if best is not None:
            return best[2]
        tx, ty = self.table_at(pos)
        own = self.kit.hit(tx, ty)
        if own is not None:
            return own
        obs = self.model.obstacles()
        for i in range(len(obs) - 1, -1, -1):  # the one drawn on top first
            poly = obstacle_polygon(obs[i])
            if _inside(tx, ty, poly) or math.hypot(tx - float(obs[i]["x"]), ty - float(obs[i]["y"])) * \
                    self.camera.ppi <= reach:
                return Target("obstacle", i)
        return None

    def line_hit(self, pos: tuple[int, int]) -> tuple[str, int, tuple[float, float]] | None:
        """The centre line (or a hand-drawn edge) under a screen position: (which:
        "centre" / "left" / "right", the index to insert a point at, the table point)."""
        reach = (HANDLE + 3) * self.k
        best = None
        polys = [("centre", self.model.centre())]
        if not self.model.by_width:
            polys += [("left", self.model.edge("left")), ("right", self.model.edge("right"))]
        for which, pts in polys:
            sp = [self.screen(p) for p in pts]
            for i in range(len(sp) - 1):
                d, t = _dist_point_seg((float(pos[0]), float(pos[1])), sp[i], sp[i + 1])
                if d <= reach and (best is None or d < best[0]):
                    a, b = pts[i], pts[i + 1]
                    best = (d, which, i + 1, (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
        return None if best is None else (best[1], best[2], best[3])

    # --- input ---------------------------------------------------------------------------------------
    def _typing(self) -> bool:
        focus = self.app.manager.get_focus_set() or set()
        return any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in focus)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.dialog is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.dialog.choose("cancel")
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.drag is not None:
                self._drag_to(event.pos, getattr(event, "rel", (0, 0)))
            return False
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.in_table(pos):
                self.camera.zoom_at(1.15 ** event.y, *pos)
                return True
            if self._problems_rect().collidepoint(pos):
                self.problem_scroll = max(0, self.problem_scroll - event.y)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if self._problems_rect().collidepoint(event.pos) and event.button == 1:
                for rect, p in self.problem_rows:
                    if rect.collidepoint(event.pos):
                        self.select_problem(p)
                        return True
                return False
            if not self.in_table(event.pos):
                return False
            if self.width_entry.is_focused:
                self.width_entry.unfocus()
                self._take_width()
            self.kit.unfocus()
            if event.button == 1:
                self._press(event.pos)
                return True
            if event.button in (2, 3):
                if self.placing is not None:
                    self.placing = None
                    self._refresh_ui()
                else:
                    self.drag = {"kind": "pan"}
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            if self.drag is not None and event.button in (1, 2, 3):
                self._release()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            if self._typing():
                if event.key == pygame.K_ESCAPE:
                    self.width_entry.unfocus()
                    self.kit.escape()
                    self._refresh_ui(force=True)
                    return True
                return False
            return self._key(event)
        return False

    def _press(self, pos: tuple[int, int]) -> None:
        md = self.model
        now = pygame.time.get_ticks()
        last_t, last_pos = self._last_down
        double = now - last_t <= DOUBLE_CLICK_MS and math.hypot(pos[0] - last_pos[0], pos[1] - last_pos[1]) <= 6
        self._last_down = (now, pos)
        tx, ty = self.table_at(pos)
        if self.placing == "checkpoint":
            self.placing = None
            got = md.add_checkpoint(*self.snap(tx, ty))
            if got is None:
                self.message = "no checkpoint there: the course does not load"
            else:
                self.sel = Target("line", got, "checkpoint")
                self.message = f"checkpoint {got} added"
            self._refresh_ui()
            return
        if self.placing is not None and self.placing not in PRESETS:
            what, self.placing = self.placing, None
            self.kit.place(what, *self.snap(tx, ty))
            self._refresh_ui()
            return
        if self.placing is not None:
            x, y = self.snap(tx, ty)
            i = md.add_obstacle(self.placing, x, y)
            self.message = f"{self.placing} added at ({x:g}, {y:g})"
            self.placing = None
            if i is not None:
                self.sel = Target("obstacle", i)
            self._refresh_ui()
            return
        t = self.hit(pos)
        if double and (t is None or t.kind in ("centre", "edge") and t.index is None):
            lh = self.line_hit(pos)
            if lh is not None:
                which, i, p = lh
                x, y = self.snap(*p)
                if which == "centre":
                    md.insert_centre_point(i, x, y)
                    self.sel = Target("centre", i)
                else:
                    md.insert_edge_point(which, i, x, y)
                    self.sel = Target("edge", i, which)
                self.message = f"point added at ({x:g}, {y:g})"
                self._last_down = (-10_000, (0, 0))
                self._refresh_ui()
                return
        if t is None:
            self.sel = None
            self.drag = {"kind": "pan"}
            self._refresh_ui()
            return
        if t.kind == "obstacle" and t.side in ("turn", "size"):
            assert self.sel is not None and self.sel.index is not None
            ob = md.obstacles()[self.sel.index]
            cx, cy = float(ob["x"]), float(ob["y"])
            md.begin(("turn " if t.side == "turn" else "resize ") + str(ob.get("id")))
            self.drag = {"kind": t.side, "index": self.sel.index, "centre": (cx, cy),
                         "angle0": math.degrees(math.atan2(ty - cy, tx - cx)),
                         "dist0": max(1e-6, math.hypot(tx - cx, ty - cy)), "from": pos, "moved": False}
            return
        self.sel = t
        self._refresh_ui()
        if t.kind == "obstacle":
            ob = md.obstacles()[t.index or 0]
            md.begin(f"move {ob.get('id')}")
            self.drag = {"kind": "move", "target": t, "offset": (float(ob["x"]) - tx, float(ob["y"]) - ty),
                         "from": pos, "moved": False}
        else:
            pt = self._target_point(t)
            if pt is None:
                return
            md.begin(f"move {t.describe()}")
            self.drag = {"kind": "move", "target": t, "offset": (pt[0] - tx, pt[1] - ty), "from": pos,
                         "moved": False}

    def _target_point(self, t: Target) -> tuple[float, float] | None:
        md = self.model
        if t.kind in self.kit.kinds:
            return self.kit.point(t)
        if t.index is None and t.kind != "line":
            return None
        if t.kind == "centre":
            pts = md.centre()
            return pts[t.index] if t.index is not None and t.index < len(pts) else None
        if t.kind == "edge":
            pts = md.edge(t.side)
            return pts[t.index] if t.index is not None and t.index < len(pts) else None
        if t.kind == "line" and t.end is not None:
            seg = md.line(t.side, t.index)
            return None if seg is None else seg[t.end]
        if t.kind == "obstacle":
            ob = md.obstacles()[t.index or 0]
            return (float(ob["x"]), float(ob["y"]))
        return None

    def _move_target(self, t: Target, x: float, y: float) -> None:
        md = self.model
        if t.kind == "centre" and t.index is not None:
            md.set_centre_point(t.index, x, y)
        elif t.kind == "edge" and t.index is not None:
            md.set_edge_point(t.side, t.index, x, y)
        elif t.kind == "line" and t.end is not None:
            md.set_line_end(t.side, t.end, x, y, t.index)
        elif t.kind == "obstacle" and t.index is not None:
            md.move_obstacle(t.index, x, y)
        elif t.kind in self.kit.kinds:
            self.kit.move(t, x, y)

    def _drag_to(self, pos: tuple[int, int], rel: tuple[int, int]) -> None:
        d = self.drag
        assert d is not None
        if d["kind"] == "pan":
            self.camera.pan_pixels(rel[0], rel[1])
            return
        if not d["moved"]:
            fx, fy = d["from"]
            if math.hypot(pos[0] - fx, pos[1] - fy) < 3:
                return
            d["moved"] = True
        md = self.model
        tx, ty = self.table_at(pos)
        if d["kind"] == "move":
            ox, oy = d["offset"]
            self._move_target(d["target"], *self.snap(tx + ox, ty + oy))
        elif d["kind"] in ("turn", "size"):
            i = d["index"]
            base = md.gesture_base()["obstacles"][i]
            cx, cy = d["centre"]
            if d["kind"] == "turn":
                delta = math.degrees(math.atan2(ty - cy, tx - cx)) - d["angle0"]
                if self.step:
                    if base.get("shape") == "rect":  # land on a whole 5 degrees
                        target = round((float(base.get("rotation", 0.0)) + delta) / 5.0) * 5.0
                        delta = target - float(base.get("rotation", 0.0))
                    else:
                        delta = round(delta / 5.0) * 5.0
                md.set_obstacle(i, rotated(base, delta))
            else:
                k = math.hypot(tx - cx, ty - cy) / d["dist0"]
                md.set_obstacle(i, scaled(base, max(0.05, k)))

    def _release(self) -> None:
        d, self.drag = self.drag, None
        if d is None or d["kind"] == "pan":
            return
        cmd = self.model.end()
        if cmd is not None:
            self.message = cmd.label
        self._refresh_ui()

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        md = self.model
        if _ctrl(event):
            if k == pygame.K_z:
                self.redo() if _shift(event) else self.undo()
            elif k == pygame.K_y:
                self.redo()
            elif k == pygame.K_s:
                self.save_as() if _shift(event) else self.save()
            elif k == pygame.K_o:
                self.open_dialog()
            elif k == pygame.K_n:
                self.new()
            elif k == pygame.K_t:
                self.test_race()
            else:
                return False
            return True
        if self.show_help and k in (pygame.K_h, pygame.K_ESCAPE):
            self.show_help = False
            return True
        if k == pygame.K_h:
            self.show_help = True
            return True
        if k == pygame.K_ESCAPE:
            if self.drag is not None:
                if self.drag["kind"] != "pan":
                    md.cancel()
                self.drag = None
                self.message = "put back"
            elif self.placing is not None:
                self.placing = None
                self._refresh_ui()
            else:
                self.leave()
            return True
        if self.drag is not None:
            return True
        if k in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.delete_selected()
        elif k == pygame.K_INSERT:
            self.add_point()
        elif k in (pygame.K_q, pygame.K_e):
            ob = self._sel_obstacle()
            if ob is not None and self.sel is not None and self.sel.index is not None:
                step = 5.0 if _shift(event) else 15.0
                md.rotate_obstacle(self.sel.index, step if k == pygame.K_q else -step)
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.grow(1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.grow(-1)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            dx = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(k, 0)
            dy = {pygame.K_DOWN: -1, pygame.K_UP: 1}.get(k, 0)
            p = self._target_point(self.sel) if self.sel is not None else None
            if p is not None and self.sel is not None:
                s = self.step or 0.1
                self._move_target(self.sel, p[0] + dx * s, p[1] + dy * s)
            else:
                self.camera.pan_pixels(-dx * 60, dy * 60)
        elif k in (pygame.K_a, pygame.K_d, pygame.K_w, pygame.K_s):
            self.camera.pan_pixels({pygame.K_a: 60, pygame.K_d: -60}.get(k, 0),
                                   {pygame.K_w: 60, pygame.K_s: -60}.get(k, 0))
        elif k == pygame.K_f:
            self.fit()
        elif k == pygame.K_g:
            self.snap_i = (self.snap_i + 1) % len(SNAPS)
        elif k == pygame.K_k:
            self.kit.next_kind()
        else:
            return False
        self._refresh_ui()
        return True

    def on_ui(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            d = self.dialog
            if d.on_ui(event):
                if self.dialog is d:
                    self.dialog = None
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.width_entry:
            self._take_width()
            return
        if self.kit.on_ui(event):
            self._refresh_ui()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        el = event.ui_element
        md = self.model
        actions: dict[Any, Callable[[], Any]] = {
            self.tool["new"]: self.new, self.tool["open"]: self.open_dialog, self.tool["save"]: self.save,
            self.tool["saveas"]: self.save_as, self.tool["undo"]: self.undo, self.tool["redo"]: self.redo,
            self.tool["test"]: self.test_race, self.tool["menu"]: self.leave,
            self.width_minus: lambda: self.set_width_by(-1.0), self.width_plus: lambda: self.set_width_by(1.0),
            self.edges_btn: self.toggle_edges, self.add_point_btn: self.add_point,
            self.checkpoint_btn: self.place_checkpoint,
            self.delete_btn: self.delete_selected, self.size_btn: self.toggle_size,
            self.snap_btn: self.cycle_snap,
        }
        if el in actions:
            actions[el]()
        elif el in self.preset_btns:
            look = self.preset_btns[el]
            self.placing = None if self.placing == look else look
            if self.placing:
                self.message = f"click the table to put the {look} down (right-click or Esc: no)"
        elif el in self.ob_btns.values() and self.sel is not None and self.sel.index is not None:
            key = next(k for k, b in self.ob_btns.items() if b is el)
            if key == "turn_l":
                md.rotate_obstacle(self.sel.index, 15.0)
            elif key == "turn_r":
                md.rotate_obstacle(self.sel.index, -15.0)
            else:
                self.grow(1 if key == "bigger" else -1)
        self._refresh_ui()

    # --- edits --------------------------------------------------------------------------------------
    def _take_width(self) -> None:
        try:
            w = float(self.width_entry.get_text())
        except ValueError:
            self.message = "the width must be a number of inches"
            self._refresh_ui(force=True)
            return
        if self.model.set_width(w) is not None:
            self.message = f"width {self.model.width:g}\""
        self._refresh_ui(force=True)

    def set_width_by(self, dw: float) -> None:
        w = self.model.width
        if w is not None:
            self.model.set_width(w + dw)
            self.message = f"width {self.model.width:g}\""

    def grow(self, sign: int) -> None:
        if self.kit.grow(sign):
            return
        ob = self._sel_obstacle()
        if ob is not None and self.sel is not None and self.sel.index is not None:
            self.model.scale_obstacle(self.sel.index, 1.1 if sign > 0 else 1 / 1.1)
        elif self.model.by_width:
            self.set_width_by(float(sign))

    def toggle_edges(self) -> None:
        md = self.model
        cmd = md.use_edges() if md.by_width else md.use_width()
        if cmd is not None:
            self.message = "drag the edge points; double-click an edge to add one" if not md.by_width else \
                f"edges drawn by the width, {md.width:g}\""
            if self.sel is not None and self.sel.kind == "edge":
                self.sel = None

    def place_checkpoint(self) -> None:
        self.placing = None if self.placing == "checkpoint" else "checkpoint"
        if self.placing:
            self.message = "click the course where the checkpoint goes (right-click or Esc: no)"

    def toggle_size(self) -> None:
        ob = self._sel_obstacle()
        if ob is not None and self.sel is not None and self.sel.index is not None:
            self.model.set_obstacle_size(self.sel.index, "small" if ob.get("size") == "large" else "large")

    def cycle_snap(self) -> None:
        self.snap_i = (self.snap_i + 1) % len(SNAPS)

    def add_point(self) -> None:
        """A point after the selected one (midway to the next, or beyond the last);
        with nothing selected, in the middle of the longest centre-line segment."""
        md = self.model
        t = self.sel
        if t is not None and t.kind == "edge" and t.index is not None and not md.by_width:
            pts, side = md.edge(t.side), t.side
            i = t.index
        else:
            pts, side = md.centre(), ""
            if t is not None and t.kind == "centre" and t.index is not None:
                i = t.index
            else:
                lens = [math.dist(pts[j], pts[j + 1]) for j in range(len(pts) - 1)]
                i = lens.index(max(lens)) if lens else 0
        if len(pts) < 2:
            return
        if i >= len(pts) - 1:  # beyond the last point, 10" on
            a, b = pts[-2], pts[-1]
            d = math.dist(a, b) or 1.0
            p = (b[0] + (b[0] - a[0]) / d * 10, b[1] + (b[1] - a[1]) / d * 10)
            at = len(pts)
        else:
            a, b = pts[i], pts[i + 1]
            p = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            at = i + 1
        x, y = self.snap(*p)
        if side:
            md.insert_edge_point(side, at, x, y)
            self.sel = Target("edge", at, side)
        else:
            md.insert_centre_point(at, x, y)
            self.sel = Target("centre", at)
        self.message = f"point added at ({x:g}, {y:g})"

    def delete_selected(self) -> None:
        md = self.model
        t = self.sel
        if t is None:
            return
        cmd = md.delete(t)
        if cmd is None:
            if t.kind in ("centre", "edge"):
                self.message = "a line keeps at least its two end points"
            return
        self.message = cmd.label
        if t.kind == "line" and t.side in ("start", "finish"):
            self.message = f"the {t.side} line is back to its default place"
        else:
            self.sel = None

    def undo(self) -> None:
        label = self.model.undo()
        self.message = f"undone: {label}" if label else "nothing to undo"
        self._drop_stale_selection()

    def redo(self) -> None:
        label = self.model.redo()
        self.message = f"redone: {label}" if label else "nothing to redo"
        self._drop_stale_selection()

    def _drop_stale_selection(self) -> None:
        if self.sel is not None and not self.model.exists(self.sel):
            self.sel = None
        self._refresh_ui()

    def select_problem(self, p: Problem) -> None:
        """Select (and show) the item a problem is about."""
        t = target_for(p.field)
        self.message = f"{field_words(p.field)}: {p.reason}"
        if t is None or not self.model.exists(t):
            return
        self.sel = t
        self.flash = 1.6
        pts: list[tuple[float, float]] = []
        if t.kind == "obstacle" and t.index is not None:
            ob = self.model.obstacles()[t.index]
            pts = [(float(ob["x"]), float(ob["y"]))]
        elif t.kind == "centre":
            pts = self.model.centre() if t.index is None else [self.model.centre()[t.index]]
        elif t.kind == "edge":
            sides = [t.side] if t.side else ["left", "right"]
            pts = [p for s in sides for p in self.model.edge(s)]
            if t.index is not None:
                pts = [self.model.edge(t.side)[t.index]]
        elif t.kind == "line":
            seg = self.model.line(t.side, t.index)
            pts = list(seg) if seg else []
        elif t.kind in self.kit.kinds:
            got = self.kit.where(t)
            pts = [got] if got is not None else []
        if pts:
            cx = sum(p[0] for p in pts) / len(pts)
            cy = sum(p[1] for p in pts) / len(pts)
            sx, sy = self.screen((cx, cy))
            view = self.rects()["table"].inflate(-80, -80)
            if not view.collidepoint(sx, sy):
                self.camera.cx, self.camera.cy = cx, cy
        self._refresh_ui()

    # --- files, leaving, the test race ---------------------------------------------------------------
    def show(self, make: Callable[[], Dialog]) -> None:
        """Open a dialog (rebuilt by `make` after a resize)."""
        if self.dialog is not None:
            self.dialog.kill()
        self._dialog_make = make
        self.dialog = make()

    def info(self, title: str, text: str) -> None:
        self.show(lambda: Dialog(self.app, title, text, [("ok", "OK")], lambda key, d: None))

    def guard(self, then: Callable[[], None], doing: str) -> None:
        """Do `then`, after asking what to do with unsaved changes (save, don't save,
        cancel)."""
        md = self.model
        if not md.dirty:
            then()
            return

        def chosen(key: str, d: Dialog) -> None:
            if key == "save":
                if md.path:
                    if self._save_to(md.path):
                        then()
                else:
                    self.save_as(then)
            elif key == "discard":
                then()

        name = md.name or "this course"
        self.show(lambda: Dialog(self.app, "Unsaved changes",
                                 f"'{name}' has changes that are not saved. Save them before you {doing}?",
                                 [("save", "Save"), ("discard", "Don't save"), ("cancel", "Cancel")], chosen))

    def on_quit(self) -> bool:
        """Closing the window asks about unsaved changes as leaving does."""
        if not self.model.dirty:
            return False

        def go() -> None:
            self.app.running = False
        self.guard(go, "quit")
        return True

    def leave(self) -> None:
        def go() -> None:
            from game.ui.scenes.menu import MenuScene
            self.app.replace(MenuScene(self.app))
        self.guard(go, "leave the editor")

    def new(self) -> None:
        """A new course, for the ruleset chosen in a dialog: the Wild Race's 80"
        straight or a Doomwheel track's small figure-eight."""
        def chosen(key: str, d: Dialog) -> None:
            if key in dict(choices):
                self.new_course(key)

        choices = new_level_choices()  # every ruleset with a "new_level" (game.ui.editor_kit)

        def ask() -> None:
            self.show(lambda: Dialog(self.app, "New course", "Which race is the course for?",
                                     [*choices, ("cancel", "Cancel")], chosen))
        self.guard(ask, "start a new course")

    def _test_words(self) -> str:
        """The test race button's tooltip, in the course's ruleset's words (its ui
        room's "test_words" part)."""
        from game.core import registry
        registry.load("ui")
        reg = registry.find(self.model.ruleset) or registry.default()
        return str(reg.window.get("test_words", "AI players run this course as it is")) + " (Ctrl+T)"

    def new_course(self, ruleset: str | None = None) -> None:
        """A new course at once (no question asked), in its ruleset's words (its ui
        room's "new_level_words" part)."""
        from game.core import registry
        self.model = EditorModel.new(ruleset=ruleset)
        reg = (registry.find(ruleset) if ruleset else None) or registry.default()
        self._after_load(reg.window.get("new_level_words", "a new course"))

    def _after_load(self, message: str) -> None:
        if self._built_for is not None and self._built_for != self.model.ruleset:
            for w in self.widgets:  # the sidebar is laid out again for the other ruleset
                w.kill()
            self.widgets.clear()
            self.enter()
        self.sel = None
        self.placing = None
        self.drag = None
        self.problem_scroll = 0
        self.fit()
        self.message = message
        self._refresh_ui(force=True)

    def open_dialog(self) -> None:
        files = course_files()
        labels: list[str] = []
        paths: dict[str, str] = {}
        for f in files:
            where = f"{'shipped' if f.where == 'shipped' else 'yours'}: {os.path.basename(f.path)}"
            if f.opens:
                label = f"{f.label}  ({where})"
            else:  # listed with why; picked, the dialog says it in full
                label = f"{f.label}  (will not open, {where}): {f.problem}"
            while label in paths:
                label += " "
            labels.append(label)
            paths[label] = f.path

        def chosen(key: str, d: Dialog) -> None:
            if key != "open":
                return
            item = d.selected_item
            if item is None:
                self.message = "pick a course to open"
                return
            path = paths[item]

            def go() -> None:
                self.open_path(path)

            self.guard(go, "open another course")

        from game.core import registry
        shipped = " and ".join(r.levels_dir for r in registry.every() if r.levels_dir)
        text = f"Shipped courses are in {shipped}; yours in {_short(user_dir())}."
        self.show(lambda: Dialog(self.app, "Open a course", text, [("open", "Open"), ("cancel", "Cancel")], chosen,
                                 items=labels))

    def open_path(self, path: str) -> bool:
        try:
            model = EditorModel.open(path)
        except BadInput as e:
            self.info("This course cannot be opened", e.line())
            return False
        self.model = model
        self._after_load(f"opened {path}")
        return True

    def save(self) -> None:
        if self.model.path is None:
            self.save_as()
        else:
            self._save_to(self.model.path)

    def _save_to(self, path: str) -> bool:
        md = self.model
        try:
            md.save(path)
        except BadInput as e:
            self.info("Not saved", f"The course cannot be saved while it does not load:\n{e.field}: {e.reason}")
            return False
        except OSError as e:
            self.info("Not saved", f"{path}: {e.strerror or e}")
            return False
        errors = len(md.errors)
        self.message = f"saved {path}" + (f" ({errors} error{'s' if errors != 1 else ''} to fix before it can "
                                          "be raced)" if errors else "")
        self._refresh_ui(force=True)
        return True

    def save_as(self, then: Callable[[], None] | None = None) -> None:
        md = self.model
        where = os.path.dirname(md.path) if md.path and is_shipped(md.path) else user_dir()
        shipped = " (next to the shipped course you are editing)" if md.path and is_shipped(md.path) else ""

        def chosen(key: str, d: Dialog) -> None:
            if key != "save":
                return
            name = d.text_value.strip()
            if not name:
                self.message = "a course needs a name"
                return
            md.rename(name)
            if self._save_to(md.save_as_path(name)) and then is not None:
                then()

        self.show(lambda: Dialog(self.app, "Save as", f"The course's name. It is saved in {_short(where)}{shipped}.",
                                 [("save", "Save"), ("cancel", "Cancel")], chosen, entry=md.name))

    def test_race(self) -> None:
        """Race the course as it stands with AI players (game.ui.scenes.editor_test_race)."""
        md = self.model
        course = md.course
        if course is None or md.errors:
            n = len(md.errors)
            self.info("The course cannot be raced yet",
                      f"It has {n} error{'s' if n != 1 else ''} (listed under Problems; click one to see where). "
                      "Fix them, then try again.")
            return
        why = start_test_race(self, course)
        if why is not None:
            self.info("The course cannot be raced yet", why)

    def back_from_race(self, session: Any) -> None:
        """The test race is over (or left): back to the editor, the same course and
        history."""
        self.last_race = session
        self.drag = None
        self.message = outcome_line(session)
        self.app.replace(self)

    # --- frames ------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.flash = max(0.0, self.flash - dt)
        if self.sel is not None and not self.model.exists(self.sel):
            self.sel = None
        if self.widgets:
            self._refresh_ui()

    def busy(self) -> bool:
        """The highlight of a clicked problem fades: draw every frame until it is gone."""
        return self.flash > 0.0

    def _problems_rect(self) -> pygame.Rect:
        s = self.rects()["side"]
        y = getattr(self, "side_y", {}).get("problems", round(400 * self.k))
        return pygame.Rect(s.x + 8, y, s.w - 16, s.h - y - 8)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((24, 20, 16))
        r = self.rects()
        self._draw_table(surface, r["table"])
        self._draw_toolbar(surface, r["toolbar"])
        self._draw_status(surface, r["status"])
        self._draw_side(surface, r["side"])
        if self.show_help:
            self._draw_help(surface, r["table"])

    def _draw_help(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((12, 9, 6, 228))
        surface.blit(shade, rect.topleft)
        title = art.font(22, bold=True)
        key_f = art.font(13, bold=True)
        body = art.font(13)
        x, y = rect.x + 24, rect.y + 16
        surface.blit(title.render("Course editor: mouse and keys", True, (246, 227, 180)), (x, y))
        y += title.get_linesize() + 8
        col = max(key_f.size(k)[0] for k, _ in CONTROLS + self.kit.every_control) + 16
        for key, text in CONTROLS + self.kit.controls:
            lines = _wrap(text, body, rect.w - col - 60, 2)
            surface.blit(key_f.render(key, True, GOLD), (x, y))
            for ln in lines:
                surface.blit(body.render(ln, True, INK), (x + col, y))
                y += body.get_linesize()
            y += 4

    # the table
    def _board_view(self) -> TableView | None:
        """The race's own table view of the course as it stands (rebuilt after each
        edit; while a drag goes on the quick drawing is used instead)."""
        md = self.model
        course = md.course
        if course is None or md.in_gesture:
            return None
        if self._view is None or self._view_rev != (id(md), md.revision):
            view = self.kit.board(course) or \
                _Board(SimpleNamespace(course=course, players=[], obstacles={}, racers={}), {})
            self._view, self._view_rev = view, (id(md), md.revision)
        self._view.camera = self.camera
        return self._view

    def _draw_table(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        cam = self.camera
        clip = surface.get_clip()
        surface.set_clip(rect)
        view = self._board_view()
        if view is not None:
            view.draw(surface, SimpleNamespace(gone=set(), obstacles={}, racers={}))
            surface.set_clip(rect)
        else:
            self._draw_quick(surface, rect)
        self._draw_grid(surface, rect)
        self._draw_obstacles(surface)
        self._draw_lines_and_handles(surface)
        self.kit.draw_numbers(surface)
        self.kit.draw(surface)  # critters, fans, crossings over the lines (they have handles of their own)
        if self.placing is not None and self.placing not in PRESETS and self.placing != "checkpoint":
            if self.in_table(self.mouse):
                self.kit.draw_placing(surface, *self.snap(*self.table_at(self.mouse)))
        elif self.placing == "checkpoint" and self.in_table(self.mouse):
            seg = self.model.checkpoint_at(*self.snap(*self.table_at(self.mouse)))
            if seg is not None:
                self._dashed(surface, [self.screen((seg[0][0], seg[0][1])), self.screen((seg[1][0], seg[1][1]))],
                             (120, 190, 255), 3)
        elif self.placing is not None and self.in_table(self.mouse):
            x, y = self.snap(*self.table_at(self.mouse))
            ob = {"x": x, "y": y, **PRESETS[self.placing]}
            self._blit_obstacle(surface, ob, self.placing, alpha=170)
        self._draw_rulers(surface, rect)
        surface.set_clip(clip)

    def _draw_quick(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The course without the textured board: used while dragging (and when the
        course does not load), so every frame shows the shape as it is."""
        cam = self.camera
        surface.blit(art.table_background(rect.size), rect.topleft)
        md = self.model
        centre = md.centre()
        left, right = md.edge("left"), md.edge("right")
        if md.by_width and len(centre) >= 2 and md.width:
            try:
                left = list(offset_polyline(centre, md.width / 2))
                right = list(offset_polyline(centre, -md.width / 2))
            except (ValueError, ZeroDivisionError):
                pass
        if len(left) >= 2 and len(right) >= 2:
            if md.circuit and len(left) == len(right):  # a figure-eight: side by side quads (it crosses itself)
                ls, rs = [self.screen(p) for p in left], [self.screen(p) for p in right]
                for i in range(len(ls) - 1):
                    pygame.draw.polygon(surface, (128, 132, 78), [ls[i], ls[i + 1], rs[i + 1], rs[i]])
            else:
                outline = [self.screen(p) for p in left + list(reversed(right))]
                pygame.draw.polygon(surface, (128, 132, 78), outline)
            crossings = [SimpleNamespace(x=float(c["x"]), y=float(c["y"]), radius=float(c["radius"]))
                         for c in md.crossings()]
            draw_edges(surface, SimpleNamespace(left=left, right=right, crossings=crossings), self.screen, cam.ppi)
        for key in ("start", "finish"):
            seg = md.line(key)
            if seg is not None and not (key == "finish" and md.circuit):
                art.draw_line_marking(surface, self.screen(seg[0]), self.screen(seg[1]), cam.ppi, key)

    def _draw_grid(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        step = self.step
        if not step:
            return
        cam = self.camera
        while step * cam.ppi < 8:
            step *= 2 if step < 1 else 6
        x0, y1 = cam.to_table(rect.left, rect.top)
        x1, y0 = cam.to_table(rect.right, rect.bottom)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        i0, i1 = math.floor(x0 / step), math.ceil(x1 / step)
        for i in range(i0, i1 + 1):
            sx = cam.to_screen(i * step, 0)[0] - rect.x
            major = abs(i * step - round(i * step / 12) * 12) < 1e-9
            pygame.draw.line(layer, (255, 255, 255, 46 if major else 22), (sx, 0), (sx, rect.h))
        j0, j1 = math.floor(y0 / step), math.ceil(y1 / step)
        for j in range(j0, j1 + 1):
            sy = cam.to_screen(0, j * step)[1] - rect.y
            major = abs(j * step - round(j * step / 12) * 12) < 1e-9
            pygame.draw.line(layer, (255, 255, 255, 46 if major else 22), (0, sy), (rect.w, sy))
        surface.blit(layer, rect.topleft)

    def _blit_obstacle(self, surface: pygame.Surface, ob: dict[str, Any], look: str, alpha: int = 255) -> None:
        cam = self.camera
        pts = tuple((float(p[0]), float(p[1])) for p in ob.get("points", []))
        s = art.obstacle_surface(str(ob.get("shape")), str(ob.get("size")), look, cam.ppi,
                                 float(ob.get("length", 0.0)), float(ob.get("width", 0.0)),
                                 float(ob.get("radius", 0.0)), pts)
        if ob.get("shape") == "rect" and float(ob.get("rotation", 0.0)):
            s = pygame.transform.rotate(s, float(ob["rotation"]))
        if alpha < 255:
            s = s.copy()
            s.set_alpha(alpha)
        sx, sy = self.screen((float(ob["x"]), float(ob["y"])))
        surface.blit(s, s.get_rect(center=(round(sx), round(sy))))

    def _draw_obstacles(self, surface: pygame.Surface) -> None:
        obs = self.model.obstacles()
        bad = {t.index for t in (target_for(p.field) for p in self.model.errors) if t and t.kind == "obstacle"}
        for i, ob in enumerate(obs):
            self._blit_obstacle(surface, ob, str(ob.get("look", "")))
            if i in bad:
                pts = [self.screen(p) for p in obstacle_polygon(ob)]
                if len(pts) >= 3:
                    pygame.draw.lines(surface, RED, True, pts, 2)
        sel_ob = self._sel_obstacle()
        if sel_ob is not None:
            pts = [self.screen(p) for p in obstacle_polygon(sel_ob)]
            if len(pts) >= 3:
                pygame.draw.lines(surface, SELECT, True, pts, 3 if self.flash > 0 else 2)
            rot, size = self._obstacle_handles(sel_ob)
            c = self.screen((float(sel_ob["x"]), float(sel_ob["y"])))
            hr = HANDLE * self.k
            if rot is not None:
                pygame.draw.line(surface, SELECT, c, rot, 2)
                pygame.draw.circle(surface, (40, 30, 20), (round(rot[0]), round(rot[1])), round(hr + 1))
                pygame.draw.circle(surface, SELECT, (round(rot[0]), round(rot[1])), round(hr - 1))
            box = pygame.Rect(0, 0, round(hr * 1.8), round(hr * 1.8))
            box.center = (round(size[0]), round(size[1]))
            pygame.draw.rect(surface, (40, 30, 20), box.inflate(3, 3))
            pygame.draw.rect(surface, SELECT, box)

    def _dashed(self, surface: pygame.Surface, pts: list[tuple[float, float]], col: Any, width: int = 1,
                dash: float = 8.0) -> None:
        for i in range(len(pts) - 1):
            (ax, ay), (bx, by) = pts[i], pts[i + 1]
            d = math.hypot(bx - ax, by - ay)
            n = max(1, int(d / dash))
            for j in range(0, n, 2):
                t0, t1 = j / n, min(1.0, (j + 1) / n)
                pygame.draw.line(surface, col, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                                 (ax + (bx - ax) * t1, ay + (by - ay) * t1), width)

    def _draw_lines_and_handles(self, surface: pygame.Surface) -> None:
        md = self.model
        sel = self.sel
        hr = HANDLE * self.k
        strong = 4 if self.flash > 0 else 3
        # edges selected as a whole (a problem about them)
        if sel is not None and sel.kind == "edge" and sel.index is None:
            for side in ([sel.side] if sel.side else ["left", "right"]):
                pts = [self.screen(p) for p in md.edge(side)]
                if len(pts) >= 2:
                    pygame.draw.lines(surface, SELECT, False, pts, strong)
        # checkpoints
        for i in range(len(md.data.get("checkpoints", []))):
            seg = md.line("checkpoint", i)
            if seg is not None:
                a, b = self.screen(seg[0]), self.screen(seg[1])
                on = sel is not None and sel.kind == "line" and sel.side == "checkpoint" and sel.index == i
                self._dashed(surface, [a, b], SELECT if on else (120, 190, 255), strong if on else 2)
        # start / finish selected
        if sel is not None and sel.kind == "line" and sel.side in ("start", "finish"):
            seg = md.line(sel.side)
            if seg is not None:
                pygame.draw.line(surface, SELECT, self.screen(seg[0]), self.screen(seg[1]), strong)
        # the centre line
        centre = [self.screen(p) for p in md.centre()]
        if len(centre) >= 2:
            whole = sel is not None and sel.kind == "centre" and sel.index is None
            self._dashed(surface, centre, SELECT if whole else CENTRE_COL, strong if whole else 1, 10.0)
        bad_points = {(t.kind, t.side, t.index) for t in (target_for(p.field) for p in md.errors)
                      if t and t.kind in ("centre", "edge") and t.index is not None}
        for t, (x, y), _prio in self.handles():
            if t.kind == "obstacle" or t.kind in self.kit.kinds:
                continue
            on = sel is not None and t == sel or (sel is not None and sel.kind == "line" and t.kind == "line"
                                                  and sel.side == t.side and sel.index == t.index
                                                  and sel.end is None)
            c = (round(x), round(y))
            bad = (t.kind, t.side, t.index) in bad_points
            fill = SELECT if on else (RED if bad else None)
            if t.kind == "centre":
                pygame.draw.circle(surface, (40, 30, 20), c, round(hr + 1))
                pygame.draw.circle(surface, fill or (226, 184, 96), c, round(hr - 1))
                if on:
                    pygame.draw.circle(surface, SELECT, c, round(hr + 5), 2)
            elif t.kind == "edge":
                box = pygame.Rect(0, 0, round(hr * 1.7), round(hr * 1.7))
                box.center = c
                pygame.draw.rect(surface, (40, 30, 20), box.inflate(3, 3))
                pygame.draw.rect(surface, fill or (196, 150, 96), box)
                if on:
                    pygame.draw.rect(surface, SELECT, box.inflate(10, 10), 2)
            else:
                given = t.side == "checkpoint" or t.side in md.data
                d = hr + 1
                diamond = [(c[0], c[1] - d), (c[0] + d, c[1]), (c[0], c[1] + d), (c[0] - d, c[1])]
                pygame.draw.polygon(surface, (40, 30, 20), [(px + (1 if px > c[0] else -1 if px < c[0] else 0),
                                                             py + (1 if py > c[1] else -1 if py < c[1] else 0))
                                                            for px, py in diamond])
                pygame.draw.polygon(surface, fill or ((250, 250, 244) if given else (200, 200, 190)), diamond)
                if on:
                    pygame.draw.circle(surface, SELECT, c, round(hr + 5), 2)
        self._draw_hover(surface)

    def _draw_hover(self, surface: pygame.Surface) -> None:
        """A thin ring on what a click would take (nothing while dragging or placing)."""
        if self.drag is not None or self.placing is not None or self.dialog is not None or \
                not self.in_table(self.mouse):
            return
        t = self.hit(self.mouse)
        if t is None or t == self.sel:
            return
        hr = HANDLE * self.k
        if t.kind == "obstacle" and not t.side:
            obs = self.model.obstacles()
            if t.index is not None and t.index < len(obs):
                pts = [self.screen(p) for p in obstacle_polygon(obs[t.index])]
                if len(pts) >= 3:
                    pygame.draw.lines(surface, (255, 246, 214), True, pts, 1)
            return
        for t2, (x, y), _ in self.handles():
            if t2 == t:
                pygame.draw.circle(surface, (255, 246, 214), (round(x), round(y)), round(hr + 4), 1)
                return

    def _draw_rulers(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Inch marks along the top and left of the table, the cursor marked on both."""
        cam = self.camera
        k = self.k
        rh = round(RULER * k)
        f = art.font(10)
        minor = next((s for s in (0.5, 1.0, 2.0, 6.0, 12.0, 24.0) if s * cam.ppi >= 6), 48.0)
        label = next((s for s in (1.0, 2.0, 6.0, 12.0, 24.0, 48.0) if s * cam.ppi >= 46), 96.0)
        top = pygame.Rect(rect.x, rect.y, rect.w, rh)
        left = pygame.Rect(rect.x, rect.y, round(30 * k), rect.h)
        shade = pygame.Surface(top.size, pygame.SRCALPHA)
        shade.fill((20, 16, 12, 200))
        surface.blit(shade, top.topleft)
        shade = pygame.Surface(left.size, pygame.SRCALPHA)
        shade.fill((20, 16, 12, 200))
        surface.blit(shade, left.topleft)
        x0 = cam.to_table(left.right, 0)[0]
        x1 = cam.to_table(rect.right, 0)[0]
        for i in range(math.floor(x0 / minor), math.ceil(x1 / minor) + 1):
            v = i * minor
            sx = cam.to_screen(v, 0)[0]
            if sx < left.right:
                continue
            is_label = abs(v / label - round(v / label)) < 1e-9
            tick = rh * (0.55 if is_label else 0.25 if abs(v - round(v)) > 1e-9 else 0.35)
            pygame.draw.line(surface, INK if is_label else DIM, (sx, top.bottom - tick), (sx, top.bottom - 1))
            if is_label:
                t = f.render(f"{v:g}\"", True, INK)
                surface.blit(t, (sx + 2, top.y + 1))
        ytop = cam.to_table(0, top.bottom)[1]
        ybot = cam.to_table(0, rect.bottom)[1]
        for j in range(math.floor(ybot / minor), math.ceil(ytop / minor) + 1):
            v = j * minor
            sy = cam.to_screen(0, v)[1]
            if sy < top.bottom:
                continue
            is_label = abs(v / label - round(v / label)) < 1e-9
            tick = left.w * (0.45 if is_label else 0.2 if abs(v - round(v)) > 1e-9 else 0.3)
            pygame.draw.line(surface, INK if is_label else DIM, (left.right - tick, sy), (left.right - 1, sy))
            if is_label:
                t = f.render(f"{v:g}\"", True, INK)
                surface.blit(t, (left.x + 2, sy + 1))
        pygame.draw.line(surface, EDGE, (rect.x, top.bottom), (rect.right, top.bottom))
        pygame.draw.line(surface, EDGE, (left.right, rect.y), (left.right, rect.bottom))
        if self.in_table(self.mouse):
            mx, my = self.mouse
            pygame.draw.polygon(surface, GOLD, [(mx, top.bottom), (mx - 5, top.bottom - 7), (mx + 5, top.bottom - 7)])
            pygame.draw.polygon(surface, GOLD, [(left.right, my), (left.right - 7, my - 5), (left.right - 7, my + 5)])

    # the frame around the table
    def _draw_toolbar(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, PANEL, rect)
        pygame.draw.line(surface, EDGE, rect.bottomleft, rect.bottomright, 2)

    def _draw_status(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, PANEL, rect)
        pygame.draw.line(surface, EDGE, rect.topleft, rect.topright, 2)
        f = art.font(13)
        fb = art.font(13, bold=True)
        x = rect.x + 10
        y = rect.y + (rect.h - f.get_linesize()) // 2
        if self.in_table(self.mouse):
            tx, ty = self.table_at(self.mouse)
            pos = f"x {tx:.1f}\"  y {ty:.1f}\""
        else:
            pos = ""
        t = fb.render(pos, True, GOLD)
        surface.blit(t, (x, y))
        x += max(t.get_width(), fb.size("x -100.0\"  y -100.0\"")[0]) + 16
        step = self.step
        t = f.render(f"snap {step:g}\"" if step else "snap off", True, DIM)
        surface.blit(t, (x, y))
        x += t.get_width() + 16
        if self.sel is not None:
            t = f.render(self.describe(self.sel), True, SELECT)
            surface.blit(t, (x, y))
            x += t.get_width() + 16
        room = rect.right - x - 10
        text = self.message or hint_line(f, room)
        if f.size(text)[0] > room:
            while text and f.size(text + "...")[0] > room:
                text = text[:-1]
            text += "..."
        self.status_line = (text, room)  # what the status line shows, and its room (tests read it)
        surface.blit(f.render(text, True, INK if self.message else DIM), (x, y))

    def describe(self, t: Target) -> str:
        """A target in words, with the obstacle's id and the point's place."""
        if t.kind == "obstacle" and t.index is not None and 0 <= t.index < len(self.model.obstacles()):
            ob = self.model.obstacles()[t.index]
            return f"{ob.get('id')} ({ob.get('size')} {ob.get('look') or ob.get('shape')})"
        if t.kind in self.kit.kinds:
            return self.kit.describe(t) or t.describe()
        p = self._target_point(t) if t.kind != "obstacle" else None
        return t.describe() + (f" ({p[0]:g}, {p[1]:g})" if p is not None else "")

    def _draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, (30, 24, 19), rect)
        pygame.draw.line(surface, EDGE, rect.topleft, rect.bottomleft, 2)
        md = self.model
        k = self.k
        x = rect.x + 10
        title = art.font(18, bold=True)
        small = art.font(12)
        head = art.font(13, bold=True)
        name = md.name or "(no name)"
        while name and title.size(name)[0] > rect.w - 20:
            name = name[:-1]
        surface.blit(title.render(name, True, GOLD), (x, 8))
        where = md.path or "not saved yet"
        if md.path:
            where = ("shipped: " if is_shipped(md.path) else "yours: ") + os.path.basename(md.path)
        line = where + ("  - unsaved changes" if md.dirty else "")
        surface.blit(small.render(line[:60], True, WARN if md.dirty else DIM), (x, 8 + title.get_linesize()))
        c = md.course
        if c is not None:
            obs = md.obstacles()
            large = sum(1 for o in obs if o.get("size") == "large")
            stats = f"{c.finish_progress - c.start_progress:.1f}\" start to finish, {len(obs)} obstacle" + \
                ("s" if len(obs) != 1 else "") + (f" ({large} large)" if large else "")
            stats = self.kit.stats(c, obs) or stats
            surface.blit(small.render(stats, True, DIM), (x, 8 + title.get_linesize() + small.get_linesize()))
        heads = [(self.side_y.get("track"), "Track"), (self.side_y.get("obstacles"), "Obstacles"),
                 *self.kit.heads()]
        for y, text in heads:
            if y is not None:
                surface.blit(head.render(text, True, GOLD), (x, y))
        for y, text in ((self.side_y.get("width"), "Width"), *self.kit.labels()):
            if y is not None:
                t = small.render(text, True, INK)
                surface.blit(t, (x, y + (round(32 * k) - t.get_height()) // 2))
        self.kit.draw_side(surface)
        self._draw_problems(surface, self._problems_rect())

    def _draw_problems(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        md = self.model
        problems = md.problems
        key = (rect.size, md.revision, self.problem_scroll, self.sel, art.UI_SCALE[0], id(md))
        if key != self._problems_key or self._problems_surf is None:
            self._problems_surf, rows = self._render_problems(rect, problems)
            self._problems_key = key
            self._rows_local = rows
        surface.blit(self._problems_surf, rect)
        self.problem_rows = [(r.move(rect.x, rect.y), p) for r, p in self._rows_local]

    def _render_problems(self, rect: pygame.Rect,
                         problems: list[Problem]) -> tuple[pygame.Surface, list[tuple[pygame.Rect, Problem]]]:
        s = pygame.Surface(rect.size, pygame.SRCALPHA)
        s.fill((*PANEL, 240))
        pygame.draw.rect(s, EDGE, s.get_rect(), 2, border_radius=6)
        head = art.font(13, bold=True)
        f = art.font(12)
        fb = art.font(12, bold=True)
        errors = sum(1 for p in problems if p.severity == "error")
        warnings = len(problems) - errors
        y = 8
        if not problems:
            s.blit(head.render("Problems: none", True, OK_GREEN), (10, y))
            y += head.get_linesize() + 4
            for ln in _wrap("The course is ready: Test race runs it with AI racers.", f, rect.w - 20):
                s.blit(f.render(ln, True, DIM), (10, y))
                y += f.get_linesize()
            return s, []
        summary = []
        if errors:
            summary.append(f"{errors} error{'s' if errors != 1 else ''}")
        if warnings:
            summary.append(f"{warnings} warning{'s' if warnings != 1 else ''}")
        s.blit(head.render("Problems: " + ", ".join(summary), True, RED if errors else WARN), (10, y))
        y += head.get_linesize()
        s.blit(f.render("click one to see it on the table", True, DIM), (10, y))
        y += f.get_linesize() + 4
        rows: list[tuple[pygame.Rect, Problem]] = []
        self.problem_scroll = min(self.problem_scroll, max(0, len(problems) - 1))
        for p in problems[self.problem_scroll:]:
            col = RED if p.severity == "error" else WARN
            lines = _wrap(p.reason, f, rect.w - round(40 * self.k), 3)
            h = fb.get_linesize() + len(lines) * f.get_linesize() + 6
            if y + h > rect.h - 6:
                more = len(problems) - self.problem_scroll - len(rows)
                s.blit(f.render(f"... {more} more (scroll)", True, DIM), (10, rect.h - f.get_linesize() - 6))
                break
            row = pygame.Rect(4, y, rect.w - 8, h)
            t = target_for(p.field)
            if t is not None and self.sel is not None and (t == self.sel or (
                    t.kind == self.sel.kind and t.index == self.sel.index and t.side == self.sel.side)):
                pygame.draw.rect(s, (70, 56, 36), row, border_radius=4)
            # the mark: a red disc for an error, an amber triangle for a warning
            k = self.k
            cx, cy = round(16 * k), y + fb.get_linesize() // 2 + 1
            if p.severity == "error":
                pygame.draw.circle(s, col, (cx, cy), round(6 * k))
            else:
                pygame.draw.polygon(s, col, [(cx, cy - 7 * k), (cx + 7 * k, cy + 5 * k), (cx - 7 * k, cy + 5 * k)])
            tx = round(28 * k)
            s.blit(fb.render(field_words(p.field)[:40], True, col), (tx, y))
            yy = y + fb.get_linesize()
            for ln in lines:
                s.blit(f.render(ln, True, INK), (tx, yy))
                yy += f.get_linesize()
            rows.append((row, p))
            y += h + 2
        return s, rows
