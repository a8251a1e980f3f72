"""Writing JSON: the canonical writer of the one hardened loader (``game.core.jsonload``).

``canonical_dumps`` gives the one canonical text (sorted keys, 2-space indent, floats
by ``format_float``, short lists of scalars on one line, a final newline), so load ->
save -> load -> save is byte-identical; ``save_text_atomic`` / ``save_json_file``
write it atomically. Import these names from ``game.core.jsonload``.
"""

from __future__ import annotations

import json
import math
import os
from typing import Any, Final

from game.core.atomic import write_atomic



def format_float(x: float) -> str:
    """The fixed float format: rounded to 6 decimals, trailing zeros stripped ("1.5", "2")."""
    if not math.isfinite(x):
        raise ValueError(f"cannot write a non-finite number: {x!r}")
    text = f"{x:.6f}".rstrip("0").rstrip(".")
    if text in ("-0", ""):
        return "0"
    return text


def _scalar(value: Any) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return format_float(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


_INLINE_MAX_ITEMS: Final[int] = 8


def _write(value: Any, indent: str, out: list[str]) -> None:
    if isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        inner = indent + "  "
        out.append("{\n")
        keys = sorted(value)
        for i, key in enumerate(keys):
            if not isinstance(key, str):
                raise TypeError(f"object keys must be strings, got {key!r}")
            out.append(inner)
            out.append(json.dumps(key, ensure_ascii=False))
            out.append(": ")
            _write(value[key], inner, out)
            out.append(",\n" if i < len(keys) - 1 else "\n")
        out.append(indent + "}")
    elif isinstance(value, (list, tuple)):
        if not value:
            out.append("[]")
            return
        if len(value) <= _INLINE_MAX_ITEMS and all(not isinstance(v, (dict, list, tuple)) for v in value):
            out.append("[" + ", ".join(_scalar(v) for v in value) + "]")
            return
        inner = indent + "  "
        out.append("[\n")
        for i, item in enumerate(value):
            out.append(inner)
            _write(item, inner, out)
            out.append(",\n" if i < len(value) - 1 else "\n")
        out.append(indent + "]")
    else:
        out.append(_scalar(value))


def canonical_dumps(value: Any) -> str:
    """The canonical JSON text of `value` (see the module docstring), ending in a newline."""
    out: list[str] = []
    _write(value, "", out)
    out.append("\n")
    return "".join(out)


def save_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write `text` (UTF-8, \\n line ends) to `path` atomically (game.core.atomic: a
    temporary file in the same folder, fsynced, then os.replace, then the folder fsynced)."""
    write_atomic(path, text)


def save_json_file(path: str | os.PathLike[str], value: Any) -> None:
    """Write `value` with the canonical writer, atomically."""
    save_text_atomic(path, canonical_dumps(value))
