"""What the set-up screens draw for a course that cannot be raced (issue 12 item 13):
a greyed card saying so, with the course's first problem wrapped in full (never cut
off) and where its file is. The listing itself is game.levels.course_list's."""

from __future__ import annotations

import os

import pygame

from game.levels.course_list import CourseEntry
from game.ui import art

GREY_BG = (58, 54, 50)
GREY_BORDER = (110, 104, 96)
TITLE = (235, 190, 170)
TEXT = (214, 208, 198)
DIM = (170, 164, 154)


def wrap_text(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Word-wrap `text` to `width` pixels; a word wider than that (a path) is broken."""
    rows: list[str] = []
    cur = ""
    for word in text.split():
        while font.size(word)[0] > width and len(word) > 1:
            if cur:
                rows.append(cur)
                cur = ""
            cut = len(word) - 1
            while cut > 1 and font.size(word[:cut])[0] > width:
                cut -= 1
            rows.append(word[:cut])
            word = word[cut:]
        trial = f"{cur} {word}" if cur else word
        if font.size(trial)[0] <= width or not cur:
            cur = trial
        else:
            rows.append(cur)
            cur = word
    if cur:
        rows.append(cur)
    return rows


def where_words(entry: CourseEntry) -> str:
    """Where the file is, in words: "my_loop.json, in your courses folder"."""
    folder = "your courses folder" if entry.where == "yours" else "the shipped courses"
    return f"{os.path.basename(entry.path)}, in {folder}"


def problem_lines(entry: CourseEntry) -> list[str]:
    """The paragraphs said about a course that cannot be raced."""
    return ["Cannot be raced:", entry.problem or "it does not load", where_words(entry)]


def problem_card(entry: CourseEntry, size: tuple[int, int]) -> tuple[pygame.Surface, bool]:
    """A greyed card of `size` with the problem wrapped in it, in the largest font
    (13 down to 9 points) that holds it all; and whether it all fits (if not, the
    caller shows the whole text elsewhere)."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(GREY_BG)
    pygame.draw.rect(surf, GREY_BORDER, surf.get_rect(), 1)
    paras = problem_lines(entry)
    fits = False
    rows: list[tuple[str, pygame.font.Font, tuple[int, int, int]]] = []
    for pt in (13, 12, 11, 10, 9):
        font, bold = art.font(pt), art.font(pt, bold=True)
        rows = [(r, bold, TITLE) for r in wrap_text(bold, paras[0], w - 12)]
        rows += [(r, font, TEXT) for r in wrap_text(font, paras[1], w - 12)]
        rows += [(r, font, DIM) for r in wrap_text(font, paras[2], w - 12)]
        if sum(f.get_linesize() for _, f, _ in rows) <= h - 10:
            fits = True
            break
    y = 5
    for text, font, colour in rows:
        if y + font.get_linesize() > h - 4:
            break
        surf.blit(font.render(text, True, colour), (6, y))
        y += font.get_linesize()
    return surf, fits
