"""The one error type the command line turns into `briefdesk: error: ...` and exit 2."""

from __future__ import annotations

from pathlib import Path


class BriefdeskError(Exception):
    """Bad input or a refused operation; the message is one line naming the file and the problem."""

    exit_code = 2

    def __init__(self, message: str, path: str | Path | None = None) -> None:
        self.path = str(path) if path is not None else None
        text = " ".join(str(message).split())  # always a single line
        super().__init__(f"{self.path}: {text}" if self.path else text)


class CheckFailed(BriefdeskError):
    """A check ran and found a problem (verify mismatch): exit 1."""

    exit_code = 1


class SessionLocked(BriefdeskError):
    """Another live process holds the session's lock."""
