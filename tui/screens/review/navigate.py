"""Moving through the review: items, panes, the list's own highlight, the filter."""

from __future__ import annotations

from textual import on
from textual.widget import Widget

from ...filtering import ItemFilter
from ...widgets.pane_list import PaneList
from .drawing import ReviewDrawing

PANES = ("#items", "#detail", "#placements", "#dup-list", "#order")


class NavigateActions(ReviewDrawing):
    def action_next_item(self) -> None:
        self.step(1)

    def action_prev_item(self) -> None:
        self.step(-1)

    def action_next_pane(self) -> None:
        self.focus_pane(self.focused_pane() + 1)

    def action_prev_pane(self) -> None:
        self.focus_pane(self.focused_pane() - 1)

    def focused_pane(self) -> int:
        focused = self.focused
        for index, selector in enumerate(PANES):
            widget = self.query_one(selector)
            if focused is widget or (focused is not None and widget in focused.ancestors):
                return index
        return 0

    def focus_pane(self, index: int) -> None:
        self.flush()  # the pane shows the current item before the reviewer moves in it
        widget: Widget = self.query_one(PANES[index % len(PANES)])
        widget.focus()

    @on(PaneList.OptionHighlighted, "#items")
    def _item_highlighted(self, event: PaneList.OptionHighlighted) -> None:
        """The list's own keys (home, end, pages) and clicks move the review."""
        event.stop()
        if event.option.id:
            self.go_to(event.option.id, rest=True)

    @on(PaneList.OptionHighlighted, "#order")
    def _increment_highlighted(self, event: PaneList.OptionHighlighted) -> None:
        """Moving in the brief's order (when it has the focus) moves the review to that item, so
        move_up / move_down act on it."""
        event.stop()
        if event.control.has_focus and event.option.id and event.option.id in self.shown_index:
            self.go_to(event.option.id)

    @on(PaneList.OptionSelected)
    def _selected(self, event: PaneList.OptionSelected) -> None:
        event.stop()  # clicks select; there is nothing more to do on a click

    def action_filter(self) -> None:
        from ...dialogs.filter import FilterDialog

        def done(new: ItemFilter | None) -> None:
            if new is not None:
                self.apply_filter(new)

        self.app.push_screen(
            FilterDialog(self.filter, [m.path for m in self.review.materials]), done
        )

    def action_clear_filter(self) -> None:
        self.apply_filter(ItemFilter())

    def apply_filter(self, new: ItemFilter) -> None:
        self.filter = new
        self.fill_items()
        current = self.current
        if current is not None and current != self.cursor:
            self.cursor = current
            self.schedule_cursor_save()
        self.show_current()
        self.draw_status()
