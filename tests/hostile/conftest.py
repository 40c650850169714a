"""Fixtures of the hostile suite: a clean, committed demo workspace to break one thing in.

The demo is made once per test session (`core.commands.demo.make_demo`: copy, `git init`, commit)
and each
test gets its own copy of it, `.git/` included, so a case costs a copytree, not a git commit.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def demo_base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from briefdesk.core.commands.demo import make_demo

    root, _ = make_demo(tmp_path_factory.mktemp("hostile-base") / "kb")
    return root


@pytest.fixture()
def ws(demo_base: Path, tmp_path: Path) -> Path:
    """A private copy of the committed demo workspace (`<tmp>/ws`), links kept as links."""
    root = tmp_path / "ws"
    shutil.copytree(demo_base, root, symlinks=True)
    return root
