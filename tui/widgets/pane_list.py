"""An OptionList for a pane: moves without wrapping and leaves every other key to the keymap.

Textual's OptionList binds enter and wraps at the ends; a pane that did so would swallow the
keymap's `enter` (accept_placement) while focused. Only paging keys stay local.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import OptionList


class PaneList(OptionList, inherit_bindings=False):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", "Up", show=False),
        Binding("down", "cursor_down", "Down", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
    ]

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("markup", False)
        super().__init__(*args, **kwargs)

    def step(self, direction: int) -> bool:
        """Move to the next enabled option in `direction` without wrapping; False at an end."""
        options = self.options
        start = self.highlighted
        if start is None:
            start = -1 if direction > 0 else len(options)
        index = start + direction
        while 0 <= index < len(options):
            if not options[index].disabled:
                self.highlighted = index
                return True
            index += direction
        return False

    def action_first(self) -> None:
        self.highlighted = None
        self.step(1)

    def action_last(self) -> None:
        self.highlighted = None
        self.step(-1)

    def action_cursor_up(self) -> None:
        self.step(-1)

    def action_cursor_down(self) -> None:
        self.step(1)
