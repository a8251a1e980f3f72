"""game/core and game/rules never import pygame or pymunk (ARCHITECTURE: layers)."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
BAD = re.compile(r"^\s*(import|from)\s+(pygame|pymunk)\b", re.M)


def test_core_and_rules_do_not_import_pygame_or_pymunk() -> None:
    offenders = [str(p.relative_to(ROOT)) for d in ("game/core", "game/rules", "game/table/geometry.py",
                                                    "game/table/table.py")
                 for p in ([ROOT / d] if d.endswith(".py") else sorted((ROOT / d).rglob("*.py")))
                 if BAD.search(p.read_text())]
    assert offenders == []


def test_headless_run_never_imports_pymunk_or_pygame() -> None:
    import subprocess
    import sys
    code = ("import sys, game.cli; game.cli.main(['simulate', 'wild-race', '--players', '2', "
            "'--racers-per-player', '1', '--seed', '3']);"
            "print('LOADED', 'pymunk' in sys.modules, 'pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert "LOADED False False" in out.stdout
