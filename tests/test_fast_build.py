"""The optional mypyc build (`make fast`) never shadows newer sources."""

import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_no_stale_compiled_module() -> None:
    stale = []
    for so in ROOT.glob("game/**/*.so"):
        src = so.parent / (so.name.split(".")[0] + ".py")
        if src.exists() and src.stat().st_mtime > so.stat().st_mtime:
            stale.append(str(so.relative_to(ROOT)))
    assert not stale, f"compiled modules older than their source: {stale}; run `make fast` or `make clean-fast`"
