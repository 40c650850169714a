"""Whether work that ends late still has somewhere to land.

A worker's answer (`call_from_thread`), a timer that fired, a redraw put off, a command the
palette runs once it has closed: each arrives after the key that asked for it, and by then its
screen may have been popped, or the desk may have begun quitting. A screen being taken down may
have lost its widgets, or never mounted them (a screen pushed into a closing app: Textual skips
mounting its children and still sends it Mount), and `is_mounted` stays True for ever, so a late
query raised `NoMatches`. Such work asks `live` first and does nothing when the answer is no
(`tests/tui/test_deferred_teardown.py` makes each late arrival certain).
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.message_pump import MessagePump


def quitting(app: App[Any]) -> bool:
    """Quitting has begun: `exit` was called (it sets the return code at once, before the app's
    loop ends), or the loop is over."""
    return app.return_code is not None or not app.is_running


def live(node: MessagePump) -> bool:
    """`node` (a screen, a dialog) still handles its messages and the desk is not quitting: only
    then may late work touch its widgets. A popped screen's messages have stopped."""
    return node.is_running and not quitting(node.app)
