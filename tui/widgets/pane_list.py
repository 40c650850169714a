"""An OptionList for a pane: one line per row, moves without wrapping, and leaves every other
key to the keymap.

Textual's OptionList binds enter and wraps at the ends; a pane that did so would swallow the
keymap's `enter` (accept_placement) while focused. Only paging keys stay local.

Every row is one line (`text-wrap: nowrap`, no separators), so line `k` is option `k`: the list
never measures its prompts (OptionList measures the height of every option whenever any option
changes, which for 3,000 styled rows was more than half of the desk's first paint), and its
height is known as soon as its options are, so the first layout already has the scrollbar (a
height learnt while painting asks for another layout of the whole screen).

This is the one module that touches OptionList's private parts (`_line_cache`,
`_option_render_cache`, `OptionListContent`); `tests/tui/test_pane_list.py` pins them, so a
Textual upgrade that changes them fails there, by name, and not somewhere in the desk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import ClassVar, Self

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Size
from textual.widgets import OptionList
from textual.widgets._option_list import OptionListContent  # the type add_options takes
from textual.widgets.option_list import Option


class LazyOption(Option):
    """An option whose prompt is drawn when it is first painted, and again after `forget`: a
    batch has thousands of rows and a screenful shows about forty."""

    def __init__(
        self, draw: Callable[[], Content], id: str | None = None, disabled: bool = False
    ) -> None:
        super().__init__("", id=id, disabled=disabled)
        self._draw = draw
        self._drawn: Content | None = None

    @property
    def prompt(self) -> Content:
        if self._drawn is None:
            self._drawn = self._prompt = self._draw()
        return self._drawn

    def forget(self) -> None:
        self._drawn = None
        self._visual = None  # Option's cached visual of the prompt


class PaneList(OptionList, inherit_bindings=False):
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

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("markup", False)
        super().__init__(*args, **kwargs)

    def add_options(self, items: Iterable[OptionListContent]) -> Self:
        super().add_options(items)
        self._update_size()
        return self

    def clear_options(self) -> Self:
        super().clear_options()
        self._update_size()
        return self

    def _update_size(self) -> None:
        size = Size(0, len(self.options))  # rows are cut to the pane's width: no horizontal scroll
        if size != self.virtual_size:
            self.virtual_size = size
            self._scroll_update(size)

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        """Nothing to do when neither the list's size nor its container's changed.

        The compositor hands a ScrollView the virtual size of its region, never the list's own
        (one line per option), so `ScrollView._size_updated` took every layout of the screen for
        a change of size and repainted the scrollbars: at 3,000 items the item list's scrollbar
        cost ~5 ms per layout, two or three layouts per move of the cursor. The list's own
        virtual size changes through `_update_size`, which updates the scrollbars itself."""
        if size == self._size and container_size == self.container_size:
            return False
        return super()._size_updated(size, virtual_size, container_size, layout)

    def _update_lines(self) -> None:
        """Line `k` is option `k`: the line map grows without measuring a prompt."""
        if not self.scrollable_content_region:
            return
        line_cache = self._line_cache
        start, end = len(line_cache.lines), len(self.options)
        if start < end:
            line_cache.lines.extend((index, 0) for index in range(start, end))
            line_cache.heights.update(dict.fromkeys(range(start, end), 1))
            line_cache.index_to_line.update((index, index) for index in range(start, end))
        self._update_size()

    def forget_rendered(self, option: Option | None = None) -> None:
        """Drop the cached rendering of one option (or of all): it is drawn afresh when painted."""
        cache = self._option_render_cache
        if option is None:
            cache.clear()
            return
        for key in [k for k in cache.keys() if k[0] is option]:  # noqa: SIM118 (LRUCache has no __iter__)
            cache.discard(key)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.options)

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
