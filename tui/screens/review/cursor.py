"""The cursor: which item the panes show, moved by key (the row now, the panes once it rests),
and saved in the session once it rests."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.timer import Timer

from ...widgets.item_list import ItemList
from .base import Controller
from .drawing import PANES_DELAY

if TYPE_CHECKING:
    from .screen import ReviewScreen

CURSOR_SAVE_DELAY = 0.4  # seconds the cursor rests before its place is saved


class Cursor(Controller):
    def __init__(self, screen: ReviewScreen) -> None:
        super().__init__(screen)
        self.save_timer: Timer | None = None

    def go_to(self, ref: str | None, *, rest: bool = False) -> None:
        """Move the cursor. With `rest` (moves by key: next/prev item, the list's own keys and
        clicks) the row highlight moves now and the panes once the cursor rests (PANES_DELAY), so
        holding a key repaints two rows per key rather than four panes; otherwise all at once."""
        view = self.view
        if ref is None or ref == view.cursor:
            return
        seen = view.leave_changed(ref)
        if seen is not None:  # moving on from a changed item whose panes were shown: seen
            self.screen.query_one(ItemList).redraw_ref(seen)
            self.screen.panes.draw_status()
        view.cursor = ref
        self.screen.query_one(ItemList).highlight_ref(ref)
        if rest:  # counted from when the row's repaint is on screen (`Debouncer.rest`)
            self.screen.later.rest("panes", PANES_DELAY)
        else:
            self.screen.panes.show_current()
        self.schedule_save()

    def step(self, delta: int) -> bool:
        """Move the cursor `delta` shown items on; False at an end."""
        target = self.view.target(delta)
        if target is None:
            return False
        self.go_to(target, rest=True)
        return True

    def schedule_save(self) -> None:
        """Save where the reviewer is once the cursor rests: a session save per key would cost a
        full write of the session file on every arrow press. Decisions are saved at once."""
        if self.save_timer is not None:
            self.save_timer.stop()
        self.save_timer = self.screen.set_timer(CURSOR_SAVE_DELAY, self.save)

    def save(self) -> None:
        if self.save_timer is not None:
            self.save_timer.stop()
            self.save_timer = None
        view = self.view
        if view.cursor != self.session.data.cursor and not view.readonly_reason:
            self.session.set_cursor(view.cursor)
            if self.session.save_error:
                self.screen.panes.draw_status()
