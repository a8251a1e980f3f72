"""Reading JSON safely: the decoding half of the one hardened loader (``game.core.jsonload``).

``parse_json_text`` and ``load_json_file`` turn text or a file into a decoded JSON
value, or raise ``BadInput(source, field, reason)``: the size cap, UTF-8, JSON syntax,
nesting depth, non-finite or overlong numbers and duplicate keys (the list is in
``game.core.jsonload``'s docstring). ``join_key`` / ``join_index`` build field paths.
Import these names from ``game.core.jsonload``, the loader's one public face.
"""

from __future__ import annotations

import json
import math
import os
import stat
from typing import Any, Final

from game.core.errors import BadInput

MAX_BYTES: Final[int] = 5_000_000
"""Default cap on the size of any JSON file (CONTRACTS §6)."""
MAX_DEPTH: Final[int] = 100
"""Deepest nesting of lists/objects accepted."""
MAX_COORD: Final[float] = 10_000.0
"""Largest accepted coordinate magnitude, in inches."""
MAX_STRING: Final[int] = 10_000
"""Default cap on string length (characters) when the caller gives none."""
MAX_INT_DIGITS: Final[int] = 100
"""Longest integer literal accepted (Python would otherwise build huge ints)."""

# --------------------------------------------------------------------------- decoding


class _NonFinite:
    """Placeholder the decoder puts where a NaN / infinity / overflowing number was."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


class _DupDict(dict):  # type: ignore[type-arg]
    """An object that had a duplicate key; reported (with its path) after decoding."""

    dup_key: str = ""


class _NumberTooLong(Exception):
    pass


def _pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            dup = _DupDict(pairs)
            dup.dup_key = key
            return dup
        result[key] = value
    return result


def _parse_constant(text: str) -> Any:
    return _NonFinite(text)


def _parse_float(text: str) -> Any:
    value = float(text)
    if not math.isfinite(value):
        return _NonFinite(text)
    return value


def _parse_int(text: str) -> Any:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _NumberTooLong(text)
    return int(text)


_DECODER: Final = json.JSONDecoder(
    object_pairs_hook=_pairs_hook,
    parse_constant=_parse_constant,
    parse_float=_parse_float,
    parse_int=_parse_int,
    strict=True,
)


def join_key(path: str, key: str) -> str:
    """Field path of `key` inside the object at `path` ("" is the top level)."""
    return f"{path}.{key}" if path else key


def join_index(path: str, index: int) -> str:
    """Field path of item `index` of the list at `path`."""
    return f"{path}[{index}]"


def _check_tree(value: Any, source: str) -> None:
    """Walk the decoded value in document order: depth, duplicates, non-finite numbers."""
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        item, path, depth = stack.pop()
        if isinstance(item, _NonFinite):
            text = item.text
            if text in ("NaN", "Infinity", "-Infinity"):
                reason = f"{text} is not allowed (numbers must be finite)"
            else:
                reason = f"number {text[:40]} is too large"
            raise BadInput(source, path, reason)
        if isinstance(item, dict):
            if depth >= MAX_DEPTH:
                raise BadInput(source, "", f"nested too deeply (more than {MAX_DEPTH} levels)")
            if isinstance(item, _DupDict):
                raise BadInput(source, join_key(path, item.dup_key), "duplicate key")
            children = [(v, join_key(path, k), depth + 1) for k, v in item.items()]
            children.reverse()
            stack.extend(children)
        elif isinstance(item, list):
            if depth >= MAX_DEPTH:
                raise BadInput(source, "", f"nested too deeply (more than {MAX_DEPTH} levels)")
            n = len(item)
            for i in range(n - 1, -1, -1):
                stack.append((item[i], join_index(path, i), depth + 1))


def parse_json_text(text: str | bytes, source: str, *, max_bytes: int = MAX_BYTES) -> Any:
    """Decode JSON text (or UTF-8 bytes); every problem raises BadInput(source, ...)."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_bytes:
            raise BadInput(source, "", f"too large ({len(text)} bytes; the limit is {max_bytes})")
        try:
            decoded = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise BadInput(source, "", f"not UTF-8 text (invalid byte at offset {exc.start})") from None
    else:
        decoded = text
        if len(decoded) > max_bytes or len(decoded.encode("utf-8", "surrogatepass")) > max_bytes:
            raise BadInput(source, "", f"too large (more than {max_bytes} bytes)")
        if decoded.startswith("\ufeff"):
            decoded = decoded[1:]
    if not decoded.strip():
        raise BadInput(source, "", "empty file (expected JSON)")
    try:
        value = _DECODER.decode(decoded)
    except json.JSONDecodeError as exc:
        if exc.msg.startswith("Unterminated string"):
            reason = (
                f"not valid JSON: the text ends inside a string that starts at line {exc.lineno}, "
                f"column {exc.colno} (truncated?)"
            )
        elif exc.pos >= len(decoded.rstrip()):
            reason = f"not valid JSON: the text ends early at line {exc.lineno}, column {exc.colno} (truncated?)"
        else:
            reason = f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        raise BadInput(source, "", reason) from None
    except RecursionError:
        raise BadInput(source, "", f"nested too deeply (more than {MAX_DEPTH} levels)") from None
    except _NumberTooLong as exc:
        raise BadInput(source, "", f"integer with more than {MAX_INT_DIGITS} digits: {str(exc)[:20]}...") from None
    except (ValueError, OverflowError, MemoryError) as exc:  # anything else from the decoder
        raise BadInput(source, "", f"not valid JSON: {exc}") from None
    try:
        _check_tree(value, source)
    except RecursionError:  # pragma: no cover - the walk is iterative
        raise BadInput(source, "", "nested too deeply") from None
    return value


