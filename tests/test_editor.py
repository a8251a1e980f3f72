"""The course editor (issue 5 item 4).

The model (game.ui.editor_model, plain Python): the starter course, undo / redo that
restore exact states, a bounded history, drags as one command, field paths pointing at
items, fields the editor does not edit passed through, atomic saves that keep a .bak
and round-trip byte for byte.

The scene (game.ui.scenes.editor), driven headless through the real window with
synthetic mouse and keys: a course built from scratch (new, centre points dragged, a
point added by double-click, obstacles put down, turned, resized and moved, the start
and finish lines placed) validates without errors, saves (atomic, .bak on the second
save, loads back equal, byte for byte) and races (the test race launches and comes back
to the editor with the same course and history); undo and redo by keys restore exact
states; clicking a validation problem selects its item; the unsaved-changes prompt;
opening a course from the list; edges drawn by hand; a screenshot in out/editor.png.
"""

from __future__ import annotations

import copy
import json
import os
import pathlib
import shutil
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.levels import course as course_mod  # noqa: E402
from game.levels.course import course_to_json, load_course, save_course  # noqa: E402
from game.core.errors import BadInput  # noqa: E402
from game.ui.editor_model import (  # noqa: E402
    PRESETS,
    EditorModel,
    Target,
    changed_fields,
    course_files,
    rotated,
    scaled,
    slug,
    starter_data,
    target_for,
)

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "out"
SHIPPED = sorted((ROOT / "levels" / "wild_race").glob("*.json"))


# --------------------------------------------------------------------------- the model


def test_the_model_is_plain_python() -> None:
    import subprocess
    import sys
    code = "import sys, game.ui.editor_model as m; m.EditorModel.new().problems; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "False"


def test_starter_is_an_80_inch_straight_with_no_problems() -> None:
    m = EditorModel.new()
    c = m.course
    assert c is not None and m.problems == []
    assert c.centre[0] == (0.0, 0.0) and c.centre[-1] == (80.0, 0.0)
    assert c.width == 24.0 and c.start_progress == 4.0 and c.finish_progress == 80.0
    assert not m.dirty and m.path is None and not m.can_undo


def _edit_script(m: EditorModel) -> None:
    """One of every kind of edit."""
    m.set_centre_point(1, 42, 3)
    m.insert_centre_point(2, 60, 2)
    m.set_width(26)
    i = m.add_obstacle("hedge", 30, 4)
    assert i == 0
    m.add_obstacle("rock", 50, -5)
    m.add_obstacle("ruin", 65, 6)
    m.add_obstacle("statue", 70, -6, size="large")
    m.rotate_obstacle(0, 15)
    m.rotate_obstacle(2, -30)
    m.scale_obstacle(1, 1.25)
    m.scale_obstacle(3, 0.8)
    m.move_obstacle(0, 31.5, 4.5)
    m.set_obstacle_size(0, "large")
    m.set_line_end("start", 0, 5, 13)
    m.set_line_end("finish", 1, 80, -13)
    m.use_edges()
    m.set_edge_point("left", 1, 42, 17)
    m.insert_edge_point("right", 1, 20, -13)
    m.delete_edge_point("right", 1)
    m.use_width(24)
    m.delete_obstacle(1)
    m.delete_centre_point(2)
    m.rename("Renamed")
    m.begin("drag")
    m.set_centre_point(1, 44, 5)
    m.set_centre_point(1, 45, 6)
    m.end()


def test_undo_and_redo_restore_exact_states() -> None:
    m = EditorModel.new()
    states = [copy.deepcopy(m.data)]
    real = m.change

    def recording(label: str, values: dict[str, Any]) -> Any:
        cmd = real(label, values)
        if cmd is not None:
            states.append(copy.deepcopy(m.data))
        return cmd

    m.change = recording  # type: ignore[method-assign]
    _edit_script(m)
    states.append(copy.deepcopy(m.data))  # after the drag (one command)
    assert len(m.undo_stack) == len(states) - 1 > 20
    for want in reversed(states[:-1]):
        assert m.undo() is not None
        assert m.data == want
    assert m.undo() is None and not m.dirty
    for want in states[1:]:
        assert m.redo() is not None
        assert m.data == want
    assert m.redo() is None
    # a new edit clears the redo stack
    m.undo()
    m.set_width(30)
    assert not m.can_redo


