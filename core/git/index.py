"""The index during a brief commit, handled as `git commit` handles it.

`git commit` holds `index.lock` from before it reads the index until the new index is renamed
into place, so no other git changes the index in between, and a git killed in between leaves the
lock behind — every later git refuses loudly rather than commit from a stale index. A brief
commit does the same, with an index of its own for the commit:

1. `IndexLock.take`: `index.lock` is created the way git creates it (exclusively; hard-linked
   from a complete file, so it is never seen half-written), holding a marker of this run and a
   line saying what it is. Another git (the user's shell) is refused while it is held.
2. `build_commit_index`: a copy of the index (stat data kept, so nothing is hashed again) with
   every entry the user staged put back to HEAD's, and the brief and sidecar added as `git add`
   adds them (`update-index --add`: filters such as `core.autocrlf` apply). It holds HEAD plus
   exactly our two files.
3. `git commit` runs on that index (`GIT_INDEX_FILE`), hooks included: a pre-commit hook that
   edits and `git add`s files changes that index, and the commit holds its changes.
4. `install_index`: a copy of the real index with the commit's changes applied — ours always,
   another path (a hook's) where the user had not staged something else there — is renamed over
   the index, and then the lock is removed. Nothing is left that the user's next commit would
   revert (the `D`/`MM` that `commit --only` leaves after such a hook), and what the user staged
   stays staged.

A run killed anywhere from 1 to 4 leaves `index.lock` (with its marker) and a journal; the next
brief commit finishes step 4 or lets go of the lock (`core.git.journal.CommitState.recover`).
Paths here are full paths from the repository's top (what `diff-index`, `diff-tree` and
`update-index --index-info` use), never workspace-relative.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..errors import BriefdeskError
from ..storage.fileio import writes_to
from .command import first_line, git

ZERO = "0" * 40
LOCK_NOTE = (
    "briefdesk commit holds this lock. If briefdesk was killed, run `briefdesk commit` again: "
    "it finishes the commit and removes this file.\n"
)


@dataclass(frozen=True)
class Entry:
    mode: str
    oid: str


@dataclass(frozen=True)
class Change:
    old: Entry | None  # None: the path is new
    new: Entry | None  # None: the path is gone


def parse_raw(text: str) -> dict[str, Change]:
    """`--raw -z` records (`:oldmode newmode oldoid newoid X\\0path\\0`), as `diff-tree`,
    `diff-index` and `log --raw` print them."""
    changes: dict[str, Change] = {}
    fields = text.split("\0")
    i = 0
    while i + 1 < len(fields):
        head = fields[i].lstrip("\n")
        if not head.startswith(":"):
            i += 1
            continue
        parts = head[1:].split(" ")
        path = fields[i + 1]
        i += 2
        if len(parts) < 5:
            continue
        old_mode, new_mode, old_oid, new_oid, status = parts[:5]
        if status.startswith("U"):
            changes[path] = Change(old=None, new=None)  # unmerged: the caller refuses
            continue
        changes[path] = Change(
            old=None if set(old_oid) == {"0"} else Entry(old_mode, old_oid),
            new=None if set(new_oid) == {"0"} else Entry(new_mode, new_oid),
        )
    return changes


def staged_changes(root: Path, head: str, index: Path | None = None) -> dict[str, Change]:
    """What the index (or `index`) holds that differs from `head`: what the user staged."""
    proc = git(
        root,
        "diff-index",
        "--cached",
        "-z",
        "--no-renames",
        "--ignore-submodules=none",
        head,
        env={"GIT_INDEX_FILE": str(index)} if index else None,
        check=False,
    )
    if proc.returncode != 0:
        raise BriefdeskError(f"git diff-index failed: {first_line(proc)}")
    return parse_raw(proc.stdout.decode("utf-8", "surrogateescape"))


def commit_changes(root: Path, old: str, new: str) -> dict[str, Change]:
    """What commit `new` changed against `old`, path by path."""
    proc = git(
        root, "diff-tree", "-r", "-z", "--no-renames", "--no-commit-id", old, new, check=False
    )
    if proc.returncode != 0:
        raise BriefdeskError(f"git diff-tree failed: {first_line(proc)}")
    return parse_raw(proc.stdout.decode("utf-8", "surrogateescape"))


def set_entries(root: Path, index: Path, wanted: Mapping[str, Entry | None]) -> None:
    """Set these entries of the index file `index` (None: remove the path)."""
    if not wanted:
        return
    lines = [
        f"{e.mode} {e.oid}\t{path}" if e is not None else f"0 {ZERO}\t{path}"
        for path, e in wanted.items()
    ]
    payload = "".join(line + "\0" for line in lines).encode("utf-8", "surrogateescape")
    proc = git(
        root,
        "update-index",
        "-z",
        "--index-info",
        input=payload,
        env={"GIT_INDEX_FILE": str(index)},
        check=False,
    )
    if proc.returncode != 0:
        raise BriefdeskError(f"git update-index failed: {first_line(proc)}", index)


# -- the lock -------------------------------------------------------------------------------------


class IndexLock:
    """`index.lock`, taken as git takes it, with a marker that tells this run's lock from any
    other (see the module docstring)."""

    def __init__(self, path: Path, marker: str | None = None) -> None:
        self.path = path
        self.marker = marker or secrets.token_hex(16)

    @property
    def content(self) -> bytes:
        return f"briefdesk {self.marker}\n{LOCK_NOTE}".encode()

    def take(self) -> bool:
        """Create the lock; False when it exists (another git, or one that crashed)."""
        tmp = self.path.with_name(f".{self.path.name}.briefdesk.{self.marker}")
        try:
            with writes_to(self.path):
                tmp.write_bytes(self.content)
            try:
                os.link(tmp, self.path)
            except FileExistsError:
                return False
            return True
        finally:
            tmp.unlink(missing_ok=True)

    def ours(self) -> bool:
        try:
            return self.path.read_bytes() == self.content
        except OSError:
            return False

    def release(self) -> None:
        """Remove the lock if it is still ours (a rename of the new index may have replaced it)."""
        if self.ours():
            self.path.unlink(missing_ok=True)


# -- the two indexes ------------------------------------------------------------------------------


def build_commit_index(
    root: Path, real: Path, into: Path, staged: dict[str, Change], ours: list[str]
) -> None:
    """The commit's own index (see the module docstring, step 2). `ours` are workspace-relative
    (git runs in the workspace); `update-index --add` hashes them as `git add` would."""
    if real.exists():
        with writes_to(into):
            shutil.copyfile(real, into)
    else:
        into.unlink(missing_ok=True)
    set_entries(root, into, {path: c.old for path, c in staged.items()})
    proc = git(
        root, "update-index", "--add", "--", *ours, env={"GIT_INDEX_FILE": str(into)}, check=False
    )
    if proc.returncode != 0:
        raise BriefdeskError(f"git update-index failed: {first_line(proc)}", into)


def install_index(
    root: Path,
    real: Path,
    lock: IndexLock,
    scratch: Path,
    committed: dict[str, Change],
    staged: dict[str, Change],
    ours: set[str],
) -> list[str]:
    """Step 4 of the module docstring: the real index brought up to the commit, renamed into
    place, the lock let go. Returns the paths left as the user had staged them."""
    kept: list[str] = []
    wanted: dict[str, Entry | None] = {}
    for path, change in committed.items():
        if path in ours or path not in staged:
            wanted[path] = change.new
        elif staged[path].new != change.new:
            kept.append(path)
    if real.exists():
        with writes_to(scratch):
            shutil.copyfile(real, scratch)
    set_entries(root, scratch, wanted)
    with writes_to(real):
        os.replace(scratch, real)
    with contextlib.suppress(OSError):
        fd = os.open(real.parent, os.O_RDONLY)
        os.fsync(fd)
        os.close(fd)
    lock.release()
    return kept
