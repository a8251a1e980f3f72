"""A guard against a hang in a test: `with time_limit(5): ...` raises Hang once the
block has used that many seconds of this process's CPU time (ITIMER_PROF). CPU time,
not wall time, so a loaded machine cannot trip it, while a loop that never ends does."""

import contextlib
import signal
from collections.abc import Iterator
from types import FrameType


class Hang(BaseException):
    """Raised inside the guarded block (BaseException, so no `except Exception` in the
    program can swallow it)."""


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def _alarm(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"still running after {seconds:g} s of CPU time")

    old = signal.signal(signal.SIGPROF, _alarm)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
