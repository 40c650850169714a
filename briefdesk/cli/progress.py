"""Progress on stderr for a long headless step (matching in `scan`), for a person watching.

Only when stderr is a terminal: a pipe, a file or a CI log gets nothing, so `scan --json > x`
stays byte-for-byte the same and nothing parses a progress line by mistake. One line, redrawn in
place (`\\r`, then erase to the end of the line) at most every `INTERVAL` seconds, and erased
when the step ends, so the output that follows starts on a clean line.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

INTERVAL = 0.1  # seconds between redraws
ERASE = "\r\x1b[K"


class StderrProgress:
    """`progress(done, total)` for `Review.match`; a no-op unless `stream` is a terminal."""

    def __init__(self, what: str, stream: TextIO | None = None, *, enabled: bool = True) -> None:
        self.what = what
        self.stream = stream if stream is not None else sys.stderr
        isatty = getattr(self.stream, "isatty", None)
        self.enabled = enabled and bool(isatty and isatty())
        self._last = 0.0
        self._shown = False

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if done < total and now - self._last < INTERVAL:
            return
        self._last = now
        pct = int(100 * done / total) if total else 100  # work units, not items: a share only
        self.stream.write(f"{ERASE}{self.what}… {pct}%")
        self.stream.flush()
        self._shown = True

    def clear(self) -> None:
        if self._shown:
            self.stream.write(ERASE)
            self.stream.flush()
            self._shown = False

    def __enter__(self) -> StderrProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.clear()
