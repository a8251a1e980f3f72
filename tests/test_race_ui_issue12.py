"""Issue 12, at the table of the Wild Race (and what both races share), driven
headless (SDL dummy driver) with synthetic input: every die shown the moment it is
thrown with the favour decision beside it (8), no "human AI is thinking" (10), tape
and plan labels clear of the pieces (16), the Scenery Phase ghost outline (17), why
each Barge Phase option is or is not there (18), racer names never covering each
other or a piece and the report line clear of the tooltip (20), a log the player can
grow with each turn marked (21)."""

from __future__ import annotations

import math
import os
import pathlib
from typing import Any, Callable

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

ROOT = pathlib.Path(__file__).resolve().parent.parent
LEVELS = ROOT / "levels" / "wild_race"


def frames(app: Any, n: int = 2, dt: float = 1 / 60) -> None:
    for _ in range(n):
        app.frame(dt)


def press(app: Any, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)


def move_mouse(app: Any, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0),
               rel: tuple[int, int] = (0, 0)) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons))
    app.frame(1 / 60)


def start(app: Any, seats: list[tuple[str, str]], per: int = 1, course: str = "sample_sprint.json",
          seed: int = 2) -> Any:
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    start_series(app, load_course(str(LEVELS / course)), seats, per, Options(), 1, seed=seed)
    return app.scene


def run_until(app: Any, race: Any, want: Callable[[Any], bool], pick: Callable[[Any], Any] | None = None,
              limit: int = 4000) -> Any:
    """Play on (the human answering with `pick`, else the first legal choice) until
    the human's pending decision satisfies `want`."""
    for _ in range(limit):
        app.frame(1 / 60)
        if race.handover is not None:
            race.handover = None
            race._decision_key = None
            continue
        p = race._human()
        if p is None:
            continue
        if want(p):
            frames(app, 2)
            return race._human()
        race._submit(pick(p) if pick else p.legal[0])
    raise AssertionError("the decision never came")


# --- 10. nobody "human AI" is thinking ---------------------------------------------------------

def test_no_human_ai_thinking_after_a_human_places(app) -> None:  # type: ignore[no-untyped-def]
    race = start(app, [("Red", "human"), ("Blue", "random")], seed=3)
    p = run_until(app, race, lambda p: p.kind == "place_turn")
    app.instant = False  # the placement animates: the human's next decision waits for it
    race._submit(p.legal[0])
    seen = []
    for _ in range(40):
        app.frame(1 / 60)
        seen.append(race.banner._key[2])
    assert not any("human" in line for line in seen), seen
    assert not any("is thinking" in line and "Red" in line for line in seen), seen
    # an AI seat still says it is thinking while the table waits on it
    from game.ui.session import Seat
    race.anim.finish_all()
    race.session.seats["red"] = Seat("red", "Red", "normal")  # the pending seat, were it an AI's
    race.session.think = lambda *a, **k: 0  # type: ignore[method-assign]  # still thinking
    frames(app, 2)
    assert race.session.thinking == "red"
    assert race.banner._key[2] == "Red (normal AI) is thinking..."


# --- 8. every die shown as it is thrown, the favour decision beside it ---------------------------

