"""The README and `--help` say what the program does (issue 12 item 23): every command
line in the README parses (each optional part and each alternative of `a|b|c`), the
files it names exist, its `make` targets exist; `--help` lists exactly the agents the
program makes and names the real default courses; `simulate doomwheel` says which
wheels were wrecked; the project's docs carry the rules (no pointer outside the
repository)."""

from __future__ import annotations

import glob
import itertools
import os
import pathlib
import re
import shlex

import pytest

from game.ai.agents import known_agents, make_agent
from game.cli import DEFAULT_COURSE, DOOMWHEEL_DEFAULT, build_parser, main

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def readme_commands() -> list[str]:
    """Every `python -m game ...` line of the README's code blocks (continuations joined,
    comments dropped)."""
    out = []
    for block in re.findall(r"```sh\n(.*?)```", README, re.S):
        text = block.replace("\\\n", " ")
        for line in text.splitlines():
            line = line.split("#", 1)[0].strip()
            if line.startswith("python -m game"):
                out.append(line)
    return out


def variants(line: str) -> list[list[str]]:
    """The argument lists a README line stands for: without its [optional] parts, and
    with all of them, once for each alternative of every a|b|c; `...` dropped."""
    words = line.split()[3:]
    bare = " ".join(re.sub(r"\[[^\]]*\]", "", " ".join(words)).replace("...", "").split())
    full = " ".join(words).replace("[", "").replace("]", "").replace("...", "")
    out = [shlex.split(bare)]
    tokens = shlex.split(full)
    choices = [t.split("|") if "|" in t else [t] for t in tokens]
    width = max(len(c) for c in choices)
    for i in range(width):
        out.append([c[min(i, len(c) - 1)] for c in choices])
    return out


def test_the_readme_lists_the_commands() -> None:
    cmds = readme_commands()
    assert len(cmds) >= 10
    assert {c.split()[3] for c in cmds} >= {"simulate", "scenario", "validate", "import-tiled", "arena", "replay",
                                           "report"}


@pytest.mark.parametrize("line", readme_commands())
def test_every_readme_command_line_parses(line: str) -> None:
    parser = build_parser()
    for argv in variants(line):
        args = parser.parse_args(argv)  # a bad one exits 2 with one line
        assert args.cmd == argv[0]
        if getattr(args, "agent", None) is not None and args.cmd == "simulate":
            make_agent(args.agent, 1, ruleset=args.ruleset.replace("-", "_"))  # the program makes it


@pytest.mark.parametrize("line", readme_commands())
def test_the_files_a_readme_command_names_exist(line: str) -> None:
    for word in line.replace("[", " ").replace("]", " ").split():
        if word.startswith(("levels/", "tests/")) and "my_course" not in word:
            assert glob.glob(str(ROOT / word)), word


def test_every_make_target_in_the_readme_exists() -> None:
    makefile = (ROOT / "Makefile").read_text()
    targets = set(re.findall(r"^([\w-]+):", makefile, re.M))
    named = set(re.findall(r"`?make ([\w-]+)", README)) - {"every", "the"}
    assert named and named <= targets, named - targets


def test_each_subcommand_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    for sub in ("simulate", "scenario", "validate", "import-tiled", "arena", "replay", "report", "play"):
        with pytest.raises(SystemExit) as e:
            main([sub, "--help"])
        assert e.value.code == 0
        assert "usage: python -m game " + sub in capsys.readouterr().out


def _help(sub: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        main([sub, "--help"])
    return " ".join(capsys.readouterr().out.split())


def test_help_lists_exactly_the_agents_the_program_makes(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    simulate = parser._subparsers._group_actions[0].choices["simulate"]  # type: ignore[union-attr]
    per = simulate._subparsers._group_actions[0].choices  # each ruleset's own `simulate <name>` parser
    for ruleset in ("wild_race", "doomwheel"):
        sim = next(a for a in per[ruleset.replace("_", "-")]._actions if "--agent" in a.option_strings)
        assert set(sim.choices) == set(known_agents(ruleset))
    made = set(known_agents("wild_race")) | set(known_agents("doomwheel"))
    for ruleset in ("wild_race", "doomwheel"):
        for kind in known_agents(ruleset):
            make_agent(kind, 1, ruleset=ruleset)  # each one listed is made
        with pytest.raises(Exception):
            make_agent("wizard", 1, ruleset=ruleset)
    text = _help("simulate", capsys)
    for kind in made:
        assert kind in text
    arena = _help("arena", capsys)
    for kind in made:
        assert kind in arena
    # the README's agent lists are the same
    for line in readme_commands():
        for alts in re.findall(r"--agent ([\w|]+)", line):
            assert set(alts.split("|")) == made, line


def test_help_names_the_real_default_courses(capsys: pytest.CaptureFixture[str]) -> None:
    from game.levels.course import load_course
    text = _help("simulate", capsys)
    assert load_course(DEFAULT_COURSE).name in text  # "Sample Sprint", not "the Sprint"
    assert load_course(str(ROOT / DOOMWHEEL_DEFAULT)).name in text
    from game.sim import DOOMWHEEL_COURSE
    assert DOOMWHEEL_COURSE == DOOMWHEEL_DEFAULT


def test_simulate_doomwheel_says_which_wheels_are_wrecked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "doomwheel", "--seed", "1"]) == 0
    rows = [r for r in capsys.readouterr().out.splitlines() if "wounds" in r]
    assert rows
    for r in rows:
        assert r.rstrip().endswith("wrecked") == ("wounds 0" in r), r


def test_the_docs_carry_the_rules_and_point_nowhere_outside_the_repository() -> None:
    for name in ("wild-race-rules.md", "doomwheel-rules.md"):
        assert (ROOT / "docs" / name).is_file() and name in README
    for path in [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md")):
        assert "../shared" not in path.read_text(), path.name
    # every option of each race is on its rules page
    from game.rules.doomwheel.options import Options as DoomOptions
    from game.rules.wild_race.options import Options as WildOptions
    for page, opts in (("wild-race-rules.md", WildOptions()), ("doomwheel-rules.md", DoomOptions())):
        text = (ROOT / "docs" / page).read_text()
        for field in opts.__dataclass_fields__:  # type: ignore[attr-defined]
            assert f"`{field}`" in text, (page, field)


def test_readme_documents_named_exist() -> None:
    for doc in set(re.findall(r"docs/[\w-]+\.md", README)):
        assert (ROOT / doc).is_file(), doc
    assert all(os.path.isfile(ROOT / p) for p in ("tools/bench.py", "tools/arena_runs.py"))
    assert list(itertools.islice(readme_commands(), 1))
