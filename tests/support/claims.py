"""The version and date conflicts of a few texts, as the scan finds them: the claims tests'
one way of asking (core.claims: extract, plain_names, one_name, find_conflicts)."""

from __future__ import annotations

from briefdesk.core.claims.collect import one_name, plain_names
from briefdesk.core.claims.conflicts import find_conflicts
from briefdesk.core.claims.extract import extract as claims_of
from briefdesk.core.claims.types import Claim

DAY = "2026-12-01"  # the day every item's material was collected, unless a test says otherwise


def version_conflicts(
    texts: list[tuple[str, str]], as_of: dict[str, str] | None = None
) -> list[tuple[str, tuple[str, ...]]]:
    """(ref, text) → the (kind, refs) of the version and date conflicts found, a text's first
    line being its title; an item (`inbox/…`) is of a material collected on DAY unless `as_of`
    maps its material to another day."""
    claims: list[Claim] = []
    for ref, text in texts:
        origin = "item" if ref.startswith("inbox/") else "living-doc"
        doc = ref.split("#")[0].split("§")[0]
        heading = text.split("\n", 1)[0]
        claims += [
            Claim(**s.model_dump(), ref=ref, origin=origin, doc=doc)
            for s in claims_of(text, heading)
        ]
    claims = one_name(plain_names(claims), texts)
    order = [ref for ref, _ in texts]
    days = {ref.split("#")[0]: DAY for ref, _ in texts if ref.startswith("inbox/")}
    found = find_conflicts(claims, lambda r: (0, order.index(r)), "zh", days | (as_of or {}))
    return [(c.kind, c.refs) for c in found]
