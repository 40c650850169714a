"""Sessions of schemas 1 and 2 and sidecars of schema 1, read in today's shape (one increment
model, batch-level notes).

Session schemas 1 and 2 (2 added `changed` and `dismissed`, kept as they are) and sidecar schema 1
kept everything on the items: one placement (`section`, `action`), `contradictions` and
`handles` per item, and a merge as `merged_into: <head ref>`, with `order` listing the heads. Read
as schema 2:

- each head of `order` (then any other included head, in saved order) becomes an increment whose
  parts are the head and the items merged into it, in saved order; the head's placement concerns
  the whole increment, a merged part's names that part; every item is in one increment once (a
  head of `order` that also names a merge stays a head, an item merged into itself stands on
  its own, of two items merged into each other the first is the head);
- every item's contradictions and handles become the batch's, in brief order (increments' parts,
  then the other items), each citing the item it hung on, with that item's origin;
- the undo history is dropped: its steps describe schema 1 states.

The migrated state is then fitted to the batch as any saved state is
(`core.review.session.reconcile`).
"""

from __future__ import annotations

from typing import Any

V1_ONLY = ("section", "action", "contradictions", "handles", "merged_into")
OLD_SCHEMAS = (1, 2)  # session schemas read through `migrate_session`


def migrate_session(raw: dict[str, Any]) -> dict[str, Any]:
    """A schema 1 or 2 session (as parsed JSON) in today's shape (`core.review.sessionfile`)."""
    from ..review.sessionfile import SCHEMA_VERSION

    out = {k: v for k, v in raw.items() if k not in ("decisions", "order", "history")}
    out.update(migrate_decisions(raw.get("decisions") or {}, raw.get("order") or []))
    out["schema_version"] = SCHEMA_VERSION
    return out


def migrate_decisions(decisions: dict[str, Any], order: list[str]) -> dict[str, Any]:
    """Schema 1 decisions and order -> schema 2 `decisions`, `increments`, `contradictions`,
    `handles` and `next_id` (plain data, validated by the caller)."""
    decisions = {ref: dict(d or {}) for ref, d in decisions.items()}

    def status(ref: str) -> str:
        return str(decisions.get(ref, {}).get("status", "undecided"))

    heads = [r for r in dict.fromkeys(order) if status(r) == "include" and r in decisions]
    heads += [
        r
        for r, d in decisions.items()
        if status(r) == "include" and not d.get("merged_into") and r not in heads
    ]
    members: dict[str, list[str]] = {h: [h] for h in heads}
    placed = set(heads)  # each item in one increment, once: a head stays a head
    for ref, d in decisions.items():
        target = d.get("merged_into")
        if status(ref) == "include" and target and ref not in placed:
            if target in members and target != ref:
                members[target].append(ref)
            else:  # merged into itself, or its increment is gone: it stands on its own
                members[ref] = [ref]
                heads.append(ref)
            placed.add(ref)
    increments: list[dict[str, Any]] = []
    for n, head in enumerate(heads, 1):
        parts = members[head]
        placements = []
        for ref in parts:
            d = decisions[ref]
            if d.get("section"):
                placement: dict[str, Any] = {
                    "section": d["section"],
                    "action": d.get("action") or "append",
                }
                if ref != head:
                    placement["part"] = ref
                placements.append(placement)
        increments.append(
            {
                "id": f"i{n}",
                "parts": parts,
                "placements": placements,
                "origin": decisions[head].get("origin", "proposed"),
            }
        )
    in_brief = [r for h in heads for r in members[h]]
    rest = [r for r in decisions if r not in set(in_brief)]
    notes: dict[str, list[dict[str, Any]]] = {"contradictions": [], "handles": []}
    for ref in [*in_brief, *rest]:
        d = decisions[ref]
        for kind, out in notes.items():
            for text in d.get(kind) or ():
                if isinstance(text, str) and text.strip():
                    out.append({"text": text, "refs": [ref], "origin": d.get("origin", "proposed")})
    return {
        "decisions": {
            ref: {k: v for k, v in d.items() if k not in V1_ONLY} for ref, d in decisions.items()
        },
        "increments": increments,
        "contradictions": notes["contradictions"],
        "handles": notes["handles"],
        "next_id": len(increments) + 1,
    }
