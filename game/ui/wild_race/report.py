"""The Wild Race's parts of the race report (game.ui.report): its pieces are the
racers, each on the table once placed; a mark wherever a life was lost."""

from __future__ import annotations

from typing import Any

MARK = "life lost"  # the key's words for a mark
MARKS = "lives lost"  # the command line's words for the count


def pieces(state: Any) -> dict[str, Any]:
    """The pieces that run the race: the racers."""
    return dict(state.racers)


def on_table(state: Any, rid: str) -> bool:
    return rid in state.placed or state.phase not in ("setup", "placement")


def standings(out: dict[str, Any], state: Any, names: dict[str, str]) -> list[str]:
    lines = []
    for place, rid in enumerate(out["order"], 1):
        r = state.racers[rid]
        lines.append(f"{place}. {r.name} ({names.get(r.player, r.player)}) {r.status}, lives {r.lives}")
    return lines
