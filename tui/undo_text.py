"""What an undo or redo step did, in words, and which item it is about.

Undo and redo used to say nothing and leave the cursor where it was, so the reviewer could not
tell what had changed. A step (`core.decisions.Step`) holds the decisions it touched before and
after, and the brief's order around it. The item the change was made on (listed first by the
session: an exclusion before the parts it hands back; for a merge, the item merged) is where the
cursor goes, and its change is what the message says.
"""

from __future__ import annotations

from collections.abc import Mapping

from briefdesk.core.decisions import Decision, Step
from briefdesk.core.textsafe import safe_line

TITLE_CELLS = 48


def _quoted(title: str) -> str:
    title = safe_line(title or "(untitled)")
    return f"“{title[: TITLE_CELLS - 1]}…”" if len(title) > TITLE_CELLS else f"“{title}”"


def change_words(before: Decision, after: Decision) -> str:
    """The change from `before` to `after` as a verb phrase: `include`, `exclude (off-topic)`."""
    if after.merged_into and after.merged_into != before.merged_into:
        return "merge into another increment"
    if after.status != before.status:
        if after.status == "include":
            return "include"
        if after.status == "exclude":
            dup = after.duplicate_of
            return f"exclude as a duplicate of {dup}" if dup else f"exclude ({after.reason})"
        return "set back to undecided"
    if after.reason != before.reason:
        return f"exclude ({after.reason})"
    if after.section != before.section or after.action != before.action:
        return f"place in §{after.section}" if after.section else "remove the placement"
    if after.evidence != before.evidence or after.evidence_note != before.evidence_note:
        level = after.evidence.value if after.evidence else "its own level"
        return f"set the evidence to {level}"
    for name, what in (
        ("notes", "note"),
        ("contradictions", "contradiction"),
        ("handles", "handle"),
    ):
        if getattr(after, name) != getattr(before, name):
            return f"add a {what} on"
    if after.origin != before.origin:
        return "confirm"
    return "change"


def describe_step(step: Step, titles: Mapping[str, str]) -> tuple[str, str | None]:
    """(what the step did, as `include “Flide…”`; the item it is about, or None)."""
    refs = list(step.after)
    if not refs:  # only the order moved: name the increments that changed places
        moved = [
            r
            for r in step.order_after
            if r in step.order_before and step.order_after.index(r) != step.order_before.index(r)
        ]
        if not moved:
            return "reorder the brief", None
        names = " and ".join(_quoted(titles.get(r, r)) for r in moved[:2])
        return f"reorder {names} in the brief", moved[0]
    merged = [r for r in refs if step.after[r].merged_into and not step.before[r].merged_into]
    if merged:  # the item merged is what the reviewer acted on, not its target
        refs.remove(merged[0])
        refs.insert(0, merged[0])
    ref = refs[0]
    words = change_words(step.before[ref], step.after[ref])
    text = f"{words} {_quoted(titles.get(ref, ref))}"
    others = len(refs) - 1
    if others:
        text += f" (and {others} more item{'s' if others != 1 else ''})"
    return text, ref
