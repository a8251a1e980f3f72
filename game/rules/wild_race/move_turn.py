"""The Movement Phase decisions (spec §7): a player's turn to move one of their
racers, the check of a move as typed, and what to do when a move stops short at a
contact (stamina segments or end here). The move itself is resolved in movement.py."""

from __future__ import annotations

from game.core.protocol import Choice
from game.rules.wild_race.engine import Ctx, Decision, decision
from game.rules.wild_race.geo import angle_diff, norm_heading
from game.rules.wild_race.movement import (
    _commit, _num, _pivot, allowance, begin_move, can_move, finish_heading, legs_arg, parse_legs, stamina_points)
from game.rules.wild_race.state import RaceState, Racer, Step


class MovementTurn(Decision):
    """A player's turn in the Movement Phase: move one of their racers (all in turn)."""

    kind = "movement_turn"

    def needed(self, state: RaceState, step: Step) -> bool:
        return any(can_move(state, r) for r in state.racers_of(step["player"]))

    def candidates(self, state: RaceState, step: Step) -> list[Choice]:
        """Per racer: the full allowance along the course direction and 20/40 degrees
        either side, standing still, and a dash for the line with stamina when it is
        within reach (any other move is legal too)."""
        out: list[Choice] = []
        geo = state.table
        for r in state.racers_of(step["player"]):
            if not can_move(state, r):
                continue
            a = round(allowance(r), 6)
            fh = finish_heading(state, r)
            for dh in (0.0, -20.0, 20.0, -40.0, 40.0):
                h = round(norm_heading(fh + dh), 6)
                if geo.rotation_blocked(r, h) is not None:
                    continue
                for d in ((a,) if a > 0 else ()):
                    # built with its arguments already in sorted order (a hot path)
                    out.append(Choice("move", (("distance", d), ("end_heading", h), ("heading", h),
                                               ("racer", r.id))))
            out.append(Choice("move", (("distance", 0.0), ("heading", round(r.heading, 6)), ("racer", r.id))))
            to_go = state.course.finish_progress - r.progress
            if a < to_go <= a + r.stamina and geo.rotation_blocked(r, round(fh, 6)) is None:
                # within reach of the line with stamina: a dash for the finish
                d = round(min(a + r.stamina, to_go + 1.0), 6)
                out.append(Choice.make("move", racer=r.id, heading=round(fh, 6), distance=d,
                                       stamina=stamina_points(d - a), end_heading=round(fh, 6)))
        return out

    def check(self, state: RaceState, step: Step, choice: Choice) -> str | None:
        if choice.kind != "move":
            return "a move is pending (kind 'move')"
        return check_move(state, step["player"], choice)

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        r = ctx.state.racers[choice["racer"]]
        r.moved = True
        legs = parse_legs(choice.get("legs"))
        assert isinstance(legs, list)
        heading = float(choice.get("heading", r.heading))
        d = float(choice.get("distance", 0.0))
        stamina = int(choice.get("stamina", stamina_needed(r, d, legs)))
        ctx.push(step)
        begin_move(ctx, r, "movement", [(heading, d)] + legs, True, allowance(r), stamina,
                   choice.get("end_heading"))


def stamina_needed(r: Racer, distance: float, legs: list[tuple[float, float]]) -> int:
    return stamina_points(max(0.0, distance - allowance(r)) + sum(d for _, d in legs))


