"""Draws the table: the course board (surface, barriers, start and finish lines,
optional inch grid) cached per zoom, obstacles and racers at their display poses,
names, the selection, the movement ghost with its tape measure. The tape and the
racers' names are placed clear of the pieces, the ghost, the board's words and each
other (game.ui.labels)."""

from __future__ import annotations

import math
from typing import Any, Callable

import pygame

from game.ui import art
from game.ui.camera import Camera
from game.ui.labels import LabelPlacer, around, beside

MAX_BOARD_PPI = 40.0
BOARD_PAD = 6.0  # inches of table drawn round the course's outline


class TableView:
    @property
    def font(self) -> pygame.font.Font:
        return art.font(13, bold=True)

    @property
    def small(self) -> pygame.font.Font:
        return art.font(11)

    def __init__(self, state: Any, colours: dict[str, int], colour_blind: bool = False) -> None:
        self.state = state
        self.course = state.course
        self.colours = colours  # player id -> palette index
        self.colour_blind = colour_blind
        self.camera = Camera()
        self.grid = False
        self._board: pygame.Surface | None = None
        self._board_key: tuple[float, bool] | None = None
        self._board_origin = (0.0, 0.0)  # table point at the board's top-left
        xs = [p[0] for p in self.course.outline()]
        ys = [p[1] for p in self.course.outline()]
        self.bounds = (min(xs), min(ys), max(xs), max(ys))
        self.players = list(state.players)
        self._labels: dict[tuple[str, float], pygame.Surface] = {}
        self.labels = LabelPlacer()  # this frame's labels, clear of the pieces (game.ui.labels)
        self._names: list[tuple[str, pygame.Rect]] = []  # (name, its racer's rect) to place
        self.tape_rect: pygame.Rect | None = None  # where the ghost's tape went (tests look)
        self.name_rects: dict[str, pygame.Rect] = {}  # where each racer's name went

    # --- the board --------------------------------------------------------------------
    def board(self, ppi: float) -> tuple[pygame.Surface, float]:
        bppi = min(MAX_BOARD_PPI, ppi)
        key = (round(bppi, 1), self.grid)
        if self._board is None or self._board_key != key:
            self._board = self._render_board(key[0])
            self._board_key = key
        return self._board, key[0]

    def _render_board(self, ppi: float) -> pygame.Surface:
        minx, miny, maxx, maxy = self.bounds
        pad = BOARD_PAD
        ox, oy = minx - pad, maxy + pad
        self._board_origin = (ox, oy)
        w = int((maxx - minx + 2 * pad) * ppi) + 1
        h = int((maxy - miny + 2 * pad) * ppi) + 1

        def px(p: tuple[float, float]) -> tuple[float, float]:
            return ((p[0] - ox) * ppi, (oy - p[1]) * ppi)

        surf = art.table_background((w, h)).copy()
        surf.blit(course_ground(self.course, px, ppi, (w, h)), (0, 0))
        if self.grid:
            grid = pygame.Surface((w, h), pygame.SRCALPHA)
            col = (255, 255, 255, 28)
            x0 = math.floor(minx - pad)
            for i in range(int(maxx - minx + 2 * pad) + 2):
                gx = (x0 + i - ox) * ppi
                pygame.draw.line(grid, col, (gx, 0), (gx, h))
            y0 = math.floor(miny - pad)
            for i in range(int(maxy - miny + 2 * pad) + 2):
                gy = (oy - (y0 + i)) * ppi
                pygame.draw.line(grid, col, (0, gy), (w, gy))
            surf.blit(grid, (0, 0))
        draw_start_finish(surf, self.course, px, ppi)
        draw_edges(surf, self.course, px, ppi)
        return surf

    # --- drawing ------------------------------------------------------------------------
    def draw(self, target: pygame.Surface, anim: Any, selected: str | None = None,
             ghost: dict[str, Any] | None = None,
             overlay: Callable[[pygame.Surface, LabelPlacer], None] | None = None) -> None:
        """The table; `overlay` draws the scene's own marks over it (the Scenery
        Phase's obstacle ghost) before the racers' names are placed clear of them."""
        cam = self.camera
        board, bppi = self.board(cam.ppi)
        ox, oy = self._board_origin
        clip = target.get_clip()
        view = pygame.Rect(cam.vx, cam.vy, cam.vw, cam.vh)
        self.labels = LabelPlacer(view)
        self.labels.block(*self._marking_rects(bppi))
        self._names: list[tuple[str, pygame.Rect]] = []
        self.tape_rect = None
        target.set_clip(view)
        target.fill((34, 44, 30), pygame.Rect(cam.vx, cam.vy, cam.vw, cam.vh))
        if abs(bppi - cam.ppi) < 1e-6:
            sx, sy = cam.to_screen(ox, oy)
            target.blit(board, (round(sx), round(sy)))
        else:  # zoomed in past the board's resolution: scale the visible part
            tlx, tly = cam.to_table(cam.vx, cam.vy)
            brx, bry = cam.to_table(cam.vx + cam.vw, cam.vy + cam.vh)
            rx0 = max(0, int((tlx - ox) * bppi))
            ry0 = max(0, int((oy - tly) * bppi))
            rx1 = min(board.get_width(), int((brx - ox) * bppi) + 2)
            ry1 = min(board.get_height(), int((oy - bry) * bppi) + 2)
            if rx1 > rx0 and ry1 > ry0:
                part = board.subsurface(pygame.Rect(rx0, ry0, rx1 - rx0, ry1 - ry0))
                k = cam.ppi / bppi
                scaled = pygame.transform.scale(part, (int((rx1 - rx0) * k), int((ry1 - ry0) * k)))
                sx, sy = cam.to_screen(ox + rx0 / bppi, oy - ry0 / bppi)
                target.blit(scaled, (round(sx), round(sy)))
        self._draw_obstacles(target, anim)
        self._draw_racers(target, anim, selected)
        if ghost:
            self._draw_ghost(target, ghost)
        if overlay is not None:
            overlay(target, self.labels)
        self._draw_names(target)
        target.set_clip(clip)

    def _marking_rects(self, bppi: float) -> list[pygame.Rect]:
        """Where the board's START / FINISH words are on screen."""
        cam = self.camera
        ox, oy = self._board_origin
        k = cam.ppi / bppi
        bx, by = cam.to_screen(ox, oy)

        def px(p: tuple[float, float]) -> tuple[float, float]:
            return ((p[0] - ox) * bppi, (oy - p[1]) * bppi)

        out = []
        for a, b, kind, text in start_finish_lines(self.course):
            pa, pb = px(a), px(b)
            angle = -math.degrees(math.atan2(pb[1] - pa[1], pb[0] - pa[0]))
            for word, centre, size in art.line_label_spots(pa, pb, bppi, kind, text):
                r = art.label_rect(word, centre, angle, size)
                out.append(pygame.Rect(round(bx + r.x * k), round(by + r.y * k), math.ceil(r.w * k), math.ceil(r.h * k)))
        return out

    def _draw_names(self, target: pygame.Surface) -> None:
        """The racers' names, each placed clear of the pieces, the ghost, the board's
        words and the names placed before it (below its racer where that is free)."""
        self.name_rects = {}
        view = self.labels.bounds
        for text, piece in self._names:
            if view is not None and not view.colliderect(piece):
                continue  # its racer is off the view: a name pulled onto the view would point at nothing
            label = self._label(text)
            spot = self.labels.place(label.get_size(), around(piece, label.get_size()))
            target.blit(label, spot)
            self.name_rects[text] = spot

    def _draw_obstacles(self, target: pygame.Surface, anim: Any) -> None:
        cam = self.camera
        for o in self.state.obstacles.values():
            if o.id in anim.gone or o.id not in anim.obstacles:
                continue
            x, y, rot = anim.obstacles[o.id]
            surf = art.obstacle_surface(o.shape, o.size, o.look, cam.ppi, o.length, o.width, o.radius,
                                        tuple(o.points))
            if rot:
                surf = pygame.transform.rotate(surf, rot)
            sx, sy = cam.to_screen(x, y)
            rect = surf.get_rect(center=(round(sx), round(sy)))
            target.blit(surf, rect)
            solid = surf.get_bounding_rect()  # the obstacle, not its transparent margin
            self.labels.block(solid.move(rect.topleft))

    def _draw_racers(self, target: pygame.Surface, anim: Any, selected: str | None) -> None:
        cam = self.camera
        for r in self.state.racers.values():
            if r.id in anim.gone or r.id not in anim.racers:
                continue
            x, y, h = anim.racers[r.id]
            pidx = self.colours.get(r.player, 0)
            colour = art.player_colour(pidx, self.colour_blind)
            number = int(r.id.rsplit("-", 1)[-1]) if r.id.rsplit("-", 1)[-1].isdigit() else None
            sprite = art.racer_sprite(colour, pidx, cam.ppi, r.length, r.width, number)
            rot = pygame.transform.rotate(sprite, h)
            sx, sy = cam.to_screen(x, y)
            rect = rot.get_rect(center=(round(sx), round(sy)))
            if r.id == selected:
                ring = int(max(rect.w, rect.h) * 0.62)
                pygame.draw.circle(target, (255, 230, 140), rect.center, ring, 2)
                self.labels.block(pygame.Rect(rect.centerx - ring, rect.centery - ring, 2 * ring + 1, 2 * ring + 1))
            target.blit(rot, rect)
            self.labels.block(rect)
            if cam.ppi >= 7:
                self._names.append((r.name, rect))

    def _draw_ghost(self, target: pygame.Surface, ghost: dict[str, Any]) -> None:
        cam = self.camera
        r = ghost["racer"]
        x0, y0 = cam.to_screen(r.x, r.y)
        x1, y1 = cam.to_screen(ghost["x"], ghost["y"])
        ok = ghost.get("ok", True)
        col = (255, 240, 170) if ok else (255, 120, 100)
        pts = [cam.to_screen(px, py) for px, py in ghost.get("points", [(r.x, r.y), (ghost["x"], ghost["y"])])]
        pygame.draw.lines(target, col, False, pts, 2)
        for q in pts[1:-1]:  # the turns bought with stamina
            pygame.draw.circle(target, col, (round(q[0]), round(q[1])), 4)
        # the ghost base
        hw, hl = r.width / 2, r.length / 2
        a = math.radians(ghost["end_heading"])
        c, s = math.cos(a), math.sin(a)
        pts = []
        for lx, ly in ((hl, hw), (hl, -hw), (-hl, -hw), (-hl, hw)):
            pts.append(cam.to_screen(ghost["x"] + lx * c - ly * s, ghost["y"] + lx * s + ly * c))
        ghost_s = pygame.Surface(target.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(ghost_s, (*col, 90), pts)
        pygame.draw.polygon(ghost_s, (*col, 230), pts, 2)
        nose = cam.to_screen(ghost["x"] + (hl + 0.4) * c, ghost["y"] + (hl + 0.4) * s)
        pygame.draw.line(ghost_s, (*col, 230), cam.to_screen(ghost["x"], ghost["y"]), nose, 2)
        target.blit(ghost_s, (0, 0))
        self.labels.block_points(pts, pad=3)
        if ghost.get("stop") is not None:
            sxp, syp = cam.to_screen(*ghost["stop"])
            pygame.draw.circle(target, (255, 120, 100), (round(sxp), round(syp)), 5, 2)
            self.labels.block(pygame.Rect(round(sxp) - 6, round(syp) - 6, 13, 13))
        self.tape_rect = self.tag(target, ghost["label"], beside((x0, y0), (x1, y1), self.tag_size(ghost["label"])))

    @staticmethod
    def tag_lines(text: str) -> list[str]:
        """A tape's parts ("9.2\" of 8\" + 2 stamina | must overtake Hob...") one a line."""
        return [part.strip() for part in text.split(" | ")]

    def tag_size(self, text: str) -> tuple[int, int]:
        lines = self.tag_lines(text)
        return (max(self.font.size(t)[0] for t in lines) + 10,
                len(lines) * self.font.get_linesize() + 6)

    def tag(self, target: pygame.Surface, text: str, spots: Any) -> pygame.Rect:
        """A tape label or plan text on a dark back, at the first of `spots` clear of
        the pieces, the ghost and the labels so far (game.ui.labels)."""
        size = self.tag_size(text)
        spot = self.labels.place(size, spots)
        back = pygame.Surface(size, pygame.SRCALPHA)
        back.fill((20, 16, 12, 190))
        target.blit(back, spot)
        y = spot.y + 3
        for line in self.tag_lines(text):
            img = self.font.render(line, True, (255, 250, 235))
            target.blit(img, (spot.x + 5, y))
            y += self.font.get_linesize()
        return spot

    def _label(self, text: str) -> pygame.Surface:
        """A racer's name with a drop shadow (cached: rendered once)."""
        got = self._labels.get((text, art.UI_SCALE[0]))
        if got is None:
            fg = self.small.render(text, True, (250, 244, 230))
            bg = self.small.render(text, True, (20, 16, 12))
            got = pygame.Surface((fg.get_width() + 1, fg.get_height() + 1), pygame.SRCALPHA)
            got.blit(bg, (1, 1))
            got.blit(fg, (0, 0))
            self._labels[(text, art.UI_SCALE[0])] = got
        return got

    def fit(self) -> None:
        minx, miny, maxx, maxy = self.bounds
        self.camera.fit(minx, miny, maxx, maxy, 1.0)

    def board_rect(self) -> tuple[float, float, float, float]:
        """The table drawn round the course (inches): where the camera may look."""
        minx, miny, maxx, maxy = self.bounds
        return minx - BOARD_PAD, miny - BOARD_PAD, maxx + BOARD_PAD, maxy + BOARD_PAD

    def racer_at(self, sx: float, sy: float, anim: Any) -> str | None:
        tx, ty = self.camera.to_table(sx, sy)
        best, best_d = None, 1e9
        for r in self.state.racers.values():
            if r.id in anim.gone or r.id not in anim.racers:
                continue
            x, y, _ = anim.racers[r.id]
            d = math.hypot(tx - x, ty - y)
            if d < best_d and d <= max(r.length, 1.2):
                best, best_d = r.id, d
        return best


def course_ground(course: Any, px: Any, ppi: float, size: tuple[int, int]) -> pygame.Surface:
    """The course's turf: inside its outline, and where a figure-eight crosses itself
    (which the outline's fill would leave bare) the track's own strip, piece by piece
    between matching points of its edges (or the whole crossing circle when the edges
    were drawn by hand and do not match point for point)."""
    fills: list[list[tuple[float, float]]] = []
    for c in getattr(course, "crossings", ()):
        left, right = course.left, course.right
        if len(left) == len(right):
            for i in range(len(left) - 1):
                quad = (left[i], left[i + 1], right[i + 1], right[i])
                if any(math.hypot(p[0] - c.x, p[1] - c.y) < c.radius + course_reach(course) for p in quad):
                    fills.append([px(p) for p in quad])
        else:
            fills.append([px((c.x + c.radius * math.cos(a * math.pi / 12), c.y + c.radius * math.sin(a * math.pi / 12)))
                          for a in range(24)])
    return art.course_surface([px(p) for p in course.outline()], size, fills_px=fills)


def course_reach(course: Any) -> float:
    return float(getattr(course, "width", None) or 8.0)


def start_finish_lines(course: Any) -> list[tuple[Any, Any, str, str | None]]:
    """The lines to mark, table points: (a, b, kind, text); where start and finish
    are one line (a circuit's), one chequered band labelled "START / FINISH"."""
    (s0, s1), (f0, f1) = course.start, course.finish
    if max(math.dist(s0, f0), math.dist(s1, f1)) < 0.25 or max(math.dist(s0, f1), math.dist(s1, f0)) < 0.25:
        return [(f0, f1, "finish", "START / FINISH")]
    return [(s0, s1, "start", None), (f0, f1, "finish", None)]


def draw_start_finish(surf: pygame.Surface, course: Any, px: Any,
                      ppi: float) -> None:
    """The start and finish lines (start_finish_lines)."""
    for a, b, kind, text in start_finish_lines(course):
        art.draw_line_marking(surf, px(a), px(b), ppi, kind, text=text)


def draw_edges(surf: pygame.Surface, course: Any, px: Any, ppi: float) -> None:
    """The course's rails, left out where a figure-eight crosses itself (the other
    strand of track runs through there)."""
    crossings = list(getattr(course, "crossings", ()))
    for edge in (course.left, course.right):
        for run in _outside_crossings(edge, crossings):
            art.draw_barrier(surf, [px(p) for p in run], ppi)


def _outside_crossings(pts: Any, crossings: list[Any], step: float = 0.25) -> list[list[tuple[float, float]]]:
    """A polyline cut into the runs that lie outside every crossing circle."""
    pts = [(float(p[0]), float(p[1])) for p in pts]
    if not crossings:
        return [pts]

    def inside(x: float, y: float) -> bool:
        return any(math.hypot(x - c.x, y - c.y) < c.radius for c in crossings)

    runs: list[list[tuple[float, float]]] = []
    cur: list[tuple[float, float]] = []
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        n = max(1, int(math.hypot(x1 - x0, y1 - y0) / step))
        for i in range(n + 1):
            x, y = x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n
            if inside(x, y):
                if len(cur) >= 2:
                    runs.append(cur)
                cur = []
            elif not cur or (x, y) != cur[-1]:
                cur.append((x, y))
    if len(cur) >= 2:
        runs.append(cur)
    return runs


def course_preview(state_or_course: Any, size: tuple[int, int], obstacles: bool = True) -> pygame.Surface:
    """A picture of a course (with its obstacles, unless `obstacles` is False) fitted
    into `size`, for the picker."""
    course = getattr(state_or_course, "course", state_or_course)
    xs = [p[0] for p in course.outline()]
    ys = [p[1] for p in course.outline()]
    minx, miny, maxx, maxy = min(xs), min(ys), max(xs), max(ys)
    pad = 2.0
    ppi = min(size[0] / (maxx - minx + 2 * pad), size[1] / (maxy - miny + 2 * pad))
    ox = minx - pad - (size[0] / ppi - (maxx - minx + 2 * pad)) / 2
    oy = maxy + pad + (size[1] / ppi - (maxy - miny + 2 * pad)) / 2

    def px(p: tuple[float, float]) -> tuple[float, float]:
        return ((p[0] - ox) * ppi, (oy - p[1]) * ppi)

    surf = art.table_background(size).copy()
    surf.blit(course_ground(course, px, ppi, size), (0, 0))
    draw_start_finish(surf, course, px, ppi)
    draw_edges(surf, course, px, ppi)
    for o in (course.obstacles if obstacles else ()):
        s = art.obstacle_surface(o.shape, o.size, o.look, ppi, o.length, o.width, o.radius, tuple(o.points))
        if o.rotation and o.shape != "polygon":
            s = pygame.transform.rotate(s, o.rotation)
        surf.blit(s, s.get_rect(center=px((o.x, o.y))))
    return surf
