"""Fixtures for the desk's tests: a committed demo workspace with fixed dates, and waiting helpers.

Git dates are fixed so every commit, and so every sha, is the same on every run; XDG_CONFIG_HOME
points into the test's folder so a developer's own keymap never leaks in.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_helpers import FIXED_DATE


@pytest.fixture()
def demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from briefdesk.core.demo import make_demo

    for who in ("AUTHOR", "COMMITTER"):
        monkeypatch.setenv(f"GIT_{who}_NAME", "Tom")
        monkeypatch.setenv(f"GIT_{who}_EMAIL", "tom@briefdesk.invalid")
    monkeypatch.setenv("GIT_AUTHOR_DATE", FIXED_DATE)
    monkeypatch.setenv("GIT_COMMITTER_DATE", FIXED_DATE)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    root, _ = make_demo(tmp_path / "kb")
    return root


SEED_BATCH = "2026-11-03-e627b203"


@pytest.fixture()
def seed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The seed brief's knowledge base (tests/seed/workspace), committed with fixed dates: its
    proposed brief has written increments, a spot check, contradictions and handles, and the
    workspace has paper cards outside the batch to spot-check."""
    import shutil

    from briefdesk.core.gitio import git

    for who in ("AUTHOR", "COMMITTER"):
        monkeypatch.setenv(f"GIT_{who}_NAME", "Tom")
        monkeypatch.setenv(f"GIT_{who}_EMAIL", "tom@briefdesk.invalid")
    monkeypatch.setenv("GIT_AUTHOR_DATE", FIXED_DATE)
    monkeypatch.setenv("GIT_COMMITTER_DATE", FIXED_DATE)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    root = tmp_path / "kb"
    shutil.copytree(Path(__file__).resolve().parents[1] / "seed" / "workspace", root)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A", "--", ".")
    git(root, "commit", "-q", "--no-verify", "-m", "seed knowledge base")
    return root
