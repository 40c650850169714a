"""The live search line: `/`, then every character filters the items list at once.

It takes the status line's place at the bottom while it is open, as a pager's or vim's search
prompt does. Enter keeps the filter and gives the list the focus back; esc drops the text (the
structured filter's other criteria stay) and closes the line.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Input


class SearchBar(Input):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "cancel", show=False)]

    class Cancelled(Message):
        """Esc: the search text is dropped."""

    def __init__(self, **kwargs) -> None:
        super().__init__(
            placeholder="search the items: ref, title, text, notes · enter keeps · esc clears",
            select_on_focus=False,
            **kwargs,
        )

    def action_cancel(self) -> None:
        self.post_message(self.Cancelled())
