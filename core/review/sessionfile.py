"""What a review session holds and how its undo history records changes (docs/brief.md).

`SessionData` is `.briefdesk/sessions/<stem>.json`: every item's decision, the increments in brief
order, the spot checks, the batch's contradictions and handles, where the reviewer is, and the undo
history. `counts` is the tally the brief header, the sidecar and the commit report.

An undo `Step` stores only what a change touched: the decisions of the items it changed, the
increments it changed (by id), the increment order when it moved, and whichever of the batch's
lists (spot checks, contradictions, handles) it changed, each before and after. A step of a
3,000-item session is therefore a few hundred bytes, not a copy of the session.

Schemas 1 and 2 (one placement, notes, contradictions and handles per item, merges as
`merged_into`; 2 added `changed` and `dismissed`) are read by `core.storage.migrate`.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from ..model.decisions import Decision, count_decisions
from ..model.dismissals import Dismissal
from ..model.gone import GoneDecision
from ..model.increments import Increment, SpotCheck
from ..model.notes import Note

# 5: a decision's `wording` of its line in 四, 三's `arxiv_layout`, `arxiv_headings` and
# `arxiv_notes` (4: `gone`, decisions whose
# item is no longer in its material, and the header's 用途, 背景 and 三's note as written; 3:
# increments, spot checks, the batch's contradictions and handles; 2: `changed` and `dismissed`
# beside schema 1's per-item decisions). Older files are read (1 and 2 migrated; 3 and 4 hold a
# subset of 5) and written back as 5; an older briefdesk refuses a version-5 file with "upgrade
# briefdesk".
SCHEMA_VERSION = 5

# how section 三 lays out its groups (docs/brief.md): one id a line, or a group's ids on its line
ARXIV_LAYOUTS = ("lines", "inline")
# its groups, in the order it prints them (`core.brief.content.GroupModel.key`)
ARXIV_GROUPS = ("batch", "spot", "excluded", "undecided")


class Patch(BaseModel):
    """One side of a step; a list left `None` was not touched."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    decisions: dict[str, Decision] = Field(default_factory=dict)
    increments: dict[str, Increment | None] = Field(default_factory=dict)  # None: not there
    order: tuple[str, ...] | None = None  # increment ids, when the order changed
    spot_checks: tuple[SpotCheck, ...] | None = None
    contradictions: tuple[Note, ...] | None = None
    handles: tuple[Note, ...] | None = None
    dismissed: tuple[Dismissal, ...] | None = None  # not-a-duplicate judgements
    # purpose, background, arxiv_note, arxiv_layout when changed
    texts: dict[str, str | None] | None = None
    gone: tuple[GoneDecision, ...] | None = None  # decisions whose item is gone
    arxiv_headings: dict[str, str] | None = None  # 三's written headings, when changed
    arxiv_notes: dict[str, str] | None = None  # 三's written notes, when changed


class Step(BaseModel):
    """One undoable change."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    before: Patch
    after: Patch

    def touched(self) -> list[str]:
        """The items the step is about, for a desk that shows what it undid: those whose decision
        it changed, else the first part of each increment it changed."""
        if self.after.decisions:
            return list(self.after.decisions)
        firsts: list[str] = []
        for patch in (self.before, self.after):
            for inc in patch.increments.values():
                if inc is not None and inc.parts[0] not in firsts:
                    firsts.append(inc.parts[0])
        return firsts


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
    increments: list[Increment] = Field(default_factory=list)  # section 一, in brief order
    spot_checks: list[SpotCheck] = Field(default_factory=list)  # after the increments
    contradictions: list[Note] = Field(default_factory=list)  # section 二
    handles: list[Note] = Field(default_factory=list)  # section 五
    next_id: int = 1  # increment and spot-check ids are never reused within a session
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
    # the brief header's 用途 and 背景 as the reviewer wrote them (None: the manifest's), and a
    # note in 三's last line (`TEXTS`)
    purpose: str | None = None
    background: str | None = None
    arxiv_note: str | None = None
    # how section 三 lays out a group's ids (`ARXIV_LAYOUTS`): None, one a line under its heading;
    # "inline", the group's ids on its heading's line, as the seed writes them
    arxiv_layout: str | None = None
    # 三 as the reviewer words it: a group's heading (group key -> its words; the tool adds the
    # count) and an id's parenthesis (arXiv id -> its note; the tool adds the level when the note
    # names none)
    arxiv_headings: dict[str, str] = Field(default_factory=dict)
    arxiv_notes: dict[str, str] = Field(default_factory=dict)
    # decisions whose item is no longer in its material, kept until moved or dropped
    gone: list[GoneDecision] = Field(default_factory=list)


def counts(data: SessionData) -> dict[str, int]:
    """The decision tallies of a session (see `core.model.decisions.COUNT_KEYS`).

    Pure over `SessionData` so rendering never needs a live `Session`; `items` is the number of
    decisions, which loading keeps equal to the batch's items.
    """
    return count_decisions(data.decisions.values())
