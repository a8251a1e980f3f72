"""Saving, loading, resuming and take-backs in the window (issue 7), both rulesets,
driven headless (SDL dummy driver) with synthetic keys and clicks; the AI worker
host's generator states (a resumed game's AIs choose as the uninterrupted game's)."""

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
OUT = ROOT / "out"
SPRINT = ROOT / "levels" / "wild_race" / "sprint.json"
FIGURE_8 = ROOT / "levels" / "doomwheel" / "figure_of_eight.json"


def frames(app: Any, n: int = 2) -> None:
    for _ in range(n):
        app.frame(1 / 60)


def key(app: Any, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.frame(1 / 60)


def buttons(app: Any) -> dict[str, Any]:
    return {e.text: e for e in app.manager.get_root_container().elements if isinstance(e, pygame_gui.elements.UIButton)}


def press_button(app: Any, el: Any) -> None:
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=el, ui_object_id=""))
    frames(app, 2)


def wild_race(app: Any, kinds: tuple[str, ...] = ("human", "random"), takebacks: bool = False, seed: int = 5) -> Any:
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    start_series(app, load_course(str(SPRINT)), [(f"P{i}", k) for i, k in enumerate(kinds)], 1, Options(), 1,
                 seed=seed, takebacks=takebacks)
    frames(app, 3)
    return app.scene


def doom_race(app: Any, takebacks: bool = False, seed: int = 6) -> Any:
    from game.levels.course import load_course
    from game.rules.doomwheel.options import Options
    from game.ui.doomwheel.flow import start_doomwheel
    start_doomwheel(app, load_course(str(FIGURE_8)), [("Ann", "human"), ("Bob", "random")], Options(), seed=seed,
                    takebacks=takebacks)
    frames(app, 3)
    return app.scene


def play_human(app: Any, decisions: int, pick: int = 0) -> None:
    """Make `decisions` human choices (the `pick`-th legal one) through the session,
    letting the scene roll dice and run the AI between them."""
    done = 0
    for _ in range(4000):
        if done >= decisions or app.scene.session.over:
            return
        p = app.scene.session.human_turn()
        if p is not None and not app.scene.anim.busy and app.scene.handover is None:
            assert app.scene.session.submit(p.legal[min(pick, len(p.legal) - 1)]) is None
            app.scene._catch_up()
            done += 1
        frames(app, 1)
    raise AssertionError("the race did not come back to the human")


def until_turn(app: Any, turn: int) -> None:
    for _ in range(3000):
        if app.scene.session.state.turn >= turn or app.scene.session.over:
            return
        play_human(app, 1)


def digest(scene: Any) -> str:
    from game.save import state_digest
    return state_digest(scene.session.state)


def shot(app: Any, name: str) -> None:
    OUT.mkdir(exist_ok=True)
    pygame.image.save(app.screen, str(OUT / name))


# --- Ctrl+S, Ctrl+O -------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", ["wild-race", "doomwheel"])
def test_ctrl_s_then_load_through_the_dialog_resumes_the_same_state(app, ruleset: str) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.load import LoadScene
    scene = wild_race(app) if ruleset == "wild-race" else doom_race(app)
    until_turn(app, 2)
    play_human(app, 1)
    frames(app, 2)
    saved = digest(app.scene)
    turn = app.scene.session.state.turn
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    assert scene.toast is not None and "Saved to" in scene.toast[0]
    path = scene.toast[0].split("Saved to ", 1)[1]
    assert os.path.isfile(path)
    play_human(app, 2)  # play on, then load the save made earlier
    key(app, pygame.K_o, pygame.KMOD_LCTRL)
    dialog = app.scene
    assert isinstance(dialog, LoadScene)
    rows = [b for b, p in dialog.row_buttons.items() if p == path]
    assert rows and rows[0].is_enabled and f"turn {turn}" in rows[0].text
    frames(app, 1)
    shot(app, f"load-dialog-{ruleset}.png")
    press_button(app, rows[0])
    resumed = app.scene
    assert resumed is not scene and type(resumed) is type(scene)
    assert digest(resumed) == saved
    assert any("Resumed" in line for line in resumed.log.lines)
    play_human(app, 2)  # and it plays on
    assert resumed.session.recorded_game is not None


