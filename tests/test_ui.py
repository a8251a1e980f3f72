"""The window, driven headless (SDL dummy driver) with synthetic input: main menu ->
set-up -> a whole hot-seat race (two humans and an AI, every human decision made by
clicking its button or dragging the movement ghost) -> results; screenshots of the
menu, a race in progress and the results are written to out/ and checked for content."""

from __future__ import annotations

import os
import pathlib

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "out"


def click(app, pos: tuple[int, int], button: int = 1) -> None:  # type: ignore[no-untyped-def]
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.frame(1 / 60)
    app.frame(1 / 60)


def press(app, key: int) -> None:  # type: ignore[no-untyped-def]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)


def button(app, text: str):  # type: ignore[no-untyped-def]
    for el in app.manager.get_root_container().elements:
        if isinstance(el, pygame_gui.elements.UIButton) and el.text == text and el.is_enabled:
            return el
    raise AssertionError(f"no button {text!r}: " + ", ".join(
        e.text for e in app.manager.get_root_container().elements if isinstance(e, pygame_gui.elements.UIButton)))


def click_button(app, text: str) -> None:  # type: ignore[no-untyped-def]
    click(app, button(app, text).rect.center)


def coloured(surface) -> int:  # type: ignore[no-untyped-def]
    """How many distinct colours a screenshot has (content, not pixel-exact)."""
    small = pygame.transform.scale(surface, (160, 100))
    return len({small.get_at((x, y))[:3] for x in range(160) for y in range(100)})


def shot(app, name: str):  # type: ignore[no-untyped-def]
    OUT.mkdir(exist_ok=True)
    pygame.image.save(app.screen, str(OUT / name))
    return app.screen


def test_menu_has_every_entry(app) -> None:  # type: ignore[no-untyped-def]
    app.frame(1 / 60)
    texts = {e.text: e for e in app.manager.get_root_container().elements if isinstance(e, pygame_gui.elements.UIButton)}
    for t in ("New race", "New Grand Prix", "Load game", "Replays", "Course editor", "Settings", "Quit"):
        assert t in texts
    assert texts["Load game"].is_enabled
    assert coloured(shot(app, "menu.png")) > 200


def play_human_decision(app) -> bool:  # type: ignore[no-untyped-def]
    """Make the pending human decision through the window; False if none is open."""
    from game.ui.wild_race.scenes.race import RaceScene
    scene = app.scene
    assert isinstance(scene, RaceScene)
    p = scene._human()
    if p is None:
        return False
    if scene.handover is not None:
        click_button(app, f"Pass to {p.seat.name}: ready")
        return True
    if p.kind == "movement_turn":
        if scene.selected is None:
            labels = [b.text for b in scene.buttons if b.text.startswith("Move ")]
            click_button(app, labels[0])
        r = scene.session.state.racers[scene.selected]
        # aim 6" along the course from the racer and click there
        from game.rules.wild_race.movement import finish_heading
        from game.rules.wild_race.geo import unit
        ux, uy = unit(finish_heading(scene.session.state, r))
        target = scene.view.camera.to_screen(r.x + ux * 6.0, r.y + uy * 6.0)
        pygame.mouse.set_pos((int(target[0]), int(target[1])))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(target[0]), int(target[1])), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        app.frame(1 / 60)
        gh = scene.ghost()
        assert gh is not None
        if gh["ok"]:
            press(app, pygame.K_RETURN)
        else:  # the aimed line is not legal (e.g. a pivot into a touching rival): stay
            stay = [b.text for b in scene.buttons if b.text.endswith(": stay")]
            click_button(app, stay[0])
        return True
    first = next(iter(scene.buttons))
    click(app, first.rect.center)
    return True


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_hot_seat_race_through_the_window(app, seed: int) -> None:  # type: ignore[no-untyped-def]
    from game.ui.wild_race.scenes.race import RaceScene
    from game.ui.wild_race.scenes.results import ResultsScene
    from game.ui.wild_race.scenes.setup import SetupScene
    app.frame(1 / 60)
    click_button(app, "New race")
    assert isinstance(app.scene, SetupScene)
    setup = app.scene
    setup.players = 3
    setup.seed = seed
    setup.kinds = ["Human", "Human", "AI (easy)"]
    setup.resized()
    app.frame(1 / 60)
    shot(app, "setup.png")
    click_button(app, "Start the race")
    assert isinstance(app.scene, RaceScene), getattr(app.scene, "error", "")
    race = app.scene
    race.session.state.options = race.session.state.options.__class__(turn_cap=12)
    decisions = 0
    handovers = 0
    for _ in range(4000):
        if not isinstance(app.scene, RaceScene):
            break
        app.frame(1 / 60)
        if app.scene is race and race.handover is not None:
            handovers += 1
        if play_human_decision(app) if isinstance(app.scene, RaceScene) else False:
            decisions += 1
        if decisions == 25:
            shot(app, "race.png")
    assert isinstance(app.scene, ResultsScene), f"the race did not reach the results ({decisions} decisions)"
    assert decisions > 20 and handovers > 0, (decisions, handovers)
    app.frame(1 / 60)
    assert coloured(shot(app, "results.png")) > 100
    assert coloured(pygame.image.load(str(OUT / "race.png"))) > 300
    click_button(app, "Main menu")
    assert type(app.scene).__name__ == "MenuScene"