def test_history_is_bounded() -> None:
    m = EditorModel(starter_data(), history_limit=5)
    for w in range(10, 20):
        m.set_width(w)
    assert len(m.undo_stack) == 5
    for _ in range(5):
        assert m.undo()
    assert m.undo() is None and m.width == 14


def test_a_drag_is_one_command_and_cancel_puts_it_back() -> None:
    m = EditorModel.new()
    before = copy.deepcopy(m.data)
    m.begin("move centre point 1")
    for x in range(41, 50):
        m.set_centre_point(1, x, x - 40)
        assert m.course is not None  # shown live
    assert not m.can_undo
    cmd = m.end()
    assert cmd is not None and cmd.label == "move centre point 1" and len(m.undo_stack) == 1
    assert changed_fields(before, m.data) == ["centre", "start"]  # the start line followed the edges
    m.undo()
    assert m.data == before
    m.begin("x")
    m.add_obstacle("rock", 40, 0)
    m.cancel()
    assert m.data == before and not m.can_undo and m.can_redo  # a cancel leaves the history alone
    assert m.end() is None


def test_lines_across_the_course_follow_the_width_and_the_centre_line() -> None:
    m = EditorModel.new()
    m.set_width(30)
    assert m.data["start"] == [[4.0, 15.0], [4.0, -15.0]] and m.errors == []
    m.set_centre_point(2, 80, -20)  # the last straight tilts: the start line stays put
    assert m.data["start"] == [[4.0, 15.0], [4.0, -15.0]] and m.errors == []
    m.set_line_end("finish", 0, 70, 14)  # off the edge: it no longer follows
    m.set_width(20)
    assert m.data["start"] == [[4.0, 10.0], [4.0, -10.0]]
    assert m.data["finish"][0] == [70.0, 14.0]
    m.undo()
    assert m.data["start"] == [[4.0, 15.0], [4.0, -15.0]] and m.width == 30


def test_dirty_follows_the_saved_state(tmp_path: pathlib.Path) -> None:
    m = EditorModel.new()
    assert not m.dirty
    m.set_width(30)
    assert m.dirty
    m.save(str(tmp_path / "a.json"))
    assert not m.dirty
    m.set_width(31)
    assert m.dirty
    m.undo()
    assert not m.dirty  # back to what is on disk
    m.undo()
    assert m.dirty


def test_problem_fields_read_as_words() -> None:
    """The problem list names the piece, not the file's path to it."""
    from game.ui.editor_model import field_words
    assert field_words("obstacles[0]") == "Obstacle 1"
    assert field_words("obstacles[2].size") == "Obstacle 3 (size)"
    assert field_words("edges.left[3]") == "Left edge, point 4"
    assert field_words("checkpoints[1][0]") == "Checkpoint 2"
    assert field_words("critters[3].kind") == "Critter 4 (kind)"
    assert field_words("") == "The course" and field_words("width") == "Width"


def test_target_for_field_paths() -> None:
    assert target_for("obstacles[3]") == Target("obstacle", 3)
    assert target_for("obstacles[12].radius") == Target("obstacle", 12)
    assert target_for("centre[2]") == Target("centre", 2)
    assert target_for("centre") == Target("centre")
    assert target_for("start") == Target("line", None, "start")
    assert target_for("finish") == Target("line", None, "finish")
    assert target_for("start[1]") == Target("line", None, "start", 1)
    assert target_for("edges.left") == Target("edge", None, "left")
    assert target_for("edges.right[4]") == Target("edge", 4, "right")
    assert target_for("edges") == Target("edge")
    assert target_for("width") == Target("edge")
    assert target_for("checkpoints[1]") == Target("line", 1, "checkpoint")
    assert target_for("name") is None and target_for("") is None


def test_obstacle_helpers() -> None:
    hedge = {"id": "h", "look": "hedge", "x": 1, "y": 2, **PRESETS["hedge"]}
    assert rotated(hedge, 300)["rotation"] == 30.0
    assert rotated(hedge, -90)["rotation"] == 0.0
    big = scaled(hedge, 2.0)
    assert (big["length"], big["width"]) == (8.0, 1.4)
    tiny = scaled(hedge, 0.001)
    assert min(tiny["length"], tiny["width"]) >= 0.1
    ruin = {"id": "r", "look": "ruin", "x": 0, "y": 0, **PRESETS["ruin"]}
    turned = rotated(ruin, 90)
    assert turned["points"][0] == [1.81, -1.47]
    rock = {"id": "k", "look": "rock", "x": 0, "y": 0, **PRESETS["rock"]}
    assert rotated(rock, 45) == rock and scaled(rock, 1.5)["radius"] == 3.0


