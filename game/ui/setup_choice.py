"""The race set-up scenes' ruleset choice (issue 13): each set-up scene offers the
other rulesets one choice away, by their titles, without importing their rooms. A
ruleset joins the list with its ui room's window parts "setup_choice" (True) and
"setup_scene" (the scene, "module:Class", made with the app)."""

from __future__ import annotations

from typing import Any

from game.core import registry


def setup_choices() -> tuple[str, ...]:
    """The titles offered, in list order ("The Wild Race", "The Doomwheel Race")."""
    registry.load("ui")
    return tuple(reg.title for reg in registry.every() if reg.window.get("setup_choice"))


def setup_choice_scene(title: str) -> Any:
    """The set-up scene class of the ruleset with this title (None: no such one)."""
    registry.load("ui")
    for reg in registry.every():
        if reg.title == title and reg.window.get("setup_choice"):
            return reg.part("setup_scene")
    return None
