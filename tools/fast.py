"""The compiled build (mypyc) of the hot modules: the table kernels, the
centre-line progress, the protocol and the rules engines (the Wild Race and the
Doomwheel Race: its events, options and scenario reader stay pure Python).

    python tools/fast.py ensure           # build/fast/ if missing or stale (make play); never fails
    python tools/fast.py build            # rebuild build/fast/ now (make fast)
    python tools/fast.py test [pytest args]  # compile a copy in a temp folder and run the
                                           # suite there (make test-fast; CI does it)

The build goes into build/fast/, never next to the sources: the work tree stays pure
Python (`make test` tests it), and `python -m game` uses the build only while its
stamp matches the sources (game/compiled.py), so a compiled module older than its .py
is never imported. It is rebuilt only when a compiled module's source (or the Python)
changes; a build that failed for these sources is not retried by `ensure` (`make fast`
retries). No C compiler, no mypyc, a build error or a module that will not load: the
game runs pure Python, and `ensure` says so in one line.

Building: mypyc type-checks and writes one C file per module (one core), then the C
files are compiled side by side on every core, with a progress line.

The compiled pass leaves out the tests of the window (drawing, scenes, the editor,
mypy): that code is never compiled, the engine they drive is tested by the rest, and
they ran a minute and a half of CI's second pass for nothing new. FAST_ALL=1 runs
them too.
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from game import compiled  # noqa: E402  (stdlib only: the stamp and the hash)

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


def say(line: str) -> None:
    print(f"compiled build: {line}", flush=True)


def jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def why_cannot_build() -> str:
    """"" when mypyc and a C compiler are there; else what is missing."""
    try:
        import mypyc.build  # noqa: F401
        import setuptools  # type: ignore[import-untyped]  # noqa: F401
    except ImportError as e:
        return f"mypyc is not installed ({e.name})"
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    if not cc or shutil.which(cc[0]) is None:
        return "no C compiler"
    return ""


# --------------------------------------------------------------------------- the compiler process

def _compile_here(n_jobs: int) -> int:
    """Run in the folder holding a copy of the sources: mypyc writes the C (one file
    per module), then the C files are compiled n_jobs at a time. Prints
    `@progress done total` lines for the parent."""
    import threading
    from concurrent.futures import ThreadPoolExecutor
    from setuptools import setup  # type: ignore[import-untyped]
    from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped]
    from mypyc.build import mypycify

    exts = mypycify(list(MODULES), opt_level="3", multi_file=True)
    total = sum(len(e.sources) for e in exts)
    done = [0]
    lock = threading.Lock()
    print(f"@progress 0 {total}", flush=True)

    class ParallelBuildExt(build_ext):  # type: ignore[misc]
        def build_extension(self, ext: Any) -> None:
            one = getattr(self, "_one_compile", None) or self.compiler.compile
            self._one_compile = one  # the compiler's own compile, wrapped once for every extension

            def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
                def compile_one(src: str) -> list[str]:
                    objs: list[str] = one([src], *args, **kwargs)
                    with lock:
                        done[0] += 1
                        print(f"@progress {done[0]} {total}", flush=True)
                    return objs
                with ThreadPoolExecutor(n_jobs) as pool:
                    return [o for objs in pool.map(compile_one, sources) for o in objs]
            self.compiler.compile = compile_all
            super().build_extension(ext)

    setup(name="wild_table_compiled", ext_modules=exts, cmdclass={"build_ext": ParallelBuildExt},
          script_args=["-q", "build_ext", "--inplace"])
    return 0


def compile_in(folder: str, log: Any = None, progress: bool = True) -> int:
    """Compile MODULES in place in `folder` (a copy of the project). Shows a progress
    line (C files done of total, elapsed); the compiler's own output goes to `log`
    (default: this process's stderr)."""
    t0 = time.monotonic()
    env = dict(os.environ, PYTHONPATH=folder)
    proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "_compile", str(jobs())], cwd=folder,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    assert proc.stdout is not None
    tty = progress and sys.stdout.isatty()
    if progress:
        say(f"{len(MODULES)} modules: type-checking and writing C (one core) ...")
    shown = -1
    for line in proc.stdout:
        if line.startswith("@progress "):
            k, n = (int(x) for x in line.split()[1:3])
            if progress and (tty or k == 0 or k == n or k * 4 // n != shown * 4 // n):
                text = f"compiled build: compiling C on {jobs()} cores: {k} of {n} files, {time.monotonic() - t0:.0f} s"
                print(("\r" + text) if tty else text, end="" if tty and k < n else "\n", flush=True)
                shown = k
            continue
        (log or sys.stderr).write(line)
    return proc.wait()


# --------------------------------------------------------------------------- build/fast

def _copy_sources(dest: str) -> None:
    """The game's Python files into dest/game (mypyc needs the whole package to
    type-check the modules it compiles); files unchanged keep their times, so mypy's
    cache in dest stays good."""
    src_game = os.path.join(ROOT, "game")
    keep = set()
    for dirpath, dirnames, filenames in os.walk(src_game):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        rel = os.path.relpath(dirpath, ROOT)
        os.makedirs(os.path.join(dest, rel), exist_ok=True)
        for fn in filenames:
            if fn.endswith((".py", ".pyi", ".typed")):
                target = os.path.join(dest, rel, fn)
                keep.add(target)
                src = os.path.join(dirpath, fn)
                if not (os.path.exists(target) and os.path.getmtime(target) == os.path.getmtime(src)
                        and os.path.getsize(target) == os.path.getsize(src)):
                    shutil.copy2(src, target)
    for dirpath, _, filenames in os.walk(os.path.join(dest, "game")):
        for fn in filenames:
            path = os.path.join(dirpath, fn)
            if path not in keep:
                os.remove(path)


def _built(work: str) -> list[str]:
    """The compiled files a build left in its work folder: one per module under game/,
    and the shared library at the top (not setuptools' copies under build/)."""
    return (glob.glob(os.path.join(work, "*.so")) + glob.glob(os.path.join(work, "*.pyd"))
            + glob.glob(os.path.join(work, "game", "**", "*.so"), recursive=True)
            + glob.glob(os.path.join(work, "game", "**", "*.pyd"), recursive=True))


def _write_stamp(stamp: dict[str, Any]) -> None:
    tmp = os.path.join(compiled.BUILD, compiled.STAMP + ".tmp")
    with open(tmp, "w") as f:
        json.dump(stamp, f, indent=1, sort_keys=True)
    os.replace(tmp, os.path.join(compiled.BUILD, compiled.STAMP))


def _verify(lib_files: dict[str, str]) -> str:
    """"" if every compiled module of the new build imports from it (in a fresh
    process, as the game would load it); else why not."""
    names = sorted(n for n in lib_files if n.startswith("game."))
    code = ("import os, importlib; from game import compiled; why = compiled.activate(); assert not why, why; "
            f"names = {names!r}; build = os.environ[compiled.ENV_BUILD]; "
            "bad = [n for n in names if not importlib.import_module(n).__file__.startswith(build)]; "
            "assert not bad, 'not compiled: ' + ', '.join(bad)")
    env = {k: v for k, v in os.environ.items() if k != compiled.ENV_PURE}
    env[compiled.ENV_BUILD] = compiled.BUILD
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env)
    if r.returncode != 0:
        lines = (r.stderr or r.stdout).strip().splitlines()
        return lines[-1] if lines else f"exit code {r.returncode}"
    return ""


