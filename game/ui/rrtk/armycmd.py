"""`army build` and `army check` (game.ui.rrtk.commands)."""

from __future__ import annotations

import argparse
from typing import Any


def add_parsers(sub: Any) -> None:
    """Added with the army files (next)."""


def run(args: argparse.Namespace) -> int:
    return 2
