"""The Doomwheel Race's first-game hints (game.ui.hints): its hints in the order they
may show and where each points (its window part "hints": GUIDE)."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.hints import DICE, Hint, HintGuide, Hints

HINTS = [
    Hint("doom_drive", "Drive rolls 3D6: your wheel must go that far this turn. Repair stays put and "
                       "regains D3 wounds instead."),
    Hint("doom_aim", "Aim with the pointer: the ghost shows the whole path, what it runs over and the "
                     "inches. Q / E swing the Schwenk; click or Enter to go."),
    Hint("doom_sabotage", "Sabotage: pick an enemy wheel and how many points, then click the table for the "
                          "way it slides. Pass keeps your points."),
    DICE,
]


class DoomGuide(HintGuide):
    hints = HINTS

    def target(self, h: Hints, hid: str, p: Any, buttons: pygame.Rect) -> pygame.Rect | None:
        if hid == "doom_drive" and p.kind == "activate":
            return buttons
        if hid == "doom_aim" and p.kind == "plan":
            return h.piece_rect(str(h.scene.session.state.stack[-1].get("wheel")))
        if hid == "doom_sabotage" and p.kind == "sabotage":
            return buttons
        return None

    def pieces(self, scene: Any) -> dict[str, tuple[Any, Any]]:
        wheels = scene.session.state.wheels
        return {wid: (pose, wheels.get(wid)) for wid, pose in scene.anim.wheels.items()}

    def clear(self, h: Hints, p: Any) -> list[pygame.Rect]:
        """The critters."""
        cam = h.scene.view.camera
        out = []
        for x, y in h.scene.anim.critters.values():
            cx, cy = cam.to_screen(x, y)
            out.append(pygame.Rect(round(cx) - 12, round(cy) - 12, 24, 24))
        return out

    def aiming(self, scene: Any, p: Any) -> bool:
        return p is not None and p.kind == "plan"

    def ghost_points(self, ghost: Any) -> list[tuple[float, float]]:
        if not isinstance(ghost, dict):
            return []
        legs = getattr(ghost.get("preview"), "legs", None) or []
        return [(leg.x0, leg.y0) for leg in legs] + [(leg.x1, leg.y1) for leg in legs]


GUIDE = DoomGuide()
