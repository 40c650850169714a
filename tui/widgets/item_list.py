"""Pane 1: the batch's items grouped by material, one row each.

An OptionList, not a ListView: measured here, a ListView of 1,000 items took seconds to paint and
0.7 s a key, an OptionList about 0.5 s and 30 ms. Group headers are disabled options; item rows
have the item's ref as option id and are redrawn one by one when a decision changes. Up and down
are not bound here: moving is the keymap's next_item / prev_item, which the screen handles.

Rows are one line (`tui.widgets.pane_list`), so the list never measures its prompts, and each
row's prompt is drawn when the row is first painted (`Row`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from typing import ClassVar

from briefdesk.core.model.decisions import Decision
from briefdesk.core.model.values import Evidence, Item, ItemMatches, Material
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.reactive import reactive
from textual.widgets.option_list import Option, OptionDoesNotExist

from ..text import NOTE_MARK, evidence_label, evidence_short, line, score_text, status_glyph
from .pane_list import LazyOption, PaneList

Row = LazyOption  # an item or material row of the list


def item_prompt(
    item: Item,
    decision: Decision,
    evidence: Evidence,
    matches: ItemMatches | None,
    language: str,
    changed: bool = False,
    role: str | None = None,
) -> Content:
    """`✓? 摘要  92 title`: status, evidence, best likely duplicate's score, title (cut by the
    CSS); `Δ` before the title when the item's text changed since it was decided; `role` is the
    item's in its increment (`↳` for a part that is not the first, or absorbed)."""
    likely = [d for d in matches.duplicates if d.tier == "likely"] if matches else []
    best = likely[0].score if likely else None  # possible candidates show in pane 4 only
    extra = f"{NOTE_MARK} " if decision.notes else ""
    return Content.assemble(
        status_glyph(decision, role),
        " ",
        (
            evidence_short(evidence, language),
            "$text-secondary" if decision.evidence else "$text-muted",
        ),
        " ",
        score_text(best, pending=matches is None),
        " ",
        ("Δ " if changed else "", "bold $warning"),
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
    # a move repaints the two rows it changes, not the whole list (see watch_highlighted)
    highlighted: reactive[int | None] = reactive(None, repaint=False)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
    ]

    def fill(self, rows: Iterable[Option]) -> None:
        self.set_options(rows)

    def watch_highlighted(self, old: int | None, new: int | None) -> None:  # type: ignore[override]
        """Scroll to the new row and announce it (OptionList's part), then repaint the rows that
        lost and gained the highlight; a scroll has repainted everything already."""
        top = self.scroll_offset.y
        super().watch_highlighted(new)
        if self.scroll_offset.y != top:
            return
        for index in (old, new):
            if index is not None:
                self.refresh_line(index)  # line k is option k

    def scroll_to_highlight(self, top: bool = False) -> None:
        """Scroll to the highlighted row, and to its group's header when the row is the first of
        its material: the header says which material the row belongs to, so `home` (vim `g g`)
        shows the list from its first line, not from the first item under a header scrolled out
        of view (docs/keys.md, `first_item`)."""
        super().scroll_to_highlight(top)
        index = self.highlighted
        if index is None or index == 0 or not self.is_mounted:
            return
        header = index - 1  # line k is option k (`tui.widgets.pane_list`)
        if self.options[header].disabled and self.scroll_offset.y > header:
            self.scroll_to(y=header, animate=False, force=True, immediate=True)

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

    def redraw(self, index: int) -> None:
        """Draw this row again (its prompt is rebuilt when it is next painted)."""
        option = self.get_option_at_index(index)
        if isinstance(option, Row):
            option.forget()
        self.forget_rendered(option)
        self.refresh_line(index)  # line k is option k

    def redraw_ref(self, ref: str) -> None:
        with contextlib.suppress(OptionDoesNotExist):  # filtered out
            self.redraw(self.get_option_index(ref))

    def redraw_all(self) -> None:
        """Draw every row again (matching has ended): only the rows on screen are rebuilt now."""
        for option in self.options:
            if isinstance(option, Row):
                option.forget()
        self.forget_rendered()
        self.refresh()
