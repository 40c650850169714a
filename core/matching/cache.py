"""The on-disk cache of matching: token ids of every text, and finished answers.

Layout under `cache_dir` (the workspace's cache folder, `core.storage.cachefile`: out of the
workspace,
every file sealed with this account's key):

- `match-v<N>/tokens.npz`: one vocabulary (token strings, ids stable for the file's life) and, per
  *part* — one earlier brief, one material's items, the living document's paragraphs or sections —
  the token ids and counts of each of its records, keyed by a hash of the part's texts. A changed
  brief changes its own key only, so a scan re-tokenises that brief and reuses the other 1,999.
  Tokenising is most of a cold scan's time (per-character Python work); everything after it is
  sparse algebra that is recomputed.
  Beside the vocabulary, the Chinese–English bridge's concepts of each token (`bridge.py`),
  with the bridge's version: computed once per token, like its id.
- `match-v<N>/result-<hash>.json`: the finished answer for one exact input (every text, ref,
  citation and setting hashed); an unchanged workspace is answered from it.

Files are written to a temporary name and renamed, so a reader sees an old or a new file, never
half of one. Anything that does not load — not sealed by this account (planted, forged),
truncated, wrong version — is treated as absent and rebuilt; the cache can never make a scan fail
or answer differently. No pickle: `np.load(allow_pickle=False)` and JSON only, so a planted cache
file cannot run code. What is read back is checked for shape and
range before use, and an answer names records by index into lists rebuilt from the workspace
itself, so a forged file can point at the wrong candidate but never invent a text or a ref.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..storage.cachefile import read_sealed, write_sealed

CACHE_VERSION = "2"
MAX_BYTES = 1 << 31  # a larger cache file is not read (a planted one must not eat the memory)
MAX_RESULTS = 4  # finished answers kept (a few batches of one workspace)
MAX_VOCAB = 4_000_000  # past this many token strings the store starts afresh (it only grows)
KEEP_UNUSED = 3  # scans a part survives unused (a brief edited and put back, another batch's items)


def text_key(*chunks: str) -> str:
    """A content hash of texts; \\x1f separates them so ("ab", "c") and ("a", "bc") differ."""
    joined = "\x1f".join(chunks) + "\x1f"
    return hashlib.blake2b(joined.encode("utf-8", "surrogatepass"), digest_size=20).hexdigest()


@dataclass
class Part:
    """Tokenised records of one source file: distinct token ids per record and their counts."""

    lengths: np.ndarray  # int32, distinct tokens per record
    ids: np.ndarray  # int32, concatenated
    counts: np.ndarray | None  # int32 parallel to ids: term frequencies
    idents: list[list[str]]  # arXiv ids / URLs per record


@dataclass
class TokenStore:
    vocab: list[str] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)
    parts: dict[str, Part] = field(default_factory=dict)
    ages: dict[str, int] = field(default_factory=dict)  # scans since a part was last used
    dirty: bool = False
    # the bridge's concepts of vocab[0:len(concepts)], space-separated (`bridge.py`), and the
    # bridge version they were computed by
    concepts: list[str] = field(default_factory=list)
    concepts_version: str = ""

    def token_id(self, token: str) -> int:
        got = self.index.get(token)
        if got is None:
            got = self.index[token] = len(self.vocab)
            self.vocab.append(token)
        return got


def _dir(cache_dir: Path) -> Path:
    return cache_dir / f"match-v{CACHE_VERSION}"


def _read(path: Path) -> bytes:
    """A sealed cache file's payload, else OSError (absent, a FIFO, forged: see
    core.storage.cachefile)."""
    sealed = read_sealed(path, MAX_BYTES)
    if sealed is None:
        raise OSError(f"no sealed cache file: {path}")
    return bytes(sealed[0])


def load_store(cache_dir: Path | None) -> TokenStore:
    """The token store, or an empty one when there is none or it does not load."""
    if cache_dir is None:
        return TokenStore()
    path = _dir(cache_dir) / "tokens.npz"
    try:
        with np.load(io.BytesIO(_read(path)), allow_pickle=False) as z:
            meta = json.loads(bytes(z["meta"]).decode("utf-8"))
            vocab_blob = bytes(z["vocab"]).decode("utf-8")
            lengths, ids = z["lengths"], z["ids"]
            counts = z["counts"]
            concepts_blob = bytes(z["concepts"]).decode("utf-8") if "concepts" in z.files else ""
        if meta.get("version") != CACHE_VERSION:
            return TokenStore()
        vocab = vocab_blob.split("\n") if vocab_blob else []
        if len(vocab) != meta["vocab"] or len(vocab) > MAX_VOCAB:
            return TokenStore()
        if ids.dtype != np.int32 or lengths.dtype != np.int32 or counts.dtype != np.int32:
            return TokenStore()
        if len(ids) and (int(ids.min()) < 0 or int(ids.max()) >= len(vocab)):
            return TokenStore()
        parts: dict[str, Part] = {}
        ages: dict[str, int] = {}
        rec = tok = cnt = 0
        for p in meta["parts"]:
            n = int(p["records"])
            plen = lengths[rec : rec + n]
            ntok = int(plen.sum())
            if len(plen) != n or tok + ntok > len(ids) or len(p["idents"]) != n:
                return TokenStore()
            pcounts = None
            if p["counts"]:
                pcounts = counts[cnt : cnt + ntok]
                if len(pcounts) != ntok:
                    return TokenStore()
                cnt += ntok
            parts[p["key"]] = Part(plen, ids[tok : tok + ntok], pcounts, p["idents"])
            ages[p["key"]] = int(p.get("age", 0))
            rec += n
            tok += ntok
        if rec != len(lengths) or tok != len(ids) or cnt != len(counts):
            return TokenStore()
        concepts = concepts_blob.split("\n") if meta.get("concepts") else []
        if len(concepts) != meta.get("concepts", 0) or len(concepts) > len(vocab):
            concepts = []
        return TokenStore(
            vocab,
            {t: i for i, t in enumerate(vocab)},
            parts,
            ages,
            concepts=concepts,
            concepts_version=str(meta.get("concepts_version", "")) if concepts else "",
        )
    except Exception:  # a cache that does not load is no cache
        return TokenStore()


def save_store(cache_dir: Path | None, store: TokenStore, used: list[str]) -> None:
    """Write the parts this scan used, and the others for KEEP_UNUSED more scans."""
    if cache_dir is None:
        return
    in_use = set(used)
    ages = {k: 0 if k in in_use else store.ages.get(k, 0) + 1 for k in store.parts}
    if not store.dirty and all(age == 0 for age in ages.values()):
        return  # nothing new and nothing ageing: the file on disk is this store
    keep = [k for k in store.parts if ages[k] < KEEP_UNUSED]
    parts = [(k, store.parts[k]) for k in keep]
    meta = {
        "version": CACHE_VERSION,
        "vocab": len(store.vocab),
        "concepts": len(store.concepts),
        "concepts_version": store.concepts_version,
        "parts": [
            {
                "key": k,
                "records": len(p.lengths),
                "counts": p.counts is not None,
                "idents": p.idents,
                "age": ages[k],
            }
            for k, p in parts
        ],
    }
    empty = np.zeros(0, np.int32)
    arrays = {
        "meta": np.frombuffer(json.dumps(meta, ensure_ascii=False).encode("utf-8"), np.uint8),
        "vocab": np.frombuffer("\n".join(store.vocab).encode("utf-8"), np.uint8),
        "concepts": np.frombuffer("\n".join(store.concepts).encode("utf-8"), np.uint8),
        "lengths": np.concatenate([p.lengths for _, p in parts] or [empty]).astype(np.int32),
        "ids": np.concatenate([p.ids for _, p in parts] or [empty]).astype(np.int32),
        "counts": np.concatenate(
            [p.counts for _, p in parts if p.counts is not None] or [empty]
        ).astype(np.int32),
    }
    _atomic(_dir(cache_dir) / "tokens.npz", lambda f: np.savez(f, **arrays))  # type: ignore[arg-type]


def load_result(cache_dir: Path | None, key: str) -> Any | None:
    if cache_dir is None:
        return None
    try:
        data = json.loads(_read(_dir(cache_dir) / f"result-{key}.json"))
    except Exception:
        return None
    return data if isinstance(data, dict) and data.get("key") == key else None


def save_result(cache_dir: Path | None, key: str, data: dict[str, Any]) -> None:
    if cache_dir is None:
        return
    folder = _dir(cache_dir)
    payload = json.dumps({"key": key, **data}, ensure_ascii=False, separators=(",", ":"))
    _atomic(folder / f"result-{key}.json", lambda f: f.write(payload.encode("utf-8")))
    with contextlib.suppress(OSError):
        old = sorted(folder.glob("result-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        for stale in old[MAX_RESULTS:]:
            stale.unlink(missing_ok=True)


def _atomic(path: Path, write: Any) -> None:
    """Sealed and written atomically (`cachefile.write_sealed`); a failure leaves the cache as
    it was."""
    buffer = io.BytesIO()
    write(buffer)
    write_sealed(path, buffer.getvalue())
