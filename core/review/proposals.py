"""The manifest's proposals (docs/workspace.md, docs/brief.md): checked against the workspace, then
a new session.

`check_proposals` runs while the batch loads, before anything is written: every item, ref, section
and path a proposal names must exist, an item may be in one increment only, a placement's part must
be a described part of its increment, a spot check must not be a batch material, and a proposal
obeys the reviewer's rules (an exclusion has a reason; raising the evidence needs a note). A bad
manifest is one `BriefdeskError` naming the manifest and the problem.

`initial_state` turns them into the first `SessionData`, every decision and increment marked
`proposed`: the `brief:` increments first, in their order, then the included items they do not
name, in the proposals' `order`; the brief's contradictions and handles, then those of the
per-item proposals.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ..brief.plan import normalise
from ..errors import BriefdeskError
from ..model.decisions import Decision, Origin
from ..model.increments import Increment, Placement, SpotCheck
from ..model.notes import Note
from ..model.values import Evidence, Item, raises
from ..workspace.manifest import (
    Batch,
    Proposal,
    ProposedIncrement,
    ProposedPlacement,
    ProposedSpotCheck,
)
from ..workspace.materials import evidence_from_text
from .sessionfile import SessionData

if TYPE_CHECKING:
    from .load import Review


def fingerprint(item: Item) -> str:
    import hashlib

    return hashlib.blake2b(f"{item.title}\n{item.body}".encode(), digest_size=8).hexdigest()


# -- checking --------------------------------------------------------------------------------


def check_proposals(review: Review) -> dict[str, str]:
    """Refuse a manifest whose proposals name what does not exist or break the reviewer's rules.

    Returns the sha256 of every spot-check material the brief proposes (path -> hex), read now.
    """
    where = review.batch.path
    manifest = review.batch.manifest
    seen: set[str] = set()
    proposed: dict[str, Proposal] = {}
    for p in manifest.proposals:
        item = review.item(p.item)
        if item is None:
            raise BriefdeskError(f"proposal names an item that does not exist: {p.item}", where)
        if p.item in seen:
            raise BriefdeskError(f"two proposals for {p.item}", where)
        seen.add(p.item)
        proposed[p.item] = p
        if p.decision == "exclude" and not (p.reason or "").strip():
            raise BriefdeskError(f"proposal to exclude {p.item} gives no reason", where)
        dup = (p.reason or "").removeprefix("duplicate:") if _is_dup(p.reason) else None
        if dup is not None and not review.resolves(dup):
            raise BriefdeskError(
                f"proposal for {p.item}: duplicate of {dup!r}, which names nothing known", where
            )
        if p.evidence is not None and raises(p.evidence, item.evidence) and not _text(p.note):
            raise BriefdeskError(
                f"proposal raises {p.item} from {item.evidence.value} to {p.evidence.value} "
                "without a note saying what was read",
                where,
            )
        if p.section and review.living_doc.section(p.section.strip()) is None:
            raise BriefdeskError(
                f"proposal for {p.item}: section §{p.section} is not in {review.living_doc.path}",
                where,
            )
    brief = manifest.brief
    if brief is None:
        return {}
    placed: dict[str, int] = {}
    for n, inc in enumerate(brief.increments, 1):
        what = f"brief increment {n}"
        refs = [part.item for part in inc.parts] + list(inc.absorbed)
        for ref in refs:
            item = review.item(ref)
            if item is None:
                raise BriefdeskError(f"{what} names an item that does not exist: {ref}", where)
            if ref in placed:
                other = placed[ref]
                again = "twice" if other == n else f"in increment {other} too"
                raise BriefdeskError(f"{what} names {ref} {again}", where)
            placed[ref] = n
            excluding = proposed.get(ref)
            if excluding is not None and excluding.decision == "exclude":
                raise BriefdeskError(f"{what} includes {ref}, which a proposal excludes", where)
        _check_writing(review, what, inc, [part.item for part in inc.parts])
        for part in inc.parts:
            if part.source:
                _check_claim(review, what, part.source, [part.item], "source")
    paths = {m.path for m in review.materials}
    hashes: dict[str, str] = {}
    for n, spot in enumerate(brief.spot_checks, 1):
        what = f"brief spot check {n}"
        if spot.path in paths:
            raise BriefdeskError(
                f"{what}: {spot.path} is a material of this batch, not a spot check", where
            )
        if spot.path in hashes:
            raise BriefdeskError(f"{what}: {spot.path} is spot-checked twice", where)
        material = review.spot_material(spot.path, source=where)
        hashes[spot.path] = material.sha256
        _check_writing(review, what, spot, [])
    for kind in ("contradictions", "handles"):
        for n, note in enumerate(getattr(brief, kind), 1):
            for ref in note.refs:
                if not review.resolves(ref):
                    raise BriefdeskError(
                        f"brief {kind} {n}: ref {ref!r} names nothing known (an item, a "
                        f"living-document section {review.living_doc.path}§<id>, or an earlier "
                        "brief's entry)",
                        where,
                    )
    return hashes


def _check_writing(
    review: Review, what: str, inc: ProposedIncrement | ProposedSpotCheck, parts: list[str]
) -> None:
    where = review.batch.path
    for k, pl in enumerate(inc.placements, 1):
        if review.living_doc.section(pl.section.strip()) is None:
            raise BriefdeskError(
                f"{what}, placement {k}: section §{pl.section} is not in {review.living_doc.path}",
                where,
            )
        if pl.part is not None and pl.part not in parts:
            raise BriefdeskError(
                f"{what}, placement {k}: part {pl.part} is not a described part of it", where
            )
    if inc.boundary and parts:
        _check_claim(review, what, inc.boundary, parts, "boundary")


def _check_claim(review: Review, what: str, text: str, refs: list[str], field: str) -> None:
    """A proposed text may not claim more than the items' levels (docs/brief.md)."""
    claimed = evidence_from_text(text)
    levels = [_proposed_level(review, r) for r in refs]
    if claimed is None or not levels:
        return
    weakest = levels[0]
    for level in levels[1:]:
        if raises(weakest, level):
            weakest = level
    if raises(claimed, weakest):
        raise BriefdeskError(
            f"{what}: its {field} claims {claimed.value} but the evidence is {weakest.value}",
            review.batch.path,
        )


