"""Batch manifests, `batches/<name>.yaml` (PRODUCT §3)."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .models import Evidence

Action = Literal["new-subsection", "append", "cross-ref"]
Status = Literal["undecided", "include", "exclude"]


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


class Manifest(_Strict):
    id: str = Field(min_length=1)
    topic: str = Field(min_length=1)
    author: str | None = None
    created: dt.datetime | dt.date | None = None
    purpose: str | None = None
    background: str | None = None
    materials: list[MaterialEntry] = Field(min_length=1)
    proposals: list[Proposal] = Field(default_factory=list)

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
