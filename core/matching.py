"""Duplicates and placements (PRODUCT §7), fast enough for 3,000 items against 50,000 entries.

**The score.** Texts become token sets (`textnorm.tokens`: Latin words and CJK bigrams, so Chinese
compares like English); each distinct token is encoded as one private character and the duplicate
score is rapidfuzz's `fuzz.token_set_ratio` of those encodings. Two texts score 100 when one's
tokens are all in the other (an item that quotes an earlier entry and adds a paragraph is still that
entry), and otherwise by how much of the smaller side is shared (≥ 85 needs about three quarters of
its distinct tokens). One character per token makes the score a function of three counts only —
shared tokens `s` and the two set sizes — so an index that counts shared tokens knows every score
exactly; `_token_set_ratio` is that function, checked against rapidfuzz in the tests. Texts with
fewer than `MIN_TOKENS` distinct tokens (empty, punctuation, a bare heading) never match on text.

**Identity.** A shared arXiv id or URL makes a candidate whatever the text says, scored
`max(text score, 90 + 10 × Jaccard(identity sets))`: a long item and a one-line entry about the same
single paper score 100, while an entry that lists eight ids gives each of them 91.25. An id or URL
named by more than `COMMON_IDENTITY` texts (a project's home page) is not evidence.

**Scale.** No items × entries matrix. Because the score is a function of counts, a passing pair
must share ≥ α1 of its smaller side's tokens or ≥ α2 of both sides' (`_shares`: 0.74 and 0.70 at
85). That makes prefix filtering exact: with every token set ordered rarest first, a passing pair
meets in the first few tokens of one or both sides. Postings over the *batch items* (token → items,
sorted by item size so a probe walks only sizes that can pass) are probed by every record's prefix
in chunks, counting shared prefix tokens with `np.bincount` — the "very frequent n-grams" are
skipped by construction, as they sit at the end of every order and are never in a prefix. Cells
below the count a passing pair guarantees are dropped; two hashed-signature upper bounds and an
exact count settle the rest. The result is exactly the set of pairs a brute-force
`process.cdist` with the same scorer and cutoff finds, for any threshold above 50 (the tests and
`benchmarks/run.py` check it); rapidfuzz then scores those pairs for the answer.

**Placements.** TF-IDF (sublinear tf, idf over the sections) cosine of the item against each
section's title (counted twice) and text, ×100, computed as a sparse gather over a dense
sections × tokens block in numpy.

**Cache.** `matchcache`: token ids per brief / material / living document keyed by content hash,
and the finished answer keyed by the whole input.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from itertools import groupby
from pathlib import Path

import numpy as np
from rapidfuzz import fuzz

from . import matchcache as mc
from .models import BriefEntry, Duplicate, Item, ItemMatches, Placement, Section
from .textnorm import TOKENIZER_VERSION, identities, nfkc, paragraphs, tokens

MATCH_VERSION = "1"
MIN_TOKENS = 5  # fewer distinct tokens than this: never a duplicate on text alone
MAX_DUPLICATES = 10
TEXT_CHARS = 300
IDENTITY_FLOOR = 90.0
COMMON_IDENTITY = 200  # an id or URL named by more records than this is not evidence of a duplicate
SIGNATURE_WORDS = 32  # 2,048 hashed bits per record: a cheap upper bound on shared tokens
PREFIX_EXTRA = 8  # K of the extended prefix filter: longer prefixes, far fewer candidates
GATHER_BUDGET = 3_000_000  # postings walked per chunk of records (bounds the memory)
MAX_CELLS = 2_000_000  # records × items counted per chunk
_CHAR_BASE = 0x10000  # token k is chr(_CHAR_BASE + k): astral planes hold no whitespace
_MAX_CHAR_TOKENS = 0x10FFFF - _CHAR_BASE


# -- the score ----------------------------------------------------------------------------------


def _token_set_ratio(s: np.ndarray, na: np.ndarray, nb: np.ndarray) -> np.ndarray:
    """rapidfuzz `token_set_ratio` of two one-character-per-token encodings, from counts alone.

    `s` shared tokens, `na`/`nb` distinct tokens of each side. Mirrors rapidfuzz 3.x: joined lengths
    are 2k-1 for k tokens; the diff strings have no character in common but their separating
    spaces, so their indel distance is known; the sect-vs-sect+diff ratios depend on lengths only.
    """
    s, na, nb = (np.asarray(x, dtype=np.float64) for x in (s, na, nb))
    a, b = na - s, nb - s
    has_s = s > 0
    sect = np.where(has_s, 2 * s - 1, 0)
    ab = np.where(a > 0, 2 * a - 1, 0)
    ba = np.where(b > 0, 2 * b - 1, 0)
    sect_ab = sect + has_s + ab
    sect_ba = sect + has_s + ba
    total = sect_ab + sect_ba
    spaces = np.where((a > 0) & (b > 0), np.minimum(a, b) - 1, 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        whole = np.where(total > 0, 100 * (1 - (ab + ba - 2 * spaces) / total), 0)
        part_a = np.where(has_s, 100 * (1 - (1 + ab) / (sect + sect_ab)), 0)
        part_b = np.where(has_s, 100 * (1 - (1 + ba) / (sect + sect_ba)), 0)
    score = np.maximum(whole, np.maximum(part_a, part_b))
    score = np.where(has_s & ((a == 0) | (b == 0)), 100.0, score)
    return np.where((na > 0) & (nb > 0), score, 0.0)


def _shares(threshold: float) -> tuple[float, float]:
    """(α1, α2): any pair scoring ≥ threshold shares ≥ α1 of one side's tokens, or ≥ α2 of both.

    From the formula: the sect ratios need s ≥ (t·n + 1 - t)/(2 - t) of the side they measure, so
    α1 = t/(2-t); the whole-string ratio needs both diffs ≤ (1-t)(4s-2)/(4t-2), so α2 = 2t-1.
    `tests/unit/test_matching.py` checks both exhaustively for sets up to 300 tokens.
    """
    t = threshold / 100
    if t <= 0.5:
        return 0.0, 0.0
    return t / (2 - t), 2 * t - 1


def encode(ids: np.ndarray) -> str:
    """The string rapidfuzz scores: one character per distinct token, space separated."""
    return " ".join(map(chr, (ids.astype(np.int64) + _CHAR_BASE).tolist()))


def encode_texts(texts: Sequence[str]) -> list[str]:
    """The strings the duplicate scorer compares, one character per distinct token over a shared
    vocabulary; "" for a text too short to match (fewer than MIN_TOKENS distinct tokens). The brute
    force of the benchmark and the tests scores exactly these."""
    vocab: dict[str, int] = {}
    out = []
    for text in texts:
        ids = np.array(sorted({vocab.setdefault(t, len(vocab)) for t in tokens(text)}), np.int64)
        out.append(encode(ids) if len(ids) >= MIN_TOKENS else "")
    return out


def text_score(a: str, b: str) -> float:
    """The duplicate text score of two texts (0..100), as the index computes it."""
    ea, eb = encode_texts([a, b])
    return float(fuzz.token_set_ratio(ea, eb)) if ea and eb else 0.0


# -- records ------------------------------------------------------------------------------------


class _Records:
    """Every text that takes part, tokenised: items first, then entries, then paragraphs."""

    def __init__(self, parts: list[mc.Part]) -> None:
        lengths = np.concatenate([p.lengths for p in parts] or [np.zeros(0, np.int32)])
        self.n = len(lengths)
        self.indptr = np.zeros(self.n + 1, np.int64)
        np.cumsum(lengths, out=self.indptr[1:])
        self.ids = np.concatenate([p.ids for p in parts] or [np.zeros(0, np.int32)])
        self.sizes = lengths.astype(np.int64)
        self.idents = [frozenset(x) for p in parts for x in p.idents]

    def tokens_of(self, r: int) -> np.ndarray:
        return self.ids[self.indptr[r] : self.indptr[r + 1]]


def _tokenize(
    store: mc.TokenStore,
    texts: list[str],
    extra: list[tuple[list[str], list[str]]] | None,
    counts: bool,
) -> mc.Part:
    """Token ids (and counts) of each text, and its identities (with an item's own arXiv/URLs)."""
    get = store.index.get
    lengths: list[int] = []
    ids: list[int] = []
    cnts: list[int] = []
    idents: list[list[str]] = []
    for k, text in enumerate(texts):
        nf = nfkc(text)
        toks = tokens(nf, folded=True)
        if counts:
            c = Counter(toks)
            uniq, cnts_k = list(c), list(c.values())
            cnts.extend(cnts_k)
        else:
            uniq = list(dict.fromkeys(toks))
        got = list(map(get, uniq))
        if None in got:
            got = [store.token_id(t) if g is None else g for t, g in zip(uniq, got, strict=True)]
        ids.extend(got)
        lengths.append(len(got))
        arxiv, links = extra[k] if extra else ((), ())
        idents.append(sorted(identities(nf, arxiv, links, folded=True)))
    store.dirty = True
    return mc.Part(
        np.array(lengths, np.int32),
        np.array(ids, np.int32),
        np.array(cnts, np.int32) if counts else None,
        idents,
    )


def _section_doc(section: Section) -> str:
    return f"{section.title}\n{section.title}\n{section.text}"


# key, texts, the items' own arXiv ids and URLs (or None), keep counts?, records
_Source = tuple[str, list[str], list[tuple[list[str], list[str]]] | None, bool, int]


def _sources(
    items: Sequence[Item],
    sections: Sequence[Section],
    entries: Sequence[BriefEntry],
    doc_paras: list[tuple[str, str]],
) -> tuple[list[_Source], int]:
    """The parts in record order (items by material, entries by brief, paragraphs, sections),
    and how many of them are item parts. A part's key hashes everything its tokens depend on."""
    out: list[_Source] = []

    def add(
        kind: str, texts: list[str], extra: list[tuple[list[str], list[str]]] | None, counts: bool
    ) -> None:
        flat = ["\x1e".join((*a, "\x1d", *u)) for a, u in extra] if extra else []
        out.append(
            (mc.text_key(kind, TOKENIZER_VERSION, *texts, *flat), texts, extra, counts, len(texts))
        )

    # Runs of one material / one brief (records keep the caller's order; a file's items and
    # entries come together, so a run is normally the whole file).
    n_item_parts = 0
    for _, run in groupby(items, key=lambda i: i.material):
        group = list(run)
        add("items", [i.text for i in group], [(list(i.arxiv), list(i.urls)) for i in group], True)
        n_item_parts += 1
    for _, run in groupby(entries, key=lambda e: e.brief):
        add("brief", [e.text for e in run], None, False)
    add("paragraphs", [t for _, t in doc_paras], None, False)
    add("sections", [_section_doc(s) for s in sections], None, True)
    return out, n_item_parts


# -- duplicates ---------------------------------------------------------------------------------


def _popcount(x: np.ndarray) -> np.ndarray:
    """Set bits per row of a uint64 matrix."""
    if hasattr(np, "bitwise_count"):
        return np.bitwise_count(x).sum(axis=-1, dtype=np.int64)
    table = np.array([bin(i).count("1") for i in range(256)], np.uint8)
    return table[x.view(np.uint8)].reshape(*x.shape[:-1], -1).sum(axis=-1, dtype=np.int64)


def _postings(
    tok: np.ndarray, item: np.ndarray, size: np.ndarray, width: int
) -> tuple[np.ndarray, np.ndarray]:
    """Items by (token, size): sorted keys `token·width + size` and the items in that order."""
    key = tok * width + size
    order = np.argsort(key, kind="stable")
    return key[order], item[order].astype(np.int32)


class _Probe:
    """One probe of the item postings: per probing token, its record and the slice it walks.

    Arrays are in record order, so the tokens of records r0..r1 are one slice of them.
    """

    def __init__(self, rec: np.ndarray, lo: np.ndarray, hi: np.ndarray, post: np.ndarray) -> None:
        keep = hi > lo
        self.rec = rec[keep].astype(np.int32)
        self.lo = lo[keep].astype(np.int32)
        self.hi = hi[keep].astype(np.int32)
        self.post = post
        self.cum = np.r_[0, np.cumsum(self.hi - self.lo, dtype=np.int64)]

    def span(self, r0: int, r1: int) -> tuple[int, int]:
        return int(np.searchsorted(self.rec, r0)), int(np.searchsorted(self.rec, r1))

    def work_before(self, r: np.ndarray) -> np.ndarray:
        """Postings walked by the tokens of records < r."""
        return self.cum[np.searchsorted(self.rec, r)]

    def tally(self, r0: int, r1: int, n_items: int) -> np.ndarray:
        """Shared prefix-token counts per (record - r0, item) cell for records r0..r1."""
        a, b = self.span(r0, r1)
        cells = (r1 - r0) * n_items
        total = int(self.cum[b] - self.cum[a])
        if not total:
            return np.zeros(cells, np.int64)
        lo = self.lo[a:b]
        counts = self.hi[a:b] - lo
        index = np.arange(total, dtype=np.int64)
        index -= np.repeat(self.cum[a + 1 : b + 1] - self.cum[a] - counts - lo, counts)
        hit = np.repeat((self.rec[a:b].astype(np.int64) - r0) * n_items, counts)
        hit += self.post[index]
        return np.bincount(hit, minlength=cells)


def _signatures(rec: _Records, owner: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per record a 2,048-bit and a 256-bit set of hashed tokens (see _signature_bound)."""
    sig = np.zeros(rec.n * SIGNATURE_WORDS, np.uint64)
    step = 1 << 20  # tokens at a time, to keep the temporaries small
    for lo in range(0, len(rec.ids), step):
        h = (
            rec.ids[lo : lo + step].astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15)
        ) >> np.uint64(53)
        word = owner[lo : lo + step] * SIGNATURE_WORDS + (h >> np.uint64(6)).astype(np.int64)
        np.bitwise_or.at(sig, word, np.left_shift(np.uint64(1), h & np.uint64(63)))
    sig = sig.reshape(rec.n, SIGNATURE_WORDS)
    small = np.bitwise_or.reduce(sig.reshape(rec.n, SIGNATURE_WORDS // 4, 4), axis=1)
    return sig, small


def _signature_bound(
    sig: np.ndarray, items: np.ndarray, recs: np.ndarray, rec: _Records
) -> np.ndarray:
    """An upper bound on shared tokens from hashed signatures.

    Not popcount(a & b): shared tokens may share a bit. But every bit set in a and not in b
    stands for at least one token of a that b lacks, so shared ≤ |a| - popcount(a & ~b), and
    the same the other way round.
    """
    a, b = sig[items], sig[recs]
    only_a = _popcount(a & ~b)
    only_b = _popcount(b & ~a)
    return np.minimum(rec.sizes[items] - only_a, rec.sizes[recs] - only_b)


def _shared_exact(rec: _Records, items: np.ndarray, recs: np.ndarray) -> np.ndarray:
    """|tokens(item) ∩ tokens(record)| for each pair, by one sort of the pairs' tokens."""
    out = np.zeros(len(items), np.int64)
    if not len(items):
        return out
    vocab = int(rec.ids.max()) + 1
    sizes = rec.sizes[items] + rec.sizes[recs]
    start = 0
    while start < len(items):
        stop = start + max(1, int(np.searchsorted(np.cumsum(sizes[start:]), 4_000_000)))
        sel = np.arange(start, min(stop, len(items)))
        keys = []
        for side in (items[sel], recs[sel]):
            lens = rec.sizes[side]
            pair = np.repeat(np.arange(len(sel), dtype=np.int64), lens)
            pos = np.arange(int(lens.sum()), dtype=np.int64) - np.repeat(
                np.cumsum(lens) - lens, lens
            )
            keys.append(pair * vocab + rec.ids[np.repeat(rec.indptr[side], lens) + pos])
        merged = np.sort(np.concatenate(keys))
        dup = merged[1:][merged[1:] == merged[:-1]] // vocab
        out[sel] = np.bincount(dup, minlength=len(sel))
        start = int(sel[-1]) + 1
    return out


def _passes(
    shared: np.ndarray, items: np.ndarray, recs: np.ndarray, rec: _Records, cutoff: float
) -> np.ndarray:
    bound = np.minimum(shared, np.minimum(rec.sizes[items], rec.sizes[recs]))
    return _token_set_ratio(bound, rec.sizes[items], rec.sizes[recs]) >= cutoff


def _text_pairs(
    rec: _Records, n_items: int, threshold: float, progress: Callable[[int], None]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every (item, record, shared tokens) with text score ≥ threshold, item ≠ record. Exact.

    Prefix filtering, extended by K = PREFIX_EXTRA: order all tokens rarest first. A pair that
    passes shares s ≥ o1 = ⌈α1·n⌉ tokens of its smaller side X (if the larger side were the one
    contained, both would share ≥ α1 ≥ α2), so X's first n - o1 + K tokens hold ≥ min(K, o1) of
    them; or it shares ≥ o2 = ⌈α2·n⌉ of both sides, so both sides' first n - o2 + K tokens hold
    the same min(K, o2) smallest shared tokens, and the sizes are within a factor α2. Three probes
    of postings over the batch items (sorted by size, so a probe walks only sizes that can pass)
    count exactly those overlaps; a cell below its guarantee cannot pass. The survivors go through
    two hashed-signature upper bounds, then exact counts.
    """
    empty = np.zeros(0, np.int64)
    if n_items == 0 or rec.n == 0 or not len(rec.ids):
        return empty, empty, empty
    vocab = int(rec.ids.max()) + 1
    sizes = rec.sizes
    owner = np.repeat(np.arange(rec.n, dtype=np.int64), sizes)
    matchable = sizes >= MIN_TOKENS
    live = matchable[owner]
    df = np.bincount(rec.ids[live], minlength=vocab)
    rank = np.empty(vocab, np.int64)
    rank[np.lexsort((np.arange(vocab), df))] = np.arange(vocab)
    sig, small = _signatures(rec, owner)
    keys = owner[live]  # built in place: this is the largest array of the scan
    del owner
    keys *= vocab
    keys += rank[rec.ids[live]]
    del live, df
    keys.sort()
    t_rec = (keys // vocab).astype(np.int32)
    keys %= vocab
    t_rank = keys
    first = np.zeros(rec.n + 1, np.int64)
    np.cumsum(np.bincount(t_rec, minlength=rec.n), out=first[1:])
    pos = np.arange(len(t_rec), dtype=np.int64) - first[t_rec]
    del first
    alpha1, alpha2 = _shares(threshold)
    k = PREFIX_EXTRA
    o1 = np.ceil(alpha1 * sizes - 1e-9).astype(np.int64)
    o2 = np.ceil(alpha2 * sizes - 1e-9).astype(np.int64)
    g1 = np.clip(
        o1, 1, k
    )  # guaranteed prefix overlap of a passing pair (≥ 1: no shared token, no match)
    g2 = np.clip(o2, 1, k)
    t_size = sizes[t_rec]
    in_p1 = pos < t_size - o1[t_rec] + k
    in_p2 = pos < t_size - o2[t_rec] + k
    del pos
    width = int(sizes.max()) + 2
    is_item = t_rec < n_items
    full = _postings(t_rank[is_item], t_rec[is_item], t_size[is_item], width)
    sel = is_item & in_p1
    p1 = _postings(t_rank[sel], t_rec[sel], t_size[sel], width)
    sel = is_item & in_p2
    p2 = _postings(t_rank[sel], t_rec[sel], t_size[sel], width)
    del is_item, sel
    # a: the record is the smaller side and contained: its prefix against every larger item.
    segments = np.arange(vocab + 1, dtype=np.int64) * width  # where each token's postings start
    ra, ta, za = t_rec[in_p1], t_rank[in_p1], t_size[in_p1]
    full_end = np.searchsorted(full[0], segments)[ta + 1]
    probe_a = _Probe(ra, np.searchsorted(full[0], ta * width + za), full_end, full[1])
    del ra, ta, za, full_end
    # b: the item is the smaller side and contained: every record token against smaller items'
    # prefixes.
    p1_start = np.searchsorted(p1[0], segments)[t_rank]
    probe_b = _Probe(
        t_rec, p1_start, np.searchsorted(p1[0], t_rank * width + t_size, side="right"), p1[1]
    )
    del p1_start, segments
    # c: both share ≥ α2: prefix against prefix, sizes within a factor α2 (one size of slack).
    rc, kc, zc = t_rec[in_p2], t_rank[in_p2] * width, t_size[in_p2]
    if alpha2 > 0:
        least = np.maximum(o2[rc] - 1, 0)
        most = np.minimum(np.floor((zc + 1e-9) / alpha2) + 1, width - 1).astype(np.int64)
    else:
        least, most = np.zeros_like(zc), np.full_like(zc, width - 1)
    probe_c = _Probe(
        rc,
        np.searchsorted(p2[0], kc + least),
        np.searchsorted(p2[0], kc + most, side="right"),
        p2[1],
    )
    del rc, kc, zc, least, most, t_rec, t_rank, t_size, in_p1, in_p2

    bounds = np.arange(rec.n + 1)
    work = sum(p.work_before(bounds) for p in (probe_a, probe_b, probe_c))
    cutoff = threshold - 1e-9
    max_rows = max(1, MAX_CELLS // n_items)
    g_items = int(min(g1[:n_items].min(), g2[:n_items].min()))
    found_i: list[np.ndarray] = []
    found_r: list[np.ndarray] = []
    found_s: list[np.ndarray] = []
    r0 = 0
    while r0 < rec.n:
        r1 = int(np.searchsorted(work, work[r0] + GATHER_BUDGET, side="right")) - 1
        r1 = min(rec.n, r0 + max_rows, max(r1, r0 + 1))
        ta = probe_a.tally(r0, r1, n_items)
        tb = probe_b.tally(r0, r1, n_items)
        tc = probe_c.tally(r0, r1, n_items)
        g_lo = min(g_items, int(g1[r0:r1].min()), int(g2[r0:r1].min()))
        nz = np.flatnonzero((ta >= g_lo) | (tb >= g_lo) | (tc >= g_lo))
        recs, items = nz // n_items + r0, nz % n_items
        ok = (
            (ta[nz] >= g1[recs])
            | (tb[nz] >= g1[items])
            | (tc[nz] >= np.minimum(g2[recs], g2[items]))
        )
        del ta, tb, tc, nz
        ok &= (recs != items) & matchable[recs] & matchable[items]
        recs, items = recs[ok], items[ok]
        for s in (small, sig):  # upper bounds on the shared count, cheapest first
            ok = _passes(_signature_bound(s, items, recs, rec), items, recs, rec, cutoff)
            recs, items = recs[ok], items[ok]
        shared = _shared_exact(rec, items, recs)
        ok = _passes(shared, items, recs, rec, cutoff)
        found_i.append(items[ok])
        found_r.append(recs[ok])
        found_s.append(shared[ok])
        progress(r1 - r0)
        r0 = r1
    return (
        np.concatenate(found_i or [empty]),
        np.concatenate(found_r or [empty]),
        np.concatenate(found_s or [empty]),
    )


# -- placements ---------------------------------------------------------------------------------


def _placements(
    item_part: list[mc.Part], section_part: mc.Part, top: int
) -> list[list[tuple[int, float]]]:
    """Per item the best `top` (section index, score > 0), best first, ties by document order."""
    n_items = sum(len(p.lengths) for p in item_part)
    n_sec = len(section_part.lengths)
    if n_sec == 0 or top <= 0 or n_items == 0:
        return [[] for _ in range(n_items)]
    s_len = section_part.lengths.astype(np.int64)
    s_ids = section_part.ids.astype(np.int64)
    s_cnt = (
        section_part.counts if section_part.counts is not None else np.ones(len(s_ids), np.int32)
    )
    s_owner = np.repeat(np.arange(n_sec), s_len)
    cols, col_of = np.unique(s_ids, return_inverse=True)
    df = np.bincount(col_of, minlength=len(cols))
    idf = np.log((1 + n_sec) / (1 + df)) + 1
    idf_unseen = math.log(1 + n_sec) + 1
    weights = (1 + np.log(s_cnt)) * idf[col_of]
    matrix = np.zeros((len(cols), n_sec), np.float32)
    matrix[col_of, s_owner] = weights
    norms = np.sqrt((matrix.astype(np.float64) ** 2).sum(axis=0))
    matrix /= np.where(norms > 0, norms, 1).astype(np.float32)

    i_len = np.concatenate([p.lengths for p in item_part]).astype(np.int64)
    i_ids = np.concatenate([p.ids for p in item_part]).astype(np.int64)
    i_cnt = np.concatenate(
        [p.counts for p in item_part if p.counts is not None] or [np.ones(len(i_ids), np.int32)]
    )
    if len(cols) == 0:
        return [[] for _ in range(n_items)]
    pos = np.minimum(np.searchsorted(cols, i_ids), len(cols) - 1)
    known = cols[pos] == i_ids
    w = (1 + np.log(i_cnt)) * np.where(known, idf[pos], idf_unseen)
    i_owner = np.repeat(np.arange(n_items), i_len)
    i_norm = np.sqrt(np.bincount(i_owner, weights=w * w, minlength=n_items))

    scores = np.zeros((n_items, n_sec), np.float32)
    step = 256
    for a in range(0, n_items, step):
        b = min(n_items, a + step)
        sel = known & (i_owner >= a) & (i_owner < b)
        if not sel.any():
            continue
        contrib = matrix[pos[sel]] * w[sel, None].astype(np.float32)
        _segment_sum(scores[a:b], i_owner[sel] - a, contrib)
    scores /= np.where(i_norm > 0, i_norm, 1)[:, None].astype(np.float32)
    order = np.argsort(-scores, axis=1, kind="stable")[:, :top]
    best = np.round(np.take_along_axis(scores, order, axis=1).astype(np.float64) * 100, 1)
    return [
        [(int(j), float(sc)) for j, sc in zip(row_j, row_s, strict=True) if sc > 0]
        for row_j, row_s in zip(order.tolist(), best.tolist(), strict=True)
    ]


def _segment_sum(block: np.ndarray, owners: np.ndarray, contrib: np.ndarray) -> None:
    """block[o] += contrib rows, owners sorted ascending (they are: tokens are grouped by item)."""
    starts = np.flatnonzero(np.r_[True, owners[1:] != owners[:-1]])
    block[owners[starts]] = np.add.reduceat(contrib, starts, axis=0)


# -- the entry point ----------------------------------------------------------------------------


def match_items(
    items: Sequence[Item],
    sections: Sequence[Section],
    entries: Sequence[BriefEntry],
    living_doc_path: str,
    *,
    threshold: int = 85,
    top_placements: int = 3,
    cache_dir: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, ItemMatches]:
    """Placements and duplicate candidates of every item, keyed by `item.ref` (every item present).

    Duplicates: the candidates with a text score ≥ `threshold` plus those sharing an arXiv id or
    URL, one per (kind, ref) — a living-document section once, with its best paragraph — best
    first, ties by ref, at most MAX_DUPLICATES. Placements: the best `top_placements` sections
    with a score above 0, ties in document order. `cache_dir=None` reads and writes nothing;
    `progress(done, total)` is called as work completes, the last time with done == total.
    """
    threshold = min(max(threshold, 0), 100)
    doc_paras = [(s.id, p) for s in sections for p in paragraphs(s.text)]
    sources, n_item_parts = _sources(items, sections, entries, doc_paras)
    result_key = mc.text_key(
        "result",
        MATCH_VERSION,
        TOKENIZER_VERSION,
        str(threshold),
        str(top_placements),
        living_doc_path,
        *(k for k, *_ in sources),
        *(i.ref for i in items),
        *(e.ref for e in entries),
        *(f"{s.id}\x1e{s.title}" for s in sections),
        *(sid for sid, _ in doc_paras),
    )
    kinds = ["batch"] * len(items) + ["brief"] * len(entries) + ["living-doc"] * len(doc_paras)
    refs = (
        [i.ref for i in items]
        + [e.ref for e in entries]
        + [f"{living_doc_path}§{sid}" for sid, _ in doc_paras]
    )
    texts = [i.text for i in items] + [e.text for e in entries] + [t for _, t in doc_paras]
    cached = _from_json(mc.load_result(cache_dir, result_key), items, sections, kinds, refs, texts)
    if cached is not None:
        if progress:
            progress(1, 1)
        return cached

    total = sum(n for *_, n in sources) + len(items) + len(entries) + len(doc_paras) + len(items)
    done = 0

    def tick(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress(min(done, total), total)

    store = mc.load_store(cache_dir)
    parts: list[mc.Part] = []
    for key, part_texts, extra, counts, n in sources:
        part = store.parts.get(key)
        if part is None or (part.counts is not None) != counts or len(part.lengths) != n:
            part = store.parts[key] = _tokenize(store, part_texts, extra, counts)
        parts.append(part)
        tick(n)
    mc.save_store(cache_dir, store, [k for k, *_ in sources])

    item_parts, corpus_parts, section_part = parts[:n_item_parts], parts[n_item_parts:-1], parts[-1]
    corpus_keys = [key for key, *_ in sources[n_item_parts:-1]]
    item_keys = [
        mc.text_key("item", TOKENIZER_VERSION, i.text, *i.arxiv, "\x1d", *i.urls) for i in items
    ]
    records = _Records(parts[:-1])
    pairs = _cached_pairs(
        cache_dir, records, item_parts, corpus_parts, corpus_keys, item_keys, threshold, tick
    )
    found = _duplicates(records, len(items), pairs, kinds, refs)
    placed = _cached_placements(
        cache_dir, item_parts, item_keys, section_part, sources[-1][0], top_placements
    )
    if progress:
        progress(total, total)
    mc.save_result(cache_dir, result_key, {"placements": placed, "duplicates": found})
    return _build(items, sections, kinds, refs, texts, placed, found)


def _items_part(item_parts: list[mc.Part], which: list[int]) -> mc.Part:
    """A part holding only the items `which` (token ids and counts), for probing or placing them."""
    rec = _Records(item_parts)
    counts = np.concatenate(
        [p.counts for p in item_parts if p.counts is not None] or [np.zeros(0, np.int32)]
    )
    sel = [np.arange(rec.indptr[k], rec.indptr[k + 1]) for k in which]
    index = np.concatenate(sel or [np.zeros(0, np.int64)]).astype(np.int64)
    return mc.Part(
        rec.sizes[which].astype(np.int32),
        rec.ids[index],
        counts[index] if len(counts) else None,
        [sorted(rec.idents[k]) for k in which],
    )


def _cached_pairs(
    cache_dir: Path | None,
    records: _Records,
    item_parts: list[mc.Part],
    corpus_parts: list[mc.Part],
    corpus_keys: list[str],
    item_keys: list[str],
    threshold: float,
    tick: Callable[[int], None],
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All text pairs (item, record, shared), probing only what the pair cache does not know:
    every item against the batch and the new parts; the new items against the known parts."""
    n_items = len(item_keys)
    context = mc.text_key(
        "pairs", MATCH_VERSION, TOKENIZER_VERSION, str(threshold), str(MIN_TOKENS)
    )
    store = mc.load_pairs(cache_dir, context)
    offsets = np.cumsum(
        [n_items] + [len(p.lengths) for p in corpus_parts]
    )  # first record of each part
    old_of = {k: j for j, k in enumerate(store.items)}
    now_of: dict[str, list[int]] = defaultdict(list)
    for i, k in enumerate(item_keys):
        now_of[k].append(i)
    known = [j for j, k in enumerate(corpus_keys) if k in store.parts]
    fresh = [j for j, k in enumerate(corpus_keys) if k not in store.parts]
    new_items = [i for i, k in enumerate(item_keys) if k not in old_of]
    out_i: list[np.ndarray] = []
    out_r: list[np.ndarray] = []
    out_s: list[np.ndarray] = []

    def local_to_global(parts_used: list[int], first: int, rec: np.ndarray) -> np.ndarray:
        """Record numbers of a probe's own record list (after `first` query records) → global."""
        starts = np.cumsum([first] + [len(corpus_parts[j].lengths) for j in parts_used])
        glob = np.asarray(rec, np.int64).copy()
        for slot, j in enumerate(parts_used):
            sel = (rec >= starts[slot]) & (rec < starts[slot + 1])
            glob[sel] = rec[sel] - starts[slot] + offsets[j]
        return glob

    # Every item against the batch (items change together) and against the parts not seen before.
    probe = _Records(item_parts + [corpus_parts[j] for j in fresh])
    i, r, s = _text_pairs(probe, n_items, threshold, tick)
    r = np.where(r < n_items, r, local_to_global(fresh, n_items, r))
    out_i.append(i)
    out_r.append(r)
    out_s.append(s)
    # New items against the parts seen before.
    if new_items and known:
        probe = _Records([_items_part(item_parts, new_items)] + [corpus_parts[j] for j in known])
        i, r, s = _text_pairs(probe, len(new_items), threshold, tick)
        keep = r >= len(new_items)  # their pairs with each other came from the first probe
        out_i.append(np.asarray(new_items, np.int64)[i[keep]])
        out_r.append(local_to_global(known, len(new_items), r[keep]))
        out_s.append(s[keep])
    # Known items against known parts: from the cache (an item text twice in the batch gets both).
    remap = np.full(len(store.items), -1, np.int64)
    twins: list[tuple[int, int]] = []  # (stored item, another current item with its text)
    for k, j in old_of.items():
        now = now_of.get(k, [])
        if now:
            remap[j] = now[0]
            twins += [(j, more) for more in now[1:]]
    for j in known:
        ci, cr, cs = (x.astype(np.int64) for x in store.parts[corpus_keys[j]])
        for mapped in [remap[ci], *(np.where(ci == old, new, -1) for old, new in twins)]:
            ok = mapped >= 0
            out_i.append(mapped[ok])
            out_r.append(cr[ok] + offsets[j])
            out_s.append(cs[ok])
    items_all = np.concatenate(out_i)
    recs_all = np.concatenate(out_r)
    shared_all = np.concatenate(out_s)

    # Remember, per part, the pairs of the current items.
    if cache_dir is not None:
        part_of = np.searchsorted(offsets, recs_all, side="right") - 1  # -1: a batch pair
        parts_pairs = {}
        for j, key in enumerate(corpus_keys):
            sel = part_of == j
            parts_pairs[key] = (items_all[sel], recs_all[sel] - offsets[j], shared_all[sel])
        mc.save_pairs(cache_dir, mc.PairStore(context, item_keys, parts_pairs))
    return items_all, recs_all, shared_all


def _cached_placements(
    cache_dir: Path | None,
    item_parts: list[mc.Part],
    item_keys: list[str],
    section_part: mc.Part,
    sections_key: str,
    top: int,
) -> list[list[tuple[int, float]]]:
    """Placements per item, computing only items the cache has not placed in this document."""
    context = mc.text_key("placements", MATCH_VERSION, TOKENIZER_VERSION, sections_key, str(top))
    known = mc.load_json(cache_dir, "placements.json", context)
    todo = [i for i, k in enumerate(item_keys) if k not in known]
    fresh = _placements([_items_part(item_parts, todo)], section_part, top) if todo else []
    got = dict(zip(todo, fresh, strict=True))
    out: list[list[tuple[int, float]]] = []
    n_sec = len(section_part.lengths)
    for i, k in enumerate(item_keys):
        if i in got:
            out.append(got[i])
            continue
        try:
            row = [(int(j), float(sc)) for j, sc in known[k]]
        except (TypeError, ValueError):
            row = []
        if any(not 0 <= j < n_sec for j, _ in row):
            row = _placements([_items_part(item_parts, [i])], section_part, top)[0]
        out.append(row)
    if todo and cache_dir is not None:
        mc.save_json(
            cache_dir, "placements.json", context, {k: out[i] for i, k in enumerate(item_keys)}
        )
    return out


def _duplicates(
    rec: _Records,
    n_items: int,
    pairs: tuple[np.ndarray, np.ndarray, np.ndarray],
    kinds: list[str],
    refs: list[str],
) -> list[list[tuple[int, float]]]:
    """Text pairs plus identity pairs, scored by rapidfuzz: per item the best MAX_DUPLICATES
    (record, score), one per (kind, ref), best first, ties by ref."""
    shared: dict[tuple[int, int], int] = {}
    for i, r, s in zip(*(p.tolist() for p in pairs), strict=True):
        shared[(i, r)] = s
    # Identity pairs: records naming an arXiv id or URL that some item names.
    wanted = {x for i in range(n_items) for x in rec.idents[i]}
    holders: dict[str, list[int]] = defaultdict(list)
    for r in range(rec.n):
        for x in rec.idents[r]:
            if x in wanted:
                holders[x].append(r)
    by_identity: dict[tuple[int, int], float] = {}
    for i in range(n_items):
        mine = rec.idents[i]
        for x in mine:
            if len(holders[x]) > COMMON_IDENTITY:
                continue  # a project's home page, cited everywhere: not evidence of one paper
            for r in holders[x]:
                if r != i and (i, r) not in by_identity:
                    theirs = rec.idents[r]
                    jaccard = len(mine & theirs) / len(mine | theirs)
                    by_identity[(i, r)] = IDENTITY_FLOOR + (100 - IDENTITY_FLOOR) * jaccard

    chars_ok = (int(rec.ids.max()) if len(rec.ids) else 0) < _MAX_CHAR_TOKENS
    encoded: dict[int, str] = {}

    def enc(r: int) -> str:
        got = encoded.get(r)
        if got is None:
            got = encoded[r] = encode(rec.tokens_of(r))
        return got

    def score_text(i: int, r: int) -> float:
        if rec.sizes[i] < MIN_TOKENS or rec.sizes[r] < MIN_TOKENS:
            return 0.0
        if chars_ok:
            return float(fuzz.token_set_ratio(enc(i), enc(r)))
        s = shared.get((i, r))
        if s is None:
            s = len(np.intersect1d(rec.tokens_of(i), rec.tokens_of(r), assume_unique=True))
        return float(_token_set_ratio(np.array([s]), rec.sizes[[i]], rec.sizes[[r]])[0])

    per_item: list[dict[tuple[str, str], tuple[float, int]]] = [{} for _ in range(n_items)]
    for i, r in set(shared) | set(by_identity):
        score = max(score_text(i, r), by_identity.get((i, r), 0.0))
        key = (kinds[r], refs[r])
        best = per_item[i].get(key)
        if best is None or score > best[0] or (score == best[0] and r < best[1]):
            per_item[i][key] = (score, r)
    out: list[list[tuple[int, float]]] = []
    for found in per_item:
        ranked = sorted(
            ((round(sc, 1), ref, kind, r) for (kind, ref), (sc, r) in found.items()),
            key=lambda x: (-x[0], x[1], x[2]),
        )
        out.append([(r, score) for score, _, _, r in ranked[:MAX_DUPLICATES]])
    return out


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= TEXT_CHARS else text[: TEXT_CHARS - 1] + "…"


def _build(
    items: Sequence[Item],
    sections: Sequence[Section],
    kinds: list[str],
    refs: list[str],
    texts: list[str],
    placed: list[list[tuple[int, float]]],
    found: list[list[tuple[int, float]]],
) -> dict[str, ItemMatches]:
    """The answer's models from (section index, score) and (record index, score) lists."""
    out: dict[str, ItemMatches] = {}
    for k, item in enumerate(items):
        out[item.ref] = ItemMatches.model_construct(
            placements=tuple(
                Placement.model_construct(
                    section=sections[j].id, title=sections[j].title, score=score
                )
                for j, score in placed[k]
            ),
            duplicates=tuple(
                Duplicate.model_construct(
                    kind=kinds[r], ref=refs[r], score=score, text=_clip(texts[r])
                )
                for r, score in found[k]
            ),
        )
    return out


def _from_json(
    data: object,
    items: Sequence[Item],
    sections: Sequence[Section],
    kinds: list[str],
    refs: list[str],
    texts: list[str],
) -> dict[str, ItemMatches] | None:
    """A cached answer (its key covers every input), or None when missing or malformed."""
    if not isinstance(data, dict):
        return None
    try:
        placed = [[(int(j), float(sc)) for j, sc in row] for row in data["placements"]]
        found = [[(int(r), float(sc)) for r, sc in row] for row in data["duplicates"]]
        if len(placed) != len(items) or len(found) != len(items):
            return None
        if any(not 0 <= j < len(sections) for row in placed for j, _ in row):
            return None
        if any(not 0 <= r < len(refs) for row in found for r, _ in row):
            return None
        return _build(items, sections, kinds, refs, texts, placed, found)
    except (KeyError, TypeError, ValueError):
        return None
