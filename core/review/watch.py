"""Which files of an open review changed on disk: batch materials, the manifest, the living
document and earlier briefs (docs/staleness.md: the desk notices edits made under it).

`Watcher.poll()` is cheap enough to call every second on a knowledge base of thousands of briefs,
and never busy-waits (the caller's timer paces it):

- the manifest, the materials and the living document are `stat`ed on every poll; a file whose
  size, mtime or inode moved is read and hashed, and reported only when its bytes differ from what
  the review read (`Review.digests`), so `touch` or a checkout of the same content says nothing;
- earlier briefs are `stat`ed a slice at a time, round-robin (`BRIEF_SLICE` per poll: every brief
  within a few polls), and their folders every poll: a folder whose mtime moved is listed again,
  which finds briefs added and removed. A brief whose bytes were never read (matching had not run)
  is reported on any change of its signature.

A watcher's baseline is the review it was made from: the always-watched files are hashed when it
is made, so an edit between loading and watching is reported at the first poll.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from ..storage.fileio import sha256_file
from ..workspace.briefname import is_brief_of

if TYPE_CHECKING:
    from .load import Review

Kind = Literal["manifest", "material", "living-doc", "brief"]
State = Literal["changed", "added", "removed"]
Signature = tuple[int, int, int] | None  # (size, mtime_ns, inode); None: absent or unreadable
BRIEF_SLICE = 400


@dataclass(frozen=True)
class Change:
    path: str  # workspace-relative
    kind: Kind
    state: State

    def describe(self) -> str:
        what = {
            "manifest": "the batch manifest",
            "material": "material",
            "living-doc": "the living document",
            "brief": "earlier brief",
        }[self.kind]
        return f"{what} {self.path} was {self.state}"


def _signature(path: Path) -> Signature:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ino)


def _digest(path: Path) -> str | None:
    return sha256_file(path)  # never blocks on a FIFO put in a material's place


class Watcher:
    """Polls one review's files; see the module docstring. Not thread-safe: poll from one thread."""

    def __init__(self, review: Review, *, brief_slice: int = BRIEF_SLICE) -> None:
        ws = review.workspace
        self.root = ws.root
        self.review = review
        self.brief_slice = brief_slice
        self.kinds: dict[str, Kind] = {review.batch.path: "manifest"}
        for m in review.materials:
            self.kinds[m.path] = "material"
        self.kinds[review.living_doc.path] = "living-doc"
        self.always = list(self.kinds)
        self.digests = dict(review.digests)
        self.signatures: dict[str, Signature] = {}
        self.pending: list[Change] = []
        for rel in self.always:
            path = self.root / rel
            self.signatures[rel] = _signature(path)
            known = self.digests.get(rel)
            now = _digest(path)
            if known is not None and now != known:
                self.pending.append(Change(rel, self.kinds[rel], "changed"))
                self.digests[rel] = now or ""
        self.briefs = list(review.brief_files)
        for rel in self.briefs:
            self.kinds[rel] = "brief"
            self.signatures[rel] = _signature(self.root / rel)
        self.folders = self._folders()
        self.turn = 0  # where the next slice of briefs starts

    def _folders(self) -> dict[Path, Signature]:
        """The briefs folder and every folder holding a brief, with their signatures."""
        try:
            top = self.review.workspace.resolve(
                self.review.workspace.settings.paths.briefs, must_exist=False
            )
        except Exception:  # the settings point outside: nothing to list
            return {}
        folders = {top} | {(self.root / rel).parent for rel in self.briefs}
        return {f: _signature(f) for f in folders}

    def watch(self, rel: str, kind: Kind) -> None:
        """Follow one more file (a material a changed manifest added)."""
        if rel not in self.kinds:
            self.kinds[rel] = kind
            self.always.append(rel)
            self.signatures[rel] = _signature(self.root / rel)

    def poll(self) -> list[Change]:
        """What changed since the last poll (or since the review was read), each file once."""
        changes, self.pending = self.pending, []
        for rel in self.always:
            changes += self._check(rel)
        if self.briefs:
            n = len(self.briefs)
            for k in range(min(self.brief_slice, n)):
                changes += self._check(self.briefs[(self.turn + k) % n])
            self.turn = (self.turn + self.brief_slice) % n
        changes += self._listing()
        once: dict[str, Change] = {}
        for c in changes:
            once.setdefault(c.path, c)
        return list(once.values())

    def _check(self, rel: str) -> list[Change]:
        path = self.root / rel
        now = _signature(path)
        if now == self.signatures.get(rel):
            return []
        before, self.signatures[rel] = self.signatures.get(rel), now
        kind = self.kinds[rel]
        if now is None:
            return [Change(rel, kind, "removed")]
        digest = _digest(path)
        known = self.digests.get(rel)
        if digest is not None:
            self.digests[rel] = digest
        if before is None:
            return [Change(rel, kind, "added")]
        if known is not None and digest == known:
            return []  # touched, or written with the same bytes
        return [Change(rel, kind, "changed")]

    def _listing(self) -> list[Change]:
        """Briefs added to or removed from the folders (found by the folders' mtimes)."""
        moved = False
        for folder, sig in list(self.folders.items()):
            now = _signature(folder)
            if now != sig:
                self.folders[folder] = now
                moved = True
        if not moved:
            return []
        ws = self.review.workspace
        stem = self.review.batch.stem
        try:
            listed = [rel for rel in ws.brief_files() if not is_brief_of(rel, stem)]
        except Exception:
            return []
        known = set(self.briefs)
        out: list[Change] = []
        for rel in listed:
            if rel not in known:
                self.kinds[rel] = "brief"
                self.signatures[rel] = _signature(self.root / rel)
                out.append(Change(rel, "brief", "added"))
        now_set = set(listed)
        for rel in self.briefs:
            if rel not in now_set:
                out.append(Change(rel, "brief", "removed"))
        self.briefs = listed
        self.folders = self._folders()
        return out
