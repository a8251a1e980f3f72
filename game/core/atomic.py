"""The one atomic file writer: a kill at any moment leaves the file either as it was
or complete and new, never half written.

The text goes to a temporary file in the same folder (`.<name>.<8 random>.tmp`, the
file's mode kept), is fsynced, then renamed over the file, then the folder is
fsynced. With `keep_backup` the file replaced is first kept as `<name>.bak` (itself
replaced atomically: a hard link where the file system has them, else a copy, via
`.<name>.bak.<pid>.<n>.tmp`). `stage` is for tests: called with "partial" (half of
the new file written), "written" (all of it, fsynced), "backed-up" and "renamed", so
a test can kill the writer at each point.
"""

from __future__ import annotations

import itertools
import os
import tempfile
from contextlib import contextmanager
from typing import Callable, Iterator

_counter = itertools.count()


def _nothing(name: str) -> None:
    pass


def write_atomic(path: str | os.PathLike[str], text: str | bytes, *, keep_backup: bool = False,
                 stage: Callable[[str], None] = _nothing) -> None:
    """Write `text` (str as UTF-8, with its own line ends) to `path` atomically."""
    target = os.path.abspath(os.fspath(path))
    folder = os.path.dirname(target)
    base = os.path.basename(target)
    data = text.encode("utf-8") if isinstance(text, str) else text
    try:
        mode = os.stat(target).st_mode & 0o777
    except OSError:
        mode = 0o644
    fd, tmp = tempfile.mkstemp(prefix=f".{base}.", suffix=".tmp", dir=folder)
    with _removed_on_failure(tmp):
        try:
            try:
                os.fchmod(fd, mode)
            except (OSError, AttributeError):  # pragma: no cover - no modes (Windows)
                pass
            half = len(data) // 2
            write_all(fd, data[:half])
            stage("partial")
            write_all(fd, data[half:])
            os.fsync(fd)
        finally:
            os.close(fd)
        stage("written")
        if keep_backup and os.path.isfile(target):
            _backup(target, folder, base)
            stage("backed-up")
        os.replace(tmp, target)
    stage("renamed")
    fsync_dir(folder)


def _backup(target: str, folder: str, base: str) -> None:
    """Replace `target.bak` by the current `target`, atomically (a hard link when the
    file system has them, else a copy), so `target` stays in place meanwhile."""
    tmp = os.path.join(folder, f".{base}.bak.{os.getpid()}.{next(_counter)}.tmp")
    with _removed_on_failure(tmp):
        try:
            os.link(target, tmp)
        except OSError:
            with open(target, "rb") as src:
                data = src.read()
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            try:
                write_all(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
        os.replace(tmp, target + ".bak")


@contextmanager
def _removed_on_failure(tmp: str) -> Iterator[None]:
    """Delete the temporary file `tmp` if the block fails (even on a kill signal's
    exception), then let the failure go on."""
    try:
        yield
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_all(fd: int, data: bytes) -> None:
    """Write every byte of `data` to the file descriptor."""
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def fsync_dir(folder: str) -> None:
    """Make a rename in `folder` durable (where the system can)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        dfd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:  # pragma: no cover
        return
    try:
        os.fsync(dfd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(dfd)
