"""game/core and game/rules never import pygame or pymunk (ARCHITECTURE: layers)."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
BAD = re.compile(r"^\s*(import|from)\s+(pygame|pymunk)\b", re.M)


def test_core_and_rules_do_not_import_pygame_or_pymunk() -> None:
    offenders = [str(p.relative_to(ROOT)) for d in ("game/core", "game/rules", "game/table/geometry.py",
                                                    "game/table/table.py")
                 for p in ([ROOT / d] if d.endswith(".py") else sorted((ROOT / d).rglob("*.py")))
                 if BAD.search(p.read_text())]
    assert offenders == []


def test_headless_run_never_imports_pymunk_or_pygame() -> None:
    import subprocess
    import sys
    code = ("import sys, game.cli; game.cli.main(['simulate', 'wild-race', '--players', '2', "
            "'--racers-per-player', '1', '--seed', '3']);"
            "print('LOADED', 'pymunk' in sys.modules, 'pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert "LOADED False False" in out.stdout


# --------------------------------------------------------------------------- every import points down

import ast  # noqa: E402

LAYERS = ("core", "table", "levels", "rules", "ai", "save", "ui", "app")
"""game/<layer>/..., bottom up; the app is the top: game/cli.py, sim.py, arena.py,
__main__.py. game/names.py (plain words, imports nothing of the game) counts as core."""
APP = {"cli", "sim", "arena", "__main__"}
# Upward imports still being removed by other work of issue 13: (file, module
# imported). Remove an entry when its import goes; never add one.
PENDING_IMPORTS: set[tuple[str, str]] = set()


def _layer(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "game" or len(parts) < 2:
        return None
    if parts[1] in APP:
        return "app"
    if parts[1] == "names":
        return "core"
    return parts[1] if parts[1] in LAYERS else None


def _module_of(path: pathlib.Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(tree: ast.AST) -> list[tuple[int, str]]:
    """Every module an import statement names, at any depth (function-level too);
    `from game import x` names game.x."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "game":
                out.extend((node.lineno, f"game.{a.name}") for a in node.names)
            else:
                out.append((node.lineno, node.module))
    return out


def test_every_import_points_down_the_layers() -> None:
    """core -> table -> levels -> rules -> ai -> save -> ui -> app: a module imports
    only from its own layer or those below it (module-level and function-level
    imports alike). The registry's loader imports the rooms by name (importlib), the
    one sanctioned way up."""
    wrong = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        me = _layer(_module_of(path))
        rel = str(path.relative_to(ROOT))
        for line, name in _imports(ast.parse(path.read_text())):
            them = _layer(name)
            if me and them and LAYERS.index(them) > LAYERS.index(me) and (rel, name) not in PENDING_IMPORTS:
                wrong.append(f"{rel}:{line}: {me} imports {name} ({them})")
    assert wrong == []


def test_no_relative_imports_hide_from_the_layer_check() -> None:
    rel = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "game").rglob("*.py"))
           if any(isinstance(n, ast.ImportFrom) and n.level for n in ast.walk(ast.parse(p.read_text())))]
    assert rel == []


# --------------------------------------------------------------------------- rulesets by registration, not by name

def _registrations(all: bool = True) -> list:  # type: ignore[type-arg]
    """Every registration (all=False: the playable ones, with a ruleset object)."""
    from game.core import registry
    registry.load("ui")
    return registry.every(all=all)


def _rooms(reg: object) -> list[str]:
    package = getattr(reg, "package")
    return [f"game/{layer}/{package}/" for layer in ("rules", "ai", "ui")]


# Ruleset names still written outside the rooms by other work in progress: file ->
# at most this many. Lower a count as names go; never raise one (none is left).
PENDING_NAMES: dict[str, int] = {}


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.body:
            first = n.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value,
                                                                                                   str):
                out.add(id(first.value))
    return out


