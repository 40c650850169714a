"""Turning review data into display text: every string from a material goes through here.

Material text is data. It is made safe (`core.text.sanitize`: controls become visible placeholders)
and wrapped in `Content` objects built from plain strings, never parsed as markup, so a
`[@click=app.quit]` in a material is shown as those characters and does nothing. Widths are
terminal cells (`Content.cell_length`), so Chinese and mixed text line up.
"""

from __future__ import annotations

from briefdesk.core.model.decisions import Decision, Origin
from briefdesk.core.model.values import Evidence
from briefdesk.core.text.sanitize import safe_line, safe_text
from textual.content import Content

# Four cells each, so the title column starts in the same place on every row.
EVIDENCE_SHORT: dict[str, dict[Evidence, str]] = {
    "zh": {
        Evidence.fulltext: "正文",
        Evidence.abstract: "摘要",
        Evidence.tldr: "TLDR",
        Evidence.search_lead: "线索",
        Evidence.vendor: "厂商",
        Evidence.self_report: "自述",
        Evidence.unknown: "未标",
    },
    "en": {
        Evidence.fulltext: "full",
        Evidence.abstract: "abst",
        Evidence.tldr: "tldr",
        Evidence.search_lead: "lead",
        Evidence.vendor: "vend",
        Evidence.self_report: "self",
        Evidence.unknown: "  ? ",
    },
}

GLYPHS = {"undecided": "·", "include": "✓", "exclude": "✗", "duplicate": "≡", "merged": "↳"}
PROPOSED_MARK = "?"  # after a status glyph: the decision is only proposed upstream
NOTE_MARK = "✎"  # the item has notes, contradictions or handles
CHOSEN, PROPOSED = "●", "○"  # placements: the section chosen, a section proposed
STATUS_STYLE = {
    "undecided": "$text-muted",
    "include": "bold $success",
    "exclude": "$error",
    "duplicate": "$warning",
    "merged": "$success",
}


def line(text: object, style: str = "") -> Content:
    """One line of material text, safe and literal."""
    return (
        Content.styled(safe_line(str(text or "")), style)
        if style
        else Content(safe_line(str(text or "")))
    )


def block(text: object, style: str = "") -> Content:
    """Material text with its lines, safe and literal."""
    return (
        Content.styled(safe_text(str(text or "")), style)
        if style
        else Content(safe_text(str(text or "")))
    )


def fit(content: Content | str, cells: int) -> Content:
    """Exactly `cells` wide: cut with an ellipsis by terminal cells, or padded."""
    if isinstance(content, str):
        content = line(content)
    if content.cell_length > cells:
        return content.truncate(cells, ellipsis=True).truncate(cells, pad=True)
    return content.truncate(cells, pad=True)


Role = str | None  # the item in its increment (core.brief.plan.Plan.role): head, part, absorbed


def status_key(d: Decision, role: Role = None) -> str:
    if d.status == "include":
        return "merged" if role in ("part", "absorbed") else "include"
    if d.status == "exclude":
        return "duplicate" if d.duplicate_of else "exclude"
    return "undecided"


def status_glyph(d: Decision, role: Role = None) -> Content:
    """Two cells: the status, then `?` while the decision is only proposed upstream."""
    key = status_key(d, role)
    mark = PROPOSED_MARK if d.status != "undecided" and d.origin is Origin.proposed else " "
    return Content.assemble((GLYPHS[key], STATUS_STYLE[key]), (mark, "$warning"))


def evidence_short(level: Evidence, language: str) -> str:
    return EVIDENCE_SHORT.get(language, EVIDENCE_SHORT["en"])[level]


def evidence_label(level: Evidence, language: str) -> str:
    return level.label(language)


def score_text(score: float | None, pending: bool = False) -> Content:
    """Three cells: a best-duplicate score, `…` while matching runs, blank when none."""
    if pending:
        return Content.styled("  …", "$text-muted")
    if score is None:
        return Content("   ")
    style = "bold $error" if score >= 95 else "$warning"
    return Content.styled(f"{score:3.0f}", style)


def status_words(
    d: Decision, language: str = "en", role: Role = None, head: str | None = None
) -> str:
    """What the decision is, in words, for the detail pane; `head` is the first part of the
    item's increment when it is another part or absorbed."""
    who = "reviewer" if d.origin is Origin.reviewer else "proposed"
    if d.status == "include":
        if role == "part" and head:
            return f"included, a part of {head}'s increment ({who})"
        if role == "absorbed" and head:
            return f"included, absorbed by {head}'s increment ({who})"
        return f"included ({who})"
    if d.status == "exclude":
        if d.duplicate_of:
            return f"excluded: duplicate of {d.duplicate_of} ({who})"
        return f"excluded: {d.reason} ({who})"
    return "undecided"
