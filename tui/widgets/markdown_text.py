"""The Static that shows material Markdown (`tui.markdown_layout`): one widget, no widget per block.

A change of item is one synchronous update and at most one layout, where Textual's `Markdown`
widget parses in a thread and then removes and mounts one widget per block. It draws the laid-out
lines through `MarkdownVisual`, which wraps them itself at the width it is given: a list item's or
a quote's wrapped lines stay indented under its text (a hanging indent), and a line may break
between two Chinese characters (`tui.linebreak`).
"""

from __future__ import annotations

from functools import cached_property

from textual.content import Content
from textual.css.styles import RulesMap
from textual.selection import Selection
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

from ..linebreak import break_offsets
from ..markdown_layout import Line, join_rows, markdown_lines, unwrapped
from .sized_static import SizedStatic

MIN_TEXT_WIDTH = 8  # narrower than this beside its prefix, a line wraps under its prefix


def _wrap_line(line: Line, width: int) -> list[Content]:
    first = Content.assemble(*line.first)
    body = Content.assemble(*line.body)
    if "\t" in body.plain:
        body = body.expand_tabs(8)
    rest = Content.assemble(*line.rest)
    first_width = width - first.cell_length
    rest_width = width - rest.cell_length
    if body.cell_length <= first_width:
        return [first + body]
    if min(first_width, rest_width) < min(MIN_TEXT_WIDTH, width):  # no room to indent
        whole = first + body
        return [row.rstrip() for row in whole.divide(break_offsets(whole.plain, width, width))]
    rows = body.divide(break_offsets(body.plain, first_width, rest_width))
    return [(first if n == 0 else rest) + row.rstrip() for n, row in enumerate(rows)]


class MarkdownVisual(Visual):
    """`markdown_lines` drawn at a width: each line wrapped beside its prefix (a hanging indent),
    breaking between Chinese characters too. Rendered through `Content`, so styles, selection and
    wide characters are Content's own."""

    def __init__(self, lines: tuple[Line, ...]) -> None:
        self.lines = lines
        self._wrapped: dict[int, tuple[Content, int]] = {}  # width: (rows, how many)

    @cached_property
    def content(self) -> Content:
        """The lines unwrapped, as `markdown_content` gives them."""
        return unwrapped(self.lines)

    def __str__(self) -> str:
        return self.content.plain

    def _wrap(self, width: int) -> tuple[Content, int]:
        width = max(1, width)
        wrapped = self._wrapped.get(width)
        if wrapped is None:
            if len(self._wrapped) > 4:  # widths seen on resizes: keep the last few
                self._wrapped.pop(next(iter(self._wrapped)))
            rows = [row for line in self.lines for row in _wrap_line(line, width)]
            wrapped = self._wrapped[width] = (join_rows(rows), len(rows))
        return wrapped

    def wrapped(self, width: int) -> Content:
        """The lines wrapped to `width` cells, one Content with a newline per row."""
        return self._wrap(width)[0]

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        return self.wrapped(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.content.get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules: RulesMap) -> int:
        return self.content.get_minimal_width(rules)

    def get_height(self, rules: RulesMap, width: int) -> int:
        # every row fits the width (a wide character in a one-cell width aside): no more wrapping
        return self._wrap(width)[1] if self.lines else 0


class MarkdownText(SizedStatic):
    """A Static showing material Markdown: `show(text)` lays it out at once (no parse in a thread,
    no widget per block). Nothing in it is clickable; selecting and copying it works."""

    def __init__(self, **kwargs) -> None:
        kwargs["markup"] = False
        super().__init__(**kwargs)

    def show(self, text: str) -> None:
        self.update(MarkdownVisual(markdown_lines(text)) if text else Content(""))

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        visual = self.visual
        if isinstance(visual, MarkdownVisual):
            return selection.extract(visual.wrapped(self.content_size.width).plain), "\n"
        return super().get_selection(selection)
