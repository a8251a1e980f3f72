"""The arena's tally (issue 13): what every ruleset's arena counts of its races, so
each ruleset's arena hook (game/ui/<r>/commands.py) gives only what differs (how a
race is played, its words, whether a race can be drawn). Pure Python.

A result is (won, times): `won` True when agent a won, False when b did, None for a
draw; `times` each agent's decision times in seconds. The report: the win rate with
its 95% (Wilson) interval, the count per course and the decision times (mean, median,
95th percentile), as JSON or as lines."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, Sequence


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% (Wilson) interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    # rounded, and never excluding the observed rate (6 of 6 must give an upper bound of 1)
    return max(0.0, min(p, round(c - h, 12))), min(1.0, max(p, round(c + h, 12)))


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * len(ys)))]


@dataclass
class Tally:
    """Races between agents a and b, counted."""

    a: str
    b: str
    races: int
    seed: int
    a_wins: int = 0
    draws: int = 0
    times: dict[str, list[float]] = field(default_factory=dict)
    per_course: dict[str, list[int]] = field(default_factory=dict)  # name -> [a's wins, races, draws]

    @classmethod
    def of(cls, a: str, b: str, seed: int, results: Sequence[tuple[bool | None, dict[str, list[float]]]],
           courses: Sequence[str]) -> Tally:
        """The tally of the results, each raced on the course named alongside."""
        t = cls(a, b, len(results), seed, times={a: [], b: []})
        for (won, times), name in zip(results, courses):
            t.a_wins += won is True
            t.draws += won is None
            for k, v in times.items():
                t.times[k].extend(v)
            row = t.per_course.setdefault(name, [0, 0, 0])
            row[0] += won is True
            row[1] += 1
            row[2] += won is None
        return t

    def doc(self, draws: bool = False, **extra: Any) -> dict[str, Any]:
        """The JSON report (with `draws`: the draws, overall and per course), and `extra` fields."""
        lo, hi = wilson(self.a_wins, self.races)
        out: dict[str, Any] = {
            "a": self.a, "b": self.b, "races": self.races, "seed": self.seed, "a_wins": self.a_wins,
            "a_win_rate": self.a_wins / self.races, "a_win_ci": [lo, hi],
            "mean_decision_ms": {k: (1000 * sum(v) / len(v) if v else 0.0) for k, v in self.times.items()},
            "median_decision_ms": {k: 1000 * percentile(v, 0.5) for k, v in self.times.items()},
            "p95_decision_ms": {k: 1000 * percentile(v, 0.95) for k, v in self.times.items()},
            "courses": {name: {"races": n, "a_wins": w, **({"draws": d} if draws else {})}
                        for name, (w, n, d) in sorted(self.per_course.items())}}
        if draws:
            out["draws"] = self.draws
        out.update(extra)
        return out

    def lines(self, title: str = "", draws: bool = False) -> list[str]:
        """The report in words (`title` before the agents; with `draws`: how many drawn)."""
        doc = self.doc()
        lo, hi = doc["a_win_ci"]
        out = [f"{title}{self.a} vs {self.b}: {self.a} won {self.a_wins} of {self.races} "
               f"({100 * self.a_wins / self.races:.1f}%, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%)"
               + (f", {self.draws} drawn" if draws else "")]
        for name, (w, n, d) in sorted(self.per_course.items()):
            out.append(f"  {name}: {w} of {n}" + (f" ({d} drawn)" if d else ""))
        for k, mean in doc["mean_decision_ms"].items():
            out.append(f"  {k}: {mean:.3f} ms a decision (median {doc['median_decision_ms'][k]:.3f}, "
                       f"95th percentile {doc['p95_decision_ms'][k]:.3f})")
        return out

    def print(self, as_json: bool, doc: dict[str, Any], title: str = "", draws: bool = False) -> int:
        """Print the report (`doc` as JSON, or the lines); the exit code 0."""
        if as_json:
            print(json.dumps(doc, indent=2, sort_keys=True))
        else:
            print("\n".join(self.lines(title, draws)))
        return 0
