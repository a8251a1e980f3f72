"""Playtest fixes in the Doomwheel window: every bolt thrower modifier given with its
reason (long range, soft or hard cover, from the engine's own numbers) on the
button, the ghost and the log; each shot's outcome in the log (hits, misses, fails
to wound, D3 wounds); sabotage dice worded from the saboteur's side in the log and
the dice tray (the engine rolls them against the wheel slid); a rolled direction as
degrees and a compass word (no die box); repair at full wounds says it gains
nothing; the move ghost's words say what the engine's preview draws (a Schwenk cut
short by the edge and which corner meets it, a stop before the Schwenk, with the
diamond where the wheel stops); the results' place, icon and name apart."""

from __future__ import annotations

import math
import os
import pathlib
import random
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")

from game.levels.course import load_course  # noqa: E402
from game.core.driver import sample_chance  # noqa: E402
from game.core.events import RollMade  # noqa: E402
from game.core.protocol import CHANCE, TERMINAL, Choice  # noqa: E402
from game.rules.doomwheel import RULESET, DoomSetup, new_state, shooting  # noqa: E402
from game.ui.doomwheel import words  # noqa: E402
from game.ui.session import Chosen  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIGURE_8 = ROOT / "levels" / "doomwheel" / "figure_of_eight.json"
NAMES = {"red": "Red", "blue": "Blue"}


def _fresh(seed: int = 0):  # type: ignore[no-untyped-def]
    st = new_state(DoomSetup(load_course(str(FIGURE_8)), tuple(NAMES.items()), seed))
    while RULESET.current_actor(st) == CHANCE:
        RULESET.apply(st, sample_chance(RULESET, st))
    return st


def _to_decision(kind: str, seed: int):  # type: ignore[no-untyped-def]
    """Random play (always driving) until a `kind` decision."""
    st = _fresh(seed)
    rng = random.Random(seed)
    for _ in range(20000):
        actor = RULESET.current_actor(st)
        assert actor != TERMINAL
        if actor == CHANCE:
            RULESET.apply(st, sample_chance(RULESET, st))
            continue
        top = st.stack[-1]
        legal = RULESET.legal_choices(st)
        if top.kind == kind and any(c.kind not in ("pass", "hold") for c in legal):
            return st
        drive = [c for c in legal if c.kind in ("drive", "hold", "pass")]
        RULESET.apply(st, drive[0] if drive else rng.choice(legal))
    raise AssertionError(f"no {kind} decision")


def _roll(st, *values: int) -> list:  # type: ignore[no-untyped-def]
    out = []
    for v in values:
        assert RULESET.current_actor(st) == CHANCE
        out += RULESET.apply(st, Choice.make("roll", value=v))
    return out


# --- 1. the bolt thrower's modifiers, each with its reason --------------------------------

def _place(st, wid: str, x: float, y: float) -> None:  # type: ignore[no-untyped-def]
    w = st.wheels[wid]
    w.x, w.y = x, y


