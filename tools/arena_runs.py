"""The arena acceptance runs of issue 4 (and issue 14's Doomwheel row): head-to-head
2-player races on every shipped course (seats swapped in pairs on the same dice),
written to docs/arena-results.json for docs/performance.md (tools/bench.py renders it).

    python tools/arena_runs.py [--races 200] [--jobs 2] [--seed 1] [--only hard-normal]
                               [--only doomwheel:hard-normal]

A Wild Race match is named a-b, a Doomwheel match doomwheel:a-b. Long: the Wild Race's
hard agent plays ~48 playouts per decision. Not a test (CI never runs it).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import io
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from game.compiled import activate  # noqa: E402  (stdlib only)

activate()  # the compiled build `make play` runs, as `python -m game arena` uses it (pure Python without one)

MATCHES = (  # (ruleset, a, b, goal, races: None for --races)
    ("wild-race", "normal", "random", ">= 90%", None),
    ("wild-race", "easy", "random", ">= 70%", None),
    ("wild-race", "hard", "normal", ">= 70%", None),
    ("wild-race", "normal", "greedy", "(for reference)", None),
    ("wild-race", "normal", "easy", "(for reference)", None),
    ("doomwheel", "hard", "normal", ">= 65%", 200),
)


def name_of(ruleset: str, a: str, b: str) -> str:
    """A match's name for --only: a-b for the Wild Race, doomwheel:a-b otherwise."""
    return f"{a}-{b}" if ruleset == "wild-race" else f"{ruleset}:{a}-{b}"


def key_of(run: dict) -> tuple[str, str, str]:  # type: ignore[type-arg]
    return run.get("ruleset", "wild-race"), run["a"], run["b"]


def run(ruleset: str, a: str, b: str, races: int, seed: int, jobs: int) -> dict:  # type: ignore[type-arg]
    from game.cli import main
    buf = io.StringIO()
    extra = [] if ruleset == "wild-race" else ["--ruleset", ruleset]
    with contextlib.redirect_stdout(buf):
        code = main(["arena", *extra, "--a", a, "--b", b, "--races", str(races), "--seed", str(seed),
                     "--jobs", str(jobs), "--json"])
    if code != 0:
        raise SystemExit(f"arena {a} vs {b} failed ({code})")
    return json.loads(buf.getvalue())  # type: ignore[no-any-return]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--races", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", action="append", default=[],
                    help="a-b or ruleset:a-b, e.g. hard-normal, doomwheel:hard-normal (repeatable)")
    args = ap.parse_args()
    path = os.path.join(ROOT, "docs", "arena-results.json")
    doc = {"runs": []}
    if os.path.exists(path):
        with open(path) as f:
            doc = json.load(f)
    keep = {key_of(r): r for r in doc.get("runs", [])}
    for ruleset, a, b, goal, races in MATCHES:
        if args.only and name_of(ruleset, a, b) not in args.only:
            continue
        r = run(ruleset, a, b, races or args.races, args.seed, args.jobs)
        r["goal"] = goal
        keep[(ruleset, a, b)] = r
        print(f"{name_of(ruleset, a, b)}: {100 * r['a_win_rate']:.1f}% "
              f"({100 * r['a_win_ci'][0]:.1f}-{100 * r['a_win_ci'][1]:.1f}%) goal {goal}", flush=True)
        doc = {"date": datetime.date.today().isoformat(),
               "runs": [keep[(q, x, y)] for q, x, y, _, _ in MATCHES if (q, x, y) in keep]}
        with open(path + ".tmp", "w") as f:
            json.dump(doc, f, indent=2, sort_keys=True)
            f.write("\n")
        os.replace(path + ".tmp", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