def _not_regular(mode: int) -> str | None:
    """Why a file of this mode is not read (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if stat.S_ISFIFO(mode):
        kind = "a named pipe"
    elif stat.S_ISSOCK(mode):
        kind = "a socket"
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        kind = "a device"
    else:
        kind = "a special file"
    return f"is {kind}, not a regular file (only plain files are read)"


def _open_nonblocking(path: str, flags: int) -> int:
    """`open`'s opener: O_NONBLOCK, so that a file swapped for a named pipe between the
    check and the open cannot block (it has no effect on a regular file)."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def load_json_file(path: str | os.PathLike[str], *, max_bytes: int = MAX_BYTES, source: str | None = None) -> Any:
    """Read and decode one JSON file; every problem raises BadInput(source, field, reason).

    Only a regular file is opened: a folder, a named pipe (which would block the read
    forever), a socket or a device is refused from its `os.stat`, before any open.
    `source` (default: the path as given) is the name used in messages.
    """
    src = source if source is not None else os.fspath(path)
    try:
        why = _not_regular(os.stat(path).st_mode)
        if why:
            raise BadInput(src, "", why)
        with open(path, "rb", opener=_open_nonblocking) as handle:
            info = os.fstat(handle.fileno())
            why = _not_regular(info.st_mode)
            if why:
                raise BadInput(src, "", why)
            if info.st_size > max_bytes:
                raise BadInput(src, "", f"file too large ({info.st_size} bytes; the limit is {max_bytes})")
            data = handle.read(max_bytes + 1)
    except BadInput:
        raise
    except FileNotFoundError:
        raise BadInput(src, "", "file not found") from None
    except IsADirectoryError:
        raise BadInput(src, "", "is a folder, not a file") from None
    except PermissionError:
        raise BadInput(src, "", "permission denied") from None
    except OSError as exc:
        raise BadInput(src, "", f"cannot read the file ({exc.strerror or exc})") from None
    except ValueError as exc:  # e.g. an embedded NUL in the path
        raise BadInput(src, "", f"bad file name ({exc})") from None
    if len(data) > max_bytes:
        raise BadInput(src, "", f"file too large (more than {max_bytes} bytes)")
    return parse_json_text(data, src, max_bytes=max_bytes)
