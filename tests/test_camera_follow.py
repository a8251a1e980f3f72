"""The camera follows play (issue 12 items 11 and 22): a loaded game opens on the
piece whose decision it is; during play the deciding (or moving) piece stays in
view, and the leader while spectating; the camera glides (no jumps) and never
shows the empty band beyond the table board; a pan by the player keeps the camera
where they put it until L, F or the next turn. Driven headless with synthetic input."""

from __future__ import annotations

import math
import os
import pathlib
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

ROOT = pathlib.Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "levels" / "wild_race" / "sample_sprint.json"
RATWAYS = ROOT / "levels" / "doomwheel" / "the_ratways.json"


def frames(app: Any, n: int = 1) -> None:
    for _ in range(n):
        app.frame(1 / 60)


def key(app: Any, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)


def in_view(cam: Any, x: float, y: float) -> bool:
    sx, sy = cam.to_screen(x, y)
    return cam.vx <= sx <= cam.vx + cam.vw and cam.vy <= sy <= cam.vy + cam.vh


def deciding_pieces(scene: Any) -> list[str]:
    """The racers (wheels) the open decision is about, read from the rules' pending
    step and its choices (independently of the scene's own camera code)."""
    p = scene.session.pending()
    if p is None:
        return []
    top = scene.session.state.stack[-1]
    ids = [top.get(k) for k in ("racer", "barger", "wheel")]
    ids += [c.get("racer") for c in p.legal] + [c.get("wheel") for c in p.legal]
    shown = scene.anim.racers if hasattr(scene.anim, "racers") else scene.anim.wheels
    return [i for i in dict.fromkeys(ids) if isinstance(i, str) and i in shown and i not in scene.anim.gone]


def wild_race(app: Any, kinds: tuple[str, ...] = ("human", "random"), per: int = 2, seed: int = 5) -> Any:
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    start_series(app, load_course(str(SAMPLE)), [(f"P{i}", k) for i, k in enumerate(kinds)], per, Options(), 1,
                 seed=seed)
    frames(app, 2)
    return app.scene


def play_first_choice(app: Any, decisions: int) -> None:
    """The human takes the first legal choice `decisions` times (the AI plays between)."""
    done = 0
    for _ in range(20000):
        scene = app.scene
        if done >= decisions or scene.session.over:
            return
        p = scene.session.human_turn()
        if p is not None and not scene.anim.busy and scene.handover is None:
            assert scene.session.submit(p.legal[0]) is None
            scene._catch_up()
            done += 1
        frames(app)
    raise AssertionError("the race did not come back to the human")


def mid_race_save(app: Any, turn: int = 6) -> str:
    """A Wild Race (a human and a random AI, two racers each) played to `turn`, saved."""
    from game.ui import saving
    scene = wild_race(app)
    while scene.session.state.turn < turn and not scene.session.over:
        play_first_choice(app, 1)
    frames(app, 2)
    path = saving.save_now(scene)
    assert path is not None and os.path.isfile(path)
    return path


def view_on_board(scene: Any) -> bool:
    """No band beyond the table board shows (on each axis where the board is the
    larger); where the board is the smaller, it is centred."""
    cam = scene.view.camera
    minx, miny, maxx, maxy = scene.view.board_rect()
    left, top = cam.to_table(cam.vx, cam.vy)
    right, bottom = cam.to_table(cam.vx + cam.vw, cam.vy + cam.vh)
    ok_x = (minx - 1e-6 <= left and right <= maxx + 1e-6) if maxx - minx > right - left else \
        abs((left + right) / 2 - (minx + maxx) / 2) < 1e-6
    ok_y = (miny - 1e-6 <= bottom and top <= maxy + 1e-6) if maxy - miny > top - bottom else \
        abs((top + bottom) / 2 - (miny + maxy) / 2) < 1e-6
    return ok_x and ok_y


# --- item 11: the camera follows play ----------------------------------------------------

def test_a_loaded_game_opens_on_the_piece_whose_decision_it_is(app) -> None:  # type: ignore[no-untyped-def]
    from game.save import load_game
    from game.ui.scenes.flow import resume_game
    path = mid_race_save(app)
    resume_game(app, load_game(path))
    frames(app, 2)
    scene = app.scene
    assert scene.session.state.turn >= 6 and scene._human() is not None
    pieces = deciding_pieces(scene)
    assert pieces
    x, y, _ = scene.anim.racers[pieces[0]]
    assert in_view(scene.view.camera, x, y), (pieces[0], (x, y), scene.view.camera)


def test_during_a_game_the_deciding_piece_stays_in_view(app) -> None:  # type: ignore[no-untyped-def]
    scene = wild_race(app)
    cam = scene.view.camera
    seen = 0
    for _ in range(60):  # every human decision of the first turns, and the AI's between them
        if scene.session.over:
            break
        play_first_choice(app, 1)
        frames(app, 2)
        for rid in deciding_pieces(scene)[:1]:
            x, y, _ = scene.anim.racers[rid]
            assert in_view(cam, x, y), (rid, scene.session.state.turn, (x, y), cam)
            seen += 1
        assert view_on_board(scene)
    assert seen > 20 and scene.session.state.turn >= 4


