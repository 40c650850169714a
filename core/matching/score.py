"""The text score: shared meaning, weighted by rarity, calibrated against the item's background.

**Meaning.** Every record of the knowledge base (batch items, earlier-brief entries, living-document
paragraphs) is a vector of sublinear tf × idf over its tokens, idf counted over all of those
records and multiplied by the token's kind weight (`tokens.kind_weight`: numbers and ids, then
Latin names, count more than CJK bigrams), L2-normalised. The cosine of two vectors is high when
they share rare, meaning-bearing terms — a name, a figure, an issue number — whatever the words
around them, which is what a summary keeps of its material.

**Calibration.** A cosine means different things for different texts: a long Chinese item shares
common bigrams with everything, a short English bullet with nothing. So each item is measured
against its own background — its cosines with a fixed sample of the knowledge base, nearly all of
them unrelated — and the pair's *excess* is how far the cosine rises above the item's 90th
percentile, as a share of the way to identity: `s = (c − q90) / (1 − q90)`. The score is
`100 · (1 − exp(−s / TAU))`, with TAU set so that s = 0.30 is 85, the default `dedup.threshold`.
On the test knowledge base (tests/workspaces/realkb) no unrelated pair, same-topic distractors
included, reached s = 0.27, and reworded duplicates in one language reached 0.30–0.60; on the
benchmark's planted near-copies s was 0.31–0.99.

*Possible* candidates are below the threshold but clearly above the background: a cosine at least
POSSIBLE_SPREAD times the item's background spread (q90 − q50) above its median. That is where a
summary in another language lands (it shares only names and numbers), and where same-topic
distractors land too, which is why they are only listed as possible, a few at most.

**Near copies.** Beside the meaning score, rapidfuzz's `token_set_ratio` of the two token sets (one
character per distinct token) scores a text that quotes another and adds to it as 100: the
containment the cosine does not see when one side is much longer. The text score is the larger.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
from rapidfuzz import fuzz

from .tokens import MIN_TOKENS, Records

if TYPE_CHECKING:
    import scipy.sparse as sp  # imported where it is used: a warm scan never needs it

TAU = 0.30 / math.log(1 / 0.15)  # s = 0.30 scores 85
POSSIBLE_SPREAD = 3.0
# Near copies are looked for only among candidates with this cosine: one text that holds most of
# another (a short entry quoted by a long item) has a cosine of about the square root of the share
# of the longer one's weight they share, 0.3 for a tenth.
NEAR_COPY_COS = 0.2
NEAR_COPY_RANK = 8  # and only among an item's 8 best candidates by the search's score
POSSIBLE_FLOOR = 25.0  # a possible candidate scores at least this (else it is noise)
_CHAR_BASE = 0x10000  # token k is chr(_CHAR_BASE + k): astral planes hold no whitespace
_MAX_CHAR_TOKENS = 0x10FFFF - _CHAR_BASE


def tfidf(rec: Records, kind: np.ndarray, n_vocab: int) -> tuple[sp.csr_matrix, np.ndarray]:
    """The records' L2-normalised sublinear tf × idf × kind vectors (CSR, float32), and df."""
    import scipy.sparse as sp

    n = rec.n
    df = np.bincount(rec.ids, minlength=n_vocab).astype(np.int64)
    idf = (np.log((1.0 + n) / (1.0 + df)) + 1.0).astype(np.float32) * kind
    data = (1.0 + np.log(rec.counts.astype(np.float32))) * idf[rec.ids]
    owner = np.repeat(np.arange(n), rec.lengths)
    norms = np.sqrt(np.bincount(owner, weights=data.astype(np.float64) ** 2, minlength=n))
    data /= np.repeat(np.where(norms > 0, norms, 1.0), rec.lengths).astype(np.float32)
    matrix = sp.csr_matrix((data, rec.ids, rec.indptr), shape=(n, n_vocab), dtype=np.float32)
    return matrix, df


def calibrated(cos: np.ndarray, q50: np.ndarray, q90: np.ndarray) -> np.ndarray:
    """The 0..100 meaning score of cosines against the item's background (see the module doc)."""
    s = (cos - q90) / np.maximum(1.0 - q90, 1e-6)
    return np.where(s > 0, 100.0 * (1.0 - np.exp(-np.maximum(s, 0) / TAU)), 0.0)


def clearly_above(cos: np.ndarray, q50: np.ndarray, q90: np.ndarray) -> np.ndarray:
    """Whether a cosine stands clearly above the item's background (a *possible* candidate)."""
    spread = np.maximum(q90 - q50, 0.005)
    return cos >= q50 + POSSIBLE_SPREAD * spread


def encode(ids: np.ndarray) -> str:
    """The string rapidfuzz scores: one character per distinct token, space separated."""
    return " ".join(map(chr, (ids.astype(np.int64) + _CHAR_BASE).tolist()))


class NearCopy:
    """rapidfuzz `token_set_ratio` of two records' distinct token sets (0 below MIN_TOKENS)."""

    def __init__(self, rec: Records) -> None:
        self.rec = rec
        self.ok = (int(rec.ids.max()) if len(rec.ids) else 0) < _MAX_CHAR_TOKENS
        self._enc: dict[int, str] = {}

    def _of(self, r: int) -> str:
        got = self._enc.get(r)
        if got is None:
            got = self._enc[r] = encode(np.sort(self.rec.tokens_of(r)))
        return got

    def __call__(self, a: int, b: int) -> float:
        if not self.ok or self.rec.lengths[a] < MIN_TOKENS or self.rec.lengths[b] < MIN_TOKENS:
            return 0.0
        return float(fuzz.token_set_ratio(self._of(a), self._of(b)))
