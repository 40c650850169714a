"""The text an item shares with a duplicate candidate, marked in both, for side-by-side reading.

A character-level `SequenceMatcher` works for Chinese without spaces as well as for English; a
shared run counts when it is at least six terminal cells (three CJK characters, six Latin ones),
so single common words do not light up. Texts are cut to a few thousand characters first: this
is for reading, the scores come from core's matching.
"""

from __future__ import annotations

from difflib import SequenceMatcher

from briefdesk.core.text.sanitize import safe_text
from rich.cells import cell_len
from textual.content import Content, Span

LIMIT = 2000
MIN_CELLS = 6
CONTEXT = 60  # characters shown before the first shared run
SHARED_STYLE = "bold $text on $warning 35%"


def _fold(text: str) -> str:
    """Lower case, one character for one, so offsets stay valid."""
    return "".join(low if len(low := c.lower()) == 1 else c for c in text)


def shared_runs(a: str, b: str, min_cells: int = MIN_CELLS) -> list[tuple[int, int, int]]:
    """(start in a, start in b, length) of the runs a and b share."""
    matcher = SequenceMatcher(None, _fold(a), _fold(b), autojunk=False)
    runs = []
    for block in matcher.get_matching_blocks():
        if block.size and cell_len(a[block.a : block.a + block.size].strip()) >= min_cells:
            runs.append((block.a, block.b, block.size))
    return runs


def _window(text: str, spans: list[Span], first: int | None) -> Content:
    """The text from a little before its first shared run, so the match is on screen."""
    if first is None or first <= CONTEXT:
        return Content(text, spans)
    start = first - CONTEXT
    newline = text.rfind("\n", start, first)
    if newline >= 0:  # begin at the start of the line the match is on
        start = newline + 1
    shifted = [
        Span(s.start - start + 1, s.end - start + 1, s.style) for s in spans if s.end > start
    ]
    return Content("…" + text[start:], shifted)


def side_by_side(item_text: str, candidate_text: str) -> tuple[Content, Content, int]:
    """Both texts as Content with the shared runs marked, each starting shortly before its first
    shared run, and the number of shared characters."""
    a = safe_text(item_text)[:LIMIT]
    b = safe_text(candidate_text)[:LIMIT]
    runs = shared_runs(a, b)
    spans_a = [Span(s, s + n, SHARED_STYLE) for s, _, n in runs]
    spans_b = [Span(s, s + n, SHARED_STYLE) for _, s, n in runs]
    first_a = min((s for s, _, _ in runs), default=None)
    first_b = min((s for _, s, _ in runs), default=None)
    return _window(a, spans_a, first_a), _window(b, spans_b, first_b), sum(n for *_, n in runs)
