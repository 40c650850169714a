"""What a duplicate reason may name, and finding one by a few words (the exclude dialog's picker).

A duplicate the scan missed is named by the reviewer: an earlier brief's entry, a section of the
living document, or another item of the batch — the same refs `Review.resolves` accepts and the
duplicates pane shows. Each target carries its text so the picker can show it. Ranking is
rapidfuzz's `WRatio` of the query against the target's ref and the start of its text (partial
matches, any word order, Chinese without spaces), computed with `process.cdist` on every target at
once: a few tens of milliseconds for thousands of targets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..model.values import DuplicateKind

if TYPE_CHECKING:
    from ..review.load import Review

CHOICE_CHARS = 160  # of a target's text searched (its start says what it is)
LIMIT = 40
CUTOFF = 45.0  # WRatio below this is a stray letter in common, not a match


@dataclass(frozen=True)
class Target:
    kind: DuplicateKind
    ref: str
    text: str

    @property
    def choice(self) -> str:
        return f"{self.ref} {' '.join(self.text.split())[:CHOICE_CHARS]}"


def duplicate_targets(review: Review, item_ref: str) -> list[Target]:
    """Every ref a duplicate reason of `item_ref` may name: the batch's other items, the living
    document's sections, then every earlier brief's entry (this parses every earlier brief: call
    it off the UI thread)."""
    doc = review.living_doc
    return [
        *(Target("batch", i.ref, i.text) for i in review.items if i.ref != item_ref),
        *(
            Target("living-doc", f"{doc.path}§{s.id}", f"§{s.id} {s.title}\n{s.text}")
            for s in doc.sections
        ),
        *(Target("brief", e.ref, e.text) for e in review.entries),
    ]


def rank(query: str, targets: Sequence[Target], limit: int = LIMIT) -> list[Target]:
    """The targets best matching `query`, best first (ties in target order); all of them, in
    order, up to `limit` for an empty query."""
    query = query.strip()
    if not query or not targets:
        return list(targets[:limit])
    from rapidfuzz import fuzz, process, utils

    scores = process.cdist(
        [query],
        [t.choice for t in targets],
        scorer=fuzz.WRatio,
        processor=utils.default_process,
        workers=-1,
        dtype=np.float32,
    )[0]
    order = np.argsort(-scores, kind="stable")[:limit]
    return [targets[k] for k in order.tolist() if scores[k] >= CUTOFF]
