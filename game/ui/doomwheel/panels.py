"""The Doomwheel Race's panels, drawn into cached surfaces (CONTRACTS §8): the
roster (per wheel: wounds of its maximum, sabotage points left, the bolt thrower
loaded or reloading, lap and next checkpoint, ram effects, destroyed) and the help
overlay (controls, the slave table, the ram table). The banner, dice tray and log
are the Wild Race's (game/ui/panels.py)."""

from __future__ import annotations

from typing import Any

import pygame

from game.rules.doomwheel import charts
from game.ui import art
from game.ui.doomwheel import art as doom_art
from game.ui.doomwheel import words as doom_words
from game.ui.panels import DIM, GOLD, INK, RED, DiceTray, _panel

GREEN = (150, 220, 120)


class TrayRoll:
    """A roll as the dice tray shows it, worded by doom_words.Narrator.tray: the
    saboteur's sabotage on the wheel slid, a direction as degrees and a compass word
    (no die box), the score a shot needs to hit."""

    __slots__ = ("for_whom", "reason", "result", "faces", "favour", "event")

    def __init__(self, for_whom: str, reason: str, result: Any, faces: tuple[int, ...], event: Any) -> None:
        self.for_whom, self.reason, self.result, self.faces, self.favour, self.event = \
            for_whom, reason, result, faces, None, event


class DoomDiceTray(DiceTray):
    """The Wild Race's dice tray (game/ui/panels.py), fed the Doomwheel's own words."""

    def __init__(self, narrator: Any) -> None:
        super().__init__()
        self.narrator = narrator

    def add(self, roll: Any) -> None:
        if getattr(roll, "kind", "") == "RollMade":
            who, why, result, faces = self.narrator.tray(roll)
            roll = TrayRoll(who, why, result, faces, roll)
        super().add(roll)


class DoomRoster:
    @property
    def font(self) -> pygame.font.Font:
        return art.font(13, bold=True)

    @property
    def small(self) -> pygame.font.Font:
        return art.font(12)

    def __init__(self, colours: dict[str, int], colour_blind: bool, names: dict[str, str]) -> None:
        self.colours = colours
        self.colour_blind = colour_blind
        self.names = names
        self._key: Any = None
        self._surf: pygame.Surface | None = None
        self.compact = False  # two lines a wheel (small windows)

    @staticmethod
    def sheet(state: Any, w: Any) -> tuple[Any, ...]:
        return (w.id, w.wounds, w.max_wounds, w.sabotage, w.fired_turn, w.laps, w.next_cp, w.status, w.ram_effect,
                w.ram_effect_turn, state.turn, state.active, state.winner)

    def height(self, n: int) -> int:
        return 30 + n * ((2 if self.compact else 3) * self.small.get_linesize() + 8)

    def draw(self, target: pygame.Surface, rect: pygame.Rect, state: Any, active: str | None) -> None:
        key = (rect.size, tuple(self.sheet(state, w) for w in state.wheels.values()), active, art.UI_SCALE[0],
               self.compact)
        if key != self._key:
            self._surf = self._render(rect, state, active)
            self._key = key
        assert self._surf is not None
        target.blit(self._surf, rect)

    def _render(self, rect: pygame.Rect, state: Any, active: str | None) -> pygame.Surface:
        s = _panel(rect.w, rect.h)
        line = self.small.get_linesize()
        y = 8
        s.blit(self.small.render("wheels: wounds, sabotage, bolt thrower, laps", True, DIM), (10, y))
        y += line + 4
        rows = 2 if self.compact else 3
        for i, w in enumerate(state.wheels.values()):
            if y + rows * line > rect.h:
                break
            idx = self.colours.get(w.player, i)
            col = art.player_colour(idx, self.colour_blind)
            icon = doom_art.wheel_sprite(col, idx, 10.0, w.length, w.width, wrecked=not w.running)
            s.blit(icon, (8, y + 4))
            if (w.player == active or w.id == state.active) and w.running:
                pygame.draw.rect(s, GOLD, pygame.Rect(4, y - 2, rect.w - 8, rows * line + 4), 1, border_radius=4)
            s.blit(self.font.render(self.names.get(w.player, w.id)[:14], True, INK if w.running else DIM), (54, y))
            self._wounds(s, rect.w - 112, y + 3, w.wounds, w.max_wounds)
            loaded = w.running and w.fired_turn != state.turn - 1
            if state.players.index(w.player) >= len(state.course.fans):
                bolt = "no bolt thrower"
            else:
                bolt = "bolt thrower loaded" if loaded else ("reloading" if w.running else "")
            notes = doom_words.roster_notes(state, w)
            colour = RED if (w.ram_effect or not w.running) else INK
            if self.compact:
                text = f"sab {w.sabotage}, {'loaded' if loaded else 'reloading'}, " + ", ".join(notes)
                s.blit(self.small.render(text[:52], True, colour), (54, y + line))
            else:
                s.blit(self.small.render(f"sabotage {w.sabotage}", True, INK if w.sabotage else DIM), (54, y + line))
                s.blit(self.small.render(bolt, True, GREEN if loaded else DIM), (140, y + line))
                s.blit(self.small.render(", ".join(notes)[:46], True, colour), (54, y + 2 * line))
            y += rows * line + 8
        return s

    @staticmethod
    def _wounds(s: pygame.Surface, x: int, y: int, wounds: int, most: int) -> None:
        """Wounds as pips out of the wheel's starting wounds, and the number."""
        for i in range(max(most, wounds)):
            col = (214, 64, 58) if i < wounds else (90, 74, 60)
            pygame.draw.rect(s, col, pygame.Rect(x + i * 14, y, 11, 11), border_radius=3)
            pygame.draw.rect(s, (30, 20, 16), pygame.Rect(x + i * 14, y, 11, 11), 1, border_radius=3)
        f = art.font(11, bold=True)
        s.blit(f.render(f"{wounds}/{most}", True, INK), (x + max(most, wounds) * 14 + 2, y - 2))


