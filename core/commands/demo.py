"""`briefdesk demo`: a private copy of the bundled demo workspace, made a git repository."""

from __future__ import annotations

import shutil
import tempfile
from importlib import resources
from pathlib import Path

from ..errors import BriefdeskError
from ..git.command import git, git_identity

DEMO_BATCH = "2026-11-03-e627b203"


def demo_source() -> Path:
    """The bundled workspace, `briefdesk.demo`'s data folder, found through
    `importlib.resources`."""
    return Path(str(resources.files("briefdesk.demo") / "workspace"))


def make_demo(target: Path | None = None) -> tuple[Path, str]:
    """Copy the demo to `target` (a new temporary folder by default), `git init` and commit it."""
    source = demo_source()
    if not source.is_dir():
        raise BriefdeskError("the bundled demo workspace is missing from this installation", source)
    if target is None:
        target = Path(tempfile.mkdtemp(prefix="briefdesk-demo-")) / "kb"
    elif target.exists() and any(target.iterdir()):
        raise BriefdeskError("folder exists and is not empty; name a new folder", target)
    shutil.copytree(
        source,
        target,
        dirs_exist_ok=True,
        ignore=shutil.ignore_patterns("__pycache__", ".briefdesk"),
    )
    git(target, "init", "-q", "-b", "main")
    if git_identity(target) is None:  # a sandbox: give it an identity of its own, locally
        git(target, "config", "user.name", "Tom")
        git(target, "config", "user.email", "tom@briefdesk.invalid")
    git(target, "add", "-A", "--", ".")
    git(target, "commit", "-q", "--no-verify", "-m", "demo knowledge base")
    return target, DEMO_BATCH
