"""Shared fixtures: a private, committed copy of the demo workspace, and a git identity."""

from __future__ import annotations

import os
from pathlib import Path
from types import ModuleType

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
DEMO_BATCH = "2026-11-03-e627b203"


@pytest.fixture(autouse=True, scope="session")
def _private_user_folders(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The user's own config, state and cache folders (caches and their key too) are the test
    session's, never the real ones: a developer's keymap or theme must not change a test, no test
    writes there, and processes the tests start inherit them."""
    from briefdesk.core.storage import cachefile

    base = tmp_path_factory.mktemp("user")
    for var in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[var] = str(base / var.lower())
    for var in [v for v in os.environ if v.startswith("BRIEFDESK_")]:
        del os.environ[var]
    cachefile.forget_key()


@pytest.fixture(autouse=True, scope="session")
def _git_identity() -> None:
    """Tests commit with a fixed identity and dates, whatever the machine's git config says."""
    os.environ.setdefault("GIT_AUTHOR_NAME", "Tom")
    os.environ.setdefault("GIT_AUTHOR_EMAIL", "tom@briefdesk.invalid")
    os.environ.setdefault("GIT_COMMITTER_NAME", "Tom")
    os.environ.setdefault("GIT_COMMITTER_EMAIL", "tom@briefdesk.invalid")


@pytest.fixture(scope="session")
def demo_made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled demo, copied and committed as `briefdesk demo --no-open` makes it: once per
    test session (per xdist worker)."""
    from briefdesk.core.commands.demo import make_demo

    root, _ = make_demo(tmp_path_factory.mktemp("demo") / "kb")
    return root


@pytest.fixture()
def demo_ws(demo_made: Path, tmp_path: Path) -> Path:
    """A private copy of the committed demo (`<tmp>/kb`, `.git/` included)."""
    import shutil

    root = tmp_path / "kb"
    shutil.copytree(demo_made, root, symlinks=True)
    return root


SEED_DIR = ROOT / "tests" / "seed"


@pytest.fixture()
def seed_ws(tmp_path: Path) -> Path:
    """The seed brief's knowledge base (tests/seed/workspace), copied and committed: the batch of
    tests/seed/000_c7e6d8574e79db7a.txt with its proposed brief, earlier briefs and living doc."""
    import shutil

    from briefdesk.core.git.command import git

    root = tmp_path / "seed-kb"
    shutil.copytree(SEED_DIR / "workspace", root)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A", "--", ".")
    git(root, "commit", "-q", "--no-verify", "-m", "seed knowledge base")
    return root


@pytest.fixture(scope="session")
def expected() -> dict:
    """The demo's answer key: planted duplicates and intended sections."""
    return yaml.safe_load((ROOT / "demo" / "expected.yaml").read_text("utf-8"))


@pytest.fixture(scope="session")
def bench_generate() -> ModuleType:
    """tests/support/generate.py, the large-workspace generator the benchmarks use too."""
    from tests.support import generate

    return generate
