"""Wild Race window polish from a playtest, driven headless (SDL dummy driver) with
synthetic input: a racer flush beside a rival goes straight ahead (aim near its
facing, or Z), the Scenery Phase panel (readable names, fits, hover shows the
obstacle, what "back" means), why there is no whip, the favour odds and the die
being decided, AI reasons in the log, the log showing new lines, and the results
table's columns."""

from __future__ import annotations

import os
import pathlib
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "out"
STUCK = ROOT / "tests" / "data" / "stuck-gorse-turn3.json"  # playtest save: Gorse flush beside Thistle


def frames(app: Any, n: int = 2) -> None:
    for _ in range(n):
        app.frame(1 / 60)


def press(app: Any, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)


def move_mouse(app: Any, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(1 / 60)


def click(app: Any, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 2)


def shot(app: Any, name: str) -> None:
    OUT.mkdir(exist_ok=True)
    pygame.image.save(app.screen, str(OUT / name))


def stuck_race(app: Any) -> Any:
    from game.save import load_game
    from game.ui.scenes.flow import resume_game
    resume_game(app, load_game(str(STUCK)))
    frames(app, 3)
    race = app.scene
    p = race._human()
    assert p is not None and p.kind == "movement_turn" and p.seat.name == "Red"
    return race


def aim(app: Any, race: Any, rid: str, degrees: float, inches: float = 6.0) -> tuple[int, int]:
    """Move the mouse to `inches` from the racer at `degrees` off its facing."""
    from game.rules.wild_race.geo import unit
    r = race.session.state.racers[rid]
    ux, uy = unit(r.heading + degrees)
    pos = tuple(round(v) for v in race.view.camera.to_screen(r.x + ux * inches, r.y + uy * inches))
    move_mouse(app, pos)  # type: ignore[arg-type]
    return pos  # type: ignore[return-value]


# --- 1. a racer that cannot pivot goes straight ahead ---------------------------------------

def test_stuck_racer_aimed_3_degrees_off_goes_straight_ahead(app) -> None:  # type: ignore[no-untyped-def]
    race = stuck_race(app)
    st = race.session.state
    gorse = st.racers["red-1"]
    x0, h0 = gorse.x, gorse.heading
    # the rules: only exactly the current facing may start the move
    assert st.table.pivot_pose(gorse, h0 + 3.0) is None
    click(app, tuple(round(v) for v in race.view.camera.to_screen(gorse.x, gorse.y)))
    assert race.selected == "red-1"
    aim(app, race, "red-1", 3.0)
    gh = race.ghost()
    assert gh is not None and gh["ok"], gh and gh["label"]
    assert gh["choice"]["heading"] == round(h0, 4)
    assert "straight ahead" in gh["label"] and "Thistle" in gh["label"]
    OUT.mkdir(exist_ok=True)
    shot(app, "race-stuck-straight-ahead.png")
    press(app, pygame.K_RETURN)
    frames(app, 4)
    assert st.racers["red-1"].x > x0 + 5.0  # it went, along its facing
    assert abs(st.racers["red-1"].heading - h0) < 1e-6


def test_stuck_racer_far_aim_names_what_the_pivot_would_touch(app) -> None:  # type: ignore[no-untyped-def]
    race = stuck_race(app)
    race.selected = "red-1"
    aim(app, race, "red-1", 120.0)  # well off to the side and back: no snapping
    gh = race.ghost()
    assert gh is not None and not gh["ok"]
    assert gh["label"] == "the pivot at the start would touch Thistle"


def test_z_goes_straight_ahead_and_help_lists_it(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.wild_race import help as help_mod, words
    race = stuck_race(app)
    race.selected = "red-1"
    press(app, pygame.K_z)
    assert race.straight
    aim(app, race, "red-1", 60.0, 8.0)
    gh = race.ghost()
    assert gh is not None and gh["ok"] and gh["label"].startswith("straight ahead (Z)")
    assert gh["choice"]["heading"] == round(race.session.state.racers["red-1"].heading, 4)
    assert any(line.startswith("Z goes straight ahead") for line in help_mod.CONTROLS)
    assert "Z straight ahead" in words.PROMPTS["movement_turn"]
    press(app, pygame.K_z)
    assert not race.straight


# --- 2. the Scenery Phase panel -------------------------------------------------------------

def scenery_race(app: Any) -> Any:
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    course = load_course(str(ROOT / "levels" / "wild_race" / "sample_sprint.json"))
    start_series(app, course, [("A", "human"), ("B", "greedy")], 1, Options(), 1, seed=2)
    race = app.scene
    for _ in range(3000):
        app.frame(1 / 60)
        p = race._human()
        if p is None:
            continue
        if p.kind == "scenery_turn" and race.session.state.obstacles:
            break
        race._submit(next(c for c in p.legal if c.kind != "move_obstacle"))
    frames(app, 2)
    p = race._human()
    assert p is not None and p.kind == "scenery_turn"
    return race


def test_scenery_panel_names_fit_hover_and_explain(app) -> None:  # type: ignore[no-untyped-def]
    race = scenery_race(app)
    st = race.session.state
    p = race._human()
    dec = race.rects()["decision"]
    labels = [b.text for b in race.buttons]
    # readable names, never the internal ids
    assert not any(o.id in t for t in labels for o in st.obstacles.values()), labels
    from game.ui.wild_race.words import obstacle_name
    assert obstacle_name("hedge-2") == "Hedge 2" and obstacle_name("o:log-1") == "Log 1"
    assert any(obstacle_name(c["obstacle"]) in t for t in labels for c in p.legal if c.kind == "move_obstacle")
    # every button inside the decision panel; the rest on further pages
    for b in race.buttons:
        assert dec.contains(b.rect), (b.text, b.rect, dec)
    moves = [c for c in p.legal if c.kind == "move_obstacle"]
    # a smaller window: the choices no longer fit, so they come in pages
    app.resize((1280, 600))
    frames(app, 2)
    dec = race.rects()["decision"]
    assert len(race.buttons) < len(p.legal) + 1
    for b in race.buttons:
        assert dec.contains(b.rect), (b.text, b.rect, dec)
    shot(app, "race-scenery-pages.png")
    more = next(b for b in race.buttons if b.text.startswith("More choices"))
    seen = {id(c) for c in race.buttons.values()}
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=more, ui_object_id=""))
    frames(app, 2)
    assert "page 2" in next(b.text for b in race.buttons if b.text.startswith("More choices"))
    assert not seen & {id(c) for c in race.buttons.values() if c.kind == "move_obstacle"}
    assert all(dec.contains(b.rect) for b in race.buttons)
    app.resize((1280, 800))
    frames(app, 2)
    # what back / left / right mean, in the panel
    assert "back = away from the finish" in race.note
    # the banner's prompt is whole (wrapped, not cut)
    from game.ui.panels import Banner
    line = race.banner._key[2]
    font, rows = Banner.fit_line(line, race.rects()["banner"].w - 20, 66)
    assert " ".join(rows) == line and "never toward the finish" in line
    # hovering a move button rings its obstacle and shows where it goes
    b, c = next((b, c) for b, c in race.buttons.items() if c.kind == "move_obstacle")
    o = st.obstacles[c["obstacle"]]
    race.view.camera.cx, race.view.camera.cy = o.x, o.y
    move_mouse(app, (5, 5))
    plain = app.screen.copy()
    move_mouse(app, b.rect.center)
    assert race.hovered_choice() is c
    cx, cy = (round(v) for v in race.view.camera.to_screen(o.x, o.y))
    box = pygame.Rect(cx - 80, cy - 80, 160, 160)
    changed = sum(1 for x in range(box.left, box.right, 2) for y in range(box.top, box.bottom, 2)
                  if plain.get_at((x, y)) != app.screen.get_at((x, y)))
    assert changed > 30, changed
    shot(app, "race-scenery-hover.png")
    assert moves


