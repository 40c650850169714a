"""Edits of the increments: merge, split, absorb, reorder, the written fields, placements, 来源.

Every edit of an increment makes it the reviewer's (`origin: reviewer`), and so does every item it
makes part of one. Written texts are stripped; an empty text sets the field back to `None`, which
the brief derives from the items again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import BriefdeskError
from ...model.decisions import Origin
from ...model.increments import FIELDS, Increment, Placement, SpotCheck
from ...model.values import EVIDENCE_STRENGTH, Evidence, raises
from ...workspace.materials import evidence_from_text
from .change import UNCHANGED, Change, View, moved, new_id, replace, without
from .items import take_out

# -- which items form the increment ----------------------------------------------------------


def merge(view: View, ref: str, into: str) -> Change:
    """Fold `ref`'s increment (or `ref` alone, when it has none) into the increment of the item
    `into`: its parts follow the target's, its absorbed items and placements come along (a
    placement of the whole folded increment now names its first part), and so does everything
    written for it (`_kept`: nothing the reviewer wrote is dropped). Both end up included."""
    if ref == into:
        raise BriefdeskError("cannot merge an item into itself")
    view.decision(ref)
    view.decision(into)
    change = Change()
    increments = view.increments
    target = view.home(into)
    if target is None:
        target = Increment(id=new_id(view, change), parts=(into,))
        increments = [*increments, target]
    source = view.home(ref)
    if source is not None and source.id == target.id:
        raise BriefdeskError("that item is already part of this increment")
    if source is None:
        source = Increment(id="-", parts=(ref,))
    else:
        increments = without(increments, source.id)
    head = source.parts[0]
    merged = target.model_copy(
        update={
            "parts": (*target.parts, *source.parts),
            "absorbed": (*target.absorbed, *source.absorbed),
            "placements": (
                *target.placements,
                *(p if p.part else p.model_copy(update={"part": head}) for p in source.placements),
            ),
            "sources": {**target.sources, **source.sources},
            "origin": Origin.reviewer,
            **_kept(target, source),
        }
    )
    change.increments = replace(increments, merged)
    for r in (ref, into, *source.parts, *source.absorbed):
        change.decisions[r] = _included(view, r)
    return change


def _kept(target: Increment, source: Increment) -> dict[str, str | None]:
    """The written texts of two increments folded into one: each side's text is kept, the folded
    one's after the target's (a line of its own; titles joined by ` / `), so a merge drops
    nothing the reviewer wrote and undo is not the only way back (docs/brief.md)."""
    out: dict[str, str | None] = {}
    for name in FIELDS:
        mine, theirs = getattr(target, name), getattr(source, name)
        if theirs and theirs != mine:
            sep = " / " if name == "title" else "\n"
            out[name] = f"{mine}{sep}{theirs}" if mine else theirs
    return out


def split(view: View, ref: str) -> Change:
    """Take `ref` out of its increment into one of its own, right after it; its part-specific
    placements and its 来源 text go with it."""
    inc = _home(view, ref)
    if inc.items == (ref,):
        raise BriefdeskError("that item already is an increment of its own")
    change = Change(decisions={ref: _included(view, ref)})
    increments = take_out(view, view.increments, ref)
    own = Increment(
        id=new_id(view, change),
        parts=(ref,),
        placements=tuple(
            p.model_copy(update={"part": None}) for p in inc.placements if p.part == ref
        ),
        sources={ref: inc.sources[ref]} if ref in inc.sources else {},
    )
    at = next((i for i, x in enumerate(increments) if x.id == inc.id), len(increments) - 1)
    change.increments = [*increments[: at + 1], own, *increments[at + 1 :]]
    _reviewed(change, inc.id)
    return change


def absorb(view: View, ref: str, inc_id: str) -> Change:
    """Make `ref` an absorbed item of the increment: covered by it, not described in it."""
    target = view.increment(inc_id)
    if ref in target.absorbed:
        return Change()
    if ref in target.parts and len(target.parts) == 1:
        raise BriefdeskError("an increment needs at least one described part")
    view.decision(ref)
    change = Change(decisions={ref: _included(view, ref)})
    increments = take_out(view, view.increments, ref)
    target = next(i for i in increments if i.id == inc_id)
    target = target.model_copy(
        update={"absorbed": (*target.absorbed, ref), "origin": Origin.reviewer}
    )
    change.increments = replace(increments, target)
    return change


def describe(view: View, ref: str) -> Change:
    """Make an absorbed item a described part of its increment (after the others)."""
    inc = _home(view, ref)
    if ref in inc.parts:
        return Change()
    new = inc.model_copy(
        update={
            "parts": (*inc.parts, ref),
            "absorbed": tuple(r for r in inc.absorbed if r != ref),
            "origin": Origin.reviewer,
        }
    )
    return Change(increments=replace(view.increments, new), decisions={ref: _included(view, ref)})


def move_part(view: View, ref: str, delta: int) -> Change:
    """Move a described part up (-1) or down (+1) among its increment's parts."""
    inc = _home(view, ref)
    parts = list(inc.parts)
    if ref not in parts:
        raise BriefdeskError("an absorbed item has no place among the described parts")
    new_parts = moved(parts, parts.index(ref), delta)
    if new_parts is None:
        return Change()
    new = inc.model_copy(update={"parts": tuple(new_parts), "origin": Origin.reviewer})
    return Change(increments=replace(view.increments, new))