def test_priority_dice_show_before_the_favour_decision(app) -> None:  # type: ignore[no-untyped-def]
    race = start(app, [("Ann", "human"), ("Bob", "random"), ("Cy", "random")], seed=5)
    for r in race.session.state.racers.values():
        r.favour = 3  # every roll may take favour
    p = run_until(app, race, lambda p: p.kind == "group_favour" and race.session.state.turn >= 1)
    top = race.session.state.stack[-1]
    values = dict(top["values"])
    names = race.names
    # the tray: every die of the priority roll, open, the player's own marked as theirs
    shown = {(r.for_whom, r.face) for r in race.dice.rolls if r.kind == "DieThrown" and r.reason == "priority"}
    assert shown == set(values.items()), (shown, values)
    asking = top["asking"]
    assert race.dice.words(next(r for r in race.dice.rolls if getattr(r, "for_whom", "") == asking),
                           names, race.dice._key[3]).endswith("your favour?")
    # the log: each die as it landed
    for m, v in values.items():
        assert any(line.startswith(f"{names[m]} throws {v} for priority") for line in race.log.lines), m
    # the banner: all the dice and the odds of a re-roll
    assert all(f"{names[m]} {v}" in race.banner._key[2] for m, v in values.items()), race.banner._key[2]
    # the decision goes beside each die: the final roll takes the open die's place and says it
    race._submit(next(c for c in p.legal if c.kind == "keep"))
    for _ in range(300):  # (a tie re-rolls the tied: keep those too)
        app.frame(1 / 60)
        p = race._human()
        if p is not None and p.kind == "group_favour":
            race._submit(next(c for c in p.legal if c.kind == "keep"))
        elif p is not None or race.session.state.phase != "priority":
            break
    frames(app, 2)
    finals = [r for r in race.dice.rolls if r.kind == "RollMade" and r.reason == "priority"]
    assert finals and not any(r.kind == "DieThrown" and r.reason == "priority" for r in race.dice.rolls)
    words = [race.dice.words(r, names) for r in finals]
    assert all(w.endswith((", kept", ", re-rolled", ", +1 favour", ", -1 favour")) for w in words), words


def test_a_single_favour_offer_is_logged_as_thrown_then_kept(app) -> None:  # type: ignore[no-untyped-def]
    race = start(app, [("A", "human"), ("B", "random")], course="sprint.json", seed=5)
    for r in race.session.state.racers.values():
        r.favour = 3
    p = run_until(app, race, lambda p: p.kind == "favour_offer" and p.seat.name == "A")
    top = race.session.state.stack[-1]
    who, reason, v = race.names[top["roll"]["who"]], top["roll"]["reason"].replace("_", " "), top["value"]
    assert race.log.lines[-1] == f"{who} throws {v} for {reason}: keep it, or spend favour?"
    assert race.dice.rolls[0].kind == "DieThrown" and race.dice.rolls[0].face == v
    race._submit(next(c for c in p.legal if c.kind == "keep"))
    frames(app, 3)
    assert f"{who} keeps {v} for {reason}" in race.log.lines
    assert race.dice.words(next(r for r in race.dice.rolls if r.kind == "RollMade"), race.names).endswith("kept")


def test_an_ai_favour_decision_shows_the_die_it_decided_on() -> None:
    """The session (no window): an AI's re-roll is logged after the die it re-rolled."""
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.session import Seat, Session
    from game.ui.wild_race.session import new_session as wild_session
    s = wild_session(load_course(str(LEVELS / "sprint.json")), [Seat("red", "A", "greedy"), Seat("blue", "B", "random")],
                    1, 7, Options(), process=False)
    for r in s.state.racers.values():
        r.favour = 6
    for _ in range(400):
        s.think(50)
        if s.over or s.state.turn >= 3:
            break
    kinds = [e.kind for e in s.events]
    assert "DieThrown" in kinds
    for i, e in enumerate(s.events):
        if e.kind == "FavourUsed":  # a favour point spent: the die it was spent on was shown first
            before = [d for d in s.events[:i] if d.kind == "DieThrown" and d.reason == e.reason]
            assert before, (i, e)
            assert any(d.face == e.before for d in before), (e, before[-3:])


# --- 21. a log the player can grow, each turn marked, the newest never hidden ---------------------

