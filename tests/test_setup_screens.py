"""The two set-up screens (issue 12 items 13, 14, 19), driven headless:

- 13: a broken course of the player's own is marked (Wild Race list) or greyed (the
  Doomwheel cards), shows its first problem in full (wrapped, not cut off) and cannot
  be started; the set-up stays as it was.
- 14: the Doomwheel players list offers only what the picked track seats, and lowers
  the count, saying why, when a smaller track is picked.
- 19: every option shows a plain label and plain value words: no widget text on either
  screen holds a spec identifier (``priority_favour``) or a section mark; the spec's
  name is in the tooltip, and the race gets the spec's values."""

from __future__ import annotations

import json
import os
import pathlib
import re
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from tests.test_ui import click, click_button  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
SPRINT = ROOT / "levels" / "wild_race" / "sprint.json"
EIGHT = ROOT / "levels" / "doomwheel" / "figure_of_eight.json"
IDENT = re.compile(r"[A-Za-z0-9]_[A-Za-z0-9]")


def frames(app: Any, n: int = 2) -> None:
    for _ in range(n):
        app.frame(1 / 60)


def my_courses(home: pathlib.Path) -> pathlib.Path:
    """Two broken courses of the player's own (one whose geometry check fails, one that
    does not load) and a good Doomwheel one."""
    mine = home / "courses"
    mine.mkdir(exist_ok=True)
    doc = json.loads(SPRINT.read_text())
    doc["start"], doc["finish"] = doc["finish"], doc["start"]
    doc["name"] = "Backwards Sprint"
    (mine / "backwards.json").write_text(json.dumps(doc))
    doc = json.loads(EIGHT.read_text())
    doc["name"] = "Lapless Eight"
    doc["laps"] = 0
    (mine / "lapless.json").write_text(json.dumps(doc))
    return mine


def visible_texts(app: Any) -> list[str]:
    """Every text a widget shows: labels, buttons, entries, the drop-downs' chosen items
    and every item of their lists."""
    out: list[str] = []
    for el in app.manager.get_sprite_group().sprites():
        if not el.alive() or not getattr(el, "visible", True):
            continue
        if isinstance(el, pygame_gui.elements.UIDropDownMenu):
            out += [str(o[0]) for o in el.options_list] + [str(el.selected_option[0])]
        elif isinstance(el, pygame_gui.elements.UITextEntryLine):
            out.append(el.get_text())
        elif isinstance(el, (pygame_gui.elements.UILabel, pygame_gui.elements.UIButton)):
            out.append(el.text)
    return out


# --- item 13 ---------------------------------------------------------------------------------

