"""`<brief>.review.json`: the whole reviewed brief, machine-readable (docs/sidecar.md).

The brief is prose for people; the sidecar is for tools. Schema 3 carries every item's decision,
the increments, spot checks, contradictions and handles as reviewed (`review`), and the brief's
resolved model (`model`, `core.brief.content`): `briefdesk verify` lays the model out again and
compares it with the committed brief byte for byte, so a brief edited by hand shows as a mismatch.
`Sidecar.session_data()` rebuilds the session, so the brief can also be built again from the
decisions. Schema: docs/sidecar.md.

Any change to the shape bumps `schema_version`; a reader refuses versions it does not know rather
than guess. Schema 3 added a decision's `wording` of its line in 四, the batch's own texts in
`review` and the model's `arxiv_layout` (model version 2); a schema 2 sidecar is read as it is
(what it lacks is at its defaults, and its model lays out the same bytes). Schema 1 sidecars
(briefdesk before increments) are read and migrated (`core.storage.migrate`); they hold no model,
so their brief cannot be laid out again from them alone.
Output is deterministic: the same Review, SessionData and reviewer give the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .. import __version__
from ..errors import BriefdeskError
from ..model.decisions import Decision
from ..model.dismissals import Dismissal
from ..model.increments import Increment, SpotCheck
from ..model.notes import Note
from ..model.values import Evidence
from ..review.sessionfile import SessionData, counts
from ..storage.migrate import migrate_decisions
from ..storage.yamlio import first_error
from .build import build_model
from .content import BriefModel
from .plan import make_plan

if TYPE_CHECKING:
    from ..review.load import Review

SIDECAR_SCHEMA_VERSION = 3
READABLE = (1, 2, 3)
GENERATOR = "briefdesk"


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SidecarBatch(_Strict):
    id: str
    stem: str
    topic: str
    path: str  # the manifest, workspace-relative


class SidecarCounts(_Strict):
    """As in the commit's `Decisions:` trailer: `included` counts items that are parts or absorbed
    items of an increment, so items = included + excluded + undecided."""

    items: int = Field(ge=0)
    included: int = Field(ge=0)
    excluded: int = Field(ge=0)
    duplicates: int = Field(ge=0)
    undecided: int = Field(ge=0)
    confirmed: int = Field(ge=0)
    increments: int = Field(ge=0)  # numbered entries of section 一, spot checks included
    spot_checks: int = Field(ge=0)


class SidecarMaterial(_Strict):
    path: str
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    evidence: Evidence  # the material-level level


class SidecarItem(_Strict):
    ref: str
    title: str
    evidence: Evidence  # effective: the reviewer's level, else the item's own
    decision: Decision


class SidecarReview(_Strict):
    """The session's brief-level state: what the reviewer wrote and ordered. The batch's own texts
    (schema 3) are the session's: None where the manifest's stand (`purpose`, `background`), or
    nothing was written."""

    increments: tuple[Increment, ...] = ()
    spot_checks: tuple[SpotCheck, ...] = ()
    contradictions: tuple[Note, ...] = ()
    handles: tuple[Note, ...] = ()
    purpose: str | None = None
    background: str | None = None
    arxiv_note: str | None = None
    arxiv_layout: Literal["lines", "inline"] | None = None
    arxiv_headings: dict[str, str] = Field(default_factory=dict)
    arxiv_notes: dict[str, str] = Field(default_factory=dict)


class Sidecar(_Strict):
    schema_version: Literal[1, 2, 3]
    generator: str
    generator_version: str
    batch: SidecarBatch
    date: str  # the brief's date, ISO
    brief: str  # the brief's path, workspace-relative
    language: Literal["zh", "en"]
    reviewer: str
    counts: SidecarCounts
    materials: tuple[SidecarMaterial, ...]
    items: tuple[SidecarItem, ...]
    review: SidecarReview
    model: BriefModel | None  # None only for a migrated schema 1 sidecar
    # not-a-duplicate judgements (written only when there are some: docs/sidecar.md)
    dismissed: tuple[Dismissal, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> Sidecar:
        refs = [i.ref for i in self.items]
        if len(set(refs)) != len(refs):
            raise ValueError("an item ref is listed twice")
        known = set(refs)
        for inc in self.review.increments:
            unknown = [r for r in inc.items if r not in known]
            if unknown:
                raise ValueError(f"increment {inc.id} names an unknown item: {unknown[0]}")
        if self.schema_version >= 2 and self.model is None:
            version = self.schema_version
            raise ValueError(f"model: a schema {version} sidecar holds the brief's model")
        return self

    def decisions(self) -> dict[str, Decision]:
        return {i.ref: i.decision for i in self.items}

    def session_data(self) -> SessionData:
        """The session this sidecar records, e.g. to build a committed brief again."""
        ids = [i.id for i in self.review.increments] + [s.id for s in self.review.spot_checks]
        numbers = [int(i[1:]) for i in ids if i[1:].isdigit()]
        return SessionData(
            batch_id=self.batch.id,
            batch_stem=self.batch.stem,
            topic=self.batch.topic,
            decisions=self.decisions(),
            increments=list(self.review.increments),
            spot_checks=list(self.review.spot_checks),
            contradictions=list(self.review.contradictions),
            handles=list(self.review.handles),
            next_id=max(numbers, default=0) + 1,
            dismissed=list(self.dismissed),
            purpose=self.review.purpose,
            background=self.review.background,
            arxiv_note=self.review.arxiv_note,
            arxiv_layout=self.review.arxiv_layout,
            arxiv_headings=dict(self.review.arxiv_headings),
            arxiv_notes=dict(self.review.arxiv_notes),
        )


def build_sidecar(
    review: Review,
    data: SessionData,
    reviewer: str,
    language: str | None = None,
    *,
    hashes: Mapping[str, str] | None = None,
) -> Sidecar:
    """The sidecar of a review; items and materials in batch order, as the brief lists them.
    `reviewer` is the name the brief and the commit carry. `hashes` (path -> sha256) are the
    materials' hashes as committed, which `commit` passes so that the sidecar and the `Material:`
    trailers name the same bytes (they differ from the work tree's under `core.autocrlf`); else
    the bytes the review read."""
    hashes = hashes or {}
    lang = language or review.workspace.settings.language
    batch = review.batch
    refs = [item.ref for item in review.items]
    decisions = {ref: data.decisions.get(ref) or Decision() for ref in refs}
    fitted = data.model_copy(update={"decisions": decisions})
    plan = make_plan(refs, fitted)
    tally = counts(fitted)
    entries = len(plan.increments) + len(plan.spot_checks)
    return Sidecar(
        schema_version=SIDECAR_SCHEMA_VERSION,
        generator=GENERATOR,
        generator_version=__version__,
        batch=SidecarBatch(
            id=batch.manifest.id, stem=batch.stem, topic=batch.manifest.topic, path=batch.path
        ),
        date=review.workspace.brief_date(batch).isoformat(),
        brief=review.brief_path,
        language=lang,
        reviewer=reviewer,
        counts=SidecarCounts(**tally, increments=entries, spot_checks=len(plan.spot_checks)),
        materials=tuple(
            SidecarMaterial(path=m.path, sha256=hashes.get(m.path, m.sha256), evidence=m.evidence)
            for m in review.materials
        ),
        items=tuple(
            SidecarItem(
                ref=item.ref,
                title=item.title,
                evidence=decisions[item.ref].evidence or item.evidence,
                decision=decisions[item.ref],
            )
            for item in review.items
        ),
        review=SidecarReview(
            increments=plan.increments,
            spot_checks=plan.spot_checks,
            contradictions=tuple(data.contradictions),
            handles=tuple(data.handles),
            purpose=data.purpose,
            background=data.background,
            arxiv_note=data.arxiv_note,
            arxiv_layout="inline" if data.arxiv_layout == "inline" else None,
            arxiv_headings=dict(data.arxiv_headings),
            arxiv_notes=dict(data.arxiv_notes),
        ),
        model=build_model(review, fitted, lang, reviewer=reviewer),
        dismissed=tuple(data.dismissed),
    )


_OPTIONAL = frozenset({"boundary_note", "boundary_label"})  # absent when unset (docs/sidecar.md)


def _drop_unset(node: object, keys: frozenset[str]) -> None:
    """Remove `keys` whose value is null anywhere in `node`: a sidecar written before they existed
    and one that does not use them are the same bytes."""
    if isinstance(node, dict):
        for key in [k for k in keys if k in node and node[k] is None]:
            del node[key]
        for value in node.values():
            _drop_unset(value, keys)
    elif isinstance(node, list):
        for value in node:
            _drop_unset(value, keys)


def dump_sidecar(sidecar: Sidecar) -> bytes:
    """UTF-8 JSON, keys sorted, two-space indent, one trailing newline."""
    raw = sidecar.model_dump(mode="json")
    if not raw["dismissed"]:
        del raw["dismissed"]  # a sidecar without judgements has no such key (docs/sidecar.md)
    _drop_unset(raw, _OPTIONAL)
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
    """Parse and validate a sidecar (schema 1 migrated); any problem is a one-line
    BriefdeskError naming `source`."""
    try:
        raw = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise BriefdeskError("sidecar is not UTF-8", source) from None
    except ValueError as exc:
        raise BriefdeskError(f"sidecar is not JSON ({exc})", source) from None
    if not isinstance(raw, dict):
        raise BriefdeskError("sidecar must be a JSON object", source)
    version = raw.get("schema_version")
    if isinstance(version, bool) or version not in READABLE:
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
        raise BriefdeskError(f"sidecar schema_version must be 1, 2 or 3, got {version!r}", source)
    try:
        if version == 1:
            raw = _migrate_v1(raw)
        return Sidecar.model_validate(raw)
    except ValidationError as exc:
        raise BriefdeskError(f"bad sidecar: {first_error(exc)}", source) from None
    except (TypeError, AttributeError, KeyError) as exc:
        raise BriefdeskError(f"bad sidecar: {exc}", source) from None


def _migrate_v1(raw: dict[str, Any]) -> dict[str, Any]:
    """A schema 1 sidecar in schema 2's shape (`model` None: it cannot be laid out again)."""
    items = raw.get("items")
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        return raw  # let validation name the problem
    decisions = {i.get("ref"): i.get("decision") or {} for i in items}
    migrated = migrate_decisions(decisions, list(raw.get("order") or []))
    out = {k: v for k, v in raw.items() if k != "order"}
    out["items"] = [{**i, "decision": migrated["decisions"].get(i.get("ref"), {})} for i in items]
    out["review"] = {
        "increments": migrated["increments"],
        "contradictions": migrated["contradictions"],
        "handles": migrated["handles"],
    }
    c = dict(raw.get("counts") or {})
    merged = c.pop("merged", 0) if isinstance(c.get("merged", 0), int) else 0
    if isinstance(c.get("included"), int):
        c["included"] += merged
    c.setdefault("increments", len(migrated["increments"]))
    c.setdefault("spot_checks", 0)
    out["counts"] = c
    out["model"] = None
    return out
