"""Pane 1: the batch's items grouped by material, one row each.

An OptionList, not a ListView: measured here, a ListView of 1,000 items took seconds to paint and
0.7 s a key, an OptionList about 0.5 s and 30 ms. Group headers are disabled options; item rows
have the item's ref as option id and are redrawn one by one when a decision changes. Up and down
are not bound here: moving is the keymap's next_item / prev_item, which the screen handles.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.visual import VisualType
from textual.widgets.option_list import Option, OptionDoesNotExist

from core.decisions import Decision
from core.models import Evidence, Item, ItemMatches, Material

from ..text import evidence_label, evidence_short, line, score_text, status_glyph
from .pane_list import PaneList


def item_prompt(
    item: Item, decision: Decision, evidence: Evidence, matches: ItemMatches | None, language: str
) -> Content:
    """`✓? 摘要  92 title`: status, evidence, best duplicate score, title (cut by the CSS)."""
    best = matches.duplicates[0].score if matches and matches.duplicates else None
    extra = ""
    if decision.notes or decision.contradictions or decision.handles:
        extra = "✎ "
    return Content.assemble(
        status_glyph(decision),
        " ",
        (evidence_short(evidence, language), "$text-secondary" if decision.evidence else "$text-muted"),
        " ",
        score_text(best, pending=matches is None),
        " ",
        (extra, "$accent"),
        line(item.title or "(untitled)"),
    )


def group_prompt(material: Material, decided: int, language: str) -> Content:
    folder, _, name = material.path.rpartition("/")
    collector = material.collector
    return Content.assemble(
        (f"{decided}/{len(material.items)} ", "$text-muted"),
        (line(collector).plain + "/", "bold $text-accent"),
        line(name if folder == collector else material.path).stylize("bold"),
        (f" {evidence_label(material.evidence, language)}", "$text-muted"),
    )


class ItemList(PaneList, inherit_bindings=False):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
    ]

    def fill(self, rows: Iterable[Option]) -> None:
        self.set_options(rows)

    def highlight_ref(self, ref: str | None) -> None:
        if ref is None:
            return
        try:
            index = self.get_option_index(ref)
        except OptionDoesNotExist:  # not shown under the current filter
            return
        if self.highlighted != index:
            self.highlighted = index

    def highlighted_ref(self) -> str | None:
        option = self.highlighted_option
        return option.id if option is not None else None

    def set_prompt(self, ref: str, prompt: Content) -> None:
        with contextlib.suppress(OptionDoesNotExist):  # filtered out
            self.replace_option_prompt(ref, prompt)

    def set_prompts(self, prompts: Iterable[tuple[int, Content]]) -> None:
        """Replace the prompts at these indexes, then repaint once."""
        for index, prompt in prompts:
            self._replace_option_prompt(index, prompt)

    def _replace_option_prompt(self, index: int, prompt: VisualType) -> None:
        """One row's prompt. OptionList drops its whole line map (the height of every option)
        on any change; rows here are one line each (`text-wrap: nowrap`), so when the new prompt
        is as tall as the old one only the rendered rows are dropped and the row repainted."""
        option = self.get_option_at_index(index)
        line_cache = self._line_cache
        old_height = line_cache.heights.get(index)
        option._set_prompt(prompt)
        cache = self._option_render_cache
        for key in [k for k in cache.keys() if k[0] is option]:  # noqa: SIM118 (LRUCache has no __iter__)
            cache.discard(key)
        region = self.scrollable_content_region
        if old_height is None or not region:
            self._clear_caches()
            return
        padding = self.get_component_styles("option-list--option").padding
        width = region.width - self._get_left_gutter_width() - padding.width
        if self._get_visual(option).get_height(self.styles, width) + option._divider != old_height:
            self._clear_caches()
            return
        self.refresh()
