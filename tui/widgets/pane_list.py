"""An OptionList for a pane: one line per row, moves without wrapping, and leaves every other
key to the keymap.

Textual's OptionList binds enter and wraps at the ends; a pane that did so would swallow the
keymap's `enter` (accept_placement) while focused. Only paging keys stay local.

Every row is one line (`text-wrap: nowrap`, no separators), so line `k` is option `k`: the list
never measures its prompts (OptionList measures the height of every option whenever any option
changes, which for 3,000 styled rows was more than half of the desk's first paint), and its
height is known as soon as its options are, so the first layout already has the scrollbar (a
height learnt while painting asks for another layout of the whole screen).

OptionList's private parts this needs are in `tui.textual_private` (`LineMapList`, `LazyOption`),
pinned by `tests/tui/test_textual_private.py`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import Binding, BindingType

from ..textual_private import LazyOption, LineMapList

__all__ = ["LazyOption", "PaneList"]


class PaneList(LineMapList, inherit_bindings=False):
    DEFAULT_CSS = """
    PaneList { text-wrap: nowrap; text-overflow: ellipsis; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", "Up", show=False),
        Binding("down", "cursor_down", "Down", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
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