def test_log_grows_by_key_button_and_drag_and_marks_turns(app) -> None:  # type: ignore[no-untyped-def]
    race = start(app, [("A", "random"), ("B", "random"), ("C", "random")], seed=5)
    race.paused = True
    while race.session.state.turn < 3:  # two turns of play, told in the log
        race.session.think(1)
        race._catch_up()
    race.anim.finish_all()
    frames(app, 2)
    assert app.scene is race
    log = race.log
    assert len(log.lines) > 40
    small = race.rects()["log"]
    assert len(log.visible(small)[1]) <= 7  # about six lines to begin with
    table_h = race.view.camera.vh
    # M: taller; the table's view ends where the log begins
    press(app, pygame.K_m)
    tall = race.rects()["log"]
    assert tall.h > 2 * small.h and tall.bottom == small.bottom
    assert race.view.camera.vh == table_h - (tall.h - small.h)
    assert len(log.visible(tall)[1]) >= 16
    # the log's own button: taller again
    b = log.button_rect(tall)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b.center, button=1))
    frames(app, 2)
    taller = race.rects()["log"]
    assert taller.h > tall.h and len(log.visible(taller)[1]) >= 25
    # drag its top edge down to y = 600
    grip = log.grip_rect(taller).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=grip, button=1))
    move_mouse(app, (grip[0], 800 - 200), buttons=(1, 0, 0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(grip[0], 600), button=1))
    frames(app, 2)
    dragged = race.rects()["log"]
    assert dragged.top == 600 and not race.log_drag, dragged  # its top edge where it was let go
    assert race.view.camera.vh == 800 - race._log_h()
    # never so tall that the table goes
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=log.grip_rect(dragged).center, button=1))
    move_mouse(app, (grip[0], 5), buttons=(1, 0, 0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(grip[0], 5), button=1))
    frames(app, 2)
    assert race.view.camera.vh >= 200
    # each turn's start is marked
    marked = [t for t, m in zip(log.lines, log.marked) if m]
    assert "Turn 1: priority phase" in marked and "Turn 2: priority phase" in marked
    assert not any(m for t, m in zip(log.lines, log.marked) if "movement phase" in t)
    # scrolled back: the newest line stays in view, pinned at the bottom
    press(app, pygame.K_m)  # (back to the smallest)
    rect = race.rects()["log"]
    log.wheel(5)
    head, shown, pinned = log.visible(rect)
    assert pinned and shown[-1] == len(log.lines) - 1 and shown[-2] < len(log.lines) - 2
    # help and README name the key
    from game.ui.wild_race import help as help_mod
    assert any(line.startswith("M (or the log's button") for line in help_mod.CONTROLS)
    readme = (ROOT / "README.md").read_text()
    assert "| M, the log's **bigger (M)** button" in readme


