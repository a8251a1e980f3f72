"""The Doomwheel Race's test race in the course editor
(game.ui.scenes.editor_test_race): `normal` AI wheels in a DoomRaceScene, as many as
the track seats (2-4), that goes back to the editor."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.names import PLAYER_IDS
from game.ui import art
from game.ui.app import App
from game.ui.doomwheel.scenes.race import DoomRaceScene
from game.ui.scenes.editor_test_race import TEST_KIND, draw_banner, leave_key

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene

DOOM_MIN_WHEELS = 2
DOOM_MAX_WHEELS = 4


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
        taken = leave_key(self, event)
        return taken if taken is not None else super()._key(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_banner(surface)


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


def session(course: Any, seed: int, colour_blind: bool = False) -> tuple[Any, dict[str, int]]:
    """A Doomwheel test race: as many wheels as doom_wheels says, the track's laps."""
    from game.rules.doomwheel.options import Options as DoomOptions
    from game.ui.session import Seat
    from game.ui.doomwheel.session import new_session
    n = doom_wheels(course)
    seats = [Seat(PLAYER_IDS[i], art.colour_name(i, colour_blind), TEST_KIND, i) for i in range(n)]
    opts = DoomOptions(players=n, laps=course.laps or DoomOptions().laps)
    return new_session(course, seats, seed, opts), {PLAYER_IDS[i]: i for i in range(n)}
