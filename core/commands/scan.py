"""What `briefdesk scan` prints: the JSON object of PRODUCT §11 and a table for people.

The JSON's shape is documented in docs/json.md; SCHEMA is its `"schema"`, bumped on any change of
shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len, chop_cells

from ..model.values import ItemMatches, StatedFact
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
    for item in review.items:
        m = matches.get(item.ref, ItemMatches())
        facts = m.facts
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
                    "conflicting": [
                        {"text": f.text, "refs": list(f.refs)}
                        for f in conflicting_facts(item.ref, m, conflicts or [])
                    ],
                },
            }
        )
    return {
        "batch": {"id": batch.manifest.id, "topic": batch.manifest.topic, "stem": batch.stem},
        "items": items,
        "claims": [claim_json(c) for c in conflicts or []],
        "schema": SCHEMA,
    }


def conflicting_facts(
    ref: str, matches: ItemMatches, conflicts: list[Conflict]
) -> list[StatedFact]:
    """An item's conflicting facts: the fact index's (a figure another text gives otherwise)
    and each claim conflict it takes part in (its own statement, and the other refs)."""
    out = list(matches.facts.conflicting)
    seen = {f.text for f in out}
    for c in conflicts:
        if ref not in c.refs:
            continue
        mine = next((claim for claim in c.claims if claim.ref == ref), None)
        text = (mine.value or mine.quote) if mine is not None and mine.event == "measure" else None
        if mine is not None and text is None:
            text = " ".join(
                x for x in (mine.entity, mine.version, mine.date and f"({mine.date})") if x
            )
        text = text or c.entity
        others = tuple(r for r in c.refs if r != ref)
        if text in seen:
            out = [
                StatedFact(text=f.text, refs=tuple(dict.fromkeys((*f.refs, *others))))
                if f.text == text
                else f
                for f in out
            ]
            continue
        seen.add(text)
        out.append(StatedFact(text=text, refs=others))
    return out


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
