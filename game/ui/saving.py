"""Saving, loading and take-backs inside a race scene (issue 7), shared by the Wild
Race and the Doomwheel Race scenes: Ctrl+S saves (a toast says where), Ctrl+O opens
the load dialog, U (and a button) takes back the current human player's own choices
back to the last die rolled when the take-backs house rule is on, and a failed
autosave is shown unobtrusively under the table. The saving itself is game.save's.
"""

from __future__ import annotations

import os
from typing import Any

import pygame
import pygame_gui

from game.ui import art

TOAST_SECONDS = 4.0
CTRL = pygame.KMOD_CTRL | pygame.KMOD_META


def takebacks_on(session: Any) -> bool:
    rg = getattr(session, "recorded_game", None)
    return bool(rg is not None and rg.extra.get("takebacks"))


def toast(scene: Any, text: str) -> None:
    """A short message over the table (where a save went, what was taken back)."""
    scene.toast = (text, scene.app.now() + TOAST_SECONDS)


def save_now(scene: Any) -> str | None:
    """Ctrl+S: save the race to a new file in the saves folder; the path, or None."""
    from game.save import new_save_path, save_game
    session = scene.session
    if getattr(session, "recorded_game", None) is None:
        toast(scene, "This race is not recorded: it cannot be saved")
        return None
    path = new_save_path(session)
    try:
        save_game(path, session)
    except (OSError, ValueError, TypeError) as e:
        toast(scene, f"Could not save: {e}")
        return None
    toast(scene, f"Saved to {path}")
    scene.log.add(f"Saved to {path}")
    return path


def autosave_now(session: Any) -> None:
    """Leaving a race (the window closed, or quit to the menu): autosave where it is
    now, not only where the turn began, so Resume goes on from exactly here. A failed
    write lands in rg.last_error, as every autosave's does."""
    rg = getattr(session, "recorded_game", None)
    if rg is None or rg.over:
        return
    from game.save import write_autosave
    try:
        write_autosave(rg)
        rg.last_error = None
    except (OSError, ValueError, TypeError) as e:
        rg.last_error = f"could not save: {e}"


def take_back(scene: Any) -> int:
    """U: undo the current human player's own choices back to the last die rolled."""
    session = scene.session
    if not takebacks_on(session) or scene.anim.busy:
        return 0
    p = session.human_turn()
    n = session.take_back()
    if n == 0:
        toast(scene, "Nothing to take back (only your own choices since the last die)")
        return 0
    st = session.state
    scene.view.state = st
    scene.anim.snap(st)
    scene._decision_key = None
    scene.handover = None
    scene.message = ""
    who = p.seat.name if p is not None else "the player"
    line = f"{who} took back {n} choice{'s' if n != 1 else ''} (take-backs house rule)"
    scene.log.add(line)
    toast(scene, line)
    for attr in ("selected", "sel_obstacle", "target", "_ghost_key", "_ghost"):
        if hasattr(scene, attr):
            setattr(scene, attr, None)
    for attr in ("plan", "laid"):
        if hasattr(scene, attr):
            setattr(scene, attr, [])
    return n


def handle_key(scene: Any, event: pygame.event.Event) -> bool:
    """Ctrl+S, Ctrl+O and U in a race scene; True if the key was one of them."""
    if event.type != pygame.KEYDOWN:
        return False
    ctrl = bool(getattr(event, "mod", 0) & CTRL)
    if ctrl and event.key == pygame.K_s:
        save_now(scene)
        return True
    if ctrl and event.key == pygame.K_o:
        from game.ui.scenes.load import LoadScene
        scene.app.push(LoadScene(scene.app, over=scene))
        return True
    if not ctrl and event.key == pygame.K_u and takebacks_on(scene.session):
        take_back(scene)
        return True
    return False


def on_ui(scene: Any, event: pygame.event.Event) -> bool:
    """The take-back button; True if it was the one pressed."""
    btn = getattr(scene, "undo_button", None)
    if event.type == pygame_gui.UI_BUTTON_PRESSED and btn is not None and event.ui_element is btn:
        take_back(scene)
        return True
    return False