def move(view: View, inc_id: str, delta: int) -> Change:
    """Move an increment (or a spot check, among the spot checks) up (-1) or down (+1)."""
    found = view.plan.by_id(inc_id)
    if found is None:
        raise BriefdeskError(f"no increment {inc_id} in this session")
    entries: list[Any] = (
        view.increments if isinstance(found, Increment) else list(view.plan.spot_checks)
    )
    i = next(k for k, e in enumerate(entries) if e.id == inc_id)
    new_entries = moved(entries, i, delta)
    if new_entries is None:
        return Change()
    entries = new_entries
    if isinstance(found, Increment):
        return Change(increments=entries)
    return Change(spot_checks=entries)


# -- what is written for it ------------------------------------------------------------------


def update(
    view: View,
    inc_id: str,
    *,
    title: str | None = UNCHANGED,
    points: str | None = UNCHANGED,
    relation: str | None = UNCHANGED,
    boundary: str | None = UNCHANGED,
    placements: Sequence[Placement] = UNCHANGED,
    sources: dict[str, str | None] = UNCHANGED,
    boundary_note: str | None = UNCHANGED,
) -> Change:
    """Change any of an increment's (or a spot check's) written fields at once: one form saved is
    one undo step. A text of `None` or blank goes back to the derived one. For a spot check,
    `sources` is `{path: text}`."""
    entry = _entry(view, inc_id)
    fields: dict[str, Any] = {}
    for name, value in zip(FIELDS, (title, points, relation, boundary), strict=True):
        if value is not UNCHANGED:
            fields[name] = _text(value)
    if fields.get("boundary"):
        _check_claim(view, entry, fields["boundary"], "证据边界 / evidence boundary")
    if boundary_note is not UNCHANGED:
        fields["boundary_note"] = _text(boundary_note)
    if placements is not UNCHANGED:
        fields["placements"] = tuple(_checked(entry, p) for p in placements)
    if sources is not UNCHANGED:
        if isinstance(entry, SpotCheck):
            text = _text(sources.get(entry.path)) if sources else None
            if text:
                _check_claim(view, entry, text, "来源 / source")
            fields["source"] = text
        else:
            new_sources = dict(entry.sources)
            for ref, value in sources.items():
                if ref not in entry.parts:
                    raise BriefdeskError(f"{ref} is not a described part of this increment")
                text = _text(value)
                if text:
                    _check_claim(view, ref, text, "来源 / source")
                    new_sources[ref] = text
                else:
                    new_sources.pop(ref, None)
            fields["sources"] = new_sources
    fields["origin"] = Origin.reviewer
    return _store(view, entry.model_copy(update=fields))


def set_field(view: View, inc_id: str, name: str, value: str | None) -> Change:
    if name not in FIELDS:
        raise BriefdeskError(f"an increment has no field {name!r} (one of {', '.join(FIELDS)})")
    return update(view, inc_id, **{name: value})  # type: ignore[arg-type]


