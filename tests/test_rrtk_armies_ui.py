"""Rally Round the King's Armies screen, driven headless with synthetic input (issue
15 item 5): the menu -> Rally Round the King -> Armies; a purchase to exactly 400
(an addition past it refused with its reason); a recruited army thrown with forced
dice in the dice tray (the book's §7.3 Aeja example: 17 units and 396 points, a 7
raises Pike for 36 -> 432, the last roll); save, load and save again byte for byte;
rename and delete; a bad army file gives a dialog; the army sheet PNG."""

from __future__ import annotations

import os
import pathlib

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from tests.test_ui import click, click_button, press  # noqa: E402

# the book's example (§7.3): Aeja's Basic Army (199) + Pike x4, Levy Pike, Levy Archers, Archers = 396 in 17
# units; then a 7 raises Pike (36): 432, the last roll
EXAMPLE_DICE = [(1, 1), (1, 1), (1, 1), (1, 1), (1, 2), (4, 6), (1, 3), (3, 4)]


def open_armies(app):  # type: ignore[no-untyped-def]
    from game.ui.rrtk.armies import ArmiesScene, RrtkMenuScene
    app.frame(1 / 60)
    click_button(app, "Rally Round the King")
    assert isinstance(app.scene, RrtkMenuScene)
    click_button(app, "Armies")
    assert isinstance(app.scene, ArmiesScene)
    return app.scene


def click_unit(app, scene, number: int, sign: str = "+") -> None:  # type: ignore[no-untyped-def]
    buttons = scene.plus if sign == "+" else scene.minus
    b = next(b for b, u in buttons.items() if u.number == number)
    click(app, b.rect.center)


def pick_saved(app, files, i: int) -> None:  # type: ignore[no-untyped-def]
    """Click the i-th saved army's line in the Saved armies list, as a player does."""
    want = files.files[i]
    item = next(it for it in files.list.item_list if it["text"] == files.label(want))
    assert item["button_element"] is not None
    click(app, item["button_element"].rect.center)
    app.frame(1 / 60)
    assert files.chosen == want and files.list.get_single_selection() == files.label(want)


def message_windows(app) -> list:  # type: ignore[type-arg,no-untyped-def]
    return [e for e in app.manager.get_root_container().elements
            if isinstance(e, pygame_gui.windows.UIMessageWindow) and e.alive()]