HELP_KEYS = [
    ("mouse over the table", "aim the move the lap's way (the arrows): it ends at the pointer, or runs on past it"),
    ("", "the arrow in your colour: the next checkpoint; a move turns back only for a pointer well behind"),
    ("click / Enter", "go (or drag from your wheel and let go)"),
    ("Q / E", "Schwenk 5° more left / right (with Shift: 1°)"),
    ("[ / ], drag the diamond", "Schwenk half an inch earlier / later (the diamond: where it starts)"),
    ("Z", "no Schwenk: straight ahead"),
    (", / .", "shorter / longer (move_distance: up_to)"),
    ("1-5, click the table", "sabotage points, then the direction"),
    ("right-drag, WASD, wheel", "pan (the camera stays until L or the next turn), zoom; F fit, L follow"),
    ("Space, Tab, K", "pause, speed x1/x4, skip to the end (spectating)"),
    ("Ctrl+S, Ctrl+O", "save the game, load a game (it also autosaves every turn)"),
    ("U", "take back your choices since the last die (house rule: take-backs)"),
    ("H, Esc", "this help, pause menu"),
    ("M, drag the log's top edge", "a taller log; the wheel over it scrolls back"),
]


def draw_help(surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((10, 8, 6, 215))
    surface.blit(shade, (0, 0))
    big, f, small = art.font(22, bold=True), art.font(14, bold=True), art.font(13)
    x, y = 60, 40
    surface.blit(big.render("The Doomwheel Race: controls and tables (H closes)", True, GOLD), (x, y))
    y += 44
    for k, v in HELP_KEYS:
        surface.blit(f.render(k, True, INK), (x, y))
        surface.blit(small.render(v, True, INK), (x + 230, y + 1))
        y += 24
    y += 16
    surface.blit(f.render("Slave table (D6)", True, GOLD), (x, y))
    surface.blit(f.render("Ram table (D6)", True, GOLD), (x + 420, y))
    y += 26
    slave = {"tangled": "tangled: 2D6\" in a random direction", "rat_food": "rat food: +1 wound",
             "defect": "defect: -1 wound", "slip": "slip: 2D6\" straight ahead if you like"}
    ram = {"toppled": "toppled: no move, D3 S5 hits", "breakdown": "breakdown: no move",
           "out_of_control": "out of control: 3D6\" at random"}
    for face in range(1, 7):
        surface.blit(small.render(f"{face}: {slave[charts.SLAVE_TABLE[face]]}", True, INK), (x, y))
        surface.blit(small.render(f"{face}: {ram[charts.RAM_TABLE[face]]}", True, INK), (x + 420, y))
        y += 21
    y += 12
    lines = ["Ramming: D6 1-2 the rammer is affected, 3-6 the rammed wheel (shoved aside).",
             f"Fanatic or Dammaz-Drengi run over: {doom_words.hit_odds()}. Slave: the slave table.",
             "Bolt thrower: 48\" range, BS3 (4+, 5+ beyond 24\", -1 soft / -2 hard cover, 7+: a 6 then 4+), "
             "S6 wounds on 4+, D3 wounds, no save; not two turns running."]
    for t in lines:
        surface.blit(small.render(t, True, DIM), (x, y))
        y += 21
