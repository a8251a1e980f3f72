"""The help overlay (H): the charts of The Wild Race and the controls, in the game's
own short words (chart numbers and names are the rules' facts)."""

from __future__ import annotations

import pygame

from game.rules.wild_race.charts import BARGE, JUMP, OVERTAKE, SPUR, UNBALANCED, WHIP
from game.ui import art

EFFECTS = {
    "Jump": {1: "S4 hit, stays, no more action, -2\"", 2: "lands beyond, no more action", 3: "clears it",
             6: "clears it, +1 favour"},
    "Overtake": {1: "stops, rival pushed 1\", S3 hit, no more action", 2: "stops; Unbalanced; no more action",
                 3: "passes", 5: "passes; rival Unbalanced", 6: "passes, +D3\""},
    "Spur": {1: "Unbalanced", 2: "no more action this phase", 4: "may move 1\"", 6: "must move 2\" ahead"},
    "Whip": {1: "whip lost to the target; no more action", 2: "whipper Unbalanced", 3: "no effect",
             5: "target Unbalanced", 6: "target S3 hit + Unbalanced; +1 favour"},
    "Barge": {1: "barger Unbalanced", 2: "barger -2\", no more action", 3: "both -2\", no more action",
              4: "may draw alongside", 5: "target -2\", no more action", 6: "target S4 hit, -6\"; +1 favour"},
    "Unbalanced": {1: "S5 hit, -6\", no more action", 2: "-4\", no more action",
                   3: "slides D3+1\" sideways, -2\", no more action", 4: "-2\"", 5: "no effect",
                   6: "+1 favour"},
}
CHARTS = [("Jump", JUMP), ("Overtake", OVERTAKE), ("Spur", SPUR), ("Whip", WHIP), ("Barge", BARGE),
          ("Unbalanced", UNBALANCED)]
CONTROLS = [
    "Click a racer (or its Move button), aim with the mouse, click or Enter to go; Esc puts it back",
    "Q / E turn the final facing; beyond 10\" the move spends stamina; S turns here (a stamina segment), Backspace undoes",
    "Z goes straight ahead along the racer's facing (an aim near it is taken as straight ahead when it cannot turn)",
    "The camera follows play; drag or WASD to look elsewhere (it stays there until L or the next turn), "
    "wheel or + / - zoom, F fit the course, L follow on / off, G inch grid",
    "Space pause, Tab speed x1/x4, K skip to the end (spectating), H this help, Esc menu",
    "M (or the log's button, or drag its top edge) makes the log taller; the wheel over it scrolls back",
    "Ctrl+S save, Ctrl+O load (the game also autosaves every turn); U takes back your choices since the last die "
    "(house rule: take-backs)",
]


def draw_help(surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((12, 9, 6, 225))
    surface.blit(shade, (0, 0))
    title = art.font(26, bold=True)
    head = art.font(16, bold=True)
    body = art.font(13)
    surface.blit(title.render("The Wild Race: charts and controls", True, (246, 227, 180)), (40, 24))
    col_w = (w - 80) // 3
    for i, (name, chart) in enumerate(CHARTS):
        x = 40 + (i % 3) * col_w
        y = 80 + (i // 3) * 190
        surface.blit(head.render(f"{name} chart (D6)", True, (232, 194, 122)), (x, y))
        rows: list[tuple[str, str]] = []
        faces = sorted(chart)
        k = 0
        while k < len(faces):
            f = faces[k]
            j = k
            while j + 1 < len(faces) and chart[faces[j + 1]] == chart[f]:
                j += 1
            label = f"{f}" if j == k else f"{f}-{faces[j]}"
            effect = EFFECTS[name].get(f, "")
            rows.append((label, f"{chart[f]}: {effect}" if effect else chart[f]))
            k = j + 1
        for n, (label, text) in enumerate(rows):
            surface.blit(body.render(label, True, (250, 244, 230)), (x, y + 26 + n * 22))
            room = col_w - 48
            img = body.render(text, True, (222, 210, 188))
            if img.get_width() > room:  # a long row in a narrow window: smaller type, never cut off
                img = art.font(11).render(text, True, (222, 210, 188))
                if img.get_width() > room:
                    img = img.subsurface((0, 0, room, img.get_height()))
            surface.blit(img, (x + 40, y + 26 + n * 22))
    y = 80 + 2 * 190 + 10
    surface.blit(head.render("Strength (x) hit: roll a D6, below x loses a life. Favour: once a turn per racer, "
                             "re-roll or +/-1 a die rolled for it.", True, (232, 194, 122)), (40, y))
    for n, line in enumerate(CONTROLS):
        surface.blit(body.render(line, True, (250, 244, 230)), (40, y + 34 + n * 22))
    surface.blit(body.render("Press H or Esc to close", True, (180, 168, 148)), (40, h - 40))
