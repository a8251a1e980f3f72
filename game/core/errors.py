"""The two error types every layer raises for the outside world.

BadInput: a file, option or script the program cannot accept (exit code 2 on the
command line, a dialog in the game). IllegalChoice: a choice the rules do not allow
in the current state (the state is left unchanged).
"""

from __future__ import annotations


class BadInput(Exception):
    """A bad file, field or value: names the source, the field path and the reason."""

    def __init__(self, source: str, field: str, reason: str) -> None:
        self.source = source
        self.field = field
        self.reason = reason
        super().__init__(self.line())

    def line(self) -> str:
        where = self.source or "<input>"
        if self.field:
            return f"{where}: {self.field}: {self.reason}"
        return f"{where}: {self.reason}"


class IllegalChoice(Exception):
    """A choice that is not legal in the current state; nothing was changed."""

    def __init__(self, choice: object, reason: str) -> None:
        self.choice = choice
        self.reason = reason
        super().__init__(f"illegal choice {choice}: {reason}")