def test_shot_button_and_odds_give_the_reason_for_every_modifier() -> None:
    st = _fresh()
    spot = shooting.machine(st, "red")
    hay = next(o for o in st.course.obstacles if o.cover == "soft")
    dx, dy = hay.x - spot[0], hay.y - spot[1]
    d = math.hypot(dx, dy)
    ux, uy = dx / d, dy / d
    cases = {}
    for far in (15.0, 30.0):  # behind the hay bale: soft cover; then long range too
        _place(st, "blue", spot[0] + ux * far, spot[1] + uy * far)
        t = st.wheels["blue"]
        assert shooting.cover(st, spot, t) == -1  # the engine says: soft cover
        cases[far] = (shooting.to_hit_needed(st, spot, t), words.shot_button(st, "red", "blue", NAMES),
                      words.shot_odds(st, "red", "blue"))
    need, (text, tip), odds = cases[15.0]
    assert need == 5 and "hit 5+" in text and "soft cover -1" in text and "long" not in text, text
    assert "soft cover -1" in tip and "hit 5+" in tip and "wound 4+" in tip, tip
    need, (text, tip), odds = cases[30.0]
    assert need == 6 and "hit 6+" in text and "long -1" in text and "soft cover -1" in text, text
    assert "long range (beyond 24\") -1" in odds and "soft cover -1" in odds, odds
    # in the open at short range: 4+, and it says why there is no modifier
    _place(st, "blue", spot[0] - ux * 10.0, spot[1] - uy * 10.0)
    assert shooting.cover(st, spot, st.wheels["blue"]) == 0
    text, _ = words.shot_button(st, "red", "blue", NAMES)
    assert "hit 4+ (short range)" in text, text
    # hard cover: the engine's -2 (a course that marks the bale hard), and 7+ as "6 then 4+"
    import dataclasses

    from game.rules.doomwheel.geo import geo_of
    geo = geo_of(st)
    saved = list(geo.cover)
    try:
        geo.cover[:] = [(-2, shape) for _, shape in saved]
        _place(st, "blue", spot[0] + ux * 30.0, spot[1] + uy * 30.0)
        f = words.shot_facts(st, "red", "blue")
        assert f is not None and f["need"] == 7 and f["cover"] == -2
        text, tip = words.shot_button(st, "red", "blue", NAMES)
        assert "hit 6 then 4+" in text and "hard cover -2" in text and "long -1" in text, text
    finally:
        geo.cover[:] = saved
    assert dataclasses  # (used above)


# --- 3. every shot's outcome in the log --------------------------------------------------

def _shot_lines(st, values: tuple[int, ...]) -> tuple[list[str], dict]:  # type: ignore[no-untyped-def]
    st = RULESET.clone(st)
    shooter = st.stack[-1]["wheel"]
    c = next(c for c in RULESET.legal_choices(st) if c.kind == "shoot")
    narrator = words.Narrator(NAMES, st)
    chosen = Chosen(shooter, c)
    narrator.prepare([chosen], st)
    facts = words.shot_facts(st, shooter, str(c["target"]))
    events = [chosen] + list(RULESET.apply(st, c))
    for v in values:
        if RULESET.current_actor(st) != CHANCE or st.stack[-1]["reason"] not in (
                "to_hit", "to_hit_7_plus", "bolt_to_wound", "bolt_wounds"):
            break
        events += RULESET.apply(st, Choice.make("roll", value=v))
    return [t for t in (narrator.line(e) for e in events) if t], facts


def test_every_shot_outcome_is_in_the_log() -> None:
    st = _to_decision("shoot", 1)
    shooter = st.stack[-1]["wheel"]
    target = next(c["target"] for c in RULESET.legal_choices(st) if c.kind == "shoot")
    s, t = NAMES[shooter], NAMES[target]
    lines, f = _shot_lines(st, (1,))
    need = f["need"]
    where = words.shot_where(f)
    assert lines == [f"{s}'s bolt thrower shoots at {t} ({where}): needs {words.need_text(need)}, rolls 1 — misses"]
    assert (f"{f['distance']:.0f}\"") in where
    if need <= 6:
        lines, _ = _shot_lines(st, (need - 1,) if need > 2 else (1,))
        assert lines[-1].endswith("— misses"), lines
    lines, _ = _shot_lines(st, (6, 6, 3) if need >= 7 else (6, 3))
    assert any(line.endswith("— hits!") for line in lines), lines
    assert lines[-1] == f"{s}'s bolt hits {t}: wounds on 4+, rolls 3 — fails to wound", lines
    lines, _ = _shot_lines(st, (6, 6, 5, 2) if need >= 7 else (6, 5, 2))
    assert f"{s}'s bolt hits {t}: wounds on 4+, rolls 5 — wounds! (D3 wounds)" in lines, lines
    assert f"{s}'s bolt: D3 = 2 wounds on {t}" in lines, lines


