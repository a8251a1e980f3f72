"""Convert the Rally Round the King army lists (YAML) into the project's own data,
once: game/rules/rrtk/data/army-lists.json.

    python tools/rrtk_lists.py [YAML] [--out FILE] [--check]

YAML defaults to ../shared/rules/rrtk-army-lists.yaml (then tests/data/rrtk-army-lists.yaml,
the copy the round-trip test reads). Every field of the YAML is kept as it is (the
book's printed values, its `book_says` flags and `note`s, the gazetteer); each nation
gains a stable `id` (its name lower-cased, every run of other characters a hyphen), and
the file gains `format` and `kind`. The program reads only the JSON (game.rules.rrtk.lists);
PyYAML is needed by this tool and the tests alone. `--check` writes nothing and exits 1
if the shipped JSON differs from what the YAML gives.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from game.core.jsonload import canonical_dumps, save_json_file  # noqa: E402

FORMAT = 1
KIND = "rrtk-army-lists"
OUT = os.path.join(ROOT, "game", "rules", "rrtk", "data", "army-lists.json")
YAMLS = (os.path.join(ROOT, "..", "shared", "rules", "rrtk-army-lists.yaml"),
         os.path.join(ROOT, "tests", "data", "rrtk-army-lists.yaml"))


def nation_id(name: str) -> str:
    """"Dwarves, Black Moon" -> "dwarves-black-moon"."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def convert(data: dict[str, Any]) -> dict[str, Any]:
    """The JSON document for the decoded YAML (nothing dropped, ids and format added)."""
    nations = []
    for n in data["nations"]:
        nations.append({"id": nation_id(n["name"]), **n})
    ids = [n["id"] for n in nations]
    if len(ids) != len(set(ids)):
        raise SystemExit("two nations have the same id: " + ", ".join(sorted({i for i in ids if ids.count(i) > 1})))
    return {"format": FORMAT, "kind": KIND, **{k: v for k, v in data.items() if k != "nations"}, "nations": nations}


def read_yaml(path: str) -> dict[str, Any]:
    import yaml  # only this tool and the tests need PyYAML
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("yaml", nargs="?", default=None)
    p.add_argument("--out", default=OUT)
    p.add_argument("--check", action="store_true", help="compare with the shipped JSON; write nothing")
    a = p.parse_args(argv)
    src = a.yaml or next((y for y in YAMLS if os.path.isfile(y)), YAMLS[0])
    doc = convert(read_yaml(src))
    if a.check:
        with open(a.out, encoding="utf-8") as f:
            same = f.read() == canonical_dumps(doc)
        print(f"{a.out}: {'up to date' if same else 'differs from ' + src}")
        return 0 if same else 1
    save_json_file(a.out, doc)
    units = sum(len(n["units"]) for n in doc["nations"])
    print(f"{a.out}: {len(doc['nations'])} nations, {units} unit types (from {src})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
