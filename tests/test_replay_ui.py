"""The replay viewer (game.ui.scenes.replay), the Replays list on the main menu,
`python -m game replay FILE` and the results screens' race report button, driven
headless (SDL dummy driver)."""

from __future__ import annotations

import json
import os
import pathlib
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "out"
GOLDEN = ROOT / "tests" / "golden"
OUT_SHOTS = pathlib.Path(os.environ.get("WILD_TABLE_SHOTS", str(OUT)))


def frames(app: Any, n: int = 2) -> None:
    for _ in range(n):
        app.frame(1 / 60)


def key(app: Any, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)


def buttons(app: Any) -> dict[str, Any]:
    return {e.text: e for e in app.manager.get_root_container().elements if isinstance(e, pygame_gui.elements.UIButton)}


def press_button(app: Any, el: Any) -> None:
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=el, ui_object_id=""))
    frames(app, 2)


def shot(app: Any, name: str) -> None:
    OUT.mkdir(exist_ok=True)
    pygame.image.save(app.screen, str(OUT / name))


@pytest.mark.parametrize("name", ["wild-race-1.replay.json", "doomwheel-1.replay.json"])
def test_replay_scene_steps_and_scrubs_to_a_turn_whose_digest_matches(app, name: str) -> None:  # type: ignore[no-untyped-def]
    from game.save import state_digest
    from game.ui.scenes.replay import ReplayScene
    scene = ReplayScene(app, str(GOLDEN / name))
    app.replace(scene)
    key(app, pygame.K_SPACE)  # pause
    assert scene.paused
    pos = scene.player.pos
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.player.pos == pos + 2
    key(app, pygame.K_LEFT)
    assert scene.player.pos == pos + 1
    speed = scene.speed_i
    key(app, pygame.K_TAB)
    assert scene.speed_i == (speed + 1) % 4
    record = scene.record
    cps = [cp for cp in record.checkpoints if cp.turn > 1]
    target = cps[len(cps) // 2]
    # the scrubber: the slider moved to that turn
    scene.slider.set_current_value(target.turn)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=scene.slider,
                                         ui_object_id="", value=target.turn))
    frames(app, 2)
    last = [cp for cp in record.checkpoints if cp.turn == target.turn][-1]
    assert scene.player.turn == target.turn and scene.player.pos == last.step
    assert state_digest(scene.player.state) == last.hash
    assert scene.view.state is scene.player.state
    assert not scene.check and not scene.error
    shot(app, f"replay-viewer-{name.split('.')[0]}.png")
    # and back to an earlier turn, then play on to the end
    scene.seek_turn(1)
    assert scene.player.turn == 1
    key(app, pygame.K_SPACE)
    for _ in range(20000):
        if scene.player.done:
            break
        frames(app, 1)
    assert scene.player.done and state_digest(scene.player.state) == scene.rep.games[0].final_hash


def keys(app: Any, k: int, n: int) -> None:
    """`n` presses of one key, all handled in one frame (as a held key repeats)."""
    for _ in range(n):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)


def scrub(app: Any, scene: Any, turn: int) -> None:
    scene.slider.set_current_value(turn)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=scene.slider,
                                         ui_object_id="", value=turn))
    frames(app, 2)


def tray_words(scene: Any) -> list[tuple[Any, ...]]:
    """The dice tray as it reads: who, why, result, faces, favour of each roll shown
    (the Doomwheel's tray holds rolls worded by its narrator, new objects each time)."""
    return [(r.for_whom, r.reason, r.result, tuple(r.faces), r.favour) for r in scene.dice.rolls]


def paused_viewer(app: Any, name: str) -> Any:
    from game.ui.scenes.replay import ReplayScene
    scene = ReplayScene(app, str(GOLDEN / name))
    app.replace(scene)
    key(app, pygame.K_SPACE)  # paused before the first entry plays
    assert scene.paused and scene.player.pos == 0
    return scene


