"""Render a preview sheet of the game's art (game/ui/art.py) to a PNG; with
`stands`, the sheet of Rally Round the King's stands (game/ui/rrtk/stands.py):
every figure count, foot and mounted, each purpose and look, the tag icons,
small sizes, facings and the sides' colours and markers.

    python tools/preview_art.py [out/art_preview.png]
    python tools/preview_art.py stands [out/stands_preview.png]

Headless: uses SDL's dummy video driver; needs no display.
"""

from __future__ import annotations

import math
import os
import sys
import time
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402

from game.ui import art  # noqa: E402

INK = (244, 238, 222)
DIM = (190, 186, 170)
BG = (30, 36, 28)

STATUE_PTS = ((-0.15, -1.63), (0.77, 1.12), (0.51, 1.62), (0.01, 1.36), (-0.81, -1.42))
RUIN_PTS = ((-1.47, -1.81), (1.02, -1.33), (2.11, 0.34), (1.06, 1.77), (-1.11, 1.3), (-2.14, -0.25))
SMALL_POLY = ((-1.1, -0.5), (0.9, -0.6), (1.3, 0.3), (0.2, 0.7), (-1.0, 0.4))


def text(surf: pygame.Surface, s: str, pos: tuple[int, int], size: int = 16, bold: bool = False,
         col: tuple[int, int, int] = INK) -> int:
    img = art.font(size, bold).render(s, True, col)
    surf.blit(img, pos)
    return img.get_width()


def blit_centred(surf: pygame.Surface, img: pygame.Surface, centre: tuple[float, float], angle: float = 0.0) -> None:
    if angle:
        img = pygame.transform.rotate(img, angle)
    surf.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


def sprites_section(sheet: pygame.Surface, y: int) -> int:
    text(sheet, "Racers: 8 players (colour + marker), numbers 1-3, at ppi 28, 20, 12 and 8", (24, y), 18, True)
    y += 30
    panel = art.table_background((sheet.get_width() - 200, 172), seed=5)
    sheet.blit(panel, (186, y - 6))
    for row, cb in enumerate((False, True)):
        text(sheet, "colour-blind palette" if cb else "standard palette", (24, y + 4), 14, col=DIM)
        for i in range(8):
            col = art.player_colour(i, cb)
            x = 200 + i * 145
            big = art.racer_sprite(col, i, 28, number=(i % 3) + 1)
            sheet.blit(big, (x, y))
            mid = art.racer_sprite(col, i, 20, number=(i % 3) + 1)
            sheet.blit(mid, (x + big.get_width() + 8, y))
            small = art.racer_sprite(col, i, 12, number=(i % 3) + 1)
            sheet.blit(small, (x + big.get_width() + 8, y + mid.get_height() + 6))
            tiny = art.racer_sprite(col, i, 8)
            sheet.blit(tiny, (x + big.get_width() + 8 + small.get_width() + 6, y + mid.get_height() + 6))
            text(sheet, art.MARKERS[i], (x, y + big.get_height() + 8), 12, col=INK)
        y += 84
    return y


