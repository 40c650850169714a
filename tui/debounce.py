"""Work put off while keys arrive: run a redraw once calls for it have paused.

Holding a key costs a row repaint per key and one redraw of the panes at the end, instead of a
redraw of every pane per key. One timer per kind of work at a time: a call while the timer runs
only moves its deadline, and the timer, when it fires early, waits for the rest.

`rest` counts the pause from when the screen has drawn the key's own changes rather than from the
key: on a busy machine drawing one key's row can take most of the delay, and a pause counted
from the key then ran out while keys were still coming, so the panes were redrawn in the middle
of a held key, which made the desk fall further behind.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable

from textual.message_pump import MessagePump
from textual.timer import Timer

# A deadline this close counts as reached (timers fire a little early or late).
SLACK = 0.002


class Debouncer:
    """`later(what, delay)` runs `run(what)` once `delay` has passed since the last call for
    `what`; `flush(what)` runs it now if it is due; `cancel` and `stop` drop what is pending."""

    def __init__(self, owner: MessagePump, run: Callable[[str], None]) -> None:
        self._owner = owner
        self._run = run
        self._due: dict[str, float] = {}
        self._timers: dict[str, Timer] = {}

    def later(self, what: str, delay: float) -> None:
        self._due[what] = time.monotonic() + delay
        if what not in self._timers:
            self._timers[what] = self._owner.set_timer(delay, functools.partial(self._tick, what))

    def hold(self, what: str) -> None:
        """`what` is pending but not timed yet: `flush` runs it, `later` sets its delay (the
        brief preview waits for the review's first frame before its delay starts)."""
        self._due.setdefault(what, math.inf)

    def rest(self, what: str, delay: float) -> None:
        """`later(what, delay)`, the delay counted again once the screen has refreshed (it is
        pending at once: `flush` runs it)."""
        self.later(what, delay)
        self._owner.call_after_refresh(self._rested, what, delay)

    def _rested(self, what: str, delay: float) -> None:
        due = self._due.get(what)
        if due is not None:  # not run or dropped meanwhile
            self._due[what] = max(due, time.monotonic() + delay)

    def pending(self, what: str | None = None) -> bool:
        """Whether `what` (without it: anything) is put off and not yet run; a test waits for
        nothing pending before it takes a picture (docs/testing.md)."""
        return what in self._due if what is not None else bool(self._due)

    def flush(self, what: str) -> bool:
        """Run `what` now if it is pending (an action is about to read what it draws)."""
        if not self.cancel(what):
            return False
        self._run(what)
        return True

    def cancel(self, what: str) -> bool:
        """Drop `what` without running it (it was just done another way); True if it was due."""
        timer = self._timers.pop(what, None)
        if timer is not None:
            timer.stop()
        return self._due.pop(what, None) is not None

    def stop(self) -> None:
        for timer in self._timers.values():
            timer.stop()
        self._timers.clear()
        self._due.clear()

    def _tick(self, what: str) -> None:
        self._timers.pop(what, None)
        due = self._due.get(what)
        if due is None:
            return
        left = due - time.monotonic()
        if left > SLACK:  # another call came meanwhile: wait for the rest
            self._timers[what] = self._owner.set_timer(left, functools.partial(self._tick, what))
            return
        self.flush(what)
