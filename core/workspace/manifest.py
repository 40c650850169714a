"""Batch manifests, `batches/<name>.yaml` (docs/workspace.md), with the proposed brief
(docs/brief.md).

These models check shapes only; whether every item, ref and path of a proposal exists is checked
against the workspace by `core.review.load.check_proposals`, before anything is written.
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError

from ..model.decisions import Status
from ..model.increments import Action
from ..model.values import Evidence
from ..text.sanitize import UNSAFE

__all__ = ["Action", "Batch", "Manifest", "Status"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MaterialEntry(_Strict):
    path: str
    evidence: Evidence | None = None


class Proposal(_Strict):
    item: str
    decision: Literal["include", "exclude"] | None = None
    section: str | None = None
    action: Action | None = None
    order: int | None = None
    note: str | None = None
    contradiction: str | None = None
    handle: str | None = None
    reason: str | None = None
    evidence: Evidence | None = None
    label: str | None = None  # an exclusion's name in section 四 (`Decision.label`)
    wording: str | None = None  # what 四 says after the name (`Decision.wording`)


class ProposedPart(_Strict):
    item: str
    source: str | None = None  # the 来源 parenthesis


class ProposedPlacement(_Strict):
    section: str = Field(min_length=1)
    action: Action = "append"
    label: str | None = None
    note: str | None = None
    after: str | None = None  # printed right after the placement (`Placement.after`)
    wording: str | None = None  # the words after the section (`Placement.wording`)
    part: str | None = None


class _ProposedWriting(_Strict):
    title: str | None = None
    points: str | None = None
    relation: str | None = None
    boundary: str | None = None
    boundary_note: str | None = None  # in the 证据边界 label (`Written.boundary_note`)
    placements: list[ProposedPlacement] = Field(default_factory=list)


class ProposedIncrement(_ProposedWriting):
    parts: list[ProposedPart] = Field(min_length=1)
    absorbed: list[str] = Field(default_factory=list)

    @field_validator("parts", mode="before")
    @classmethod
    def _plain_refs(cls, value: object) -> object:
        if isinstance(value, list):
            return [{"item": v} if isinstance(v, str) else v for v in value]
        return value


class ProposedSpotCheck(_ProposedWriting):
    path: str = Field(min_length=1)
    source: str | None = None


class ProposedNote(_Strict):
    text: str = Field(min_length=1)
    refs: list[str] = Field(default_factory=list)
    detail: str | None = None


class ProposedBrief(_Strict):
    increments: list[ProposedIncrement] = Field(default_factory=list)
    spot_checks: list[ProposedSpotCheck] = Field(default_factory=list)
    contradictions: list[ProposedNote] = Field(default_factory=list)
    handles: list[ProposedNote] = Field(default_factory=list)
    arxiv_note: str | None = None  # a note in 三's last line (docs/brief.md)
    arxiv_layout: Literal["lines", "inline"] | None = None  # how 三 lays out a group's ids
    # 三's group headings (the tool adds the count) and ids' notes, as written (docs/brief.md)
    arxiv_headings: dict[Literal["batch", "spot", "excluded", "undecided"], str] = Field(
        default_factory=dict
    )
    arxiv_notes: dict[str, str] = Field(default_factory=dict)


class Manifest(_Strict):
    id: str = Field(min_length=1)
    topic: str = Field(min_length=1)
    author: str | None = None
    created: dt.datetime | dt.date | None = None
    purpose: str | None = None
    background: str | None = None
    materials: list[MaterialEntry] = Field(min_length=1)
    proposals: list[Proposal] = Field(default_factory=list)
    brief: ProposedBrief | None = None

    @field_validator("id")
    @classmethod
    def _one_line_id(cls, value: str) -> str:
        """The id is the `Batch:` trailer whole: a line break would end it (the trailer would
        name another batch, or forge the next trailer), a control character would change it
        when flattened, so such ids are refused at load (docs/reliability.md)."""
        if UNSAFE.search(value) or "\t" in value or "\n" in value or value != value.strip():
            raise PydanticCustomError(
                "unsafe_id",
                "holds a line break or control character (or spaces at an end): the Batch: "
                "trailer must carry the id exactly, on one line",
            )
        return value

    @field_validator("materials", mode="before")
    @classmethod
    def _plain_paths(cls, value: object) -> object:
        if isinstance(value, list):
            return [{"path": v} if isinstance(v, str) else v for v in value]
        return value

    @property
    def date(self) -> dt.date | None:
        if isinstance(self.created, dt.datetime):
            return self.created.date()
        return self.created


class Batch(BaseModel):
    """A manifest together with where it was found."""

    model_config = ConfigDict(frozen=True)

    stem: str
    path: str  # workspace-relative
    manifest: Manifest
