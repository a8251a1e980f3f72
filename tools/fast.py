"""The optional compiled build (mypyc) of the hot modules: the table kernels, the
centre-line progress, the protocol and the rules engines (the Wild Race and the
Doomwheel Race: its events, options and scenario reader stay pure Python).

    python tools/fast.py build            # compile in place (make fast)
    python tools/fast.py test [pytest args]  # compile a copy in a temp folder and run the
                                           # suite there (make test-fast; CI does it)

The compiled pass leaves out the tests of the window (drawing, scenes, the editor,
mypy): that code is never compiled, the engine they drive is tested by the rest, and
they ran a minute and a half of CI's second pass for nothing new. FAST_ALL=1 runs
them too.

The pure-Python modules stay the reference and the default install; a compiled
module shadows its .py, so tests/test_fast_build.py fails if one is older than its
source (rebuild with `make fast`, remove with `make clean-fast`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# tests of code that is never compiled (the window, the editor, typing): run once, pure
WINDOW_TESTS = [
    "test_ui.py", "test_doom_ui.py", "test_doom_ui_ghost.py", "test_doom_ui_words.py", "test_doom_ui_polish.py",
    "test_editor.py", "test_editor_doom.py", "test_save_ui.py", "test_replay_ui.py", "test_load_scroll.py",
    "test_race_ui_polish.py", "test_race_over_pause.py", "test_art.py", "test_course_view.py", "test_report.py",
    "test_typing.py",
]
MODULES = [
    "game/table/geometry.py", "game/table/table.py", "game/core/polyline.py", "game/core/protocol.py",
    "game/core/step.py", "game/core/machine.py", "game/core/chance.py", "game/core/angles.py",
    "game/table/shapes.py", "game/table/distance.py", "game/table/sweep.py", "game/table/rotation.py",
    "game/table/approach.py", "game/table/sides.py", "game/table/sight.py", "game/table/areas.py",
    "game/table/group.py",
    "game/rules/wild_race/state.py", "game/rules/wild_race/geo.py", "game/rules/wild_race/engine.py",
    "game/rules/wild_race/effects.py", "game/rules/wild_race/movement.py", "game/rules/wild_race/move_turn.py", "game/rules/wild_race/spur_whip.py",
    "game/rules/wild_race/barge.py", "game/rules/wild_race/scenery.py", "game/rules/wild_race/flow.py",
    "game/rules/doomwheel/state.py", "game/rules/doomwheel/charts.py", "game/rules/doomwheel/geo.py",
    "game/rules/doomwheel/engine.py", "game/rules/doomwheel/movement.py", "game/rules/doomwheel/ram.py",
    "game/rules/doomwheel/sabotage.py", "game/rules/doomwheel/shooting.py", "game/rules/doomwheel/critters.py",
]


def compile_in(folder: str) -> int:
    return subprocess.run([sys.executable, "-m", "mypyc", *MODULES], cwd=folder).returncode


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "build"
    if cmd == "build":
        return compile_in(ROOT)
    if cmd != "test":
        print("usage: tools/fast.py build | test [pytest args]", file=sys.stderr)
        return 2
    tmp = tempfile.mkdtemp(prefix="wt-fast-")
    try:
        for part in ("game", "levels", "assets", "tests", "docs", "tools"):
            shutil.copytree(os.path.join(ROOT, part), os.path.join(tmp, part),
                            ignore=shutil.ignore_patterns("__pycache__", "*.so", "golden_out"))
        for f in ("pyproject.toml", "README.md", "Makefile"):
            shutil.copy(os.path.join(ROOT, f), tmp)
        rc = compile_in(tmp)
        if rc != 0:
            print("tools/fast.py: the mypyc build failed (is a C compiler installed?)", file=sys.stderr)
            return rc
        env = dict(os.environ, PYTHONPATH=tmp)
        code = "import game.rules.wild_race.engine as e, sys; sys.exit(0 if e.__file__.endswith('.so') else 1)"
        if subprocess.run([sys.executable, "-c", code], cwd=tmp, env=env).returncode != 0:
            print("tools/fast.py: the compiled modules did not load", file=sys.stderr)
            return 1
        skip = [] if os.environ.get("FAST_ALL") else [f"--ignore=tests/{t}" for t in WINDOW_TESTS]
        return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *skip, *argv[1:]],
                              cwd=tmp, env=env).returncode
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
