"""The Wild Race state as JSON (the `--json` schema and scenario field paths):
`racers.<id>.<field>`, `obstacles.<id>.<field>`, `turn`, `phase`, `order`, ..."""

from __future__ import annotations

from typing import Any

from game.rules.wild_race.engine import current_actor, top_kind
from game.rules.wild_race.state import OVER, RaceState

RACER_FIELDS = ("player", "name", "x", "y", "heading", "length", "width", "lives", "favour", "stamina",
                "penalty_accrued", "penalty_in_effect", "has_whip", "lockout", "barged", "has_barged", "moved",
                "spurred", "whips_used", "favour_used", "contacts", "lives_taken", "status", "progress",
                "favour_spent", "stamina_spent")
OBSTACLE_FIELDS = ("size", "shape", "x", "y", "rotation", "length", "width", "radius", "points", "look", "moved",
                   "recycled", "removed")


def _r6(v: Any) -> Any:
    if isinstance(v, float):
        return round(v, 6) + 0.0
    if isinstance(v, (list, tuple)):
        return [_r6(x) for x in v]
    return v


def state_to_json(st: RaceState) -> dict[str, Any]:
    pending: dict[str, Any] | None = None
    if st.phase != OVER and st.stack:
        pending = {"actor": current_actor(st), "step": top_kind(st)}
    return {
        "turn": st.turn,
        "phase": st.phase,
        "order": list(st.order),
        "placement_order": list(st.placement_order),
        "finish_order": list(st.finish_order),
        "casualties": list(st.casualties),
        "pending": pending,
        "racers": {r.id: {f: _r6(getattr(r, f)) for f in RACER_FIELDS} for r in st.racers.values()},
        "obstacles": {o.id: {f: _r6(getattr(o, f)) for f in OBSTACLE_FIELDS} for o in st.obstacles.values()},
    }


# the spec's words for racer-sheet fields (§2), accepted in expectation paths
ALIASES = {"favour_points": "favour", "contacts_created": "contacts", "barged_this_turn": "barged",
           "has_barged_this_turn": "has_barged", "whip": "has_whip", "stamina_points": "stamina"}
