"""The course editor's test race: the course as it stands (saved or not) raced by AI
players, then back to the editor with the same model (course and undo history).

A Wild Race course is raced by four `normal` AI racers in a RaceScene; a Doomwheel
track by `normal` AI wheels in a DoomRaceScene: as many as the course seats, at most
its `max_racers` and four, at least two, over the course's own `laps` (the field in
the editor). Either race goes back to the editor when it ends, or at once on Esc (a
test race has no pause menu, and it is not recorded: no autosave, no replay, and
Ctrl+S / Ctrl+O do nothing here). K skips to the end.

`start_test_race(editor)` builds the race (or says why it cannot be run) and shows
it; `outcome_line(session)` is what the editor says about a race that ended.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.errors import BadInput
from game.ui import art
from game.ui.app import App
from game.ui.doomwheel.scenes.race import DoomRaceScene
from game.ui.wild_race.scenes.race import RaceScene

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene

TEST_PLAYERS = 4
"""Wild Race test racers."""
TEST_KIND = "normal"
DOOM_MIN_WHEELS = 2
DOOM_MAX_WHEELS = 4
BANNER = "Test race - Esc: back to the editor (K: skip to the end)"


def _banner(surface: pygame.Surface) -> None:
    f = art.font(13, bold=True)
    t = f.render(BANNER, True, (236, 200, 110))
    back = pygame.Surface((t.get_width() + 16, t.get_height() + 8), pygame.SRCALPHA)
    back.fill((20, 16, 12, 210))
    surface.blit(back, (8, 8))
    surface.blit(t, (16, 12))


def _leave_key(scene: Any, event: pygame.event.Event) -> bool | None:
    """Keys a test race takes before the race scene: Esc goes back to the editor,
    Ctrl+S / Ctrl+O are swallowed (a test race is not saved). None: not taken."""
    ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
    if ctrl and event.key in (pygame.K_s, pygame.K_o):
        scene.message = "a test race is not saved"
        return True
    if event.key == pygame.K_ESCAPE and not scene.show_help:
        scene.leave_test()
        return True
    return None


class TestRaceScene(RaceScene):
    """A Wild Race on the course being edited that goes back to the editor when it
    ends, or at once on Esc (with a racer or obstacle selected, Esc first lets go)."""

    __test__ = False  # not a pytest class
    hints_allowed = False  # no first-game hints in a test race

    def __init__(self, app: App, session: Any, colours: dict[str, int], editor: EditorScene) -> None:
        super().__init__(app, session, colours, editor.back_from_race)
        self.editor = editor

    def leave_test(self) -> None:
        self.over_called = True
        self.session.close()
        self.editor.back_from_race(self.session)

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE and (self.selected or self.sel_obstacle):
            return super()._key(event)
        taken = _leave_key(self, event)
        return taken if taken is not None else super()._key(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        _banner(surface)


class DoomTestRaceScene(DoomRaceScene):
    """A Doomwheel Race on the track being edited; back to the editor when it ends,
    or at once on Esc."""

    __test__ = False
    hints_allowed = False

    def __init__(self, app: App, session: Any, colours: dict[str, int], editor: EditorScene) -> None:
        super().__init__(app, session, colours, editor.back_from_race)
        self.editor = editor

    def leave_test(self) -> None:
        self.over_called = True
        self.session.close()
        self.editor.back_from_race(self.session)

    def _key(self, event: pygame.event.Event) -> bool:
        taken = _leave_key(self, event)
        return taken if taken is not None else super()._key(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        _banner(surface)


def doom_wheels(course: Any) -> int:
    """How many wheels test-race a Doomwheel track: up to its max_racers (at most 4),
    fewer if its start line cannot seat them, at least 2."""
    from game.levels.course import start_slots
    from game.rules.doomwheel.state import GRID_GAP, WHEEL_LENGTH, WHEEL_WIDTH
    n = max(DOOM_MIN_WHEELS, min(DOOM_MAX_WHEELS, course.max_racers or DOOM_MAX_WHEELS))
    while n > DOOM_MIN_WHEELS:
        try:
            start_slots(course, n, WHEEL_WIDTH, WHEEL_LENGTH, gap=GRID_GAP, margin=GRID_GAP)
            break
        except ValueError:
            n -= 1
    return n


def wild_race_session(course: Any, seed: int, colour_blind: bool = False) -> tuple[Any, dict[str, int]]:
    """A Wild Race test race: up to TEST_PLAYERS racers, one each."""
    from game.rules.wild_race.options import Options
    from game.names import PLAYER_IDS
    from game.ui.session import Seat, Session
    n = max(1, min(TEST_PLAYERS, course.max_racers or TEST_PLAYERS))
    seats = [Seat(PLAYER_IDS[i], art.colour_name(i, colour_blind), TEST_KIND, i) for i in range(n)]
    return Session.new(course, seats, 1, seed, Options()), {PLAYER_IDS[i]: i for i in range(n)}


def doomwheel_session(course: Any, seed: int, colour_blind: bool = False) -> tuple[Any, dict[str, int]]:
    """A Doomwheel test race: as many wheels as doom_wheels says, the track's laps."""
    from game.rules.doomwheel.options import Options as DoomOptions
    from game.names import PLAYER_IDS
    from game.ui.session import Seat, Session
    n = doom_wheels(course)
    seats = [Seat(PLAYER_IDS[i], art.colour_name(i, colour_blind), TEST_KIND, i) for i in range(n)]
    opts = DoomOptions(players=n, laps=course.laps or DoomOptions().laps)
    return Session.new_doomwheel(course, seats, seed, opts), {PLAYER_IDS[i]: i for i in range(n)}


