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
        """One line, always: control characters in a file name, a key or a value
        (a key with a newline in it) are shown escaped."""
        where = self.source or "<input>"
        text = f"{where}: {self.field}: {self.reason}" if self.field else f"{where}: {self.reason}"
        return one_line(text)


def one_line(text: str) -> str:
    """`text` with control characters escaped (\\n, \\t, \\x07...), so it prints as one line."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


class IllegalChoice(Exception):
    """A choice that is not legal in the current state; nothing was changed."""

    def __init__(self, choice: object, reason: str) -> None:
        self.choice = choice
        self.reason = reason
        super().__init__(f"illegal choice {choice}: {reason}")
