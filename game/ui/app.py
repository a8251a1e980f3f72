"""The window: pygame-ce set-up, the scene stack, the fixed-timestep loop, the
pygame_gui manager with the one theme file (assets/theme.json), full screen (F11).

Tests drive it with `frame(dt)` and an instant-animation mode; nothing waits on the
wall clock except the real-time `run()` loop. That loop draws as fast as it may
(up to FPS_CAP) while a scene is busy (something moves, an AI thinks, a die
tumbles, a text box blinks: `Scene.busy`); when nothing is, it waits for the next
event (at most IDLE_WAIT_MS for the first second of quiet, then IDLE_WAIT_LONG_MS,
so tooltips and notes that time out still move), so an idle screen costs almost
nothing.

The window never closes on an error in a scene: whatever escapes a scene's input,
update or drawing is caught by `frame`, its traceback goes to stderr, and the app
goes back to the main menu with a one-line dialog (`recover`). Files are left as
they are: a race's autosave stays on disk, to resume from the menu.
"""

from __future__ import annotations

import html
import os
import sys
import time
import traceback
from typing import Any, Callable

import pygame
import pygame_gui

from game.core.jsonload import load_json_file
from game.ui.settings import Settings, load_settings

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ASSETS = os.path.join(ROOT, "assets")
STEP = 1.0 / 120.0  # fixed update step (seconds)
FPS_CAP = 240  # frames a second at most while a scene is busy
IDLE_WAIT_MS = 250  # while idle, a frame at least this often (milliseconds) even with no input...
IDLE_WAIT_LONG_MS = 1000  # ...and after a second with neither input nor anything moving, this often
QUIET_WAITS = 4  # short waits before the long ones


def theme_dict(scale: float = 1.0) -> dict[str, Any]:
    """assets/theme.json with its font paths made absolute and font sizes scaled."""
    data: dict[str, Any] = load_json_file(os.path.join(ASSETS, "theme.json"))
    for block in data.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict):
            for k in ("regular_path", "bold_path", "italic_path", "bold_italic_path"):
                if k in font:
                    font[k] = os.path.join(ASSETS, font[k])
            if "size" in font:
                font["size"] = str(max(8, round(int(font["size"]) * scale)))
            if "name" in font:  # a name per scale: pygame_gui keeps loaded fonts by name
                font["name"] = f"{font['name']}_{round(scale * 100)}"
    return data