def test_no_code_outside_a_rulesets_rooms_names_it() -> None:
    """No module outside a ruleset's own packages (game/rules/<r>/, game/ai/<r>/,
    game/ui/<r>/) and the registry writes a ruleset's name (as in files, as a
    package, or its state's or ruleset object's class name) in its code: nothing
    compares names (`== "doomwheel"`, `type(s).__name__ == "DoomState"`), keys a table
    by them or passes one to choose behaviour; it asks the registry
    (game.core.registry). Docstrings and comments may name examples."""
    regs = _registrations()
    words = set()
    for r in regs:
        words |= {r.name, r.name.replace("-", "_"), r.package}
        if r.ruleset is not None:
            words |= {r.state_type.__name__, type(r.ruleset).__name__}
    rooms = [room for r in regs for room in _rooms(r)]
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        if any(rel.startswith(room) for room in rooms) or rel == "game/core/registry.py":
            continue
        tree = ast.parse(path.read_text())
        docs = _docstrings(tree)
        for n in ast.walk(tree):
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs and n.value in words:
                found.setdefault(rel, []).append(f"{rel}:{n.lineno}: {n.value!r}")
    wrong = [line for rel, lines in sorted(found.items()) if len(lines) > PENDING_NAMES.get(rel, 0) for line in lines]
    assert wrong == []


def test_no_module_outside_a_rulesets_rooms_imports_them() -> None:
    """A ruleset's rooms (game.rules.<r>, game.ai.<r>, game.ui.<r>, for every
    registered ruleset with a package) are imported only by its own rooms: shared
    modules and other rulesets' rooms ask the registry (game.core.registry: parts
    and hooks as "module:attribute", imported by it), whose loader is the one way
    in (importlib, by name). Module-level and function-level imports alike."""
    rooms: dict[str, str] = {}  # room module -> the package of its ruleset
    for r in _registrations():
        package = getattr(r, "package")
        if package:
            rooms.update({f"game.{layer}.{package}": package for layer in ("rules", "ai", "ui")})

    def room_of(module: str) -> str | None:
        parts = module.split(".")
        return rooms.get(".".join(parts[:3])) if len(parts) >= 3 else None

    wrong = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        mine = room_of(_module_of(path))
        rel = str(path.relative_to(ROOT))
        for line, name in _imports(ast.parse(path.read_text())):
            theirs = room_of(name)
            if theirs is not None and theirs != mine:
                wrong.append(f"{rel}:{line}: imports {name} (the {theirs} rooms)")
    assert wrong == []


def test_every_ruleset_has_its_three_rooms_and_they_register() -> None:
    """Each ruleset has game/rules/<r>/, game/ai/<r>/ and game/ui/<r>/, and each room
    adds its parts to the registration: the rules (the ruleset, its setup), the ai
    (its agents), the ui (its window parts, report and command-line hooks)."""
    assert [r.name for r in _registrations()] == ["wild-race", "doomwheel", "rrtk"]
    for r in _registrations():
        for room in _rooms(r):
            assert (ROOT / room / "__init__.py").is_file(), room
    regs = _registrations(all=False)
    assert [r.name for r in regs] == ["wild-race", "doomwheel"]
    for r in regs:
        assert r.package and r.title and r.ruleset.name == r.name
        assert r.new_state is not None and r.options is not None and r.default_level
        assert r.make_agent is not None and r.agents and set(r.offered) <= set(r.agents)
        assert r.simulate is not None and r.arena is not None and r.report is not None
        assert {"describe", "resume", "log_line", "test_session", "new_level"} <= set(r.window)
        for role in r.window:
            r.part(role)  # every reference resolves
        for part in ("simulate", "arena", "report"):
            assert r.hook(part) is not None


def test_a_registration_without_a_game_is_seen_but_not_played() -> None:
    """Rally Round the King has its armies but no battle yet: no ruleset object, no
    state. Every registration lists it; the playable lists (simulate, the arena, new
    games) do not; its own commands resolve."""
    from game.core import registry
    regs = {r.name: r for r in _registrations()}
    rrtk = regs["rrtk"]
    assert rrtk.ruleset is None and rrtk.state_type is None and not rrtk.playable
    assert "rrtk" not in registry.names() and registry.find("rrtk") is rrtk
    assert registry.find("rrtk", playable=True) is None
    for command in rrtk.commands.values():
        assert callable(registry.resolve(command["parser"])) and callable(registry.resolve(command["run"]))


def test_the_registry_finds_by_name_and_by_state() -> None:
    from game.core import registry
    from tests.wr_helpers import race_state
    wild = registry.get("wild-race")
    assert registry.get("wild_race") is wild and registry.find("WILD-RACE") is wild
    assert registry.find("chess") is None
    assert registry.of_state(race_state(2, 1, 3)) is wild
    try:
        registry.get("chess")
    except KeyError as e:
        assert "known: wild-race, doomwheel" in str(e)
    else:  # pragma: no cover
        raise AssertionError("an unknown ruleset was found")
