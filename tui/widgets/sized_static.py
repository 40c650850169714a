"""A Static that a change of size does not lay the screen out twice for."""

from __future__ import annotations

from textual.geometry import Size
from textual.widgets import Static


class SizedStatic(Static):
    """A Static whose change of size costs one layout pass, not two.

    After a layout changes a widget's size, `Widget._size_updated` sets its `virtual_size`, a
    reactive that asks for another layout: a second pass over the whole screen after every change
    of item. A Static does not scroll and nothing is laid out by its virtual size, so it is set
    quietly, as Textual itself does after a scroll."""

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        return super()._size_updated(size, virtual_size, container_size, layout=False)
