"""The Doomwheel Race's parts of the race report (game.ui.report): its pieces are
the wheels, on the grid from the end of set-up; a mark wherever a wound was taken."""

from __future__ import annotations

from typing import Any

MARK = "wound taken"  # the key's words for a mark
MARKS = "wounds"  # the command line's words for the count


def pieces(state: Any) -> dict[str, Any]:
    """The pieces that run the race: the wheels."""
    return dict(state.wheels)


def on_table(state: Any, rid: str) -> bool:
    return bool(state.phase != "setup")  # the wheels take the grid at the end of set-up


def standings(out: dict[str, Any], state: Any, names: dict[str, str]) -> list[str]:
    lines = [f"winner: {names.get(out['winner'], out['winner']) or 'none'} ({out['reason'] or 'running'})"]
    for w in sorted(out["laps"], key=lambda w: (w != out["winner"], -out["laps"][w], -out["wounds"][w], w)):
        status = state.wheels[w].status
        lines.append(f"{names.get(w, w)}: laps {out['laps'][w]}, wounds {out['wounds'][w]}, {status}")
    return lines
