"""Everything one batch's review needs, read from the workspace and validated.

`load_review` parses and checks the manifest, materials, proposals and living document before
anything is written, so bad input changes nothing on disk. Earlier briefs (thousands of files in a
mature knowledge base) are read only when asked for: all of them for matching, one file when the
brief cites an entry of it, so `build`, `commit` and the desk's first paint never wait for them.

Materials and briefs are read and hashed on every load but parsed only when their bytes changed:
`core.storage.parsecache` keeps the parses in the workspace's cache folder
(`core.storage.cachefile`, out of the
workspace). Loading only reads that cache; it is written by `match`, which makes the folder, so
`build` and `commit` write no cache.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from ..errors import BriefdeskError
from ..model.dismissals import Dismissal, key_pairs
from ..model.increments import SpotCheck
from ..model.values import BriefEntry, Evidence, Item, LivingDoc, Material
from ..storage import dismissalfiles, fileio, parsecache
from ..storage.cachefile import open_cache_dir
from ..workspace.briefname import is_brief_of
from ..workspace.earlier_briefs import parse_brief
from ..workspace.layout import Workspace, sha256_bytes
from ..workspace.livingdoc import parse_living_doc
from ..workspace.manifest import Batch
from ..workspace.materials import parse_material
from .proposals import check_proposals
from .session import Session

if TYPE_CHECKING:
    from ..claims import Conflict
    from ..matching.answer import Answer


@dataclass
class Review:
    workspace: Workspace
    batch: Batch
    materials: list[Material]
    living_doc: LivingDoc
    items: list[Item] = field(init=False)

    def __post_init__(self) -> None:
        self.items = [item for m in self.materials for item in m.items]
        self._items = {i.ref: i for i in self.items}
        self._brief_entries: dict[str, list[BriefEntry]] = {}
        # sha256 of the bytes read, per workspace path: the manifest, materials, living document and
        # every earlier brief parsed so far (`core.review.watch` compares the files on disk with
        # them)
        self.digests: dict[str, str] = {m.path: m.sha256 for m in self.materials}
        self.parse_caches: dict[
            str, parsecache.ParseCache[Any]
        ] = {}  # the parse caches this review read
        self._spot: dict[str, Material] = {}  # spot-check materials read so far, by path
        self.proposed_spot_hashes: dict[str, str] = {}  # the manifest brief's, as loaded

    def _briefs_cache(self) -> parsecache.ParseCache[list[BriefEntry]]:
        cache = self.parse_caches.get("briefs")
        if cache is None:
            ws = self.workspace
            cache = self.parse_caches["briefs"] = parsecache.briefs(ws.cache_dir, ws.root)
        return cache

    @cached_property
    def brief_files(self) -> list[str]:
        """Earlier briefs: every brief of the workspace but the one this batch writes."""
        stem = self.batch.stem  # this batch's own brief, whatever day and name it was written
        return [rel for rel in self.workspace.brief_files() if not is_brief_of(rel, stem)]

    def own_dismissals(self) -> list[Dismissal]:
        """The not-a-duplicate judgements committed in this batch's own sidecar (a brief of this
        batch committed earlier, whatever day): what a session started afresh (a fresh clone,
        `.briefdesk/` gone) begins with, so the committed batch keeps them too."""
        stem = self.batch.stem
        mine = [rel for rel in self.workspace.brief_files() if is_brief_of(rel, stem)]
        return dismissalfiles.committed(self.workspace.root, mine)

    def brief_entries(self, rel: str) -> list[BriefEntry]:
        """The entries of one earlier brief, parsed once (or not at all: see
        core.storage.parsecache)."""
        if rel not in self._brief_entries:
            data = fileio.read_bytes(self.workspace.root / rel, rel)
            digest = sha256_bytes(data)
            self.digests[rel] = digest
            cache = self._briefs_cache()
            entries = cache.get(rel, digest)
            if entries is None:
                entries = parse_brief(rel, fileio.decode_utf8(data, rel))
                cache.put(rel, digest, entries)
            self._brief_entries[rel] = list(entries)
        return self._brief_entries[rel]

    @cached_property
    def entries(self) -> list[BriefEntry]:
        """Every entry of every earlier brief, in file order (what matching compares against)."""
        with parsecache.no_gc():
            return [e for rel in self.brief_files for e in self.brief_entries(rel)]

    @property
    def topic(self) -> str:
        return self.batch.manifest.topic

    @property
    def brief_path(self) -> str:
        return self.workspace.brief_path(self.batch)

    @property
    def sidecar_path(self) -> str:
        return self.brief_path.removesuffix(".md") + ".review.json"

    def entry(self, ref: str) -> BriefEntry | None:
        """An earlier brief's entry by its ref (`<brief path>#5`), reading only that brief."""
        if "entries" in self.__dict__:  # all parsed already (matching ran): no file access
            return next((e for e in self.entries if e.ref == ref), None)
        rel = ref.split("#", 1)[0]
        if rel not in self.brief_files:
            return None
        return next((e for e in self.brief_entries(rel) if e.ref == ref), None)

    def item(self, ref: str) -> Item | None:
        return self._items.get(ref)

    def resolves(self, ref: str) -> bool:
        """Whether a duplicate reason's ref names a batch item, a living-doc section or a brief
        entry."""
        if ref in self._items:
            return True
        doc, sep, section = ref.partition("§")
        if sep:
            return doc == self.living_doc.path and self.living_doc.section(section) is not None
        return self.entry(ref) is not None

    def save_parsed(self) -> None:
        """Write what was parsed afresh to the workspace's cache folder (made if need be).

        Loading never writes: this is called where a command keeps a cache (`match`, the desk).
        A cache that cannot be written is done without."""
        if open_cache_dir(self.workspace.root) is None:
            return
        for cache in list(self.parse_caches.values()):
            cache.save()

    def material(self, path: str) -> Material | None:
        return next((m for m in self.materials if m.path == path), None)

    # -- spot checks ---------------------------------------------------------------------------

    def spot_material(
        self, path: str, *, source: str | None = None, fresh: bool = False
    ) -> Material:
        """A workspace material outside the batch, read and parsed (once per review, unless
        `fresh`: read again, the file may have changed since).

        Refused when it is a material of the batch, is not a material of the workspace (a
        Markdown file under the material folders: not the living document or a brief), or
        cannot be read; `source` is the file to name in the error (the manifest, say)."""
        norm = PurePosixPath(path.replace("\\", "/")).as_posix()
        if fresh:
            self._spot.pop(norm, None)
        if norm in self._spot:
            return self._spot[norm]
        if self.material(norm) is not None:
            raise BriefdeskError(f"{norm} is a material of this batch, not a spot check", source)
        if not norm.endswith(".md"):
            raise BriefdeskError(f"spot check {norm} is not a Markdown file", source)
        from ..workspace.discover import is_material_path, material_folders

        if not is_material_path(self.workspace, norm):
            folders = ", ".join(f"{f}/" for f in material_folders(self.workspace))
            raise BriefdeskError(
                f"spot check {norm} is not a material of the workspace (a Markdown file under "
                f"{folders})",
                source,
            )
        full = self.workspace.resolve(norm, source=source or norm)
        if full.is_dir():
            raise BriefdeskError(f"spot check {norm} is not a file", source or norm)
        data = fileio.read_bytes(full, norm)
        material = parse_material(norm, fileio.decode_utf8(data, norm), sha256_bytes(data))
        self._spot[norm] = material
        return material

    def changed_spot_checks(self, spots: Iterable[SpotCheck]) -> list[tuple[SpotCheck, Material]]:
        """The spot checks whose file is not the bytes the reviewer read, each with the file as
        it is now (what `Session.refresh_spot_check` takes); a file that is gone is an error."""
        out: list[tuple[SpotCheck, Material]] = []
        for spot in spots:
            material = self.spot_material(spot.path, fresh=True)
            if material.sha256 != spot.sha256:
                out.append((spot, material))
        return out

    def spot_candidates(self) -> list[str]:
        """Workspace materials outside the batch (`core.workspace.discover`), sorted: what the
        desk's
        spot-check picker offers."""
        from ..workspace.discover import material_files

        own = {m.path for m in self.materials}
        return [p for p in material_files(self.workspace) if p not in own]

    def session_path(self) -> Path:
        return self.workspace.session_path(self.batch)

    def open_session(self, *, readonly: bool = False) -> Session:
        """Resume or start the batch's session; taking the lock creates `.briefdesk/`. A state
        folder that is a link or holds tracked files is refused, read-only too
        (`core.storage.statedir`):
        the saved decisions are read only from the user's own."""
        if readonly:
            self.workspace.check_state_dir()
        else:
            self.workspace.ensure_state_dir()
        path = self.session_path()
        session = Session.open(
            path,
            self.batch,
            self.items,
            readonly=readonly,
            spot_hashes=self.proposed_spot_hashes,
            dismissed=() if path.exists() else self.own_dismissals(),
        )
        session.resolves = self.resolves
        if not readonly:
            session.prepare = self.workspace.ensure_state_dir
        return session

    def match(
        self,
        progress: Callable[[int, int], None] | None = None,
        *,
        cache: bool = True,
        dismissed: Collection[tuple[str, str]] = (),
    ) -> Answer:
        """Placements and duplicate candidates of every item (imports scipy and rapidfuzz lazily).

        Pairs judged not duplicates are left out: `dismissed` (content-key pairs,
        `matching.content_key`), those committed in any earlier brief's sidecar, and those saved
        in this batch's session, or, when it has none, committed in its own sidecar."""
        from ..matching import match_items
        from ..matching.citations import read_sidecars

        ws = self.workspace
        entries = self.entries  # bad briefs fail here, before the cache folder is made
        cache_dir = open_cache_dir(ws.root) if cache else None  # None: scanned without
        if cache_dir is not None:
            self.save_parsed()
        return match_items(
            self.items,
            self.living_doc.sections,
            entries,
            self.living_doc.path,
            threshold=ws.settings.dedup.threshold,
            cache_dir=cache_dir,
            progress=progress,
            sidecars=read_sidecars(ws.root, self.brief_files),
            dismissed={
                *dismissed,
                *key_pairs(dismissalfiles.committed(ws.root, self.brief_files)),
                *key_pairs(
                    dismissalfiles.read_file(self.session_path())
                    if self.session_path().exists()
                    else self.own_dismissals()
                ),
            },
        )

    def conflicts(self, *, cache: bool = True) -> list[Conflict]:
        """Claims of the batch that disagree with each other, the living document or earlier
        briefs (`core.claims`); the statements are cached in the workspace's cache folder like
        tokens (`core.storage.cachefile`)."""
        from ..claims import review_conflicts

        _ = self.entries  # bad briefs fail here, before the cache folder is made
        cache_dir = open_cache_dir(self.workspace.root) if cache else None  # None: without
        return review_conflicts(self, cache_dir)