def _test_part(ruleset: str, role: str) -> Any:
    from game.core import registry
    registry.load("ui")
    reg = registry.find(ruleset)
    return reg.part(role) if reg is not None else None


def build_session(course: Any, seed: int, colour_blind: bool = False) -> tuple[Any, dict[str, int]]:
    """The test race's session and colours (player id -> palette index), made by the
    course's ruleset (its ui room's "test_session" part). Raises BadInput or
    ValueError if the course cannot be raced."""
    make = _test_part(course.ruleset, "test_session")
    if make is None:
        raise BadInput("course", "ruleset", f"no test race for the ruleset {course.ruleset!r}")
    session, colours = make(course, seed, colour_blind)
    return session, colours


def start_test_race(editor: EditorScene, course: Any) -> str | None:
    """Show the test race of `course` for `editor`; None, or why it cannot be run."""
    app = editor.app
    try:
        session, colours = build_session(course, pygame.time.get_ticks() % 100_000 + 1,
                                         app.settings.colour_blind)
    except (BadInput, ValueError) as e:
        return f"The racers cannot be set up: {e}"
    cls = _test_part(course.ruleset, "test_scene") or TestRaceScene
    app.replace(cls(app, session, colours, editor))
    return None


def outcome_line(session: Any) -> str:
    """The editor's message about a test race: how it ended, and who won."""
    if session is None or not session.over:
        return "test race left"
    out = session.outcome()
    names = {p: s.name for p, s in session.seats.items()}
    if "order" in out:  # the Wild Race: the finishing order
        racers = getattr(session.state, "racers", {})
        rnames = {r.id: r.name for r in racers.values()}
        order = [rnames.get(r, names.get(r, r)) for r in out["order"]]
        return f"test race over after {out['turns']} turns: " + ", ".join(order[:4])
    winner = out.get("winner")
    who = f"{names.get(winner, winner)} wins" if winner else "no winner"
    laps = out.get("laps") or {}
    tally = ", ".join(f"{names.get(p, p)} {n} lap{'s' if n != 1 else ''}" for p, n in laps.items())
    return f"test race over after {out['turns']} turns: {who} ({out.get('reason', '')}); {tally}"
