"""Draws the Doomwheel Race's table: the course board (with arrows along the track
showing which way a lap runs: game.ui.doomwheel.lap), the critters on their round bases,
the teams' bolt throwers at their fans' spots, the wheels as rotating sprites on
their bases, and the ghost of a decision before it is made (the swept path of a
move with what it runs over, the wheel it rams, the edge that stops it; a sabotage
slide; the bolt thrower's lines of fire). The words and markers (the wheels'
names, the checkpoints' numbers in lap order, START / FINISH, the arrow at the
moving wheel's next lap line, the ghost's words, the run-over numbers) are placed
last, each clear of the pieces and of each other (game.ui.doomwheel.labels). Critters that are run over are tossed aside by pymunk
bodies (game.table.mirror) before they vanish: cosmetic, the rules already took
them off."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.rules.doomwheel.geo import track_barriers
from game.table import geometry as g
from game.table.table import Table
from game.rules.doomwheel.kinds import Kind
from game.ui import art
from game.ui.doomwheel import art as doom_art
from game.ui.doomwheel.animate import DoomAnimator, Toss
from game.ui.doomwheel.lap import lap_of
from game.ui.doomwheel.labels import FRACTIONS, Placer, along, around, badge_surface, base_rect, beside_path, \
    draw_arrow, line_text_surface, tape_surface
from game.ui.table_view import TableView, course_ground, draw_edges

TOSS_TIME = 0.9  # seconds a tossed critter tumbles before it is gone
GHOST = (255, 236, 160)
BAD = (255, 110, 90)
HIT = (255, 70, 60)
LAP_ARROW = (226, 214, 170)  # the lap arrows painted on the track
LAP_ARROW_EDGE = (92, 78, 52)
ARROW_SIZE = 1.6  # inches from tail to tip (the next line's arrow: half as big again)
NEXT_ARROW_AHEAD = 1.8  # inches past the lap line's middle (clear of its number)


class Tosser:
    """The pymunk space of the view: the wheels as kinematic bodies following their
    display poses, the track edges as static ones, and each critter run over as a
    dynamic body flung away from the wheel that hit it."""

    def __init__(self, course: Any) -> None:
        from game.table.mirror import Mirror
        self.mirror = Mirror(Table(track_barriers(course), Kind.EDGE), damping=0.25, dynamic=Kind.CRITTER)
        self.live: list[Toss] = []
        self._last: dict[str, tuple[float, float, float]] = {}

    def start(self, toss: Toss, anim: DoomAnimator, radius: float) -> None:
        wid = toss.wheel
        cid = "t:" + toss.critter
        self.live = [t for t in self.live if t.critter != toss.critter]  # run over again: one body
        self.mirror.add(cid, Kind.CRITTER, g.make_circle(toss.x, toss.y, radius))
        body = self.mirror.body(cid)
        wx, wy, wh = anim.wheels.get(wid, (toss.x, toss.y, 0.0))
        ux, uy = math.cos(math.radians(wh)), math.sin(math.radians(wh))
        ox, oy = toss.x - wx, toss.y - wy
        side = 1.0 if (-uy * ox + ux * oy) >= 0 else -1.0  # thrown to the side it was on
        body.velocity = (ux * 9.0 - uy * side * 11.0, uy * 9.0 + ux * side * 11.0)
        body.angular_velocity = 14.0 * side
        toss.age = 0.0
        self.live.append(toss)

    def update(self, dt: float, anim: DoomAnimator, wheels: dict[str, Any]) -> None:
        for wid, (x, y, h) in anim.wheels.items():
            w = wheels.get(wid)
            if w is None or wid in anim.gone:
                if self.mirror.has(wid):
                    self.mirror.remove(wid)
                continue
            if not self.mirror.has(wid):
                self.mirror.add(wid, Kind.WHEEL, g.make_rect(x, y, h, w.length, w.width))
            last = self._last.get(wid, (x, y, h))
            body = self.mirror.body(wid)
            if dt > 0:
                body.velocity = ((x - last[0]) / dt, (y - last[1]) / dt)
            self.mirror.sync(wid, x, y, h)
            self._last[wid] = (x, y, h)
        if not self.live:
            return
        for _ in range(max(1, round(dt / (1 / 120)))):
            self.mirror.step(min(dt, 1 / 120))
        for t in self.live:
            t.age += dt
        for t in [t for t in self.live if t.age >= TOSS_TIME]:
            self.mirror.remove("t:" + t.critter)
            self.live.remove(t)

    def poses(self) -> list[tuple[Toss, float, float, float]]:
        """(toss, x, y, angle in degrees) of every critter still tumbling."""
        out = []
        for t in self.live:
            b = self.mirror.body("t:" + t.critter)
            out.append((t, float(b.position.x), float(b.position.y), math.degrees(float(b.angle))))
        return out


class DoomTableView(TableView):
    def __init__(self, state: Any, colours: dict[str, int], colour_blind: bool = False,
                 names: dict[str, str] | None = None) -> None:
        super().__init__(state, colours, colour_blind)
        self.names = names or {}
        self.tosser = Tosser(state.course)
        self._ghost_key: Any = None
        self._ghost_layer: pygame.Surface | None = None
        self._init_labels()

    def _init_labels(self) -> None:
        """What placing the words takes (also for a board made without this class's
        __init__: the editor's DoomBoard)."""
        self._ghost_blocks: list[pygame.Rect] = []
        self._ghost_words: dict[str, Any] | None = None
        self.drawn_next_arrow: tuple[int, int, float, str] | None = None  # (x, y px, heading, wheel): for tests
        self.placer = Placer(pygame.Rect(0, 0, 1, 1))  # this frame's labels (doom_labels)
        self._names: list[tuple[str, pygame.Rect]] = []  # wheel names to place: (name, the base's box)
        self._words: dict[str, Any] | None = None  # the ghost's words to place
        self._surfs: dict[Any, pygame.Surface] = {}  # rendered labels, by what they say and their size

    def draw(self, target: pygame.Surface, anim: Any, selected: str | None = None,
             ghost: dict[str, Any] | None = None, overlay: Any = None) -> None:
        """The table (TableView.draw: the board, the pieces, the ghost), then every
        word and marker placed clear of the pieces and of each other (this view's own
        placer, game.ui.doomwheel.labels; the Wild Race's is game.ui.labels)."""
        cam = self.camera
        view = pygame.Rect(cam.vx, cam.vy, cam.vw, cam.vh)
        if not hasattr(self, "_surfs"):
            self._init_labels()
        self.placer = Placer(view)
        self._names, self._words = [], None
        super().draw(target, anim, selected, ghost, overlay)
        clip = target.get_clip()
        target.set_clip(view)
        self._draw_labels(target)
        target.set_clip(clip)

    # --- the board --------------------------------------------------------------------
    def _render_board(self, ppi: float) -> pygame.Surface:
        """The board as TableView draws it, but the start/finish line's words and the
        checkpoints' numbers are left off: they are placed live, clear of the pieces
        (_draw_labels)."""
        surf, px = self._plain_board(ppi)
        for a, b in self.course.checkpoints:
            pa, pb = px(a), px(b)
            dash = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            n = max(2, int(math.hypot(pb[0] - pa[0], pb[1] - pa[1]) / 8))
            for k in range(0, n, 2):
                p0 = (pa[0] + (pb[0] - pa[0]) * k / n, pa[1] + (pb[1] - pa[1]) * k / n)
                p1 = (pa[0] + (pb[0] - pa[0]) * (k + 1) / n, pa[1] + (pb[1] - pa[1]) * (k + 1) / n)
                pygame.draw.line(dash, (250, 240, 200, 150), p0, p1, max(1, round(ppi * 0.08)))
            surf.blit(dash, (0, 0))
        for x, y, h in lap_of(self.course).arrows():  # which way the lap runs, painted on the track
            draw_arrow(surf, px((x, y)), h, ppi * ARROW_SIZE, LAP_ARROW, LAP_ARROW_EDGE)
        for ob in self.course.obstacles:  # the course's terrain (fixed in the Doomwheel Race): on the board
            o = art.obstacle_surface(ob.shape, ob.size, ob.look, ppi, ob.length, ob.width, ob.radius,
                                     tuple(ob.points))
            if ob.rotation and ob.shape != "polygon":
                o = pygame.transform.rotate(o, ob.rotation)
            surf.blit(o, o.get_rect(center=px((ob.x, ob.y))))
            if ob.cover in ("soft", "hard") or ob.blocks_sight:
                self._terrain_mark(surf, px((ob.x, ob.y)), ppi, ob.cover, ob.blocks_sight)
        return surf

    def _plain_board(self, ppi: float) -> tuple[pygame.Surface, Any]:
        """Table, turf, grid, the start and finish lines (without words) and the
        rails; and the table -> board pixel map."""
        minx, miny, maxx, maxy = self.bounds
        pad = 6.0
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
            for i in range(int(maxx - minx + 2 * pad) + 2):
                gx = (math.floor(minx - pad) + i - ox) * ppi
                pygame.draw.line(grid, (255, 255, 255, 28), (gx, 0), (gx, h))
            for i in range(int(maxy - miny + 2 * pad) + 2):
                gy = (oy - (math.floor(miny - pad) + i)) * ppi
                pygame.draw.line(grid, (255, 255, 255, 28), (0, gy), (w, gy))
            surf.blit(grid, (0, 0))
        for kind, (a, b) in self._line_markings():
            art.draw_line_marking(surf, px(a), px(b), ppi, kind, label=False)
        draw_edges(surf, self.course, px, ppi)
        return surf, px

    def _line_markings(self) -> list[tuple[str, Any]]:
        """("finish", line) for a circuit's one start/finish line, else the start and
        the finish (as table_view.draw_start_finish draws them)."""
        (s0, s1), (f0, f1) = self.course.start, self.course.finish
        if max(math.dist(s0, f0), math.dist(s1, f1)) < 0.25 or max(math.dist(s0, f1), math.dist(s1, f0)) < 0.25:
            return [("finish", (f0, f1))]
        return [("start", (s0, s1)), ("finish", (f0, f1))]

    @staticmethod
    def _terrain_mark(surf: pygame.Surface, at: tuple[float, float], ppi: float, cover: str,
                      blocks_sight: bool) -> None:
        """A small badge on an obstacle the course marks (rules §7-8): a shield for cover
        (green "-1" soft, grey "-2" hard), a crossed-out eye for sight-blocking."""
        r = max(4.0, ppi * 0.32)
        x, y = at
        ink = (40, 32, 24)
        if cover in ("soft", "hard"):
            cx = x - (r * 0.9 if blocks_sight else 0.0)
            shield = [(cx - r, y - 0.8 * r), (cx, y - r), (cx + r, y - 0.8 * r), (cx + 0.8 * r, y + 0.4 * r),
                      (cx, y + r), (cx - 0.8 * r, y + 0.4 * r)]
            pygame.draw.polygon(surf, (104, 150, 72) if cover == "soft" else (136, 136, 148), shield)
            pygame.draw.polygon(surf, ink, shield, 1)
            if ppi >= 5:
                f = art.font(max(8, round(r * 1.1)), bold=True)
                t = f.render("-1" if cover == "soft" else "-2", True, (250, 240, 200))
                surf.blit(t, t.get_rect(center=(round(cx), round(y))))
        if blocks_sight:
            ex = x + (r * 0.9 if cover in ("soft", "hard") else 0.0)
            eye = pygame.Rect(0, 0, round(2 * r), round(1.2 * r))
            eye.center = (round(ex), round(y))
            pygame.draw.ellipse(surf, (250, 240, 200), eye)
            pygame.draw.ellipse(surf, ink, eye, 1)
            pygame.draw.circle(surf, ink, eye.center, max(1, round(r * 0.3)))
            pygame.draw.line(surf, (170, 40, 30), (ex - r, y + 0.8 * r), (ex + r, y - 0.8 * r), max(2, round(r * 0.25)))

    # --- the pieces ---------------------------------------------------------------------
    def _draw_obstacles(self, target: pygame.Surface, anim: Any) -> None:
        """The arrow at the next lap line of the wheel whose turn it is, bolt throwers,
        then critters (alive, coming back)."""
        cam = self.camera
        st = self.state
        for i, p in enumerate(st.players):
            if i >= len(self.course.fans) or p not in st.wheels:
                continue
            fan = self.course.fans[i]
            w = st.wheels[p]
            pidx = self.colours.get(p, i)
            loaded = w.running and w.fired_turn != st.turn - 1
            spr = doom_art.bolt_thrower(art.player_colour(pidx, self.colour_blind), pidx, cam.ppi, loaded)
            aim = self._aim_of(i, fan)
            rot = pygame.transform.rotate(spr, aim)
            sx, sy = cam.to_screen(fan.x, fan.y)
            if not w.running:
                rot.set_alpha(110)
            box = rot.get_rect(center=(round(sx), round(sy)))
            target.blit(rot, box)
            self.placer.piece(box.inflate(-box.w // 4, -box.h // 4))
        for c in st.critters.values():
            if c.id in anim.gone or c.id not in anim.critters:
                continue
            x, y = anim.critters[c.id]
            spr = doom_art.critter_sprite(c.kind, cam.ppi, c.radius)
            grow = anim.appear.get(c.id)
            if grow is not None:
                size = max(2, round(spr.get_width() * (0.3 + 0.7 * grow)))
                spr = pygame.transform.smoothscale(spr, (size, size))
                spr.set_alpha(round(255 * grow))
            sx, sy = cam.to_screen(x, y)
            box = spr.get_rect(center=(round(sx), round(sy)))
            target.blit(spr, box)
            self.placer.piece(box)

    def next_line_arrow(self) -> tuple[tuple[float, float], tuple[float, float], float, str] | None:
        """(one end, other end, heading, wheel) of the lap line the wheel whose turn it
        is crosses next: its arrow goes just past the line, pointing the lap's way."""
        st = self.state
        w = getattr(st, "wheels", {}).get(getattr(st, "active", "") or "")  # (the editor's board has none)
        if w is None or not w.running:
            return None
        a, b, h = lap_of(self.course).next_line(w)
        return a, b, h, w.id

    def _place_next_line(self, target: pygame.Surface) -> None:
        """The arrow at the next lap line, somewhere along it clear of the pieces."""
        got = self.next_line_arrow()
        self.drawn_next_arrow = None
        if got is None:
            return
        a, b, h, wid = got
        cam = self.camera
        size = max(14.0, min(48.0, cam.ppi * ARROW_SIZE * 1.3))
        ux, uy = math.cos(math.radians(h)), math.sin(math.radians(h))
        spots: list[tuple[float, float]] = []
        for ahead in (NEXT_ARROW_AHEAD, 2 * NEXT_ARROW_AHEAD, 3 * NEXT_ARROW_AHEAD):
            ends = [cam.to_screen(p[0] + ux * ahead, p[1] + uy * ahead) for p in (a, b)]
            spots += along(ends[0], ends[1], FRACTIONS)
        box = pygame.Rect(0, 0, round(size * 0.8), round(size * 0.8))
        at = self.placer.place_clear("next line", box.size, spots)
        if at is None:  # crowded all along: the least covering spot
            at = self.placer.place("next line", box.size, spots)
        colour = art.player_colour(self.colours.get(self.state.wheels[wid].player, 0), self.colour_blind)
        draw_arrow(target, at.center, h, size, colour, (250, 246, 232), outline=2)
        self.drawn_next_arrow = (at.centerx, at.centery, h, wid)

    def _draw_tossed(self, target: pygame.Surface) -> None:
        """Critters flying from a wheel's sweep (above the wheels), fading out."""
        cam = self.camera
        for t, x, y, ang in self.tosser.poses():
            c = self.state.critters.get(t.critter)
            if c is None:
                continue
            # a puff of dust where it was hit, spreading and fading
            f = min(1.0, t.age / TOSS_TIME)
            r = max(3, round((c.radius + 0.9 * f) * cam.ppi))
            puff = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
            pygame.draw.circle(puff, (236, 222, 190, round(170 * (1 - f))), (r + 2, r + 2), r, max(2, r // 3))
            ox, oy = cam.to_screen(t.x, t.y)
            target.blit(puff, puff.get_rect(center=(round(ox), round(oy))))
            spr = pygame.transform.rotate(doom_art.critter_sprite(t.kind, cam.ppi, c.radius), ang)
            spr.set_alpha(round(255 * max(0.0, 1.0 - t.age / TOSS_TIME) ** 0.5))
            sx, sy = cam.to_screen(x, y)
            target.blit(spr, spr.get_rect(center=(round(sx), round(sy))))

    def _aim_of(self, i: int, fan: Any) -> float:
        """The bolt thrower faces the nearest running enemy wheel (it pivots freely)."""
        st = self.state
        best, bd = 0.0, math.inf
        for w in st.wheels.values():
            if w.player == st.players[i] or not w.running:
                continue
            d = math.hypot(w.x - fan.x, w.y - fan.y)
            if d < bd:
                best, bd = math.degrees(math.atan2(w.y - fan.y, w.x - fan.x)), d
        return best

    def _draw_racers(self, target: pygame.Surface, anim: Any, selected: str | None) -> None:
        cam = self.camera
        for w in self.state.wheels.values():
            if w.id in anim.gone or w.id not in anim.wheels:
                continue
            x, y, h = anim.wheels[w.id]
            pidx = self.colours.get(w.player, 0)
            colour = art.player_colour(pidx, self.colour_blind)
            spr = doom_art.wheel_sprite(colour, pidx, cam.ppi, w.length, w.width, anim.spin.get(w.id, 0.0),
                                        wrecked=w.id in anim.wrecked)
            rot = pygame.transform.rotate(spr, h)
            sx, sy = cam.to_screen(x, y)
            rect = rot.get_rect(center=(round(sx), round(sy)))
            if w.id == selected:
                pygame.draw.circle(target, (255, 230, 140), rect.center, int(max(rect.w, rect.h) * 0.6), 2)
            target.blit(rot, rect)
            box = base_rect(self._base_px(x, y, h, w.length, w.width))
            self.placer.piece(box)
            if cam.ppi >= 7:
                self._names.append((self.names.get(w.player, w.id), box))
        self._draw_tossed(target)
        self._draw_effects(target, anim)

    def _draw_effects(self, target: pygame.Surface, anim: Any) -> None:
        """A bolt in flight from a bolt thrower; a red flash on a wheel that lost a wound."""
        cam = self.camera
        if anim.bolt is not None:
            x0, y0, x1, y1, f = anim.bolt
            hx, hy = x0 + (x1 - x0) * f, y0 + (y1 - y0) * f
            d = max(1e-6, math.hypot(x1 - x0, y1 - y0))
            tx, ty = hx - (x1 - x0) / d * 2.0, hy - (y1 - y0) / d * 2.0
            pygame.draw.line(target, (250, 240, 200), cam.to_screen(tx, ty), cam.to_screen(hx, hy), 6)
            pygame.draw.line(target, (90, 60, 30), cam.to_screen(tx, ty), cam.to_screen(hx, hy), 3)
            pygame.draw.circle(target, (230, 230, 240), cam.to_screen(hx, hy), 4)
        for wid, left in anim.flash.items():
            if wid not in anim.wheels or wid in anim.gone:
                continue
            x, y, h = anim.wheels[wid]
            w = self.state.wheels[wid]
            layer = pygame.Surface(target.get_size(), pygame.SRCALPHA)
            pygame.draw.polygon(layer, (255, 40, 30, round(200 * min(1.0, left / 0.45))),
                                self._base_px(x, y, h, w.length + 0.3, w.width + 0.3), 4)
            target.blit(layer, (0, 0))

    def wheel_at(self, sx: float, sy: float, anim: Any) -> str | None:
        tx, ty = self.camera.to_table(sx, sy)
        best, bd = None, 1e9
        for w in self.state.wheels.values():
            if w.id in anim.gone or w.id not in anim.wheels:
                continue
            x, y, _ = anim.wheels[w.id]
            d = math.hypot(tx - x, ty - y)
            if d < bd and d <= w.length * 0.6:
                best, bd = w.id, d
        return best

    # --- the ghost -------------------------------------------------------------------------
    def _draw_ghost(self, target: pygame.Surface, ghost: dict[str, Any]) -> None:
        """The swept path and its marks, drawn into a layer kept while neither the
        ghost nor the camera changes; its words and the numbers on the critters it runs
        over are placed with the other labels (_draw_labels)."""
        cam = self.camera
        key = (id(ghost), ghost.get("label"), cam.cx, cam.cy, cam.ppi, cam.vw, cam.vh, target.get_size())
        if key != self._ghost_key or self._ghost_layer is None:
            self._ghost_layer = self._render_ghost(target.get_size(), ghost)
            self._ghost_key = key
            self._ghost_blocks, self._ghost_words = self._ghost_places(ghost)
        target.blit(self._ghost_layer, (0, 0))
        for r in self._ghost_blocks:
            self.placer.piece(r, tag="ghost")
        self._words = self._ghost_words

    def _ghost_places(self, ghost: dict[str, Any]) -> tuple[list[pygame.Rect], dict[str, Any]]:
        """The screen boxes the ghost's base sweeps (labels keep off them), and what
        its words and run-over numbers need to be placed."""
        cam = self.camera
        st = self.state
        pv = ghost.get("preview")
        w = st.wheels.get(ghost.get("wheel", ""))
        blocks: list[pygame.Rect] = []
        pts: list[tuple[float, float]] = []
        if pv is not None and w is not None:
            for leg in pv.legs:
                for x, y, h in leg.poses(0.75):
                    blocks.append(base_rect(self._base_px(x, y, h, w.length, w.width)).inflate(-4, -4))
            pts = [cam.to_screen(x, y) for leg in pv.legs for x, y, _ in leg.poses(1.0)]
        marks = []
        for n, cid in enumerate(pv.critters if pv is not None else (), 1):  # what it runs over, in touch order
            c = st.critters.get(cid)
            if c is not None:
                cx, cy = cam.to_screen(c.x, c.y)
                r = max(6, round(c.radius * cam.ppi) + 4)
                marks.append((str(n), pygame.Rect(round(cx - r), round(cy - r), 2 * r, 2 * r)))
        return blocks, {"label": ghost.get("label", ""), "pts": pts, "at": ghost.get("label_at"),
                        "pad": w.length * cam.ppi if w is not None else 40.0, "marks": marks}

    def _render_ghost(self, size: tuple[int, int], ghost: dict[str, Any]) -> pygame.Surface:
        cam = self.camera
        st = self.state
        layer = pygame.Surface(size, pygame.SRCALPHA)
        ok = ghost.get("ok", True)
        col = GHOST if ok else BAD
        for a, b, lc in ghost.get("lines", ()):
            pygame.draw.line(layer, (*lc, 220), cam.to_screen(*a), cam.to_screen(*b), 2)
        pv = ghost.get("preview")
        w = st.wheels.get(ghost.get("wheel", ""))
        end = None
        if pv is not None and w is not None:
            for leg in pv.legs:  # the swept area: the base at every pose along the path
                for x, y, h in leg.poses():
                    pygame.draw.polygon(layer, (*col, 95), self._base_px(x, y, h, w.length, w.width))
            centre = [cam.to_screen(x, y) for leg in pv.legs for x, y, _ in leg.poses()]
            if len(centre) >= 2:
                pygame.draw.lines(layer, (*col, 230), False, centre, 2)
            for leg in pv.legs:
                if leg.kind == "turn":
                    px, py = cam.to_screen(leg.px, leg.py)
                    pygame.draw.circle(layer, (*col, 255), (round(px), round(py)), 4, 2)
            end = pv.end
            if end is not None:
                pygame.draw.polygon(layer, (*col, 255), self._base_px(end[0], end[1], end[2], w.length, w.width), 3)
                nx = end[0] + (w.length / 2 + 0.5) * math.cos(math.radians(end[2]))
                ny = end[1] + (w.length / 2 + 0.5) * math.sin(math.radians(end[2]))
                pygame.draw.line(layer, (*col, 240), cam.to_screen(end[0], end[1]), cam.to_screen(nx, ny), 2)
            for cid in pv.critters:  # what it runs over (its number in touch order: _draw_labels)
                c = st.critters.get(cid)
                if c is None:
                    continue
                cx, cy = cam.to_screen(c.x, c.y)
                r = max(6, round(c.radius * cam.ppi) + 4)
                pygame.draw.circle(layer, (*HIT, 255), (round(cx), round(cy)), r, 3)
            if ghost.get("handle") is not None:  # the Schwenk point, to drag along the move
                hx, hy = cam.to_screen(*ghost["handle"])
                dia = [(hx, hy - 8), (hx + 8, hy), (hx, hy + 8), (hx - 8, hy)]
                pygame.draw.polygon(layer, (40, 30, 20, 230), dia)
                reached = ghost.get("handle_reached", True)  # else: the wheel stops before its Schwenk
                pygame.draw.polygon(layer, (*col, 255) if reached else (150, 140, 125, 230), dia, 2)
            if pv.stopped_by and end is not None:  # where an edge (or a wheel it may not ram) stops it
                at = ghost.get("stop_at") or (end[0] + (w.length / 2) * math.cos(math.radians(end[2])),
                                              end[1] + (w.length / 2) * math.sin(math.radians(end[2])))
                ex, ey = cam.to_screen(*at)  # the part of the base that meets the edge (else its front)
                for dx, dy in ((1, 1), (1, -1)):
                    pygame.draw.line(layer, (*HIT, 255), (ex - 7 * dx, ey - 7 * dy), (ex + 7 * dx, ey + 7 * dy), 3)
            if pv.rams and pv.rams in st.wheels:
                o = st.wheels[pv.rams]
                pygame.draw.polygon(layer, (*HIT, 255), self._base_px(o.x, o.y, o.heading, o.length, o.width), 3)
        return layer

    def _base_px(self, x: float, y: float, h: float, length: float, width: float) -> list[tuple[float, float]]:
        a = math.radians(h)
        c, s = math.cos(a), math.sin(a)
        hl, hw = length / 2, width / 2
        return [self.camera.to_screen(x + lx * c - ly * s, y + lx * s + ly * c)
                for lx, ly in ((hl, hw), (hl, -hw), (-hl, -hw), (-hl, hw))]

    # --- the words and markers, clear of the pieces and of each other ------------------------
    def _draw_labels(self, target: pygame.Surface) -> None:
        """Every word and marker of the table, most needed first: the checkpoints'
        numbers and the start/finish words (where the course says), the arrow at the
        next lap line, the ghost's words and the numbers of the critters it runs over,
        the wheels' names. Each placed clear of the pieces and of those before it
        (game.ui.doomwheel.labels)."""
        cam = self.camera
        ppi = min(cam.ppi, 40.0)
        for x, y, h in lap_of(self.course).arrows():  # painted on the track: better left readable
            ax, ay = cam.to_screen(x, y)
            side = round(ppi * ARROW_SIZE * 0.8)
            self.placer.soft(pygame.Rect(round(ax - side / 2), round(ay - side / 2), side, side))
        if ppi >= 5:
            f = art.font(max(9, round(ppi * 0.5)), bold=True)
            for i, (a, b) in enumerate(self.course.checkpoints):
                badge = self._surf(("cp", i, f.get_height()), lambda: badge_surface(
                    f, str(i + 1), (40, 32, 24), (250, 240, 200), (250, 240, 200)))
                spots = along(cam.to_screen(*a), cam.to_screen(*b), FRACTIONS)
                at = self.placer.place_clear(f"checkpoint {i + 1}", badge.get_size(), spots)
                if at is not None:  # else a wheel stands on all of its line: the number waits
                    target.blit(badge, at)
        self._place_next_line(target)
        if ppi >= 5:
            self._place_line_words(target, ppi)
        if self._words is not None:
            self._place_words(target, self._words)
        for name, box in self._names:  # a wheel hemmed in on every side keeps its colour and marker only
            label = self._label(name)
            at = self.placer.place_clear(name, label.get_size(), around(box, label.get_size(), rings=5))
            if at is not None:
                target.blit(label, at)

    def _draw_names(self, target: pygame.Surface) -> None:
        """Nothing here: the wheels' names are placed with the other words (_draw_labels)."""

    def _place_line_words(self, target: pygame.Surface, ppi: float) -> None:
        """START / FINISH (or START and FINISH) beside its line, where no piece is."""
        cam = self.camera
        size = max(9, round(0.42 * ppi))
        f = art.font(size, bold=True)
        for kind, (a, b) in self._line_markings():
            pa, pb = cam.to_screen(*a), cam.to_screen(*b)
            d = math.dist(pa, pb)
            text = "START" if kind == "start" else ("START / FINISH" if len(self._line_markings()) == 1 else "FINISH")
            if f.size(text)[0] > d and text != "START":
                text = "FINISH"
            if f.size(text)[0] > d * 1.1:
                continue  # words longer than the line would spill off the track
            angle = -math.degrees(math.atan2(pb[1] - pa[1], pb[0] - pa[0]))
            img = self._surf(("line", text, size, round(angle)), lambda: line_text_surface(f, text, angle))
            off = max(3.0, 0.25 * ppi) + max(7.0, 0.35 * ppi)
            fractions = (0.2, 0.8, 0.5, 0.35, 0.65, 0.1, 0.9)
            spots = along(pa, pb, fractions, off) + along(pa, pb, fractions, off + img.get_height())
            at = self.placer.place_clear(text, img.get_size(), spots)
            if at is not None:  # else the wheels stand all along the line: the words wait
                target.blit(img, at)

    def _place_words(self, target: pygame.Surface, words: dict[str, Any]) -> None:
        """The ghost's words beside its way (or by the bolt thrower), and the run-over
        critters' numbers beside them."""
        if words["label"]:
            tape = self._surf(("tape", words["label"]), lambda: tape_surface(self.font, words["label"]))
            if words["pts"]:
                spots = beside_path(words["pts"], tape.get_size(), words["pad"])
            elif words["at"] is not None:
                x, y = self.camera.to_screen(*words["at"])
                spots = [(x, y - 28)] + around(pygame.Rect(round(x - 20), round(y - 20), 40, 40), tape.get_size(), 6, 4)
            else:
                spots = []
            if spots:
                v = self.placer.bounds
                tw, th = tape.get_size()
                spots += [(v.left + tw / 2 + 4, v.top + th / 2 + 4), (v.right - tw / 2 - 4, v.top + th / 2 + 4),
                          (v.left + tw / 2 + 4, v.bottom - th / 2 - 4), (v.right - tw / 2 - 4, v.bottom - th / 2 - 4),
                          (v.centerx, v.top + th / 2 + 4), (v.centerx, v.bottom - th / 2 - 4)]  # a corner of the view
                target.blit(tape, self.placer.place("ghost", tape.get_size(), spots, clamp=True))
        for n, ring in words["marks"]:  # on the ghost's way, but clear of every piece and label
            badge = self._surf(("hit", n), lambda: badge_surface(self.font, n, HIT, (255, 255, 255)))
            off = ring.w * 0.35 + badge.get_width() / 2 + 1
            spots = [(ring.centerx + dx * off, ring.centery + dy * off) for dx, dy in ((1, -1), (-1, -1), (1, 1), (-1, 1))]
            spots += around(ring, badge.get_size(), 1)
            target.blit(badge, self.placer.place(f"run over {n}", badge.get_size(), spots, frozenset({"ghost"})))

    def _surf(self, key: Any, make: Any) -> pygame.Surface:
        """A rendered label, kept while the table shows it (at most a few hundred)."""
        got = self._surfs.get(key)
        if got is None:
            if len(self._surfs) > 300:
                self._surfs.clear()
            got = self._surfs[key] = make()
        return got

    # --- time ---------------------------------------------------------------------------
    def update(self, dt: float, anim: DoomAnimator) -> None:
        for t in anim.take_tosses():
            c = self.state.critters.get(t.critter)
            self.tosser.start(t, anim, c.radius if c is not None else 0.4)
        self.tosser.update(dt, anim, self.state.wheels)
