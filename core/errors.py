"""The one error type the command line turns into `briefdesk: error: ...` and exit 2."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from .text.sanitize import safe_line


class BriefdeskError(Exception):
    """Bad input or a refused operation; the message is one line naming the file and the problem."""

    exit_code = 2

    def __init__(
        self, message: str, path: str | Path | None = None, *, details: Sequence[str] = ()
    ) -> None:
        self.path = safe_line(str(path)) if path is not None else None
        # what another program said when that is the reason (a git hook's whole output): shown
        # under the one line, each line made safe the same way
        self.details: tuple[str, ...] = tuple(safe_line(d) for d in details)
        # always a single line, and never a control sequence: a file name or a value quoted from
        # a material may hold ESC, C1 or bidi controls, and this line goes to the user's terminal,
        # so they are shown as the shared sanitiser's placeholders (core.text.sanitize.safe_line)
        text = " ".join(safe_line(str(message)).split())
        super().__init__(f"{self.path}: {text}" if self.path else text)


class SessionLocked(BriefdeskError):
    """Another live process holds the session's lock."""