def add_placement(view: View, inc_id: str, placement: Placement, at: int | None = None) -> Change:
    current = list(_entry(view, inc_id).placements)
    current.insert(len(current) if at is None else at, placement)
    return update(view, inc_id, placements=current)


def edit_placement(view: View, inc_id: str, index: int, **changes: Any) -> Change:
    """Retarget (section, action, label, note, part) one placement."""
    current = list(_entry(view, inc_id).placements)
    _index(current, index)
    current[index] = Placement.model_validate({**current[index].model_dump(), **changes})
    return update(view, inc_id, placements=current)


def move_placement(view: View, inc_id: str, index: int, delta: int) -> Change:
    current = list(_entry(view, inc_id).placements)
    _index(current, index)
    new = moved(current, index, delta)
    if new is None:
        return Change()
    return update(view, inc_id, placements=new)


def remove_placement(view: View, inc_id: str, index: int) -> Change:
    current = list(_entry(view, inc_id).placements)
    _index(current, index)
    del current[index]
    return update(view, inc_id, placements=current)


def set_placement(view: View, ref: str, section: str | None, action: str | None) -> Change:
    """The desk's one-key placement of an item: it sets the first placement that concerns the
    item (the increment's own when the item is its only part, else that part's), keeping its label
    and note, or adds one. An item not included yet is included by it (a placement is a reason to
    be in the brief). `section` None removes that placement."""
    change = Change()
    inc = view.home(ref)
    increments = view.increments
    if inc is None:
        from .items import include

        change = include(view, ref)
        assert change.increments is not None
        increments = change.increments
        inc = next(i for i in increments if ref in i.parts)
    if ref not in inc.parts:
        raise BriefdeskError("an absorbed item has no placement of its own; describe it first")
    whole = inc.parts == (ref,)
    placements = list(inc.placements)
    at = next(
        (k for k, p in enumerate(placements) if p.part == ref or (whole and p.part is None)), None
    )
    if section is None:
        if at is not None:
            del placements[at]
    else:
        old = placements[at] if at is not None else Placement(section=section)
        new = old.model_copy(
            update={
                "section": section.strip(),
                "action": action or old.action,
                "part": None if whole else ref,
            }
        )
        new = Placement.model_validate(new.model_dump())  # the action is checked
        if at is None:
            placements.append(new)
        else:
            placements[at] = new
    new_inc = inc.model_copy(update={"placements": tuple(placements), "origin": Origin.reviewer})
    change.increments = replace(increments, new_inc)
    change.decisions.setdefault(ref, _included(view, ref))
    return change


# -- spot checks -----------------------------------------------------------------------------


def add_spot_check(view: View, path: str, sha256: str, title: str | None = None) -> Change:
    """A workspace material outside the batch that the reviewer read, after the spot checks."""
    if path in {r.rsplit("#", 1)[0] for r in view.refs}:
        raise BriefdeskError(f"{path} is a material of this batch, not a spot check")
    if any(s.path == path for s in view.plan.spot_checks):
        raise BriefdeskError(f"{path} is already spot-checked")
    change = Change()
    spot = SpotCheck(id=new_id(view, change, "s"), path=path, sha256=sha256, title=_text(title))
    change.spot_checks = [*view.plan.spot_checks, spot]
    return change


def refresh_spot_check(view: View, spot_id: str, sha256: str) -> Change:
    """The reviewer read a spot-checked file again after it changed: the spot check now cites the
    bytes on disk, and keeps everything written for it (no remove and add, which would lose it)."""
    spot = view.spot_check(spot_id)
    if spot.sha256 == sha256:
        return Change()
    new = spot.model_copy(update={"sha256": sha256, "origin": Origin.reviewer})
    return _store(view, new)


def remove_spot_check(view: View, spot_id: str) -> Change:
    view.spot_check(spot_id)
    return Change(spot_checks=[s for s in view.plan.spot_checks if s.id != spot_id])


# -- helpers ---------------------------------------------------------------------------------


def _home(view: View, ref: str) -> Increment:
    inc = view.home(ref)
    if inc is None:
        raise BriefdeskError(f"{ref} is not part of any increment (include it first)")
    return inc


def _entry(view: View, inc_id: str) -> Increment | SpotCheck:
    found = view.plan.by_id(inc_id)
    if found is None:
        raise BriefdeskError(f"no increment {inc_id} in this session")
    return found