def test_the_doomwheel_log_grows_too(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.doomwheel.options import Options
    from game.ui.doomwheel.flow import start_doomwheel
    course = next((ROOT / "levels" / "doomwheel").glob("*.json"))
    start_doomwheel(app, load_course(str(course)), [("A", "random"), ("B", "random")], Options(), seed=1)
    race = app.scene
    frames(app, 2)
    before = race.rects()["log"].h
    press(app, pygame.K_m)
    assert race.rects()["log"].h > 2 * before
    assert race.view.camera.vh == 800 - race._log_h()


def test_the_replay_log_grows_too(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.replay import ReplayScene
    scene = ReplayScene(app, str(ROOT / "tests" / "golden" / "wild-race-1.replay.json"))
    app.push(scene)
    frames(app, 2)
    before, table = scene.log_rect().h, scene.table_rect().h
    press(app, pygame.K_m)
    assert scene.log_rect().h > 2 * before and scene.table_rect().h == table - (scene.log_rect().h - before)
    assert scene.slider.rect.top >= scene.table_rect().bottom  # the turn bar moved up with the table
    press(app, pygame.K_RIGHT)  # a step rebuilds the log: its size stays
    assert scene.log_rect().h > 2 * before


# --- 16 and 20. labels clear of the pieces, the ghost and each other ------------------------------

def screen_box(cam: Any, pts: Any) -> Any:
    """The screen rectangle around table points."""
    xs, ys = zip(*(cam.to_screen(x, y) for x, y in pts))
    return pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1)


def piece_boxes(race: Any) -> dict[str, Any]:
    """Every racer's base and obstacle's footprint on screen, from the rules' shapes."""
    from game.rules.wild_race.geo import obstacle_shape, racer_shape
    cam = race.view.camera
    st = race.session.state
    out = {}
    for r in st.racers.values():
        sh = racer_shape(r)
        out[r.id] = screen_box(cam, zip(sh.xs, sh.ys))
    for o in st.obstacles.values():
        sh = obstacle_shape(o)
        if sh.kind == 2:  # a circle
            out[o.id] = screen_box(cam, [(sh.cx - sh.radius, sh.cy - sh.radius), (sh.cx + sh.radius, sh.cy + sh.radius)])
        else:
            out[o.id] = screen_box(cam, zip(sh.xs, sh.ys))
    return out


def movement_race(app: Any) -> Any:
    race = start(app, [("Ann", "human"), ("Bob", "random")], course="sample_sprint.json", seed=2)
    run_until(app, race, lambda p: p.kind == "movement_turn" and race.session.state.turn >= 1,
              pick=lambda p: next((c for c in p.legal if c.kind == "move" and c.get("distance", 0) == 0.0),
                                  p.legal[0]))
    return race


def test_tape_and_plan_text_stay_clear_of_racer_obstacle_and_ghost(app) -> None:  # type: ignore[no-untyped-def]
    from game.rules.wild_race.geo import norm_heading
    race = movement_race(app)
    st = race.session.state
    p = race._human()
    rid = p.legal[0]["racer"]
    r = st.racers[rid]
    hedge = next(o for o in st.obstacles.values() if o.size == "small" and o.shape == "rect")
    # the racer 2.5" short of a small obstacle, facing it (a jump ahead)
    r.heading = 0.0
    r.x, r.y = hedge.x - 2.5 - r.length / 2 - hedge.width, hedge.y
    st.table.update_racer(r)
    race.anim.snap(st)
    cam = race.view.camera
    cam.cx, cam.cy, cam.ppi = r.x + 3, r.y, 20.0
    race.selected = rid
    for aim in (r.x + 9.0, r.x + 1.5):  # a jump; a short move (its old tape sat on the racer)
        move_mouse(app, tuple(round(v) for v in cam.to_screen(aim, r.y)))  # type: ignore[arg-type]
        frames(app, 1)
        gh = race.ghost()
        assert gh is not None
        if aim > r.x + 5:
            assert "jump" in gh["label"], gh["label"]
        tape = race.view.tape_rect
        assert tape is not None
        boxes = piece_boxes(race)
        for pid, box in boxes.items():
            assert not tape.colliderect(box), (gh["label"], pid, tape, box)
        ghost = screen_box(cam, [(gh["x"] + dx * math.cos(math.radians(norm_heading(gh["end_heading"]))) -
                                  dy * math.sin(math.radians(gh["end_heading"])),
                                  gh["y"] + dx * math.sin(math.radians(gh["end_heading"])) +
                                  dy * math.cos(math.radians(gh["end_heading"])))
                                 for dx in (-r.length / 2, r.length / 2) for dy in (-r.width / 2, r.width / 2)])
        assert not tape.colliderect(ghost), (tape, ghost)
        for name, box in race.view.name_rects.items():
            assert not tape.colliderect(box), (name, box)
        view = pygame.Rect(cam.vx, cam.vy, cam.vw, cam.vh)
        assert view.contains(tape)
        if aim < r.x + 5:  # where the tape used to go (centred 16 pixels above the line's middle): on the racer
            (x0, y0), (x1, y1) = cam.to_screen(r.x, r.y), cam.to_screen(gh["x"], gh["y"])
            old = pygame.Rect(0, 0, race.view.font.size(gh["label"])[0] + 10, tape.h).move(0, 0)
            old.center = (round((x0 + x1) / 2), round((y0 + y1) / 2 - 16))
            assert old.colliderect(boxes[rid]) or old.colliderect(ghost)


def test_names_never_cover_each_other_a_piece_or_the_start_word(app) -> None:  # type: ignore[no-untyped-def]
    race = movement_race(app)
    st = race.session.state
    a, b = list(st.racers.values())[:2]
    # after a barge: b flush beside a (touching, same facing), a just behind the start line's word
    (s0, s1) = st.course.start
    a.heading = b.heading = 0.0
    a.x, a.y = s0[0] + 0.2, s0[1] + (s1[1] - s0[1]) * 0.2 - 0.6
    b.x, b.y = a.x + 0.3, a.y - a.width - 0.02
    for r in (a, b):
        st.table.update_racer(r)
    race.anim.snap(st)
    cam = race.view.camera
    cam.cx, cam.cy, cam.ppi = a.x, a.y, 22.0
    frames(app, 2)
    names = race.view.name_rects
    assert set(names) >= {a.name, b.name}
    boxes = piece_boxes(race)
    # where a's name used to go (under it): on b
    label = race.view._label(a.name)
    old = label.get_rect(midtop=(round(cam.to_screen(a.x, a.y)[0]), boxes[a.id].bottom + 1))
    assert old.colliderect(boxes[b.id])
    rects = list(names.items())
    for i, (n1, r1) in enumerate(rects):
        for pid, box in boxes.items():
            assert not r1.colliderect(box), (n1, pid, r1, box)
        for n2, r2 in rects[i + 1:]:
            assert not r1.colliderect(r2), (n1, n2)
        for word in race.view._marking_rects(race.view.board(cam.ppi)[1]):
            assert not r1.colliderect(word), (n1, word)
    # the words the test kept clear of are where the board draws "START"
    words = race.view._marking_rects(race.view.board(cam.ppi)[1])
    assert words and any(pygame.Rect(cam.vx, cam.vy, cam.vw, cam.vh).colliderect(w) for w in words)


# --- 17. the Scenery Phase ghost: the obstacle's outline where it would land ----------------------

def test_scenery_move_draws_the_obstacle_outline_where_it_lands(app) -> None:  # type: ignore[no-untyped-def]
    from game.rules.wild_race.geo import obstacle_shape
    race = start(app, [("A", "human"), ("B", "greedy")], seed=2)
    p = run_until(app, race, lambda p: p.kind == "scenery_turn" and bool(race.session.state.obstacles),
                  pick=lambda p: next(c for c in p.legal if c.kind != "move_obstacle"))
    c = next(c for c in p.legal if c.kind == "move_obstacle")
    st = race.session.state
    o = st.obstacles[c["obstacle"]]
    cam = race.view.camera
    cam.cx, cam.cy, cam.ppi = o.x, o.y, 18.0
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(round(v) for v in cam.to_screen(o.x, o.y)),
                                         button=1))
    frames(app, 1)
    assert race.sel_obstacle == o.id
    # the pointer 3" away along a legal move's direction (and a little beyond: held to 3")
    k = 3.4 / 3.0
    move_mouse(app, tuple(round(v) for v in cam.to_screen(o.x + c["dx"] * k, o.y + c["dy"] * k)))  # type: ignore[arg-type]
    og = race.obstacle_ghost()
    assert og is not None and og["ok"], og and og["label"]  # 3" exactly is legal (no rounding past it)
    assert og["label"] == '3.0" of 3"'
    out = race.obstacle_ghost_rect
    sh = obstacle_shape(o, o.x + og["dx"], o.y + og["dy"])
    want = screen_box(cam, zip(sh.xs, sh.ys)) if sh.kind != 2 else None
    assert want is not None and abs(out.x - want.x) <= 2 and abs(out.w - want.w) <= 3 and abs(out.h - want.h) <= 3
    # the outline is drawn: its colour along the edges of its box
    col = (255, 240, 170)
    edge = [(x, y) for x in range(out.left - 1, out.right + 2) for y in (out.top - 1, out.top, out.top + 1,
                                                                          out.bottom - 2, out.bottom - 1, out.bottom)]
    edge += [(x, y) for y in range(out.top, out.bottom) for x in (out.left - 1, out.left, out.left + 1,
                                                                  out.right - 2, out.right - 1, out.right)]
    hits = sum(1 for q in edge if tuple(app.screen.get_at(q))[:3] == col)
    assert hits >= 6, hits
    # the 3" circle around where it stands
    cx, cy = (round(v) for v in cam.to_screen(o.x, o.y))
    ring = sum(1 for a in range(0, 360, 5) for d in (-1, 0, 1)
               if tuple(app.screen.get_at((round(cx + (54 + d) * math.cos(math.radians(a))),
                                           round(cy + (54 + d) * math.sin(math.radians(a))))))[:3] == col)
    assert ring >= 30, ring
    # its label clear of the outline and every piece
    tags = [r for r in race.view.labels.placed if r.colliderect(out.inflate(200, 200))]
    assert tags and not any(t.colliderect(out) for t in tags)
    for pid, box in piece_boxes(race).items():
        assert not any(t.colliderect(box) for t in tags if t not in race.view.name_rects.values()), pid


