"""Records as token ids: what every later step of matching works on.

Tokens are `textnorm.tokens` (Latin words without English function words, CJK character bigrams,
numbers and ids as written), so Chinese without spaces compares like English. Each record keeps
its distinct token ids with their counts (term frequencies) and its identities (arXiv ids, URLs).
A *part* is the records of one file (one material's items, one earlier brief's entries, the
living document's paragraphs or sections); parts are cached by content (`cache.py`), since
tokenising is per-character Python work and the biggest cost of a cold scan.

Token *kinds* weigh differently in the score: a token with a digit (`4.70`, `h100`, `#17649`,
`v0.30.0`, an arXiv id) names a fact, and a Latin word inside Chinese text is usually a name
(`PLENA`, `FlashAttention`). Those are what a summary in other words, or in another language,
keeps; so they count more than a CJK bigram (see `kind_weight`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..text.normalize import identities, nfkc, tokens
from . import cache as mc

# Weight of a token by kind, multiplied into its idf. Measured on the test knowledge base under
# tests/workspaces/realkb (a reworded duplicate against same-topic distractors): digits 2 and
# Latin 1.5 ranked more true duplicates first than 1/1/1 and kept the distractors lower.
DIGIT_WEIGHT = 2.0
LATIN_WEIGHT = 1.5
CJK_WEIGHT = 1.0
MIN_TOKENS = 5  # fewer distinct tokens than this: never a duplicate on text alone
MIN_SHARED = 8  # fewer distinct tokens shared than this: never *likely* on text alone


def kind_weight(token: str) -> float:
    """DIGIT_WEIGHT for a token with a digit, CJK_WEIGHT for a CJK bigram, else LATIN_WEIGHT."""
    if any(ch.isdigit() for ch in token):
        return DIGIT_WEIGHT
    return CJK_WEIGHT if _cjk(token[0]) else LATIN_WEIGHT


def _cjk(ch: str) -> bool:
    o = ord(ch)
    return (
        0x3040 <= o <= 0x30FF
        or 0x3400 <= o <= 0x4DBF
        or 0x4E00 <= o <= 0x9FFF
        or 0xAC00 <= o <= 0xD7AF
        or 0xF900 <= o <= 0xFAFF
        or 0x20000 <= o <= 0x3134F
    )


def tokenize(
    store: mc.TokenStore,
    texts: Sequence[str],
    extra: Sequence[tuple[Sequence[str], Sequence[str]]] | None = None,
) -> mc.Part:
    """Token ids and counts of each text, and its identities (with an item's own arXiv/URLs).

    Every occurrence is mapped to its id in Python (one dict lookup); counting distinct ids per
    record is one sort of (record, id) keys in numpy, not a Counter per text."""
    get = store.index.get
    lengths: list[int] = []
    ids: list[int | None] = []
    idents: list[list[str]] = []
    for k, text in enumerate(texts):
        nf = nfkc(text)
        toks = tokens(nf, folded=True)
        start = len(ids)
        ids.extend(map(get, toks))
        if None in ids[start:]:
            got = ids[start:]
            ids[start:] = [
                store.token_id(t) if g is None else g for t, g in zip(toks, got, strict=True)
            ]
        lengths.append(len(toks))
        arxiv, links = extra[k] if extra else ((), ())
        idents.append(sorted(identities(nf, arxiv, links, folded=True)))
    store.dirty = True
    width = max(1, len(store.vocab))
    owner = np.repeat(np.arange(len(texts), dtype=np.int64), lengths)
    keys, counts = np.unique(owner * width + np.array(ids, np.int64), return_counts=True)
    distinct = np.bincount(keys // width, minlength=len(texts)).astype(np.int32)
    return mc.Part(distinct, (keys % width).astype(np.int32), counts.astype(np.int32), idents)


@dataclass
class Records:
    """Every text that takes part, tokenised, in record order (items first)."""

    lengths: np.ndarray  # int64, distinct tokens per record
    indptr: np.ndarray  # int64, n + 1
    ids: np.ndarray  # int32
    counts: np.ndarray  # int32
    idents: list[frozenset[str]]

    @classmethod
    def of(cls, parts: Sequence[mc.Part]) -> Records:
        empty = np.zeros(0, np.int32)
        lengths = np.concatenate([p.lengths for p in parts] or [empty]).astype(np.int64)
        indptr = np.zeros(len(lengths) + 1, np.int64)
        np.cumsum(lengths, out=indptr[1:])
        counts = [
            p.counts if p.counts is not None else np.ones(len(p.ids), np.int32) for p in parts
        ]
        return cls(
            lengths,
            indptr,
            np.concatenate([p.ids for p in parts] or [empty]).astype(np.int32),
            np.concatenate(counts or [empty]).astype(np.int32),
            [frozenset(x) for p in parts for x in p.idents],
        )

    @property
    def n(self) -> int:
        return len(self.lengths)

    def tokens_of(self, r: int) -> np.ndarray:
        return self.ids[self.indptr[r] : self.indptr[r + 1]]