def test_purchase_to_exactly_400_and_an_addition_past_it_refused(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_armies(app)
    assert scene.nation.name == "Aeja" and scene.mode == "purchase"
    assert scene.army.points() == 199 and scene.army.unit_count() == 10  # the Basic Army
    for _ in range(5):
        click_unit(app, scene, 1)  # Pike, 36
    click_unit(app, scene, 6)  # Archers, 15
    click_unit(app, scene, 4)  # Levy Archers, 6
    assert scene.army.points() == 400
    assert scene.problems() == []
    click_unit(app, scene, 4)  # 6 more would pass 400: refused, with the reason
    assert scene.army.points() == 400
    assert scene.note_bad and "would pass the limit of 400" in scene.note
    click_unit(app, scene, 3, "-")  # below the Basic Army's one Pirates: refused
    assert scene.army.count(scene.nation.units[2]) == 1 and "Basic Army" in scene.note
    click_unit(app, scene, 1, "-")  # a bought Pike back
    assert scene.army.points() == 364 and not scene.note_bad
    # points used and left are on screen (the army panel's words)
    assert "364 points used, 36 left of 400" in scene.panel_words()


def test_recruited_army_with_forced_dice_in_the_tray(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_armies(app)
    scene.forced = list(EXAMPLE_DICE)
    click_button(app, "Recruit by rolls")
    assert scene.mode == "recruit" and scene.army.built.method == "recruited"
    for _ in range(7):
        click_button(app, "Throw 2d6")
    assert scene.army.unit_count() == 17 and scene.army.points() == 396
    assert scene.dice.rolls[0].faces == (1, 3) and scene.gained == 6  # Archers lit up
    click_button(app, "Throw 2d6")  # the 7: Pike for 36
    assert scene.army.points() == 432 and scene.muster.done
    assert scene.gained == 1 and scene.dice.rolls[0].result == 7 and "Pike" in scene.dice.rolls[0].reason
    assert scene.army.built.rolls == (2, 2, 2, 2, 3, 10, 4, 7)
    assert scene.problems() == []
    with pytest.raises(AssertionError):  # recruiting is over: the throw buttons are off
        click_button(app, "Throw 2d6")
    # the lit row is drawn highlighted: its surface differs from an unlit one
    from game.ui.rrtk import cards
    r, u = scene.row_rects[0]
    lit, _ = cards.unit_row(u, r.w, 7, highlight=True, row_h=r.h)
    plain, _ = cards.unit_row(u, r.w, 7, row_h=r.h)
    assert pygame.image.tobytes(lit, "RGBA") != pygame.image.tobytes(plain, "RGBA")
    app.frame(1 / 60)
    page = scene._page[1]  # the screen shows the lit row: its gold edge
    assert page.get_at((r.x + 1, r.centery))[:3] == cards.GOLD


def test_throw_to_the_limit_and_a_seeded_muster(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_armies(app)
    scene.seed = 11
    click_button(app, "Recruit by rolls")
    click_button(app, "Throw to the limit")
    for _ in range(40):
        app.frame(1 / 60)
    assert scene.muster.done and scene.army.points() >= 400
    assert scene.army.built.seed == 11 and scene.problems() == []
    from game.rules.rrtk.muster import recruit
    assert scene.army.units == recruit("aeja", 11).units  # the same army the seed recruits headless


def test_save_load_and_save_again_byte_for_byte(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_armies(app)
    scene.forced = list(EXAMPLE_DICE)
    click_button(app, "Recruit by rolls")
    for _ in range(8):
        click_button(app, "Throw 2d6")
    click_button(app, "Save")
    first = pathlib.Path(scene.path).read_bytes()
    army = scene.army
    # start another army, then load the saved one through Saved armies
    click_button(app, "Buy units")
    assert scene.army != army
    click_button(app, "Saved armies...")
    from game.ui.rrtk.armyfiles import ArmyFilesScene
    files = app.scene
    assert isinstance(files, ArmyFilesScene) and len(files.files) == 1
    pick_saved(app, files, 0)
    click_button(app, "Load")
    assert app.scene is scene and scene.army == army
    os.remove(scene.path)
    click_button(app, "Save")  # the loaded army written again: the same bytes
    assert pathlib.Path(scene.path).read_bytes() == first


def test_rename_and_delete_a_saved_army(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_armies(app)
    click_button(app, "Save")
    old = scene.path
    click_button(app, "Saved armies...")
    files = app.scene
    pick_saved(app, files, 0)
    files.entry.set_text("Pikes of the East")
    click_button(app, "Rename")
    assert not os.path.exists(old) and files.chosen.name == "pikes-of-the-east"
    assert scene.army.name == "Pikes of the East" and scene.path == files.chosen.path
    click_button(app, "Delete")
    assert files.confirm is not None
    app.frame(1 / 60)  # the dialog comes up
    click(app, files.confirm.confirm_button.rect.center)
    app.frame(1 / 60)  # the dialog's own event reaches the scene
    assert files.files == [] and not os.path.exists(scene.path)
    click_button(app, "Close")
    assert app.scene is scene


@pytest.mark.parametrize("text", ["not json at all", '{"format": "rrtk-army", "version": 99}', "[1, 2, 3]",
                                  '{"format": "rrtk-army", "version": 1, "nation": NaN}'])
def test_a_bad_army_file_gives_a_dialog_and_changes_nothing(app, text: str) -> None:  # type: ignore[no-untyped-def]
    from game.ui.rrtk import armystore
    scene = open_armies(app)
    os.makedirs(armystore.armies_dir(), exist_ok=True)
    pathlib.Path(armystore.armies_dir(), "broken.json").write_text(text)
    before = scene.army
    click_button(app, "Saved armies...")
    files = app.scene
    pick_saved(app, files, 0)
    click_button(app, "Load")
    assert app.scene is files and scene.army is before
    wins = message_windows(app)
    assert wins and "broken.json" in wins[-1].text_block.html_text
    assert app.faults == 0


def test_army_sheet_png_and_every_nation_draws(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_armies(app)
    click_button(app, "Army sheet (PNG)")
    path = scene.note.split(": ", 1)[1]
    sheet = pygame.image.load(path)
    assert sheet.get_width() == 1240 and sheet.get_height() > 600
    from game.rules.rrtk import lists
    for n in lists.nations():  # every list shows, with its text of our own
        scene.pick(n)
        app.frame(1 / 60)
        from game.ui.rrtk.blurbs import BLURBS
        assert n.name in BLURBS
        assert len(scene.row_rects) == len(n.units)
    assert app.faults == 0


def test_tag_tooltip_under_the_mouse(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_armies(app)
    app.frame(1 / 60)
    rect, tag = next((r, t) for r, t in scene.tag_rects if t == "Pike")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(1 / 60)
    assert scene.tooltip() is not None and scene.tooltip().startswith("Pikes (Pike)")


def choose(app, scene, name: str, word: str) -> None:  # type: ignore[no-untyped-def]
    """Pick an option's value by mouse, as a player does: click its drop-down open, then
    click the item with those words."""
    dd = scene.opts.menu(name)
    click(app, dd.current_state.selected_option_button.rect.center)
    items = dd.current_state.options_selection_list.item_list
    item = next(i for i in items if i["text"] == word)
    assert item["button_element"] is not None, f"{word!r} is not in view in the open drop-down"
    click(app, item["button_element"].rect.center)
    for _ in range(3):  # the list's selection, then the drop-down's change, each a frame later
        app.frame(1 / 60)


def pick_nation(app, scene, name: str) -> None:  # type: ignore[no-untyped-def]
    """Click a nation's line in the list on the left (it must be in view)."""
    item = next(i for i in scene.nation_list.item_list if i["text"] == name)
    assert item["button_element"] is not None, f"{name} is not in view"
    click(app, item["button_element"].rect.center)
    app.frame(1 / 60)
    assert scene.nation.name == name


def test_options_limit_and_unit_cost_and_a_list_with_no_recruiting_column(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_armies(app)
    choose(app, scene, "limit", "500 points")
    assert scene.limit == 500 and scene.army.built.limit == 500
    assert "199 points used, 301 left of 500" in scene.panel_words()
    from game.rules.rrtk import lists
    pick_nation(app, scene, "Mirholme")
    diff = [u for u in scene.nation.units if u.cost != u.formula_cost]
    assert diff  # Mirholme prints costs the formula does not give
    assert scene.army.points() == scene.nation.basic_points("printed") == 236
    choose(app, scene, "unit_cost", "by the formula")
    assert scene.options.unit_cost == "formula" and scene.army.options.unit_cost == "formula"
    assert scene.army.points() == scene.nation.basic_points("formula") == 204
    scene.pick(lists.nation("black-moon-incarnate"))
    click_button(app, "Recruit by rolls")
    assert scene.muster.defaulted and scene.muster.done and scene.army.points() <= scene.limit
    assert "no recruiting rolls" in scene.note.lower() and scene.problems() == []
    choose(app, scene, "no_recruiting_column", "recruiting refused")  # the other reading: bought instead
    assert scene.mode == "purchase" and scene.army.built.method == "purchased"
    assert "build it by purchase" in scene.panel_words()


def test_every_army_option_is_offered_with_its_label_words_and_spec_name(app) -> None:  # type: ignore[no-untyped-def]
    from game.rules.rrtk.army import OPTIONS
    scene = open_armies(app)
    for name in ["limit", *OPTIONS.names()]:
        dd = scene.opts.menu(name)
        label = next(w for w in scene.opts.widgets
                     if isinstance(w, pygame_gui.elements.UILabel) and w.rect.y == dd.rect.y)
        if name == "limit":
            assert label.text == "Points limit" and "--points" in label.tool_tip_text
            continue
        assert label.text == OPTIONS.label(name)
        assert name in label.tool_tip_text and OPTIONS.sections[name] in html_unescape(label.tool_tip_text)
        assert [o[0] for o in dd.options_list] == [OPTIONS.value_word(name, v) for v in OPTIONS.choices[name]]
        assert dd.selected_option[1] == OPTIONS.default(name)


def html_unescape(text: str) -> str:
    import html
    return html.unescape(text)


def buy(app, scene, number: int, n: int) -> None:  # type: ignore[no-untyped-def]
    for _ in range(n):
        click_unit(app, scene, number)


def test_captain_thresholds_checked_live_and_a_captain_removed(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_armies(app)
    choose(app, scene, "limit", "600 points")
    choose(app, scene, "captain_thresholds", "at 21, 30, 40... units")
    buy(app, scene, 4, 20)  # 20 Levy Archers (6 each): 30 units, 319 points
    assert scene.army.unit_count() == 30 and scene.army.points() == 319
    click_button(app, "Add a Captain")
    click_button(app, "Add a Captain")  # a second at 30 units under this reading
    assert scene.army.bought_captains() == 2 and scene.army.points() == 359 and scene.problems() == []
    assert "359 points used, 241 left of 600" in scene.panel_words()
    click_button(app, "Add a Captain")  # a third: refused, with the reason
    assert scene.army.bought_captains() == 2 and scene.note_bad and "may have 2 Captains" in scene.note
    # the best reading: two Captains need 31 units; the army is checked again at once, the reason shown
    choose(app, scene, "captain_thresholds", "at 21, 31, 41... units")
    assert scene.army.options.captain_thresholds == "21-31-41" and scene.army.unit_count() == 30
    assert scene.problems() == ["2 Captains but an army of 30 units may have 1"]
    assert "Breaks a rule: 2 Captains but an army of 30 units may have 1" in scene.panel_words()
    click_button(app, "Remove a Captain")  # the 20 points come back and the rule holds again
    assert scene.army.bought_captains() == 1 and scene.problems() == []
    assert "339 points used, 261 left of 600" in scene.panel_words() and "20 points back" in scene.note
    click_button(app, "Remove a Captain")
    click_button(app, "Remove a Captain")  # none left: refused, with the reason
    assert scene.army.bought_captains() == 0 and scene.note_bad and "no Captain" in scene.note
    assert "319 points used, 281 left of 600" in scene.panel_words()


def test_a_captain_spent_from_a_recruiting_roll_can_be_taken_back(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_armies(app)
    pick_nation(app, scene, "Stygustan")  # Basic Army 13 units, 196 points; a 7 raises Archers for 16
    scene.forced = [(3, 4)] * 20
    click_button(app, "Recruit by rolls")
    for _ in range(7):
        click_button(app, "Throw 2d6")
    assert scene.army.unit_count() == 20 and scene.army.points() == 308
    click_button(app, "Add a Captain")  # 20 units: none allowed yet, refused with the reason
    assert scene.army.captains() == 0 and scene.note_bad and "may have 0 Captains" in scene.note
    click_button(app, "Throw 2d6")
    click_button(app, "Add a Captain")  # 21 units: a recruiting roll spent on one
    assert scene.army.captains() == 1 and scene.army.leaders[-1].paid == "roll" and scene.army.points() == 324
    click_button(app, "Remove a Captain")  # taken back: no points change, the muster's army too
    assert scene.army.captains() == 0 == scene.muster.army.captains() and scene.army.points() == 324
    assert "recruiting roll" in scene.note and not scene.note_bad


def test_mixed_lists_let_the_player_buy_another_nations_units(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_armies(app)
    with pytest.raises(StopIteration):  # own lists only: no other list is offered
        scene.opts.menu("shown")
    choose(app, scene, "lists", "any list (mixed)")
    assert scene.army.options.lists == "mixed" and scene.problems() == []
    choose(app, scene, "shown", "Altengard")
    assert scene.shown.id == "altengard" and [u.name for _, u in scene.row_rects] == \
        [u.name for u in scene.shown.units]
    knights = next(u for _, u in scene.row_rects if u.name == "Knights")
    click_unit(app, scene, knights.number)  # Altengard's Knights join the Aeja army
    from game.rules.rrtk.army import check
    assert scene.army.count(knights, "altengard") == 1 and scene.army.nation == "aeja"
    assert scene.army.points() == 199 + knights.cost and scene.problems() == [] == check(scene.army)
    assert "(1 of other lists)" in scene.panel_words() or scene.army.unit_count() == 11
    click_unit(app, scene, knights.number, "-")
    assert scene.army.count(knights, "altengard") == 0 and scene.army.points() == 199
    click_unit(app, scene, knights.number, "-")  # none left to take back: refused
    assert scene.note_bad and "has no Knights" in scene.note
    click_unit(app, scene, knights.number)
    # back to own lists: the other list's unit now breaks a rule, and the reason is on the panel
    choose(app, scene, "lists", "its own list")
    assert scene.shown.id == "aeja"
    assert scene.problems() == ["Knights is from the Altengard list; with units from the nation's own list only, "
                                "Aeja cannot field it"]
    assert "Breaks a rule: Knights is from the Altengard list" in scene.panel_words()
    choose(app, scene, "shown", "Altengard")  # still offered while the army has a unit of that list
    click_unit(app, scene, knights.number)  # own lists only: refused, with the reason
    assert scene.army.count(knights, "altengard") == 1 and scene.note_bad and "not on the Aeja list" in scene.note
    click_unit(app, scene, knights.number, "-")  # taken back: every rule holds again
    assert scene.problems() == [] and scene.army.points() == 199
    # saved and loaded, a mixed army comes back as it was
    choose(app, scene, "lists", "any list (mixed)")
    click_unit(app, scene, knights.number)
    click_button(app, "Save")
    from game.ui.rrtk import armystore
    army, why = armystore.load(scene.path)
    assert why == "" and army == scene.army


# --------------------------------------------------------------------------- dialogs are modal

def on_controls(scene, pos: tuple[int, int]) -> bool:  # type: ignore[no-untyped-def]
    """Is a point on one of a dialog's own controls (a button, a list, a text box)?"""
    kinds = (pygame_gui.elements.UIButton, pygame_gui.elements.UISelectionList,
             pygame_gui.elements.UITextEntryLine, pygame_gui.elements.UIDropDownMenu)
    return any(isinstance(w, kinds) and w.alive() and w.rect.collidepoint(pos) for w in scene.widgets)


def screen_bytes(app) -> bytes:  # type: ignore[no-untyped-def]
    return pygame.image.tobytes(app.screen, "RGB")


def assert_inert_behind(app, dialog, spots: dict[str, tuple[int, int]], state) -> None:  # type: ignore[no-untyped-def]
    """Click every spot behind the open dialog, and press keys: the screen and `state()` stay as
    they were, and the dialog stays on top."""
    app.frame(1 / 60)
    before, shown = state(), screen_bytes(app)
    tried = 0
    for what, pos in spots.items():
        if on_controls(dialog, pos):
            continue
        tried += 1
        click(app, pos)
        assert app.scene is dialog and app.running, what
        assert state() == before, what
        assert screen_bytes(app) == shown, f"a click on {what} behind the dialog changed the screen"
    assert tried >= 3
    for key in (pygame.K_DOWN, pygame.K_UP, pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB, pygame.K_q):
        press(app, key)
        app.frame(1 / 60)
        assert app.scene is dialog and state() == before and screen_bytes(app) == shown, key


def test_the_saved_armies_dialog_takes_every_click_and_key(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_armies(app)
    click_button(app, "Save")
    app.frame(1 / 60)
    from tests.test_ui import button
    pike = next(b for b, u in scene.plus.items() if u.number == 1)
    altengard = next(i for i in scene.nation_list.item_list if i["text"] == "Altengard")["button_element"]
    spots = {name: button(app, name).rect.center for name in ("Back", "Recruit by rolls", "Add a Captain", "Save",
                                                              "Army sheet (PNG)")}
    spots.update({"Pike +": pike.rect.center, "Altengard in the list": altengard.rect.center,
                  "the points limit": scene.opts.menu("limit").rect.center,
                  "units from": scene.opts.menu("lists").rect.center})
    click_button(app, "Saved armies...")
    files = app.scene
    assert files.modal and not any(w.visible for w in scene.widgets), "the screen's controls are covered"

    def state():  # type: ignore[no-untyped-def]
        return (scene.army, scene.mode, scene.nation.id, scene.note, scene.limit, scene.options, files.chosen,
                scene.nation_list.get_single_selection(), len(app.scenes))
    assert_inert_behind(app, files, spots, state)
    click_button(app, "Close")  # the screen behind answers again
    assert app.scene is scene and all(w.visible for w in scene.widgets)
    click(app, pike.rect.center)
    assert scene.army.count(scene.nation.units[0]) == 3


def test_the_unfinished_games_dialog_takes_every_click_and_key(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.resume import UnfinishedScene
    app.frame(1 / 60)
    menu = app.scene
    spots = {b.text: b.rect.center for b in menu.widgets if isinstance(b, pygame_gui.elements.UIButton)}
    assert "Quit" in spots and "Rally Round the King" in spots
    app.push(UnfinishedScene(app, menu))
    dialog = app.scene
    assert_inert_behind(app, dialog, spots, lambda: (type(app.scenes[0]).__name__, len(app.scenes), app.running))
    click_button(app, "Close")
    assert app.scene is menu
    click_button(app, "Rally Round the King")  # the menu answers again
    assert type(app.scene).__name__ == "RrtkMenuScene"