def _store(view: View, entry: Increment | SpotCheck) -> Change:
    if isinstance(entry, SpotCheck):
        return Change(spot_checks=[entry if s.id == entry.id else s for s in view.plan.spot_checks])
    change = Change(increments=replace(view.increments, entry))
    for ref in entry.items:  # writing an increment confirms that its items are in the brief
        d = view.decision(ref)
        if d.origin is not Origin.reviewer:
            change.decisions[ref] = d.model_copy(update={"origin": Origin.reviewer})
    return change


def _reviewed(change: Change, inc_id: str) -> None:
    if change.increments is not None:
        change.increments = [
            i.model_copy(update={"origin": Origin.reviewer}) if i.id == inc_id else i
            for i in change.increments
        ]


def _included(view: View, ref: str) -> Any:
    return view.decision(ref).model_copy(
        update={"status": "include", "origin": Origin.reviewer, "reason": None}
    )


def _text(value: str | None) -> str | None:
    return (value or "").strip() or None


def _index(items: list[Placement], index: int) -> None:
    if not 0 <= index < len(items):
        raise BriefdeskError(f"no placement {index + 1} (there are {len(items)})")


def _checked(entry: Increment | SpotCheck, p: Placement) -> Placement:
    if p.part is not None and (isinstance(entry, SpotCheck) or p.part not in entry.parts):
        raise BriefdeskError(f"placement part {p.part} is not a described part of this increment")
    return p.model_copy(
        update={"label": _text(p.label), "note": _text(p.note), "section": p.section.strip()}
    )


def _overclaim(
    view: View, subject: Increment | SpotCheck | str, text: str
) -> tuple[Evidence, Evidence] | None:
    """(claimed, weakest) when `text` claims a stronger level than the evidence of `subject` (an
    item ref, or an increment's described parts), else None (docs/brief.md)."""
    claimed = evidence_from_text(text)
    if claimed is None:
        return None
    if isinstance(subject, str):
        levels = [view.evidence(subject)]
    elif isinstance(subject, SpotCheck):
        return None  # a spot check's level is what its own text says; nothing to exceed
    else:
        levels = [view.evidence(r) for r in subject.parts]
    weakest = max(levels, key=EVIDENCE_STRENGTH.index, default=Evidence.unknown)
    return (claimed, weakest) if raises(claimed, weakest) else None


def _check_claim(view: View, subject: Increment | SpotCheck | str, text: str, what: str) -> None:
    """A written text may not claim a stronger level than the evidence (docs/brief.md)."""
    found = _overclaim(view, subject, text)
    if found is not None:
        claimed, weakest = found
        raise BriefdeskError(
            f"the {what} text claims {claimed.value} but the evidence is {weakest.value}: "
            "raise the item's level (with a note saying what was read) first"
        )


@dataclass(frozen=True)
class Overclaim:
    """A written text that claims more than its evidence: written when the level was higher, the
    level lowered since (or parts merged in on weaker evidence). Flagged, never rewritten: the
    reviewer rewrites the text or raises the level again."""

    inc_id: str
    number: int  # the entry's number in section 一
    what: str  # "证据边界 / evidence boundary", or "来源 / source of <ref>"
    claimed: Evidence
    weakest: Evidence

    def describe(self) -> str:
        return (
            f"entry {self.number} of 一: the {self.what} text claims {self.claimed.value} but "
            f"the evidence is {self.weakest.value} now: rewrite it, or raise the level again"
        )


def overclaims(view: View) -> list[Overclaim]:
    """Every written boundary and 来源 text of the plan that claims more than its evidence now
    (the same rule that refuses such a text when it is written, `_check_claim`)."""
    out: list[Overclaim] = []
    for number, entry in enumerate(view.plan.entries, 1):
        if not isinstance(entry, Increment):
            continue
        texts: list[tuple[Increment | str, str, str]] = []
        if entry.boundary:
            texts.append((entry, entry.boundary, "证据边界 / evidence boundary"))
        for ref, text in entry.sources.items():
            texts.append((ref, text, f"来源 / source of {ref}"))
        for subject, text, what in texts:
            found = _overclaim(view, subject, text)
            if found is not None:
                out.append(Overclaim(entry.id, number, what, *found))
    return out
