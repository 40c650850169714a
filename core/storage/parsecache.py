"""Parsed files, cached on disk: a warm load reads and hashes every file but parses none.

Layout under the workspace's cache folder (`core.storage.cachefile`:
`$XDG_CACHE_HOME/briefdesk/<ws>/`,
out of the workspace, every file sealed with this account's key):

- `parse-v<N>/materials.json`: per material path, the sha256 of its bytes and the parsed `Material`
  (without the manifest's evidence override, which is applied after a hit: `with_override`);
- `parse-v<N>/briefs.json`: per earlier brief, the sha256 of its bytes and its `BriefEntry`s.

Each file holds `{"version", "kind", "entries": {path: {"digest", "age", "value"}}}`. The version
is `FORMAT` plus a hash of the parsers' own source and of the pydantic version, so any change to
the code that parses (or to how the models serialise) makes every entry absent; a changed file
changes its digest, which makes its own entry absent. Only successful parses are stored: a file
that fails is parsed again each time, and fails with the same error.

A file is loaded once per process (again only when it changed on disk, by its size, mtime and
inode) and written only when something was parsed afresh, to a temporary name and renamed, so a
reader sees an old or a new file, never half of one. Anything that does not load — not sealed by
this account (planted, copied, forged), truncated, another version, an entry whose value does not
match its path and digest — is treated as absent, and writing that fails (full disk, no key) is
skipped: the cache can make a load faster, never make it fail or answer differently. JSON
validated by pydantic only, no pickle.

Nothing here creates the workspace's cache folder: `save` writes only when it exists
(`Review.match` makes it; loading a batch never writes).
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Generic, TypeVar

import pydantic
from pydantic import BaseModel, ConfigDict

from ..model.values import BriefEntry, Evidence, Material
from .cachefile import read_sealed, write_sealed

FORMAT = "1"  # the layout of the files; the parsers' own changes are caught by `version()`
FOLDER = f"parse-v{FORMAT}"
MAX_BYTES = 1 << 30  # a larger cache file is not read (a planted one must not eat the memory)
KEEP_UNUSED = 3  # writes an unused material entry survives (the materials of a few other batches)

# The modules whose code decides what a parse returns: a change to any of them is a new version.
_PARSER_MODULES = (
    "materials",
    "briefs",
    "frontmatter",
    "markdown",
    "yamlio",
    "fileio",
    "models",
    "parsecache",
)

T = TypeVar("T")


class _Entry(BaseModel, Generic[T]):
    model_config = ConfigDict(
        extra="forbid", defer_build=True
    )  # built on first use (see core.model.values)

    digest: str
    age: int = 0
    value: T


class _File(BaseModel, Generic[T]):
    model_config = ConfigDict(
        extra="forbid", defer_build=True
    )  # built on first use (see core.model.values)

    version: str
    kind: str
    entries: dict[str, _Entry[T]]


_version: str | None = None


def version() -> str:
    """`FORMAT`, the pydantic version and a hash of the parsers' source files."""
    global _version
    if _version is None:
        h = hashlib.blake2b(digest_size=12)
        h.update(f"{FORMAT}\x1f{pydantic.VERSION}\x1f".encode())
        here = Path(__file__).parent
        for name in _PARSER_MODULES:
            try:
                h.update((here / f"{name}.py").read_bytes())
            except OSError:  # installed without sources: the package version has to do
                from .. import __version__

                h.update(f"?{name}:{__version__}".encode())
            h.update(b"\x1f")
        _version = f"{FORMAT}:{h.hexdigest()}"
    return _version


