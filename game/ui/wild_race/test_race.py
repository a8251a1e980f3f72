"""The Wild Race's test race in the course editor (game.ui.scenes.editor_test_race):
four `normal` AI racers, one each, in a RaceScene that goes back to the editor."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.names import PLAYER_IDS
from game.ui import art
from game.ui.app import App
from game.ui.scenes.editor_test_race import TEST_KIND, draw_banner, leave_key
from game.ui.wild_race.scenes.race import RaceScene

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene

TEST_PLAYERS = 4
"""Wild Race test racers."""


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
        taken = leave_key(self, event)
        return taken if taken is not None else super()._key(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_banner(surface)


def session(course: Any, seed: int, colour_blind: bool = False) -> tuple[Any, dict[str, int]]:
    """A Wild Race test race: up to TEST_PLAYERS racers, one each."""
    from game.rules.wild_race.options import Options
    from game.ui.session import Seat
    from game.ui.wild_race.session import new_session
    n = max(1, min(TEST_PLAYERS, course.max_racers or TEST_PLAYERS))
    seats = [Seat(PLAYER_IDS[i], art.colour_name(i, colour_blind), TEST_KIND, i) for i in range(n)]
    return new_session(course, seats, 1, seed, Options()), {PLAYER_IDS[i]: i for i in range(n)}
