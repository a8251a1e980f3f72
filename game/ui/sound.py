"""Sound effects made by code (numpy into pygame.sndarray): dice, hooves, a hit, the
finish; for the Doomwheel Race the grinding wheel, a critter crunched, the clang of a
ram, the bolt thrower's twang and the lap bell. Silent when no audio device can be
opened; volume from the settings."""

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
        # the Doomwheel: an iron wheel grinding round, rats squeaking inside
        n = int(RATE * 0.55)
        t = np.arange(n) / RATE
        saw = 2.0 * ((t * 38.0) % 1.0) - 1.0
        grind = np.convolve(rng.standard_normal(n), np.ones(12) / 12, mode="same")
        squeak = np.sin(2 * math.pi * (2600 + 900 * np.sin(2 * math.pi * 7 * t)) * t) * \
            np.where((t > 0.18) & (t < 0.27), 1.0, 0.0) * 0.15
        shape = np.minimum(1.0, t / 0.05) * np.minimum(1.0, (t[-1] - t) / 0.12)
        out["grind"] = snd((saw * 0.25 + grind * 1.2 + squeak) * shape * 0.5)
        # a critter run over: a short wet crunch falling in pitch
        n = int(RATE * 0.25)
        t = np.arange(n) / RATE
        wave = rng.standard_normal(n) * env(n, 0.001, 0.05) * 0.6 + \
            np.sin(2 * math.pi * (300 - 500 * t) * t) * env(n, 0.001, 0.06)
        out["crunch"] = snd(wave * 0.45)
        # a ram: iron on iron, inharmonic partials over a thud
        n = int(RATE * 0.9)
        t = np.arange(n) / RATE
        wave = np.sin(2 * math.pi * 55 * t) * env(n, 0.001, 0.12)
        for f, a, d in ((233.0, 0.5, 0.4), (377.0, 0.4, 0.3), (611.0, 0.3, 0.22), (987.0, 0.2, 0.15)):
            wave += np.sin(2 * math.pi * f * t) * env(n, 0.001, d) * a
        out["clang"] = snd(wave * 0.35)
        # the bolt thrower: a plucked cord and the bolt's whoosh
        n = int(RATE * 0.45)
        t = np.arange(n) / RATE
        wave = np.sin(2 * math.pi * (140 + 60 * np.exp(-t / 0.03)) * t) * env(n, 0.001, 0.12) + \
            np.convolve(rng.standard_normal(n), np.ones(4) / 4, mode="same") * env(n, 0.05, 0.1) * 0.4
        out["twang"] = snd(wave * 0.6)
        # a lap done: one bell stroke
        n = int(RATE * 0.9)
        t = np.arange(n) / RATE
        wave = np.sin(2 * math.pi * 660 * t) * env(n, 0.003, 0.35) + np.sin(2 * math.pi * 1650 * t) * env(n, 0.003, 0.12) * 0.3
        out["lap"] = snd(wave * 0.35)
        return out

    def play(self, name: str) -> None:
        if not self.ok or self.volume <= 0:
            return
        s = self.sounds.get(name)
        if s is not None:
            s.set_volume(self.volume)
            s.play()

    def on_event(self, e: Any) -> None:
        name = self.sound_for(e)
        if name:
            self.play(name)

    @staticmethod
    def sound_for(e: Any) -> str:
        """The sound an event makes ("" for none), for both rulesets."""
        k = e.kind
        if k == "DieThrown":
            return "dice"
        if k == "RollMade":
            return "twang" if e.reason == "to_hit" else "dice"
        if k == "Moved":
            return "hooves" if e.how in ("move", "start", "overtake", "jump", "barge", "yeehaw", "yah") else ""
        if k == "HitTaken":
            return "hit" if e.wounded else ""
        if k == "EdgeHit":
            return "hit"
        if k == "Finished":
            return "finish"
        # the Doomwheel Race
        if k == "WheelMoved":
            return "grind" if e.how != "shove" else ""
        if k == "RanOver":
            return "crunch"
        if k in ("Rammed", "WheelDestroyed"):
            return "clang"
        if k == "WoundsChanged":
            return "hit" if e.after < e.before else ""
        if k == "LapCompleted":
            return "lap"
        if k == "RaceOver":
            return "finish" if e.winner else ""
        return ""
