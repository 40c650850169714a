"""One item's decision (docs/brief.md): included, excluded or undecided, by whom, on what evidence.

Where an included item goes (which increment, its placements, what is written for it) is not
here: it lives in the increments (`core.model.increments`), and `core.brief.plan` says which item
forms
which increment. Contradictions and handles belong to the batch (`core.model.notes`).

Pure data and pure tallies; the session's state, saving, locking and undo live in
`core.review.sessionfile`
and `core.review.session`.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict

from .values import Evidence

Status = Literal["undecided", "include", "exclude"]


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
    evidence: Evidence | None = None  # the reviewer's level; None keeps the item's own
    evidence_note: str | None = None  # what was read; required when the level is raised
    notes: tuple[str, ...] = ()  # the reviewer's notes: the relation line, or 四 for an exclusion
    # how section 四 names an excluded item, instead of its title and path (`CleanYourTV（flyP
    # 2026-11-01T2250 对象二）`); the first label of a bullet's items names the bullet
    label: str | None = None
    # what section 四 says of the excluded item after its name, in the reviewer's words, instead
    # of the reason and notes the tool words (`已在 2026-11-01 E1 简报第 2、3 条完整收录，…`); the
    # reason itself stays, so a duplicate still cites its earlier brief's entry in the brief's
    # refs and the sidecar; the first wording of a bullet's items words the bullet
    wording: str | None = None

    @property
    def duplicate_of(self) -> str | None:
        if self.status == "exclude" and self.reason and self.reason.startswith("duplicate:"):
            return self.reason.removeprefix("duplicate:")
        return None

    @property
    def confirmed(self) -> bool:
        return self.origin is Origin.reviewer and self.status != "undecided"


# `included` counts every item that is a part or an absorbed item of an increment (docs/sidecar.md),
# so items = included + excluded + undecided.
COUNT_KEYS = ("items", "included", "excluded", "duplicates", "undecided", "confirmed")


def count_into(tally: dict[str, int], d: Decision, sign: int = 1) -> None:
    """Add (sign 1) or take away (sign -1) one decision's part of `counts`: the desk keeps its
    status line current from the decisions a change touched, not by recounting the batch."""
    tally["items"] += sign
    if d.status == "include":
        tally["included"] += sign
    elif d.status == "exclude":
        tally["excluded"] += sign
    else:
        tally["undecided"] += sign
    if d.duplicate_of is not None:
        tally["duplicates"] += sign
    if d.confirmed:
        tally["confirmed"] += sign


def count_decisions(decisions: Iterable[Decision]) -> dict[str, int]:
    """The decision tallies the brief header, the sidecar and the commit trailers all report."""
    tally = dict.fromkeys(COUNT_KEYS, 0)
    for d in decisions:
        count_into(tally, d)
    return tally
