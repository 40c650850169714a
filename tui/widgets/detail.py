"""Pane 2: the current item — its facts, its decision so far, and its text as Markdown.

The text is one Static (`MarkdownText`) showing the item's Markdown laid out as styled lines: a
change of item is one synchronous update (and at most one layout), not a Markdown widget's parse
in a thread and a widget mounted per block.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from briefdesk.core.model.decisions import Decision
from briefdesk.core.model.values import Evidence, Item, Material
from briefdesk.core.text.sanitize import safe_line
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.content import Content
from textual.visual import VisualType
from textual.widgets import Static

from ..item_context import ItemContext
from ..text import evidence_label, status_words
from .markdown_text import MarkdownText
from .sized_scroll import SizedScroll
from .sized_static import SizedStatic

if TYPE_CHECKING:
    from textual.css.styles import RulesMap

LABEL_MIN, LABEL_MAX = 9, 20  # the label column is as wide as its longest label, within these


def _grid(labels: list[str]) -> Table:
    """Label and value columns: a long value (a path, a URL, Chinese) folds beside its label.

    The label column takes the longest label's width, so `collector_run` is never `collecto…`;
    a label longer than LABEL_MAX folds onto a second line rather than being cut, so two keys
    that share a beginning (`citation_count`, `citation_velocity`) never look the same."""
    width = min(max([LABEL_MIN, *(len(label) for label in labels)]), LABEL_MAX)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=width, no_wrap=False, overflow="fold", style="dim")
    grid.add_column(ratio=1, overflow="fold")
    return grid


def _text(value: object) -> Text:
    """Material data as a rich Text: built from the plain string, never from markup."""
    return Text(safe_line(str(value)))


def _front_matter_value(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    return str(value)


def detail_head(
    item: Item,
    material: Material | None,
    decision: Decision,
    evidence: Evidence,
    language: str,
    section_title: str | None,
    compact: bool = False,
    changed: bool = False,
    context: ItemContext | None = None,
) -> Group:
    """The item's facts above its text. `compact` (a narrow terminal): see `compact_head`.
    `changed`: the item's text changed on disk since it was decided."""
    if compact:
        return compact_head(item, decision, evidence, language, section_title, changed, context)
    fields: list[tuple[str, object]] = []

    def field(label: str, value: object) -> None:
        fields.append((label, value))

    field("ref", f"#{item.index}  {item.material}")  # the number first: a fold cuts the path only
    ev = f"{evidence.value} · {evidence_label(evidence, language)}"
    if decision.evidence is not None and decision.evidence is not item.evidence:
        ev += f"  (reviewer; was {item.evidence.value} from {item.evidence_source})"
    else:
        ev += f"  (from {item.evidence_source})"
    field("evidence", ev)
    if decision.evidence_note:
        field("read", decision.evidence_note)
    ctx = context or ItemContext()
    field("decision", status_words(decision, language, ctx.role, ctx.head))
    if changed:
        field(
            "changed",
            Text(CHANGED, style="bold yellow"),
        )
    if ctx.uncommitted:
        field("git", Text(UNCOMMITTED, style="bold yellow"))
    if ctx.placement is not None:
        where = f"§{ctx.placement.section}"
        if section_title:
            where += f" {section_title}"
        field("place", f"{where} · {ctx.placement.action}")
    if item.arxiv:
        field("arXiv", " ".join(item.arxiv))
    if material is not None and not compact:
        for key, value in material.front_matter.items():
            if key == "arxiv":
                continue
            field(str(key), _front_matter_value(value))
    for label, texts in (
        ("note", decision.notes),
        ("conflict", ctx.contradictions),
        ("handle", ctx.handles),
    ):
        for text in texts:
            field(label, Text.assemble(("• ", "yellow"), _text(text)))
    grid = _grid([label for label, _ in fields])
    for label, value in fields:
        grid.add_row(_text(label), value if isinstance(value, Text) else _text(value))
    title = Text(safe_line(item.title or "(untitled)"), style="bold")
    return Group(title, grid)


CHANGED = "Δ edited on disk since this decision (kept); seen once you move on"
UNCOMMITTED = (
    "⚠ the file has uncommitted changes: the brief's commit needs it committed first "
    "(the commit screen offers to)"
)


