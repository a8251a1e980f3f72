"""Golden playthroughs: write tests/golden/wild-race-<seed>.txt, one block per step
(state summary, number of legal choices, the choice, the events). A test replays the
same seeds and diffs, so any change in the rules' behaviour shows as a readable diff.

    python tools/golden.py            # rewrite the golden files after an intended change
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from game.levels.course import load_course  # noqa: E402
from game.core.driver import sample_chance  # noqa: E402
from game.core.protocol import CHANCE, TERMINAL  # noqa: E402
from game.rules.wild_race import RULESET, RaceSetup, new_state  # noqa: E402
from game.sim import make_agents  # noqa: E402

SEEDS = (1, 2)
GOLDEN = os.path.join(ROOT, "tests", "golden")


def _f(v: float) -> str:
    return f"{v:.3f}"


def transcript(seed: int) -> str:
    course = load_course(os.path.join(ROOT, "levels", "wild_race", "sample_sprint.json"))
    players = (("red", "Red"), ("blue", "Blue"))
    st = new_state(RaceSetup(course, players, 2, seed))
    agents = make_agents("greedy", ["red", "blue"], seed)
    out = [f"# wild-race seed {seed}: 2 players x 2 racers, greedy agents, sample sprint"]
    n = 0
    while True:
        actor = RULESET.current_actor(st)
        if actor == TERMINAL:
            break
        n += 1
        racers = " ".join(f"{r.id}({_f(r.x)},{_f(r.y)},{r.heading:.1f} L{r.lives} F{r.favour} S{r.stamina})"
                          for r in st.racers.values() if r.racing)
        if actor == CHANCE:
            choice = sample_chance(RULESET, st)
            head = f"{n} T{st.turn} {st.phase} chance"
        else:
            legal = RULESET.legal_choices(st)
            choice = agents[actor].act(RULESET, st, legal)
            head = f"{n} T{st.turn} {st.phase} {actor} [{len(legal)} legal]"
        out.append(f"{head}: {choice}")
        out.append(f"  state {racers}")
        for e in RULESET.apply(st, choice):
            out.append(f"  - {e.text()}")
    out.append(f"result {RULESET.outcome(st)['order']}")
    return "\n".join(out) + "\n"


def main() -> int:
    os.makedirs(GOLDEN, exist_ok=True)
    for seed in SEEDS:
        with open(os.path.join(GOLDEN, f"wild-race-{seed}.txt"), "w") as f:
            f.write(transcript(seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
