"""The review's state: one Decision per item, the included order, where the reviewer is
(PRODUCT §8).

Pure data and pure transitions; saving, locking and undo live in `session.py`.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from .dismissals import Dismissal
from .manifest import Action, Status
from .models import Evidence

# 2: `changed` (items whose text changed since they were decided). A version-1 file reads as one
# with nothing changed; an older briefdesk refuses a version-2 file with "upgrade briefdesk".
SCHEMA_VERSION = 2


class Origin(StrEnum):
    """Who stands behind a decision: only proposed upstream, or made or confirmed by the
    reviewer."""

    proposed = "proposed"
    reviewer = "reviewer"


class Decision(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    status: Status = "undecided"
    origin: Origin = Origin.proposed
    reason: str | None = None  # exclusion: duplicate:<ref> | off-topic | weak-evidence | free text
    section: str | None = None
    action: Action | None = None
    evidence: Evidence | None = None  # the reviewer's level; None keeps the item's own
    evidence_note: str | None = None  # what was read, required when raising to fulltext
    notes: tuple[str, ...] = ()
    contradictions: tuple[str, ...] = ()
    handles: tuple[str, ...] = ()
    merged_into: str | None = None  # included as part of another item's increment

    @property
    def duplicate_of(self) -> str | None:
        if self.status == "exclude" and self.reason and self.reason.startswith("duplicate:"):
            return self.reason.removeprefix("duplicate:")
        return None

    @property
    def confirmed(self) -> bool:
        return self.origin is Origin.reviewer and self.status != "undecided"


class Step(BaseModel):
    """One undoable change: the decisions it touched before and after, and the order around it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    before: dict[str, Decision]
    after: dict[str, Decision]
    order_before: tuple[str, ...]
    order_after: tuple[str, ...]
    # "not a duplicate" judgements around the step, when it changed them (None: untouched)
    dismissed_before: tuple[Dismissal, ...] | None = None
    dismissed_after: tuple[Dismissal, ...] | None = None


class History(BaseModel):
    """Undo and redo stacks; saved with the session so they survive a restart."""

    model_config = ConfigDict(extra="forbid")

    undo: list[Step] = Field(default_factory=list)
    redo: list[Step] = Field(default_factory=list)


class SessionData(BaseModel):
    """What `.briefdesk/sessions/<stem>.json` holds."""

    model_config = ConfigDict(extra="forbid")

    schema_version: int = SCHEMA_VERSION
    batch_id: str
    batch_stem: str
    topic: str
    decisions: dict[str, Decision] = Field(default_factory=dict)
    order: list[str] = Field(default_factory=list)  # included, non-merged refs in brief order
    cursor: str | None = None
    # ref -> hash of the item's text when last saved: a heading added to a material renumbers the
    # refs after it, and the decisions follow their items instead of sliding onto neighbours
    fingerprints: dict[str, str] = Field(default_factory=dict)
    # ref -> hash of the text its decision was made on, for decided items whose text has changed
    # since (the material was edited, with the desk open or while it was closed); an entry goes
    # when the reviewer looks at the item again or decides it anew, and the decision is kept
    changed: dict[str, str] = Field(default_factory=dict)
    history: History = Field(default_factory=History)
    dismissed: list[Dismissal] = Field(default_factory=list)  # not-a-duplicate judgements


COUNT_KEYS = ("items", "included", "merged", "excluded", "duplicates", "undecided", "confirmed")


def count_into(tally: dict[str, int], d: Decision, sign: int = 1) -> None:
    """Add (sign 1) or take away (sign -1) one decision's part of `counts`: the desk keeps its
    status line current from the decisions a change touched, not by recounting the batch."""
    tally["items"] += sign
    if d.status == "include":
        tally["merged" if d.merged_into else "included"] += sign
    elif d.status == "exclude":
        tally["excluded"] += sign
    else:
        tally["undecided"] += sign
    if d.duplicate_of is not None:
        tally["duplicates"] += sign
    if d.confirmed:
        tally["confirmed"] += sign


def counts(data: SessionData) -> dict[str, int]:
    """The decision tallies the brief header, the sidecar and the commit trailers all report.

    Pure over `SessionData` so rendering never needs a live `Session`; `items` is the number of
    decisions, which `load_state` keeps equal to the batch's items.
    """
    tally = dict.fromkeys(COUNT_KEYS, 0)
    for d in data.decisions.values():
        count_into(tally, d)
    return tally
