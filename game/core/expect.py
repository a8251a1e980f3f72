"""A scenario's expectations, the same for every ruleset (docs/scenario-format.md,
docs/doomwheel-scenario-format.md): reading them from the file, and checking them
against the state (as JSON, by dotted path) and the events (in order).

- A number matches within 0.001, or `{"approx": v, "tol": t}` within t.
- A list matches element by element; an object matches when each of its fields
  matches the same field of the value (the value may have more).
- An event pattern is a kind, or an object of the event's fields; a pattern string
  without a colon also matches the part of the event's string before its colon
  (`"edge"` matches `"edge:12"`). The expected events must occur in the order
  given, other events may come between them.
"""

from __future__ import annotations

import json
from typing import Any

from game.core.jsonload import Val


def expected_value(v: Val) -> Any:
    """An expected value; {"approx": number, "tol": number} is checked here."""
    if isinstance(v.value, dict) and "approx" in v.value:
        o = v.obj()
        o.num("approx")
        o.num("tol", lo=0.0, default=1e-3)
        o.done()
    return v.value


def event_pattern(v: Val) -> Any:
    """An expected event: its kind, or {"kind": ..., field: value, ...}."""
    if isinstance(v.value, str):
        return v.string(min_len=1, max_len=60)
    o = v.obj()
    o.string("kind", min_len=1, max_len=60)
    for k in list(o.data):
        o.has(k)
        if k != "kind":
            expected_value(o.get(k))
    o.done()
    return dict(o.data)


def same(want: Any, got: Any) -> bool:
    """Does the value `got` match the expected `want`?"""
    if isinstance(want, dict) and "approx" in want:
        return isinstance(got, (int, float)) and not isinstance(got, bool) and \
            abs(float(got) - float(want["approx"])) <= float(want.get("tol", 1e-3))
    if isinstance(want, (int, float)) and not isinstance(want, bool):
        return isinstance(got, (int, float)) and not isinstance(got, bool) and abs(float(want) - float(got)) <= 1e-3
    if isinstance(want, list) and isinstance(got, (list, tuple)):
        return len(want) == len(got) and all(same(a, b) for a, b in zip(want, got))
    if isinstance(want, dict) and isinstance(got, dict):
        return all(k in got and same(v, got[k]) for k, v in want.items())
    return bool(want == got)


def _same_prefix(v: Any, got: Any) -> bool:
    """A pattern string without a colon matches the part of an event string before its
    colon: `"edge"` matches any `"edge:N"`, `"o"` any large obstacle `"o:ID"`."""
    return (isinstance(v, str) and isinstance(got, str) and ":" not in v and ":" in got
            and got.split(":", 1)[0] == v)


def event_matches(pattern: Any, e: Any) -> bool:
    if isinstance(pattern, str):
        return bool(e.kind == pattern)
    data = e.to_json()
    return all(k in data and (same(v, data[k]) or _same_prefix(v, data[k])) for k, v in pattern.items())


def plain(v: Any) -> Any:
    """A value as the JSON output shows it (floats to 6 places)."""
    if isinstance(v, float):
        return round(v, 6)
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    if isinstance(v, dict):
        return {k: plain(x) for k, x in v.items()}
    return v


def resolve_path(data: Any, path: str, aliases: dict[str, str] | None = None) -> Any:
    """Follow a dotted path (`racers.red-1.lives`, `order.0`) through objects and
    lists; a name not in an object is looked up in `aliases` (the spec's words for
    our fields). KeyError, IndexError or ValueError if there is no such field."""
    cur = data
    for part in path.split("."):
        if isinstance(cur, dict):
            if part not in cur and aliases and part in aliases:
                part = aliases[part]
            cur = cur[part]
        elif isinstance(cur, list):
            cur = cur[int(part)]
        else:
            raise KeyError(part)
    return cur


def check(expect_state: dict[str, Any], expect_events: list[Any], data: Any, events: list[Any],
          aliases: dict[str, str] | None = None) -> list[str]:
    """Every expectation that does not hold, one line each (empty: all hold).
    `data` is the state as JSON; `expect_state` maps dotted paths to expected values."""
    out = []
    for path, want in expect_state.items():
        try:
            got = resolve_path(data, path, aliases)
        except (KeyError, IndexError, ValueError):
            out.append(f"expect.state.{path}: no such field in the state")
            continue
        if not same(want, got):
            out.append(f"expect.state.{path}: expected {json.dumps(want)}, got {json.dumps(plain(got))}")
    if expect_events:
        i = 0
        for e in events:
            if i < len(expect_events) and event_matches(expect_events[i], e):
                i += 1
        if i < len(expect_events):
            kinds = ", ".join(e.kind for e in events)
            out.append(f"expect.events[{i}]: {json.dumps(expect_events[i])} not found in order "
                       f"(events: {kinds})")
    return out


def read_expect(v: Val) -> tuple[dict[str, Any], list[Any]]:
    """A scenario's `expect` object: {"state": {path: value}, "events": [pattern]}, as
    (expected values by dotted path, in sorted path order; event patterns in order)."""
    eo = v.obj()
    state: dict[str, Any] = {}
    events: list[Any] = []
    if eo.has("state"):
        so = eo.get("state").obj()
        for k in sorted(so.data):
            state[k] = expected_value(so.get(k))
        so.done()
    if eo.has("events"):
        events = [event_pattern(v) for v in eo.get("events").lst(max_len=10_000)]
    eo.done()
    return state, events
