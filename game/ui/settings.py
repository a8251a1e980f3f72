"""Player settings, saved as JSON in the per-user data folder (atomic writes through
the project's one JSON loader and writer). No pygame."""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field

from game.core.errors import BadInput
from game.core.paths import data_dir
from game.core.jsonload import Obj, load_json_file, save_json_file

FORMAT = 1


@dataclass
class Settings:
    ui_scale: float = 1.0
    fullscreen: bool = False
    animation_speed: float = 1.0
    volume: float = 0.7
    colour_blind: bool = False
    auto_keep_favour: list[str] = field(default_factory=list)  # player names who never want favour prompts
    grid: bool = False
    hints: bool = True  # first-game hints (game/ui/hints.py)
    hints_seen: list[str] = field(default_factory=list)  # the hints already shown, never again

    def path(self) -> str:
        return os.path.join(data_dir(), "settings.json")

    def save(self) -> None:
        os.makedirs(data_dir(), exist_ok=True)
        save_json_file(self.path(), {"format": FORMAT, **asdict(self)})


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and a one-line reason if the file is bad."""
    s = Settings()
    path = s.path()
    if not os.path.exists(path):
        return s, None
    try:
        o = Obj.root(load_json_file(path), path)
        o.format_version(FORMAT, what="settings")
        s.ui_scale = o.num("ui_scale", lo=0.5, hi=3.0, default=1.0)
        s.fullscreen = o.boolean("fullscreen", default=False)
        s.animation_speed = o.num("animation_speed", lo=0.1, hi=10.0, default=1.0)
        s.volume = o.num("volume", lo=0.0, hi=1.0, default=0.7)
        s.colour_blind = o.boolean("colour_blind", default=False)
        s.grid = o.boolean("grid", default=False)
        s.hints = o.boolean("hints", default=True)
        h = o.maybe("hints_seen")
        s.hints_seen = [x.string(max_len=40) for x in h.lst(max_len=64)] if h else []
        v = o.maybe("auto_keep_favour")
        s.auto_keep_favour = [x.string(max_len=60) for x in v.lst(max_len=64)] if v else []
        o.done()
    except BadInput as e:
        return Settings(), e.line()
    return s, None

