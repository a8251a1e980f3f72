from game.compiled import activate, QUIET

_why = activate()  # the compiled build (build/fast, `make play` builds it) when it matches the sources
if _why and _why not in QUIET:
    import sys
    print(f"Wild Table runs pure Python: {_why} (`make play` or `make fast` rebuilds it)", file=sys.stderr)

from game.cli import main  # noqa: E402  (after the build is in place)

raise SystemExit(main())
