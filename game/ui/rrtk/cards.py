"""The Armies screen's drawn parts and the printable army sheet: a nation's card
(name, historical equivalent, battle tactics, our text, the list's header), a unit's
row (its stand drawn as the table draws it, tags as icons, Rep, AC, figures, cost,
recruiting totals, the Basic Army's count and the army's), the army's summary and
the whole army sheet as a PNG. Plain values in, surfaces out (cached by the scene)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.ui import art
from game.ui.panels import EDGE, GOLD, INK, fit_text, panel, wrap
from game.ui.rrtk import stands
from game.ui.rrtk.blurbs import TACTICS, blurb

DIM = (176, 164, 142)
GOOD = (140, 210, 130)
BAD = (236, 120, 100)
SIDE = 1  # the side the screen draws armies in (blue, the square marker)


def unit_stand(u: Any, width: int, colour: Any = None, marker: int = SIDE) -> pygame.Surface:
    """A unit type's stand (lists.UnitType), front up."""
    look = stands.look_for(u.name, u.special, u.figs, u.mounted, u.purpose.lower())
    col = colour if colour is not None else art.player_colour(marker)
    return stands.stand_surface(u.figs, u.mounted, u.purpose.lower(), u.special, col, width, marker=marker,
                                ac=u.ac, look=look)


def rolls_words(u: Any) -> str:
    """The 2d6 totals that raise a unit, as the list prints them."""
    return "not recruited" if not u.rolls else f"2d6: {u.recruiting_roll}"


def nation_card(n: Any, w: int, h: int) -> pygame.Surface:
    """The nation's card: name, historical equivalent, tactics, our text, facts."""
    s = panel(w, h)
    x, y = 14, 8
    s.blit(art.font(24, True).render(n.name, True, GOLD), (x, y))
    y += art.font(24, True).get_linesize()
    hist = n.historical_equivalent or "no historical equivalent (a fantasy people)"
    s.blit(fit_text(art.font(14), f"Historical equivalent: {hist}", w - 2 * x, INK), (x, y))
    y += art.font(14).get_linesize()
    s.blit(fit_text(art.font(14), f"Battle tactics {TACTICS.get(n.battle_tactics, n.battle_tactics)}",
                    w - 2 * x, INK), (x, y))
    y += art.font(14).get_linesize() + 4
    f = art.font(14)
    for line in wrap(f, blurb(n.name), w - 2 * x)[:3]:
        s.blit(f.render(line, True, (226, 216, 196)), (x, y))
        y += f.get_linesize()
    y += 4
    wr = f"{n.war_rating:+d}" if n.war_rating else "0"
    facts = (f"{n.government}, {n.motivation.lower()}  ·  war rating {wr}  ·  "
             f"{n.recruiting_rolls} recruiting rolls  ·  Basic Army {n.basic_army.units} units, "
             f"{n.basic_army.total} pts  ·  list {n.list_id}, p. {n.page}")
    for line in wrap(art.font(12), facts, w - 2 * x)[:2]:
        s.blit(art.font(12).render(line, True, DIM), (x, y))
        y += art.font(12).get_linesize()
    return s


ROW_H = 62
STAND_W = 78


