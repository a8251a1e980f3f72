"""The Armies screen's options block (game/ui/rrtk/armies.py): the points limit and every
army option of game.rules.rrtk.army.OPTIONS (unit costs, Captains allowed, units from,
lists with no recruiting rolls; docs/rrtk-options.md), each a row of a plain label,
whose tooltip gives the help and the spec's name, values and section, and a drop-down
of plain value words; and, with mixed lists (§7.6, ruling 7) while buying, the list whose
units the rows show ("Add units of"). Widgets only: the screen applies a change and
checks the army again."""

from __future__ import annotations

import html
from typing import Any

import pygame
import pygame_gui

from game.ui.seats import choice_items, selected_id

LIMITS = (200, 300, 400, 500, 600, 800, 1000)  # the points limits offered (400: §7.3)
ROW = 34  # a row's height, its gap included
LIMIT_TIP = ("The points the army is built to: 400 for a stand-alone or tournament game, any other by agreement. "
             "(In files: built.limit; on the command line: --points N; rules §7.3.)")
SHOWN_TIP = ("With units from any list (mixed lists), the rows show this list: + adds its units to the army. "
             "(In files: a unit's nation; on the command line: --buy NATION:UNIT=N; rules §7.6.)")


class OptionsBlock:
    """The option rows at (x, y), `w` wide: `widgets` (the screen owns and kills them),
    `height`; `changed(event)` -> (name, value) for a drop-down of this block ("limit",
    an option's name, or "shown": the list the rows show), else None."""

    def __init__(self, manager: Any, x: int, y: int, w: int, limit: int, options: Any, nations: list[Any] | None,
                 home: Any, shown: Any) -> None:
        from game.rules.rrtk.army import OPTIONS
        self.widgets: list[Any] = []
        self.menus: dict[Any, str] = {}
        lw = max(140, round(w * 0.42))
        rows: list[tuple[str, str, str, list[str | tuple[str, str]], str]] = [
            ("limit", "Points limit", LIMIT_TIP, [(f"{v} points", str(v)) for v in sorted({*LIMITS, limit})],
             str(limit))]
        for name in OPTIONS.names():
            rows.append((name, OPTIONS.label(name), OPTIONS.tooltip(name),
                         choice_items(name, OPTIONS.choices[name], OPTIONS.value_word), getattr(options, name)))
        if nations is not None:  # mixed lists, buying: which list the rows show
            items: list[str | tuple[str, str]] = [(f"{home.name} (its own)", home.id)]
            items += [(n.name, n.id) for n in nations if n.id != home.id]
            rows.append(("shown", "Add units of", SHOWN_TIP, items, shown.id))
        for i, (name, label, tip, items, current) in enumerate(rows):
            ry = y + i * ROW
            lab = pygame_gui.elements.UILabel(pygame.Rect(x, ry, lw - 6, ROW - 4), label, manager,
                                              object_id="#option_label")
            lab.set_tooltip(html.escape(tip), wrap_width=360)
            start = next(it for it in items if isinstance(it, tuple) and it[1] == current)
            dd = pygame_gui.elements.UIDropDownMenu(items, start, pygame.Rect(x + lw, ry, w - lw, ROW - 4), manager,
                                                    object_id=f"#option_{name}")
            self.menus[dd] = name
            self.widgets += [lab, dd]
        self.height = len(rows) * ROW

    def menu(self, name: str) -> Any:
        """The drop-down of an option (tests, synthetic input)."""
        return next(dd for dd, n in self.menus.items() if n == name)

    def changed(self, event: pygame.event.Event) -> tuple[str, str] | None:
        name = self.menus.get(event.ui_element)
        return None if name is None else (name, selected_id(event.ui_element))
