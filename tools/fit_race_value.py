"""Does a position value fitted from simulated races beat the hard Wild Race agent's
hand-made estimate (hard.win_chance, where its playouts stop)? Plays `normal`
against `normal`, 2 players with one racer each, on every shipped course; at the
start of every Spur & Whip phase (where the playouts stop) each player's position is
described by a few features and labelled with whether that player went on to win;
a logistic regression without an intercept (the features are differences between
the two sides, so the two players' values add up to one) is fitted with numpy
(Newton's method, a little L2 toward the hand-made estimate).

    python tools/fit_race_value.py [--races 300] [--seed 1] [--out race_value.json]

The first feature is the logit of the hand-made estimate, so the fit can only
sharpen or flatten it and add what it misses (favour, stamina, lives, whip). Prints
the log loss of the hand-made estimate and of the fitted value on every fourth race
held out, and writes the weights. Measured 2026-12-02 (docs/ai.md): the fitted value
was no better held out, and no stronger in the arena, so the hard agent does not use
it; the weights are kept as a measurement, not shipped. Not a test; deterministic for
a seed.
"""

from __future__ import annotations

import argparse
import glob
import json
import math
import os
import sys
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


FEATURES = ("logit of the hand-made estimate", "favour points", "stamina", "on the last life", "lives", "whip")


def features(state: Any, me: str) -> list[float]:
    """What the fitted value looks at: the hand-made estimate's logit, then each side's
    best racer (the one nearest the finish), `me` less the best rival."""
    from game.ai.wild_race.hard import _phases_needed, win_chance
    p = min(max(win_chance(state, me), 1e-4), 1.0 - 1e-4)
    mine = [r for r in state.racers_of(me) if r.racing]
    theirs = [r for r in state.racers.values() if r.player != me and r.racing]
    if not mine or not theirs:
        return [math.log(p / (1.0 - p)), 0.0, 0.0, 0.0, 0.0, 0.0]
    a = min(mine, key=lambda r: _phases_needed(state, r))
    b = min(theirs, key=lambda r: _phases_needed(state, r))
    return [math.log(p / (1.0 - p)), float(min(a.favour, 3) - min(b.favour, 3)), float(a.stamina - b.stamina),
            float((a.lives <= 1) - (b.lives <= 1)), float(min(a.lives, 3) - min(b.lives, 3)),
            float(a.has_whip) - float(b.has_whip)]


def play(course: object, seed: int) -> tuple[list[tuple[list[float], list[float]]], str]:
    """One normal-vs-normal race: the features of (a, b) at each Spur & Whip start, and the winner."""
    from game.ai.agents import make_agent
    from game.core.driver import sample_chance
    from game.core.protocol import CHANCE, TERMINAL
    from game.rules.wild_race import RULESET, RaceSetup, new_state
    st = new_state(RaceSetup(course, (("a", "A"), ("b", "B")), 1, seed))
    agents = {"a": make_agent("normal", seed * 2 + 1), "b": make_agent("normal", seed * 2 + 2)}
    rows = []
    seen = -1
    while True:
        actor = RULESET.current_actor(st)
        if actor == TERMINAL:
            break
        if st.phase == "spur_whip" and st.turn != seen and not st.finish_order:
            seen = st.turn
            rows.append((features(st, "a"), features(st, "b")))
        if actor == CHANCE:
            RULESET.apply(st, sample_chance(RULESET, st))
            continue
        RULESET.apply(st, agents[actor].act(RULESET, st, RULESET.legal_choices(st)))
    winner = st.racers[st.finish_order[0]].player if st.finish_order else ""
    return rows, winner


def fit(x: "np.ndarray", y: "np.ndarray", l2: float = 1.0) -> "np.ndarray":  # type: ignore[name-defined]
    import numpy as np
    w = np.zeros(x.shape[1])
    w[0] = 1.0  # start from the hand-made estimate
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        g = x.T @ (p - y) + l2 * (w - np.eye(x.shape[1])[0])
        h = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(h, g)
        w -= step
        if float(np.abs(step).max()) < 1e-9:
            break
    return w


def log_loss(p: "np.ndarray", y: "np.ndarray") -> float:  # type: ignore[name-defined]
    import numpy as np
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> int:
    import numpy as np
    from game.levels.course import load_course
    ap = argparse.ArgumentParser()
    ap.add_argument("--races", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="race_value.json")
    args = ap.parse_args()
    if not 8 <= args.races <= 100_000:
        print(f"fit_race_value: --races: must be 8-100000 (got {args.races})", file=sys.stderr)
        return 2
    courses = [load_course(p) for p in sorted(glob.glob(os.path.join(ROOT, "levels", "wild_race", "*.json")))]
    train_x, train_y, test_x, test_y = [], [], [], []
    for i in range(args.races):
        rows, winner = play(courses[i % len(courses)], args.seed * 100003 + i)
        if not winner:
            continue
        xs, ys = (test_x, test_y) if i % 4 == 3 else (train_x, train_y)
        for fa, fb in rows:
            xs += [fa, fb]
            ys += [1.0 if winner == "a" else 0.0, 1.0 if winner == "b" else 0.0]
        if (i + 1) % 50 == 0:
            print(f"{i + 1} races, {len(train_y) + len(test_y)} positions", flush=True)
    x, y = np.array(train_x), np.array(train_y)
    w = fit(x, y)
    tx, ty = np.array(test_x), np.array(test_y)
    hand = log_loss(1 / (1 + np.exp(-tx[:, 0])), ty)
    fitted = log_loss(1 / (1 + np.exp(-tx @ w)), ty)
    print(f"held-out log loss: hand-made {hand:.4f}, fitted {fitted:.4f} ({len(ty)} positions)")
    doc = {"about": "a Wild Race position value: P(win) = 1/(1+exp(-sum(w*f))); made by tools/fit_race_value.py", "features": list(FEATURES),
           "weights": [round(float(v), 5) for v in w], "races": args.races, "seed": args.seed,
           "positions": len(y), "held_out_log_loss": {"hand": round(hand, 5), "fitted": round(fitted, 5)}}
    with open(args.out + ".tmp", "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
    os.replace(args.out + ".tmp", args.out)
    print(f"wrote {args.out}: " + ", ".join(f"{n} {v:+.3f}" for n, v in zip(FEATURES, w)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
