"""A pending step of a rules engine's stack: a kind and its parameters. Shared by
the rulesets (the Wild Race and the Doomwheel Race keep their stacks of these)."""

from __future__ import annotations

from typing import Any


class Step:
    """One pending step on the stack: a kind and its parameters. Treated as a value:
    never changed once made (`with_` makes a new one), so clones share them."""

    __slots__ = ("kind", "args")

    def __init__(self, kind: str, args: dict[str, Any]) -> None:
        self.kind = kind
        self.args = args

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled by its fields (the AI worker process; mypyc-compiled slots classes
        # are not rebuilt by the default protocol)
        return (Step, (self.kind, self.args))

    @staticmethod
    def make(kind: str, **kw: Any) -> "Step":
        return Step(kind, kw)

    def get(self, key: str, default: Any = None) -> Any:
        return self.args.get(key, default)

    def __getitem__(self, key: str) -> Any:
        return self.args[key]

    def with_(self, **kw: Any) -> "Step":
        return Step(self.kind, {**self.args, **kw})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Step) and self.kind == other.kind and self.args == other.args

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in sorted(self.args.items()))
        return f"Step({self.kind}: {inner})"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for k in sorted(self.args):
            out[k] = _plain(self.args[k])
        return out


def _plain(v: Any) -> Any:
    if isinstance(v, Step):
        return v.to_json()
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    return v
