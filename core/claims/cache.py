"""Claims cached per text content: a warm scan extracts nothing that did not change.

`claims-v<N>/statements.json` in the workspace's cache folder (`core.storage.cachefile`: out of the
workspace, sealed with this account's key) maps a hash of (extractor version, heading, text,
default sources) to the statements extracted from it; texts that yield none are remembered as a
set of hashes, which is most of an earlier-brief archive. Written to a temporary name and
renamed; anything that does not load — not sealed by this account, truncated, another version —
is treated as absent, so the cache can make a scan faster, never different. JSON validated by
pydantic, no pickle.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from ..storage.cachefile import read_sealed, write_sealed
from .extract import EXTRACT_VERSION
from .types import Statement

FORMAT = "1"
FOLDER = f"claims-v{FORMAT}"
MAX_BYTES = 256 << 20
_DIGIT = re.compile("[0-9]")


class _File(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: str
    found: dict[str, list[Statement]]
    empty: list[str]


def _key(text: str, heading: str | None, defaults: tuple[str, ...]) -> str:
    h = hashlib.blake2b(digest_size=16)
    h.update(f"{EXTRACT_VERSION}\x1f{heading or ''}\x1f{chr(31).join(defaults)}\x1f".encode())
    h.update(text.encode("utf-8", "surrogatepass"))
    return h.hexdigest()


@dataclass
class Store:
    found: dict[str, list[Statement]] = field(default_factory=dict)
    empty: set[str] = field(default_factory=set)
    used: set[str] = field(default_factory=set)
    dirty: bool = False

    def get(
        self, text: str, heading: str | None, defaults: tuple[str, ...]
    ) -> tuple[str | None, list[Statement] | None]:
        """(key, statements): the statements are None when this text was never extracted; the
        key goes back to `put` (None: a text with no digit, which holds no claim)."""
        if _DIGIT.search(text) is None:
            return None, []  # nothing to look up: a claim needs a version or a date
        key = _key(text, heading, defaults)
        self.used.add(key)
        if key in self.empty:
            return key, []
        return key, self.found.get(key)

    def put(self, key: str | None, found: list[Statement]) -> None:
        if key is None:
            return
        if found:
            self.found[key] = found
        else:
            self.empty.add(key)
        self.dirty = True


def _path(cache_dir: Path) -> Path:
    return cache_dir / FOLDER / "statements.json"


def load(cache_dir: Path | None) -> Store:
    if cache_dir is None:
        return Store()
    sealed = read_sealed(_path(cache_dir), MAX_BYTES)
    if sealed is None:
        return Store()
    try:
        data = _File.model_validate_json(bytes(sealed[0]))
    except (ValidationError, ValueError):
        return Store()
    if data.version != EXTRACT_VERSION:
        return Store()
    return Store(found=dict(data.found), empty=set(data.empty))


def save(cache_dir: Path | None, store: Store) -> None:
    """Write what this scan used (entries of texts gone are dropped), if anything was new."""
    if cache_dir is None or not store.dirty or not cache_dir.is_dir():
        return
    payload = _File(
        version=EXTRACT_VERSION,
        found={k: v for k, v in store.found.items() if k in store.used},
        empty=sorted(k for k in store.empty if k in store.used),
    )
    if write_sealed(_path(cache_dir), payload.model_dump_json().encode("utf-8")) is not None:
        store.dirty = False
