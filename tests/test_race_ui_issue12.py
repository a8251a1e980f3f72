"""Issue 12, at the table of the Wild Race (and what both races share), driven
headless (SDL dummy driver) with synthetic input: every die shown the moment it is
thrown with the favour decision beside it (8), no "human AI is thinking" (10), tape
and plan labels clear of the pieces (16), the Scenery Phase ghost outline (17), why
each Barge Phase option is or is not there (18), racer names never covering each
other or a piece and the report line clear of the tooltip (20), a log the player can
grow with each turn marked (21)."""

from __future__ import annotations

import os
import pathlib
from typing import Any, Callable

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

ROOT = pathlib.Path(__file__).resolve().parent.parent
LEVELS = ROOT / "levels" / "wild_race"


def frames(app: Any, n: int = 2, dt: float = 1 / 60) -> None:
    for _ in range(n):
        app.frame(dt)


def press(app: Any, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)


def move_mouse(app: Any, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0),
               rel: tuple[int, int] = (0, 0)) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons))
    app.frame(1 / 60)


def start(app: Any, seats: list[tuple[str, str]], per: int = 1, course: str = "sample_sprint.json",
          seed: int = 2) -> Any:
    from game.core.course import load_course
    from game.rules.wild_race.options import Options
    from game.ui.scenes.flow import start_series
    start_series(app, load_course(str(LEVELS / course)), seats, per, Options(), 1, seed=seed)
    return app.scene


def run_until(app: Any, race: Any, want: Callable[[Any], bool], pick: Callable[[Any], Any] | None = None,
              limit: int = 4000) -> Any:
    """Play on (the human answering with `pick`, else the first legal choice) until
    the human's pending decision satisfies `want`."""
    for _ in range(limit):
        app.frame(1 / 60)
        if race.handover is not None:
            race.handover = None
            race._decision_key = None
            continue
        p = race._human()
        if p is None:
            continue
        if want(p):
            frames(app, 2)
            return race._human()
        race._submit(pick(p) if pick else p.legal[0])
    raise AssertionError("the decision never came")


# --- 10. nobody "human AI" is thinking ---------------------------------------------------------

def test_no_human_ai_thinking_after_a_human_places(app) -> None:  # type: ignore[no-untyped-def]
    race = start(app, [("Red", "human"), ("Blue", "random")], seed=3)
    p = run_until(app, race, lambda p: p.kind == "place_turn")
    app.instant = False  # the placement animates: the human's next decision waits for it
    race._submit(p.legal[0])
    seen = []
    for _ in range(40):
        app.frame(1 / 60)
        seen.append(race.banner._key[2])
    assert not any("human" in line for line in seen), seen
    assert not any("is thinking" in line and "Red" in line for line in seen), seen
    # an AI seat still says it is thinking while the table waits on it
    from game.ui.session import Seat
    race.anim.finish_all()
    race.session.seats["red"] = Seat("red", "Red", "normal")  # the pending seat, were it an AI's
    race.session.think = lambda *a, **k: 0  # type: ignore[method-assign]  # still thinking
    frames(app, 2)
    assert race.session.thinking == "red"
    assert race.banner._key[2] == "Red (normal AI) is thinking..."