# --- 20. nothing covers "Report saved" on the results screens -------------------------------------

def _results(app: Any, doom: bool) -> Any:
    if doom:
        from game.levels.course import load_course
        from game.rules.doomwheel.options import Options
        from game.ui.doomwheel.scenes.results import DoomResultsScene as Results
        from game.ui.doomwheel.flow import start_doomwheel
        start_doomwheel(app, load_course(str(next((ROOT / "levels" / "doomwheel").glob("*.json")))),
                        [("A", "random"), ("B", "random")], Options(), seed=1)
    else:
        from game.ui.wild_race.scenes.results import ResultsScene as Results
        start(app, [("A", "random"), ("B", "random")], seed=3)
    app.scene.skip_to_end()
    for _ in range(600):
        frames(app, 1)
        if isinstance(app.scene, Results):
            break
    assert isinstance(app.scene, Results)
    frames(app, 2)
    return app.scene


@pytest.mark.parametrize("doom", [False, True])
def test_nothing_covers_the_report_saved_line(app, monkeypatch, doom: bool) -> None:  # type: ignore[no-untyped-def]
    scene = _results(app, doom)
    b = scene.report_b
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=b, ui_object_id=""))
    frames(app, 1)
    assert scene.report_text.startswith("Report saved: ")
    # the pointer rests on the button: whatever pops up stays off the line saying where the report went
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: b.rect.center)
    for _ in range(8):
        move_mouse(app, b.rect.center)
        frames(app, 1, dt=0.5)
    line = scene.report_label.rect
    assert line.bottom <= b.rect.top  # above the button
    tip = getattr(b, "tool_tip", None)
    assert tip is None or not tip.rect.colliderect(line), (tip.rect, line)


