"""Placements (docs/duplicates.md): the living-document sections an item belongs in, best first.

A section is its title (counted twice) and its text; it is weighed with the same idf and token
kinds as the duplicate score — idf over every record of the knowledge base, not over the few
hundred sections, so that a bigram every Chinese section shares (推理, 模型) does not look rare and
the names and figures decide, as they do for English. Sections are ranked by cosine.

A section's cosine is the better of the whole section's and its best paragraph's. The score shown
is on the duplicates' scale (`score.calibrated`), against the item's own background over the
sections: 0 for a section no closer than the item's typical section (its 90th percentile), 85 for
one as far above it as a likely duplicate is above its background, 100 for the same text. So the
numbers read the same for a Chinese and an English item and follow the ranking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .score import calibrated
from .tokens import Records

if TYPE_CHECKING:
    import scipy.sparse as sp  # imported where it is used: a warm scan never needs it


def section_matrix(sec: Records, df: np.ndarray, n_records: int, kind: np.ndarray) -> sp.csr_matrix:
    """Sections as L2-normalised vectors over the records' vocabulary and idf."""
    import scipy.sparse as sp

    n_vocab = len(df)
    idf = (np.log((1.0 + n_records) / (1.0 + df)) + 1.0).astype(np.float32) * kind
    data = (1.0 + np.log(sec.counts.astype(np.float32))) * idf[sec.ids]
    owner = np.repeat(np.arange(sec.n), sec.lengths)
    norms = np.sqrt(np.bincount(owner, weights=data.astype(np.float64) ** 2, minlength=sec.n))
    data /= np.repeat(np.where(norms > 0, norms, 1.0), sec.lengths).astype(np.float32)
    return sp.csr_matrix((data, sec.ids, sec.indptr), shape=(sec.n, n_vocab), dtype=np.float32)


def place(
    items: sp.csr_matrix,
    sections: sp.csr_matrix,
    paragraphs: sp.csr_matrix,
    paragraph_section: np.ndarray,
    top: int,
    boost: np.ndarray | None = None,
    chapter_of: np.ndarray | None = None,
) -> list[list[tuple[int, float]]]:
    """Per item the best `top` (section index, score 0..100) with a cosine above 0, best first,
    ties in document order; after the first, only sections scoring above 0 (closer than the
    item's typical section). A section's cosine is the better of the whole section's and its best
    paragraph's (a long section about several things is not diluted by its other paragraphs).

    `boost` (items × sections) multiplies the cosines: the facts and names an item shares with a
    section (`tiers.placement_boost`). `chapter_of[j]`: the index of section j's chapter (`3`
    for `3.2`), -1 for none; a chapter ranked above one of its own subsections gives way to it
    when the subsection comes within SUBSECTION_SHARE of it: a subsection says where, a chapter
    only roughly."""
    n_items, n_sec = items.shape[0], sections.shape[0]
    if n_sec == 0 or top <= 0:
        return [[] for _ in range(n_items)]
    cos = (items @ sections.T).toarray()
    if paragraphs.shape[0]:
        per_para = (items @ paragraphs.T).toarray()
        best = np.full((n_items, n_sec), 0.0, np.float32)
        for j in np.unique(paragraph_section):
            best[:, j] = per_para[:, paragraph_section == j].max(axis=1)
        cos = np.maximum(cos, best)
    if boost is not None:
        cos = cos * boost
    q50, q90 = np.percentile(cos, [50, 90], axis=1, keepdims=True)
    shown = calibrated(cos.astype(np.float64), q50, q90)
    order = np.argsort(-cos, axis=1, kind="stable")[:, : top + 2]
    if chapter_of is not None and (chapter_of >= 0).any():
        order = np.array(
            [_subsections_first(row, cos[k], chapter_of) for k, row in enumerate(order)]
        )
    order = order[:, :top]
    best_cos = np.take_along_axis(cos, order, axis=1)
    scores = np.round(np.take_along_axis(shown, order, axis=1), 0)
    return [
        [
            (int(j), float(s))
            for k, (j, c, s) in enumerate(zip(rj, rc, rs, strict=True))
            if c > 0 and (k == 0 or s > 0)
        ]
        for rj, rc, rs in zip(order.tolist(), best_cos.tolist(), scores.tolist(), strict=True)
    ]


SUBSECTION_SHARE = 0.6


def _subsections_first(row: np.ndarray, cos: np.ndarray, chapter_of: np.ndarray) -> np.ndarray:
    """The ranking with every chapter moved below its own best subsection, where that one has at
    least SUBSECTION_SHARE of the chapter's cosine."""
    out = list(row.tolist())
    for k in range(len(out)):
        j = out[k]
        subs = [
            m for m in out[k + 1 :] if chapter_of[m] == j and cos[m] >= SUBSECTION_SHARE * cos[j]
        ]
        if subs:
            out.remove(subs[0])
            out.insert(k, subs[0])
    return np.array(out, dtype=row.dtype)
