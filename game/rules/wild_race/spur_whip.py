"""Spur and Whip Phase (spec §8): Spur (once a turn), Whip a rival's rider (the Whip
chart) or any racer's mount (its owner rolls the Spur chart for it), Yah! and
Yeehaw!, Disaster! passing the whip on."""

from __future__ import annotations

from game.core.protocol import Choice
from game.rules.wild_race.kinds import Kind
from game.rules.wild_race import events as ev
from game.rules.wild_race.charts import SPUR, WHIP
from game.rules.wild_race.effects import forced, gain_favour, hit, lock, unbalanced
from game.rules.wild_race.engine import Ctx, Decision, auto, decision, roll
from game.rules.wild_race.geo import racer_shape, unit
from game.rules.wild_race.movement import _num, begin_move
from game.rules.wild_race.state import PHASE_LOCK, TURN_LOCK, RaceState, Racer, Step

WHIP_REACH = 1.0


def can_spur(r: Racer) -> bool:
    return r.racing and not r.locked and not r.spurred


def can_whip(state: RaceState, r: Racer) -> bool:
    return (r.racing and not r.locked and r.has_whip
            and (state.options.whips_per_turn == "unlimited" or r.whips_used == 0))


def whip_targets(state: RaceState, r: Racer) -> list[tuple[str, str]]:
    """(target, mode) pairs within 1": riders of rivals, mounts of anyone."""
    key = ("whip_targets", r.id, r.x, r.y, r.heading)
    return list(state.table.remember(key, lambda: _whip_targets(state, r)))


def _whip_targets(state: RaceState, r: Racer) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for _, oid in state.table.within(racer_shape(r), Kind.RACER, WHIP_REACH + 1e-9, {r.id}):
        o = state.racers[oid]
        if o.player != r.player:
            out.append((oid, "rider"))
        out.append((oid, "mount"))
    return out


class SpurWhipTurn(Decision):
    """A player's turn: each racer in turn spurs and/or whips, in the order chosen."""

    kind = "spur_whip_turn"

    @staticmethod
    def _actions(state: RaceState, r: Racer) -> bool:
        return can_spur(r) or (can_whip(state, r) and bool(whip_targets(state, r)))

    def _eff(self, state: RaceState, step: Step) -> Step:
        """A current racer with nothing left to do is done."""
        cur = step.get("current")
        if cur is not None and not self._actions(state, state.racers[cur]):
            return step.with_(current=None, done=tuple(step.get("done", ())) + (cur,))
        return step

    def _racers(self, state: RaceState, step: Step) -> list[Racer]:
        cur = step.get("current")
        if cur is not None:
            return [state.racers[cur]]
        return [r for r in state.racers_of(step["player"]) if r.id not in step.get("done", ())]

    def candidates(self, state: RaceState, step: Step) -> list[Choice]:
        step = self._eff(state, step)
        out: list[Choice] = []
        for r in self._racers(state, step):
            if can_spur(r):
                out.append(Choice.make("spur", racer=r.id))
            if can_whip(state, r):
                for t, mode in whip_targets(state, r):
                    out.append(Choice.make("whip", racer=r.id, target=t, mode=mode))
        if step.get("current") is not None:
            out.append(Choice.make("done", racer=step["current"]))
        out.append(Choice.make("pass"))
        return out

    def needed(self, state: RaceState, step: Step) -> bool:
        return any(c.kind in ("spur", "whip") for c in self.candidates(state, step))

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        st = ctx.state
        step = self._eff(st, step)
        if choice.kind == "pass":
            return
        rid = choice["racer"]
        if choice.kind == "done":
            ctx.push(step.with_(current=None, done=tuple(step.get("done", ())) + (rid,)))
            return
        r = st.racers[rid]
        nxt = step.with_(current=rid)
        if choice.kind == "spur":
            r.spurred = True
            ctx.emit(ev.Declared(rid, "spurs its mount", ""))
            ctx.push(spur_roll(r, None), nxt)
            return
        t = st.racers[choice["target"]]
        r.whips_used += 1
        if choice["mode"] == "rider":
            ctx.emit(ev.Declared(rid, "whips the rider of", t.id))
            ctx.push(roll("d6", r.id, r.player, "whip", Step.make("whip_result", whipper=r.id, target=t.id)), nxt)
        else:
            ctx.emit(ev.Declared(rid, "whips the mount of", t.id))
            ctx.push(spur_roll(t, r.id), nxt)


