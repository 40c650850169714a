"""Shared fixtures: a private, committed copy of the demo workspace, and a git identity."""

from __future__ import annotations

import importlib.util
import os
import sys
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


@pytest.fixture()
def demo_ws(tmp_path: Path) -> Path:
    """The bundled demo, copied and committed as `briefdesk demo --no-open` makes it."""
    from briefdesk.core.commands.demo import make_demo

    root, _ = make_demo(tmp_path / "kb")
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
    """benchmarks/generate.py (the issue-5 workspace generator), loaded by path: benchmarks/ is
    not an installed package."""
    spec = importlib.util.spec_from_file_location(
        "bench_generate", ROOT / "benchmarks" / "generate.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module
