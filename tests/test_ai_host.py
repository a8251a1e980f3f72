"""The AI worker gets the course once: every state after the first arrives without
it and is given the worker's one copy, so what an agent caches per course (the
Doomwheel racing line: 0.7 s to build) is built once a race, not once a decision."""

from __future__ import annotations

from typing import Any

from game.ai.host import ProcessHost
from game.levels.course import load_course
from game.core.driver import sample_chance
from game.core.protocol import CHANCE
from game.rules.doomwheel import RULESET, DoomSetup, new_state


def test_the_worker_is_sent_the_course_once_and_answers_every_ask() -> None:
    st = new_state(DoomSetup(load_course("levels/doomwheel/figure_of_eight.json"), (("red", "Red"), ("blue", "Blue")),
                             3))
    host = ProcessHost({"red": ("random", 1), "blue": ("random", 2)}, "doomwheel")
    sent: list[Any] = []
    real = host._send

    def spy(msg: Any) -> None:
        if msg[0] == "ask":
            sent.append(msg)
        real(msg)
    host._send = spy  # type: ignore[method-assign]
    try:
        for _ in range(3):
            while RULESET.current_actor(st) == CHANCE:
                RULESET.apply(st, sample_chance(RULESET, st))
            legal = RULESET.legal_choices(st)
            host.ask(RULESET.current_actor(st), st, legal)
            got = host.wait()
            assert got is not None and got[0] in legal
            RULESET.apply(st, got[0])
    finally:
        host.close()
    assert [m[4] is not None for m in sent] == [True, False, False]
    assert all(m[2].course is None for m in sent)  # the states travel without it
    assert st.course is not None  # the game's own state keeps its course