def test_a_bad_save_shows_its_reason_and_loading_it_changes_nothing(app, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    from game.core.paths import saves_dir
    from game.save import load_game
    from game.ui.scenes.load import LoadScene
    scene = wild_race(app)
    play_human(app, 2)
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    good = scene.toast[0].split("Saved to ", 1)[1]
    os.makedirs(saves_dir(), exist_ok=True)
    bad = os.path.join(saves_dir(), "broken.json")
    text = pathlib.Path(good).read_text()[:300]
    pathlib.Path(bad).write_text(text)
    before = (pathlib.Path(bad).read_bytes(), os.stat(bad).st_mtime_ns)
    st_before = digest(scene)
    key(app, pygame.K_o, pygame.KMOD_LCTRL)
    dialog = app.scene
    assert isinstance(dialog, LoadScene)
    row = [b for b, p in dialog.row_buttons.items() if p == bad][0]
    assert not row.is_enabled and "cannot load broken.json" in row.text and "JSON" in row.text
    # choosing it anyway (e.g. a file that went bad after the list was read): one dialog, nothing changed
    dialog.choose(bad)
    frames(app, 1)
    shot(app, "load-dialog-bad.png")
    with pytest.raises(Exception) as e:
        load_game(bad)
    assert dialog.error == e.value.line()  # type: ignore[attr-defined]
    assert dialog.dialog is not None and dialog.dialog.alive()
    assert (pathlib.Path(bad).read_bytes(), os.stat(bad).st_mtime_ns) == before
    assert app.scene is dialog
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and digest(scene) == st_before


def test_menu_load_game_lists_saves_newest_first(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.load import LoadScene
    scene = wild_race(app)
    play_human(app, 1)
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    first = scene.toast[0].split("Saved to ", 1)[1]
    play_human(app, 3)
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    second = scene.toast[0].split("Saved to ", 1)[1]
    os.utime(first, (1, 1))
    from game.ui.scenes.menu import MenuScene
    app.replace(MenuScene(app))
    frames(app, 1)
    press_button(app, buttons(app)["Load game"])
    assert isinstance(app.scene, LoadScene)
    assert list(app.scene.row_buttons.values())[:2] == [second, first]


# --- autosave and resume ---------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", ["wild-race", "doomwheel"])
def test_menu_offers_resume_after_an_interrupted_game(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch,
                                                      ruleset: str) -> None:
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene
    a = App((1280, 800), instant=True, clock=lambda: 0.0)
    a.push(MenuScene(a))
    frames(a, 1)
    assert not any(t.startswith("Resume") for t in buttons(a))
    scene = wild_race(a) if ruleset == "wild-race" else doom_race(a)
    until_turn(a, 3)
    frames(a, 2)
    # the autosave is made at the start of every turn: the state then is what resumes
    from game.save import load_game
    at_turn = load_game(scene.session.recorded_game.autosave_file)
    assert at_turn.turn == scene.session.state.turn
    want = digest_of(at_turn.state)
    scene.session.close()  # the window is gone: no clean exit, no save
    a.scenes.clear()
    a.close()
    b = App((1280, 800), instant=True, clock=lambda: 0.0)
    try:
        b.push(MenuScene(b))
        frames(b, 1)
        offer = [t for t in buttons(b) if t.startswith("Resume ")]
        assert offer, list(buttons(b))
        assert f"turn {at_turn.turn}" in offer[0]
        shot(b, f"resume-prompt-{ruleset}.png")
        import game.ui.scenes.flow as flow
        resumed: list[str] = []
        real = flow.resume_game

        def spy(app: Any, loaded: Any) -> Any:
            got = real(app, loaded)
            resumed.append(digest(got))  # before any frame plays on
            return got
        monkeypatch.setattr(flow, "resume_game", spy)
        press_button(b, buttons(b)[offer[0]])
        assert type(b.scene) is type(scene)
        assert resumed == [want]
        play_human(b, 2)
    finally:
        b.close()


def _autosaved_game(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """An unfinished game autosaved twice (so with a .bak) and a save of the player's
    own: (the autosave's path, the save's path)."""
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    from game.core.paths import saves_dir
    from game.save import save_game, write_autosave
    from tests.test_save import play_steps, wild_game
    rg, agents = wild_game(7)
    play_steps(rg, agents, 12)
    write_autosave(rg)
    play_steps(rg, agents, 12)
    auto = write_autosave(rg)
    os.makedirs(saves_dir(), exist_ok=True)
    own = os.path.join(saves_dir(), "mine.json")
    save_game(own, rg)
    assert os.path.isfile(auto) and os.path.isfile(auto + ".bak")
    return auto, own


def _confirm_window(app: Any) -> Any:
    wins = [e for e in app.manager.get_root_container().elements
            if isinstance(e, pygame_gui.windows.UIConfirmationDialog)]
    assert len(wins) == 1
    return wins[0]


def test_discard_on_the_resume_prompt_deletes_the_autosave_after_asking(tmp_path: pathlib.Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    auto, own = _autosaved_game(tmp_path, monkeypatch)
    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene
    a = App((1280, 800), instant=True, clock=lambda: 0.0)
    try:
        a.push(MenuScene(a))
        frames(a, 1)
        assert any(t.startswith("Resume ") for t in buttons(a))
        press_button(a, buttons(a)["Discard"])
        ask = _confirm_window(a)
        shot(a, "resume-discard-ask.png")
        press_button(a, ask.cancel_button)  # changed their mind: nothing is deleted
        assert os.path.isfile(auto) and os.path.isfile(auto + ".bak")
        assert any(t.startswith("Resume ") for t in buttons(a))
        press_button(a, buttons(a)["Discard"])
        press_button(a, _confirm_window(a).confirm_button)
        assert not os.path.exists(auto) and not os.path.exists(auto + ".bak")
        assert os.path.isfile(own)  # the player's own save is kept
        assert not any(t.startswith("Resume") or t == "Discard" for t in buttons(a))
        labels = [e.text for e in a.manager.get_root_container().elements
                  if isinstance(e, pygame_gui.elements.UILabel)]
        assert "The unfinished game was discarded." in labels
        frames(a, 1)
        shot(a, "resume-discarded.png")
        a.replace(MenuScene(a))  # the next start offers nothing
        frames(a, 1)
        assert not any(t.startswith("Resume") for t in buttons(a))
    finally:
        a.close()


def test_discard_never_deletes_a_save_that_is_not_the_autosave(tmp_path: pathlib.Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    auto, own = _autosaved_game(tmp_path, monkeypatch)
    import game.save
    from game.save import Unfinished, read_summary
    mistake = [Unfinished(own, own, read_summary(own), os.stat(own).st_mtime)]
    monkeypatch.setattr(game.save, "unfinished_games", lambda: mistake)  # offered by mistake
    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene
    a = App((1280, 800), instant=True, clock=lambda: 0.0)
    try:
        a.push(MenuScene(a))
        frames(a, 1)
        press_button(a, buttons(a)["Discard"])
        press_button(a, _confirm_window(a).confirm_button)
        assert os.path.isfile(own) and os.path.isfile(auto) and os.path.isfile(auto + ".bak")
        assert a.scene.resume is not None  # still offered, and the menu says why nothing was deleted
        said = [e.text_block.html_text for e in a.manager.get_root_container().elements
                if isinstance(e, pygame_gui.windows.UIMessageWindow)]
        assert len(said) == 1 and "is not an autosave" in said[0]
    finally:
        a.close()


def digest_of(state: Any) -> str:
    from game.save import state_digest
    return state_digest(state)


def test_a_finished_game_offers_no_resume_and_keeps_a_replay(app) -> None:  # type: ignore[no-untyped-def]
    from game.core.paths import replays_dir
    from game.ui.scenes.menu import MenuScene
    wild_race(app, ("random", "random"))
    for _ in range(2000):
        if app.scene.__class__.__name__ == "ResultsScene":
            break
        app.scene.skip_to_end() if hasattr(app.scene, "skip_to_end") else None
        frames(app, 1)
    assert app.scene.__class__.__name__ == "ResultsScene"
    assert [n for n in os.listdir(replays_dir()) if n.endswith(".replay.json")]
    app.replace(MenuScene(app))
    frames(app, 1)
    assert not any(t.startswith("Resume") for t in buttons(app))


# --- take-backs ------------------------------------------------------------------------------

def test_take_backs_off_offers_no_undo(app) -> None:  # type: ignore[no-untyped-def]
    scene = wild_race(app, takebacks=False)
    play_human(app, 1)
    before = digest(scene)
    key(app, pygame.K_u)
    assert digest(scene) == before
    assert "Take back (U)" not in buttons(app)


def _to_second_choice_of_a_turn(app: Any) -> tuple[str, int]:
    """Play until the human has just made a choice and is to choose again with no
    die between; returns (the digest before that choice, the history length then)."""
    for _ in range(400):
        s = app.scene.session
        p = s.human_turn()
        if p is not None and not app.scene.anim.busy:
            before = digest(app.scene)
            n = len(s.recorded_game.record.history)
            s.submit(p.legal[0])
            app.scene._catch_up()
            frames(app, 2)
            q = s.human_turn()
            if q is not None and q.actor == p.actor and s.recorded_game.record.takeback_steps(p.actor) > 0:
                return before, n
            continue
        frames(app, 1)
    raise AssertionError("no second choice without a die between")


@pytest.mark.parametrize("ruleset", ["wild-race", "doomwheel"])
def test_take_backs_on_restore_the_state_before_the_choices(app, ruleset: str) -> None:  # type: ignore[no-untyped-def]
    scene = wild_race(app, takebacks=True) if ruleset == "wild-race" else doom_race(app, takebacks=True)
    before, n = _to_second_choice_of_a_turn(app)
    frames(app, 2)
    assert "Take back (U)" in buttons(app)
    shot(app, f"takeback-{ruleset}.png")
    history = scene.session.recorded_game.record.history
    last_die = max(i for i, e in enumerate(history) if e.chance)
    key(app, pygame.K_u)
    frames(app, 2)
    assert digest(scene) == before
    assert len(history) == n and len(history) > last_die  # back to the state before; never across the die
    assert any("took back" in line for line in scene.log.lines)
    key(app, pygame.K_u)  # nothing more of theirs since the die: nothing changes
    assert digest(scene) == before and len(scene.session.recorded_game.record.history) == n
    play_human(app, 3)  # the game goes on from there
    # a save keeps the house rule
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    from game.save import load_game
    assert load_game(scene.toast[0].split("Saved to ", 1)[1]).extra["takebacks"] is True


def test_take_back_button_works_like_u(app) -> None:  # type: ignore[no-untyped-def]
    scene = wild_race(app, takebacks=True)
    before, _ = _to_second_choice_of_a_turn(app)
    frames(app, 2)
    press_button(app, buttons(app)["Take back (U)"])
    assert digest(scene) == before
    frames(app, 2)
    assert "Take back (U)" not in buttons(app)


def test_set_up_screens_offer_the_take_backs_house_rule(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.doomwheel.scenes.setup import DoomSetupScene
    from game.ui.wild_race.scenes.setup import SetupScene
    for cls in (SetupScene, DoomSetupScene):
        app.replace(cls(app))
        frames(app, 1)
        labels = [e.text for e in app.manager.get_root_container().elements
                  if isinstance(e, pygame_gui.elements.UILabel)]
        assert "House rule: take-backs" in labels
        assert app.scene.takebacks_dd.selected_option[0] == "off"


# --- the AI worker's generators ----------------------------------------------------------------

def test_resumed_solo_game_with_a_worker_ai_makes_the_same_choices(tmp_path: pathlib.Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    from game.ai.host import ProcessHost, make_host
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.save import attach, load_game, save_game, state_digest
    from game.ui.session import Seat, Session
    from game.ui.wild_race.session import new_session as wild_session

    def drive(session: Session, steps: int) -> list[str]:
        """Human picks the last legal choice; returns the digest after every step."""
        out = []
        while len(out) < steps and not session.over:
            p = session.human_turn()
            if p is not None:
                session.submit(p.legal[-1])
            else:
                session.think(1, block=True)
            out.append(state_digest(session.state))
        return out

    seats = [Seat("red", "Ann", "human", 0), Seat("blue", "Bot", "normal", 1)]
    a = wild_session(load_course(str(SPRINT)), seats, 1, 12, Options(), process=True)
    assert isinstance(a.host, ProcessHost)
    attach(a)
    try:
        drive(a, 60)
        path = str(tmp_path / "mid.json")
        save_game(path, a)
        rest_a = drive(a, 120)
    finally:
        a.close()
    loaded = load_game(path)
    assert loaded.agents  # the worker told its generators' states
    b = Session(loaded.state, {s.player: Seat(s.player, s.name, s.kind, s.colour) for s in loaded.seats},
                host=make_host(loaded.specs, process=True), specs=loaded.specs)
    try:
        attach(b, loaded)
        assert b.host.agent_states() == loaded.agents
        rest_b = drive(b, 120)
    finally:
        b.close()
    assert rest_b == rest_a


def test_worker_host_tells_its_states_while_an_ask_is_outstanding() -> None:
    from game.ai.host import InlineHost, ProcessHost
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.save import agent_states
    from game.ui.session import Seat, Session
    from game.ui.wild_race.session import new_session as wild_session
    seats = [Seat("red", "A", "random", 0), Seat("blue", "B", "random", 1)]
    s = wild_session(load_course(str(SPRINT)), seats, 1, 3, Options(), process=True)
    inline = InlineHost(s.specs)
    try:
        assert isinstance(s.host, ProcessHost)
        for _ in range(30):  # both hosts see the same decisions
            while s.ruleset.current_actor(s.state) == "chance" or s.pending() is None:
                if s.over:
                    break
                s.think(1, block=True)
            p = s.pending()
            if p is None:
                break
            s.host.ask(p.actor, s.state, p.legal)
            mid = s.host.agent_states()  # an ask is outstanding: the states before it
            assert mid == agent_states(inline.agents)
            got = s.host.wait()
            inline.ask(p.actor, s.state, p.legal)
            assert got == inline.poll()
            s._apply(got[0])
        assert s.host.agent_states() == agent_states(inline.agents)
    finally:
        s.close()


def test_a_loaded_grand_prix_race_keeps_the_standings(app) -> None:  # type: ignore[no-untyped-def]
    from game.levels.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.wild_race.flow import start_series
    from game.ui.scenes.load import LoadScene
    from game.ui.wild_race.scenes.results import ResultsScene
    series = start_series(app, load_course(str(SPRINT)), [("A", "random"), ("B", "random")], 1, Options(), 2, seed=4)
    frames(app, 2)
    app.scene.skip_to_end()
    for _ in range(500):
        if isinstance(app.scene, ResultsScene):
            break
        frames(app, 1)
    after_one = dict(series.standings.points)
    assert after_one
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=buttons(app)["Next race"],
                                         ui_object_id=""))
    frames(app, 1)  # AIs only: the race runs fast; save it while it is on
    race2 = app.scene
    assert race2.__class__.__name__ == "RaceScene" and not race2.session.over
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    path = race2.toast[0].split("Saved to ", 1)[1]
    key(app, pygame.K_o, pygame.KMOD_LCTRL)
    assert isinstance(app.scene, LoadScene)
    app.scene.choose(path)
    frames(app, 1)
    resumed = app.scene
    assert resumed is not race2
    info = resumed.session.recorded_game.extra["series"]
    assert info["number"] == 2 and info["races"] == 2 and info["standings"]["points"] == after_one
    resumed.skip_to_end()
    for _ in range(500):
        if isinstance(app.scene, ResultsScene):
            break
        frames(app, 1)
    res = app.scene
    assert isinstance(res, ResultsScene) and res.series.number == 2 and res.series.races == 2
    assert res.series.standings.races == 2
    assert all(res.series.standings.points[r] >= p for r, p in after_one.items())
    assert "Main menu" in buttons(app)  # the last race of the series


def test_closing_the_window_mid_turn_resumes_from_exactly_there(tmp_path: pathlib.Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WILD_TABLE_HOME", str(tmp_path))
    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene
    a = App((1280, 800), instant=True, clock=lambda: 0.0)
    a.push(MenuScene(a))
    scene = wild_race(a)
    until_turn(a, 2)
    play_human(a, 1)
    now = digest(scene)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    a.frame(1 / 60)
    assert not a.running
    scene.session.close()
    a.close()
    from game.save import find_unfinished_autosave, state_digest
    loaded = find_unfinished_autosave()
    assert loaded is not None and state_digest(loaded.state) == now


def test_pause_menu_saves_and_opens_the_load_dialog(app) -> None:  # type: ignore[no-untyped-def]
    from game.ui.scenes.load import LoadScene
    scene = doom_race(app)
    play_human(app, 1)
    key(app, pygame.K_ESCAPE)
    press_button(app, buttons(app)["Save game (Ctrl+S)"])
    assert app.scene is scene and "Saved to" in scene.toast[0]
    key(app, pygame.K_ESCAPE)
    press_button(app, buttons(app)["Load game (Ctrl+O)"])
    assert isinstance(app.scene, LoadScene) and len(app.scene.row_buttons) == 1
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene
