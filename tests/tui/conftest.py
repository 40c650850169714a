"""Fixtures for the desk's tests: a committed demo workspace with fixed dates, and waiting helpers.

Git dates are fixed so every commit, and so every sha, is the same on every run; XDG_CONFIG_HOME
points into the test's folder so a developer's own keymap never leaks in.
"""

from __future__ import annotations

import inspect
import shutil
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path

import pytest
from tui_helpers import committed_copy, fixed_git, quiet, record_put_off


@pytest.fixture(autouse=True)
def _put_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """Record the redraws each desk puts off, so `tui_helpers.quiet` can wait for them."""
    record_put_off(monkeypatch)


@pytest.fixture()
def snap_compare(snap_compare: Callable[..., bool]) -> Callable[..., bool]:
    """pytest-textual-snapshot's `snap_compare`, the picture taken once the screen is quiet: after
    `run_before` (and `press`), every redraw a screen put off on a timer has run. Without this a
    loaded machine takes the picture before the brief preview (0.5 s after the review opens) or
    the panes (after the cursor rests) are drawn, and the snapshot fails by chance
    (docs/testing.md)."""

    def compare(
        app,
        *,
        press: Iterable[str] = (),
        run_before: Callable[..., Awaitable[None] | None] | None = None,
        **kwargs,
    ) -> bool:
        async def before(pilot) -> None:
            if run_before is not None:
                result = run_before(pilot)
                if inspect.isawaitable(result):
                    await result
            if press:
                await pilot.press(*press)
            await quiet(pilot)

        return snap_compare(app, run_before=before, **kwargs)

    return compare


@pytest.fixture(scope="session")
def demo_committed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo as `briefdesk demo --no-open` makes it, with the fixed identity and dates: made
    once per test session (per xdist worker), copied for each test."""
    from briefdesk.core.commands.demo import make_demo

    base = tmp_path_factory.mktemp("tui-demo")
    with pytest.MonkeyPatch.context() as mp:
        fixed_git(base, mp)
        root, _ = make_demo(base / "kb")
    return root


@pytest.fixture()
def demo(demo_committed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of the committed demo (`<tmp>/kb`, `.git/` included: the same commit, the
    same sha, as if made here)."""
    fixed_git(tmp_path, monkeypatch)
    root = tmp_path / "kb"
    shutil.copytree(demo_committed, root, symlinks=True)
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
