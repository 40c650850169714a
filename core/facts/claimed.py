"""An item's conflicting facts with the claim conflicts it takes part in (docs/facts.md): what
`scan --json` prints per item and what the desk shows beside the item's text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..model.values import ItemFacts, StatedFact

if TYPE_CHECKING:
    from ..claims import Conflict


def with_claims(ref: str, facts: ItemFacts, conflicts: Sequence[Conflict]) -> ItemFacts:
    """An item's facts with every claim conflict it takes part in among the conflicting ones
    (its own statement, and the other refs); the fact index's own (a figure another text gives
    otherwise) first."""
    out = list(facts.conflicting)
    seen = {f.text for f in out}
    for c in conflicts:
        if ref not in c.refs:
            continue
        mine = next((claim for claim in c.claims if claim.ref == ref), None)
        text = (mine.value or mine.quote) if mine is not None and mine.event == "measure" else None
        if mine is not None and text is None:
            text = " ".join(
                x for x in (mine.entity, mine.version, mine.date and f"({mine.date})") if x
            )
        text = text or c.entity
        others = tuple(r for r in c.refs if r != ref)
        if text in seen:
            out = [
                StatedFact(text=f.text, refs=tuple(dict.fromkeys((*f.refs, *others))))
                if f.text == text
                else f
                for f in out
            ]
            continue
        seen.add(text)
        out.append(StatedFact(text=text, refs=others))
    return facts.model_copy(update={"conflicting": tuple(out)})
