"""What every mark of the desk means, for the help screen's second page.

Built from the same tables the panes draw with (`tui.text.GLYPHS`, `EVIDENCE_SHORT`, the
placements' marks), so a glyph cannot appear on screen without its line here: a test holds every
key of those tables to a row of the legend. Rows are (mark, the style it is drawn in, meaning).
"""

from __future__ import annotations

from briefdesk.core.model.values import Evidence

from .text import CHOSEN, EVIDENCE_SHORT, GLYPHS, NOTE_MARK, PROPOSED, PROPOSED_MARK, STATUS_STYLE
from .widgets.duplicates import WHY_SHORT
from .wording import words

STATUS_MEANING = {
    "undecided": "undecided: nothing is decided for the item yet",
    "include": "included: an increment of the brief",
    "merged": "included as a part of another item's increment (merged into it)",
    "exclude": "excluded, with a reason (off-topic, weak evidence or your own text)",
    "duplicate": "excluded as a duplicate of a candidate (batch item, earlier brief or § section)",
}

Row = tuple[str, str, str]


def legend(language: str) -> list[tuple[str, list[Row]]]:
    """Sections of (mark, style, meaning) rows, in the order the help screen shows them."""
    items: list[Row] = [(GLYPHS[key], STATUS_STYLE[key], STATUS_MEANING[key]) for key in GLYPHS]
    short = EVIDENCE_SHORT.get(language, EVIDENCE_SHORT["en"])
    items += [
        (
            f"{GLYPHS['include']}{PROPOSED_MARK}",
            "$warning",
            f"{PROPOSED_MARK} after the mark: only proposed by the batch's manifest; deciding the"
            " item (or confirm, in ctrl+p) makes it yours; the brief counts how many you confirmed",
        ),
        (
            short[Evidence.abstract],
            "$text-muted",
            "the item's evidence level in 4 cells (the list is below); brighter when you set it",
        ),
        (" 92", "$warning", "the best duplicate candidate's score, 0-100"),
        (" 97", "bold $error", "95 or more: almost certainly a duplicate"),
        ("  …", "$text-muted", "matching still runs: no score yet"),
        (NOTE_MARK, "$accent", "the item has notes, contradictions or handles"),
    ]
    materials: list[Row] = [
        (
            "2/5",
            "$text-muted",
            "on a material's row: 2 of its 5 items are decided; then its collector, its file and"
            " its evidence level",
        ),
    ]
    evidence: list[Row] = [
        (short[level], "$text-muted", f"{level.value}: {level.label(language)}")
        for level in Evidence
    ]
    duplicates: list[Row] = [
        ("likely", "", "at or above the threshold (dedup.threshold): likely a duplicate"),
        (
            "update",
            "$accent",
            "the same subject with new or different facts: not a duplicate, an increment",
        ),
        ("possible", "$text-muted", "below it, but clearly above the item's background"),
        (
            WHY_SHORT["source"],
            "$text-muted",
            f"why: an earlier brief's {words(language)['source_line']} (or sidecar) names this "
            "very material",
        ),
        (WHY_SHORT["identity"], "$text-muted", "why: the same arXiv id or URL"),
        (WHY_SHORT["text"], "$text-muted", "why: the texts say the same thing"),
        (
            WHY_SHORT["facts"],
            "$text-muted",
            "why: what both state decided the tier (docs/facts.md)",
        ),
    ]
    placements: list[Row] = [
        (CHOSEN, "bold $success", "the section the item is placed in"),
        (PROPOSED, "$text-muted", "a section matching proposes, with its score"),
    ]
    return [
        ("item rows (pane 1)", items),
        ("material rows (pane 1)", materials),
        ("evidence levels", evidence),
        ("placements (pane 3)", placements),
        ("duplicates (pane 4)", duplicates),
    ]
