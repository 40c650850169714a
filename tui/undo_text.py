"""What an undo or redo step did, in words, and which item it is about.

Undo and redo used to say nothing and leave the cursor where it was, so the reviewer could not
tell what had changed. A step (`core.review.sessionfile.Step`) holds what it touched before and
after: the
decisions, the increments, the brief's order, the batch's lists. The item the change was made
on (the first decision it changed; else the first part of the increment it changed) is where
the cursor goes, and its change is what the message says.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from briefdesk.core.model.decisions import Decision
from briefdesk.core.model.increments import Increment, Placement
from briefdesk.core.review.sessionfile import Step
from briefdesk.core.text.sanitize import safe_line

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
    texts = ("title", "points", "relation", "boundary", "sources")
    wrote = any(getattr(after, f) != getattr(before, f) for f in texts)
    if after.placements != before.placements and not wrote:
        return placement_words(before.placements, after.placements)
    return "write the increment of"


def placement_words(before: Sequence[Placement], after: Sequence[Placement]) -> str:
    """What a change of an increment's placements did: the placement it added or removed, else
    that it reordered or retargeted them (not the first placement's section, whatever changed)."""
    added = [p for p in after if p not in before]
    removed = [p for p in before if p not in after]
    if not after:
        return "remove the placements of"
    if len(added) == 1 and not removed:
        return f"place in §{added[0].section}"
    if len(removed) == 1 and not added:
        return f"remove the placement §{removed[0].section} of"
    if not added and not removed:
        return "reorder the placements of"
    if len(added) == len(removed) == 1:
        return f"retarget §{removed[0].section} to §{added[0].section} in"
    return "change the placements of"


def _origin_only(before: Decision | Increment | None, after: Decision | Increment | None) -> bool:
    """Whether `after` differs from `before` in who made it only (a confirmation)."""
    if before is None or after is None:
        return before is after
    return before.model_copy(update={"origin": after.origin}) == after


def _written(step: Step) -> bool:
    """Whether the step changed an increment beyond confirming it."""
    return any(
        not _origin_only(step.before.increments.get(i), new)
        for i, new in step.after.increments.items()
    )


LIST_WORDS = {
    "spot_checks": "change the spot checks",
    "contradictions": "change the contradictions",
    "handles": "change the handles",
    "dismissed": "dismiss a duplicate candidate",
    "gone": "drop a decision whose item is gone",
}


def describe_step(
    step: Step, titles: Mapping[str, str], heads: Mapping[str, str] | None = None
) -> tuple[str, str | None]:
    """(what the step did, as `include “Flide…”`; the item it is about, or None). `heads`
    (increment id -> its first part) names the increment a reorder moved."""
    before, after = step.before, step.after
    refs = list(after.decisions)
    if (
        refs
        and _written(step)
        and all(_origin_only(before.decisions[r], after.decisions[r]) for r in refs)
    ):
        refs = []  # a form saved on proposed items: what it wrote, not that it confirmed them
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
        was = list(before.order or ())
        moved = [i for i in after.order if i in was and after.order.index(i) != was.index(i)]
        head = (heads or {}).get(moved[0]) if moved else None
        if head is None:
            return "reorder the brief", None
        return f"reorder {_quoted(titles.get(head, head))} in the brief", head
    for name, words in LIST_WORDS.items():
        if getattr(after, name) is not None:
            return words, None
    return "change", None