def test_every_preset_makes_a_loadable_obstacle() -> None:
    m = EditorModel.new()
    for n, look in enumerate(PRESETS):
        m.add_obstacle(look, 14 + n * 10, 0)
    assert m.course is not None, m.problems
    assert [o.id for o in m.course.obstacles] == [f"{look}-1" for look in PRESETS]
    assert not m.errors, m.problems


def test_a_course_that_does_not_load_reports_its_problems() -> None:
    m = EditorModel.new()
    m.set_centre_point(2, 40, 0)  # repeats point 1
    assert m.course is None
    assert [(p.severity, p.field) for p in m.problems] == [("error", "centre[2]")]
    assert m.last_good is not None  # still drawn
    with pytest.raises(BadInput):
        m.save("/nonexistent/never.json")
    m.undo()
    assert m.course is not None and m.problems == []


def test_save_is_atomic_keeps_a_bak_and_round_trips(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "mine.json"
    m = EditorModel.new()
    m.add_obstacle("rock", 40, 5)
    m.save(str(path))
    first = path.read_bytes()
    assert not (tmp_path / "mine.json.bak").exists()
    m.scale_obstacle(0, 1.1)
    m.save()
    assert (tmp_path / "mine.json.bak").read_bytes() == first
    assert path.read_bytes() != first
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.json", "mine.json.bak"]  # no temporary left
    loaded = load_course(path)
    assert loaded == m.course
    again = tmp_path / "again.json"
    save_course(loaded, again)
    assert again.read_bytes() == path.read_bytes()
    assert EditorModel.open(str(path)).data == m.data


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_courses_open_and_save_unchanged(path: pathlib.Path, tmp_path: pathlib.Path) -> None:
    m = EditorModel.open(str(path))
    out = tmp_path / path.name
    m.save(str(out))
    assert out.read_bytes() == path.read_bytes()


def test_fields_the_editor_does_not_edit_pass_through(tmp_path: pathlib.Path) -> None:
    data = course_to_json(load_course(ROOT / "levels" / "wild_race" / "sprint.json"))
    data["max_racers"] = 8
    extra: dict[str, Any] = {}
    if course_mod.FORMAT >= 2:  # format-2 layers (issue 5 item 1)
        extra = {"format": 2,
                 "checkpoints": [[[30, 12], [30, -12]]],
                 "decorations": [{"look": "tree", "x": -6, "y": 20, "rotation": 0, "scale": 1}]}
    data.update(extra)
    src = tmp_path / "in.json"
    from game.core.jsonload import save_json_file
    save_json_file(src, data)
    m = EditorModel.open(str(src))
    m.move_obstacle(0, 28, -3)
    m.rotate_obstacle(1, 15)
    m.set_obstacle_size(2, "small")
    m.set_centre_point(1, 30, 0.5)
    m.undo()
    m.save(str(tmp_path / "out.json"))
    saved = json.loads((tmp_path / "out.json").read_text())
    for key in ("description", "max_racers", "finish", *extra):
        assert saved[key] == json.loads(src.read_text())[key], key
    assert changed_fields(json.loads(src.read_text()), saved) == ["obstacles"]


def test_save_as_places_and_names_files(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    m = EditorModel.new()
    p = m.save_as_path("My Canyon!")
    assert p == str(tmp_path / "courses" / "my_canyon.json")
    m.save(p)
    assert m.save_as_path("My Canyon!") == p  # its own file
    assert EditorModel.new().save_as_path("my canyon") == str(tmp_path / "courses" / "my_canyon_2.json")
    shipped = EditorModel.open(str(ROOT / "levels" / "wild_race" / "sprint.json"))
    assert os.path.dirname(shipped.save_as_path("Sprint 2")) == str(ROOT / "levels" / "wild_race")
    assert slug("   ") == "course"
    files = course_files()
    assert [f.where for f in files].count("yours") == 1 and any(f.label == "Sprint" for f in files)


# --------------------------------------------------------------------------- the scene

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")


def frame(app, n: int = 1) -> None:  # type: ignore[no-untyped-def]
    for _ in range(n):
        app.frame(1 / 60)


def buttons(app) -> list[Any]:  # type: ignore[no-untyped-def]
    """Every live, visible button (also those inside dialog windows)."""
    return [e for e in app.manager.get_sprite_group().sprites() if isinstance(e, pygame_gui.elements.UIButton)
            and e.alive() and e.visible]


def button(app, text: str):  # type: ignore[no-untyped-def]
    found = [b for b in buttons(app) if b.text == text and b.is_enabled]
    assert found, f"no button {text!r}: " + ", ".join(sorted(b.text for b in buttons(app)))
    return found[-1]


def click(app, pos: tuple[float, float], button_no: int = 1) -> None:  # type: ignore[no-untyped-def]
    pos = (int(round(pos[0])), int(round(pos[1])))
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button_no))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button_no))
    frame(app, 2)


