"""The Wild Race's first-game hints (game.ui.hints): its hints in the order they may
show and where each points (its window part "hints": GUIDE)."""

from __future__ import annotations

from typing import Any

import pygame

from game.rules.wild_race.flow import slots
from game.ui.hints import DICE, Hint, HintGuide, Hints

HINTS = [
    Hint("place", "Your racers start here: click a numbered slot behind the start line (or its button on the "
                  "right) to put one down."),
    Hint("pick", "Your move: click one of your racers (or its Move button) to pick it up."),
    Hint("ghost", "The ghost follows the pointer: the tape gives the inches used and what the move would "
                  "touch. Click to go there; Q / E turn the end facing; Esc puts the racer back."),
    Hint("odds", "Decide here: each button says what it does, with the odds of the die that follows."),
    DICE,
]


class RaceGuide(HintGuide):
    hints = HINTS

    def target(self, h: Hints, hid: str, p: Any, buttons: pygame.Rect) -> pygame.Rect | None:
        s = h.scene
        if hid == "place" and p.kind == "place_turn" and p.legal:
            return self.slot_rect(h, p.legal[0])
        if hid == "pick" and p.kind == "movement_turn" and s.selected is None:
            ids = [c["racer"] for c in p.legal if c.get("racer")]
            return h.piece_rect(ids[0]) if ids else None
        if hid == "ghost" and p.kind == "movement_turn" and s.selected is not None:
            return h.piece_rect(s.selected)
        if hid == "odds" and p.kind not in ("place_turn", "movement_turn", "scenery_turn") and s.buttons:
            return buttons
        return None

    def pieces(self, scene: Any) -> dict[str, tuple[Any, Any]]:
        racers = scene.session.state.racers
        return {rid: (pose, racers.get(rid)) for rid, pose in scene.anim.racers.items()}

    def slot_rect(self, h: Hints, c: Any) -> pygame.Rect | None:
        """The start slot a placement choice takes, on screen (None: out of view)."""
        st = h.scene.session.state
        x, y, _ = slots(st)[c["slot"]]
        return h.on_table(h.base_rect(x, y, st.racers[c["racer"]]))

    def clear(self, h: Hints, p: Any) -> list[pygame.Rect]:
        """The free start slots while a racer is being placed."""
        out = []
        if p is not None and p.kind == "place_turn":
            for c in p.legal:
                r = self.slot_rect(h, c)
                if r is not None:
                    out.append(r.inflate(8, 8))
        return out

    def aiming(self, scene: Any, p: Any) -> bool:
        return bool(getattr(scene, "selected", None))

    def ghost_points(self, ghost: Any) -> list[tuple[float, float]]:
        return list(ghost["points"]) if isinstance(ghost, dict) and ghost.get("points") else []


GUIDE = RaceGuide()