def _proposed_level(review: Review, ref: str) -> Evidence:
    p = next((p for p in review.batch.manifest.proposals if p.item == ref), None)
    if p is not None and p.evidence is not None:
        return p.evidence
    item = review.item(ref)
    return item.evidence if item is not None else Evidence.unknown


def _is_dup(reason: str | None) -> bool:
    return (reason or "").startswith("duplicate:")


def _text(value: str | None) -> str | None:
    return (value or "").strip() or None


# -- the first session -----------------------------------------------------------------------


def initial_state(
    batch: Batch, items: Iterable[Item], spot_hashes: Mapping[str, str] | None = None
) -> SessionData:
    """A new session: every item undecided, then the manifest's proposals applied as `proposed`.

    `spot_hashes` (path -> sha256) are the spot-check materials of the brief as read while loading
    (`check_proposals` returns them)."""
    items = list(items)
    refs = [item.ref for item in items]
    known = set(refs)
    own = {item.ref: item.evidence for item in items}
    manifest = batch.manifest
    decisions = {ref: Decision() for ref in refs}
    for p in manifest.proposals:
        if p.item not in known:
            raise BriefdeskError(
                f"proposal names an item that does not exist: {p.item}", batch.path
            )
        decisions[p.item] = decision_from_proposal(p, own[p.item])

    increments: list[Increment] = []
    n = 1
    brief = manifest.brief
    for inc in brief.increments if brief else []:
        parts = tuple(part.item for part in inc.parts)
        increments.append(
            Increment(
                id=f"i{n}",
                parts=parts,
                absorbed=tuple(inc.absorbed),
                sources={part.item: s for part in inc.parts if (s := _text(part.source))},
                origin=Origin.proposed,
                **_writing(inc),
            )
        )
        n += 1
        for ref in (*parts, *inc.absorbed):
            if ref not in known:
                raise BriefdeskError(f"brief names an item that does not exist: {ref}", batch.path)
            decisions[ref] = decisions[ref].model_copy(update={"status": "include"})
    named = {ref for inc in increments for ref in inc.items}
    ordered = sorted(
        (
            (p.order if p.order is not None else 10**9, refs.index(p.item), p)
            for p in manifest.proposals
            if p.decision == "include" and p.item not in named
        ),
        key=lambda t: (t[0], t[1]),
    )
    for _, _, p in ordered:
        placements = (
            (Placement(section=p.section.strip(), action=p.action or "append"),)
            if p.section
            else ()
        )
        increments.append(
            Increment(id=f"i{n}", parts=(p.item,), placements=placements, origin=Origin.proposed)
        )
        n += 1
    for p in manifest.proposals:  # a placement proposed for an item of a brief increment
        if p.item in named and p.section:
            increments = [_with_part_placement(inc, p) for inc in increments]

    spots = [
        SpotCheck(
            id=f"s{k}",
            path=spot.path,
            sha256=(spot_hashes or {})[spot.path],
            source=_text(spot.source),
            origin=Origin.proposed,
            **_writing(spot),
        )
        for k, spot in enumerate(brief.spot_checks if brief else [], n)
    ]
    n += len(spots)

    def notes(kind: str, per_item: str) -> list[Note]:
        out = [
            Note(
                text=note.text.strip(),
                refs=tuple(note.refs),
                detail=_text(note.detail),
                origin=Origin.proposed,
            )
            for note in (getattr(brief, kind) if brief else [])
        ]
        out += [
            Note(text=text, refs=(p.item,), origin=Origin.proposed)
            for p in manifest.proposals
            if (text := _text(getattr(p, per_item)))
        ]
        return out

    data = SessionData(
        batch_id=manifest.id,
        batch_stem=batch.stem,
        topic=manifest.topic,
        decisions=decisions,
        increments=increments,
        spot_checks=spots,
        contradictions=notes("contradictions", "contradiction"),
        handles=notes("handles", "handle"),
        next_id=n,
        arxiv_note=_text(brief.arxiv_note) if brief else None,
        arxiv_layout="inline" if brief and brief.arxiv_layout == "inline" else None,
        arxiv_headings={k: t for k, v in brief.arxiv_headings.items() if (t := _text(v))}
        if brief
        else {},
        arxiv_notes={k.strip(): t for k, v in brief.arxiv_notes.items() if (t := _text(v))}
        if brief
        else {},
        cursor=refs[0] if refs else None,
        fingerprints={item.ref: fingerprint(item) for item in items},
    )
    return normalise(data, refs)