def check_move(state: RaceState, player: str, c: Choice) -> str | None:
    rid = c.get("racer")
    r = state.racers.get(rid) if isinstance(rid, str) else None
    if r is None or r.player != player:
        return f"{rid!r} is not a racer of {player}"
    if not can_move(state, r):
        return f"{rid} cannot move now (moved, locked out or out of the race)"
    for key in ("heading", "distance", "end_heading"):
        if c.get(key) is not None and not _num(c.get(key)):
            return f"{key} must be a number"
    d = float(c.get("distance", 0.0))
    if not 0 <= d <= 100:
        return "distance must be 0-100 inches"
    if any(abs(float(c.get(k) or 0.0)) > 3600 for k in ("heading", "end_heading")):
        return "headings are degrees (-3600 to 3600)"
    legs = parse_legs(c.get("legs"))
    if isinstance(legs, str):
        return legs
    if legs and state.options.stamina_turns == "straight_only":
        return "stamina_turns is straight_only: no stamina segments"
    need = stamina_needed(r, d, legs)
    st = c.get("stamina", need)
    if not isinstance(st, int) or isinstance(st, bool) or st < need or st > r.stamina:
        return f"stamina must be a whole number from {need} to {r.stamina} for this move"
    if sum(x for _, x in legs) > st + 1e-9:
        return "stamina segments are longer than the stamina spent"
    if d > allowance(r) + st - sum(x for _, x in legs) + 1e-9:
        return f"the straight line is longer than {allowance(r):g}\" plus stamina"
    geo = state.table
    h = c.get("heading")
    if h is not None and geo.pivot_pose(r, float(h)) is None:
        return "the pivot at the start would touch something"
    return None


class ContinueMove(Decision):
    """The move stopped short at a contact: spend stamina on further segments, or end
    it here (with a final facing)."""

    kind = "continue_move"

    def actor(self, state: RaceState, step: Step) -> str:
        return state.racers[step["racer"]].player

    def needed(self, state: RaceState, step: Step) -> bool:
        r = state.racers[step["racer"]]
        return state.move is not None and r.racing and not r.locked

    def candidates(self, state: RaceState, step: Step) -> list[Choice]:
        r = state.racers[step["racer"]]
        fh = finish_heading(state, r)
        out = [Choice.make("end_move")]
        if abs(angle_diff(fh, r.heading)) > 1e-6 and state.table.pivot_pose(r, fh) is not None:
            out.append(Choice.make("end_move", heading=round(fh, 6)))
        m = state.move
        if m is None or state.options.stamina_turns == "straight_only":
            return out
        avail = r.stamina - m.stamina_committed + m.stamina_left
        for dh in (-45.0, 45.0, -90.0, 90.0):
            h = norm_heading(fh + dh)
            for d in (1.0, 2.0, 3.0):
                if d <= avail:
                    c = Choice.make("stamina_legs", legs=legs_arg([(h, d)]), end_heading=round(fh, 6))
                    if self.check(state, step, c) is None:
                        out.append(c)
        return out

    def check(self, state: RaceState, step: Step, choice: Choice) -> str | None:
        r = state.racers[step["racer"]]
        m = state.move
        assert m is not None
        if choice.kind == "end_move":
            h = choice.get("heading")
            if h is not None and (not _num(h) or state.table.pivot_pose(r, float(h)) is None):
                return "that final pivot would touch something"
            return None
        if choice.kind != "stamina_legs":
            return "choose end_move or stamina_legs"
        if state.options.stamina_turns == "straight_only":
            return "stamina_turns is straight_only: no stamina segments"
        legs = parse_legs(choice.get("legs"))
        if isinstance(legs, str) or not legs:
            return legs if isinstance(legs, str) else "give at least one leg"
        total = sum(d for _, d in legs)
        avail = r.stamina - m.stamina_committed + m.stamina_left
        if total > avail + 1e-9:
            return f"only {avail:g}\" of stamina left"
        eh = choice.get("end_heading")
        if eh is not None and not _num(eh):
            return "end_heading must be a number"
        return None

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        m = ctx.state.move
        assert m is not None
        r = ctx.state.racers[step["racer"]]
        if choice.kind == "end_move":
            if choice.get("heading") is not None:
                _pivot(ctx, r, float(choice["heading"]))
            m.interrupted = True
            return
        legs = parse_legs(choice["legs"])
        assert isinstance(legs, list)
        total = sum(d for _, d in legs)
        extra = stamina_points(max(0.0, total - m.stamina_left - m.bonus_left))
        _commit(ctx, r, extra)
        m.legs = legs
        m.main = False
        m.interrupted = False
        m.end_heading = choice.get("end_heading")


decision(MovementTurn, "player")
decision(ContinueMove, "racer")
