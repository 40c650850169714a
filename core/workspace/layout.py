"""The workspace: a git repository holding inbox, paper cards, living documents, briefs, batches.

Every path read from a manifest or the settings goes through `resolve`, which refuses absolute
paths, `..` that leaves the workspace, symlinks whose target is outside it, anything inside the
git directory (`.git`) or the tool's own state folder (`.briefdesk`), and names that could not be
carried exactly (a control character or a line break: `core.text.sanitize.is_exact_name`). The
path settings are checked that way when the workspace opens (`check_path_settings`). Loading
never writes: `.briefdesk/` is created only when a session is opened or a cache is written.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import posixpath
import stat
from collections.abc import Mapping
from pathlib import Path, PurePosixPath
from typing import Any

from ..errors import BriefdeskError
from ..settings import Settings, load_settings
from ..settings.layers import SETTINGS_FILE
from ..storage import statedir, yamlio
from ..storage.cachefile import workspace_cache_dir
from ..text.sanitize import escaped, is_exact_name
from .briefname import brief_name, legacy_name
from .manifest import Batch, Manifest

STATE_DIR = statedir.STATE_DIR


class Workspace:
    def __init__(self, root: Path, settings: Settings) -> None:
        self.root = root
        self.settings = settings

    @classmethod
    def open(cls, root: str | Path = ".", flags: Mapping[str, Any] | None = None) -> Workspace:
        """The workspace at `root` with the settings in force there (`core.settings`): its
        `briefdesk.yaml`, the user's config, `BRIEFDESK_*` variables and `flags` (a command
        line's `--reviewer`, ...), each stronger than the one before."""
        path = Path(root).expanduser()
        if not path.is_dir():
            raise BriefdeskError("workspace folder not found", path)
        path = path.resolve()
        ws = cls(path, load_settings(path, flags))
        ws.check_path_settings()
        return ws

    def check_path_settings(self) -> None:
        """Refuse a path setting that names a place no brief, manifest or material may be: outside
        the workspace, inside `.git` or `.briefdesk` (`resolve`), before any command uses it: a
        brief committed into `.briefdesk/` would make every later commit refuse, one written
        into `.git/` would damage the repository."""
        paths = self.settings.paths
        named = [("paths.briefs", paths.briefs), ("paths.batches", paths.batches)]
        named += [(f"paths.materials.{i}", rel) for i, rel in enumerate(paths.materials, 1)]
        named += [
            (f"topics.{topic}.living_doc", t.living_doc)
            for topic, t in self.settings.topics.items()
            if t.living_doc is not None
        ]
        for key, rel in named:
            try:
                self.resolve(rel, must_exist=False)
            except BriefdeskError as exc:
                problem = str(exc).removeprefix(f"{exc.path}: ") if exc.path else str(exc)
                raise BriefdeskError(
                    f"{key}: {problem}", self.settings.source("paths") or SETTINGS_FILE
                ) from None

    # -- paths -----------------------------------------------------------------------------

    def resolve(
        self,
        rel: str,
        *,
        source: str | None = None,
        must_exist: bool = True,
        real_dirs: dict[Path, Path] | None = None,
    ) -> Path:
        """The absolute path of a workspace-relative path, refusing anything that leaves it.

        `real_dirs` (folder -> its real path), shared by the calls of one load, saves resolving
        the same folder once per file: see `real_path`.
        """
        where = source or rel
        if not rel or "\x00" in rel:
            raise BriefdeskError(f"bad path {rel!r}", where)
        if not is_exact_name(rel):
            raise BriefdeskError(
                f"path '{escaped(rel)}' holds a control character or a line break, which no "
                "brief, manifest or commit message can carry exactly: rename the file",
                where,
            )
        pure = PurePosixPath(rel.replace("\\", "/"))
        if pure.is_absolute() or rel.startswith("~"):
            raise BriefdeskError(
                f"absolute path {rel!r} is not allowed; paths are relative to the workspace", where
            )
        if ".." in pure.parts:
            plain = posixpath.normpath(pure.as_posix())
            if plain == ".." or plain.startswith("../"):
                raise BriefdeskError(f"path {rel!r} leaves the workspace", where)
            _refuse_private(rel, PurePosixPath(plain).parts, where)
            raise BriefdeskError(
                f"path {rel!r} goes through '..'; name the file the plain way: {plain}", where
            )
        _refuse_private(rel, pure.parts, where)
        path = self.root.joinpath(*pure.parts)
        try:
            real, exists = real_path(path, real_dirs)
        except RuntimeError:  # Python 3.11's resolve() on a link loop
            raise BriefdeskError(
                f"path {rel!r} is a symlink loop (a link that leads back to itself)", where
            ) from None
        if not real.is_relative_to(self.root):
            raise BriefdeskError(f"path {rel!r} is a link to {real}, outside the workspace", where)
        if real != path:
            _refuse_private(rel, real.relative_to(self.root).parts, where, link=real)
        if must_exist and not (exists or path.exists()):
            if path.is_symlink():
                raise BriefdeskError(
                    f"{rel} is a link to {os.readlink(path)}, which does not exist", where
                )
            raise BriefdeskError(f"file not found: {rel}", where)
        return path

    def rel(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()

    @property
    def state_dir(self) -> Path:
        return self.root / STATE_DIR

    def check_state_dir(self) -> None:
        """Refuse a `.briefdesk/` that is a link or holds tracked files
        (`core.storage.statedir`)."""
        statedir.check_state_dir(self.root)

    def ensure_state_dir(self) -> Path:
        """`.briefdesk/`, checked, made if need be, and git-ignored whole
        (`core.storage.statedir`)."""
        return statedir.ensure_state_dir(self.root)

    def session_path(self, batch: Batch) -> Path:
        return self.state_dir / "sessions" / f"{batch.stem}.json"

    @property
    def cache_dir(self) -> Path:
        """Where this workspace's caches are, out of the workspace (`core.storage.cachefile`)."""
        return workspace_cache_dir(self.root)

    # -- batches ---------------------------------------------------------------------------

    def batch_files(self) -> list[Path]:
        folder = self.resolve(self.settings.paths.batches, source=SETTINGS_FILE, must_exist=False)
        if not folder.is_dir():
            return []
        # not only regular files: a FIFO, a dangling link or a link out of the workspace named
        # like a manifest is refused by `load_batch`, naming it, rather than silently skipped
        return sorted(
            p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and not p.is_dir()
        )

    def load_batch(self, path: Path) -> Batch:
        rel = self.rel(path)
        self.resolve(rel, source=rel)  # a link out of the workspace, a name with a control
        manifest = yamlio.load_model(
            path,
            rel,
            Manifest,
            not_mapping="a batch manifest must be a mapping with id, topic and materials",
        )
        return Batch(stem=path.stem, path=rel, manifest=manifest)

    def batches(self) -> list[Batch]:
        """Every manifest; a bad one is an error naming it, as are two with the same id."""
        found = [self.load_batch(p) for p in self.batch_files()]
        self._check_unique([b for b in found])
        return found

    def batch(self, name: str) -> Batch:
        """A batch named by its stem, its path, or its id."""
        files = self.batch_files()
        target: Batch | None = None
        for p in files:
            if name in (p.stem, p.name, self.rel(p)) or self._same_file(name, p):
                target = self.load_batch(p)
                break
        others: list[Batch] = []
        for p in files:
            if target is not None and self.rel(p) == target.path:
                continue
            try:
                others.append(self.load_batch(p))
            except BriefdeskError:
                if target is None:
                    raise
        if target is None:
            target = next((b for b in others if b.manifest.id == name), None)
            if target is None:
                raise BriefdeskError(
                    f"no batch named {name!r} (by file stem, path or id)",
                    self.settings.paths.batches,
                )
        self._check_unique([target, *[b for b in others if b.path != target.path]])
        self._check_topic(target)
        return target

    def _same_file(self, name: str, p: Path) -> bool:
        candidate = Path(name).expanduser()
        if not candidate.is_absolute():
            candidate = Path.cwd() / candidate
        return candidate.exists() and candidate.resolve() == p.resolve()

    @staticmethod
    def _check_unique(batches: list[Batch]) -> None:
        seen: dict[str, str] = {}
        for b in batches:
            if b.manifest.id in seen:
                raise BriefdeskError(
                    f"batch id {b.manifest.id!r} is also used by {seen[b.manifest.id]}", b.path
                )
            seen[b.manifest.id] = b.path

    def _check_topic(self, batch: Batch) -> None:
        topic = batch.manifest.topic
        doc = self.settings.living_doc_path(topic)
        if topic not in self.settings.topics and not (self.root / doc).is_file():
            raise BriefdeskError(
                f"unknown topic {topic!r}: not in {SETTINGS_FILE} and no {doc}", batch.path
            )

    # -- briefs ----------------------------------------------------------------------------

    def brief_date(self, batch: Batch) -> dt.date:
        return batch.manifest.date or dt.date.today()

    def brief_path(self, batch: Batch) -> str:
        """`<briefs>/<topic>/<date>-e1-<stem>.md`, the date said once (`core.workspace.briefname`);
        a brief already there under the older, longer name is written where it is."""
        base = PurePosixPath(self.settings.paths.briefs) / batch.manifest.topic
        date = self.brief_date(batch).isoformat()
        legacy = (base / legacy_name(date, batch.stem)).as_posix()
        if (self.root / legacy).is_file():
            return legacy
        return (base / brief_name(date, batch.stem)).as_posix()

    def brief_files(self) -> list[str]:
        folder = self.resolve(self.settings.paths.briefs, source=SETTINGS_FILE, must_exist=False)
        if not folder.is_dir():
            return []
        return sorted(self._md_files(folder))

    def _md_files(self, folder: Path) -> list[str]:
        """What `folder.rglob("*.md")` finds that is a file inside the workspace, as workspace
        paths.

        One `scandir` per folder and no `stat` per plain file (a mature knowledge base holds
        thousands of briefs). Like `rglob`, linked folders are not walked into; a linked file counts
        when its target is a file inside the workspace."""
        found: list[str] = []
        stack = [folder]
        while stack:
            here = stack.pop()
            try:
                with os.scandir(here) as it:
                    entries = list(it)
            except OSError:
                continue
            real_here: Path | None = None
            for entry in entries:
                try:
                    link = entry.is_symlink()
                    is_dir = not link and entry.is_dir()
                    plain_file = not link and not is_dir and entry.is_file()
                except OSError:
                    continue
                if is_dir:
                    stack.append(here / entry.name)
                    continue
                if not entry.name.endswith(".md"):
                    continue
                path = here / entry.name
                if link:
                    inside = path.is_file() and path.resolve().is_relative_to(self.root)
                elif plain_file:
                    if real_here is None:
                        real_here = here.resolve()
                    inside = (real_here / entry.name).is_relative_to(self.root)
                else:
                    inside = False
                if inside:
                    found.append(self.rel(path))
        return found


PRIVATE = {".git": "the git directory", STATE_DIR: "the tool's own state folder"}


def _refuse_private(
    rel: str, parts: tuple[str, ...], where: str, *, link: Path | None = None
) -> None:
    """Refuse a path into `.git` (at any depth: a submodule's too) or the workspace's
    `.briefdesk`: neither holds materials, briefs or manifests, and writing there would damage
    the repository or the tool's state."""
    hit = next((p for p in parts if p == ".git"), None)
    if hit is None and parts and parts[0] == STATE_DIR:
        hit = STATE_DIR
    if hit is None:
        return
    via = f" (it is a link to {link})" if link is not None else ""
    raise BriefdeskError(
        f"path {rel!r} is inside {PRIVATE[hit]} {hit}/{via}, where no material, brief or manifest "
        "may be",
        where,
    )


def find_root(start: Path) -> Path:
    """The workspace holding `start`: the nearest folder upwards with a `.git` (a repository's
    top level; a `.git` file is a worktree or submodule), else `start` itself.

    No git process: every command starts here, and `commit` is measured against plain git.
    `GIT_CEILING_DIRECTORIES` is honoured as git honours it (discovery stops below them).
    """
    start = start.absolute()
    ceilings = {
        Path(p).absolute() for p in os.environ.get("GIT_CEILING_DIRECTORIES", "").split(":") if p
    }
    for folder in (start, *start.parents):
        if (folder / ".git").exists():
            return folder
        if folder in ceilings:
            break
    return start


def real_path(path: Path, real_dirs: dict[Path, Path] | None = None) -> tuple[Path, bool]:
    """`path.resolve()`, and whether the path is known to exist (False: not checked).

    With `real_dirs`, a path whose last component is no symlink resolves to its folder's real path
    (resolved once per folder and remembered there) plus its name: one `lstat` instead of a
    `realpath` walking every component. A symlink, or anything the `lstat` cannot tell, takes the
    full `resolve()`, so the answer is the same either way. Keep `real_dirs` to one load: a folder
    swapped for a link later is not seen through it.
    """
    if real_dirs is None or path.name in ("", ".", ".."):
        return path.resolve(), False
    try:
        st = os.lstat(path)
    except OSError:
        return path.resolve(), False
    if stat.S_ISLNK(st.st_mode):  # (a link may dangle: existence is not known)
        return path.resolve(), False
    parent = path.parent
    real_parent = real_dirs.get(parent)
    if real_parent is None:
        real_parent = real_dirs[parent] = parent.resolve()
    return real_parent / path.name, True


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