def test_over_an_ai_race_the_leader_stays_in_view_on_the_board(tmp_path: pathlib.Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Animated in real time (60 frames a second of game time): the camera glides
    along with the leader and keeps it in view, on the board, all the way."""
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene
    app = App((1280, 800), clock=lambda: 0.0)
    try:
        app.push(MenuScene(app))
        scene = wild_race(app, ("random", "random"), seed=8)
        cam = scene.view.camera
        leads = set()
        for _ in range(1800):  # half a minute of the race
            if scene.session.over or app.scene is not scene:
                break
            frames(app)
            lead = scene._leader()
            if lead is not None:
                x, y, _ = scene.anim.racers[lead]
                assert in_view(cam, x, y), (lead, scene.session.state.turn, cam)
                leads.add((lead, round(x), round(y)))
            assert view_on_board(scene)
        assert len(leads) > 10 and scene.session.state.turn >= 3
    finally:
        app.close()


def test_a_doomwheel_game_follows_the_deciding_wheel(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.doomwheel.options import Options
    from game.ui.doomwheel.flow import start_doomwheel
    start_doomwheel(app, load_course(str(RATWAYS)), [("Ann", "human"), ("Bob", "random")], Options(), seed=4)
    frames(app, 2)
    scene = app.scene
    cam = scene.view.camera
    key(app, pygame.K_EQUALS)  # zoomed in: the whole track no longer fits
    key(app, pygame.K_EQUALS)
    key(app, pygame.K_EQUALS)
    seen = 0
    for _ in range(30):
        if scene.session.over:
            break
        play_first_choice(app, 1)
        frames(app, 2)
        for wid in deciding_pieces(scene)[:1]:
            x, y, _ = scene.anim.wheels[wid]
            assert in_view(cam, x, y), (wid, cam)
            seen += 1
    assert seen > 10


def test_the_camera_glides_and_is_still_while_the_pieces_are_well_in_view() -> None:
    from game.ui.camera import MAX_SPEED, Camera
    cam = Camera(cx=0.0, cy=0.0, ppi=20.0, vw=900, vh=600)
    # well inside the view: no move at all
    assert cam.keep_in_view([(5.0, 3.0)], 1 / 60) == 0.0 and (cam.cx, cam.cy) == (0.0, 0.0)
    # far off: a glide, a little each frame (never a jump), and there in the end
    steps = []
    for _ in range(600):
        before = (cam.cx, cam.cy)
        cam.keep_in_view([(200.0, 0.0)], 1 / 60)
        steps.append(math.dist(before, (cam.cx, cam.cy)) * cam.ppi)
    assert max(steps) <= MAX_SPEED / 60 + 1e-6 and steps[0] > 0
    assert in_view(cam, 200.0, 0.0) and not cam.gliding
    # kept on the board: the view's edge never goes past it
    cam.keep_in_view([(-1000.0, 0.0)], 1e6, board=(-50.0, -20.0, 250.0, 20.0))
    assert math.isclose(cam.cx - cam.vw / 2 / cam.ppi, -50.0)
    assert cam.cy == 0.0  # the board is lower than the view: centred


def test_a_pan_keeps_the_camera_where_the_player_put_it_until_l_or_the_next_turn(app) -> None:  # type: ignore[no-untyped-def]
    scene = wild_race(app)
    play_first_choice(app, 4)  # into the race proper
    cam = scene.view.camera
    turn = scene.session.state.turn
    # drag the empty table far away from the racers
    start = (cam.vx + 40, cam.vy + cam.vh - 40)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 300, start[1]), rel=(300, 0),
                                         buttons=(0, 0, 1)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] + 300, start[1]), button=3))
    frames(app)
    put = (cam.cx, cam.cy)
    assert not scene.following and "L" in scene.toast[0]
    for _ in range(20000):  # the game goes on in this turn: the camera stays where it was put
        if scene.session.state.turn != turn or scene.session.over:
            break
        p = scene.session.human_turn()
        if p is not None and not scene.anim.busy:
            scene.session.submit(p.legal[0])
            scene._catch_up()
        frames(app)
        if scene.session.state.turn == turn:
            assert (cam.cx, cam.cy) == put and not scene.following
    frames(app)
    assert scene.session.state.turn == turn + 1 and scene.following  # the next turn: following again
    key(app, pygame.K_d)  # a pan by key stops it too
    assert not scene.following
    key(app, pygame.K_l)  # L: following again at once
    assert scene.following
    key(app, pygame.K_l)  # L again: off, and it stays off over the turns
    assert not scene.following
    while scene.session.state.turn <= turn + 2 and not scene.session.over:
        play_first_choice(app, 1)
    assert not scene.following
    key(app, pygame.K_f)  # F: the whole course, and following again
    assert scene.following


# --- item 22: the editor's test race opens centred on the board -----------------------

def test_the_editors_test_race_shows_no_band_beyond_the_board(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.editor import EditorScene
    from game.ui.wild_race.test_race import TestRaceScene
    for ruleset in ("wild-race", "doomwheel"):
        from game.ui.editor_model import EditorModel
        ed = EditorScene(app, EditorModel.new(ruleset=ruleset))
        app.replace(ed)
        frames(app, 2)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=pygame.KMOD_LCTRL, unicode="",
                                             scancode=0))
        frames(app, 2)
        race = app.scene
        assert race is not ed, ed.message
        if ruleset == "wild-race":
            assert isinstance(race, TestRaceScene)
        for _ in range(400):  # the opening, the placement and the first turns
            if app.scene is not race:
                break
            assert view_on_board(race), (ruleset, race.session.state.turn, race.view.camera)
            frames(app)
        race.leave_test()