def spur_roll(r: Racer, whipper: str | None) -> Step:
    return roll("d6", r.id, r.player, "spur", Step.make("spur_result", racer=r.id, whipper=whipper))


@auto("spur_result", "racer", "value", "whipper")
def _spur_result(ctx: Ctx, step: Step) -> None:
    r = ctx.state.racers[step["racer"]]
    v = step["value"]
    ctx.emit(ev.ChartResult(r.id, "spur", v, SPUR[v]))
    if not r.racing:
        return
    if v == 1:
        ctx.push(unbalanced(r.id, None))
    elif v in (2, 3):
        lock(ctx, r, PHASE_LOCK)
    elif v in (4, 5):
        if not r.locked:
            ctx.push(Step.make("yah_move", racer=r.id))
    else:
        ux, uy = unit(r.heading)
        ctx.push(forced(r.id, ux, uy, 2.0, "yeehaw", None))


class YahMove(Decision):
    """Yah!: the racer may move up to 1" at once (straight ahead, or free by option)."""

    kind = "yah_move"

    def actor(self, state: RaceState, step: Step) -> str:
        return state.racers[step["racer"]].player

    def candidates(self, state: RaceState, step: Step) -> list[Choice]:
        return [Choice.make("yah", inches=1.0), Choice.make("yah", inches=0.5), Choice.make("yah", inches=0.0)]

    def check(self, state: RaceState, step: Step, choice: Choice) -> str | None:
        x = choice.get("inches")
        if choice.kind != "yah" or not _num(x) or not 0 <= x <= 1.0 + 1e-9:
            return "yah needs inches between 0 and 1"
        h = choice.get("heading")
        if h is not None:
            if state.options.yah_direction != "free":
                return "yah_direction is straight: no heading"
            if not _num(h):
                return "heading must be a number"
            if state.table.rotation_blocked(state.racers[step["racer"]], float(h)) is not None:
                return "that pivot would touch something"
        return None

    def apply(self, ctx: Ctx, step: Step, choice: Choice) -> None:
        r = ctx.state.racers[step["racer"]]
        d = float(choice["inches"])
        h = float(choice.get("heading", r.heading))
        if d > 0:
            begin_move(ctx, r, "yah", [(h, d)], True, d, 0, None)


@auto("whip_result", "target", "value", "whipper")
def _whip_result(ctx: Ctx, step: Step) -> None:
    st = ctx.state
    w = st.racers[step["whipper"]]
    t = st.racers[step["target"]]
    v = step["value"]
    ctx.emit(ev.ChartResult(w.id, "whip", v, WHIP[v]))
    if v == 1:  # Disaster!
        w.has_whip = False
        if t.racing:
            t.has_whip = True
        ctx.emit(ev.WhipTaken(w.id, t.id))
        lock(ctx, w, TURN_LOCK)
    elif v == 2:  # Tug of War!
        lock(ctx, w, PHASE_LOCK)
        ctx.push(unbalanced(w.id, None))
    elif v == 5:  # Stinger
        ctx.push(unbalanced(t.id, w.id))
    elif v == 6:  # Crack!
        gain_favour(ctx, w, "Crack!")
        ctx.push(hit(t.id, 3, w.id), unbalanced(t.id, w.id))


decision(SpurWhipTurn, "current", "done", "player")
decision(YahMove, "racer")