def click_button(app, text: str) -> None:  # type: ignore[no-untyped-def]
    click(app, button(app, text).rect.center)


def drag(app, a: tuple[float, float], b: tuple[float, float]) -> None:  # type: ignore[no-untyped-def]
    a = (int(round(a[0])), int(round(a[1])))
    b = (int(round(b[0])), int(round(b[1])))
    pygame.mouse.set_pos(a)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(mid[0] - a[0], mid[1] - a[1]),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(b[0] - mid[0], b[1] - mid[1]),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    pygame.mouse.set_pos(b)
    frame(app, 2)


def press(app, key: int, mod: int = 0) -> None:  # type: ignore[no-untyped-def]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    frame(app)


def dialogs(app) -> list[Any]:  # type: ignore[no-untyped-def]
    return [e for e in app.manager.get_sprite_group().sprites() if isinstance(e, pygame_gui.elements.UIWindow) and e.alive()]


def shot(app, name: str):  # type: ignore[no-untyped-def]
    OUT.mkdir(exist_ok=True)
    pygame.image.save(app.screen, str(OUT / name))
    return app.screen


def open_editor(app):  # type: ignore[no-untyped-def]
    from game.ui.scenes.editor import EditorScene
    frame(app)
    click_button(app, "Course editor")
    assert isinstance(app.scene, EditorScene)
    return app.scene


