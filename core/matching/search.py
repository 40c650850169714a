"""Candidate search: the best few records for every item, and each item's background.

The score is a cosine of sparse vectors, so every item's candidates are one row of the sparse
product items × records. Computed whole, that product walks every posting of every common token
(a CJK bigram such as 推理 is in a third of all records): 16 s for 3,000 items × 53,600 records.
Common tokens carry little weight and never make a duplicate on their own, so the search leaves
out of each item's query the tokens in more than `common_df(n)` records (keeping at least its
KEEP_RAREST rarest ones, and its KEEP_HEAVIEST heaviest: a copy of an entry that shares only
common words with it, beside rare words of its own that lead elsewhere, is found by those),
takes the top TOP_K records of that pruned product per item, and then scores those candidates
exactly. The background of an item is its exact cosines with a fixed,
evenly spaced sample of BACKGROUND records: their median and 90th percentile.

Items are processed in chunks so that the dense block of one chunk's pruned scores stays under
CHUNK_CELLS floats whatever the size of the knowledge base.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import scipy.sparse as sp  # imported where it is used: a warm scan never needs it

TOP_K = 24  # candidates per item scored exactly
KEEP_RAREST = 8  # query tokens an item always keeps, however common
KEEP_HEAVIEST = 8  # and its heaviest ones (weight in its own vector), however common
BACKGROUND = 1024  # records sampled for each item's background
MIN_BACKGROUND = 32  # with fewer records the background says nothing: DEFAULT_BACKGROUND
DEFAULT_BACKGROUND = (0.0, 0.04)  # (q50, q90) of a typical item of tests/workspaces/realkb
BACKGROUND_DROP = 3  # an item's highest background cosines are left out (its own duplicates)
CHUNK_CELLS = 16_000_000  # items × records scored densely at a time


def common_df(n_records: int) -> int:
    """Tokens in more records than this are left out of the candidate query (not the score)."""
    return max(200, n_records // 100)


def _pruned_queries(x: sp.csr_matrix, n_items: int, df: np.ndarray) -> sp.csr_matrix:
    """The items' rows with common tokens dropped (each keeps its KEEP_RAREST rarest)."""
    import scipy.sparse as sp

    q = x[:n_items].tocsr()
    q.sort_indices()
    lengths = np.diff(q.indptr)
    owner = np.repeat(np.arange(n_items), lengths)
    tok_df = df[q.indices]
    starts = np.repeat(q.indptr[:-1], lengths)
    # rank of each token within its row by df (0 = rarest), and by weight (0 = heaviest)
    order = np.lexsort((tok_df, owner))
    rank = np.empty(len(order), np.int64)
    rank[order] = np.arange(len(order)) - starts
    order = np.lexsort((-q.data, owner))
    heavy = np.empty(len(order), np.int64)
    heavy[order] = np.arange(len(order)) - starts
    keep = (tok_df <= common_df(x.shape[0])) | (rank < KEEP_RAREST) | (heavy < KEEP_HEAVIEST)
    data = np.where(keep, q.data, 0).astype(np.float32)
    pruned = sp.csr_matrix((data, q.indices, q.indptr), shape=q.shape)
    pruned.eliminate_zeros()
    return pruned


def exact(
    x: sp.csr_matrix, rows: np.ndarray, cols: np.ndarray, y: sp.csr_matrix | None = None
) -> np.ndarray:
    """Cosines of the pairs (rows[k], cols[k]) of records, in chunks: x[row] · y[col] (`y`, the
    records as the other side of a pair sees them, is `x` but for the bridge, `bridge.py`)."""
    y = x if y is None else y
    out = np.zeros(len(rows), np.float32)
    step = 65_536
    for a in range(0, len(rows), step):
        b = min(len(rows), a + step)
        out[a:b] = np.asarray(x[rows[a:b]].multiply(y[cols[a:b]]).sum(axis=1)).ravel()
    return out


def candidates(
    x: sp.csr_matrix,
    n_items: int,
    df: np.ndarray,
    tick: Callable[[int], None] | None = None,
    y: sp.csr_matrix | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(item, record, exact cosine, rank) of each item's TOP_K best records by the pruned product
    (itself excluded; pairs with a pruned score of 0 are not candidates). `rank` is the record's
    place among the item's candidates by that score, 0 the best.

    The pruned product stays sparse: each row's top k is taken from its non-zeros (a dense row is
    mostly zeros, and selecting among that many ties is what made a dense `argpartition` slow)."""
    n = x.shape[0]
    empty = np.zeros(0, np.int64)
    if n_items == 0 or n < 2:
        return empty, empty, np.zeros(0, np.float32), empty
    q = _pruned_queries(x, n_items, df)
    xt = (x if y is None else y).T.tocsr()
    step = max(1, min(n_items, CHUNK_CELLS // n))
    out_i: list[np.ndarray] = []
    out_r: list[np.ndarray] = []
    out_k: list[np.ndarray] = []
    for a in range(0, n_items, step):
        b = min(n_items, a + step)
        block = (q[a:b] @ xt).tocsr()
        indptr, indices, data = block.indptr, block.indices, block.data
        for row in range(b - a):
            lo, hi = indptr[row], indptr[row + 1]
            cols, vals = indices[lo:hi], data[lo:hi]
            keep = (cols != a + row) & (vals > 0)
            cols, vals = cols[keep], vals[keep]
            if len(cols) > TOP_K:
                top = np.argpartition(vals, len(vals) - TOP_K)[len(vals) - TOP_K :]
                cols, vals = cols[top], vals[top]
            order = np.argsort(-vals, kind="stable")
            out_i.append(np.full(len(cols), a + row, np.int64))
            out_r.append(cols[order].astype(np.int64))
            out_k.append(np.arange(len(cols), dtype=np.int64))
        if tick:
            tick(b - a)
    items = np.concatenate(out_i) if out_i else empty
    recs = np.concatenate(out_r) if out_r else empty
    ranks = np.concatenate(out_k) if out_k else empty
    return items, recs, exact(x, items, recs, y), ranks


def background(
    x: sp.csr_matrix, n_items: int, y: sp.csr_matrix | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Per item, the median and 90th percentile of its cosines with an evenly spaced sample of
    the records, itself and its BACKGROUND_DROP closest left out (in a small knowledge base the
    sample is everything, its duplicates included). DEFAULT_BACKGROUND below MIN_BACKGROUND
    records."""
    n = x.shape[0]
    if n_items == 0 or n < MIN_BACKGROUND:
        return np.full(n_items, DEFAULT_BACKGROUND[0]), np.full(n_items, DEFAULT_BACKGROUND[1])
    size = min(BACKGROUND, n)
    sample = np.unique(np.linspace(0, n - 1, size).round().astype(np.int64))
    block = (x if y is None else y)[sample].T.tocsr()
    q50 = np.zeros(n_items)
    q90 = np.zeros(n_items)
    step = max(1, min(n_items, CHUNK_CELLS // max(1, len(sample))))
    for a in range(0, n_items, step):
        b = min(n_items, a + step)
        dense = (x[a:b] @ block).toarray()
        dense[sample[None, :] == np.arange(a, b)[:, None]] = -1.0  # not itself
        dense.sort(axis=1)
        kept = dense[:, 1 : dense.shape[1] - BACKGROUND_DROP]  # itself sorted first
        q50[a:b], q90[a:b] = np.percentile(kept, [50, 90], axis=1)
    return q50, q90