def build() -> int:
    """Build build/fast/ now. 0 when the build is in place and loads; 1 when not (the
    game then runs pure Python)."""
    why = why_cannot_build()
    if why:
        say(f"{why}; the game runs pure Python")
        return 1
    remove_in_tree()
    t0 = time.monotonic()
    os.makedirs(compiled.BUILD, exist_ok=True)
    try:
        os.remove(os.path.join(compiled.BUILD, compiled.STAMP))  # from here on a crash leaves no usable build
    except FileNotFoundError:
        pass
    digest = compiled.source_hash(MODULES)
    work = os.path.join(compiled.BUILD, "work")
    _copy_sources(work)
    for so in _built(work):
        os.remove(so)
    log_path = os.path.join(compiled.BUILD, "build.log")
    with open(log_path, "w") as log:
        rc = compile_in(work, log)
    stamp: dict[str, Any] = {"ok": False, "hash": digest, "sources": list(MODULES)}
    if rc != 0:
        stamp["why"] = f"the build failed (exit code {rc}; build/fast/build.log)"
    else:
        lib = os.path.join(compiled.BUILD, "lib-" + digest[:12])
        shutil.rmtree(lib, ignore_errors=True)
        files = {}
        for so in _built(work):
            rel = os.path.relpath(so, work)
            name = rel.split(".")[0].replace(os.sep, ".")
            os.makedirs(os.path.dirname(os.path.join(lib, rel)), exist_ok=True)
            shutil.copy2(so, os.path.join(lib, rel))
            files[name] = os.path.relpath(os.path.join(lib, rel), compiled.BUILD)
        stamp.update(files=files, seconds=round(time.monotonic() - t0, 1), jobs=jobs())
        missing = [m for m in MODULES if m[:-3].replace("/", ".") not in files]
        if missing:
            stamp["why"] = f"the build made no module for {missing[0]}"
        else:
            stamp["ok"] = True
            _write_stamp(stamp)
            why = _verify(files)
            if why:
                stamp.update(ok=False, why=f"the built modules did not load ({why})")
        for old in glob.glob(os.path.join(compiled.BUILD, "lib-*")):  # earlier builds (a running game keeps its open files)
            if old != lib:
                shutil.rmtree(old, ignore_errors=True)
    _write_stamp(stamp)
    if not stamp["ok"]:
        say(f"{stamp['why']}; the game runs pure Python")
        return 1
    say(f"done in {stamp['seconds']:.0f} s ({len(MODULES)} modules); `make play` uses it")
    return 0


