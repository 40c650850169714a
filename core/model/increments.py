"""The units of the brief (docs/brief.md): increments, their placements, and spot checks.

An increment is what section 一 prints as one numbered entry: the items it describes (`parts`, in
order), the items it covers without describing them (`absorbed`), and what the reviewer wrote for
it. Every written field is `None` until someone writes it; the brief then derives it from the items
(`core.brief.build`), so an increment nobody touched still reads well and one the reviewer wrote
says exactly what they wrote.

A spot check is a workspace material outside the batch that the reviewer read and adds as an
increment of its own (the seed's sixth entry); it carries the hash of the bytes that were read.

Which items form which increment is decided in one place, `core.brief.plan`; these are the stored
shapes only.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .decisions import Origin

Action = Literal["new-subsection", "append", "prepend", "cross-ref", "open-question"]
ACTIONS: tuple[Action, ...] = ("new-subsection", "append", "prepend", "cross-ref", "open-question")
FIELDS = ("title", "points", "relation", "boundary")  # the written texts, each None = derived


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Placement(_Frozen):
    """One line of 建议归入: where in the living document, how, and what it is called.

    `label` names the new subsection, the sentence or the open question; `note` is a remark printed
    in parentheses after it; `after` is text printed right after both, as written (its own
    punctuation first: `；不建议为它单开小节`, `，与现有条目合并或并列`); `wording` replaces the
    action's words after the section (`增补一句"版本线对照"`); `part` (an item ref)
    says which part of a merged increment the placement concerns, `None` for the increment as a
    whole.
    """

    section: str = Field(min_length=1)
    action: Action = "append"
    label: str | None = None
    note: str | None = None
    after: str | None = None
    wording: str | None = None  # the words after `§x.y`, as written, instead of the action's
    part: str | None = None


class Written(_Frozen):
    """What a reviewer writes for an increment or a spot check; `None` means "derive it"."""

    title: str | None = None
    points: str | None = None  # 要点
    relation: str | None = None  # 与活文档脉络的关系
    boundary: str | None = None  # 证据边界
    # printed in the 证据边界 label before its colon, as written: `（须随段落保留）` (docs/brief.md)
    boundary_note: str | None = None
    placements: tuple[Placement, ...] = ()  # 建议归入, in this order; empty: not placed yet
    origin: Origin = Origin.reviewer  # proposed upstream, or written or confirmed by the reviewer


class Increment(Written):
    id: str = Field(min_length=1)  # stable within a session: "i1", "i2", ...
    parts: tuple[str, ...] = Field(min_length=1)  # described items, in this order
    absorbed: tuple[str, ...] = ()  # covered, not described (their ids are listed in 三)
    # part ref -> the 来源 parenthesis as written (else front matter `source` and the level)
    sources: dict[str, str] = Field(default_factory=dict)

    @property
    def items(self) -> tuple[str, ...]:
        return self.parts + self.absorbed


class SpotCheck(Written):
    id: str = Field(min_length=1)  # "s1", "s2", ...
    path: str = Field(min_length=1)  # workspace-relative, not a material of the batch
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")  # of the bytes the reviewer read
    source: str | None = None  # the 来源 parenthesis as written