def test_shot_is_worded_from_where_the_target_stood_when_it_was_made() -> None:
    """The log catches up later: a target that has moved on since is measured where
    it was (the start of its first move after the shot)."""
    from game.rules.doomwheel.events import WheelMoved
    st = _fresh()
    spot = shooting.machine(st, "red")
    then = (spot[0] + 10.0, spot[1] - 3.0, 90.0)
    shot = Chosen("red", Choice.make("shoot", target="blue"))
    _place(st, "blue", spot[0] + 30.0, spot[1] - 3.0)  # where it is now, after its later move
    moved = WheelMoved("blue", "tangled", then[0], then[1], spot[0] + 30.0, spot[1] - 3.0, 90.0)
    narrator = words.Narrator(NAMES, st)
    narrator.prepare([shot, moved], st)
    narrator.line(shot)
    f = narrator.shot
    assert f is not None and f["distance"] < 12.0 and not f["long"], f
    assert words.shot_facts(st, "red", "blue")["long"]  # (measured now it would be long range)


# --- 2. sabotage from the saboteur's side --------------------------------------------------

def test_sabotage_dice_are_worded_from_the_saboteurs_side() -> None:
    st = _to_decision("sabotage", 2)
    me = st.stack[-1]["wheel"]
    other = next(w for w in st.wheels if w != me)
    c = Choice.make("sabotage", target=other, points=2, heading=0.0)
    narrator = words.Narrator(NAMES, st)
    from game.ui.doomwheel.panels import DoomDiceTray
    tray = DoomDiceTray(narrator)
    events = [Chosen(me, c)] + list(RULESET.apply(st, c)) + _roll(st, 3, 2)
    rolls = [e for e in events if e.kind == "RollMade" and e.reason == "sabotage"]
    assert len(rolls) == 1 and rolls[0].for_whom == other  # the engine's record: against the wheel slid
    lines = []
    for e in events:
        lines.append(narrator.line(e))
        if e.kind == "RollMade":
            tray.add(e)
    assert f"{NAMES[me]}'s sabotage on {NAMES[other]}: 2D3 = 3 + 2 = 5\"" in lines, lines
    assert not any(line.startswith(f"{NAMES[other]} rolls") for line in lines), lines
    shown = tray.rolls[0]
    assert (shown.for_whom, shown.reason, shown.result, shown.faces) == \
        (f"{NAMES[me]}'s sabotage on {NAMES[other]}", "2D3", "5\"", (3, 2))
    # without the choice (a replay's log): at least not the target "rolling for sabotage"
    assert words.log_line(rolls[0], NAMES) == f"Sabotage on {NAMES[other]}: 2D3 = 3, 2 = 5\""


def test_per_point_sabotage_counts_the_points() -> None:
    narrator = words.Narrator(NAMES)
    narrator.line(Chosen("blue", Choice.make("sabotage", target="red", headings=[0.0, 90.0])))
    lines = [narrator.line(RollMade("red", "red", "sabotage", "d3", (v,), v)) for v in (1, 3)]
    assert lines == ["Blue's sabotage on Red (point 1 of 2): D3 = 1\"",
                     "Blue's sabotage on Red (point 2 of 2): D3 = 3\""]


# --- 8. a direction is degrees, not a die face ------------------------------------------------

def test_direction_roll_shows_degrees_and_a_compass_word_without_a_die_box() -> None:
    from game.ui.doomwheel.panels import DoomDiceTray
    narrator = words.Narrator(NAMES)
    tray = DoomDiceTray(narrator)
    e = RollMade("red", "red", "direction", "d360", (264,), 264)
    assert narrator.line(e) == "Red rolls a random direction: 264° (south)"
    tray.add(e)
    r = tray.rolls[0]
    assert r.faces == () and r.result == "264° (south)" and r.for_whom == "Red", (r.faces, r.result)


