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

from tests.test_ui import click, click_button  # noqa: E402

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
    files.chosen = files.files[0]
    files.resized()
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
    files.chosen = files.files[0]
    files.resized()
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
    files.chosen = files.files[0]
    files.resized()
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


def test_options_limit_and_unit_cost_and_a_list_with_no_recruiting_column(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_armies(app)
    event = pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.limit_menu,
                               text="Limit 500 points")
    scene.on_ui(event)
    assert scene.limit == 500 and scene.army.built.limit == 500 and "500 left" not in scene.panel_words()
    assert "199 points used, 301 left of 500" in scene.panel_words()
    from game.rules.rrtk import lists
    scene.pick(lists.nation("mirholme"))
    diff = [u for u in scene.nation.units if u.cost != u.formula_cost]
    assert diff  # Mirholme prints costs the formula does not give
    scene.on_ui(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.cost_menu,
                                   text="by the formula"))
    assert scene.options.unit_cost == "formula" and scene.army.options.unit_cost == "formula"
    assert scene.army.points() == scene.nation.basic_points("formula")
    scene.pick(lists.nation("black-moon-incarnate"))
    click_button(app, "Recruit by rolls")
    assert scene.muster.defaulted and scene.muster.done and scene.army.points() <= scene.limit
    assert "no recruiting rolls" in scene.note.lower() and scene.problems() == []
