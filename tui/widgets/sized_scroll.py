"""A VerticalScroll that a change of its content's height does not lay the screen out twice for."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.geometry import Size


class SizedScroll(VerticalScroll):
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