@pytest.mark.parametrize("doom", [False, True])
def test_the_report_line_says_what_the_button_makes(app, doom: bool) -> None:  # type: ignore[no-untyped-def]
    scene = _results(app, doom)
    assert "picture of the course" in scene.report_label.text


# --- 18. the Barge Phase says why each option is or is not there ---------------------------------

def barge_race(app: Any, seed: int) -> Any:
    """A Sprint with two racers each (A at the window, B a random AI) played on to A's
    first barge turn."""
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import Series, play_race
    from game.ui.session import Seat, Session
    from game.ui.wild_race.session import new_session as wild_session
    course = load_course(str(LEVELS / "sprint.json"))
    s = wild_session(course, [Seat("red", "A", "human"), Seat("blue", "B", "random")], 2, seed, Options(), process=False)
    for _ in range(3000):
        s.think(50)
        p = s.human_turn()
        if p is None:
            continue
        if p.kind == "barge_turn":
            break
        s.submit(max(p.legal, key=lambda c: c.get("distance", 0)) if p.kind == "movement_turn" else p.legal[0])
    play_race(app, Series(course, [("A", "human"), ("B", "random")], 2, Options(), 1, seed, number=1), s)
    frames(app, 3)
    race = app.scene
    p = race._human()
    assert p is not None and p.kind == "barge_turn"
    return race


