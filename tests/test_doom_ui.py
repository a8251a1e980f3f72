"""The Doomwheel Race in the window, driven headless (SDL dummy driver) with
synthetic input: menu -> Doomwheel set-up -> a whole race (a human seat making every
decision through the scene's own controls: drive/repair buttons, the move aimed with
the mouse and committed with Enter or a click, slip buttons, sabotage by clicking the
target wheel, a number key and the table, the bolt thrower by clicking the target)
against a random AI seat -> results -> menu; hot-seat hand-over; all-AI spectating
with skip (K); screenshots checked for the wheel sprite in its player's colour; the
move ghost's run-over list against what the engine then runs over; critters tossed
aside by pymunk before they vanish."""

from __future__ import annotations

import math
import os
import pathlib

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from tests.test_ui import button, click, click_button, coloured, press  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIGURE_8 = ROOT / "levels" / "doomwheel" / "figure_of_eight.json"


def move_mouse(app, pos: tuple[float, float]) -> None:  # type: ignore[no-untyped-def]
    p = (int(pos[0]), int(pos[1]))
    pygame.mouse.set_pos(p)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(1 / 60)


def click_table(app, pos: tuple[float, float]) -> None:  # type: ignore[no-untyped-def]
    p = (int(pos[0]), int(pos[1]))
    move_mouse(app, p)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))
    app.frame(1 / 60)


class Human:
    """Plays the human seats through the scene's controls; records what it did."""

    def __init__(self) -> None:
        self.done: dict[str, int] = {}
        self.ghosts: list[tuple[list[str], list[str]]] = []  # (ghost run-over, engine run-over)
        self.hint: dict[str, float] = {}  # each wheel's progress round the lap

    def play(self, app) -> bool:  # type: ignore[no-untyped-def]
        from game.ui.doomwheel.scenes.race import DoomRaceScene
        scene = app.scene
        assert isinstance(scene, DoomRaceScene)
        p = scene._human()
        if p is None:
            return False
        st = scene.session.state
        kind = "handover" if scene.handover is not None else p.kind
        self.done[kind] = self.done.get(kind, 0) + 1
        if kind == "handover":
            click_button(app, f"Pass to {p.seat.name}: ready")
        elif kind == "activate":
            w = st.wheels[st.stack[-1]["wheel"]]
            click_button(app, "Repair: regain D3 wounds" if w.wounds <= 2 else "Drive: roll 3D6\"")
        elif kind == "plan":
            self._move(app, scene)
        elif kind == "sabotage":
            self._sabotage(app, scene)
        elif kind == "shoot":
            target = next(c["target"] for c in p.legal if c.kind == "shoot")
            x, y, _ = scene.anim.wheels[target]
            click_table(app, scene.view.camera.to_screen(x, y))
        else:  # slip: the buttons
            click(app, next(iter(scene.buttons)).rect.center)
        return True

    def _move(self, app, scene) -> None:  # type: ignore[no-untyped-def]
        st = scene.session.state
        w = st.wheels[st.stack[-1]["wheel"]]
        self._aim(app, scene, st, w, float(st.stack[-1]["value"]))
        gh = scene.ghost()
        assert gh is not None and "preview" in gh
        if not gh["ok"]:
            press(app, pygame.K_z)
            gh = scene.ghost()
        assert gh["ok"], gh["label"]
        n = len(scene.session.events)
        wid = w.id
        ghost = list(gh["preview"].critters)
        if self.done["plan"] % 2:
            press(app, pygame.K_RETURN)
        else:
            click_table(app, scene.mouse)
        assert len(scene.session.events) > n, "the move was not made"
        ran = []
        for e in scene.session.events[n:]:
            if e.kind == "RanOver" and e.wheel == wid:
                ran.append(e.critter)
            if e.kind in ("SlaveResult", "Rammed"):
                break  # the dice may change the rest of the move
        self.ghosts.append((ghost, ran))

    def _aim(self, app, scene, st, w, roll: float) -> None:  # type: ignore[no-untyped-def]
        """Point the mouse at a few spots along the course ahead and keep the one whose
        ghost (the engine's own move) gets furthest round the lap, as a player would."""
        c = st.course
        length = c.length
        s0 = c.progress(w.x, w.y, self.hint.get(w.id, c.progress(w.x, w.y)), 8.0)
        best, best_gain = None, -1e9
        cam = scene.view.camera
        for frac in (1.0, 0.7, 0.4):
            for off in (0.0, 1.5, -1.5):
                s = (s0 + roll * frac) % length
                px, py = c.point_at(s)
                tx, ty = c.tangent_at(s)
                spot = cam.to_screen(px - ty * off, py + tx * off)
                move_mouse(app, spot)
                gh = scene.ghost()
                pv = gh["preview"]
                if not gh["ok"] or pv.end is None:
                    continue
                gain = (c.progress(pv.end[0], pv.end[1], s0, roll + 3.0) - s0) % length
                gain = gain - length if gain > length / 2 else gain
                if gain > best_gain:
                    best, best_gain = spot, gain
        if best is not None:
            move_mouse(app, best)
            self.hint[w.id] = (s0 + max(0.0, best_gain)) % length

    def _sabotage(self, app, scene) -> None:  # type: ignore[no-untyped-def]
        st = scene.session.state
        me = st.wheels[st.stack[-1]["wheel"]]
        if self.done["sabotage"] % 3 or me.sabotage < 2:
            click_button(app, "Pass")
            return
        target = next(w for w in st.wheels.values() if w.id != me.id and w.running)
        x, y, _ = scene.anim.wheels[target.id]
        cam = scene.view.camera
        click_table(app, cam.to_screen(x, y))  # pick the target by its wheel
        assert scene.target == target.id
        press(app, pygame.K_2)
        assert scene.points == 2
        before = me.sabotage
        spots = [cam.to_screen(x + 3.0 * math.cos(a * math.pi / 4), y + 3.0 * math.sin(a * math.pi / 4))
                 for a in range(8)]
        spots = [p for p in spots if scene._in_table((int(p[0]), int(p[1])))
                 and scene.view.wheel_at(p[0], p[1], scene.anim) is None]  # open table, not a wheel
        if st.options.sabotage_moves == "per_point":  # a direction for each point: the first one laid
            click_table(app, spots[-1])
            assert me.sabotage == before
        click_table(app, spots[0])  # that way
        assert me.sabotage == before - 2, scene.message


