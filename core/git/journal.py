"""briefdesk's own records of its commits, kept in the git directory (`<git dir>/briefdesk/`).

The git directory is never part of the work tree: nothing here can be committed, shown by
`git status`, swept in by `git add -A`, or brought by a clone. It holds:

- `commit.lock`: commits are serialised on it (`core.storage.lock.FileLock`, the kernel's), one per
  repository and work tree, so two `briefdesk commit`s (two shells, or the desk and a shell)
  never interleave their steps;
- `pair/`: the staging folder of the brief and sidecar (`core.storage.fileio.write_together`): their
  temp files and journal, never in the user's folders;
- `written.json`: path -> sha256 of the bytes briefdesk last wrote there, so a brief or sidecar
  that changed since is known to be the user's edit, and is never overwritten;
- `commit.json`: the commit in progress — the marker of the `index.lock` it holds, HEAD before
  it, our two paths — and `commit-index` / `next-index`, its own index and the real index's next
  version (`core.git.index`), so that the next commit finishes what a killed one left (`recover`).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path

from ..brief.message import BATCH, TRAILERS_FORMAT, is_brief_commit, read_trailers
from ..errors import BriefdeskError
from ..storage.fileio import atomic_write, recover_together, remove_temp_files, writes_to
from ..storage.lock import Busy, FileLock, describe
from .command import git
from .index import IndexLock, commit_changes, install_index, staged_changes

COMMIT_WAIT = 60.0  # seconds a commit waits for another one (its hooks may take a while)


class CommitState:
    """The records of one repository (see the module docstring)."""

    def __init__(self, folder: Path, root: Path, index: Path, index_lock: Path) -> None:
        self.folder = folder
        self.root = root  # the workspace (git runs there)
        self.index = index  # the real index
        self.index_lock = index_lock
        self._made_folder = False

    @property
    def staging(self) -> Path:
        return self.folder / "pair"

    @property
    def journal(self) -> Path:
        return self.folder / "commit.json"

    @property
    def written_file(self) -> Path:
        return self.folder / "written.json"

    @property
    def commit_index(self) -> Path:
        return self.folder / "commit-index"

    @property
    def next_index(self) -> Path:
        return self.folder / "next-index"

    # -- the lock --------------------------------------------------------------------------------

    @contextlib.contextmanager
    def locked(self, wait: float | None = None) -> Iterator[None]:
        """Hold the repository's commit lock, waiting up to `wait` seconds (`COMMIT_WAIT`) for
        another commit to finish; a folder this made is removed again if empty."""
        if not self.folder.is_dir():
            try:
                self.folder.mkdir(parents=True)
                self._made_folder = True
            except FileExistsError:
                pass
            except OSError as exc:
                raise BriefdeskError(
                    f"cannot make briefdesk's folder in the git directory ({exc.strerror})",
                    self.folder,
                ) from None
        lock = FileLock(self.folder / "commit.lock")
        try:
            lock.acquire(COMMIT_WAIT if wait is None else wait)
        except Busy as busy:
            raise BriefdeskError(
                f"another briefdesk commit is running in this repository ({describe(busy.info)}; "
                f"lock file {lock.path}); try again once it has finished"
            ) from None
        except OSError as exc:
            raise BriefdeskError(
                f"cannot take the commit lock ({exc.strerror or exc})", lock.path
            ) from None
        try:
            yield
        finally:
            lock.release()
            with contextlib.suppress(OSError):
                self.staging.rmdir()  # only when empty
            if self._made_folder:
                with contextlib.suppress(OSError):
                    self.folder.rmdir()

    # -- what briefdesk wrote --------------------------------------------------------------------

    def written(self) -> dict[str, str]:
        """Workspace-relative path -> sha256 of what briefdesk last wrote there."""
        try:
            raw = json.loads(self.written_file.read_bytes())
            return {str(rel): str(sha) for rel, sha in raw.items()}
        except (OSError, ValueError, TypeError, AttributeError):
            return {}

    def record_written(self, files: dict[str, str]) -> None:
        """Add what was just written; entries whose file is gone are dropped."""
        if not files:
            return
        known = {rel: sha for rel, sha in self.written().items() if (self.root / rel).exists()}
        known.update(files)
        with contextlib.suppress(OSError):  # a record lost only makes the next check stricter
            atomic_write(
                self.written_file, json.dumps(dict(sorted(known.items())), indent=1).encode()
            )

    # -- the commit in progress ------------------------------------------------------------------

    def begin(self, lock: IndexLock, head: str | None = None, **more: object) -> None:
        """Record, before each step that leaves something behind, what the next run must undo or
        finish: first only the lock's marker (before it is taken), then HEAD and our paths
        (before the commit)."""
        data = {"marker": lock.marker, **({"head": head} if head else {}), **more}
        with writes_to(self.journal):
            atomic_write(self.journal, json.dumps(data).encode("utf-8"))

    def end(self) -> None:
        """The commit is over (made and installed, or refused): its records go."""
        self._drop_indexes()
        self.journal.unlink(missing_ok=True)

    def _drop_indexes(self) -> None:
        for path in (self.commit_index, self.next_index):
            path.unlink(missing_ok=True)

    def recover(self, targets: list[str]) -> list[str]:
        """Finish or undo what a killed commit left (call under the lock, before anything else):
        the pair half-renamed (finished from its journal, or its temp files deleted); an
        `index.lock` of ours with no commit made (removed); a commit made whose index was not
        installed (installed, then the lock removed). Returns what it did, to be told."""
        done: list[str] = []
        for record in (self.journal, self.written_file):  # a kill inside their atomic write
            remove_temp_files(record)
        finished = recover_together(self.root, self.staging, targets)
        if finished:
            self.record_written(dict(finished))
            done.append(f"finished writing {', '.join(rel for rel, _ in finished)}")
        try:
            raw = json.loads(self.journal.read_bytes())
            lock = IndexLock(self.index_lock, str(raw["marker"]))
        except FileNotFoundError:
            self._drop_indexes()  # temp indexes without a journal: nothing to finish
            return done
        except (OSError, ValueError, TypeError, KeyError):
            self.end()
            return done
        head = raw.get("head")
        if head and lock.ours():
            now = git(self.root, "rev-parse", "-q", "--verify", "HEAD", check=False)
            current = now.stdout.decode().strip()
            if current and current != head and self._is_ours(current, head, str(raw["batch"])):
                staged = staged_changes(self.root, head)  # the index is still the old one
                kept = install_index(
                    self.root,
                    self.index,
                    lock,
                    self.next_index,
                    commit_changes(self.root, head, current),
                    staged,
                    set(raw.get("ours", [])),
                )
                done.append(f"brought the index up to date with brief commit {current[:12]}")
                if kept:
                    done.append(f"left {', '.join(kept)} as you had staged them")
        if lock.ours():
            lock.release()
            done.append(f"removed its {self.index_lock.name}")
        self.end()
        return done

    def _is_ours(self, sha: str, parent: str, batch: str) -> bool:
        proc = git(
            self.root, "log", "-1", f"--format=%P%x00{TRAILERS_FORMAT}%x00%B", sha, check=False
        )
        parents, _, rest = proc.stdout.decode("utf-8", "replace").partition("\0")
        formatted, _, message = rest.partition("\0")
        trailers = read_trailers(formatted, message)
        return (
            parents.split()[:1] == [parent]
            and is_brief_commit(trailers)
            and batch in trailers.get(BATCH, [])
        )


def blob_oid(payload: bytes, like: str) -> str:
    """The object id git gives `payload` as a blob, in the repository's hash (that of `like`)."""
    import hashlib

    algo = hashlib.sha256 if len(like) == 64 else hashlib.sha1
    return algo(b"blob %d\0" % len(payload) + payload).hexdigest()