def load_review(ws: Workspace, name: str) -> Review:
    batch = ws.batch(name)
    cache = parsecache.materials(ws.cache_dir)
    real_dirs: dict[Path, Path] = {}  # folders resolved once for this load (Workspace.resolve)
    with parsecache.no_gc():
        materials = [
            load_material(ws, batch, entry.path, entry.evidence, cache=cache, real_dirs=real_dirs)
            for entry in batch.manifest.materials
        ]
    seen: set[str] = set()
    for m in materials:
        if m.path in seen:
            raise BriefdeskError(f"material {m.path} is listed twice", batch.path)
        seen.add(m.path)
    doc_rel = ws.settings.living_doc_path(batch.manifest.topic)
    doc_path = ws.resolve(doc_rel, source=batch.path)
    doc_bytes = fileio.read_bytes(doc_path, doc_rel)
    living_doc = parse_living_doc(doc_rel, fileio.decode_utf8(doc_bytes, doc_rel))
    review = Review(ws, batch, materials, living_doc)
    review.digests[doc_rel] = sha256_bytes(doc_bytes)
    review.digests[batch.path] = sha256_bytes(fileio.read_bytes(ws.root / batch.path, batch.path))
    review.parse_caches["materials"] = cache
    review.proposed_spot_hashes = check_proposals(review)
    return review


def load_material(
    ws: Workspace,
    batch: Batch,
    rel: str,
    override: Evidence | None,
    *,
    cache: parsecache.ParseCache[Material] | None = None,
    real_dirs: dict[Path, Path] | None = None,
) -> Material:
    """One material: read and hashed every time; parsed only when `cache` has no parse of these
    bytes.

    The manifest's evidence override is applied after the parse (cached without it)."""
    path = ws.resolve(rel, source=batch.path, real_dirs=real_dirs)
    if path.is_dir():  # anything else that is no regular file (a FIFO) is named by the reader
        raise BriefdeskError(f"material {rel} is not a file", batch.path)
    norm = PurePosixPath(
        rel.replace("\\", "/")
    ).as_posix()  # as the manifest names it, `./` dropped
    data = fileio.read_bytes(path, rel)
    sha = sha256_bytes(data)
    parsed = cache.get(norm, sha) if cache is not None else None
    if parsed is None:
        parsed = parse_material(norm, fileio.decode_utf8(data, rel), sha)
        if cache is not None:
            cache.put(norm, sha, parsed)
    return parsecache.with_override(parsed, override)
