"""Moving through the review: items, panes, the list's own highlight, the filter."""

from __future__ import annotations

import dataclasses

from textual import on
from textual.widget import Widget
from textual.widgets import Input

from ...filtering import ItemFilter
from ...widgets.item_list import ItemList
from ...widgets.pane_list import PaneList
from ...widgets.search import SearchBar
from .drawing import ReviewDrawing

PANES = ("#items", "#detail", "#placements", "#dup-list", "#order")


class NavigateActions(ReviewDrawing):
    def action_next_item(self) -> None:
        self.step(1)

    def action_prev_item(self) -> None:
        self.step(-1)

    def action_next_undecided(self) -> None:
        """The next shown item still undecided after the cursor, round to the top."""
        refs = self.shown_refs
        if not refs:
            return
        start = self.shown_index.get(self.current or "", -1)
        decisions = self.session.data.decisions
        for k in range(1, len(refs) + 1):
            ref = refs[(start + k) % len(refs)]
            if decisions[ref].status == "undecided":
                if ref == self.current:
                    break  # the only one left is this one
                self.go_to(ref)
                return
        if self.current is not None and decisions[self.current].status == "undecided":
            self.notify("This is the last undecided item.")
        else:
            hidden = " shown" if self.filter.active else ""
            self.notify(f"Every{hidden} item is decided.")

    def action_first_item(self) -> None:
        if self.shown_refs:
            self.go_to(self.shown_refs[0], rest=True)

    def action_last_item(self) -> None:
        if self.shown_refs:
            self.go_to(self.shown_refs[-1], rest=True)

    def action_page_down(self) -> None:
        self.step_clamped(self.half_page())

    def action_page_up(self) -> None:
        self.step_clamped(-self.half_page())

    def half_page(self) -> int:
        return max(1, self.query_one(ItemList).scrollable_content_region.height // 2)

    def step_clamped(self, delta: int) -> None:
        """Move `delta` items, stopping at the first or last one."""
        if not self.shown_refs:
            return
        index = self.shown_index.get(self.current or "", 0)
        target = min(max(index + delta, 0), len(self.shown_refs) - 1)
        self.go_to(self.shown_refs[target], rest=True)

    # -- the live search -----------------------------------------------------------------------

    def action_search(self) -> None:
        bar = self.query_one(SearchBar)
        bar.value = self.filter.text
        bar.cursor_position = len(bar.value)
        bar.display = True
        self.query_one("#statusrow").display = False
        bar.focus()

    @on(Input.Changed, "#search")
    def _search_changed(self, event: Input.Changed) -> None:
        event.stop()
        if event.value != self.filter.text:
            self.apply_filter(dataclasses.replace(self.filter, text=event.value))

    @on(Input.Submitted, "#search")
    def _search_kept(self, event: Input.Submitted) -> None:
        event.stop()
        self.close_search()

    @on(SearchBar.Cancelled)
    def _search_cancelled(self, event: SearchBar.Cancelled) -> None:
        event.stop()
        if self.filter.text:
            self.apply_filter(dataclasses.replace(self.filter, text=""))
        self.close_search()

    def close_search(self) -> None:
        self.query_one(SearchBar).display = False
        self.query_one("#statusrow").display = True
        self.query_one(ItemList).focus()

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
        """The list's own keys (home, end, pages) and clicks move the review.

        The message arrives after the highlight moved; when keys come fast the cursor has moved
        on meanwhile (next_item highlights the row itself), and a stale message must not pull
        it back: two stale messages would chase each other for ever, the panes never drawn."""
        event.stop()
        if event.option_index != event.control.highlighted:
            return
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
