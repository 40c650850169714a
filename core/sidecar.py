"""`<brief>.review.json`: every decision behind a committed brief, machine-readable (PRODUCT §6).

The brief is prose for people; the sidecar is for tools, so it carries the whole Decision of every
item, not a summary: `Sidecar.session_data()` re-renders the brief from it byte for byte.
(`history` and `verify` read the commit's trailers, not the sidecar.) Schema: docs/sidecar.md.
Any change to the shape bumps `schema_version`; a reader refuses versions it does not know rather
than guess.
Output is deterministic: the same Review, SessionData and reviewer give the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from . import __version__
from .decisions import Decision, SessionData, counts
from .dismissals import Dismissal
from .errors import BriefdeskError
from .models import Evidence
from .yamlio import first_error

if TYPE_CHECKING:
    from .review import Review

SIDECAR_SCHEMA_VERSION = 1
GENERATOR = "briefdesk"


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SidecarBatch(_Strict):
    id: str
    stem: str
    topic: str
    path: str  # the manifest, workspace-relative


class SidecarCounts(_Strict):
    """As in the commit's `Decisions:` trailer; `included` counts increments, `merged` the folded
    items."""

    items: int = Field(ge=0)
    included: int = Field(ge=0)
    merged: int = Field(ge=0)
    excluded: int = Field(ge=0)
    duplicates: int = Field(ge=0)
    undecided: int = Field(ge=0)
    confirmed: int = Field(ge=0)


class SidecarMaterial(_Strict):
    path: str
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    evidence: Evidence  # the material-level level


class SidecarItem(_Strict):
    ref: str
    title: str
    evidence: Evidence  # effective: the reviewer's level, else the item's own
    decision: Decision


class Sidecar(_Strict):
    schema_version: Literal[1]
    generator: str
    generator_version: str
    batch: SidecarBatch
    date: str  # the brief's date, ISO
    brief: str  # the brief's path, workspace-relative
    language: Literal["zh", "en"]
    reviewer: str
    counts: SidecarCounts
    materials: list[SidecarMaterial]
    items: list[SidecarItem]
    order: list[str]  # increments (included, not merged) in brief order
    # not-a-duplicate judgements (written only when there are some: docs/sidecar.md)
    dismissed: list[Dismissal] = Field(default_factory=list)

    @model_validator(mode="after")
    def _consistent(self) -> Sidecar:
        refs = [i.ref for i in self.items]
        if len(set(refs)) != len(refs):
            raise ValueError("an item ref is listed twice")
        known = set(refs)
        unknown = [r for r in self.order if r not in known]
        if unknown:
            raise ValueError(f"order names an unknown item: {unknown[0]}")
        return self

    def decisions(self) -> dict[str, Decision]:
        return {i.ref: i.decision for i in self.items}

    def session_data(self) -> SessionData:
        """The session this sidecar records, e.g. to re-render a committed brief."""
        return SessionData(
            batch_id=self.batch.id,
            batch_stem=self.batch.stem,
            topic=self.batch.topic,
            decisions=self.decisions(),
            order=list(self.order),
            dismissed=list(self.dismissed),
        )


def build_sidecar(
    review: Review,
    data: SessionData,
    reviewer: str,
    language: str | None = None,
    *,
    hashes: Mapping[str, str] | None = None,
) -> Sidecar:
    """The sidecar model for a review; items and materials in batch order, as the brief lists
    them. `hashes` (path -> sha256) are the materials' hashes as committed, which `commit` passes
    so that the sidecar and the `Material:` trailers name the same bytes (they differ from the
    work tree's under `core.autocrlf`); else the bytes the review read."""
    hashes = hashes or {}
    lang = language or review.workspace.settings.language
    batch = review.batch
    decisions = {item.ref: data.decisions.get(item.ref) or Decision() for item in review.items}
    known = set(decisions)
    return Sidecar(
        schema_version=1,
        generator=GENERATOR,
        generator_version=__version__,
        batch=SidecarBatch(
            id=batch.manifest.id, stem=batch.stem, topic=batch.manifest.topic, path=batch.path
        ),
        date=review.workspace.brief_date(batch).isoformat(),
        brief=review.brief_path,
        language=lang,
        reviewer=reviewer,
        counts=SidecarCounts(**counts(data.model_copy(update={"decisions": decisions}))),
        materials=[
            SidecarMaterial(path=m.path, sha256=hashes.get(m.path, m.sha256), evidence=m.evidence)
            for m in review.materials
        ],
        items=[
            SidecarItem(
                ref=item.ref,
                title=item.title,
                evidence=decisions[item.ref].evidence or item.evidence,
                decision=decisions[item.ref],
            )
            for item in review.items
        ],
        order=list(dict.fromkeys(r for r in data.order if r in known)),
        dismissed=list(data.dismissed),
    )


def dump_sidecar(sidecar: Sidecar) -> bytes:
    """UTF-8 JSON, keys sorted, two-space indent, one trailing newline."""
    raw = sidecar.model_dump(mode="json")
    if not raw["dismissed"]:
        del raw["dismissed"]  # the bytes of a sidecar without judgements, as before the field
    text = json.dumps(raw, ensure_ascii=False, indent=2, sort_keys=True)
    return (text + "\n").encode("utf-8")


def render_sidecar(
    review: Review,
    data: SessionData,
    reviewer: str,
    language: str | None = None,
    *,
    hashes: Mapping[str, str] | None = None,
) -> bytes:
    return dump_sidecar(build_sidecar(review, data, reviewer, language, hashes=hashes))


def read_sidecar(data: bytes, source: str) -> Sidecar:
    """Parse and validate a sidecar; any problem is a one-line BriefdeskError naming `source`."""
    try:
        raw = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise BriefdeskError("sidecar is not UTF-8", source) from None
    except ValueError as exc:
        raise BriefdeskError(f"sidecar is not JSON ({exc})", source) from None
    if not isinstance(raw, dict):
        raise BriefdeskError("sidecar must be a JSON object", source)
    version = raw.get("schema_version")
    if version != SIDECAR_SCHEMA_VERSION:
        if (
            isinstance(version, int)
            and not isinstance(version, bool)
            and version > SIDECAR_SCHEMA_VERSION
        ):
            raise BriefdeskError(
                f"sidecar schema_version {version} is newer than this briefdesk reads "
                f"({SIDECAR_SCHEMA_VERSION}); upgrade briefdesk",
                source,
            )
        raise BriefdeskError(
            f"sidecar schema_version must be {SIDECAR_SCHEMA_VERSION}, got {version!r}", source
        )
    try:
        return Sidecar.model_validate(raw)
    except ValidationError as exc:
        raise BriefdeskError(f"bad sidecar: {first_error(exc)}", source) from None
