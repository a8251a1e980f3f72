"""The course editor's Doomwheel layer, as plain data (no pygame): the new-track
template, and the edits of a Doomwheel track's own fields (docs/level-format.md,
"The Doomwheel layer" and "Crossings"): critters, fans (bolt-thrower positions, one
per team in seat order, up to 4), declared crossings and laps.

``DoomEdits`` is answered by game.ui.editor_model.EditorModel as its own (this room's
window part "editor", ``EDITOR``: game.ui.editor_kit): every edit goes through its
``change`` (one undoable command, or part of a drag's gesture), so undo,
redo, dirty and validation work as for the rest of the course. Numbers are rounded
to 0.001" as everywhere in the editor.
"""

from __future__ import annotations

import copy
from typing import Any, Final

from game.levels.course import course_from_json, course_to_json
from game.ui.editor_kit import EditorPart

CRITTER_KINDS: Final[tuple[str, ...]] = ("fanatic", "slayer", "slave")
"""The kinds in the file; the rules call a "slayer" a Dammaz-Drengi."""
CRITTER_NAMES: Final[dict[str, str]] = {"fanatic": "Fanatic", "slayer": "Dammaz-Drengi", "slave": "slave"}
MAX_FANS: Final[int] = 4
MAX_CRITTERS: Final[int] = 100
MAX_CROSSINGS: Final[int] = 20
MIN_CROSSING: Final[float] = 0.5
MAX_CROSSING: Final[float] = 100.0
NEW_CROSSING: Final[float] = 5.0
MIN_LAPS: Final[int] = 1
MAX_LAPS: Final[int] = 99

DOOM_KINDS: Final[tuple[str, ...]] = ("critter", "fan", "crossing")
"""The editor's target kinds of the Doomwheel's pieces."""

DOOM_TEMPLATE: Final[dict[str, Any]] = {
    "format": 2,
    "kind": "course",
    "name": "New course",
    "ruleset": "doomwheel",
    "centre": [[18.0, 0.0], [18.0, 5.0], [12.0, 11.0], [-12.0, -11.0], [-18.0, -5.0], [-18.0, 5.0],
               [-12.0, 11.0], [12.0, -11.0], [18.0, -5.0], [18.0, 0.0]],
    "obstacles": [],
    "width": 8.0,
    "max_racers": 3,
    "laps": 3,
    "checkpoints": [[[12.172, 5.172], [17.828, 10.828]], [[-22.0, 0.0], [-14.0, 0.0]],
                    [[-3.297, 8.449], [-8.703, 2.551]]],
    "crossings": [{"x": 0.0, "y": 0.0, "radius": 6.0}],
    "critters": [{"kind": "fanatic", "x": 13.0, "y": 10.0}, {"kind": "fanatic", "x": -14.5, "y": -8.5},
                 {"kind": "slayer", "x": -18.0, "y": 3.0}, {"kind": "slave", "x": 6.0, "y": -5.5},
                 {"kind": "slave", "x": -6.0, "y": -5.5}, {"kind": "slave", "x": 14.5, "y": -8.5}],
    "fans": [{"x": 0.0, "y": 7.5}, {"x": 0.0, "y": -7.5}],
}
"""A new Doomwheel track: a small figure-eight (44" x 30"), 8" wide (three wheels at
the start, hence max_racers 3), 3 laps, the crossing declared in the middle, three
checkpoints in lap order (one on each loop and one on the way back, so no loop can be
skipped by turning at the crossing), a few critters and two teams' fans beside the
crossing. Every corner is a centre-line point to drag."""


def doom_template_data(name: str = "New course") -> dict[str, Any]:
    data = copy.deepcopy(DOOM_TEMPLATE)
    data["name"] = name
    return data


def new_level(name: str = "New course") -> dict[str, Any]:
    """A Doomwheel track's small figure-eight, canonical (EditorModel.new; this room's
    window part "new_level")."""
    return course_to_json(course_from_json(doom_template_data(name), "<new course>"))


def _r3(v: float) -> float:
    out = round(float(v), 3)
    return 0.0 if out == 0 else out


