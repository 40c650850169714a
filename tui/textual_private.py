"""Every use the desk makes of Textual's private parts, in this one module.

Textual may change its private names in any release; `tests/tui/test_textual_private.py` pins
each one used here (and checks that no other module of the desk reaches into Textual), so an
upgrade that breaks one fails there, by name, and not as a wrong picture somewhere in the desk.

- `LazyOption`, `LineMapList`: the long lists (`tui.widgets.pane_list`) fill OptionList's line
  map themselves (one line per option, no prompt measured), drop one option's cached rendering,
  and reset an option's cached visual (`_line_cache`, `_option_render_cache`, `_visual`,
  `_prompt`, `OptionListContent`);
- `QuietStatic`, `QuietScroll`: a change of size sets the virtual size without asking for a
  second layout (`Widget._size_updated`);
- `mend_styles_cache`: a leak in `textual._styles_cache.StylesCache.get_inner_outer`, mended
  where it is (applied by `tui.app`);
- `split_escape`: Escape and the key typed right after it, which the terminal sends as one
  sequence, read as the two keys they are (`XTermParser._sequence_to_key_events`, applied by
  `tui.app`; below).

The leak:
`textual._styles_cache.StylesCache.get_inner_outer` (textual 8.2) is an *instance* method under
`functools.lru_cache(1024)`: its cache key holds `self`, so every widget's `StylesCache` that ever
drew a background stays alive in that cache — with every line of the widget it cached, and every
strip those lines were cut into — until 1,024 of them have gone by. Each opening of the commit
screen (16 widgets, full screen) left about 1,900 strips alive, +2.4 MB, and the preview, help and
every dialog did the same in proportion.

The answer depends only on the two colours (the method never reads `self`), so the same cache
keyed on the colours alone gives the same styles and keeps no widget's cache alive. Applied only
when the method is still that `lru_cache`, so a Textual that fixes it is left alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, Self

from textual.color import Color
from textual.containers import VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.style import Style
from textual.widgets import OptionList, Static
from textual.widgets._option_list import OptionListContent  # the type add_options takes
from textual.widgets.option_list import Option

__all__ = [
    "LazyOption",
    "LineMapList",
    "OptionListContent",
    "QuietScroll",
    "QuietStatic",
    "mend_styles_cache",
    "split_escape",
]


class LazyOption(Option):
    """An option whose prompt is drawn when it is first painted, and again after `forget`: a
    batch has thousands of rows and a screenful shows about forty."""

    def __init__(
        self, draw: Callable[[], Content], id: str | None = None, disabled: bool = False
    ) -> None:
        super().__init__("", id=id, disabled=disabled)
        self._draw = draw
        # Option's own prompt, None until drawn (Option types it as always drawn)
        self._prompt: Content | None = None  # type: ignore[assignment]

    @property
    def prompt(self) -> Content:
        if self._prompt is None:
            self._prompt = self._draw()
        return self._prompt

    def forget(self) -> None:
        self._prompt = None
        self._visual = None  # Option's cached visual of the prompt


class LineMapList(OptionList):
    """An OptionList whose every row is one line, so line `k` is option `k` (see
    `tui.widgets.pane_list` for why)."""

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


class QuietStatic(Static):
    """A Static whose change of size costs one layout pass, not two.

    After a layout changes a widget's size, `Widget._size_updated` sets its `virtual_size`, a
    reactive that asks for another layout: a second pass over the whole screen after every change
    of item. A Static does not scroll and nothing is laid out by its virtual size, so it is set
    quietly, as Textual itself does after a scroll."""

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        return super()._size_updated(size, virtual_size, container_size, layout=False)


class QuietScroll(VerticalScroll):
    """A VerticalScroll whose new content height costs one layout pass, not two.

    A layout measures the container's content and hands it its new virtual size; `Widget.
    _size_updated` then sets `virtual_size`, a reactive that asks for another layout of the whole
    screen, which arranges everything again exactly as before. The desk's panes change content on
    every move of the cursor (the item's text, the candidate beside it), so that was a second
    layout per key. Here it is set quietly; the scrollbars still follow at once (`_scroll_update`
    runs either way), and showing or hiding one, which does change the content's width, still
    asks for its layout (`show_vertical_scrollbar` is a layout reactive)."""

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        return super()._size_updated(size, virtual_size, container_size, layout=False)


@lru_cache(1024)
def _inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    return Style(background=base_background + background), Style(background=base_background)


def _get_inner_outer(self: Any, base_background: Color, background: Color) -> tuple[Style, Style]:
    return _inner_outer(base_background, background)


def mend_styles_cache() -> bool:
    """Mend `StylesCache.get_inner_outer`; True when it needed mending (and now is)."""
    from textual._styles_cache import StylesCache

    current = StylesCache.__dict__.get("get_inner_outer")
    if current is _get_inner_outer:
        return True
    cache_clear = getattr(current, "cache_clear", None)
    if cache_clear is None:  # no longer the leaking lru_cache: nothing to do
        return False
    cache_clear()
    setattr(StylesCache, "get_inner_outer", _get_inner_outer)  # noqa: B010  (mypy: a method)
    return True


# Escape and the key typed right after it (within Textual's ESCAPE_DELAY, 100 ms) reach the
# desk as one sequence, `ESC j`: how a terminal writes Alt+j. Textual 8.2 read it as `alt+j`,
# which nothing in the desk is bound to, so the Escape was lost (a dialog stayed open, and its
# `j` did nothing); after `ESC :`, `ESC space` or `ESC enter` it dropped the Escape and kept the
# key (enter then confirmed the dialog Escape should have closed); `ESC 1` became `¡` in a field
# (the macOS Option characters). The desk binds no Alt key, so each is read as Escape, then the
# key. Kept as they were: the editing conventions Textual maps (`ESC b`/`ESC f` a word left and
# right, `ESC backspace` a word deleted, `ESC tab` back-tab) and `ESC [` / `ESC O`, which begin
# a terminal's own sequences.
_SEQUENCE_START = ("[", "O")


def split_escape() -> bool:
    """Read an Escape typed right before a key as Escape, then the key (above); True once
    applied. Applied once per process; the parser's own method is kept and called for the rest."""
    from textual import events
    from textual._ansi_sequences import ANSI_SEQUENCES_KEYS
    from textual._xterm_parser import XTermParser

    current = XTermParser.__dict__["_sequence_to_key_events"]
    if getattr(current, "briefdesk_split_escape", False):
        return True
    option_characters = {
        k
        for k, v in ANSI_SEQUENCES_KEYS.items()
        if len(k) == 2 and k[0] == "\x1b" and isinstance(v, str)
    }

    def _sequence_to_key_events(self: Any, sequence: str, alt: bool = False) -> Iterable[Any]:
        if alt and len(sequence) == 1 and sequence not in _SEQUENCE_START:
            # the parser gave up on `ESC <key>` (no sequence of the terminal's) and reissues it
            # key by key, the Escape as `alt` on the key after it
            yield events.Key("escape", "\x1b")
            yield from current(self, sequence)
        elif sequence in option_characters:
            yield events.Key("escape", "\x1b")
            yield from current(self, sequence[1])
        else:
            yield from current(self, sequence, alt)

    _sequence_to_key_events.briefdesk_split_escape = True  # type: ignore[attr-defined]
    setattr(XTermParser, "_sequence_to_key_events", _sequence_to_key_events)  # noqa: B010
    return True
