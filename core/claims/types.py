"""What claims extraction finds and what the conflict rules report (docs/claims.md,
docs/json.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Origin = Literal["item", "living-doc", "brief"]
ConflictKind = Literal["version-line", "date", "number", "single-source"]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Statement(Frozen):
    """One claim as a text makes it, before it is placed (what the cache keeps per text).

    A version claim (`event="release"`, `version` set) says the version is the current one
    (`current`) and/or when it was released (`date`); an archive claim (`event="archive"`) says
    when a project was archived. `sources` are the originals the text cites for it: URLs
    (normalised) and titles in 《》 after 据 / 来源 / 原文 ….
    """

    entity: str  # as written: "SGLang"
    key: str  # normalised: "sglang"
    version: str | None = None  # as written: "v1.2.1", "0.5.22.dev"
    event: Literal["release", "archive", "measure"] = "release"
    current: bool = False
    date: str | None = None  # as written: "2026-09-23", "10/2"
    quote: str  # the clause, as written
    sources: tuple[str, ...] = ()
    value: str | None = None  # a measure: the figure as written ("+12%"), `entity` its metric
    setting: tuple[str, ...] = ()  # a measure: the names of its sentence (model, dataset)
    # dated as a release note dates it (the heading names the version, the body opens with its
    # day): a release among releases, never presented as the newest (docs/claims.md)
    noted: bool = False
    # a plain lowercase word right before the version in English prose (`flashinfer v0.4.3`):
    # the project only where another text makes a claim under that name (docs/claims.md)
    plain: str | None = None


class Claim(Statement):
    """A statement with where it was made."""

    ref: str  # item ref, `docs/<topic>.md§1.2`, or an earlier brief's entry ref
    origin: Origin
    doc: str  # the file: material, living document or brief path


class Conflict(Frozen):
    """Claims that disagree, or one claim that only seems corroborated (the `claims` of scan)."""

    kind: ConflictKind
    entity: str  # "SGLang"; several joined by "、" for a single-source finding over several facts
    text: str  # drafted for section 二 of the brief, in the brief's language
    refs: tuple[str, ...]  # items first (batch order), then living-doc sections, then brief entries
    claims: tuple[Claim, ...]  # the claims behind it, in the order of `refs`
    source: str | None = None  # single-source: the one original they all cite
