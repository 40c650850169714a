"""Shared fixtures: a private, committed copy of the demo workspace, and a git identity."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
DEMO_BATCH = "2026-11-03-e627b203"


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
    from core.demo import make_demo

    root, _ = make_demo(tmp_path / "kb")
    return root


@pytest.fixture(scope="session")
def expected() -> dict:
    """The demo's answer key: planted duplicates and intended sections."""
    return yaml.safe_load((ROOT / "demo" / "expected.yaml").read_text("utf-8"))