@pytest.mark.parametrize("name", ["wild-race-1.replay.json", "doomwheel-1.replay.json"])
def test_after_a_scrub_the_log_reads_as_if_stepped_there(app, name: str) -> None:  # type: ignore[no-untyped-def]
    """Regression: a scrub left the race's first lines and then "-- turn N --"."""
    scene = paused_viewer(app, name)
    cps = scene.record.checkpoints
    turn = cps[len(cps) // 2].turn
    pos = [cp.step for cp in cps if cp.turn == turn][-1]
    keys(app, pygame.K_RIGHT, pos)  # step there, one entry at a time
    assert scene.player.pos == pos and scene.player.turn == turn
    stepped_log, stepped_dice, stepped_tray = list(scene.log.lines), list(scene.dice.rolls), tray_words(scene)
    assert len(stepped_log) > 10 and len(stepped_dice) == 5
    # a fresh viewer scrubbed forward to that turn, never having played it
    fresh = paused_viewer(app, name)
    scrub(app, fresh, turn)
    assert fresh.player.pos == pos
    assert fresh.log.lines == stepped_log and fresh.log.scroll == 0
    assert not any(line.startswith("-- turn") for line in fresh.log.lines)
    assert tray_words(fresh) == stepped_tray  # the tray too: the same last five rolls, worded alike
    if not fresh.doom:
        assert fresh.dice.rolls == stepped_dice
    # back from the end to that turn, and back from the end with the slider's own start
    key(app, pygame.K_END)
    assert fresh.player.done and len(fresh.log.lines) > len(stepped_log)
    scrub(app, fresh, turn)
    assert fresh.log.lines == stepped_log and fresh.log.scroll == 0
    assert tray_words(fresh) == stepped_tray
    scrub(app, fresh, 0)
    assert fresh.log.lines == stepped_log[:2]  # the title and the hash check only
    # a step back reads as one step fewer
    scrub(app, fresh, turn)
    key(app, pygame.K_LEFT)
    fresh_back = list(fresh.log.lines)
    key(app, pygame.K_RIGHT)
    assert fresh.log.lines == stepped_log and len(fresh_back) <= len(stepped_log)
    assert tray_words(fresh) == stepped_tray
    # the newest line is the one drawn last in the log panel
    frames(app, 1)
    OUT_SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(OUT_SHOTS / f"replay-scrubbed-{name.split('.')[0]}.png"))


def test_a_doomwheel_replay_is_worded_as_the_live_race(app) -> None:  # type: ignore[no-untyped-def]
    """The viewer words a Doomwheel replay with the live race's Narrator and
    DoomDiceTray: the saboteur's sabotage, every bolt thrower shot with what it needs
    and how it went, start grid places, directions in degrees (no die box); and a
    jump (back or forward) into the middle of a sabotage or a shot goes on worded as
    stepping there from the start words it."""
    import re

    from game.ui.doomwheel.panels import DoomDiceTray
    scene = paused_viewer(app, "doomwheel-1.replay.json")
    assert isinstance(scene.dice, DoomDiceTray)
    n = len(scene.record.history)
    seen = [(list(scene.log.lines), tray_words(scene))]
    for _ in range(n):  # step through the whole race, one entry at a time, as Right does
        scene.step_once()
        seen.append((list(scene.log.lines), tray_words(scene)))
    assert scene.player.done and scene.player.pos == n
    log = seen[-1][0]
    shots = [line for line in log if "'s bolt thrower shoots at " in line]
    assert len(shots) >= 5 and all(re.search(r"\(\d+\", .*\): needs (\d\+|6 then \d\+), rolls \d — ", line)
                                   for line in shots), shots
    assert any(line.endswith("— hits!") for line in shots) and any(line.endswith("— misses") for line in shots)
    assert any("'s sabotage on " in line for line in log)
    assert not any(line.startswith("Sabotage on ") for line in log)  # the plain words (the wheel slid only)
    assert any("takes place 1 of 2 on the start grid (the left-hand place)" in line for line in log)
    assert any(re.search(r"rolls a random direction: \d+° \((north|south|east|west)", line) for line in log)
    trays = [t for _, tray in seen for t in tray]
    assert any(who.endswith("'s sabotage on " + who.rsplit(" ", 1)[-1]) and why.endswith("D3")
               for who, why, *_ in trays)
    assert any(why.startswith("to hit ") for _, why, *_ in trays)
    directions = [t for t in trays if "direction" in t[1]]
    assert directions and all(t[3] == () and "°" in t[2] for t in directions)  # no die box
    # where a sabotage or a shot was worded: jump there from the end (and from the start),
    # one entry short of it, and step on
    told = [p for p in range(1, n + 1) if seen[p][0] != seen[p - 1][0] and any(
        "'s sabotage on " in line or "'s bolt thrower" in line or "'s bolt" in line
        for line in seen[p][0][len(seen[p - 1][0]):])]
    assert len(told) >= 10
    fresh = paused_viewer(app, "doomwheel-1.replay.json")
    key(app, pygame.K_END)
    assert fresh.log.lines == seen[-1][0] and tray_words(fresh) == seen[-1][1]
    for p in reversed(told):
        fresh.seek(p - 1)
        assert (fresh.log.lines, tray_words(fresh)) == seen[p - 1]
        fresh.step_once()
        assert (fresh.log.lines, tray_words(fresh)) == seen[p], p
    key(app, pygame.K_HOME)
    assert fresh.log.lines == seen[0][0] and tray_words(fresh) == []
    for p in told[:8]:
        fresh.seek(p - 1)
        fresh.step_once()
        assert (fresh.log.lines, tray_words(fresh)) == seen[p], p
    # a shot on screen: the log's line and the tray's "to hit" (the screenshot)
    p = next(p for p in told if any("shoots at" in line for line in seen[p][0][len(seen[p - 1][0]):]))
    fresh.seek(p)
    assert "shoots at" in " ".join(fresh.log.lines[-3:]) and tray_words(fresh)[0][1].startswith("to hit ")
    frames(app, 1)
    OUT_SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(OUT_SHOTS / "replay-doomwheel-narrated.png"))


