"""Fixtures for the desk's tests: a committed demo workspace with fixed dates, and waiting helpers.

Git dates are fixed so every commit, and so every sha, is the same on every run; XDG_CONFIG_HOME
points into the test's folder so a developer's own keymap never leaks in.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_helpers import committed_copy, fixed_git


@pytest.fixture()
def demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from briefdesk.core.commands.demo import make_demo

    fixed_git(tmp_path, monkeypatch)
    root, _ = make_demo(tmp_path / "kb")
    return root


SEED_BATCH = "2026-11-03-e627b203"


@pytest.fixture()
def seed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The seed brief's knowledge base (tests/seed/workspace), committed with fixed dates: its
    proposed brief has written increments, a spot check, contradictions and handles, and the
    workspace has paper cards outside the batch to spot-check."""
    fixed_git(tmp_path, monkeypatch)
    source = Path(__file__).resolve().parents[1] / "seed" / "workspace"
    return committed_copy(source, tmp_path / "kb", "seed knowledge base")
