"""Edits of one item's decision: include, exclude, undecide, confirm, evidence, notes.

Including an item gives it an increment of its own (after the last increment that precedes it in
batch order) unless it already is in one; excluding it or taking the decision back takes it out of
its increment, which lets go of that part's placements and 来源 text and disappears when nothing is
left, so an increment never names an item that is not included.
"""

from __future__ import annotations

from ...errors import BriefdeskError
from ...model.decisions import Decision, Origin, Status
from ...model.increments import Increment
from ...model.values import Evidence, raises
from .change import Change, View, insert_by_batch_order, new_id, replace, without


def include(view: View, ref: str) -> Change:
    change = Change(decisions={ref: _decided(view, ref, "include")})
    if view.home(ref) is None:
        inc = Increment(id=new_id(view, change), parts=(ref,))
        change.increments = insert_by_batch_order(view, view.increments, inc)
    return change


def exclude(view: View, ref: str, reason: str) -> Change:
    reason = reason.strip()
    if not reason:
        raise BriefdeskError("an exclusion needs a reason")
    return _leave(view, ref, "exclude", reason)


def undecide(view: View, ref: str) -> Change:
    return _leave(view, ref, "undecided", None)


def confirm(view: View, ref: str) -> Change:
    """Make a proposed decision the reviewer's own without changing it (its increment too)."""
    d = view.decision(ref)
    change = Change()
    if d.status != "undecided" and d.origin is not Origin.reviewer:
        change.decisions[ref] = d.model_copy(update={"origin": Origin.reviewer})
    inc = view.home(ref)
    if inc is not None and inc.origin is not Origin.reviewer:
        change.increments = replace(
            view.increments, inc.model_copy(update={"origin": Origin.reviewer})
        )
    return change


def set_evidence(view: View, ref: str, level: Evidence, note: str | None) -> Change:
    """The reviewer's level; raising it above the item's own needs a note saying what was read."""
    note = (note or "").strip() or None
    own = view.levels.get(ref, Evidence.unknown)
    if raises(level, own) and note is None:
        raise BriefdeskError(
            f"raising the evidence from {own.value} to {level.value} needs a note saying what "
            "was read"
        )
    d = view.decision(ref)
    return Change(decisions={ref: d.model_copy(update={"evidence": level, "evidence_note": note})})


def add_note(view: View, ref: str, text: str) -> Change:
    text = text.strip()
    if not text:
        return Change()
    d = view.decision(ref)
    return Change(decisions={ref: d.model_copy(update={"notes": (*d.notes, text)})})


def _decided(view: View, ref: str, status: Status, reason: str | None = None) -> Decision:
    return view.decision(ref).model_copy(
        update={"status": status, "origin": Origin.reviewer, "reason": reason}
    )


def _leave(view: View, ref: str, status: Status, reason: str | None) -> Change:
    change = Change(decisions={ref: _decided(view, ref, status, reason)})
    if view.home(ref) is not None:
        change.increments = take_out(view, view.increments, ref)
    return change


def take_out(view: View, increments: list[Increment], ref: str) -> list[Increment]:
    """`increments` with `ref` no longer in the one that holds it."""
    inc = next((i for i in increments if ref in i.items), None)
    if inc is None:
        return increments
    parts = [r for r in inc.parts if r != ref]
    absorbed = [r for r in inc.absorbed if r != ref]
    if not parts and absorbed:
        parts.append(absorbed.pop(0))
    if not parts:
        return without(increments, inc.id)
    return replace(
        increments,
        inc.model_copy(
            update={
                "parts": tuple(parts),
                "absorbed": tuple(absorbed),
                "placements": tuple(p for p in inc.placements if p.part != ref),
                "sources": {r: t for r, t in inc.sources.items() if r != ref},
            }
        ),
    )
