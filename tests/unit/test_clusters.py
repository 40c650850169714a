"""Clusters of batch items that duplicate each other (docs/duplicates.md)."""

from __future__ import annotations

from briefdesk.core.matching.clusters import cluster_of, clusters
from briefdesk.core.model.values import Duplicate, ItemMatches


def dup(ref: str, kind: str = "batch", tier: str = "likely") -> Duplicate:
    return Duplicate(kind=kind, ref=ref, score=90, text="t", tier=tier)  # type: ignore[arg-type]


def test_likely_batch_pairs_join_items_transitively_in_batch_order() -> None:
    refs = ["a#1", "a#2", "b#1", "c#1", "d#1"]
    matches = {
        "b#1": ItemMatches(duplicates=(dup("a#1"),)),
        "d#1": ItemMatches(duplicates=(dup("b#1"), dup("x.md#1", "brief"))),
        "a#2": ItemMatches(duplicates=(dup("c#1", tier="possible"),)),
    }
    got = clusters(matches, refs)
    assert got == [["a#1", "b#1", "d#1"]]
    assert cluster_of(got, "d#1") == ["a#1", "b#1", "d#1"] and cluster_of(got, "c#1") == []


def test_no_candidates_no_clusters() -> None:
    assert clusters({}, ["a#1", "b#1"]) == []
