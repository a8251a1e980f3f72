"""The course editor's door for a ruleset's own pieces (issue 13): the shared editor
(game.ui.scenes.editor and its model game.ui.editor_model) never imports a ruleset's
room; a ruleset whose levels carry fields of their own (the Doomwheel's critters,
fans, crossings and laps) gives them through its ui room's window part "editor": an
`EditorPart` ("module:NAME", imported when first used) holding

- `edits`: a class of edit methods and properties on the course's data (they use the
  model's `data` and `change`, so every edit is one undoable command); the model
  answers them as its own (`EditorModel.__getattr__`);
- `tools`: the scene side ("module:Class"), an `EditorKit` made with the scene: its
  sidebar section, handles, hits, drags, keys, drawing, help lines and board;
- `attr`: the scene attribute its tools are also known by (``scene.doom``).

`EditorKit` is also the interface: every hook has a do-nothing default, and each
kit answers only on a course of its own ruleset (`on`). `Kits` is the scene's one
object over every registered kit (the shared editor calls it; it asks each kit).
Plain Python: no pygame here (the model is tested headless).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from game.core import registry


@dataclass(frozen=True)
class EditorPart:
    """What a ruleset adds to the course editor (its ui room's window part "editor")."""

    edits: type | None = None  # edit methods and properties the model answers as its own
    tools: Any = None  # "module:Class": (scene) -> EditorKit, the scene side
    attr: str = ""  # the scene attribute its tools are known by as well ("doom": scene.doom)


def parts() -> list[EditorPart]:
    """Every registered ruleset's editor part, in list order."""
    registry.load("ui")
    out = []
    for reg in registry.every():
        part = reg.part("editor")
        if part is not None:
            out.append(part)
    return out


def new_level_choices() -> list[tuple[str, str]]:
    """(name, title) of every ruleset the editor makes new levels for (its ui room's
    "new_level" part), in list order: the editor's "New course" dialog."""
    registry.load("ui")
    return [(reg.name, reg.title) for reg in registry.every() if reg.window.get("new_level") is not None]


def default_ruleset() -> str:
    """The ruleset of a level that does not say: the registry's default (the first)."""
    return registry.default().name


class EditorKit:
    """One ruleset's tools in the editor scene; the defaults do nothing (a ruleset
    whose courses have no fields of their own needs none)."""

    kinds: tuple[str, ...] = ()  # the target kinds its handles and hits give
    controls: list[tuple[str, str]] = []  # its lines in the editor's help (key, what it does)

    def __init__(self, scene: Any) -> None:
        self.scene = scene

    @property
    def md(self) -> Any:
        return self.scene.model

    @property
    def on(self) -> bool:
        """Whether the course being edited is of this kit's ruleset."""
        return False

    # the sidebar
    def build(self, x: int, y: int, w: int, row: int, gap: int) -> int:
        """Its sidebar section's widgets from y; the y below them."""
        return y

    def refresh(self) -> None:
        pass

    def ui_key(self) -> Any:
        """What its sidebar shows (the scene refreshes the sidebar when it changes)."""
        return None

    def heads(self) -> list[tuple[int, str]]:
        """Its section headings: (y, text)."""
        return []

    def labels(self) -> list[tuple[int, str]]:
        """Its field labels, beside a row: (y, text)."""
        return []

    def stats(self, course: Any, obstacles: list[dict[str, Any]]) -> str | None:
        """Its own summary line under the title (None: the shared one)."""
        return None

    # input
    def on_ui(self, event: Any) -> bool:
        return False

    def unfocus(self) -> None:
        """A click on the table: a value being typed is taken."""

    def escape(self) -> None:
        """Esc while typing: its text fields let go (the value is not taken)."""

    def next_kind(self) -> None:
        pass

    def place(self, what: str, x: float, y: float) -> bool:
        """Put down a piece being placed; False if `what` is not one of its pieces."""
        return False

    def grow(self, sign: int) -> bool:
        """+ / - on its selected piece; False if the selection is not one."""
        return False

    # targets
    def handles(self) -> list[tuple[Any, tuple[float, float], int]]:
        return []

    def hit(self, tx: float, ty: float) -> Any:
        return None

    def point(self, t: Any) -> tuple[float, float] | None:
        """Where a drag of its target starts."""
        return None

    def where(self, t: Any) -> tuple[float, float] | None:
        """Where its target stands (the view centres on it)."""
        return None

    def move(self, t: Any, x: float, y: float) -> None:
        pass

    def describe(self, t: Any) -> str | None:
        return None

    # drawing
    def board(self, course: Any) -> Any:
        """Its race's own view of the course (None: the shared one)."""
        return None

    def draw(self, surface: Any) -> None:
        pass

    def draw_side(self, surface: Any) -> None:
        pass

    def draw_numbers(self, surface: Any) -> None:
        pass

    def draw_placing(self, surface: Any, x: float, y: float) -> bool:
        return False


class Kits(EditorKit):
    """Every registered ruleset's kit as one (the scene's `kit`): each call goes to
    every kit (each answers only on its own courses), and the answers are joined."""

    def __init__(self, scene: Any, parts: Iterable[EditorPart] = ()) -> None:
        super().__init__(scene)
        self.each: list[EditorKit] = []
        for part in parts:
            tools = registry.resolve(part.tools)
            if tools is None:
                continue
            kit = tools(scene)
            self.each.append(kit)
            if part.attr:
                setattr(scene, part.attr, kit)
        self.kinds = tuple(k for kit in self.each for k in kit.kinds)
        self.every_control = [c for kit in self.each for c in kit.controls]

    @property
    def controls(self) -> list[tuple[str, str]]:  # type: ignore[override]
        """The help lines of the kits whose course is being edited."""
        return [c for kit in self.each if kit.on for c in kit.controls]

    def _first(self, name: str, *args: Any) -> Any:
        for kit in self.each:
            got = getattr(kit, name)(*args)
            if got is not None:
                return got
        return None

    def _any(self, name: str, *args: Any) -> bool:
        return any(getattr(kit, name)(*args) for kit in self.each)

    def _all(self, name: str, *args: Any) -> None:
        for kit in self.each:
            getattr(kit, name)(*args)

    def build(self, x: int, y: int, w: int, row: int, gap: int) -> int:
        for kit in self.each:
            y = kit.build(x, y, w, row, gap)
        return y

    def refresh(self) -> None:
        self._all("refresh")

    def ui_key(self) -> Any:
        return tuple(kit.ui_key() for kit in self.each)

    def heads(self) -> list[tuple[int, str]]:
        return [h for kit in self.each for h in kit.heads()]

    def labels(self) -> list[tuple[int, str]]:
        return [lb for kit in self.each for lb in kit.labels()]

    def stats(self, course: Any, obstacles: list[dict[str, Any]]) -> str | None:
        return self._first("stats", course, obstacles)  # type: ignore[no-any-return]

    def on_ui(self, event: Any) -> bool:
        return self._any("on_ui", event)

    def unfocus(self) -> None:
        self._all("unfocus")

    def escape(self) -> None:
        self._all("escape")

    def next_kind(self) -> None:
        self._all("next_kind")

    def place(self, what: str, x: float, y: float) -> bool:
        return self._any("place", what, x, y)

    def grow(self, sign: int) -> bool:
        return self._any("grow", sign)

    def handles(self) -> list[tuple[Any, tuple[float, float], int]]:
        return [h for kit in self.each for h in kit.handles()]

    def hit(self, tx: float, ty: float) -> Any:
        return self._first("hit", tx, ty)

    def point(self, t: Any) -> tuple[float, float] | None:
        return self._first("point", t)  # type: ignore[no-any-return]

    def where(self, t: Any) -> tuple[float, float] | None:
        return self._first("where", t)  # type: ignore[no-any-return]

    def move(self, t: Any, x: float, y: float) -> None:
        for kit in self.each:
            if t.kind in kit.kinds:
                kit.move(t, x, y)

    def describe(self, t: Any) -> str | None:
        return self._first("describe", t)  # type: ignore[no-any-return]

    def board(self, course: Any) -> Any:
        for kit in self.each:
            if kit.on:
                got = kit.board(course)
                if got is not None:
                    return got
        return None

    def draw(self, surface: Any) -> None:
        self._all("draw", surface)

    def draw_side(self, surface: Any) -> None:
        self._all("draw_side", surface)

    def draw_numbers(self, surface: Any) -> None:
        self._all("draw_numbers", surface)

    def draw_placing(self, surface: Any, x: float, y: float) -> bool:
        return self._any("draw_placing", surface, x, y)
