"""The events made most often set their fields with a hand-written __init__
(game.core.events.fast_init): it must take exactly the dataclass's fields, in order,
with the same defaults, and give the same event as the fields say."""

from __future__ import annotations

import dataclasses
import inspect
import pickle

import pytest

from game.core.events import RollMade
from game.rules.doomwheel.events import CritterMoved
from game.rules.wild_race.events import Moved

SAMPLES = {
    RollMade: ("r1", "red", "move", "d6", (3, 4), 7, "keep"),
    CritterMoved: ("slave-1", 1.0, 2.0, 3.5, -4.25),
    Moved: ("r1", "move", 1.0, 2.0, 90.0, 3.0, 4.0, 45.0),
}


@pytest.mark.parametrize("cls", list(SAMPLES), ids=lambda c: c.__name__)
def test_hand_written_init_takes_the_fields(cls: type) -> None:
    fields = dataclasses.fields(cls)
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields):
        want = inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default
        assert p.default == want, f.name


@pytest.mark.parametrize("cls", list(SAMPLES), ids=lambda c: c.__name__)
def test_hand_written_init_sets_every_field_and_stays_frozen(cls: type) -> None:
    values = SAMPLES[cls]
    e = cls(*values)
    names = [f.name for f in dataclasses.fields(cls)]
    assert [getattr(e, n) for n in names] == list(values)
    assert e == cls(**dict(zip(names, values))) and hash(e) == hash(cls(*values))
    assert e != cls(*values[:-1], "other")
    assert pickle.loads(pickle.dumps(e)) == e
    assert e.to_json()["kind"] == cls.__name__
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(e, names[0], "x")