# --- 4. the start grid in words ------------------------------------------------------------

def test_start_grid_places_are_worded_not_coordinates() -> None:
    st = new_state(DoomSetup(load_course(str(FIGURE_8)), tuple(NAMES.items()), 0))
    events = []
    while RULESET.current_actor(st) == CHANCE:
        events += RULESET.apply(st, sample_chance(RULESET, st))
    narrator = words.Narrator(NAMES, st)
    lines = [narrator.line(e) for e in events if e.kind == "WheelPlaced"]
    assert len(lines) == 2 and "place 1 of 2" in lines[0] and "left-hand" in lines[0]
    assert "place 2 of 2" in lines[1] and "right-hand" in lines[1]
    assert not any(re.search(r"\(-?\d+\.?\d*, -?\d", line) for line in lines), lines


# --- 5. repair at full wounds -----------------------------------------------------------------

def test_repair_at_full_wounds_says_it_gains_nothing() -> None:
    st = _fresh()
    w = st.wheels[st.stack[-1]["wheel"]]
    assert w.wounds == w.max_wounds
    assert words.describe(st, Choice.make("repair"), "activate", NAMES) == words.REPAIR_FULL
    assert RULESET.is_legal(st, Choice.make("repair")) is None  # still legal
    w.wounds -= 2
    assert words.describe(st, Choice.make("repair"), "activate", NAMES) == "Repair: regain D3 wounds"


# --- 6. the move ghost's words say what the engine's preview draws ---------------------------

def _plan_scene(app, seed: int = 0, dice: tuple[int, ...] = (6, 6, 6)):  # type: ignore[no-untyped-def]
    """A race scene at a plan decision with a known roll (two human seats)."""
    from game.ui.doomwheel.scenes.race import DoomRaceScene
    from game.ui.session import Seat, Session
    st = _fresh(seed)
    RULESET.apply(st, Choice.make("drive"))
    _roll(st, *dice)
    assert st.stack[-1].kind == "plan"
    session = Session(st, {p: Seat(p, n, "human", i) for i, (p, n) in enumerate(NAMES.items())})
    scene = DoomRaceScene(app, session, {p: i for i, p in enumerate(NAMES)}, lambda s: None)
    app.replace(scene)
    for _ in range(5):
        app.frame(1 / 60)
    assert scene._human() is not None and scene._human().kind == "plan"
    return scene


def _ghost_for(app, scene, at: float, angle: float):  # type: ignore[no-untyped-def]
    scene.at, scene.angle = at, angle
    scene._by_hand()
    app.frame(1 / 60)
    return scene.ghost()


def test_move_ghost_label_says_the_schwenk_the_edge_cuts_short(app) -> None:  # type: ignore[no-untyped-def]
    """Seed 0: Red on the right-hand place. A left Schwenk swings its rear-right corner
    into the edge: the engine turns it 22° and the move ends; the label says so (it
    said "Schwenk 90° left ... then 14.9\" straight")."""
    scene = _plan_scene(app)
    w = scene.session.state.wheels[scene.session.state.stack[-1]["wheel"]]
    assert w.id == "red"
    gh = _ghost_for(app, scene, 0.0, 90.0)
    pv = gh["preview"]
    turned = sum(leg.h1 - leg.h0 for leg in pv.legs if leg.kind == "turn")
    assert 1.0 < turned < 89.0 and pv.stopped_by.startswith("edge")  # the engine's outcome
    label = gh["label"]
    assert "Schwenk 90° left" in label and "planned" in label, label
    assert f"turns only {abs(turned):.0f}° of 90°" in label and "rear-right corner swings into the track edge" \
        in label, label
    pygame.image.save(app.screen, str(pathlib.Path(os.environ.get("DOOMFIX_SHOTS", "/tmp")) / "polish_left90.png"))