def sync_undo_button(scene: Any) -> None:
    """Show "Take back (U)" over the table's top-left corner while the current human
    player has choices of their own to take back (and the house rule is on)."""
    session = scene.session
    want = takebacks_on(session) and not scene.anim.busy and session.can_take_back() and \
        getattr(scene, "handover", None) is None and not getattr(scene, "show_help", False)
    btn = getattr(scene, "undo_button", None)
    alive = btn is not None and btn.alive()
    if want and not alive:
        cam = scene.view.camera
        btn = pygame_gui.elements.UIButton(pygame.Rect(cam.vx + 10, cam.vy + 10, 170, 34), "Take back (U)",
                                           scene.app.manager,
                                           tool_tip_text="House rule: undo your own choices back to the last die")
        scene.undo_button = btn
        scene.widgets.append(btn)
    elif not want and alive and btn is not None:
        btn.kill()
        if btn in scene.widgets:
            scene.widgets.remove(btn)
        scene.undo_button = None


def draw_overlay(scene: Any, surface: pygame.Surface) -> None:
    """The toast (top centre of the table) and a failed autosave (bottom of the table)."""
    cam = scene.view.camera
    t = getattr(scene, "toast", None)
    if t is not None and scene.app.now() > t[1]:
        scene.toast = t = None
    f = art.font(14)
    if t is not None:
        text = _fit(f, t[0], cam.vw - 40)
        img = f.render(text, True, (255, 246, 220))
        box = pygame.Rect(0, 0, img.get_width() + 24, img.get_height() + 14)
        box.midtop = (cam.vx + cam.vw // 2, cam.vy + 12)
        back = pygame.Surface(box.size, pygame.SRCALPHA)
        back.fill((24, 18, 12, 215))
        surface.blit(back, box.topleft)
        pygame.draw.rect(surface, (200, 160, 90), box, 1, border_radius=4)
        surface.blit(img, (box.x + 12, box.y + 7))
    rg = getattr(scene.session, "recorded_game", None)
    err = getattr(rg, "last_error", None)
    if err:
        img = art.font(12).render(_fit(art.font(12), f"autosave: {err}", cam.vw - 20), True, (255, 150, 130))
        surface.blit(img, (cam.vx + 10, cam.vy + cam.vh - img.get_height() - 6))


def _fit(font: pygame.font.Font, text: str, width: int) -> str:
    if font.size(text)[0] <= width:
        return text
    while text and font.size("..." + text)[0] > width:
        text = text[1:]
    return "..." + text


def reports_dir() -> str:
    from game.core.paths import data_dir
    return os.path.join(data_dir(), "reports")


def save_race_report(session: Any) -> str:
    """Write the race report PNG (game.ui.report) of a finished, recorded race into the
    data folder's reports/; returns its path. BadInput or OSError if it cannot."""
    import time

    from game.ui.report import save_report, trace
    rg = session.recorded_game
    if rg is None:
        raise OSError("this race was not recorded")
    folder = reports_dir()
    os.makedirs(folder, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    path = os.path.join(folder, f"{rg.record.setup.ruleset}-report-{stamp}.png")
    n = 2
    while os.path.exists(path):
        path = os.path.join(folder, f"{rg.record.setup.ruleset}-report-{stamp}-{n}.png")
        n += 1
    save_report(path, trace(rg.record))
    return path


# --------------------------------------------------------------------------- the results screens' report button

REPORT_WHAT = "Save race report: a picture of the course with every trail and the standings"


def report_button(scene: Any) -> Any:
    """"Save race report" (both results screens), left of the other buttons; the
    line above it says what the button makes, then where the last report went. No
    tooltip: one would open over that line while the pointer rests on the button."""
    w, h = scene.app.size
    m = scene.app.manager
    b = pygame_gui.elements.UIButton(pygame.Rect(40, h - 76, 240, 50), "Save race report", m)
    scene.widgets.append(b)
    scene.report_label = pygame_gui.elements.UILabel(pygame.Rect(40, h - 114, w - 80, 32),
                                                     getattr(scene, "report_text", "") or REPORT_WHAT, m)
    scene.widgets.append(scene.report_label)
    return b


def save_report(scene: Any) -> None:
    """Write the race report PNG into the data folder's reports/ and say where."""
    from game.core.errors import BadInput
    try:
        scene.report_path = save_race_report(scene.session)
        scene.report_text = f"Report saved: {scene.report_path}"
    except (BadInput, OSError) as e:
        scene.report_path = ""
        scene.report_text = f"Could not save the report: {e.line() if isinstance(e, BadInput) else e}"
    scene.report_label.set_text(scene.report_text)