class DoomEdits:
    """Edits of the Doomwheel fields (answered by EditorModel as its own: needs
    `data`, `change` and `ruleset`)."""

    data: dict[str, Any]

    def change(self, label: str, values: dict[str, Any]) -> Any:  # EditorModel's
        raise NotImplementedError

    ruleset: str  # EditorModel's

    # --- reading ---------------------------------------------------------------------
    @property
    def is_doom(self) -> bool:
        return self.ruleset == "doomwheel"

    def critters(self) -> list[dict[str, Any]]:
        return [dict(c) for c in self.data.get("critters", [])]

    def fans(self) -> list[dict[str, Any]]:
        return [dict(f) for f in self.data.get("fans", [])]

    def crossings(self) -> list[dict[str, Any]]:
        return [dict(c) for c in self.data.get("crossings", [])]

    @property
    def laps(self) -> int | None:
        n = self.data.get("laps")
        return int(n) if n is not None else None

    def _v2(self, values: dict[str, Any]) -> dict[str, Any]:
        if int(self.data.get("format", 1)) < 2:
            values["format"] = 2  # the Doomwheel layer came with format 2
        return values

    def _layer(self, key: str, items: list[dict[str, Any]]) -> dict[str, Any]:
        from game.ui.editor_model import _MISSING
        return self._v2({key: items if items else _MISSING})

    # --- critters --------------------------------------------------------------------
    def add_critter(self, kind: str, x: float, y: float) -> int | None:
        """A critter of `kind` at (x, y); its index (None: not a kind, or too many)."""
        items = self.critters()
        if kind not in CRITTER_KINDS or len(items) >= MAX_CRITTERS:
            return None
        items.append({"kind": kind, "x": _r3(x), "y": _r3(y)})
        self.change(f"add a {CRITTER_NAMES[kind]}", self._layer("critters", items))
        return len(items) - 1

    def move_critter(self, i: int, x: float, y: float) -> Any:
        items = self.critters()
        if not 0 <= i < len(items):
            return None
        items[i].update(x=_r3(x), y=_r3(y))
        return self.change(f"move critter {i}", {"critters": items})

    def set_critter_kind(self, i: int, kind: str) -> Any:
        items = self.critters()
        if not 0 <= i < len(items) or kind not in CRITTER_KINDS:
            return None
        items[i]["kind"] = kind
        return self.change(f"make critter {i} a {CRITTER_NAMES[kind]}", {"critters": items})

    def delete_critter(self, i: int) -> Any:
        items = self.critters()
        if not 0 <= i < len(items):
            return None
        gone = items.pop(i)
        return self.change(f"delete the {CRITTER_NAMES.get(gone.get('kind', ''), 'critter')} {i}",
                           self._layer("critters", items))

    # --- fans --------------------------------------------------------------------------
    def add_fan(self, x: float, y: float) -> int | None:
        """The next team's fans (and bolt thrower) at (x, y); its index (None: all
        four teams have theirs)."""
        items = self.fans()
        if len(items) >= MAX_FANS:
            return None
        items.append({"x": _r3(x), "y": _r3(y)})
        self.change(f"place team {len(items)}'s fans", self._layer("fans", items))
        return len(items) - 1

    def move_fan(self, i: int, x: float, y: float) -> Any:
        items = self.fans()
        if not 0 <= i < len(items):
            return None
        items[i] = {"x": _r3(x), "y": _r3(y)}
        return self.change(f"move team {i + 1}'s fans", {"fans": items})

    def delete_fan(self, i: int) -> Any:
        """Team i's fans go; the later teams' move up a seat (the list is in seat order)."""
        items = self.fans()
        if not 0 <= i < len(items):
            return None
        items.pop(i)
        return self.change(f"delete team {i + 1}'s fans", self._layer("fans", items))

    # --- crossings -------------------------------------------------------------------------
    def add_crossing(self, x: float, y: float, radius: float = NEW_CROSSING) -> int | None:
        items = self.crossings()
        if len(items) >= MAX_CROSSINGS:
            return None
        items.append({"x": _r3(x), "y": _r3(y), "radius": _r3(min(MAX_CROSSING, max(MIN_CROSSING, radius)))})
        self.change(f"declare crossing {len(items) - 1}", self._layer("crossings", items))
        return len(items) - 1

    def move_crossing(self, i: int, x: float, y: float) -> Any:
        items = self.crossings()
        if not 0 <= i < len(items):
            return None
        items[i].update(x=_r3(x), y=_r3(y))
        return self.change(f"move crossing {i}", {"crossings": items})

    def set_crossing_radius(self, i: int, radius: float) -> Any:
        items = self.crossings()
        if not 0 <= i < len(items):
            return None
        items[i]["radius"] = _r3(min(MAX_CROSSING, max(MIN_CROSSING, radius)))
        return self.change(f"resize crossing {i}", {"crossings": items})

    def delete_crossing(self, i: int) -> Any:
        items = self.crossings()
        if not 0 <= i < len(items):
            return None
        items.pop(i)
        return self.change(f"delete crossing {i}", self._layer("crossings", items))

    # --- laps ---------------------------------------------------------------------------------
    def set_laps(self, n: int) -> Any:
        """The laps of a circuit (a course without laps is not made one here: its
        centre line would have to close)."""
        if self.laps is None:
            return None
        n = max(MIN_LAPS, min(MAX_LAPS, int(n)))
        return self.change(f"{n} lap{'s' if n != 1 else ''}", {"laps": n})

    # --- targets ------------------------------------------------------------------------------
    def doom_point(self, kind: str, i: int | None) -> tuple[float, float] | None:
        """Where a critter, fan or crossing stands (None if there is none)."""
        items = {"critter": self.critters, "fan": self.fans, "crossing": self.crossings}.get(kind)
        if items is None or i is None:
            return None
        got = items()
        if not 0 <= i < len(got):
            return None
        return (float(got[i]["x"]), float(got[i]["y"]))

    def move_doom(self, kind: str, i: int, x: float, y: float) -> Any:
        move = {"critter": self.move_critter, "fan": self.move_fan, "crossing": self.move_crossing}.get(kind)
        return move(i, x, y) if move is not None else None

    def delete_target(self, t: Any) -> Any:
        """Delete a critter, fan or crossing the editor's target points at (None: not one)."""
        if t.kind in DOOM_KINDS and t.index is not None:
            return self.delete_doom(t.kind, t.index)
        return None

    def target_exists(self, t: Any) -> bool | None:
        """Whether a critter, fan or crossing target (or "laps") still points at
        something (None: not one of these)."""
        if t.kind in DOOM_KINDS:
            return self.doom_point(t.kind, t.index) is not None
        if t.kind == "laps":
            return self.laps is not None
        return None

    def delete_doom(self, kind: str, i: int) -> Any:
        delete = {"critter": self.delete_critter, "fan": self.delete_fan,
                  "crossing": self.delete_crossing}.get(kind)
        return delete(i) if delete is not None else None


EDITOR: Final[EditorPart] = EditorPart(edits=DoomEdits, tools="game.ui.doomwheel.editor:DoomTools", attr="doom")
"""The Doomwheel's part of the course editor (its ui room's window part "editor")."""
