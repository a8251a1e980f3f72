"""The course editor's test race: the course as it stands (saved or not) raced by AI
players, then back to the editor with the same model (course and undo history).

Each ruleset's ui room makes its test race (its window parts "test_session" and
"test_scene"): a Wild Race course is raced by four `normal` AI racers in a RaceScene
(game.ui.wild_race.test_race); a Doomwheel track by `normal` AI wheels in a
DoomRaceScene (game.ui.doomwheel.test_race): as many as the course seats, at most
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

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene

TEST_KIND = "normal"
BANNER = "Test race - Esc: back to the editor (K: skip to the end)"


def draw_banner(surface: pygame.Surface) -> None:
    f = art.font(13, bold=True)
    t = f.render(BANNER, True, (236, 200, 110))
    back = pygame.Surface((t.get_width() + 16, t.get_height() + 8), pygame.SRCALPHA)
    back.fill((20, 16, 12, 210))
    surface.blit(back, (8, 8))
    surface.blit(t, (16, 12))


def leave_key(scene: Any, event: pygame.event.Event) -> bool | None:
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
    cls = _test_part(course.ruleset, "test_scene")
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