def test_barge_panel_says_why_no_barge_and_what_a_stamina_move_does(app) -> None:  # type: ignore[no-untyped-def]
    race = barge_race(app, 3)
    p = race._human()
    assert {c.kind for c in p.legal} == {"stamina_move", "pass"}
    note = race.note
    lines = note.split("\n")
    # no barge offered: each racer's reason, naming what is in the way or how far the nearest rival is
    assert any("can't barge" in line and ("no rival within 4\"" in line or "path to it meets" in line)
               for line in lines), note
    assert any("no rival within 4\" (nearest: " in line for line in lines), note
    # the stamina move: what it does and that it never stretches the 4"
    sm = next(c for c in p.legal if c.kind == "stamina_move")
    who = race.names[sm["racer"]]
    assert any(line.startswith(f"A stamina move takes {who} ") and "to come within 4\"" in line for line in lines)
    assert "stamina never stretches the 4\"" in note and lines[-1].startswith("Pass: ")
    labels = [b.text for b in race.buttons]
    assert any(t.startswith(f"{who}: ") and "on stamina toward" in t for t in labels), labels
    # every line of the note is inside the decision panel, above the buttons
    dec = race.rects()["decision"]
    assert all(dec.contains(b.rect) for b in race.buttons)


def test_barge_panel_says_why_only_pass(app) -> None:  # type: ignore[no-untyped-def]
    race = barge_race(app, 1)
    p = race._human()
    assert [c.kind for c in p.legal] == ["pass"]
    assert "can't barge" in race.note and "Pass: " in race.note, race.note


def test_barge_note_reasons() -> None:
    """Locked out, barged, has barged: each said (no table needed for those)."""
    from types import SimpleNamespace as NS
    from game.ui.wild_race.words import barge_note
    r1 = NS(id="r1", name="Gorse", racing=True, locked=True, barged=False, has_barged=False, player="p")
    r2 = NS(id="r2", name="Ember", racing=True, locked=False, barged=True, has_barged=False, player="p")
    r3 = NS(id="r3", name="Hob", racing=True, locked=False, barged=False, has_barged=True, player="p")
    st = NS(racers={r.id: r for r in (r1, r2, r3)}, racers_of=lambda p: [r1, r2, r3])
    lines = barge_note(st, "p", []).split("\n")
    assert lines[:3] == ["Gorse can't barge: locked out", "Ember can't barge: it was barged this turn",
                         "Hob can't barge: it has barged this turn"]


def test_no_name_for_a_racer_off_the_view(app) -> None:  # type: ignore[no-untyped-def]
    """A racer outside the view gets no name on it (the placer used to pull "Hob" onto
    the view's top edge, over nothing)."""
    race = movement_race(app)
    st = race.session.state
    a, b = list(st.racers.values())[:2]
    cam = race.view.camera
    cam.cx, cam.cy, cam.ppi = a.x, a.y, 22.0
    b.x, b.y = a.x, a.y + cam.vh / cam.ppi  # a whole view height above a: off the view
    st.table.update_racer(b)
    race.anim.snap(st)
    frames(app, 2)
    cam.cx, cam.cy, cam.ppi = a.x, a.y, 22.0
    frames(app, 1)
    assert a.name in race.view.name_rects
    assert b.name not in race.view.name_rects