# --- 3. why no whip -------------------------------------------------------------------------

def test_spur_whip_panel_says_why_no_whip(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    start_series(app, load_course(str(ROOT / "levels" / "wild_race" / "sprint.json")),
                 [("A", "human"), ("B", "random")], 1, Options(), 1, seed=5)
    race = app.scene
    for _ in range(3000):
        app.frame(1 / 60)
        p = race._human()
        if p is None:
            continue
        if p.kind == "spur_whip_turn" and not any(c.kind == "whip" for c in p.legal):
            break
        race._submit(p.legal[0] if p.kind != "movement_turn" else
                     next(c for c in p.legal if c.get("distance", 0) == 0.0) if race.session.state.turn > 1
                     else p.legal[0])
    frames(app, 2)
    p = race._human()
    assert p is not None and p.kind == "spur_whip_turn"
    assert "can't whip: no racer within 1\"" in race.note and "Whip needs a target within 1\"" in race.note
    shot(app, "race-no-whip.png")


def test_whip_note_reasons() -> None:
    from types import SimpleNamespace as NS
    from game.core.protocol import Choice
    from game.ui.wild_race.words import whip_note
    r = NS(name="Gorse", has_whip=False, whips_used=0, locked=False)
    st = NS(racers={"r1": r}, options=NS(whips_per_turn="once"))
    legal = [Choice.make("spur", racer="r1"), Choice.make("pass")]
    assert whip_note(st, legal) == "Gorse can't whip: it has no whip (lost to a Disaster!)"
    r.has_whip = True
    assert "no racer within 1\"" in whip_note(st, legal)
    legal.append(Choice.make("whip", racer="r1", target="r2", mode="mount"))
    assert whip_note(st, legal) == ""


# --- 4. favour odds and the die being decided ----------------------------------------------------

def test_favour_hint_counts_a_better_face() -> None:
    from game.ui.wild_race.words import favour_hint
    step = {"roll": {"reason": "spur", "who": "red-1"}, "value": 5}
    text = favour_hint(None, step)
    assert "better 17%" in text and "+1 makes Yeehaw!" in text, text  # a 6 is better than Yah!
    assert "better 0%" in favour_hint(None, {"roll": {"reason": "whip", "who": "x"}, "value": 6})
    assert favour_hint(None, {"roll": {"reason": "rolloff", "who": "x"}, "value": 2}).startswith(
        "2 for rolloff; a re-roll is higher 67%")


def test_favour_offer_shows_the_die_in_the_tray(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    start_series(app, load_course(str(ROOT / "levels" / "wild_race" / "sprint.json")),
                 [("A", "human"), ("B", "random")], 1, Options(), 1, seed=5)
    race = app.scene
    for r in race.session.state.racers.values():
        r.favour = 3  # so every roll of A's offers favour
    for _ in range(3000):
        app.frame(1 / 60)
        p = race._human()
        if p is None:
            continue
        if p.kind == "favour_offer" and p.seat.name == "A":
            break
        race._submit(p.legal[0])
    frames(app, 2)
    p = race._human()
    assert p is not None and p.kind == "favour_offer"
    top = race.session.state.stack[-1]
    assert race.dice._key[3] == (top["roll"]["who"], top["roll"]["reason"], top["value"])
    assert "rolled" in race.banner._key[2]
    shot(app, "race-favour-tray.png")


# --- 5. the log ---------------------------------------------------------------------------------

def test_log_jumps_to_newest_and_ai_finish_score_is_not_inches(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.panels import Log
    log = Log()
    for i in range(30):
        log.add(f"line {i}")
    log.wheel(2)
    assert log.scroll == 6
    log.add("new")
    assert log.scroll == 0
    race = stuck_race(app)

    class E:
        kind = "AiReason"

        def text(self) -> str:
            return "blue-1 moves 10.0\": +200.0\" expected, straight for the finish"
    assert race._log_text(E()) == "Thistle moves 10.0\", straight for the finish"
    E.text = lambda self: "blue-1 moves 4.0\": +3.5\" expected, jumping log-1 (67% to clear it)"  # type: ignore
    assert race._log_text(E()) == "Thistle moves 4.0\": +3.5\" expected, jumping Log 1 (67% to clear it)"


# --- 6. results columns -----------------------------------------------------------------------

def test_results_columns_line_up_with_the_winner_bold(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    from game.ui.wild_race.scenes.results import ResultsScene
    start_series(app, load_course(str(ROOT / "levels" / "wild_race" / "sprint.json")),
                 [("Alpha", "random"), ("B", "random"), ("Carolina", "random")], 1, Options(), 1, seed=3)
    race = app.scene
    race.skip_to_end()
    for _ in range(400):
        frames(app, 1)
        if isinstance(app.scene, ResultsScene):
            break
    assert isinstance(app.scene, ResultsScene)
    frames(app, 2)
    cells = app.scene.cells
    assert len(cells) >= 2
    for col in range(len(cells[0])):
        lefts = {row[col].left for row in cells}
        rights = {row[col].right for row in cells}
        assert len(lefts) == 1 or len(rights) == 1, (col, lefts, rights)  # left- or right-aligned
    for a, b in zip(cells[0], cells[0][1:]):  # no cell runs into the next
        assert a.right < b.left
    OUT.mkdir(exist_ok=True)
    shot(app, "results-columns.png")


def test_placement_numbers_each_free_slot_on_the_table(app) -> None:  # type: ignore[no-untyped-def]
    """The placement buttons say "slot 1/2/3"; the table shows where each slot is."""
    from game.levels.course import load_course
    from game.rules.wild_race.flow import slots
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    start_series(app, load_course(str(ROOT / "levels" / "wild_race" / "sprint.json")),
                 [("A", "human"), ("B", "human")], 2, Options(), 1, seed=3)
    race = app.scene
    for _ in range(600):
        app.frame(1 / 60)
        p = race._human()
        if p is not None and race.handover is not None:
            race.handover = None
            continue
        if p is not None and p.kind == "place_turn":
            break
        if p is not None:
            race._submit(p.legal[0])
    frames(app, 2)
    p = race._human()
    assert p is not None and p.kind == "place_turn"
    cam = race.view.camera
    outline = (250, 240, 200)
    for c in p.legal:
        x, y, h = slots(race.session.state)[c["slot"]]
        sx, sy = (round(v) for v in cam.to_screen(x, y))
        near = sum(1 for dx in range(-12, 13) for dy in range(-12, 13)
                   if tuple(app.screen.get_at((sx + dx, sy + dy)))[:3] == outline)
        assert near > 5, c  # its number (and outline) is drawn on the slot
    shot(app, "race-placement-slots.png")
    # a click on a numbered slot places the racer there
    first = p.legal[-1]
    x, y, _ = slots(race.session.state)[first["slot"]]
    rid = first["racer"]
    click(app, tuple(round(v) for v in cam.to_screen(x, y)))
    frames(app, 2)
    r = race.session.state.racers[rid]
    assert rid in race.session.state.placed and abs(r.x - x) < 1e-6 and abs(r.y - y) < 1e-6