def at(ed, x: float, y: float) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Screen position of a table point in the editor."""
    return ed.camera.to_screen(x, y)


def build_loop(app, ed) -> None:  # type: ignore[no-untyped-def]
    """New course, then by mouse and keys: a right-angle bend, obstacles, start and
    finish placed."""
    click_button(app, "New")
    assert ed.dialog is not None and ed.dialog.window.window_display_title == "New course"
    click_button(app, "The Wild Race")
    assert ed.model.centre() == [(0.0, 0.0), (40.0, 0.0), (80.0, 0.0)]
    drag(app, at(ed, 80, 0), at(ed, 50, -40))  # the end point round the corner
    assert ed.model.centre()[2] == (50.0, -40.0)
    drag(app, at(ed, 40, 0), at(ed, 50, 0))  # the corner
    assert ed.model.centre()[1] == (50.0, 0.0)
    ed.fit()
    frame(app)
    # a point added by double-click on the line, then dragged back onto the straight
    click(app, at(ed, 25, 0))
    click(app, at(ed, 25, 0))
    assert ed.model.centre() == [(0.0, 0.0), (25.0, 0.0), (50.0, 0.0), (50.0, -40.0)]
    assert ed.sel == Target("centre", 1)
    press(app, pygame.K_DELETE)
    assert len(ed.model.centre()) == 3
    # the start line 2" further on, the finish 4" before the end
    drag(app, at(ed, 4, 12), at(ed, 6, 12))
    drag(app, at(ed, 4, -12), at(ed, 6, -12))
    assert ed.model.data["start"] == [[6.0, 12.0], [6.0, -12.0]]
    drag(app, at(ed, 62, -40), at(ed, 62, -36))
    drag(app, at(ed, 38, -40), at(ed, 38, -36))
    assert ed.model.data["finish"] == [[62.0, -36.0], [38.0, -36.0]]
    # obstacles: pick a piece, click the table
    for look, x, y in (("Hedge", 30, 5), ("Rock", 50, -20), ("Ruin", 40, -6), ("Wall", 56, -28)):
        click_button(app, look)
        assert ed.placing == look.lower()
        click(app, at(ed, x, y))
        assert ed.placing is None
    obs = ed.model.obstacles()
    assert [(o["id"], o["x"], o["y"]) for o in obs] == [("hedge-1", 30, 5), ("rock-1", 50, -20),
                                                         ("ruin-1", 40, -6), ("wall-1", 56, -28)]
    # turn the hedge (Q), grow the rock (+), move the ruin by dragging it
    click(app, at(ed, 30, 5))
    assert ed.sel == Target("obstacle", 0)
    press(app, pygame.K_q)
    assert ed.model.obstacles()[0]["rotation"] == 105.0
    click(app, at(ed, 50, -20))
    press(app, pygame.K_PLUS)
    assert ed.model.obstacles()[1]["radius"] == 2.2
    drag(app, at(ed, 40, -6), at(ed, 44, -6))
    assert (ed.model.obstacles()[2]["x"], ed.model.obstacles()[2]["y"]) == (44.0, -6.0)
    frame(app)


def test_menu_button_opens_the_editor(app) -> None:  # type: ignore[no-untyped-def]
    ed = open_editor(app)
    assert ed.model.problems == [] and not ed.model.dirty


def test_build_a_course_by_input_save_it_and_race_it(app, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.editor import EditorScene
    from game.ui.wild_race.test_race import TestRaceScene
    ed = open_editor(app)
    build_loop(app, ed)
    model = ed.model
    assert model.course is not None
    assert model.errors == [], model.problems
    assert model.dirty
    shot(app, "editor.png")
    # save: no file yet, so "save as" asks for a name
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    assert ed.dialog is not None and ed.dialog.entry is not None
    ed.dialog.entry.set_text("Corner Loop")
    click_button(app, "Save")
    path = tmp_path / "courses" / "corner_loop.json"
    assert ed.dialog is None and model.path == str(path) and path.exists(), ed.message
    assert not model.dirty and model.name == "Corner Loop"
    assert not pathlib.Path(str(path) + ".bak").exists()
    first = path.read_bytes()
    # another edit, saved again: the first version is kept as the .bak
    click(app, at(ed, 56, -28))
    press(app, pygame.K_e)
    click_button(app, "Save")
    assert pathlib.Path(str(path) + ".bak").read_bytes() == first
    assert [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")] == []
    loaded = load_course(path)
    assert loaded == model.course
    copy_path = tmp_path / "copy.json"
    save_course(loaded, copy_path)
    assert copy_path.read_bytes() == path.read_bytes()
    # the test race: four normal AIs, then back to the same editor, course and history
    history = list(model.undo_stack)
    data = copy.deepcopy(model.data)
    click_button(app, "Test race")
    race = app.scene
    assert isinstance(race, TestRaceScene), [d for d in dialogs(app)]
    assert len(race.session.seats) == 4 and {s.kind for s in race.session.seats.values()} == {"normal"}
    assert race.session.state.course == model.course
    frame(app, 3)
    shot(app, "editor_test_race.png")
    press(app, pygame.K_k)  # skip to the end (a frame or so per AI decision: the AIs think in their worker)
    for _ in range(50000):
        if app.scene is ed:
            break
        frame(app)
    assert app.scene is ed and ed.model is model
    assert ed.last_race is not None and ed.last_race.over
    assert "test race over" in ed.message
    assert model.undo_stack == history and model.data == data
    click_button(app, "Undo")
    assert model.data != data


def test_test_race_esc_comes_back_and_errors_refuse_it(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.wild_race.test_race import TestRaceScene
    ed = open_editor(app)
    click_button(app, "Test race")
    assert isinstance(app.scene, TestRaceScene)
    press(app, pygame.K_ESCAPE)
    assert app.scene is ed and ed.message == "test race left"
    # an obstacle off the course: refused, with the reason
    click_button(app, "Rock")
    click(app, at(ed, 40, 14))
    assert ed.model.errors
    click_button(app, "Test race")
    assert app.scene is ed and ed.dialog is not None
    assert "cannot be raced" in ed.dialog.window.window_display_title
    click_button(app, "OK")
    assert ed.dialog is None


def test_undo_and_redo_by_keys(app) -> None:  # type: ignore[no-untyped-def]
    ed = open_editor(app)
    states = [copy.deepcopy(ed.model.data)]
    drag(app, at(ed, 40, 0), at(ed, 42, 3))
    states.append(copy.deepcopy(ed.model.data))
    click_button(app, "Log")
    click(app, at(ed, 20, 6))
    states.append(copy.deepcopy(ed.model.data))
    press(app, pygame.K_e)
    states.append(copy.deepcopy(ed.model.data))
    press(app, pygame.K_RIGHT)  # nudge by the snap step
    states.append(copy.deepcopy(ed.model.data))
    assert ed.model.obstacles()[0]["x"] == 20.5
    press(app, pygame.K_DELETE)
    states.append(copy.deepcopy(ed.model.data))
    press(app, pygame.K_PLUS)  # nothing selected: the width
    states.append(copy.deepcopy(ed.model.data))
    assert ed.model.width == 25
    assert len(ed.model.undo_stack) == len(states) - 1
    for want in reversed(states[:-1]):
        press(app, pygame.K_z, pygame.KMOD_CTRL)
        assert ed.model.data == want
    assert not ed.model.dirty
    for i, want in enumerate(states[1:]):
        if i % 2:
            press(app, pygame.K_y, pygame.KMOD_CTRL)
        else:
            press(app, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
        assert ed.model.data == want


def test_clicking_a_problem_selects_the_item(app) -> None:  # type: ignore[no-untyped-def]
    ed = open_editor(app)
    m = ed.model
    m.add_obstacle("hedge", 30, 0)
    m.add_obstacle("rock", 31, 0)  # overlaps the hedge
    m.add_obstacle("log", 50, 13)  # partly off the course
    m.set_line_end("start", 0, 4, 10)  # short of the left edge
    ed.fit()
    frame(app, 2)
    fields = [p.field for p in m.problems]
    assert {"obstacles[1]", "obstacles[2]", "start"} <= set(fields), fields
    shot(app, "editor_problems.png")

    def click_problem(field: str) -> None:
        row = next(r for r, p in ed.problem_rows if p.field == field)
        click(app, row.center)

    click_problem("obstacles[2]")
    assert ed.sel == Target("obstacle", 2)
    click_problem("start")
    assert ed.sel == Target("line", None, "start")
    # a course that does not load: the point that repeats the one before it
    drag(app, at(ed, 80, 0), at(ed, 40, 0))
    assert m.course is None and [p.field for p in m.problems] == ["centre[2]"]
    frame(app)
    click_problem("centre[2]")
    assert ed.sel == Target("centre", 2)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert m.course is not None


def test_unsaved_changes_prompt(app) -> None:  # type: ignore[no-untyped-def]
    ed = open_editor(app)
    press(app, pygame.K_PLUS)
    assert ed.model.dirty
    press(app, pygame.K_ESCAPE)
    assert ed.dialog is not None and ed.dialog.window.window_display_title == "Unsaved changes"
    shot(app, "editor_unsaved.png")
    click_button(app, "Cancel")
    assert app.scene is ed and ed.dialog is None and ed.model.width == 25
    # New: save first (no file yet: save as), then the new course
    click_button(app, "New")
    assert ed.dialog is not None and ed.dialog.window.window_display_title == "Unsaved changes"
    click_button(app, "Save")
    assert ed.dialog is not None and ed.dialog.window.window_display_title == "Save as"
    ed.dialog.entry.set_text("Wide one")
    click_button(app, "Save")
    assert ed.dialog is not None and ed.dialog.window.window_display_title == "New course"  # which race?
    click_button(app, "The Wild Race")
    assert ed.dialog is None and ed.model.width == 24 and ed.model.path is None
    assert load_course(pathlib.Path(os.environ["WILD_TABLE_HOME"]) / "courses" / "wide_one.json").width == 25
    # leaving without saving
    press(app, pygame.K_MINUS)
    click_button(app, "Menu")
    click_button(app, "Don't save")
    assert type(app.scene).__name__ == "MenuScene"


def test_open_a_course_from_the_list(app, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    mine = tmp_path / "courses"
    mine.mkdir()
    shutil.copy(ROOT / "levels" / "wild_race" / "hairpin.json", mine / "my_hairpin.json")
    ed = open_editor(app)
    click_button(app, "Open")
    d = ed.dialog
    assert d is not None and d.list is not None
    items = [i["text"] for i in d.list.item_list]
    assert any(i.startswith("Sprint  (shipped") for i in items)
    mine_label = next(i for i in items if "yours: my_hairpin.json" in i)
    shot(app, "editor_open.png")
    for el in d.list.item_list_container.elements:
        if getattr(el, "text", None) == mine_label:
            click(app, el.rect.center)
            break
    assert d.selected_item == mine_label
    click_button(app, "Open")
    assert ed.dialog is None and ed.model.path == str(mine / "my_hairpin.json")
    assert ed.model.course == load_course(mine / "my_hairpin.json") and ed.model.problems == []
    # a broken file is refused with its reason, the course in hand kept
    (mine / "broken.json").write_text('{"format": 1, "kind": "course"')
    assert not ed.open_path(str(mine / "broken.json"))
    assert ed.dialog is not None and "broken.json" in ed.dialog.text.html_text
    click_button(app, "OK")
    assert ed.model.path == str(mine / "my_hairpin.json")


def test_edges_drawn_by_hand_and_obstacle_handles(app) -> None:  # type: ignore[no-untyped-def]
    ed = open_editor(app)
    click_button(app, "Draw edges")
    m = ed.model
    assert not m.by_width and m.data["edges"]["left"] == [[0, 12], [40, 12], [80, 12]]
    drag(app, at(ed, 80, 12), at(ed, 80, 16))  # the edge's end, not the finish line's
    assert m.data["edges"]["left"][2] == [80.0, 16.0] and "finish" not in m.data
    click(app, at(ed, 60, -12))
    click(app, at(ed, 60, -12))  # double-click the right edge: a point
    assert m.data["edges"]["right"] == [[0, -12], [40, -12], [60, -12], [80, -12]]
    drag(app, at(ed, 60, -12), at(ed, 60, -15))
    assert m.errors == [], m.problems
    # obstacle handles: turn and size
    click_button(app, "Wall")
    click(app, at(ed, 30, 0))
    frame(app)
    ob = m.obstacles()[0]
    turn, size = ed._obstacle_handles(ob)
    assert turn is not None
    cx, cy = at(ed, 30, 0)
    # the turn handle is straight up (rotation 90): drag it round to the left (rotation 180)
    r = ((turn[0] - cx) ** 2 + (turn[1] - cy) ** 2) ** 0.5
    drag(app, turn, (cx - r, cy))
    assert m.obstacles()[0]["rotation"] == 180.0
    turn, size = ed._obstacle_handles(m.obstacles()[0])
    drag(app, size, (cx + (size[0] - cx) * 2, cy + (size[1] - cy) * 2))
    assert m.obstacles()[0]["length"] == pytest.approx(7.0, abs=0.3)
    click_button(app, "Make large")
    assert m.obstacles()[0]["size"] == "large"
    click_button(app, "By width")
    assert m.by_width and "edges" not in m.data
    shot(app, "editor_edges.png")


def test_checkpoints_placed_in_race_order_and_saved(app, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    ed = open_editor(app)
    m = ed.model
    click_button(app, "Checkpoint")
    assert ed.placing == "checkpoint"
    click(app, at(ed, 50, 3))
    assert m.data["checkpoints"] == [[[50.0, 12.0], [50.0, -12.0]]] and m.data["format"] == 2
    click_button(app, "Checkpoint")
    click(app, at(ed, 25, -5))  # before the first: it goes first
    assert m.data["checkpoints"] == [[[25.0, 12.0], [25.0, -12.0]], [[50.0, 12.0], [50.0, -12.0]]]
    assert ed.sel == Target("line", 0, "checkpoint")
    assert m.errors == [], m.problems
    drag(app, at(ed, 50, 12), at(ed, 52, 12))  # an end dragged
    assert m.data["checkpoints"][1] == [[52.0, 12.0], [50.0, -12.0]]
    press(app, pygame.K_DELETE)
    assert m.data["checkpoints"] == [[[25.0, 12.0], [25.0, -12.0]]]
    path = tmp_path / "cp.json"
    m.save(str(path))
    saved = json.loads(path.read_text())
    assert saved["format"] == 2 and saved["checkpoints"] == [[[25, 12], [25, -12]]]
    assert load_course(path) == m.course
    # the help overlay
    press(app, pygame.K_h)
    assert ed.show_help
    shot(app, "editor_help.png")
    press(app, pygame.K_ESCAPE)
    assert not ed.show_help and app.scene is ed


def test_closing_the_window_asks_about_unsaved_changes(app) -> None:  # type: ignore[no-untyped-def]
    ed = open_editor(app)
    press(app, pygame.K_PLUS)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(1 / 60)
    assert app.running and ed.dialog is not None
    assert ed.dialog.window.window_display_title == "Unsaved changes"
    click_button(app, "Cancel")
    assert app.running and ed.model.dirty
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(1 / 60)
    click_button(app, "Don't save")
    assert not app.running
