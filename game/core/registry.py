"""The ruleset registry: what the rest of the program needs to know about each
ruleset, registered once by the ruleset itself, so no code outside a ruleset's own
packages asks "which ruleset is this?" by name.

A ruleset has three rooms, one per layer: game/rules/<package>/ (the rules; it
calls `register(Registration(...))` when imported), game/ai/<package>/ (adds its
agents with `extend(name, ...)`) and game/ui/<package>/ (adds its window parts and
its report). A lower layer never imports an upper one, so each room fills in its own
fields; `load(layer)` imports the rooms up to a layer (the rules are loaded on the
first look-up, the program's entry points and the ai and ui layers load theirs).
A ruleset registered by hand (a test's toy ruleset) needs no rooms at all.

Look-ups: `every()`, `get(name)` (KeyError), `find(name)` (None), `of_state(state)`.
Names are as in files ("wild-race", "doomwheel"); "wild_race" finds the same one.

A registration may have no game yet (no `ruleset`, no `state_type`: Rally Round the
King while only its armies exist). `every()` and `names()` list the playable ones (what
simulate, the arena and the new-game lists offer); `every(all=True)`, `find` and `get`
see every registration (`find(name, playable=True)` only a playable one). A room may add
top-level command-line commands (`commands`), which game/cli.py adds for every
registration.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from dataclasses import dataclass, field
from typing import Any, Callable

from game.core.protocol import Ruleset

LAYERS = ("rules", "ai", "ui")  # the layers that have a room per ruleset, bottom up


@dataclass
class Registration:
    """One ruleset, as the program sees it. The rules room fills the first block; the
    ai and ui rooms add theirs (`extend`)."""

    name: str  # as in files: "wild-race"
    title: str  # "The Wild Race"
    ruleset: Ruleset | None = None  # the ruleset object (game.core.protocol.Ruleset); None: no game yet
    state_type: type | None = None  # its game state's class (of_state); None with no ruleset
    package: str = ""  # its rooms' folder name under game/rules, game/ai, game/ui ("wild_race")
    short: str = ""  # "Wild Race", for lists
    order: int = 100  # where it stands in lists (every(), the command line's choices)
    default_level: str = ""  # its default level file, relative to the project root
    default_level_title: str = ""  # that level's name ("Sample Sprint"), for help texts
    levels_dir: str = ""  # its shipped levels, relative to the project root ("levels/wild_race")
    # setup: GameSetup <-> the ruleset's own setup (game.save.games)
    new_state: Callable[..., Any] | None = None  # (setup, level, source, where) -> fresh state
    setup_fields: Callable[[Any], dict[str, Any]] | None = None  # state -> its GameSetup fields
    start_of: Callable[[Any, Any], dict[str, Any]] | None = None  # (state, fresh) -> start adjustments
    apply_start: Callable[..., None] | None = None  # (state, start, source, where): apply them
    check_field: Callable[..., None] | None = None  # (level, players, source): BadInput if it cannot be raced
    options: Any = None  # its options module: Options, parse_options, parse_option_pairs, option_names,
    #                      option_label, value_word, option_tooltip
    scenario: Any = None  # scenario hooks (the scenario runner, game.core.scenario)
    level_profile: Any = None  # what its levels must be (game.levels.profile.CourseProfile; "module:NAME")
    quick_setup: Callable[..., Any] | None = None  # (players: list[str], seed, options) -> a setup for
    #                      ruleset.new_state: what the generic `simulate` plays (game.sim.simulate_games)
    # ai room (game/ai/<package>)
    make_agent: Callable[..., Any] | None = None  # (kind, seed, source) -> agent; BadInput for an unknown kind
    agents: tuple[str, ...] = ()  # every kind make_agent makes (the command line)
    offered: tuple[str, ...] = ()  # the levels the window offers for a seat
    fast_agents: tuple[str, ...] = ()  # kinds quick enough to think in the window's process
    portable: Callable[[Any], Any] | None = None  # a copy of a state for the AI worker process
    prepare: Callable[[Any], None] | None = None  # readies a state that came through a pipe
    # the command line (set by the ui room, the top room: a callable, or "module:function"
    # for code in the top-level modules, imported when used: hook())
    simulate: Callable[..., int] | str | None = None  # (args) -> exit code: `simulate <name>`
    arena: Callable[..., int] | str | None = None  # (args) -> exit code: `arena --ruleset <name>`
    # files of its own that `validate` reads: their "kind" -> "module:function" ((data, source) ->
    # problems with severity "error" | "warning", field and reason)
    file_kinds: dict[str, str] = field(default_factory=dict)
    # the size cap of a kind's files, in bytes (the one loader's max_bytes; a kind not named here
    # has the loader's default, jsonload.MAX_BYTES): `validate` applies it as the kind's own command does
    file_caps: dict[str, int] = field(default_factory=dict)
    # extra top-level commands: name -> {"help": words, "parser": "module:function" (adds the
    # command's arguments to its argparse parser), "run": "module:function" ((args) -> exit code)}
    commands: dict[str, dict[str, str]] = field(default_factory=dict)
    simulate_args: Callable[..., None] | str | None = None  # (parser): adds its own `simulate <name>` options
    help: dict[str, str] = field(default_factory=dict)  # command-line help pieces: "players", "agent", "options"
    # ui room (game/ui/<package>)
    window: dict[str, Any] = field(default_factory=dict)  # scenes, panels, words, ... by role
    report: Any = None  # its race report's parts (game.ui.report; "module:" for a module)

    @property
    def playable(self) -> bool:
        """True if it has a game to play (a ruleset object)."""
        return self.ruleset is not None

    def rules(self) -> Ruleset:
        """Its ruleset object (LookupError for a registration with no game yet)."""
        if self.ruleset is None:
            raise LookupError(f"{self.title} has no game to play yet")
        return self.ruleset

    def hook(self, part: str) -> Any:
        """A part of the registration, a "module:function" reference imported."""
        return resolve(getattr(self, part))

    def part(self, role: str, default: Any = None) -> Any:
        """A window part by role (its ui room's `window`), resolved as hook() does."""
        return resolve(self.window.get(role, default))

    def rooms(self) -> dict[str, str]:
        """The modules of its rooms, by layer (empty for a hand-registered ruleset)."""
        return {layer: f"game.{layer}.{self.package}" for layer in LAYERS} if self.package else {}


def resolve(value: Any) -> Any:
    """A "module:attribute" reference imported ("module:" for the module itself);
    anything else as it is."""
    if isinstance(value, str) and ":" in value and " " not in value:
        module, _, attr = value.partition(":")
        mod = importlib.import_module(module)
        return getattr(mod, attr) if attr else mod
    return value


_BY_NAME: dict[str, Registration] = {}
_LOADED: set[str] = set()


def _key(name: str) -> str:
    return str(name).strip().lower().replace("_", "-")


def register(reg: Registration) -> Registration:
    """Add a ruleset (again: replaces it, so a reloaded module does not fail)."""
    _BY_NAME[_key(reg.name)] = reg
    return reg


def unregister(name: str) -> None:
    """Remove a ruleset (tests that register a toy one)."""
    _BY_NAME.pop(_key(name), None)


def extend(name: str, **parts: Any) -> Registration:
    """An upper room adds its parts to a registered ruleset."""
    reg = _BY_NAME[_key(name)]
    for k, v in parts.items():
        if not hasattr(reg, k):
            raise AttributeError(f"a registration has no {k!r}")
        setattr(reg, k, v)
    return reg


def load(layer: str = "rules") -> None:
    """Import every ruleset's rooms up to `layer` ('rules', 'ai' or 'ui'): the rules
    rooms are the packages under game/rules; the upper rooms are those of the
    registered rulesets that have one."""
    want = LAYERS[: LAYERS.index(layer) + 1]
    for lay in want:
        if lay in _LOADED:
            continue
        _LOADED.add(lay)
        if lay == "rules":
            pkg = importlib.import_module("game.rules")
            for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
                if info.ispkg:
                    importlib.import_module(f"game.rules.{info.name}")
            continue
        for reg in list(_BY_NAME.values()):
            room = reg.rooms().get(lay)
            if room and importlib.util.find_spec(room) is not None:
                importlib.import_module(room)


def every(all: bool = False) -> list[Registration]:
    """Every playable registered ruleset (all=True: every registration), in their list
    order (then by name)."""
    load()
    return sorted((r for r in _BY_NAME.values() if all or r.ruleset is not None),
                  key=lambda r: (r.order, _key(r.name)))


def names() -> tuple[str, ...]:
    return tuple(r.name for r in every())


def find(name: str, playable: bool = False) -> Registration | None:
    """The ruleset called `name` ('wild-race' or 'wild_race' alike), or None (also
    None, with playable=True, for one with no game yet)."""
    load()
    reg = _BY_NAME.get(_key(name))
    return None if reg is None or (playable and reg.ruleset is None) else reg


def get(name: str, playable: bool = False) -> Registration:
    """As find, but a KeyError naming the known ones for an unknown name."""
    reg = find(name, playable)
    if reg is None:
        raise KeyError(f"unknown ruleset {name!r} (known: {', '.join(names())})")
    return reg


def of_state(state: Any) -> Registration:
    """The ruleset a game state belongs to (by its state type)."""
    load()
    for reg in _BY_NAME.values():
        if reg.state_type is not None and isinstance(state, reg.state_type):
            return reg
    raise KeyError(f"no ruleset plays a {type(state).__name__}")


def default() -> Registration:
    """The first ruleset in list order (the command line's and the window's default)."""
    return every()[0]


def known(sep: str = ", ") -> str:
    """The registered names for a message: "wild-race, doomwheel"."""
    return sep.join(names())