def test_move_ghost_stopping_before_the_schwenk_says_so_and_keeps_the_diamond_on_the_track(
        app) -> None:  # type: ignore[no-untyped-def]
    scene = _plan_scene(app)
    st = scene.session.state
    w = st.wheels["red"]
    gh = _ghost_for(app, scene, 11.9, -132.0)
    pv = gh["preview"]
    reached = sum(math.hypot(leg.x1 - leg.x0, leg.y1 - leg.y0) for leg in pv.legs)
    assert not any(leg.kind == "turn" for leg in pv.legs) and pv.stopped_by and reached < 11.9
    label = gh["label"]
    assert f"stops at the track edge after {reached:.1f}\", before the Schwenk" in label, label
    hx, hy = gh["handle"]
    assert not gh["handle_reached"]
    along = (hx - w.x) * math.cos(math.radians(w.heading)) + (hy - w.y) * math.sin(math.radians(w.heading))
    assert abs(along - (reached + w.length / 2)) < 1e-6  # where the wheel stops, not 11.9" on
    assert st.course.contains(hx, hy)
    # and a move that goes as planned keeps the plain words, with no "but"
    gh = _ghost_for(app, scene, 0.0, 0.0)
    assert gh["label"].startswith("18\" planned: straight ahead\nbut it stops at the track edge after"), gh["label"]
    gh = _ghost_for(app, scene, 1.0, 10.0)
    if not (gh["preview"].stopped_by or gh["preview"].rams):
        assert "planned" not in gh["label"] and "but" not in gh["label"], gh["label"]


def test_move_ghost_ram_before_the_schwenk_drops_the_empty_last_straight() -> None:
    """The 71 screenshot: "... then 0.0\" straight, rams Blue" while the drawing
    stopped at Blue before the Schwenk."""
    assert words.move_text(4.8, -64.0, 7.0, 2.2) == "4.8\" straight, then Schwenk 64° right (costs 2.2\")"
    from game.ui.doomwheel.preview import Leg
    legs = [Leg("line", 0.0, 0.0, 90.0, 0.0, 4.5, 90.0)]
    assert words.move_outcome(4.8, -64.0, 7.0, legs, "blue", "", "", NAMES) == \
        "it rams Blue after 4.5\", before the Schwenk"


# --- 7. the results' columns ----------------------------------------------------------------

def test_results_place_icon_and_name_do_not_overlap(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui import art
    from game.ui.doomwheel import art as doom_art
    from game.ui.doomwheel.scenes import results as doom_results
    cols = dict(doom_results.COLUMNS)
    icon = doom_art.wheel_sprite(art.player_colour(0, False), 0, 12.0, 3.937, 1.969)
    bold = art.font(18, bold=True)
    assert cols["place"] + bold.size("4.")[0] + 8 <= doom_results.ICON_X
    assert doom_results.ICON_X + icon.get_width() + 8 <= cols["wheel"]
    assert cols["wheel"] + bold.size("Grimbold Rattail")[0] < cols["laps"]  # a 16-letter name
    xs = [x for _, x in doom_results.COLUMNS]
    head = art.font(16)  # the headers' font
    assert all(xs[i] + head.size(h)[0] + 6 < xs[i + 1] for i, (h, _) in enumerate(doom_results.COLUMNS[:-1])), xs


def test_a_turn_blocked_at_once_says_by_what_not_zero_degrees() -> None:
    from game.rules.doomwheel.events import WheelTurned
    e = WheelTurned("red", "move", 0.0, 0.0, 90.0, 90.0, 0.0, 0.0, 0.0, stopped_by="blue")
    assert words.log_line(e, NAMES) == "Red: the Schwenk is blocked at once by Blue"
    e = WheelTurned("red", "tangled", 0.0, 0.0, 90.0, 90.0, 0.0, 0.0, 0.0, stopped_by="edge:3")
    assert words.log_line(e, NAMES) == "Red cannot turn to face the random direction: the track edge is in the way"
