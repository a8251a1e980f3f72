"""The rule sets, each behind the one protocol (game.core.protocol)."""

from __future__ import annotations

from typing import Any

NAMES = ("wild_race", "doomwheel")


def by_name(name: str) -> Any:
    """The ruleset object for 'wild_race' / 'wild-race' or 'doomwheel'."""
    key = name.replace("-", "_")
    if key == "doomwheel":
        from game.rules.doomwheel import RULESET as doom
        return doom
    if key == "wild_race":
        from game.rules.wild_race import RULESET as wild
        return wild
    raise ValueError(f"unknown ruleset {name!r} (known: wild-race, doomwheel)")


def ruleset_of(state: Any) -> Any:
    """The ruleset object a game state belongs to."""
    return by_name("doomwheel" if type(state).__name__ == "DoomState" else "wild_race")
