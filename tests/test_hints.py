"""First-game hints (issue 12 item 25), driven headless with synthetic input: the first
race shows the first hint beside what it points at (never over a piece); dismissing
it records it in the settings file; a second race does not show it; "No more hints"
and the setting off show none; Settings turned on again shows them all once more."""

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
SAMPLE = ROOT / "levels" / "wild_race" / "sample_sprint.json"
FIGURE_8 = ROOT / "levels" / "doomwheel" / "figure_of_eight.json"


def frames(app: Any, n: int = 1) -> None:
    for _ in range(n):
        app.frame(1 / 60)


def click(app: Any, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 2)


def wild_race(app: Any, kinds: tuple[str, ...] = ("human", "random")) -> Any:
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    start_series(app, load_course(str(SAMPLE)), [(f"P{i}", k) for i, k in enumerate(kinds)], 1, Options(), 1, seed=5)
    return app.scene


def doom_race(app: Any) -> Any:
    from game.levels.course import load_course
    from game.rules.doomwheel.options import Options
    from game.ui.doomwheel.flow import start_doomwheel
    start_doomwheel(app, load_course(str(FIGURE_8)), [("Ann", "human"), ("Bob", "random")], Options(), seed=6)
    return app.scene


def until_human(app: Any, kind: str | None = None) -> Any:
    scene = app.scene
    for _ in range(3000):
        frames(app)
        if scene.session.over:
            return None
        p = scene._human()
        if p is not None and scene.handover is None and (kind is None or p.kind == kind):
            frames(app)
            return p
        if p is not None and kind is not None:  # another decision first: take its first choice
            scene._submit(p.legal[0])
    raise AssertionError(f"no human {kind} decision")


def pieces_on_screen(scene: Any) -> list[tuple[float, float]]:
    cam = scene.view.camera
    poses = scene.anim.wheels if hasattr(scene.anim, "wheels") else scene.anim.racers
    return [cam.to_screen(x, y) for pid, (x, y, _) in poses.items() if pid not in scene.anim.gone]


def saved_settings() -> Any:
    from game.ui.settings import load_settings
    s, err = load_settings()
    assert err is None
    return s


def test_the_first_race_shows_the_first_hint_and_dismissing_it_records_it(app) -> None:  # type: ignore[no-untyped-def]
    scene = wild_race(app)
    until_human(app, "place_turn")
    h = scene.hints
    assert h.current is not None and h.current.id == "place"
    assert h.box is not None and pygame.Rect(0, 0, scene.view.camera.vw, scene.view.camera.vh).contains(h.box)
    assert h.box.collidelist(h.avoid()) < 0
    assert not any(h.box.collidepoint(p) for p in pieces_on_screen(scene))
    placed = len(scene.session.events)
    click(app, h.ok_rect.center)  # Got it
    assert len(scene.session.events) == placed  # the click was the callout's, not a placement
    assert h.current is None and "place" in app.settings.hints_seen
    assert "place" in saved_settings().hints_seen  # kept in the settings file
    frames(app, 2)
    assert h.current is None  # the next hint waits for the next decision
    # a second race: not shown again
    scene2 = wild_race(app)
    until_human(app, "place_turn")
    assert scene2.hints.current is None or scene2.hints.current.id != "place"


def test_hints_follow_the_race_and_never_cover_a_piece(app) -> None:  # type: ignore[no-untyped-def]
    scene = wild_race(app)
    shown = []
    for _ in range(60):
        p = until_human(app)
        if p is None:
            break
        h = scene.hints
        if h.current is not None:
            if not shown or shown[-1] != h.current.id:
                shown.append(h.current.id)
            assert h.box is not None and h.box.collidelist(h.avoid()) < 0, h.current.id
            assert not any(h.box.collidepoint(q) for q in pieces_on_screen(scene))
            if h.current.id == "pick":  # pick up the racer: the ghost hint comes next
                rid = next(c["racer"] for c in p.legal if c.get("racer"))
                x, y, _ = scene.anim.racers[rid]
                click(app, tuple(int(v) for v in scene.view.camera.to_screen(x, y)))
                assert scene.selected == rid
                r = scene.session.state.racers[rid]
                aim = tuple(int(v) for v in scene.view.camera.to_screen(r.x + 6, r.y))
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=aim, rel=(0, 0), buttons=(0, 0, 0)))
                frames(app, 2)
                assert h.current is not None and h.current.id == "ghost"
                assert "pick" in app.settings.hints_seen  # done as it said: seen
                assert h.box.collidelist(h.avoid()) < 0
                click(app, h.ok_rect.center)
                continue
            click(app, h.ok_rect.center)
            continue
        scene._submit(p.legal[0])
        if {"place", "pick", "odds", "dice"} <= set(shown) or scene.session.over:
            break
    assert shown[:2] == ["place", "pick"] and {"odds", "dice"} <= set(shown), shown
    assert set(shown) | {"ghost"} <= set(app.settings.hints_seen)


def test_no_more_hints_and_the_setting_off_show_none(app) -> None:  # type: ignore[no-untyped-def]
    scene = wild_race(app)
    until_human(app, "place_turn")
    h = scene.hints
    click(app, h.off_rect.center)  # No more hints
    assert app.settings.hints is False and saved_settings().hints is False
    for _ in range(12):  # a dozen decisions: none
        p = until_human(app)
        assert h.current is None and h.box is None
        scene._submit(p.legal[0])
    # Settings: on again shows every hint once more
    from game.ui.scenes.settings_scene import SettingsScene
    app.settings.hints_seen = ["place"]
    app.replace(SettingsScene(app))
    frames(app)
    dd = next(d for d, key in app.scene.dds.items() if key == "hints")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=dd, text="on",
                                         ui_object_id=""))
    frames(app)
    assert app.settings.hints is True and app.settings.hints_seen == []
    scene = wild_race(app)
    until_human(app, "place_turn")
    assert scene.hints.current is not None and scene.hints.current.id == "place"


def test_a_first_doomwheel_race_shows_its_hints(app) -> None:  # type: ignore[no-untyped-def]
    scene = doom_race(app)
    until_human(app, "activate")
    h = scene.hints
    assert h.current is not None and h.current.id == "doom_drive"
    assert h.box.collidelist(h.avoid()) < 0
    click(app, h.ok_rect.center)
    assert "doom_drive" in saved_settings().hints_seen
    p = scene._human()
    scene._submit(next(c for c in p.legal if c.kind != "repair"))
    until_human(app, "plan")
    import math
    w = scene.session.state.wheels[scene.session.state.stack[-1]["wheel"]]
    aim = scene.view.camera.to_screen(w.x + 8 * math.cos(math.radians(w.heading)),
                                      w.y + 8 * math.sin(math.radians(w.heading)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(aim[0]), int(aim[1])), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app, 2)
    assert h.current is not None and h.current.id == "doom_aim"
    assert h.box.collidelist(h.avoid()) < 0  # clear of the wheels, the critters, the ghost, the pointer
    assert h.box.collidelist(h.words()) < 0  # and of the ghost's words and the table's other labels
    assert not any(h.box.collidepoint(q) for q in pieces_on_screen(scene))


def test_no_hints_while_spectating_or_in_the_editors_test_race(app) -> None:  # type: ignore[no-untyped-def]
    scene = wild_race(app, ("random", "random"))
    for _ in range(200):
        frames(app)
        if app.scene is not scene:
            break
        assert scene.hints.current is None
    from game.ui.wild_race.test_race import TestRaceScene
    assert TestRaceScene.hints_allowed is False
