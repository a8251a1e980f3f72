"""The arena acceptance runs of issue 4: head-to-head 2-player races on every shipped
course (seats swapped in pairs on the same dice), written to docs/arena-results.json
for docs/performance.md (tools/bench.py renders it).

    python tools/arena_runs.py [--races 200] [--jobs 2] [--seed 1] [--only hard-normal]

Long: the hard agent plays ~48 playouts per decision. Not a test (CI never runs it).
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

MATCHES = (  # (a, b, goal)
    ("normal", "random", ">= 90%"),
    ("easy", "random", ">= 70%"),
    ("hard", "normal", ">= 70%"),
    ("normal", "greedy", "(for reference)"),
    ("normal", "easy", "(for reference)"),
)


def run(a: str, b: str, races: int, seed: int, jobs: int) -> dict:  # type: ignore[type-arg]
    from game.cli import main
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(["arena", "--a", a, "--b", b, "--races", str(races), "--seed", str(seed), "--jobs", str(jobs),
                     "--json"])
    if code != 0:
        raise SystemExit(f"arena {a} vs {b} failed ({code})")
    return json.loads(buf.getvalue())  # type: ignore[no-any-return]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--races", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", action="append", default=[], help="a-b, e.g. hard-normal (repeatable)")
    args = ap.parse_args()
    path = os.path.join(ROOT, "docs", "arena-results.json")
    doc = {"runs": []}
    if os.path.exists(path):
        with open(path) as f:
            doc = json.load(f)
    keep = {(r["a"], r["b"]): r for r in doc.get("runs", [])}
    for a, b, goal in MATCHES:
        if args.only and f"{a}-{b}" not in args.only:
            continue
        r = run(a, b, args.races, args.seed, args.jobs)
        r["goal"] = goal
        keep[(a, b)] = r
        print(f"{a} vs {b}: {100 * r['a_win_rate']:.1f}% "
              f"({100 * r['a_win_ci'][0]:.1f}-{100 * r['a_win_ci'][1]:.1f}%) goal {goal}", flush=True)
        doc = {"date": datetime.date.today().isoformat(),
               "runs": [keep[(x, y)] for x, y, _ in MATCHES if (x, y) in keep]}
        with open(path + ".tmp", "w") as f:
            json.dump(doc, f, indent=2, sort_keys=True)
            f.write("\n")
        os.replace(path + ".tmp", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