def test_turn_bar_and_hash_box_count_turns_alike(app) -> None:  # type: ignore[no-untyped-def]
    """Regression: the bar said "turn 11/20" while the hash box counted 21 turns."""
    scene = paused_viewer(app, "doomwheel-1.replay.json")
    last = scene.rep.games[0].turns
    assert last == scene.turn_list[-1] == 20
    assert scene.turn_label() == "Start"
    assert scene.turns_checked() == "the start and all 20 turns"
    assert "21" not in scene.log.lines[1] and "the start and all 20 turns" in scene.log.lines[1]
    scrub(app, scene, 11)
    assert scene.turn_label() == "Turn 11 of 20"
    key(app, pygame.K_END)
    assert scene.turn_label() == "Turn 20 of 20"
    key(app, pygame.K_HOME)
    assert scene.turn_label() == "Start" and scene.slider.get_current_value() == 0
    frames(app, 1)
    OUT_SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(OUT_SHOTS / "replay-start.png"))


def test_a_hash_mismatch_is_shown_clearly(app, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.replay import ReplayScene
    doc = json.loads((GOLDEN / "wild-race-1.replay.json").read_text())
    doc["games"][0]["record"]["checkpoints"][4][2] = "0" * 24
    bad = tmp_path / "bad.replay.json"
    bad.write_text(json.dumps(doc))
    scene = ReplayScene(app, str(bad))
    app.replace(scene)
    assert "turn 4" in scene.check and "hash differs" in scene.check
    for _ in range(5000):
        if scene.error or scene.player.done:
            break
        frames(app, 1)
    assert scene.error and "hash differs" in scene.error and scene.paused
    frames(app, 1)
    shot(app, "replay-viewer-mismatch.png")
    played = list(scene.log.lines)
    assert played[-1] == "Replay stops: " + scene.error
    # a jump back reads as before the mismatch; a jump past it stops there again, said once
    key(app, pygame.K_HOME)
    assert not any(line.startswith("Replay stops") for line in scene.log.lines)
    key(app, pygame.K_END)
    assert scene.log.lines == played
    # the mismatch box is drawn in red on the sidebar
    r = scene.table_rect()
    reds = sum(1 for x in range(r.right, app.size[0], 4) for y in range(0, app.size[1], 4)
               if app.screen.get_at((x, y))[:3] == (255, 120, 100))
    assert reds > 20


def test_menu_lists_kept_replays_and_opens_one(app) -> None:  # type: ignore[no-untyped-def]
    import shutil

    from game.core.paths import replays_dir
    from game.ui.scenes.load import LoadScene
    from game.ui.scenes.replay import ReplayScene
    os.makedirs(replays_dir(), exist_ok=True)
    shutil.copy(GOLDEN / "doomwheel-1.replay.json", os.path.join(replays_dir(), "doomwheel-a.replay.json"))
    pathlib.Path(replays_dir(), "broken.replay.json").write_text("{")
    frames(app, 1)
    press_button(app, buttons(app)["Replays"])
    assert isinstance(app.scene, LoadScene)
    rows = {os.path.basename(p): b for b, p in app.scene.row_buttons.items()}
    assert not rows["broken.replay.json"].is_enabled and "cannot load" in rows["broken.replay.json"].text
    assert rows["doomwheel-a.replay.json"].is_enabled and "Doomwheel" in rows["doomwheel-a.replay.json"].text
    import re
    import time
    when = time.strftime("%Y-%m-%d", time.localtime(os.stat(os.path.join(replays_dir(), "doomwheel-a.replay.json")).st_mtime))
    assert re.search(when + r" \d\d:\d\d", rows["doomwheel-a.replay.json"].text)  # when it was kept
    frames(app, 1)
    shot(app, "replays-list.png")
    press_button(app, rows["doomwheel-a.replay.json"])
    assert isinstance(app.scene, ReplayScene) and app.scene.doom


def test_replay_command_checks_then_needs_a_display(capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main
    code = main(["replay", str(GOLDEN / "wild-race-2.replay.json")])
    out, err = capsys.readouterr()
    assert code == 0 and "ok" in out and "no display" in err  # SDL dummy: checked, no window


@pytest.mark.parametrize("name", ["wild-race-2.replay.json", "bad"])
def test_check_and_watch_print_the_same_check(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str],
                                              name: str) -> None:
    """Regression: replay_command kept a dead 'the replay viewer is not available yet'
    path; it is now the one check both `replay FILE --check` and `replay FILE` print."""
    from game.cli import main
    from game.save.replay import replay_command
    path = GOLDEN / name
    if name == "bad":
        doc = json.loads((GOLDEN / "wild-race-1.replay.json").read_text())
        doc["games"][0]["record"]["checkpoints"][4][2] = "0" * 24
        path = tmp_path / "bad.replay.json"
        path.write_text(json.dumps(doc))
    want = 1 if name == "bad" else 0
    assert replay_command(str(path)) == want
    direct = capsys.readouterr()
    assert main(["replay", str(path), "--check"]) == want
    checked = capsys.readouterr()
    assert main(["replay", str(path)]) == want  # SDL dummy: the check, then "no display"
    watched = capsys.readouterr()
    assert direct.out == checked.out == watched.out
    assert direct.err == checked.err and watched.err.startswith(checked.err)
    assert "not available" not in direct.err + watched.err
    assert ("ok (" in direct.out) == (want == 0) and ("hash differs" in direct.err) == (want == 1)


def test_replay_command_reports_a_mismatch_with_exit_1(tmp_path: pathlib.Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main
    doc = json.loads((GOLDEN / "wild-race-1.replay.json").read_text())
    doc["games"][0]["record"]["checkpoints"][4][2] = "0" * 24
    bad = tmp_path / "bad.replay.json"
    bad.write_text(json.dumps(doc))
    assert main(["replay", str(bad)]) == 1
    assert "hash differs" in capsys.readouterr().err


# --- the race report ---------------------------------------------------------------------------

def _finish(app: Any) -> None:
    for _ in range(3000):
        if "Results" in type(app.scene).__name__:
            return
        if hasattr(app.scene, "skip_to_end"):
            app.scene.skip_to_end()
        frames(app, 1)
    raise AssertionError("the race did not end")


@pytest.mark.parametrize("ruleset", ["wild-race", "doomwheel"])
def test_results_report_button_writes_a_png(app, ruleset: str) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    if ruleset == "wild-race":
        from game.rules.wild_race.options import Options
        from game.ui.wild_race.flow import start_series
        start_series(app, load_course(str(ROOT / "levels" / "wild_race" / "sprint.json")),
                     [("A", "random"), ("B", "random")], 1, Options(), 1, seed=3)
    else:
        from game.rules.doomwheel.options import Options as DoomOptions
        from game.ui.doomwheel.flow import start_doomwheel
        start_doomwheel(app, load_course(str(ROOT / "levels" / "doomwheel" / "figure_of_eight.json")),
                        [("A", "random"), ("B", "random")], DoomOptions(laps=1), seed=3)
    _finish(app)
    frames(app, 1)
    press_button(app, buttons(app)["Save race report"])
    path = app.scene.report_path
    assert path and path.endswith(".png") and os.path.isfile(path)
    assert pygame.image.load(path).get_size()[0] > 500
    labels = [e.text for e in app.manager.get_root_container().elements if isinstance(e, pygame_gui.elements.UILabel)]
    assert any(os.path.basename(path) in t for t in labels)