def unit_row(u: Any, w: int, count: int, *, highlight: bool = False, price: int | None = None,
             refused: bool = False, row_h: int = ROW_H) -> tuple[pygame.Surface, list[tuple[pygame.Rect, str]]]:
    """A unit's row: its stand, name, class, Rep / AC / figures, cost, recruiting
    totals, the Basic Army's count; `count` how many the army has. Returns the
    surface and each tag icon's rect (row coordinates) with its tag."""
    s = pygame.Surface((w, row_h), pygame.SRCALPHA)
    bg = (74, 60, 34, 245) if highlight else (44, 36, 28, 225)
    pygame.draw.rect(s, bg, s.get_rect(), border_radius=6)
    pygame.draw.rect(s, GOLD if highlight else EDGE, s.get_rect(), 3 if highlight else 1, border_radius=6)
    sw = min(STAND_W * 2, round(STAND_W * row_h / ROW_H))
    stand = unit_stand(u, sw)
    s.blit(stand, (8, (row_h - stand.get_height()) // 2))
    x = sw + 18
    big, small = art.font(15, True), art.font(12)
    y0 = max(3, (row_h - big.get_linesize() - 2 * small.get_linesize()) // 2)
    name = f"{u.number}. {u.name}"
    s.blit(fit_text(big, name, 230, GOLD if highlight else INK), (x, y0))
    s.blit(small.render(f"{u.cls}", True, DIM), (x, y0 + big.get_linesize()))
    strip, rects = stands.tag_strip(u.special, 18)
    tx = x + min(230, big.size(name)[0]) + 10
    ty = y0 + 2
    if u.special:
        s.blit(strip, (tx, ty))
    tags = [(r.move(tx, ty), t) for r, t in rects]
    cost = u.cost if price is None else price
    stats = f"Rep {u.rep}   AC {u.ac}   Figs {u.figs}   SP {u.sp:+d}"
    s.blit(small.render(stats, True, INK), (x, y0 + big.get_linesize() + small.get_linesize()))
    cx = max(x + 250, w - 300)
    s.blit(big.render(f"{cost} pts", True, BAD if refused else INK), (cx, y0))
    s.blit(small.render(rolls_words(u), True, DIM), (cx, y0 + big.get_linesize()))
    basic = f"Basic Army {u.count}" if u.count else "not in the Basic Army"
    s.blit(small.render(basic, True, DIM), (cx, y0 + big.get_linesize() + small.get_linesize()))
    badge = art.font(20, True).render(f"x{count}", True, GOLD if count else DIM)
    s.blit(badge, (cx + 130, (row_h - badge.get_height()) // 2))
    return s, tags


def points_bar(w: int, used: int, limit: int) -> pygame.Surface:
    """Points used and left of the limit, in words and as a bar."""
    f = art.font(15, True)
    s = pygame.Surface((w, f.get_linesize() + 16), pygame.SRCALPHA)
    left = limit - used
    words = f"{used} points used, {left} left of {limit}" if left >= 0 else f"{used} points: {-left} over {limit}"
    # (the Armies screen's panel_words says the same)
    s.blit(f.render(words, True, INK if left >= 0 else BAD), (0, 0))
    bar = pygame.Rect(0, f.get_linesize() + 2, w, 10)
    pygame.draw.rect(s, (60, 50, 40), bar, border_radius=4)
    k = max(0.0, min(1.0, used / limit)) if limit else 0.0
    pygame.draw.rect(s, GOOD if used <= limit else BAD, (0, bar.y, round(w * k), 10), border_radius=4)
    pygame.draw.rect(s, EDGE, bar, 1, border_radius=4)
    return s


def lines_block(lines: Sequence[tuple[str, tuple[int, int, int]]], w: int, size: int = 13) -> pygame.Surface:
    """Wrapped lines, each in its colour."""
    f = art.font(size)
    rows: list[tuple[str, tuple[int, int, int]]] = []
    for text, col in lines:
        rows += [(r, col) for r in wrap(f, text, w)]
    s = pygame.Surface((w, max(1, len(rows) * f.get_linesize())), pygame.SRCALPHA)
    for i, (text, col) in enumerate(rows):
        s.blit(f.render(text, True, col), (0, i * f.get_linesize()))
    return s


def army_units(army: Any) -> list[tuple[Any, int, str]]:
    """(unit type, count, nation id) of every row of the army: its own list's in list
    order, then other lists' (mixed lists), by list and number."""
    rows = sorted(army.units, key=lambda au: (au.nation != army.nation, au.nation, au.number))
    return [(au.type, au.count, au.nation) for au in rows]


def army_on_table(n: Any, army: Any, w: int, h: int) -> pygame.Surface:
    """The army laid out on a strip of the table, stand by stand, unit type by unit
    type, front towards the top: how it would deploy, at a glance."""
    s = panel(w, h)
    s.blit(art.font(13).render("The army on the table", True, DIM), (12, 6))
    field = pygame.Rect(10, 26, w - 20, h - 36)
    s.blit(art.table_background(field.size, seed=5), field)
    stands_ = [(u, c) for u, c, _ in army_units(army) for _ in range(c)]
    if not stands_:
        return s
    gap = 6
    for sw in (96, 84, 72, 64, 56, 48, 40, 34, 28, 24, 20, 16):  # the largest stands that fit the strip
        per_row = max(1, (field.w - gap) // (sw + gap))
        rows = -(-len(stands_) // per_row)
        if rows * (round(sw * 0.8) + gap) + gap <= field.h:
            break
    x, y, row_h = field.x + gap, field.y + gap, 0
    last = None
    for u, count in stands_:
        img = unit_stand(u, sw)
        if x + img.get_width() > field.right - gap or (last is not None and last is not u and x > field.x + gap
                                                       and x + (img.get_width() + gap) * count
                                                       > field.right - gap and count <= per_row):
            x, y = field.x + gap, y + row_h + gap
            row_h = 0
        if y + img.get_height() > field.bottom:
            break
        s.blit(img, (x, y))
        x += img.get_width() + gap
        row_h = max(row_h, img.get_height())
        last = u
    return s


def army_nation_name(nid: str) -> str:
    from game.rules.rrtk import lists
    return str(lists.nation(nid).name)


def army_sheet(title: str, n: Any, army: Any, problems: Sequence[str], built_words: str,
               unit_cost: str = "printed") -> pygame.Surface:
    """The printable army sheet: white paper, the nation, every unit in the army with
    its stand, stats, tags in words and points, the leaders, how it was built, the
    totals and the rule check."""
    ink, dim, paper = (20, 18, 16), (90, 84, 76), (252, 250, 244)
    rows = army_units(army)
    w = 1240
    h = 250 + 74 * len(rows) + 40 * (len(problems) + 2) + 120
    s = pygame.Surface((w, h))
    s.fill(paper)
    x, y = 48, 36
    s.blit(art.font(30, True).render(title, True, ink), (x, y))
    y += art.font(30, True).get_linesize()
    hist = f" ({n.historical_equivalent})" if n.historical_equivalent else ""
    s.blit(art.font(17).render(f"{n.name}{hist}  ·  battle tactics {n.battle_tactics}  ·  war rating "
                               f"{n.war_rating:+d}  ·  {built_words}", True, dim), (x, y))
    y += 36
    heads = (("Unit", x + 110), ("Class", x + 470), ("Rep", x + 640), ("AC", x + 700), ("Figs", x + 750),
             ("Cost", x + 820), ("Units", x + 900), ("Points", x + 980))
    for text, hx in heads:
        s.blit(art.font(15, True).render(text, True, ink), (hx, y))
    y += 26
    pygame.draw.line(s, ink, (x, y), (w - x, y), 2)
    y += 8
    for u, c, nid in rows:
        stand = unit_stand(u, 90)
        s.blit(stand, (x, y + (64 - stand.get_height()) // 2))
        s.blit(fit_text(art.font(17, True), u.name, 350, ink), (x + 110, y + 6))
        tags = ", ".join(stands.TAG_NAMES.get(t.lower(), t) for t in u.special)
        if nid != army.nation:  # mixed lists: whose list it comes from
            tags = f"{army_nation_name(nid)} list" + (f"; {tags}" if tags else "")
        if tags:
            s.blit(fit_text(art.font(13), tags, 340, dim), (x + 110, y + 32))
        price = u.price(unit_cost)
        for text, hx in ((u.cls, x + 470), (str(u.rep), x + 640), (str(u.ac), x + 700), (str(u.figs), x + 750),
                         (str(price), x + 820), (str(c), x + 900), (str(price * c), x + 980)):
            s.blit(art.font(17).render(text, True, ink), (hx, y + 18))
        y += 70
        pygame.draw.line(s, (210, 204, 190), (x, y - 3), (w - x, y - 3), 1)
    y += 10
    leaders = ", ".join(ld.words() for ld in army.leaders)
    s.blit(art.font(17).render(f"Leaders: {leaders}", True, ink), (x, y))
    y += 32
    s.blit(art.font(20, True).render(f"{army.unit_count()} units, {army.points()} points "
                                     f"(limit {army.built.limit})", True, ink), (x, y))
    y += 40
    if problems:
        for p in problems:
            s.blit(art.font(16).render(f"Breaks a rule: {p}", True, (170, 40, 30)), (x, y))
            y += 28
    else:
        s.blit(art.font(16).render("Every rule of the book holds for this army.", True, (30, 110, 40)), (x, y))
        y += 28
    return s.subsurface((0, 0, w, min(h, y + 30))).copy()