def run_race(app, human: Human, limit: int = 6000) -> int:  # type: ignore[no-untyped-def]
    from game.ui.doomwheel.scenes.race import DoomRaceScene
    decisions = 0
    for _ in range(limit):
        if not isinstance(app.scene, DoomRaceScene):
            break
        app.frame(1 / 60)
        if isinstance(app.scene, DoomRaceScene) and human.play(app):
            decisions += 1
    return decisions


def test_whole_doomwheel_race_through_the_window(app, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.doomwheel.scenes.race import DoomRaceScene
    from game.ui.doomwheel.scenes.results import DoomResultsScene
    from game.ui.doomwheel.scenes.setup import DoomSetupScene
    app.frame(1 / 60)
    click_button(app, "Doomwheel Race")
    setup = app.scene
    assert isinstance(setup, DoomSetupScene)
    assert len(setup.files) >= 2 and all("doomwheel" in f for f in setup.files[:2])
    setup.seed = 11
    setup.kinds = ["Human", "AI (random)"]
    setup.options["laps"] = "1"
    setup.resized()
    app.frame(1 / 60)
    pygame.image.save(app.screen, str(tmp_path / "doom_setup.png"))
    assert coloured(app.screen) > 200
    click_button(app, "Start the race")
    assert isinstance(app.scene, DoomRaceScene), setup.error
    human = Human()
    decisions = run_race(app, human)
    assert isinstance(app.scene, DoomResultsScene), (decisions, human.done)
    assert human.done.get("plan", 0) >= 3 and human.done.get("activate", 0) >= 3, human.done
    assert human.done.get("sabotage", 0) >= 1, human.done
    for ghost, ran in human.ghosts:  # what the ghost showed is what the engine ran over
        assert ran[:len(ghost)] == ghost or ghost[:len(ran)] == ran, (ghost, ran)
    app.frame(1 / 60)
    pygame.image.save(app.screen, str(tmp_path / "doom_results.png"))
    out = app.scene.session.outcome()
    assert out["over"] and out["reason"] != "turn cap", out  # somebody finished the lap (or was the last running)
    click_button(app, "Main menu")
    assert type(app.scene).__name__ == "MenuScene"


def test_hot_seat_hands_over_between_humans(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.doomwheel.options import Options
    from game.ui.doomwheel.flow import start_doomwheel
    course = load_course(str(FIGURE_8))
    start_doomwheel(app, course, [("Ann", "human"), ("Bob", "human")], Options(laps=1, turn_cap=3), seed=4)
    human = Human()
    run_race(app, human, 3000)
    assert human.done.get("handover", 0) >= 2, human.done
    assert type(app.scene).__name__ == "DoomResultsScene"


def test_spectated_ai_race_skips_to_the_results(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.doomwheel.options import Options
    from game.ui.doomwheel.scenes.race import DoomRaceScene
    from game.ui.doomwheel.flow import start_doomwheel
    course = load_course(str(ROOT / "levels" / "doomwheel" / "the_ratways.json"))
    start_doomwheel(app, course, [("A", "random"), ("B", "random"), ("C", "random")], Options(players=3), seed=2)
    race = app.scene
    assert isinstance(race, DoomRaceScene) and race.session.human_turn() is None
    for key in (pygame.K_l, pygame.K_TAB, pygame.K_SPACE, pygame.K_SPACE, pygame.K_f, pygame.K_h, pygame.K_h):
        press(app, key)
    for _ in range(20):
        app.frame(1 / 60)
    press(app, pygame.K_k)
    for _ in range(600):
        app.frame(1 / 60)
        if type(app.scene).__name__ == "DoomResultsScene":
            break
    assert type(app.scene).__name__ == "DoomResultsScene"
    assert button(app, "Race again")


def test_screenshot_shows_wheels_in_their_colours(app, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.doomwheel.options import Options
    from game.ui import art
    from game.ui.doomwheel.flow import start_doomwheel
    course = load_course(str(FIGURE_8))
    start_doomwheel(app, course, [("Red", "human"), ("Blue", "random")], Options(), seed=7, colours=[0, 1])
    human = Human()
    scene = app.scene
    for _ in range(400):  # a few turns in, at the human's drive-or-repair (no ghost over the wheels)
        app.frame(1 / 60)
        p = scene._human()
        if scene.session.state.turn >= 3 and p is not None and p.kind == "activate" and scene.handover is None:
            break
        human.play(app)
    assert scene.session.state.turn >= 3 and scene._human().kind == "activate"
    app.frame(1 / 60)
    path = tmp_path / "doom_race.png"
    pygame.image.save(app.screen, str(path))
    shot = pygame.image.load(str(path))
    cam = scene.view.camera
    for wid, idx in (("red", 0), ("blue", 1)):
        w = scene.session.state.wheels[wid]
        if not w.running:
            continue
        colour = art.player_colour(idx)
        sx, sy = cam.to_screen(w.x, w.y)
        reach = round(w.length * cam.ppi / 2)
        near = sum(1 for x in range(int(sx) - reach, int(sx) + reach) for y in range(int(sy) - reach, int(sy) + reach)
                   if 0 <= x < 1280 and 0 <= y < 800
                   and sum(abs(a - b) for a, b in zip(shot.get_at((x, y))[:3], colour)) < 90)
        assert near > 30, (wid, near)  # the base and pennants in the player's colour are where the wheel is
        far = sum(1 for x in range(20, 60) for y in range(20, 60)
                  if sum(abs(a - b) for a, b in zip(shot.get_at((x, y))[:3], colour)) < 90)
        assert far < near
    # a critter's sprite sits where the critter is
    c = next(c for c in scene.session.state.critters.values() if c.alive and c.id in scene.anim.critters
             and c.id not in scene.anim.gone)
    sx, sy = cam.to_screen(c.x, c.y)
    bg = shot.get_at((int(sx + c.radius * cam.ppi * 3), int(sy)))
    assert shot.get_at((int(sx), int(sy))) != bg


def test_pause_and_results_leave_no_stray_buttons(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.doomwheel.options import Options
    from game.ui.doomwheel.scenes.race import DoomRaceScene
    from game.ui.doomwheel.flow import start_doomwheel
    course = load_course(str(FIGURE_8))
    start_doomwheel(app, course, [("Ann", "human"), ("Bob", "random")], Options(), seed=5)
    race = app.scene
    for _ in range(30):
        app.frame(1 / 60)
        if race.buttons:
            break
    assert race.buttons
    labels = sorted(b.text for b in race.buttons)

    def on_screen() -> list[str]:
        return sorted(e.text for e in app.manager.get_root_container().elements
                      if isinstance(e, pygame_gui.elements.UIButton) and e.visible and e.alive())

    press(app, pygame.K_ESCAPE)
    click_button(app, "Resume")
    assert isinstance(app.scene, DoomRaceScene)
    app.frame(1 / 60)
    assert on_screen() == labels  # one set of decision buttons, not two
    press(app, pygame.K_ESCAPE)
    click_button(app, "Quit to main menu")
    assert type(app.scene).__name__ == "MenuScene"
    assert not any(t in on_screen() for t in labels)


def _until(app, scene, kind: str, human: Human, limit: int = 600):  # type: ignore[no-untyped-def]
    """Play on (the human making its other decisions) until the human's `kind` decision."""
    for _ in range(limit):
        app.frame(1 / 60)
        p = scene._human()
        if p is not None and p.kind == kind and scene.handover is None:
            return p
        human.play(app)
    raise AssertionError(f"no {kind} decision came")


def test_per_point_sabotage_takes_a_direction_a_point(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.doomwheel.options import Options
    from game.ui.doomwheel.flow import start_doomwheel
    start_doomwheel(app, load_course(str(FIGURE_8)), [("Ann", "human"), ("Bob", "random")],
                    Options(sabotage_moves="per_point"), seed=6)
    scene = app.scene
    _until(app, scene, "sabotage", Human())
    st = scene.session.state
    me = st.wheels[st.stack[-1]["wheel"]]
    target = next(w for w in st.wheels.values() if w.id != me.id)
    cam = scene.view.camera
    press(app, pygame.K_2)
    n = len(scene.session.events)
    click_table(app, cam.to_screen(target.x - math.copysign(3.0, target.x), target.y))  # the first point's way
    assert scene.laid and len(scene.session.events) == n  # laid, not yet spent
    gh = scene.ghost()
    assert "point 2 of 2" in gh["label"]
    click_table(app, cam.to_screen(target.x, target.y - math.copysign(3.0, target.y)))  # the second's
    slides = [e for e in scene.session.events[n:] if e.kind == "RollMade" and e.reason == "sabotage"
              and e.for_whom == target.id]
    assert len(slides) == 2 and len(slides[0].faces) == 1 and me.sabotage == 3, (slides, me.sabotage)


def test_up_to_move_is_shortened_with_keys(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.doomwheel.options import Options
    from game.ui.doomwheel.flow import start_doomwheel
    start_doomwheel(app, load_course(str(FIGURE_8)), [("Ann", "human"), ("Bob", "random")],
                    Options(move_distance="up_to"), seed=6)
    scene = app.scene
    _until(app, scene, "plan", Human())
    roll = float(scene.session.state.stack[-1]["value"])
    assert button(app, "1\" shorter (,)")
    press(app, pygame.K_COMMA)
    press(app, pygame.K_COMMA)
    press(app, pygame.K_q)
    gh = scene.ghost()
    assert gh["choice"]["distance"] == roll - 2 and gh["choice"]["angle"] == 5.0, gh["choice"]
    assert f"(of {roll:g}\")" in gh["label"]
    wid = scene.session.state.stack[-1]["wheel"]
    press(app, pygame.K_RETURN)
    moved = [e for e in scene.session.events if e.kind in ("WheelMoved", "WheelTurned") and e.wheel == wid]
    assert moved, "the shortened move was made"


def test_set_up_switches_between_the_rulesets(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.doomwheel.scenes.setup import RULESETS, DoomSetupScene
    from game.ui.wild_race.scenes.setup import SetupScene
    app.frame(1 / 60)
    click_button(app, "New race")
    wild = app.scene
    assert isinstance(wild, SetupScene)
    wild.on_ui(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=wild.ruleset_dd, text=RULESETS[1]))
    doom = app.scene
    assert isinstance(doom, DoomSetupScene)
    app.frame(1 / 60)
    card = doom._card_rects[1]  # pick the second course by its picture
    click(app, card.center)
    assert doom.course_i == 1
    doom.on_ui(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=doom.ruleset_dd, text=RULESETS[0]))
    assert isinstance(app.scene, SetupScene)


def test_small_window_keeps_every_sabotage_button(tmp_path: pathlib.Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    from game.levels.course import load_course
    from game.rules.doomwheel.options import Options
    from game.ui.app import App
    from game.ui.doomwheel.flow import start_doomwheel
    from game.ui.settings import Settings
    settings = Settings()
    settings.ui_scale = 1.25
    app = App((1024, 700), instant=True, clock=lambda: 0.0, settings=settings)
    try:
        start_doomwheel(app, load_course(str(ROOT / "levels" / "doomwheel" / "the_ratways.json")),
                        [("A", "human"), ("B", "random"), ("C", "random"), ("D", "random")], Options(players=4),
                        seed=3)
        scene = app.scene
        _until(app, scene, "sabotage", Human())
        texts = [b.text for b in scene.buttons]
        assert "Pass" in texts and "5" in texts and len(texts) == 3 + 5 + 1, texts
        click_button(app, "Pass")
    finally:
        app.close()


def test_camera_pans_to_a_deciding_wheel_only_when_it_is_out_of_view(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.doomwheel.options import Options
    from game.ui.doomwheel.flow import start_doomwheel
    start_doomwheel(app, load_course(str(FIGURE_8)), [("Ann", "human"), ("Bob", "random")], Options(), seed=3)
    scene = app.scene
    cam = scene.view.camera
    human = Human()
    seen = (cam.cx, cam.cy)
    for _ in range(6):  # the whole course is in view: the camera stays put
        _until(app, scene, "activate", human)
        assert (cam.cx, cam.cy) == seen
        click_button(app, "Drive: roll 3D6\"")
    _until(app, scene, "activate", human)
    cam.cx += 40.0  # looking far away: the next decision (the move) brings the wheel back into view
    click_button(app, "Drive: roll 3D6\"")
    app.frame(1 / 60)
    assert scene._human().kind == "plan"
    w = scene.session.state.wheels[scene.session.state.stack[-1]["wheel"]]
    sx, sy = cam.to_screen(w.x, w.y)
    assert cam.vx < sx < cam.vx + cam.vw and cam.vy < sy < cam.vy + cam.vh


def test_set_up_lists_the_players_own_doomwheel_courses(app, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    import json
    import shutil
    from game.ui.doomwheel.scenes.setup import DoomSetupScene
    mine = tmp_path / "courses"
    mine.mkdir()
    doc = json.loads(FIGURE_8.read_text())
    doc["name"] = "My Own Eight"
    (mine / "my_eight.json").write_text(json.dumps(doc))
    shutil.copy(ROOT / "levels" / "wild_race" / "sprint.json", mine / "a_sprint.json")  # not a Doomwheel course
    (mine / "broken.json").write_text('{"ruleset": "doomwheel", "format": ')  # will not load
    scene = DoomSetupScene(app)
    names = [pathlib.Path(f).name for f in scene.files]
    assert "my_eight.json" in names and "a_sprint.json" not in names
    app.replace(scene)
    app.frame(1 / 60)  # every card drawn, the broken one as such
    scene.course_i = names.index("my_eight.json")
    scene.players = 2
    scene.kinds = ["AI (random)", "AI (random)"]
    scene.resized()
    click_button(app, "Start the race")
    assert type(app.scene).__name__ == "DoomRaceScene"
    assert app.scene.session.state.course.name == "My Own Eight"


def test_a_race_with_every_other_option_value(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.doomwheel.options import Options
    from game.ui.doomwheel.flow import start_doomwheel
    opts = Options(players=3, laps=1, move_distance="up_to", schwenk="free_pivot", edge_damage="d3_s4",
                   tangled="then_continue", ram_effect_timing="next_turn", sabotage_moves="per_point", turn_cap=30)
    start_doomwheel(app, load_course(str(ROOT / "levels" / "doomwheel" / "the_ratways.json")),
                    [("Ann", "human"), ("Bob", "random"), ("Cy", "random")], opts, seed=8)
    human = Human()
    run_race(app, human, 8000)
    assert type(app.scene).__name__ == "DoomResultsScene", human.done
    assert human.done.get("plan", 0) >= 2, human.done


def test_schwenk_point_dragged_by_its_handle_and_kept_by_a_nudge(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.doomwheel.options import Options
    from game.ui.doomwheel.flow import start_doomwheel
    start_doomwheel(app, load_course(str(FIGURE_8)), [("Ann", "human"), ("Bob", "random")], Options(), seed=6)
    scene = app.scene
    _until(app, scene, "plan", Human())
    cam = scene.view.camera
    press(app, pygame.K_z)
    press(app, pygame.K_q)
    press(app, pygame.K_q)  # a Schwenk of 10 degrees left at the start
    assert scene.move_choice()["angle"] == 10.0 and scene.move_choice()["at"] == 0.0
    w = scene.session.state.wheels[scene.session.state.stack[-1]["wheel"]]
    hx, hy = cam.to_screen(*scene.handle_point())
    ux, uy = math.cos(math.radians(w.heading)), math.sin(math.radians(w.heading))
    tx, ty = cam.to_screen(scene.handle_point()[0] + ux * 2.0, scene.handle_point()[1] + uy * 2.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(hx), int(hy)), button=1))
    app.frame(1 / 60)
    assert scene.drag_handle
    move_mouse(app, (tx, ty))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(tx), int(ty)), button=1))
    app.frame(1 / 60)
    c = scene.move_choice()
    assert abs(c["at"] - 2.0) <= 0.15 and c["angle"] == 10.0, c  # two inches on, the angle kept
    move_mouse(app, (tx + 5, ty + 5))  # a nudge of the mouse keeps it
    assert scene.move_choice() == c
    gh = scene.ghost()
    assert gh["handle"] is not None and gh["preview"].legs
    n = len(scene.session.events)
    press(app, pygame.K_RETURN)
    turned = [e for e in scene.session.events[n:] if e.kind == "WheelTurned" and e.wheel == w.id]
    assert turned and turned[0].h1 - turned[0].h0 <= 10.0 + 1e-6


def test_wild_race_pause_leaves_one_set_of_decision_buttons(app) -> None:  # type: ignore[no-untyped-def]
    """The same re-entry after the pause menu, in the Wild Race scene (it left the old
    buttons on screen beside the new ones)."""
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    start_series(app, load_course(str(ROOT / "levels" / "wild_race" / "sprint.json")), [("A", "human"), ("B", "random")],
                 1, Options(), 1, seed=8)
    for _ in range(30):
        app.frame(1 / 60)

    def on_screen() -> list[str]:
        return sorted(e.text for e in app.manager.get_root_container().elements
                      if isinstance(e, pygame_gui.elements.UIButton) and e.visible and e.alive())

    before = on_screen()
    assert before
    press(app, pygame.K_ESCAPE)
    click_button(app, "Resume")
    app.frame(1 / 60)
    assert on_screen() == before
