"""The course editor builds Doomwheel tracks (issue 5 item 4, the Doomwheel layer).

Driven headless through the real window with synthetic mouse and keys, as
tests/test_editor.py does: a Doomwheel track test-raced by normal AI wheels in the
Doomwheel race scene, then back to the editor with the same course and history.
"""

from __future__ import annotations

import copy
import json
import os
import pathlib
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.test_editor import (  # noqa: E402
    ROOT,
    at,
    button,
    click,
    click_button,
    dialogs,
    drag,
    frame,
    open_editor,
    press,
    shot,
)

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")


def bow_tie(laps: int = 1) -> dict:
    """The small figure-eight of docs/level-format.md's format-2 example."""
    doc = (ROOT / "docs" / "level-format.md").read_text()
    m = re.search(r"## A complete format-2 example.*?```json\n(.*?)```", doc, re.S)
    assert m
    data = json.loads(m.group(1))
    data["laps"] = laps
    return data


def run_until_back(app, ed, limit: int = 50000) -> None:  # type: ignore[no-untyped-def]
    press(app, pygame.K_k)  # skip to the end (a frame or so per AI decision)
    for _ in range(limit):
        if app.scene is ed:
            return
        frame(app)
    raise AssertionError("the test race did not come back to the editor")


def test_a_doomwheel_track_test_races_and_comes_back(app, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.doomwheel.test_race import DoomTestRaceScene
    ed = open_editor(app)
    path = tmp_path / "bow_tie.json"
    path.write_text(json.dumps(bow_tie(1)))
    assert ed.open_path(str(path))
    frame(app, 2)
    model = ed.model
    assert model.errors == [], model.problems
    model.rename("Bow Tie, edited")  # something to undo
    history = list(model.undo_stack)
    data = copy.deepcopy(model.data)
    click_button(app, "Test race")
    race = app.scene
    assert isinstance(race, DoomTestRaceScene), [d.window_display_title for d in dialogs(app)]
    st = race.session.state
    assert len(race.session.seats) == 2 and {s.kind for s in race.session.seats.values()} == {"normal"}
    assert st.course == model.course and st.options.laps == 1
    frame(app, 3)
    shot(app, "editor_doom_test_race.png")
    run_until_back(app, ed)
    assert ed.model is model and ed.last_race is not None and ed.last_race.over
    assert "test race over" in ed.message, ed.message
    assert model.undo_stack == history and model.data == data
    click_button(app, "Undo")
    assert model.name == "Bow Tie"
    # Esc in the race comes back at once
    click_button(app, "Test race")
    assert isinstance(app.scene, DoomTestRaceScene)
    press(app, pygame.K_ESCAPE)
    assert app.scene is ed and ed.message == "test race left"


def test_new_asks_for_the_ruleset_and_a_doomwheel_track_starts_as_a_figure_eight(app) -> None:  # type: ignore[no-untyped-def]
    ed = open_editor(app)
    click_button(app, "New")
    assert ed.dialog is not None and ed.dialog.window.window_display_title == "New course"
    shot(app, "editor_doom_new.png")
    click_button(app, "The Doomwheel Race")
    frame(app, 2)
    md = ed.model
    c = md.course
    assert ed.dialog is None and md.is_doom and c is not None and md.problems == []
    assert c.ruleset == "doomwheel" and c.laps == 3 and len(c.crossings) == 1 and len(c.checkpoints) == 3
    # the checkpoints are in lap order: each further round the lap than the one before
    along = [(c.progress((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) - c.start_progress) % c.length
             for a, b in c.checkpoints]
    assert along == sorted(along)
    assert not md.dirty and not md.can_undo
    # the Doomwheel section is there; back to a Wild Race course, it goes
    assert ed.doom.place_btns and button(app, "Dammaz-Drengi")
    shot(app, "editor_doom_template.png")
    press(app, pygame.K_n, pygame.KMOD_CTRL)
    click_button(app, "The Wild Race")
    assert not ed.model.is_doom and not ed.doom.place_btns
    assert "Fanatic" not in [b.text for b in app.manager.get_sprite_group().sprites()
                             if isinstance(b, pygame_gui.elements.UIButton) and b.alive()]


def critters_of(ed) -> list[tuple[str, float, float]]:  # type: ignore[no-untyped-def]
    return [(c["kind"], c["x"], c["y"]) for c in ed.model.critters()]


def test_build_a_doomwheel_track_by_input_save_validate_and_race_it(app, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    import subprocess
    import sys

    from game.levels.course import load_course, save_course
    from game.ui.editor_model import Target
    from game.ui.doomwheel.test_race import DoomTestRaceScene
    ed = open_editor(app)
    click_button(app, "New")
    click_button(app, "The Doomwheel Race")
    frame(app, 2)
    md = ed.model
    start = critters_of(ed)
    assert len(start) == 6 and len(md.fans()) == 2
    # the left loop's top corner: a point added by double-click, dragged out
    click(app, at(ed, -15, 8))
    click(app, at(ed, -15, 8))
    assert md.centre()[6] == (-15.0, 8.0) and ed.sel == Target("centre", 6)
    drag(app, at(ed, -15, 8), at(ed, -16, 9))
    assert md.centre()[5:8] == [(-18.0, 5.0), (-16.0, 9.0), (-12.0, 11.0)]
    # critters: pick one, click the track (snapped to the 0.5" grid)
    for label, x, y in (("Fanatic", -18.1, -2.1), ("Slave", 8, 7.4), ("Dammaz-Drengi", 10, -9.1)):
        click_button(app, label)
        click(app, at(ed, x, y))
        assert ed.placing is None
    assert critters_of(ed) == start + [("fanatic", -18.0, -2.0), ("slave", 8.0, 7.5), ("slayer", 10.0, -9.0)]
    assert ed.sel == Target("critter", 8)
    # undo and redo of a placement (keys)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(md.critters()) == 8 and ed.sel is None
    press(app, pygame.K_y, pygame.KMOD_CTRL)
    assert critters_of(ed)[-1] == ("slayer", 10.0, -9.0)
    # a critter dragged, another turned into the next kind (K), one deleted and put back
    drag(app, at(ed, -18, -2), at(ed, -17, -1))
    assert critters_of(ed)[6] == ("fanatic", -17.0, -1.0)
    click(app, at(ed, 8, 7.5))
    assert ed.sel == Target("critter", 7)
    press(app, pygame.K_k)
    assert critters_of(ed)[7] == ("fanatic", 8.0, 7.5)
    press(app, pygame.K_DELETE)
    assert len(md.critters()) == 8
    click_button(app, "Undo")
    assert critters_of(ed)[7] == ("fanatic", 8.0, 7.5)
    # the other two teams' fans, in seat order; then there is no room for a fifth
    for x, y in ((-8, 0), (8, 0)):
        click_button(app, f"Fans {len(md.fans())}/4")
        click(app, at(ed, x, y))
    assert md.fans() == [{"x": 0.0, "y": 7.5}, {"x": 0.0, "y": -7.5}, {"x": -8.0, "y": 0.0}, {"x": 8.0, "y": 0.0}]
    assert ed.sel == Target("fan", 3)
    assert not [b for b in ed.doom.place_btns if ed.doom.place_btns[b] == "fan"][0].is_enabled
    # the crossing made bigger by its size square, and +
    drag(app, at(ed, 6, 0), at(ed, 6.5, 0))
    assert md.crossings() == [{"x": 0.0, "y": 0.0, "radius": 6.5}]
    assert ed.sel == Target("crossing", 0, "radius")
    click(app, at(ed, 0, 0))
    press(app, pygame.K_PLUS)
    assert md.crossings()[0]["radius"] == 7.0
    # one lap, by the laps field's - button
    for _ in range(2):
        click(app, ed.doom.laps_minus.rect.center)
    assert md.laps == 1
    frame(app, 2)
    assert md.problems == [], md.problems
    shot(app, "editor_doom.png")
    # save as, then an edit and save: the first version kept as the .bak
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    assert ed.dialog is not None and ed.dialog.entry is not None
    ed.dialog.entry.set_text("Rat Race")
    click_button(app, "Save")
    path = tmp_path / "courses" / "rat_race.json"
    assert ed.dialog is None and md.path == str(path) and path.exists(), ed.message
    assert not pathlib.Path(str(path) + ".bak").exists()
    first = path.read_bytes()
    click_button(app, "Slave")
    click(app, at(ed, -6, 5.5))
    click_button(app, "Save")
    assert pathlib.Path(str(path) + ".bak").read_bytes() == first
    assert [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")] == []
    # it loads back equal, byte for byte through the canonical writer, and validates clean
    loaded = load_course(path)
    assert loaded == md.course and loaded.ruleset == "doomwheel" and len(loaded.critters) == 10
    copy_path = tmp_path / "copy.json"
    save_course(loaded, copy_path)
    assert copy_path.read_bytes() == path.read_bytes()
    out = subprocess.run([sys.executable, "-m", "game", "validate", str(path)], capture_output=True, text=True,
                         cwd=ROOT)
    assert out.returncode == 0 and out.stdout.strip() == f"{path}: ok", out.stdout + out.stderr
    # the test race: three normal AI wheels (the track's max_racers), one lap, then back
    history = list(md.undo_stack)
    data = copy.deepcopy(md.data)
    click_button(app, "Test race")
    race = app.scene
    assert isinstance(race, DoomTestRaceScene)
    st = race.session.state
    assert len(st.wheels) == 3 and st.options.laps == 1 and len(st.critters) == 10
    assert {s.kind for s in race.session.seats.values()} == {"normal"}
    run_until_back(app, ed)
    assert ed.model is md and ed.last_race is not None and ed.last_race.over
    assert "test race over" in ed.message
    assert md.undo_stack == history and md.data == data and not md.dirty
    frame(app, 2)
    shot(app, "editor_doom_back.png")
    click_button(app, "Undo")
    assert len(md.critters()) == 9 and md.dirty


def test_clicking_a_doomwheel_problem_selects_the_piece(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import Problem
    from game.ui.editor_model import Target, target_for
    ed = open_editor(app)
    ed.new_course("doomwheel")
    frame(app)
    click_button(app, "Slave")
    click(app, at(ed, 0, 16))  # off the track
    click_button(app, "Fans 2/4")
    click(app, at(ed, -18, 0))  # on the track
    ed.sel = None
    frame(app, 2)
    fields = {p.field: p.severity for p in ed.model.problems}
    assert fields == {"critters[6]": "error", "fans[2]": "warning"}, ed.model.problems
    shot(app, "editor_doom_problems.png")
    for field, want in (("critters[6]", Target("critter", 6)), ("fans[2]", Target("fan", 2))):
        row = [r for r, p in ed.problem_rows if p.field == field]
        assert row, [p.field for _, p in ed.problem_rows]
        click(app, row[0].center)
        assert ed.sel == want, (field, ed.sel)
    # a crossing's and the laps' problems point at them too
    ed.select_problem(Problem("warning", "crossings[0]", "the centre line does not cross itself here"))
    assert ed.sel == Target("crossing", 0)
    assert target_for("laps") == Target("laps") and ed.model.exists(Target("laps"))
    ed.select_problem(Problem("warning", "laps", "not set"))
    assert ed.sel == Target("laps") and ed.describe(ed.sel) == "the laps"
    frame(app, 2)


# --------------------------------------------------------------------------- the model (plain Python)


def test_the_template_is_canonical_and_clean() -> None:
    from game.levels.course import course_from_json, course_to_json
    from game.ui.editor_model import EditorModel
    m = EditorModel.new("Mine", ruleset="doomwheel")
    assert m.problems == [] and m.name == "Mine" and m.is_doom and m.laps == 3
    assert course_to_json(course_from_json(m.data, "x")) == m.data
    assert len(m.critters()) == 6 and len(m.fans()) == 2 and len(m.crossings()) == 1


def test_doomwheel_edits_undo_and_redo_to_exact_states() -> None:
    from game.ui.editor_model import EditorModel, Target
    m = EditorModel.new(ruleset="doomwheel")
    states = [copy.deepcopy(m.data)]

    def step(result: object) -> None:
        states.append(copy.deepcopy(m.data))

    step(m.add_critter("fanatic", 1.2345, -3))
    assert m.critters()[-1] == {"kind": "fanatic", "x": round(1.2345, 3), "y": -3.0}  # to 0.001"
    step(m.move_critter(6, 2, 2))
    step(m.set_critter_kind(6, "slave"))
    step(m.delete_critter(0))
    step(m.add_fan(-8, 0))
    step(m.move_fan(2, -9, 0))
    step(m.delete_fan(0))
    step(m.add_crossing(20, 20))
    step(m.move_crossing(1, 21, 21))
    step(m.set_crossing_radius(1, 0.01))
    assert m.crossings()[1]["radius"] == 0.5
    step(m.delete(Target("crossing", 1)))
    step(m.set_laps(0))
    assert m.laps == 1
    assert len(m.undo_stack) == len(states) - 1
    for want in reversed(states[:-1]):
        assert m.undo() is not None
        assert m.data == want
    assert not m.dirty
    for want in states[1:]:
        assert m.redo() is not None
        assert m.data == want
    # the last fan deleted: the field goes (not an empty list)
    for _ in range(len(m.fans())):
        m.delete_fan(0)
    assert "fans" not in m.data and m.add_fan(0, 7.5) == 0
    for x in range(3):
        m.add_fan(x, 20)
    assert m.add_fan(9, 20) is None and len(m.fans()) == 4
    assert m.add_critter("goblin", 0, 0) is None


def test_targets_of_doomwheel_fields() -> None:
    from game.ui.editor_model import EditorModel, Target, target_for
    assert target_for("critters[3]") == Target("critter", 3)
    assert target_for("critters[3].kind") == Target("critter", 3)
    assert target_for("fans[1]") == Target("fan", 1)
    assert target_for("crossings[0].radius") == Target("crossing", 0)
    assert target_for("laps") == Target("laps")
    m = EditorModel.new(ruleset="doomwheel")
    assert m.exists(Target("critter", 5)) and not m.exists(Target("critter", 6))
    assert m.exists(Target("fan", 1)) and not m.exists(Target("fan", 2))
    assert m.exists(Target("crossing", 0)) and m.exists(Target("laps"))
    assert not EditorModel.new().exists(Target("laps"))


@pytest.mark.parametrize("path", sorted((ROOT / "levels" / "doomwheel").glob("*.json")), ids=lambda p: p.name)
def test_shipped_doomwheel_tracks_open_and_save_unchanged(path: pathlib.Path, tmp_path: pathlib.Path) -> None:
    from game.ui.editor_model import EditorModel, course_files, is_shipped
    m = EditorModel.open(str(path))
    assert m.is_doom and m.problems == []
    assert is_shipped(str(path)) and str(path) in [f.path for f in course_files()]
    out = tmp_path / path.name
    m.save(str(out))
    assert out.read_bytes() == path.read_bytes()


def test_checkpoints_follow_the_figure_eight_when_it_changes() -> None:
    """Lines that ran edge to edge keep doing so when a circuit's centre line or width
    changes (as on an open course)."""
    from game.ui.editor_model import EditorModel
    m = EditorModel.new(ruleset="doomwheel")
    m.set_centre_point(5, -20, 7)  # the left loop's corner, pulled out
    assert m.problems == [], m.problems
    assert m.data["checkpoints"][1] == [[-22.889, 0.0], [-14.778, 0.0]]
    m.undo()
    m.set_width(7.5)
    assert m.problems == [], m.problems
    assert m.data["checkpoints"][1] == [[-21.75, 0.0], [-14.25, 0.0]]
