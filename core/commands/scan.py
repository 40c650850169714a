"""What `briefdesk scan` prints: the JSON object docs/json.md describes and a table for people.

The JSON's shape is documented in docs/json.md; SCHEMA is its `"schema"`, bumped on any change of
shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len, chop_cells

from ..facts.claimed import with_claims
from ..model.values import ItemMatches
from ..review.load import Review
from ..text.sanitize import safe_line

if TYPE_CHECKING:
    from ..claims import Conflict

SCHEMA = 3  # of `scan --json` (docs/json.md)


def scan_report(
    review: Review, matches: Mapping[str, ItemMatches], conflicts: list[Conflict] | None = None
) -> dict[str, Any]:
    batch = review.batch
    items = []
    # each item's conflicts, in order: an item reads only its own (not all of them per item)
    claims_of: dict[str, list[Conflict]] = {}
    for c in conflicts or []:
        for ref in dict.fromkeys(c.refs):
            claims_of.setdefault(ref, []).append(c)
    for item in review.items:
        m = matches.get(item.ref, ItemMatches())
        facts = m.facts
        conflicting = with_claims(item.ref, facts, claims_of.get(item.ref, [])).conflicting
        items.append(
            {
                "ref": item.ref,
                "material": item.material,
                "title": item.title,
                "evidence": item.evidence.value,
                "arxiv": list(item.arxiv),
                "placements": [p.model_dump(mode="json") for p in m.placements],
                "duplicates": [d.model_dump(mode="json") for d in m.duplicates],
                "facts": {
                    "known": [{"text": f.text, "refs": list(f.refs)} for f in facts.known],
                    "new": [{"text": f.text} for f in facts.new],
                    "conflicting": [{"text": f.text, "refs": list(f.refs)} for f in conflicting],
                },
            }
        )
    return {
        "batch": {"id": batch.manifest.id, "topic": batch.manifest.topic, "stem": batch.stem},
        "items": items,
        "claims": [claim_json(c) for c in conflicts or []],
        "schema": SCHEMA,
    }


def claim_json(conflict: Conflict) -> dict[str, Any]:
    """One entry of `claims` (docs/json.md): the conflict, and the claims behind it."""
    return {
        "kind": conflict.kind,
        "entity": conflict.entity,
        "text": conflict.text,
        "refs": list(conflict.refs),
        "source": conflict.source,
        "facts": [
            {
                "ref": c.ref,
                "entity": c.entity,
                "version": c.version,
                "event": c.event,
                "current": c.current,
                "date": c.date,
                "quote": c.quote,
                "sources": list(c.sources),
                "value": c.value,
                "setting": list(c.setting),
            }
            for c in conflict.claims
        ],
    }


def fit(text: str, width: int) -> str:
    """Cut to `width` terminal cells (with an ellipsis) and pad, so CJK columns line up.

    Widths are rich's (the terminal library the desk uses): East Asian wide characters take two
    cells, and an emoji sequence (ZWJ, VS16) is measured as the one glyph it shows. Material text
    is data: controls (ESC, C1) become visible placeholders, never reach the terminal.
    """
    text = " ".join(safe_line(text).split())
    used = cell_len(text)
    if used > width:
        text = (chop_cells(text, width - 1)[0] if width > 1 else "") + "…"
        used = cell_len(text)
    return text + " " * max(0, width - used)


def scan_table(
    review: Review, matches: Mapping[str, ItemMatches], conflicts: list[Conflict] | None = None
) -> str:
    head = (
        f"{review.batch.stem}  {review.batch.manifest.id}  "
        f"topic {review.topic}  {len(review.items)} items"
    )
    lines = [safe_line(head), ""]
    for item in review.items:
        m = matches.get(item.ref, ItemMatches())
        place = ", ".join(f"§{p.section} {p.score:.0f}" for p in m.placements) or "-"
        dup = m.duplicates[0] if m.duplicates else None
        dup_text = safe_line(f"{dup.kind} {dup.ref} {dup.score:.0f} {dup.tier}") if dup else "-"
        lines.append(
            f"{fit(item.ref, 52)} {fit(item.evidence.value, 11)} {fit(item.title, 40)} "
            f"{fit(place, 26)} {dup_text}"
        )
    if conflicts:
        lines += ["", f"{len(conflicts)} claim conflict{'s' if len(conflicts) != 1 else ''}:"]
        for c in conflicts:
            lines.append(safe_line(f"  {c.kind} {c.entity}: {', '.join(c.refs)}"))
    return "\n".join(lines) + "\n"
