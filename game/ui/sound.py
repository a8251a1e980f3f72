"""Sound effects made by code (numpy into pygame.sndarray): dice, hooves, a hit, the
finish. Silent when no audio device can be opened; volume from the settings."""

from __future__ import annotations

import math
from typing import Any

import pygame

RATE = 22050


class Sounds:
    def __init__(self, volume: float) -> None:
        self.volume = volume
        self.ok = False
        self.sounds: dict[str, Any] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            self.ok = pygame.mixer.get_init() is not None
        except pygame.error:
            self.ok = False
        if self.ok:
            try:
                self.sounds = self._make()
            except Exception:  # no numpy sound support: stay silent
                self.ok = False

    def _make(self) -> dict[str, Any]:
        import numpy as np
        rng = np.random.default_rng(7)
        channels = pygame.mixer.get_init()[2]

        def snd(wave: Any) -> Any:
            data = np.clip(wave * 32767, -32768, 32767).astype(np.int16)
            if channels > 1:
                data = np.repeat(data[:, None], channels, axis=1)
            return pygame.sndarray.make_sound(np.ascontiguousarray(data))

        def env(n: int, attack: float, decay: float) -> Any:
            t = np.arange(n) / RATE
            return np.minimum(1.0, t / max(attack, 1e-4)) * np.exp(-t / decay)

        out = {}
        # dice: a few clicks of filtered noise
        n = int(RATE * 0.35)
        wave = np.zeros(n)
        for k, at in enumerate((0.0, 0.07, 0.13, 0.2, 0.26)):
            i = int(at * RATE)
            m = int(RATE * 0.04)
            click = rng.standard_normal(m) * env(m, 0.001, 0.008) * (0.6 - 0.08 * k)
            wave[i:i + m] += click[: max(0, min(m, n - i))]
        out["dice"] = snd(wave * 0.5)
        # hooves: two low thumps
        n = int(RATE * 0.3)
        t = np.arange(n) / RATE
        thump = np.sin(2 * math.pi * 90 * t) * env(n, 0.002, 0.04)
        wave = thump + np.roll(thump, int(0.12 * RATE)) * 0.8
        out["hooves"] = snd(wave * 0.6)
        # hit: a dull thud with a crack
        n = int(RATE * 0.4)
        t = np.arange(n) / RATE
        wave = np.sin(2 * math.pi * 60 * t) * env(n, 0.001, 0.09) + rng.standard_normal(n) * env(n, 0.0005, 0.015) * 0.5
        out["hit"] = snd(wave * 0.7)
        # finish: a bright two-note chime
        n = int(RATE * 0.8)
        t = np.arange(n) / RATE
        wave = (np.sin(2 * math.pi * 880 * t) * env(n, 0.005, 0.25)
                + np.sin(2 * math.pi * 1320 * t) * env(n, 0.005, 0.35) * np.where(t > 0.12, 1.0, 0.0))
        out["finish"] = snd(wave * 0.35)
        return out

    def play(self, name: str) -> None:
        if not self.ok or self.volume <= 0:
            return
        s = self.sounds.get(name)
        if s is not None:
            s.set_volume(self.volume)
            s.play()

    def on_event(self, e: Any) -> None:
        k = e.kind
        if k == "RollMade":
            self.play("dice")
        elif k == "Moved" and e.how in ("move", "start", "overtake", "jump", "barge", "yeehaw", "yah"):
            self.play("hooves")
        elif k in ("HitTaken",) and e.wounded or k == "EdgeHit":
            self.play("hit")
        elif k == "Finished":
            self.play("finish")