def compact_head(
    item: Item,
    decision: Decision,
    evidence: Evidence,
    language: str,
    section_title: str | None,
    changed: bool = False,
    context: ItemContext | None = None,
) -> Group:
    """The head in a few one-line rows, so that at 100x30 the item's own text still shows below
    it: the title; the item's number, evidence and decision; its place and arXiv ids; one line
    per note, contradiction and handle (the whole text is in the brief and in their dialogs).
    The material's front matter is left out (open_material shows the file)."""

    def row(*parts: tuple[str, str] | Text) -> Text:
        text = Text.assemble(*parts)
        text.no_wrap = True
        text.overflow = "ellipsis"
        return text

    ctx = context or ItemContext()
    ev = f"{evidence.value} {evidence_label(evidence, language)}"
    if decision.evidence is not None and decision.evidence is not item.evidence:
        ev += " (yours)"
    rows = [
        row(Text(safe_line(item.title or "(untitled)"), style="bold")),
        row(
            (f"#{item.index} ", "bold"),
            (ev, ""),
            (" · ", "dim"),
            (status_words(decision, language, ctx.role, ctx.head), ""),
        ),
    ]
    if changed:
        rows.append(row(Text(CHANGED, style="bold yellow")))
    if ctx.uncommitted:
        rows.append(row(Text(UNCOMMITTED, style="bold yellow")))
    where = []
    if ctx.placement is not None:
        where.append(
            f"§{ctx.placement.section}{' ' + section_title if section_title else ''}"
            f" · {ctx.placement.action}"
        )
    if item.arxiv:
        where.append("arXiv " + " ".join(item.arxiv))
    if where:
        rows.append(row(("  ·  ".join(safe_line(w) for w in where), "")))
    if decision.evidence_note:
        rows.append(row(("read ", "dim"), _text(decision.evidence_note)))
    for label, texts in (
        ("note", decision.notes),
        ("conflict", ctx.contradictions),
        ("handle", ctx.handles),
    ):
        for text in texts:
            rows.append(row((f"{label} ", "dim"), ("• ", "yellow"), _text(text)))
    return Group(*rows)


def update_in_place(static: Static, content: VisualType) -> None:
    """`Static.update` without a layout when the new content is as tall as the old: a layout is
    followed by a repaint of the whole screen. Only for widgets whose width does not depend on
    their content (the layout gives it); otherwise a plain `update`."""
    height = static.content_size.height
    width = static.content_size.width
    if not static.is_mounted or not width or not height:
        static.update(content)
        return
    static.update(content, layout=False)
    if static.visual.get_height(cast("RulesMap", static.styles), width) != height:
        static.refresh(layout=True)


class DetailPane(SizedScroll, can_focus=True):
    """Scrolls with the arrow keys when focused; the item's text is never parsed as markup, and
    its links are shown with their targets, never followed.

    `show` keeps a memo of what the pane shows: called again with the same item and decision it
    does nothing, and a new decision on the same item redraws the head only."""

    _shown: str | None = None  # the ref whose body is on screen
    _shown_body: str | None = None  # and that body (a material re-read from disk changes it)
    _memo: tuple[object, ...] | None = None

    def compose(self) -> ComposeResult:
        yield SizedStatic(id="detail-head", markup=False)
        yield MarkdownText(id="detail-body")

    def show(
        self,
        item: Item | None,
        material: Material | None = None,
        decision: Decision | None = None,
        evidence: Evidence | None = None,
        language: str = "zh",
        section_title: str | None = None,
        compact: bool = False,
        changed: bool = False,
        context: ItemContext | None = None,
    ) -> None:
        memo = (
            item,
            material,
            decision,
            evidence,
            language,
            section_title,
            compact,
            changed,
            context,
        )
        if memo == self._memo:
            return
        self._memo = memo
        head = self.query_one("#detail-head", Static)
        body = self.query_one("#detail-body", MarkdownText)
        if item is None or decision is None or evidence is None:
            head.update(Content.styled("No item: the filter hides every item.", "$text-muted"))
            body.show("")
            self._shown = None
            return
        text = detail_head(
            item, material, decision, evidence, language, section_title, compact, changed, context
        )
        same = item.ref == self._shown and item.body == self._shown_body
        if same:  # a decision changed: the head is often as tall as before
            update_in_place(head, text)
        else:
            head.update(text)
        if not same:  # a decision on the same item leaves its text as it is
            moved = item.ref != self._shown
            self._shown, self._shown_body = item.ref, item.body
            body.show(item.body)
            if moved:
                self.scroll_home(animate=False)
