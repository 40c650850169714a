"""Pane 5: the brief — increments in their order, and the rendered brief and commit message.

Highlighting an increment moves the review to that item, so move_up / move_down act on it.
The preview is `core.brief.render_brief` and the commit message exactly as they would be
committed; both are plain text, shown literally.
"""

from __future__ import annotations

from typing import Any, Self

from briefdesk.core.model.values import Item
from briefdesk.core.text.sanitize import safe_line
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets.option_list import Option

from ..markdown_layout import Line
from ..text import line
from ..wording import words
from .markdown_text import MarkdownVisual
from .pane_list import PaneList
from .sized_scroll import SizedScroll
from .sized_static import SizedStatic

BRIEF_LINES = 120
MESSAGE_LINES = 40


class OrderList(PaneList):
    _keep_layout = False
    spot_ids: frozenset[str] = frozenset()  # the rows that are spot checks, not items

    def follow(self, current: str | None) -> None:
        """Highlight the current item's row, unless the reviewer is on a spot check's row of
        the focused list: that row stays highlighted (by id, wherever it moved), so the next
        move_up / move_down moves the same spot check."""
        key = self.highlighted_ref()
        self.highlight_ref(key if self.has_focus and key in self.spot_ids else current)

    def refresh(
        self, *regions: Any, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        return super().refresh(
            *regions, repaint=repaint, layout=layout and not self._keep_layout, recompose=recompose
        )

    def replace_options(self, options: list[Option]) -> None:
        """`set_options`, without the layout (and the whole-screen repaint after it) when the list
        keeps its number of rows: rows are one line each (`text-wrap: nowrap`), the width is the
        pane's, so the list keeps its size ("nothing included yet" → one increment, and back)."""
        self._keep_layout = (
            self.is_mounted and bool(self.size) and len(options) == self.option_count
        )
        try:
            self.set_options(options)
        finally:
            self._keep_layout = False

    def highlighted_ref(self) -> str | None:
        option = self.highlighted_option
        return option.id if option is not None and not option.disabled else None

    def highlight_ref(self, ref: str | None) -> None:
        for index, option in enumerate(self.options):
            if option.id == ref:
                if self.highlighted != index:
                    self.highlighted = index
                return


def order_options(
    order: list[str],
    merged: dict[str, list[str]],
    items: dict[str, Item],
    titles: dict[str, str] | None = None,
    spots: tuple[tuple[str, str], ...] = (),
    spot_word: str = "抽查",
) -> list[Option]:
    """Section 一 as a list: each increment by its first part (its written title when it has
    one), its other parts under it, then the spot checks (`spots`: id, title)."""
    if not order and not spots:
        return [Option(Content.styled("nothing included yet", "$text-muted"), disabled=True)]
    titles = titles or {}
    options = []
    width = len(str(len(order) + len(spots)))
    for n, ref in enumerate(order, 1):
        options.append(
            Option(
                Content.assemble(
                    (f"{n:>{width}}. ", "bold $success"),
                    line(titles.get(ref) or items[ref].title),
                ),
                id=ref,
            )
        )
        for other in merged.get(ref, []):
            options.append(
                Option(
                    Content.assemble(
                        (" " * width + "  + ", "$success"), line(items[other].title, "$text-muted")
                    ),
                    id=other,
                )
            )
    for n, (spot_id, title) in enumerate(spots, len(order) + 1):
        options.append(
            Option(
                Content.assemble(
                    (f"{n:>{width}}. ", "bold $success"), (f"{spot_word} ", "$accent"), line(title)
                ),
                id=spot_id,
            )
        )
    return options


class BriefPane(Vertical):
    _order_memo: tuple[object, ...] | None = None

    def compose(self) -> ComposeResult:
        yield OrderList(id="order")
        with SizedScroll(id="preview", can_focus=False):
            yield SizedStatic(id="preview-text", markup=False)

    @property
    def order_list(self) -> OrderList:
        return self.query_one(OrderList)

    def show_order(
        self,
        order: list[str],
        merged: dict[str, list[str]],
        items: dict[str, Item],
        current: str | None,
        titles: dict[str, str] | None = None,
        spots: tuple[tuple[str, str], ...] = (),
    ) -> None:
        """The increments in order, redrawn only when the order, a merge, a written title or
        the spot checks changed."""
        ol = self.order_list
        memo = (
            tuple(order),
            tuple((k, tuple(v)) for k, v in merged.items()),
            tuple(sorted((titles or {}).items())),
            spots,
        )
        if memo != self._order_memo:
            self._order_memo = memo
            kept = ol.highlighted_ref()
            ol.replace_options(
                order_options(order, merged, items, titles, spots, words(self.app)["spot"])
            )
            ol.spot_ids = frozenset(spot_id for spot_id, _ in spots)
            if ol.has_focus and kept in ol.spot_ids:
                ol.highlight_ref(kept)
        ol.follow(current)

    def show_preview(self, brief: str, message: str | None) -> None:
        """The brief's start and the commit message's start: a pane, not the whole document (the
        preview_brief screen shows all of it), so a brief of thousands of lines stays cheap. Lines
        wrap between Chinese characters, as in the detail pane (`MarkdownVisual`)."""
        lines = _head(brief, BRIEF_LINES)
        if message is not None:
            lines += [
                Line((), (), ()),
                Line((), (), (("── commit message " + "─" * 30, "$primary"),)),
            ]
            lines += _head(message, MESSAGE_LINES)
        self.query_one("#preview-text", SizedStatic).update(MarkdownVisual(tuple(lines)))


def _head(text: str, limit: int) -> list[Line]:
    """The first `limit` lines of `text`, literal and control-free, then how many more there are."""
    lines = text.splitlines()
    head = [Line((), (), ((safe_line(row), ""),) if row else ()) for row in lines[:limit]]
    if len(lines) > limit:
        head.append(
            Line(
                (),
                (),
                (
                    (
                        f"… {len(lines) - limit} more lines: preview_brief shows everything",
                        "$text-muted",
                    ),
                ),
            )
        )
    return head
