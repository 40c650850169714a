"""Edits of the decisions whose item is gone (`core.model.gone`): move one onto an item, drop one.

Moving puts the decision on an undecided item of the batch, and, for an inclusion, what was written
for it too: back into the merged increment it was a part of when that is still there, else into
an increment of its own carrying its written texts. `place` is shared with
`core.review.session.reconcile`, which moves a decision back by itself when its item's text comes
back.
"""

from __future__ import annotations

from ...errors import BriefdeskError
from ...model.gone import GoneDecision
from ...model.increments import Increment
from .change import Change, View, insert_by_batch_order, new_id, replace


def move(view: View, index: int, to: str) -> Change:
    """The gone decision `index` (of `data.gone`) onto the item `to`, which must be undecided."""
    g = _gone(view, index)
    if view.decision(to).status != "undecided":
        raise BriefdeskError(f"{to} is decided already: take its decision back first")
    if view.home(to) is not None:
        raise BriefdeskError(f"{to} is in an increment already")
    change = Change(decisions={to: g.decision})
    change.gone = [x for i, x in enumerate(view.data.gone) if i != index]
    if g.decision.status == "include":
        change.increments = place(view, view.increments, g, to, change)
    return change


def drop(view: View, index: int) -> Change:
    """Let go of the gone decision `index`: the reviewer has read it and does not want it."""
    _gone(view, index)
    return Change(gone=[x for i, x in enumerate(view.data.gone) if i != index])


def place(
    view: View, increments: list[Increment], g: GoneDecision, to: str, change: Change
) -> list[Increment]:
    """`increments` with `to` holding what `g` had written for its item: a part of the merged
    increment it came from when that is still there, else an increment of its own."""
    written = g.increment
    text = written.sources.get(g.ref) if written is not None else None
    sources = {to: text} if text else {}
    placements = written.placements if written is not None else ()
    own = tuple(p.model_copy(update={"part": None}) for p in placements)
    home = next((i for i in increments if i.id == g.within), None) if g.within else None
    if home is not None:
        return replace(
            increments,
            home.model_copy(
                update={
                    "parts": (*home.parts, to),
                    "placements": (
                        *home.placements,
                        *(p.model_copy(update={"part": to}) for p in own),
                    ),
                    "sources": {**home.sources, **sources},
                }
            ),
        )
    fields: dict[str, object] = {}
    if written is not None:
        fields = written.model_dump(exclude={"id", "parts", "absorbed", "sources", "placements"})
        if g.within:  # a part of a merged increment that is gone: its own texts are its 来源
            fields = {"origin": fields["origin"]}
    new = Increment.model_validate(
        {"id": new_id(view, change), "parts": (to,), "sources": sources, "placements": own} | fields
    )
    return insert_by_batch_order(view, increments, new)


def _gone(view: View, index: int) -> GoneDecision:
    if not 0 <= index < len(view.data.gone):
        raise BriefdeskError(
            f"no decision of a gone item {index + 1} (there are {len(view.data.gone)})"
        )
    return view.data.gone[index]