def obstacles_section(sheet: pygame.Surface, y: int, ppi: float) -> int:
    text(sheet, f"Obstacles at ppi {ppi:g}: small | LARGE, rect / circle / polygon", (24, y), 18, True)
    y += 34
    looks = ["hedge", "wall", "statue", "log", "ruin", "rock", "plain"]
    shapes: list[tuple[str, dict[str, Any]]] = [("rect", dict(length=3.5, width=0.7)), ("circle", dict(radius=1.0)), ("polygon", dict(points=SMALL_POLY))]
    special: dict[str, tuple[str, dict[str, Any]]] = {"statue": ("polygon", dict(points=STATUE_PTS)), "ruin": ("polygon", dict(points=RUIN_PTS)),
               "rock": ("circle", dict(radius=1.75)), "log": ("rect", dict(length=3.0, width=0.6))}
    col_w = 175
    for j, (shape, _kw) in enumerate(shapes):
        for k, size in enumerate(("small", "large")):
            text(sheet, f"{shape} {size}", (150 + (j * 2 + k) * col_w, y), 13, col=DIM)
    text(sheet, "course sample", (150 + 6 * col_w, y), 13, col=DIM)
    y += 22
    rows = []
    for look in looks:
        row_h = 0
        imgs = []
        for shape, kw in shapes:
            for size in ("small", "large"):
                img = art.obstacle_surface(shape, size, look, ppi, **kw)
                imgs.append(img)
                row_h = max(row_h, img.get_height())
        sp_shape, sp_kw = special.get(look, ("rect", dict(length=2.5, width=1.2)))
        sample = art.obstacle_surface(sp_shape, "large" if look in ("ruin", "rock") else "small", look, ppi, **sp_kw)
        row_h = max(row_h, sample.get_height())
        rows.append((look, imgs, sample, row_h))
    total = sum(r[3] + 10 for r in rows)
    sheet.blit(art.table_background((sheet.get_width() - 150, total + 10), seed=3), (140, y - 6))
    for look, imgs, sample, row_h in rows:
        text(sheet, look if look != "plain" else "other", (24, y + row_h // 2 - 10), 16, True)
        for n, img in enumerate(imgs):
            blit_centred(sheet, img, (150 + n * col_w + col_w / 2 - 10, y + row_h / 2))
        blit_centred(sheet, sample, (150 + 6 * col_w + col_w / 2, y + row_h / 2))
        y += row_h + 10
    return y


def course_section(sheet: pygame.Surface, y: int, ppi: float) -> int:
    text(sheet, f"A course piece at ppi {ppi:g}: board, turf, rails, start and finish, pieces and racers",
         (24, y), 18, True)
    y += 32
    w, h = sheet.get_width() - 48, round(16 * ppi)
    x0 = 24
    # An S-bend band 9" wide.
    centre = [(t, 8 + 3.2 * math.sin(t / 9.0)) for t in [i * 0.5 for i in range(int(w / ppi / 0.5) + 1)]]
    left, right = [], []
    for i, (cx, cy) in enumerate(centre):
        a = centre[max(0, i - 1)]
        b = centre[min(len(centre) - 1, i + 1)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        d = math.hypot(dx, dy) or 1
        nx, ny = -dy / d, dx / d
        left.append(((cx + nx * 4.5) * ppi, (cy + ny * 4.5) * ppi))
        right.append(((cx - nx * 4.5) * ppi, (cy - ny * 4.5) * ppi))
    outline = left + right[::-1]
    board = art.table_background((w, h), seed=1).copy()
    board.blit(art.course_surface(outline, (w, h), seed=1), (0, 0))
    si, fi = 6, len(centre) - 8
    art.draw_line_marking(board, left[si], right[si], ppi, "start")
    art.draw_line_marking(board, left[fi], right[fi], ppi, "finish")
    art.draw_barrier(board, left, ppi)
    art.draw_barrier(board, right, ppi)

    def at(t: float, s: float) -> tuple[float, float]:
        i = min(len(centre) - 2, max(0, int(t / 0.5)))
        cx, cy = centre[i]
        a, b = centre[i], centre[i + 1]
        dx, dy = b[0] - a[0], b[1] - a[1]
        d = math.hypot(dx, dy) or 1
        return ((cx - dy / d * s) * ppi, (cy + dx / d * s) * ppi)

    pieces: list[tuple[str, str, str, dict[str, Any], float, float, float]] = [("hedge", "rect", "small", dict(length=4, width=0.7), 14, 2.2, 80),
              ("wall", "rect", "small", dict(length=3.5, width=0.6), 24, -2.0, 110),
              ("ruin", "polygon", "large", dict(points=RUIN_PTS), 36, 1.2, 0),
              ("statue", "polygon", "small", dict(points=STATUE_PTS), 47, -2.0, 30),
              ("rock", "circle", "large", dict(radius=1.75), 58, 1.5, 0),
              ("log", "rect", "small", dict(length=3, width=0.6), 68, -1.5, 67)]
    for look, shape, size, kw, t, s, rot in pieces:
        img = art.obstacle_surface(shape, size, look, ppi, **kw)
        blit_centred(board, img, at(t, s), rot)
    racers: list[tuple[int, int, float, float]] = [(0, 1, 5.0, -2.5), (1, 1, 9.0, 0.0), (2, 2, 19.5, 0.5), (3, 1, 29.5, 2.5), (4, 3, 41, -1.0),
              (5, 1, 52, -1.5), (6, 2, 62, -2.8), (7, 1, 72, 2.4), (0, 2, 76, -1.5)]
    for p, num, t, s in racers:
        ax, ay = at(t, s)
        bx, by = at(t + 0.5, s)
        heading = -math.degrees(math.atan2(by - ay, bx - ax))
        spr = art.racer_sprite(art.player_colour(p), p, ppi, number=num)
        blit_centred(board, spr, (ax, ay), heading)
    sheet.blit(board, (x0, y))
    return y + h + 16


def render(path: str) -> float:
    pygame.init()
    t0 = time.perf_counter()
    sheet = pygame.Surface((1440, 1800))
    sheet.fill(BG)
    y = 16
    text(sheet, "Wild Table  -  The Wild Race: art preview", (24, y), 28, True)
    text(sheet, "Noto Sans (bundled, SIL OFL)", (760, y + 10), 15, col=DIM)
    y += 50
    y = sprites_section(sheet, y)
    y = obstacles_section(sheet, y + 10, 20)
    y = course_section(sheet, y + 6, 14)
    elapsed = time.perf_counter() - t0
    sheet = sheet.subsurface(pygame.Rect(0, 0, sheet.get_width(), min(sheet.get_height(), y))).copy()
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    pygame.image.save(sheet, path)
    return elapsed


def stands_sheet(path: str) -> float:
    """Every stand combination on one sheet (game/ui/rrtk/stands.py)."""
    from game.ui.rrtk import stands
    pygame.init()
    t0 = time.perf_counter()
    sheet = pygame.Surface((1500, 1640))
    sheet.fill(BG)
    board = art.table_background((1500, 1640), seed=7)
    sheet.blit(board, (0, 0))
    y = 14
    text(sheet, "Rally Round the King: stands, front edge up (light band), side colour + marker on the rear",
         (24, y), 24, True)
    y += 44
    red, blue = art.player_colour(0), art.player_colour(1)
    for mounted in (False, True):
        text(sheet, ("Mounted" if mounted else "Foot") + ": figures 1-4 x melee / missile / skirmish, "
             "AC 2 and AC 4 (helmets, mail)", (24, y), 17, True)
        y += 28
        for p_i, purpose in enumerate(stands.PURPOSES):
            text(sheet, purpose, (24, y + 22), 15, col=INK)
            x = 120
            for ac in (2, 4):
                for figs in (1, 2, 3, 4):
                    img = stands.stand_surface(figs, mounted, purpose, (), red if ac == 2 else blue, 150,
                                               marker=0 if ac == 2 else 1, ac=ac)
                    sheet.blit(img, (x, y))
                    x += 166
            y += stands.stand_size(150, mounted)[1] + 14
        y += 6
    text(sheet, "Special looks and tags: pikes, shock lances, flyers, cannon, engine, chariots, elephant, monsters",
         (24, y), 17, True)
    y += 28
    specials = [("Pike", 4, False, "melee", ("Pike",), "troops", 4), ("Knights", 3, True, "melee", ("Elite", "Shock"), "troops", 6),
                ("Gargoyles", 1, True, "melee", ("Flying", "Terror", "Shock"), "monster", 4),
                ("Winged Men", 2, True, "skirmish", ("Flying", "UD"), "winged", 2),
                ("Cannons", 1, False, "missile", ("Artillery",), "cannon", 4),
                ("Ballistae", 1, False, "missile", ("Engine",), "engine", 2),
                ("Heavy Chariot", 1, True, "melee", ("Dual", "Shock"), "chariot", 4),
                ("Light Chariots", 2, True, "missile", (), "chariot", 2),
                ("Elephants", 1, False, "melee", ("Terror", "UD"), "elephant", 4),
                ("Trolls", 1, False, "melee", ("Frenzy", "Terror", "UD"), "monster", 4),
                ("Hill Giants", 4, False, "melee", ("Terror", "Engine", "UD"), "monster", 6),
                ("Levies", 3, False, "melee", ("UD",), "troops", 2)]
    x = 24
    for i, (name, figs, mounted, purpose, tags, look, ac) in enumerate(specials):
        col = art.player_colour(i % 8)
        assert look == stands.look_for(name, tags, figs, mounted, purpose), name
        img = stands.stand_surface(figs, mounted, purpose, tags, col, 150, marker=i % 8, ac=ac, look=look)
        sheet.blit(img, (x, y))
        strip, _ = stands.tag_strip(tags, 20)
        sheet.blit(strip, (x, y + img.get_height() + 4))
        text(sheet, name, (x, y + img.get_height() + 26), 14, col=INK)
        x += 244
        if i % 6 == 5:
            x = 24
            y += 170
    y += 4
    text(sheet, "Small sizes (the table): 24, 32 and 48 px wide; facings 0, 45, 90, 180, 270", (24, y), 17, True)
    y += 28
    x = 24
    for width in (24, 32, 48):
        for facing in (0, 45, 90, 180, 270):
            for mounted, purpose, tags in ((False, "melee", ("Pike",)), (True, "melee", ("Shock",))):
                img = stands.stand_surface(3, mounted, purpose, tags, red, width, facing=facing, marker=0, ac=4)
                sheet.blit(img, (x, y))
                x += img.get_width() + 8
        x += 20
        if width == 32:
            x = 24
            y += 80
    y += 90
    text(sheet, "Sides: standard and colour-blind palettes, each with its marker", (24, y), 17, True)
    y += 28
    for cb in (False, True):
        x = 24
        for i in range(8):
            img = stands.stand_surface(4, False, "melee", (), art.player_colour(i, cb), 80, marker=i, ac=4)
            sheet.blit(img, (x, y))
            img = stands.stand_surface(2, True, "missile", (), art.player_colour(i, cb), 80, marker=i)
            sheet.blit(img, (x + 88, y))
            x += 184
        y += 72
    text(sheet, "Tag icons (tooltips say the rule in our words)", (24, y), 17, True)
    y += 30
    x = 24
    for tag in ("Elite", "Shock", "Pike", "Flying", "Terror", "UD", "Artillery", "Engine", "CW", "Dual",
                "Frenzy", "Fanatic", "Stakes", "FA"):
        sheet.blit(stands.tag_icon(tag, 28), (x, y))
        sheet.blit(stands.tag_icon(tag, 16), (x + 34, y + 6))
        text(sheet, tag, (x, y + 32), 13, col=INK)
        x += 104
    y += 60
    elapsed = time.perf_counter() - t0
    sheet = sheet.subsurface(pygame.Rect(0, 0, sheet.get_width(), min(sheet.get_height(), y))).copy()
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    pygame.image.save(sheet, path)
    return elapsed


def main(argv: list[str]) -> int:
    if len(argv) > 1 and argv[1] == "stands":
        path = argv[2] if len(argv) > 2 else os.path.join("out", "stands_preview.png")
        print(f"wrote {path} ({stands_sheet(path):.2f} s)")
        return 0
    path = argv[1] if len(argv) > 1 else os.path.join("out", "art_preview.png")
    elapsed = render(path)
    print(f"wrote {path} ({elapsed:.2f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
