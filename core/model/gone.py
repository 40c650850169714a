"""A decision whose item is gone (docs/staleness.md): kept until the reviewer says what to do.

A material edited so that a decided item's heading is no longer there (deleted, or its text
changed beyond recognition while the refs moved) leaves a decision with no item. It is never
dropped in silence: the session keeps it here with what is known of the item (its ref and title
then, the hash of its text) and what was written for it (the increment it alone formed, or its
part of a merged one), until the reviewer moves it onto an item of the batch or drops it. When
the same text comes back (an edit undone in the editor), the decision goes back onto it.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from .decisions import Decision
from .increments import Increment


class GoneDecision(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    ref: str  # the item's ref when it was last seen
    title: str | None = None  # its title then (None: it went while no desk had it on screen)
    fingerprint: str | None = None  # hash of its text then (`core.review.proposals.fingerprint`)
    decision: Decision
    # what was written for it: the increment it alone formed (its parts naming `ref`), or, when it
    # was one part of a merged increment (`within`), its 来源 text and placements as one of its own
    increment: Increment | None = None
    within: str | None = None  # the id of the merged increment it was a part of

    def describe(self) -> str:
        """`item gone: <title> (<ref>) — include`, the line the desk and `commit` show."""
        what: str = self.decision.status
        if self.decision.reason:
            what = f"{what} ({self.decision.reason})"
        name = f"{self.title} ({self.ref})" if self.title else self.ref
        written = self.increment.title if self.increment is not None else None
        return f"item gone: {name} — {what}" + (f"; written: {written}" if written else "")
