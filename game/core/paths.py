"""The per-user data folder and the folders under it that the game writes (saves,
the autosave, replays, a cache) and the settings file. It lives in the core so headless code
never imports the UI.

WILD_TABLE_HOME overrides the folder (tests, portable installs)."""

from __future__ import annotations

import os
import sys


def data_dir() -> str:
    """The per-user data folder (XDG on Linux, Application Support on macOS, AppData
    on Windows); WILD_TABLE_HOME overrides it."""
    env = os.environ.get("WILD_TABLE_HOME")
    if env:
        return env
    home = os.path.expanduser("~")
    if sys.platform == "darwin":
        return os.path.join(home, "Library", "Application Support", "WildTable")
    if os.name == "nt":
        return os.path.join(os.environ.get("APPDATA", home), "WildTable")
    return os.path.join(os.environ.get("XDG_DATA_HOME", os.path.join(home, ".local", "share")), "wild-table")


def saves_dir() -> str:
    """Where the player's own saves go (Ctrl+S)."""
    return os.path.join(data_dir(), "saves")


def autosave_dir() -> str:
    """The autosave (autosave.json and its .bak)."""
    return os.path.join(data_dir(), "autosave")


def cache_dir() -> str:
    """What the game can make again but keeps to start faster (the menu's background)."""
    return os.path.join(data_dir(), "cache")


def replays_dir() -> str:
    """A replay of every finished game."""
    return os.path.join(data_dir(), "replays")
