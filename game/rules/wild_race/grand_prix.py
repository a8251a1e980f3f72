"""Grand Prix series (spec §13): points 15-12-10-9-8-7-6-5-4-3-2 for places 1-11, the
last-placed racer and casualties 0, team totals, +10 for the racer(s) that took the
most lives over the series, casualties race again, favour carried only with
`gp_carry_favour: yes`."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.wild_race.charts import GP_POINTS
from game.rules.wild_race.state import RaceState

BONUS = 10


def race_points(state: RaceState, order: list[str]) -> dict[str, int]:
    pts: dict[str, int] = {}
    last = order[-1] if order else None
    for i, rid in enumerate(order):
        r = state.racers[rid]
        if rid == last or r.status == "casualty" or i >= len(GP_POINTS):
            pts[rid] = 0
        else:
            pts[rid] = GP_POINTS[i]
    return pts


@dataclass
class Standings:
    points: dict[str, int] = field(default_factory=dict)  # racer -> points
    lives_taken: dict[str, int] = field(default_factory=dict)
    owner: dict[str, str] = field(default_factory=dict)  # racer -> player
    races: int = 0

    def add_race(self, state: RaceState, order: list[str]) -> dict[str, int]:
        pts = race_points(state, order)
        for rid, p in pts.items():
            self.points[rid] = self.points.get(rid, 0) + p
            self.lives_taken[rid] = self.lives_taken.get(rid, 0) + state.racers[rid].lives_taken
            self.owner[rid] = state.racers[rid].player
        self.races += 1
        return pts

    def bonus_racers(self) -> list[str]:
        top = max(self.lives_taken.values(), default=0)
        if top <= 0:
            return []
        return sorted(r for r, n in self.lives_taken.items() if n == top)

    def totals(self) -> dict[str, int]:
        bonus = set(self.bonus_racers())
        return {r: p + (BONUS if r in bonus else 0) for r, p in self.points.items()}

    def team_totals(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for r, p in self.totals().items():
            out[self.owner[r]] = out.get(self.owner[r], 0) + p
        return out