def test_spectated_ai_race_reaches_results(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    from game.ui.wild_race.scenes.results import ResultsScene
    course = load_course(str(ROOT / "levels" / "wild_race" / "sample_sprint.json"))
    start_series(app, course, [("A", "greedy"), ("B", "random")], 2, Options(), 2, seed=3)
    for _ in range(3000):
        app.frame(1 / 30)
        if isinstance(app.scene, ResultsScene):
            break
    assert isinstance(app.scene, ResultsScene)
    click_button(app, "Next race")
    for _ in range(3000):
        app.frame(1 / 30)
        if isinstance(app.scene, ResultsScene):
            break
    assert isinstance(app.scene, ResultsScene) and app.scene.series.number == 2
    assert sum(app.scene.series.standings.team_totals().values()) > 0


def test_pause_and_keys_do_not_break_the_race(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    course = load_course(str(ROOT / "levels" / "wild_race" / "sample_sprint.json"))
    start_series(app, course, [("A", "human"), ("B", "greedy")], 1, Options(), 1, seed=8)
    for key in (pygame.K_PLUS, pygame.K_MINUS, pygame.K_w, pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_f,
                pygame.K_l, pygame.K_g, pygame.K_TAB, pygame.K_SPACE, pygame.K_SPACE):
        press(app, key)
    press(app, pygame.K_ESCAPE)
    assert type(app.scene).__name__ == "PauseScene"
    click_button(app, "Resume")
    assert type(app.scene).__name__ == "RaceScene"


def test_no_display_falls_back_to_a_headless_race(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from game.ui import main
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert main.run() == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("Wild Table: no display available")
    assert "winner" in out


def test_help_overlay_shows_the_charts(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    course = load_course(str(ROOT / "levels" / "wild_race" / "sample_sprint.json"))
    start_series(app, course, [("A", "human"), ("B", "greedy")], 1, Options(), 1, seed=8)
    app.frame(1 / 60)
    before = coloured(app.screen)
    press(app, pygame.K_h)
    assert app.scene.show_help
    shot(app, "help.png")
    assert coloured(app.screen) != before
    press(app, pygame.K_h)
    assert not app.scene.show_help


def test_bad_course_file_is_marked_and_keeps_the_set_up(app, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.wild_race.scenes.setup import NOT_RACED, SetupScene
    (tmp_path / "courses").mkdir()
    bad = tmp_path / "courses" / "broken.json"
    bad.write_text('{"format": 1, "kind": "course", "name": "x"')  # truncated
    app.frame(1 / 60)
    click_button(app, "New race")
    setup = app.scene
    assert isinstance(setup, SetupScene)
    i = setup.files.index(str(bad))
    assert setup.course_dd.options_list[i][0].endswith(NOT_RACED)
    setup.course_i = i
    setup.resized()
    app.frame(1 / 60)
    assert not setup.start.is_enabled  # it cannot be started
    setup.start_race()  # and if it were, the set-up stays as it was
    assert app.scene is setup and setup.course_i == i
    shot(app, "broken_course.png")


def test_scenery_obstacle_moved_by_mouse(app) -> None:  # type: ignore[no-untyped-def]
    """In the Scenery Phase a player clicks an obstacle, then the spot 3" back."""
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    from game.ui.wild_race.scenes.race import RaceScene
    course = load_course(str(ROOT / "levels" / "wild_race" / "sample_sprint.json"))
    start_series(app, course, [("A", "human"), ("B", "greedy")], 1, Options(), 1, seed=2)
    race = app.scene
    assert isinstance(race, RaceScene)
    for _ in range(3000):  # play on (first choices) until A is asked to move scenery
        app.frame(1 / 60)
        p = race._human()
        if p is None:
            continue
        if p.kind == "scenery_turn" and race.session.state.obstacles:
            break
        race._submit(next(c for c in p.legal if c.kind != "move_obstacle"))
    p = race._human()
    assert p is not None and p.kind == "scenery_turn"
    st = race.session.state
    o = next(o for o in st.obstacles.values() if not o.removed and not o.moved and not o.recycled)
    x0, y0 = o.x, o.y
    race.view.camera.cx, race.view.camera.cy = o.x, o.y  # bring it into view
    tx, ty = st.course.tangent_at(st.course.progress(o.x, o.y))
    click(app, tuple(int(v) for v in race.view.camera.to_screen(o.x, o.y)))
    assert race.sel_obstacle == o.id
    target = race.view.camera.to_screen(o.x - tx * 2.0, o.y - ty * 2.0)
    pygame.mouse.set_pos((int(target[0]), int(target[1])))
    race.mouse = (int(target[0]), int(target[1]))
    app.frame(1 / 60)
    og = race.obstacle_ghost()
    assert og is not None and og["ok"], og and og["label"]
    shot(app, "scenery.png")
    seen = len(race.session.events)
    click(app, (int(target[0]), int(target[1])))
    moved = [e for e in race.session.events[seen:] if e.kind == "Declared" and e.target == o.id]
    assert moved, "the obstacle move was not taken"
    assert (st.obstacles[o.id].x, st.obstacles[o.id].y) != (x0, y0)


def test_setup_colour_choice_swaps_and_reaches_the_race(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.wild_race.scenes.race import RaceScene
    from game.ui.wild_race.scenes.setup import SetupScene
    app.frame(1 / 60)
    click_button(app, "New race")
    setup = app.scene
    assert isinstance(setup, SetupScene)
    setup.seed = 4
    dd = setup.colour_dds[0]
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="purple", ui_element=dd))
    app.frame(1 / 60)
    assert app.scene.colour_of[:2] == [3, 1]
    click_button(app, "Start the race")
    assert isinstance(app.scene, RaceScene)
    assert app.scene.colours == {"red": 3, "blue": 1}


def test_stamina_segment_by_keyboard(app) -> None:  # type: ignore[no-untyped-def]
    """Aim, press S to turn there, aim on: the move carries a stamina leg."""
    from game.levels.course import load_course
    from game.rules.wild_race.geo import unit
    from game.rules.wild_race.movement import finish_heading
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    from game.ui.wild_race.scenes.race import RaceScene
    course = load_course(str(ROOT / "levels" / "wild_race" / "sample_sprint.json"))
    start_series(app, course, [("A", "human"), ("B", "greedy")], 1, Options(), 1, seed=6)
    race = app.scene
    assert isinstance(race, RaceScene)
    for _ in range(2000):
        app.frame(1 / 60)
        p = race._human()
        if p is None:
            continue
        if p.kind == "movement_turn":
            break
        race._submit(p.legal[0])
    st = race.session.state
    r = next(x for x in st.racers.values() if x.player == "red")
    race.selected = r.id
    h = finish_heading(st, r)
    ux, uy = unit(h)
    race.mouse = tuple(int(v) for v in race.view.camera.to_screen(r.x + ux * 10, r.y + uy * 10))
    app.frame(1 / 60)
    press(app, pygame.K_s)
    assert len(race.plan) == 1
    vx, vy = unit(h + 60)
    ex, ey = r.x + ux * 10 + vx * 2, r.y + uy * 10 + vy * 2
    race.mouse = tuple(int(v) for v in race.view.camera.to_screen(ex, ey))
    app.frame(1 / 60)
    gh = race.ghost()
    assert gh is not None and gh["ok"], gh and gh["label"]
    legs = gh["choice"].get("legs")
    assert legs and len(legs) == 1
    stamina0 = r.stamina
    press(app, pygame.K_RETURN)
    assert r.stamina < stamina0


def test_ui_scale_applies_to_fonts_and_layout(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui import art
    from game.ui.wild_race.flow import start_series
    course = load_course(str(ROOT / "levels" / "wild_race" / "sample_sprint.json"))
    start_series(app, course, [("A", "human"), ("B", "greedy")], 1, Options(), 1, seed=8)
    app.frame(1 / 60)
    small = art.font(13).get_linesize()
    side = app.scene.rects()["banner"].w
    app.set_ui_scale(1.5)
    app.frame(1 / 60)
    assert art.font(13).get_linesize() > small
    assert app.scene.rects()["banner"].w > side
    shot(app, "race_scaled.png")
    app.set_ui_scale(1.0)


def test_drag_a_racer_and_let_go_moves_it(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.wild_race.geo import unit
    from game.rules.wild_race.movement import finish_heading
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    course = load_course(str(ROOT / "levels" / "wild_race" / "sample_sprint.json"))
    start_series(app, course, [("A", "human"), ("B", "greedy")], 1, Options(), 1, seed=6)
    race = app.scene
    for _ in range(2000):
        app.frame(1 / 60)
        p = race._human()
        if p is not None and p.kind == "movement_turn":
            break
        if p is not None:
            race._submit(p.legal[0])
    st = race.session.state
    r = next(x for x in st.racers.values() if x.player == "red")
    x0 = (r.x, r.y)
    start = tuple(int(v) for v in race.view.camera.to_screen(r.x, r.y))
    ux, uy = unit(finish_heading(st, r))
    end = tuple(int(v) for v in race.view.camera.to_screen(r.x + ux * 6, r.y + uy * 6))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.frame(1 / 60)
    assert r.moved and (r.x, r.y) != x0


def test_ai_thinks_in_a_worker_process_with_the_same_answers_and_logs_why(app) -> None:  # type: ignore[no-untyped-def]
    """normal and hard seats live in a worker process: the window keeps drawing while
    they think, the answers are those of the same agents in-process, and every AI
    choice writes its reason in the log (CONTRACTS §3, issue 4)."""
    import time as _time
    from game.ai.host import ProcessHost
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    from game.ui.wild_race.scenes.race import RaceScene
    from game.ui.wild_race.scenes.results import ResultsScene
    from game.ui.session import Seat, Session
    from game.ui.wild_race.session import new_session as wild_session
    course = load_course(str(ROOT / "levels" / "wild_race" / "sample_sprint.json"))
    start_series(app, course, [("A", "normal"), ("B", "easy")], 1, Options(), 1, seed=5)
    race = app.scene
    assert isinstance(race, RaceScene) and isinstance(race.session.host, ProcessHost)
    frames_while_thinking = 0
    for _ in range(20000):
        if race.session.thinking:
            frames_while_thinking += 1
        app.frame(1 / 30)
        if isinstance(app.scene, ResultsScene):
            break
        _time.sleep(0)  # no wall-clock waiting: the loop simply polls
    assert isinstance(app.scene, ResultsScene)
    assert frames_while_thinking > 0  # frames were drawn while the worker thought
    texts = [e.text() for e in race.session.events]
    assert any(t.startswith("red-1 moves") and "expected" in t for t in texts)
    assert any(line.startswith(race.names["red-1"] + " moves") for line in race.log.lines)
    # the same seats thinking in-process give the very same race
    seats = [Seat("red", "A", "normal"), Seat("blue", "B", "easy")]
    inline = wild_session(course, seats, 1, race.session.state.seed, Options(), process=False)
    while not inline.over:
        inline.think(500)
    assert [e.text() for e in inline.events] == texts


def test_skip_to_end_keeps_drawing_while_an_ai_thinks(app) -> None:  # type: ignore[no-untyped-def]
    """K plays the rest without animation; with an AI in its worker process the
    window goes on drawing frames until the race is over (it never blocks)."""
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    from game.ui.wild_race.scenes.results import ResultsScene
    course = load_course(str(ROOT / "levels" / "wild_race" / "sprint.json"))
    start_series(app, course, [("A", "normal"), ("B", "easy")], 1, Options(), 1, seed=12)
    race = app.scene
    app.frame(1 / 30)
    press(app, pygame.K_k)
    skipping_frames = 0
    for _ in range(100000):
        if isinstance(app.scene, ResultsScene):
            break
        if race.skipping:
            skipping_frames += 1
        app.frame(1 / 30)
    assert isinstance(app.scene, ResultsScene)
    assert skipping_frames > 1  # frames kept coming while the skip waited on the worker
    assert race.session.over and not race.anim.busy