def remove_in_tree() -> None:
    """Compiled files an earlier `make fast` left next to the sources would shadow them
    (an extension module wins over its .py): the work tree stays pure."""
    left = (glob.glob(os.path.join(ROOT, "*__mypyc*.so")) + glob.glob(os.path.join(ROOT, "*__mypyc*.pyd"))
            + glob.glob(os.path.join(ROOT, "game", "**", "*.so"), recursive=True)
            + glob.glob(os.path.join(ROOT, "game", "**", "*.pyd"), recursive=True))
    for path in left:
        os.remove(path)
    if left:
        say(f"removed {len(left)} compiled files an earlier build left beside the sources (it now lives in build/fast/)")


def ensure() -> int:
    """make play: build when there is no build for these sources; say in one line when
    the game will run pure Python. Always 0 (the game starts either way)."""
    remove_in_tree()
    if os.environ.get(compiled.ENV_PURE, "") not in ("", "0"):
        return 0
    stamp = compiled.read_stamp()
    try:
        digest = compiled.source_hash(MODULES)
    except OSError as e:
        say(f"cannot read the sources ({e}); the game runs pure Python")
        return 0
    if stamp is not None and stamp.get("hash") == digest and stamp.get("sources") == list(MODULES):
        if stamp.get("ok"):
            files, why = compiled.check()
            if files is not None:
                return 0  # up to date: nothing to do, nothing to say
        else:
            say(f"{stamp.get('why', 'the last build failed')}; the game runs pure Python (`make fast` tries again)")
            return 0
    why = why_cannot_build()
    if why:
        say(f"{why}; the game runs pure Python")
        return 0
    say("building once (again only when a compiled module changes)")
    try:
        build()
    except Exception as e:  # noqa: BLE001 - the game must start anyway
        say(f"the build failed ({type(e).__name__}: {e}); the game runs pure Python")
    return 0


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "build"
    if cmd == "_compile":
        return _compile_here(int(argv[1]) if len(argv) > 1 else jobs())
    if cmd == "build":
        return build()
    if cmd == "ensure":
        return ensure()
    if cmd != "test":
        print("usage: tools/fast.py ensure | build | test [pytest args]", file=sys.stderr)
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