class ParseCache(Generic[T]):
    """One kind of parsed file (materials or briefs) of one workspace, by workspace-relative path.

    `get` answers only for the exact digest stored; `put` records a fresh parse; `save` writes the
    file when something was put. Safe to share between threads (the desk loads in a worker).
    """

    def __init__(
        self,
        path: Path | None,
        kind: str,
        value_type: type,
        check: Callable[[str, str, T], bool],
        keep: Callable[[str, int], bool],
    ) -> None:
        self.path = path  # None: a cache that stores nothing (no workspace folder to put it in)
        self.kind = kind
        self._model: type[_File[T]] = _File[value_type]  # type: ignore[valid-type]
        self._entry_model: type[_Entry[T]] = _Entry[value_type]  # type: ignore[valid-type]
        self._check = check  # does a loaded value belong to its path and digest?
        self._keep = keep  # keep an entry unused by this process (path, its age after this write)?
        self._lock = threading.Lock()
        self._loaded = False
        self._entries: dict[str, tuple[str, T]] = {}
        self._ages: dict[str, int] = {}  # as loaded: writes since each entry was last used
        self._used: set[str] = set()
        self._dirty = False
        self.signature: tuple[int, int, int] | None = None  # (size, mtime, inode) of the file read

    # -- reading ---------------------------------------------------------------------------------

    def get(self, rel: str, digest: str) -> T | None:
        """The stored parse of `rel` when its bytes still hash to `digest`, else None."""
        with self._lock:
            self._load()
            self._used.add(rel)
            got = self._entries.get(rel)
        return got[1] if got is not None and got[0] == digest else None

    def put(self, rel: str, digest: str, value: T) -> None:
        with self._lock:
            self._load()
            self._used.add(rel)
            self._entries[rel] = (digest, value)
            self._dirty = True

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        if self.path is None:
            return
        # absent, not a regular file (a FIFO would block), huge, not sealed by this account
        sealed = read_sealed(self.path, MAX_BYTES)
        if sealed is None:
            return
        data, st = sealed
        try:
            with no_gc():
                parsed = self._model.model_validate_json(bytes(data))
        except Exception:  # truncated, foreign: no cache
            return
        if parsed.version != version() or parsed.kind != self.kind:
            return
        entries: dict[str, tuple[str, T]] = {}
        ages: dict[str, int] = {}
        for rel, entry in parsed.entries.items():
            try:
                ok = self._check(rel, entry.digest, entry.value)
            except Exception:
                ok = False
            if not ok:
                return  # one entry that does not belong: the file is not ours to trust
            entries[rel] = (entry.digest, entry.value)
            ages[rel] = max(0, entry.age)
        self._entries, self._ages = entries, ages
        self.signature = _signature(st)

    # -- writing ---------------------------------------------------------------------------------

    def save(self) -> None:
        """Write the file if something was parsed afresh, and only into an existing cache folder."""
        with self._lock:
            if not self._dirty or self.path is None:
                return
            if not self.path.parent.parent.is_dir():  # the workspace's cache folder
                return
            entries: dict[str, _Entry[T]] = {}
            for rel, (digest, value) in self._entries.items():
                age = 0 if rel in self._used else self._ages.get(rel, 0) + 1
                if age and not self._keep(rel, age):
                    continue
                entries[rel] = self._entry_model.model_construct(
                    digest=digest, age=age, value=value
                )
            try:
                payload = self._model.model_construct(
                    version=version(), kind=self.kind, entries=entries
                )
                data = payload.model_dump_json().encode("utf-8")
            except Exception:  # never: the values are our own models
                return
            written = _atomic(self.path, data)
            if written is None:
                return
            self._dirty = False
            self.signature = written
            self._entries = {rel: self._entries[rel] for rel in entries}
            # ages stay as loaded: several writes by one process count as one step


@contextlib.contextmanager
def no_gc() -> Iterator[None]:
    """The cyclic garbage collector paused while many objects are made and none dropped.

    Building 50,000 models triggers collection after collection, each walking the growing heap:
    half of a bulk load's time. Objects made here hold no cycles worth collecting at once; the
    collector runs again afterwards (if it ran before: someone else may have paused it)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _signature(st: os.stat_result) -> tuple[int, int, int]:
    return (st.st_size, st.st_mtime_ns, st.st_ino)


def _atomic(path: Path, data: bytes) -> tuple[int, int, int] | None:
    """`cachefile.write_sealed`; the signature written, or None when it could not be."""
    st = write_sealed(path, data)
    return _signature(st) if st is not None else None


# -- the two kinds, one store per workspace and process ------------------------------------------

_OPEN: dict[tuple[Path, str], ParseCache[Any]] = {}
_OPEN_LOCK = threading.Lock()
MAX_OPEN = 8  # workspaces whose stores a process keeps (tests open hundreds)


def _store(
    cache_dir: Path | None, kind: str, make: Callable[[Path | None], ParseCache[T]]
) -> ParseCache[T]:
    """The process's store of `kind` for this cache folder, loaded again if the file changed."""
    if cache_dir is None:
        return make(None)
    path = cache_dir / FOLDER / f"{kind}.json"
    key = (path, kind)
    with _OPEN_LOCK:
        store = _OPEN.get(key)
        if store is not None and store._loaded:
            try:
                now: tuple[int, int, int] | None = _signature(path.stat())
            except OSError:
                now = None
            if now != store.signature and not store._dirty:
                store = None  # another process wrote it (or it went): read it again
        if store is None:
            store = make(path)
            _OPEN.pop(key, None)
            _OPEN[key] = store
            while len(_OPEN) > MAX_OPEN:
                _OPEN.pop(next(iter(_OPEN)))
        return store


def forget() -> None:
    """Drop every store this process holds (tests; the next use reads the files again)."""
    with _OPEN_LOCK:
        _OPEN.clear()


def materials(cache_dir: Path | None) -> ParseCache[Material]:
    def check(rel: str, digest: str, m: Material) -> bool:
        return m.path == rel and m.sha256 == digest

    def make(path: Path | None) -> ParseCache[Material]:
        return ParseCache(path, "materials", Material, check, lambda rel, age: age < KEEP_UNUSED)

    return _store(cache_dir, "materials", make)


def briefs(cache_dir: Path | None, root: Path | None = None) -> ParseCache[list[BriefEntry]]:
    """Earlier briefs: an entry is kept while its file exists (the briefs are the workspace's)."""

    def check(rel: str, digest: str, entries: list[BriefEntry]) -> bool:
        return len(digest) == 64 and all(
            e.brief == rel and e.ref.startswith(f"{rel}#") for e in entries
        )

    def keep(rel: str, age: int) -> bool:
        return root is not None and (root / rel).is_file()

    def make(path: Path | None) -> ParseCache[list[BriefEntry]]:
        return ParseCache(path, "briefs", list[BriefEntry], check, keep)

    return _store(cache_dir, "briefs", make)


def with_override(material: Material, override: Evidence | None) -> Material:
    """The material as `parse_material(..., override)` returns it, from the parse without one."""
    if override is None:
        return material
    items = tuple(
        i.model_copy(update={"evidence": override, "evidence_source": "manifest"})
        for i in material.items
    )
    return material.model_copy(update={"evidence": override, "items": items})
