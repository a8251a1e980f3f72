"""The Doomwheel Race's words in the window: every event of a played race gets a log
line in the game's own terms (never a bare class name), the critters' walk stays out
of the log, and every choice an agent can make has a button label."""

from __future__ import annotations

import pathlib
import random

from game.levels.course import load_course
from game.core.driver import sample_chance
from game.core.protocol import CHANCE, TERMINAL
from game.rules.doomwheel import RULESET, DoomSetup, new_state
from game.ui.doomwheel import words as doom_words

ROOT = pathlib.Path(__file__).resolve().parent.parent
SILENT = {"CritterMoved"}


def test_every_event_and_choice_has_words() -> None:
    course = load_course(str(ROOT / "levels" / "doomwheel" / "the_ratways.json"))
    names = {"red": "Rosa", "blue": "Bert", "green": "Gil"}
    kinds: set[str] = set()
    for seed in range(4):
        st = new_state(DoomSetup(course, tuple(names.items()), seed))
        rng = random.Random(seed)
        for _ in range(4000):
            actor = RULESET.current_actor(st)
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                events = RULESET.apply(st, sample_chance(RULESET, st))
            else:
                legal = RULESET.legal_choices(st)
                for c in legal[:12]:
                    label = doom_words.describe(st, c, st.stack[-1].kind, names)
                    assert label and not label.startswith("Choice("), (c, label)
                events = RULESET.apply(st, rng.choice(legal))
            for e in events:
                kinds.add(e.kind)
                line = doom_words.log_line(e, names)
                if e.kind in SILENT or doom_words.quiet(e):
                    assert line == ""
                    continue
                assert line and line != e.kind, (e, line)
                assert "red" not in line.split() and "blue" not in line.split(), line  # names, not ids
    assert {"WheelMoved", "RanOver", "WoundsChanged", "CritterRespawned", "OrderDecided"} <= kinds, kinds


def test_ram_lines_say_who_takes_it_and_what_follows() -> None:
    from game.rules.doomwheel.events import Rammed
    from game.ui.doomwheel.words import log_line
    names = {"red": "Red", "blue": "Blue"}
    worse = log_line(Rammed("blue", "red", 2, "blue"), names)
    assert worse.startswith("Blue rams Red! D6 2") and "Blue comes off worse: its move ends" in worse
    took = log_line(Rammed("blue", "red", 3, "red"), names)
    assert "Red takes it: shoved out of Blue's way" in took and "ram table for Red" in took