def decision_from_proposal(p: Proposal, own: Evidence) -> Decision:
    note = _text(p.note)
    raising = p.evidence is not None and raises(p.evidence, own)
    return Decision(
        status=p.decision or "undecided",
        origin=Origin.proposed,
        reason=p.reason.strip() if p.decision == "exclude" and p.reason else None,
        evidence=p.evidence,
        evidence_note=note if raising else None,
        notes=(note,) if note and not raising else (),
        label=_text(p.label) if p.decision == "exclude" else None,
        wording=_text(p.wording) if p.decision == "exclude" else None,
    )


def _writing(inc: ProposedIncrement | ProposedSpotCheck) -> dict[str, object]:
    return {
        "title": _text(inc.title),
        "points": _text(inc.points),
        "relation": _text(inc.relation),
        "boundary": _text(inc.boundary),
        "boundary_note": _text(inc.boundary_note),
        "placements": tuple(_placement(p) for p in inc.placements),
    }


def _placement(p: ProposedPlacement) -> Placement:
    return Placement(
        section=p.section.strip(),
        action=p.action,
        label=_text(p.label),
        note=_text(p.note),
        after=_text(p.after),
        wording=_text(p.wording),
        part=p.part,
    )


def _with_part_placement(inc: Increment, p: Proposal) -> Increment:
    if p.item not in inc.parts or not p.section:
        return inc
    whole = inc.parts == (p.item,)
    placement = Placement(
        section=p.section.strip(), action=p.action or "append", part=None if whole else p.item
    )
    if placement in inc.placements:
        return inc
    return inc.model_copy(update={"placements": (*inc.placements, placement)})


def open_placements(batch: Batch, data: SessionData | None = None) -> dict[str, Placement]:
    """Placements the manifest proposes without deciding (`section:` and no `decision:`), for
    the items still undecided in `data` (every item when None): item ref -> the placement, the
    first such proposal of each item.

    Such a proposal is no decision, so the session keeps the item undecided and nothing reaches
    the brief; the desk shows it as a proposal to confirm (docs/workspace.md, "Proposals"), and
    accepting it includes the item there with the proposed action."""
    out: dict[str, Placement] = {}
    for p in batch.manifest.proposals:
        section = (p.section or "").strip()
        if p.decision is not None or not section or p.item in out:
            continue
        decision = data.decisions.get(p.item) if data is not None else None
        if data is not None and (decision is None or decision.status != "undecided"):
            continue
        out[p.item] = Placement(section=section, action=p.action or "append")
    return out
