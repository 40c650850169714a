"""Moving through the review: items, panes, the list's own highlight, the filter."""

from __future__ import annotations

import dataclasses

from textual.widget import Widget

from ...filtering import ItemFilter
from ...typeahead import opens
from ...widgets.item_list import ItemList
from ...widgets.search import SearchBar
from .base import Controller

PANES = ("#items", "#detail", "#placements", "#dup-list", "#order")


class Navigate(Controller):
    def action_next_item(self) -> None:
        self.screen.moves.step(1)

    def action_prev_item(self) -> None:
        self.screen.moves.step(-1)

    def action_next_undecided(self) -> None:
        """The next shown item still undecided after the cursor, round to the top."""
        ref, message = self.view.next_undecided()
        if ref is not None:
            self.screen.moves.go_to(ref)
        elif message:
            self.notify(message)

    def action_first_item(self) -> None:
        if self.view.shown_refs:
            self.screen.moves.go_to(self.view.shown_refs[0], rest=True)

    def action_last_item(self) -> None:
        if self.view.shown_refs:
            self.screen.moves.go_to(self.view.shown_refs[-1], rest=True)

    def action_page_down(self) -> None:
        self.step_clamped(self.half_page())

    def action_page_up(self) -> None:
        self.step_clamped(-self.half_page())

    def half_page(self) -> int:
        return max(1, self.screen.query_one(ItemList).scrollable_content_region.height // 2)

    def step_clamped(self, delta: int) -> None:
        """Move `delta` items, stopping at the first or last one."""
        target = self.view.target(delta, clamp=True)
        if target is not None:
            self.screen.moves.go_to(target, rest=True)

    # -- the live search -----------------------------------------------------------------------

    def action_search(self) -> None:
        bar = self.screen.query_one(SearchBar)
        bar.value = self.view.filter.text
        bar.cursor_position = len(bar.value)
        bar.display = True
        self.screen.query_one("#statusrow").display = False
        bar.focus()

    def search_changed(self, value: str) -> None:
        if value != self.view.filter.text:
            self.apply_filter(dataclasses.replace(self.view.filter, text=value))

    def search_cancelled(self) -> None:
        if self.view.filter.text:
            self.apply_filter(dataclasses.replace(self.view.filter, text=""))
        self.close_search()

    def close_search(self) -> None:
        self.screen.query_one(SearchBar).display = False
        self.screen.query_one("#statusrow").display = True
        self.screen.query_one(ItemList).focus()

    # -- the panes -----------------------------------------------------------------------------

    def action_next_pane(self) -> None:
        self.focus_pane(self.focused_pane() + 1)

    def action_prev_pane(self) -> None:
        self.focus_pane(self.focused_pane() - 1)

    def action_focus_pane(self, number: int) -> None:
        """Digits 1-5: the pane of that number (its border title says it)."""
        self.focus_pane(number - 1)

    def focused_pane(self) -> int:
        focused = self.screen.focused
        for index, selector in enumerate(PANES):
            widget = self.screen.query_one(selector)
            if focused is widget or (focused is not None and widget in focused.ancestors):
                return index
        return 0

    def focus_pane(self, index: int) -> None:
        self.screen.panes.flush()  # the pane shows the current item before the reviewer moves in it
        widget: Widget = self.screen.query_one(PANES[index % len(PANES)])
        widget.focus()

    # -- the filter ----------------------------------------------------------------------------

    @opens
    def action_filter(self) -> None:
        from ...dialogs.filter import FilterDialog

        def done(new: ItemFilter | None) -> None:
            if new is not None:
                self.apply_filter(new)

        materials = [m.path for m in self.view.review.materials]
        self.app.push_screen(FilterDialog(self.view.filter, materials), done)

    def action_clear_filter(self) -> None:
        self.apply_filter(ItemFilter())

    def apply_filter(self, new: ItemFilter) -> None:
        view = self.view
        view.filter = new
        self.screen.panes.fill_items()
        current = view.current
        if current is not None and current != view.cursor:
            view.cursor = current
            self.screen.moves.schedule_save()
        self.screen.panes.show_current()
        self.screen.panes.draw_status()
