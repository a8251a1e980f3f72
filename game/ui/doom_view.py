"""Draws the Doomwheel Race's table: the course board (with the checkpoints
numbered in lap order), the critters on their round bases, the teams' bolt
throwers at their fans' spots, the wheels as rotating sprites on their bases, and
the ghost of a decision before it is made (the swept path of a move with what it
runs over, the wheel it rams, the edge that stops it; a sabotage slide; the bolt
thrower's lines of fire). Critters that are run over are tossed aside by pymunk
bodies (game.table.mirror) before they vanish: cosmetic, the rules already took
them off."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.rules.doomwheel.geo import track_barriers
from game.table import geometry as g
from game.table.table import Kind, Table
from game.ui import art, doom_art
from game.ui.doom_animate import DoomAnimator, Toss
from game.ui.table_view import TableView

TOSS_TIME = 0.9  # seconds a tossed critter tumbles before it is gone
GHOST = (255, 236, 160)
BAD = (255, 110, 90)
HIT = (255, 70, 60)


class Tosser:
    """The pymunk space of the view: the wheels as kinematic bodies following their
    display poses, the track edges as static ones, and each critter run over as a
    dynamic body flung away from the wheel that hit it."""

    def __init__(self, course: Any) -> None:
        from game.table.mirror import Mirror
        self.mirror = Mirror(Table(track_barriers(course)), damping=0.25)
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

    # --- the board --------------------------------------------------------------------
    def _render_board(self, ppi: float) -> pygame.Surface:
        surf = super()._render_board(ppi)
        ox, oy = self._board_origin

        def px(p: tuple[float, float]) -> tuple[float, float]:
            return ((p[0] - ox) * ppi, (oy - p[1]) * ppi)

        for i, (a, b) in enumerate(self.course.checkpoints):
            pa, pb = px(a), px(b)
            dash = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            n = max(2, int(math.hypot(pb[0] - pa[0], pb[1] - pa[1]) / 8))
            for k in range(0, n, 2):
                p0 = (pa[0] + (pb[0] - pa[0]) * k / n, pa[1] + (pb[1] - pa[1]) * k / n)
                p1 = (pa[0] + (pb[0] - pa[0]) * (k + 1) / n, pa[1] + (pb[1] - pa[1]) * (k + 1) / n)
                pygame.draw.line(dash, (250, 240, 200, 150), p0, p1, max(1, round(ppi * 0.08)))
            surf.blit(dash, (0, 0))
            if ppi >= 5:
                f = art.font(max(9, round(ppi * 0.5)), bold=True)
                t = f.render(str(i + 1), True, (250, 240, 200))
                mx, my = (pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2
                r = max(t.get_width(), t.get_height()) * 0.7
                pygame.draw.circle(surf, (40, 32, 24), (mx, my), r)
                pygame.draw.circle(surf, (250, 240, 200), (mx, my), r, 1)
                surf.blit(t, t.get_rect(center=(mx, my)))
        for ob in self.course.obstacles:  # the course's terrain (fixed in the Doomwheel Race): on the board
            o = art.obstacle_surface(ob.shape, ob.size, ob.look, ppi, ob.length, ob.width, ob.radius,
                                     tuple(ob.points))
            if ob.rotation and ob.shape != "polygon":
                o = pygame.transform.rotate(o, ob.rotation)
            surf.blit(o, o.get_rect(center=px((ob.x, ob.y))))
            if ob.cover in ("soft", "hard") or ob.blocks_sight:
                self._terrain_mark(surf, px((ob.x, ob.y)), ppi, ob.cover, ob.blocks_sight)
        return surf

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
        """Bolt throwers, then critters (alive, coming back)."""
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
            target.blit(rot, rot.get_rect(center=(round(sx), round(sy))))
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
            target.blit(spr, spr.get_rect(center=(round(sx), round(sy))))

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
            if cam.ppi >= 7:
                label = self._label(self.names.get(w.player, w.id))
                target.blit(label, label.get_rect(midtop=(rect.centerx, rect.bottom + 1)))
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
        """Drawn into a layer kept while neither the ghost nor the camera changes."""
        cam = self.camera
        key = (id(ghost), ghost.get("label"), cam.cx, cam.cy, cam.ppi, cam.vw, cam.vh, target.get_size())
        if key != self._ghost_key or self._ghost_layer is None:
            self._ghost_layer = self._render_ghost(target.get_size(), ghost)
            self._ghost_key = key
        target.blit(self._ghost_layer, (0, 0))

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
            for n, cid in enumerate(pv.critters, 1):  # what it runs over, in touch order
                c = st.critters.get(cid)
                if c is None:
                    continue
                cx, cy = cam.to_screen(c.x, c.y)
                r = max(6, round(c.radius * cam.ppi) + 4)
                pygame.draw.circle(layer, (*HIT, 255), (round(cx), round(cy)), r, 3)
                t = self.font.render(str(n), True, (255, 255, 255))
                pygame.draw.circle(layer, (*HIT, 255), (round(cx + r), round(cy - r)), 8)
                layer.blit(t, t.get_rect(center=(round(cx + r), round(cy - r))))
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
        target = layer
        if ghost.get("label"):
            pts = [cam.to_screen(x, y) for leg in (pv.legs if pv is not None else ()) for x, y, _ in leg.poses(1.0)]
            at = ghost.get("label_at")
            if pts:
                self._tape_beside(target, ghost["label"], pts, w.length * cam.ppi if w is not None else 40.0)
            elif at is not None:
                x, y = cam.to_screen(at[0], at[1])
                self._tape(target, ghost["label"], (x, y - 28))
        return layer

    def _tape_beside(self, target: pygame.Surface, text: str, pts: list[tuple[float, float]], pad: float) -> None:
        """The tape above the ghost's path, or below it when there is no room above."""
        top = min(p[1] for p in pts) - pad / 2
        bottom = max(p[1] for p in pts) + pad / 2
        cx = sum(p[0] for p in pts) / len(pts)
        lines = text.count("\n") + 1
        h = lines * self.font.get_linesize() + 8
        y = top - h / 2 - 6 if top - h - 6 > self.camera.vy else bottom + h / 2 + 6
        self._tape(target, text, (cx, y))

    def _base_px(self, x: float, y: float, h: float, length: float, width: float) -> list[tuple[float, float]]:
        a = math.radians(h)
        c, s = math.cos(a), math.sin(a)
        hl, hw = length / 2, width / 2
        return [self.camera.to_screen(x + lx * c - ly * s, y + lx * s + ly * c)
                for lx, ly in ((hl, hw), (hl, -hw), (-hl, -hw), (-hl, hw))]

    def _tape(self, target: pygame.Surface, text: str, at: tuple[float, float]) -> None:
        lines = text.split("\n")
        rend = [self.font.render(t, True, (255, 250, 235)) for t in lines]
        w = max(r.get_width() for r in rend) + 12
        h = sum(r.get_height() for r in rend) + 8
        back = pygame.Surface((w, h), pygame.SRCALPHA)
        back.fill((20, 16, 12, 205))
        rect = back.get_rect(center=(round(at[0]), round(at[1])))
        vw = pygame.Rect(self.camera.vx, self.camera.vy, self.camera.vw, self.camera.vh)
        rect.clamp_ip(vw)
        target.blit(back, rect)
        y = rect.y + 4
        for r in rend:
            target.blit(r, (rect.x + 6, y))
            y += r.get_height()

    # --- time ---------------------------------------------------------------------------
    def update(self, dt: float, anim: DoomAnimator) -> None:
        for t in anim.take_tosses():
            c = self.state.critters.get(t.critter)
            self.tosser.start(t, anim, c.radius if c is not None else 0.4)
        self.tosser.update(dt, anim, self.state.wheels)
