"""What an undo or redo step did, in words, and which item it is about.

Undo and redo used to say nothing and leave the cursor where it was, so the reviewer could not
tell what had changed. A step (`core.state.Step`) holds what it touched before and after: the
decisions, the increments, the brief's order, the batch's lists. The item the change was made
on (the first decision it changed; else the first part of the increment it changed) is where
the cursor goes, and its change is what the message says.
"""

from __future__ import annotations

from collections.abc import Mapping

from briefdesk.core.decisions import Decision
from briefdesk.core.increments import Increment
from briefdesk.core.state import Step
from briefdesk.core.textsafe import safe_line

TITLE_CELLS = 48


def _quoted(title: str) -> str:
    title = safe_line(title or "(untitled)")
    return f"“{title[: TITLE_CELLS - 1]}…”" if len(title) > TITLE_CELLS else f"“{title}”"


def change_words(before: Decision, after: Decision) -> str:
    """The change from `before` to `after` as a verb phrase: `include`, `exclude (off-topic)`."""
    if after.status != before.status:
        if after.status == "include":
            return "include"
        if after.status == "exclude":
            dup = after.duplicate_of
            return f"exclude as a duplicate of {dup}" if dup else f"exclude ({after.reason})"
        return "set back to undecided"
    if after.reason != before.reason:
        return f"exclude ({after.reason})"
    if after.evidence != before.evidence or after.evidence_note != before.evidence_note:
        level = after.evidence.value if after.evidence else "its own level"
        return f"set the evidence to {level}"
    if after.notes != before.notes:
        return "add a note on"
    if after.origin != before.origin:
        return "confirm"
    return "change"


def increment_words(before: Increment | None, after: Increment | None) -> str:
    """What a change of one increment did, when no decision changed."""
    if before is None:
        return "make an increment of"
    if after is None:
        return "fold the increment of"
    if len(after.items) > len(before.items):
        return "merge into the increment of"
    if len(after.items) < len(before.items):
        return "split the increment of"
    if after.placements != before.placements:
        first = after.placements[0].section if after.placements else None
        return f"place in §{first}" if first else "remove the placements of"
    return "write the increment of"


LIST_WORDS = {
    "spot_checks": "change the spot checks",
    "contradictions": "change the contradictions",
    "handles": "change the handles",
    "dismissed": "dismiss a duplicate candidate",
}


def describe_step(
    step: Step, titles: Mapping[str, str], heads: Mapping[str, str] | None = None
) -> tuple[str, str | None]:
    """(what the step did, as `include “Flide…”`; the item it is about, or None). `heads`
    (increment id -> its first part) names the increment a reorder moved."""
    before, after = step.before, step.after
    refs = list(after.decisions)
    if refs:
        ref = refs[0]
        words = change_words(before.decisions[ref], after.decisions[ref])
        text = f"{words} {_quoted(titles.get(ref, ref))}"
        others = len(refs) - 1
        if others:
            text += f" (and {others} more item{'s' if others != 1 else ''})"
        return text, ref
    if after.increments:
        inc_id = next(iter(after.increments))
        old, new = before.increments.get(inc_id), after.increments.get(inc_id)
        ref = (new or old).parts[0]  # type: ignore[union-attr]
        return f"{increment_words(old, new)} {_quoted(titles.get(ref, ref))}", ref
    if after.order is not None:
        old = list(before.order or ())
        moved = [i for i in after.order if i in old and after.order.index(i) != old.index(i)]
        ref = (heads or {}).get(moved[0]) if moved else None
        if ref is None:
            return "reorder the brief", None
        return f"reorder {_quoted(titles.get(ref, ref))} in the brief", ref
    for name, words in LIST_WORDS.items():
        if getattr(after, name) is not None:
            return words, None
    return "change", None
