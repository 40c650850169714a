"""Clusters (docs/duplicates.md): items of the batch that duplicate each other, taken together.

Two items are joined when either lists the other as a *likely* batch candidate; a cluster is a
connected group of two or more, in batch order. The desk shows it as one and `decide_cluster`
keeps one item and marks the others as its duplicates. `possible` candidates never join items: a
cluster must be something the reviewer can decide at once without reading every pair.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from ..model.values import ItemMatches
from .answer import Answer


def batch_links(matches: Mapping[str, ItemMatches]) -> Iterable[tuple[str, str, str]]:
    """(item ref, candidate ref, candidate's content key) of every likely batch candidate; from
    an `Answer`'s tables without building its models."""
    if isinstance(matches, Answer):
        return matches.likely_batch()
    return (
        (ref, d.ref, d.key)
        for ref, m in matches.items()
        for d in m.duplicates
        if d.kind == "batch" and d.tier == "likely"
    )


def clusters(
    matches: Mapping[str, ItemMatches],
    refs: Sequence[str],
    dismissed: Callable[[str, str], bool] | None = None,
) -> list[list[str]]:
    """The clusters of the batch whose items are `refs` (batch order), each in batch order,
    ordered by their first item. `dismissed(item ref, candidate key)`: a link the reviewer
    judged not a duplicate, left out."""
    parent = {ref: ref for ref in refs}
    position = {ref: k for k, ref in enumerate(refs)}

    def root(ref: str) -> str:
        while parent[ref] != ref:
            parent[ref] = parent[parent[ref]]
            ref = parent[ref]
        return ref

    for ref, other, key in batch_links(matches):
        if ref in parent and other in parent and not (dismissed and dismissed(ref, key)):
            a, b = root(ref), root(other)
            if a != b:
                first, last = sorted((a, b), key=position.__getitem__)
                parent[last] = first
    groups: dict[str, list[str]] = {}
    for ref in refs:
        groups.setdefault(root(ref), []).append(ref)
    return [g for g in groups.values() if len(g) > 1]


def cluster_of(groups: Sequence[Sequence[str]], ref: str) -> list[str]:
    """The cluster holding `ref`, or [] when it is in none."""
    return next((list(g) for g in groups if ref in g), [])
