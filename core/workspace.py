"""The workspace: a git repository holding inbox, paper cards, living documents, briefs, batches.

Every path read from a manifest or the settings goes through `resolve`, which refuses absolute
paths, `..` that leaves the workspace and symlinks whose target is outside it. Loading never
writes: `.briefdesk/` is created only when a session is opened or a cache is written.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from pathlib import Path, PurePosixPath

from . import yamlio
from .errors import BriefdeskError
from .manifest import Batch, Manifest
from .settings import Settings

SETTINGS_FILE = "briefdesk.yaml"
STATE_DIR = ".briefdesk"


class Workspace:
    def __init__(self, root: Path, settings: Settings) -> None:
        self.root = root
        self.settings = settings

    @classmethod
    def open(cls, root: str | Path = ".") -> Workspace:
        path = Path(root).expanduser()
        if not path.is_dir():
            raise BriefdeskError("workspace folder not found", path)
        path = path.resolve()
        settings_path = path / SETTINGS_FILE
        settings = Settings()
        if settings_path.exists():
            settings = yamlio.load_model(
                settings_path, SETTINGS_FILE, Settings, empty_ok=True, not_mapping="settings must be a mapping"
            )
        return cls(path, settings)

    # -- paths -----------------------------------------------------------------------------

    def resolve(self, rel: str, *, source: str | None = None, must_exist: bool = True) -> Path:
        """The absolute path of a workspace-relative path, refusing anything that leaves it."""
        where = source or rel
        if not rel or "\x00" in rel:
            raise BriefdeskError(f"bad path {rel!r}", where)
        pure = PurePosixPath(rel.replace("\\", "/"))
        if pure.is_absolute() or rel.startswith("~"):
            raise BriefdeskError(f"absolute path {rel!r} is not allowed; paths are relative to the workspace", where)
        if ".." in pure.parts:
            raise BriefdeskError(f"path {rel!r} leaves the workspace", where)
        path = self.root.joinpath(*pure.parts)
        real = path.resolve()
        if not real.is_relative_to(self.root):
            raise BriefdeskError(f"path {rel!r} is a link to {real}, outside the workspace", where)
        if must_exist and not path.exists():
            raise BriefdeskError(f"file not found: {rel}", where)
        return path

    def rel(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()

    @property
    def state_dir(self) -> Path:
        return self.root / STATE_DIR

    def ensure_state_dir(self) -> Path:
        """Create `.briefdesk/` with a `.gitignore` of its own, so the user's files stay untouched."""
        try:
            self.state_dir.mkdir(exist_ok=True)
            ignore = self.state_dir / ".gitignore"
            if not ignore.exists():
                ignore.write_text("*\n", "utf-8")
        except OSError as exc:  # read-only workspace, full disk, a file named .briefdesk
            raise BriefdeskError(f"cannot create the tool's state folder ({exc.strerror or exc})", STATE_DIR) from None
        return self.state_dir

    def session_path(self, batch: Batch) -> Path:
        return self.state_dir / "sessions" / f"{batch.stem}.json"

    @property
    def cache_dir(self) -> Path:
        return self.state_dir / "cache"

    # -- batches ---------------------------------------------------------------------------

    def batch_files(self) -> list[Path]:
        folder = self.resolve(self.settings.paths.batches, source=SETTINGS_FILE, must_exist=False)
        if not folder.is_dir():
            return []
        return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())

    def load_batch(self, path: Path) -> Batch:
        rel = self.rel(path)
        manifest = yamlio.load_model(
            path, rel, Manifest, not_mapping="a batch manifest must be a mapping with id, topic and materials"
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
                raise BriefdeskError(f"no batch named {name!r} (by file stem, path or id)", self.settings.paths.batches)
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
                raise BriefdeskError(f"batch id {b.manifest.id!r} is also used by {seen[b.manifest.id]}", b.path)
            seen[b.manifest.id] = b.path

    def _check_topic(self, batch: Batch) -> None:
        topic = batch.manifest.topic
        doc = self.settings.living_doc_path(topic)
        if topic not in self.settings.topics and not (self.root / doc).is_file():
            raise BriefdeskError(f"unknown topic {topic!r}: not in {SETTINGS_FILE} and no {doc}", batch.path)

    # -- briefs ----------------------------------------------------------------------------

    def brief_date(self, batch: Batch) -> dt.date:
        return batch.manifest.date or dt.date.today()

    def brief_path(self, batch: Batch) -> str:
        base = PurePosixPath(self.settings.paths.briefs) / batch.manifest.topic
        return (base / f"{self.brief_date(batch).isoformat()}-e1-{batch.stem}.md").as_posix()

    def brief_files(self) -> list[str]:
        folder = self.resolve(self.settings.paths.briefs, source=SETTINGS_FILE, must_exist=False)
        if not folder.is_dir():
            return []
        return sorted(self.rel(p) for p in folder.rglob("*.md") if p.is_file() and p.resolve().is_relative_to(self.root))


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