class Scene:
    """One screen of the app. Scenes build their widgets in `enter` and kill them in
    `exit`; `handle` gets raw events first (return True to consume)."""

    modal = False  # a dialog: draws over the scene below it, and takes all input while it is up

    def __init__(self, app: "App") -> None:
        self.app = app
        self.widgets: list[Any] = []
        self.covered: list[Any] = []  # a modal scene: the widgets below it, hidden while it is up

    def enter(self) -> None: ...

    def exit(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets.clear()

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def on_ui(self, event: pygame.event.Event) -> None: ...

    def on_quit(self) -> bool:
        """The window is being closed: return True to handle it (e.g. ask about
        unsaved work, then set app.running = False); False lets it close."""
        return False

    def update(self, dt: float) -> None: ...

    def busy(self) -> bool:
        """Does the scene change on its own (animation, an AI thinking, a timer)? If
        not, the app waits for input between frames instead of drawing."""
        return False

    def draw(self, surface: pygame.Surface) -> None: ...

    def resized(self) -> None:
        """The window changed size: rebuild widgets."""
        self.exit()
        self.enter()


class App:
    def __init__(self, size: tuple[int, int] = (1280, 800), *, instant: bool = False,
                 clock: Callable[[], float] | None = None, settings: Settings | None = None,
                 wait: Callable[[int], pygame.event.Event] | None = None) -> None:
        pygame.init()
        self.settings, self.settings_error = (settings, None) if settings is not None else load_settings()
        self.size = size
        flags = pygame.RESIZABLE
        self.screen = pygame.display.set_mode(size, flags)
        pygame.display.set_caption("Wild Table")
        from game.ui import art
        art.UI_SCALE[0] = self.settings.ui_scale
        self.manager = pygame_gui.UIManager(size, theme_dict(self.settings.ui_scale))
        self.instant = instant
        self.now = clock or time.perf_counter
        self.scenes: list[Scene] = []
        self.running = True
        self._last = self.now()
        self._acc = 0.0
        self.frames = 0
        self.frame_times: list[float] = []
        self.faults = 0  # errors caught from scenes (recover)
        self._faults_in_a_row = 0
        self.wait_event = wait or pygame.event.wait  # blocks until an event or the timeout (ms)
        self._held: list[pygame.event.Event] = []  # the event an idle wait took off the queue
        self.waits = 0  # idle waits so far (run loop)
        self._quiet = 0  # idle waits in a row that timed out

    # --- scenes --------------------------------------------------------------------
    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        """A scene on top. A modal one (a dialog) hides the widgets of the scene below
        while it is up, so no click, key or hover reaches the screen behind it (its page
        is still drawn, darkened); pop shows them again."""
        if scene.modal and self.scenes:
            scene.covered = [w for w in self.scenes[-1].widgets if w.alive() and w.visible]
            for w in scene.covered:
                w.hide()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> None:
        top = self.scenes.pop()
        top.exit()
        for w in getattr(top, "covered", ()):
            if w.alive():
                w.show()
        if self.scenes and not self.scenes[-1].widgets:
            self.scenes[-1].enter()

    def replace(self, scene: Scene) -> None:
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    # --- the loop --------------------------------------------------------------------
    def frame(self, dt: float | None = None) -> bool:
        """One frame: input, fixed-step updates, draw. False once the app should quit."""
        t0 = time.perf_counter()
        if dt is None:
            now = self.now()
            dt = min(0.25, now - self._last)
            self._last = now
        try:
            self._frame(dt)
            self._faults_in_a_row = 0
        except Exception as exc:  # a scene's error must never close the window
            self.recover(exc)
        self.frames += 1
        self.frame_times.append(time.perf_counter() - t0)
        if len(self.frame_times) > 600:
            del self.frame_times[:300]
        return self.running

    def _frame(self, dt: float) -> None:
        held, self._held = self._held, []
        for event in held + pygame.event.get():
            self.dispatch(event)
        self._acc += dt
        steps = 0
        while self._acc >= STEP and steps < 8:
            self.scene.update(STEP)
            self._acc -= STEP
            steps += 1
        if steps == 8:
            self._acc = 0.0
        self.manager.update(dt)
        self.draw()

    def recover(self, exc: BaseException) -> None:
        """An error escaped a scene: log its traceback to stderr, leave every scene
        (stopping a race's AI worker; its autosave stays on disk), and show the main
        menu with a one-line dialog. If the menu itself fails, a bare page with the
        message and Quit."""
        self.faults += 1
        self._faults_in_a_row += 1
        where = type(self.scenes[-1]).__name__ if self.scenes else "the window"
        print(f"Wild Table: an error in {where} was caught; back to the main menu:", file=sys.stderr)
        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
        line = " ".join(f"{type(exc).__name__}: {exc}".split())
        if len(line) > 160:
            line = line[:157] + "..."
        message = (f"Something went wrong, so the game went back to the main menu ({line}). "
                   "Your saves and the autosave are as they were.")
        self._leave_all_scenes()
        self._acc = 0.0
        if self._faults_in_a_row < 3:
            try:
                from game.ui.scenes.menu import MenuScene
                self.push(MenuScene(self))
                self.scene.widgets.append(pygame_gui.windows.UIMessageWindow(
                    pygame.Rect(self.size[0] // 2 - 280, self.size[1] // 2 - 140, 560, 280),
                    html.escape(message), self.manager, window_title="Something went wrong"))
                return
            except Exception:  # the menu itself fails: the bare page below
                traceback.print_exc(file=sys.stderr)
                self._leave_all_scenes()
        self.push(FaultScene(self, message))

    def _leave_all_scenes(self) -> None:
        """Exit every scene (errors ignored), stop any race's AI worker, and clear every widget."""
        while self.scenes:
            s = self.scenes.pop()
            session = getattr(s, "session", None)
            try:
                s.exit()
            except Exception:
                pass
            try:
                if session is not None and hasattr(session, "close"):
                    session.close()
            except Exception:
                pass
        self.manager.clear_and_reset()

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            if self.scenes and self.scene.on_quit():
                return  # the scene asks first (unsaved changes)
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((max(800, event.w), max(600, event.h)))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if self.scenes and self.scene.handle(event):
            return
        self.manager.process_events(event)
        if event.type >= pygame.USEREVENT and self.scenes:
            self.scene.on_ui(event)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.manager.set_window_resolution(size)
        for s in self.scenes:
            s.exit()
        if self.scenes:
            self.scene.enter()

    def set_ui_scale(self, scale: float) -> None:
        """Apply a new UI scale: fonts, the theme and every scene's layout."""
        from game.ui import art
        self.settings.ui_scale = scale
        art.UI_SCALE[0] = scale
        art.font.cache_clear()
        for s in self.scenes:
            s.exit()
        self.manager = pygame_gui.UIManager(self.size, theme_dict(scale))
        if self.scenes:
            self.scene.enter()

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            pass

    def draw(self) -> None:
        below = [s for s in self.scenes[:-1]] if self.scenes and self.scene.modal else []
        for s in below[-1:]:
            s.draw(self.screen)
        if self.scenes:
            self.scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        pygame.display.flip()

    def idle(self) -> bool:
        """Nothing would change on screen without input: no busy scene, no text box
        with the caret, no mouse button held (a drag, a scroll arrow)."""
        try:
            if not self.scenes or self.scene.busy():
                return False
        except Exception:  # a scene's error: the next frame catches it (recover)
            return False
        focus = self.manager.get_focus_set()
        if any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in focus or ()):
            return False
        return not any(pygame.mouse.get_pressed())

    def run_step(self, fps_clock: Any) -> bool:
        """One turn of the real-time loop: a frame, then wait for input while idle
        (at most IDLE_WAIT_MS) or keep to FPS_CAP while busy. False once quitting."""
        if not self.frame():
            return False
        if self.idle():
            self.waits += 1
            event = self.wait_event(IDLE_WAIT_MS if self._quiet < QUIET_WAITS else IDLE_WAIT_LONG_MS)
            if event.type != pygame.NOEVENT:
                self._held.append(event)
                self._quiet = 0
            else:
                self._quiet += 1
            fps_clock.tick()  # (restart its count: the wait was not a frame's work)
        else:
            self._quiet = 0
            fps_clock.tick(FPS_CAP)
        return True

    def run(self) -> None:
        fps_clock = pygame.time.Clock()
        while self.run_step(fps_clock):
            pass
        self.close()

    def close(self) -> None:
        for s in reversed(self.scenes):
            s.exit()
        self.scenes.clear()
        from game.ui import art
        art.font.cache_clear()  # fonts die with pygame.quit(); surfaces survive
        pygame.quit()


class FaultScene(Scene):
    """The last resort when even the main menu fails: the message and Quit, drawn
    with nothing but pygame_gui."""

    def __init__(self, app: App, message: str) -> None:
        super().__init__(app)
        self.message = message

    def enter(self) -> None:
        w, h = self.app.size
        m = self.app.manager
        self.widgets.append(pygame_gui.elements.UITextBox(html.escape(self.message),
                                                          pygame.Rect(w // 2 - 300, h // 2 - 120, 600, 160), m))
        self.quit = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - 80, h // 2 + 60, 160, 44), "Quit", m)
        self.widgets.append(self.quit)

    def on_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.quit:
            self.app.running = False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((24, 20, 16))
