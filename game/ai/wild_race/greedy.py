"""The simple greedy agent for the Wild Race: a full move toward the finish along the
line that gets furthest, jumps and overtakes when it can, spurs, whips rivals'
riders, barges only when favour tilts the roll-off, re-rolls bad rolls with favour.
Deterministic given its seed (ties broken by its own generator)."""

from __future__ import annotations

import random
from typing import Any

from game.core.protocol import Choice, Ruleset
from game.rules.wild_race.kinds import Kind

BAD_LOW = {"jump", "overtake", "spur", "whip", "barge", "unbalanced"}


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, ruleset: Ruleset, state: Any, legal: list[Choice]) -> Choice:
        kinds = {c.kind for c in legal}
        top = state.stack[-1]
        k = top.kind
        if k == "favour_offer":
            return self._favour(top, legal)
        if k == "group_roll":
            return self._group_favour(state, top, legal)
        if "move" in kinds:
            moves = [c for c in legal if c.kind == "move"]
            far: dict[str, float] = {}
            for c in moves:
                far[c["racer"]] = max(far.get(c["racer"], 0.0), c.get("distance", 0.0))
            full = [c for c in moves if c.get("distance", 0.0) >= far[c["racer"]]]
            return self._best_move(state, full or moves)
        for pref in ("jump", "commit_stamina", "contact_barge", "free_move", "surprise", "dodge", "recycle"):
            for c in legal:
                if c.kind == pref:
                    return c
        if k == "extend":
            return max(legal, key=lambda c: c.get("inches", 0.0))
        if k == "yah_move":
            return max(legal, key=lambda c: c.get("inches", 0.0))
        if k == "continue_move":
            with_heading = [c for c in legal if c.kind == "end_move" and c.get("heading") is not None]
            return with_heading[0] if with_heading else legal[0]
        if k == "spur_whip_turn":
            for c in legal:
                if c.kind == "spur":
                    return c
            for c in legal:
                if c.kind == "whip" and c["mode"] == "rider":
                    return c
            for c in legal:
                if c.kind == "done":
                    return c
            return Choice.make("pass")
        if k == "barge_turn":
            return self._barge(state, legal)
        for c in legal:
            if c.kind in ("pass", "keep", "take", "stay", "stop"):
                return c
        return legal[0]

    def _favour(self, top: Any, legal: list[Choice]) -> Choice:
        reason = top["roll"]["reason"]
        v = top["value"]
        kinds = {c.kind: c for c in legal}
        if reason in BAD_LOW and v <= 2:
            return kinds["reroll"]
        if reason == "strength_hit":
            s = top["roll"]["then"]["strength"]
            if v == s - 1 and "favour_plus" in kinds:
                return kinds["favour_plus"]
            if v < s - 1:
                return kinds["reroll"]
        return kinds["keep"]

    def _group_favour(self, state: Any, top: Any, legal: list[Choice]) -> Choice:
        vals = dict(top["values"])
        me = top["asking"]
        others = [v for m, v in vals.items() if m != me]
        if top["what"] == "rolloff" and others and vals[me] <= max(others):
            want = max(others) + (1 if me == top["stage"][0] else 0)
            for c in legal:
                if c.kind == "favour_plus" and vals[me] + 1 >= want:
                    return c
            for c in legal:
                if c.kind == "reroll" and vals[me] <= 3:
                    return c
        return legal[0]

    def _best_move(self, state: Any, moves: list[Choice]) -> Choice:
        from game.rules.wild_race.geo import MOVE_KINDS, geo_of, racer_shape, unit
        from game.table.geometry import make_rect

        best, best_score = moves[0], -1e18
        course = state.course
        geo = geo_of(state)
        for c in moves:
            r = state.racers[c["racer"]]
            h, d = c.get("heading", r.heading), c.get("distance", 0.0)
            ux, uy = unit(h)
            shape = make_rect(r.x, r.y, h, r.length, r.width)
            hit = geo.first_contact(shape, ux * d, uy * d, MOVE_KINDS, {r.id}) if d > 0 else None
            t = d
            if hit is not None and hit.kind in (Kind.EDGE, Kind.LARGE) or (
                    hit is not None and hit.kind == Kind.RACER and state.racers[hit.other].player == r.player):
                t = hit.dist
            score = course.progress(r.x + ux * t, r.y + uy * t, r.progress) - r.progress
            if hit is not None and hit.kind == Kind.FINISH:
                score += 1000.0
            score += self.rng.random() * 1e-6
            if score > best_score:
                best, best_score = c, score
        _ = racer_shape
        return best

    def _barge(self, state: Any, legal: list[Choice]) -> Choice:
        for c in legal:
            if c.kind == "barge":
                a, t = state.racers[c["racer"]], state.racers[c["target"]]
                if a.favour > 0 and not a.favour_used and not (t.favour > 0 and not t.favour_used):
                    return c
        return Choice.make("pass")