def test_wild_race_set_up_marks_a_broken_course_and_will_not_start_it(app, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.course_picker import problem_card
    from game.ui.wild_race.scenes.setup import NOT_RACED, SetupScene
    my_courses(tmp_path)
    frames(app)
    click_button(app, "New race")
    setup = app.scene
    assert isinstance(setup, SetupScene)
    i = setup.files.index(str(tmp_path / "courses" / "backwards.json"))
    entry = setup.entries[i]
    assert not entry.startable and "finish line is not after the start line" in entry.problem
    assert setup.course_dd.options_list[i][0] == "Backwards Sprint" + NOT_RACED
    assert setup.start.is_enabled  # the first course (the Sprint) can be raced
    click(app, setup.course_dd.rect.center)  # open the list and pick it, by the mouse
    item = next(b for b in app.manager.get_sprite_group().sprites()
                if isinstance(b, pygame_gui.elements.UIButton) and b.text == "Backwards Sprint" + NOT_RACED)
    click(app, item.rect.center)
    frames(app)
    assert setup.course_i == i and not setup.start.is_enabled
    assert problem_card(entry, (380, 200))[1]  # the whole problem fits the preview's place
    setup.players = 3
    setup.start_race()  # were it pressed: nothing happens but a word, the set-up kept
    assert app.scene is setup and setup.players == 3 and setup.course_i == i
    assert setup.error == "this course cannot be raced"


def test_doomwheel_set_up_greys_a_broken_course_and_will_not_start_it(app, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.doomwheel.scenes.setup import DoomSetupScene
    my_courses(tmp_path)
    frames(app)
    click_button(app, "Doomwheel Race")
    setup = app.scene
    assert isinstance(setup, DoomSetupScene)
    names = [os.path.basename(f) for f in setup.files]
    assert "backwards.json" not in names  # a Wild Race course
    i = names.index("lapless.json")
    assert not setup.startable(setup.entries[i]) and "laps: must be at least 1" in setup.entries[i].problem
    assert setup.start.is_enabled
    click(app, setup._card_rects[i].center)
    frames(app)
    assert setup.course_i == i and not setup.start.is_enabled
    setup.start_race()
    assert app.scene is setup and setup.error == "this course cannot be raced"
    click(app, setup._card_rects[0].center)  # a good one again: it can be started
    assert setup.start.is_enabled


# --- item 14 ---------------------------------------------------------------------------------

def test_doomwheel_players_follow_what_the_track_seats(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.doomwheel.scenes.setup import DoomSetupScene
    frames(app)
    click_button(app, "Doomwheel Race")
    setup = app.scene
    assert isinstance(setup, DoomSetupScene)
    names = [os.path.basename(f) for f in setup.files]
    eight, ratways = names.index("figure_of_eight.json"), names.index("the_ratways.json")
    click(app, setup._card_rects[ratways].center)
    assert [o[0] for o in setup.players_dd.options_list] == ["2", "3", "4"]
    setup.players = 4
    setup.resized()
    frames(app)
    click(app, setup._card_rects[eight].center)  # seats 3
    assert [o[0] for o in setup.players_dd.options_list] == ["2", "3"]
    assert setup.players == 3 and setup.players_dd.selected_option[0] == "3"
    assert setup.seat_label.text == "players lowered to 3: The Figure of Eight seats 3 wheels"
    assert "more than this course's 3" in setup.seat_label.tool_tip_text
    assert len(setup.name_entries) == 3
    setup.kinds = ["AI (random)"] * 3
    setup.resized()
    click_button(app, "Start the race")
    assert type(app.scene).__name__ == "DoomRaceScene"
    assert len(app.scene.session.state.wheels) == 3


# --- item 19 ---------------------------------------------------------------------------------

@pytest.mark.parametrize("screen", ["New race", "New Grand Prix", "Doomwheel Race"])
def test_set_up_screens_show_words_not_spec_names(app, screen: str) -> None:  # type: ignore[no-untyped-def]
    frames(app)
    click_button(app, screen)
    setup = app.scene
    frames(app)
    texts = visible_texts(app)
    assert len(texts) > 30
    for text in texts:
        assert not IDENT.search(text) and "§" not in text, text
    mod = setup.option_dds and __import__(
        "game.rules.doomwheel.options" if screen == "Doomwheel Race" else "game.rules.wild_race.options",
        fromlist=["LABELS"])
    labels = {el.text: el for el in app.manager.get_sprite_group().sprites()
              if isinstance(el, pygame_gui.elements.UILabel)}
    for dd, name in setup.option_dds.items():  # the spec's name in the tooltip, the plain label shown
        label = labels[mod.LABELS[name]]
        assert name in label.tool_tip_text and mod.SECTIONS[name] in label.tool_tip_text
        assert dd.selected_option[0] == mod.value_word(name, str(getattr(mod.Options(), name)))
    for dd in list(setup.option_dds)[:2]:  # open two lists: their items are words too
        click(app, dd.rect.center)
        assert all(not IDENT.search(t) and "§" not in t for t in visible_texts(app))
        click(app, dd.rect.center)


def test_the_race_gets_the_spec_values_of_the_words_picked(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.wild_race.scenes.setup import SetupScene
    frames(app)
    click_button(app, "New race")
    setup = app.scene
    assert isinstance(setup, SetupScene)
    dd = next(d for d, name in setup.option_dds.items() if name == "priority_favour")
    click(app, dd.rect.center)
    item = next(b for b in app.manager.get_sprite_group().sprites()
                if isinstance(b, pygame_gui.elements.UIButton) and b.text == "not allowed" and b.alive())
    click(app, item.rect.center)
    frames(app, 2)  # the list's choice reaches the scene two frames on
    assert setup.options["priority_favour"] == "none"
    setup.kinds = ["AI (random)", "AI (random)"]
    setup.seed = 2
    setup.resized()
    click_button(app, "Start the race")
    assert app.scene.session.state.options.priority_favour == "none"
