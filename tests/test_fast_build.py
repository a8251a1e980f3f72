"""No compiled module beside the sources shadows a newer .py (the compiled build now
lives in build/fast/, game/compiled.py; `make play` removes what an older `make fast`
left in the tree)."""

import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_no_stale_compiled_module() -> None:
    stale = []
    for so in ROOT.glob("game/**/*.so"):
        src = so.parent / (so.name.split(".")[0] + ".py")
        if src.exists() and src.stat().st_mtime > so.stat().st_mtime:
            stale.append(str(so.relative_to(ROOT)))
    assert not stale, f"compiled modules older than their source: {stale}; run `make clean-fast`"
