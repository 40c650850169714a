"""Helpers of the hostile git tests: the demo with the user's work in progress, `briefdesk commit`
as a process, and the user's state as git sees it (imported by name: tests/hostile is on
sys.path under pytest)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from briefdesk.core.git.command import REDIRECTING_VARS
from hostile_helpers import DEMO_BATCH, ROOT, assert_one_error_line, run_cli

BRIEF = "briefs/inference/2026-11-03-e1-e627b203.md"  # {date}-e1-{stem without its date}
SIDECAR = BRIEF.removesuffix(".md") + ".review.json"
OURS = (BRIEF, SIDECAR)


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in REDIRECTING_VARS}
    return {**env, "PYTHONPATH": str(ROOT), **extra}


def sh(root: Path, *args: str, env: dict[str, str] | None = None, check: bool = True) -> str:
    proc = subprocess.run(
        ["git", "-C", str(root), *args], capture_output=True, env=env or clean_env(), check=False
    )
    assert proc.returncode == 0 or not check, f"git {args}: {proc.stderr.decode()}"
    return proc.stdout.decode("utf-8", "replace")


def commit_cli(root: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return run_cli(
        "commit", "-w", str(root), "-b", DEMO_BATCH, "--allow-undecided", env=env or clean_env()
    )


def user_state(root: Path) -> tuple[str, ...]:
    """The user's work in progress as git sees it, our two files left out."""
    status = "\n".join(
        line
        for line in sh(root, "status", "--porcelain=v1", "-uall").splitlines()
        if not line.endswith(OURS)
    )
    entries = "\n".join(
        line for line in sh(root, "ls-files", "-s").splitlines() if not line.endswith(OURS)
    )
    return (
        sh(root, "diff", "--cached", "--binary"),
        sh(root, "diff", "--binary"),
        entries,
        status,
        sh(root, "for-each-ref", "--format=%(refname) %(objectname)"),
        sh(root, "rev-parse", "-q", "--verify", "HEAD", check=False),  # "" before the first commit
    )


def session_bytes(root: Path) -> bytes:
    return (root / ".briefdesk" / "sessions" / f"{DEMO_BATCH}.json").read_bytes()


def add_user_work(ws: Path, batch: str = DEMO_BATCH) -> Path:
    """A session holding reviewer decisions and the user's own pending changes: a file staged at
    one version and edited again in the work tree, a new staged file, an untracked file."""
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace

    review = load_review(Workspace.open(ws), batch)
    with review.open_session() as session:
        for item in review.items[:4]:
            session.include(item.ref)
    (ws / "notes").mkdir()
    (ws / "notes" / "todo.md").write_text("v1\n", "utf-8")
    sh(ws, "add", "notes/todo.md")
    sh(ws, "commit", "-q", "-m", "todo")
    (ws / "notes" / "todo.md").write_text("v2 staged\n", "utf-8")
    sh(ws, "add", "notes/todo.md")
    (ws / "notes" / "todo.md").write_text("v3 in the work tree\n", "utf-8")
    (ws / "notes" / "staged.md").write_text("a new staged file\n", "utf-8")
    sh(ws, "add", "notes/staged.md")
    (ws / "notes" / "untracked.md").write_text("untracked\n", "utf-8")
    return ws


@pytest.fixture()
def kb(ws: Path) -> Path:
    """The demo with a session holding reviewer decisions and the user's own pending changes."""
    return add_user_work(ws)


def refused(
    root: Path, env: dict[str, str] | None, *needles: str
) -> subprocess.CompletedProcess[str]:
    before, decisions = user_state(root), session_bytes(root)
    proc = commit_cli(root, env)
    assert_one_error_line(proc.returncode, proc.stdout, proc.stderr, *needles)
    assert user_state(root) == before
    assert session_bytes(root) == decisions
    assert sh(root, "ls-files", "--", *OURS) == ""  # nothing of ours half-added to the index
    return proc


def decide_more(root: Path, n: int = 5) -> None:
    """One more decision, so the next commit writes a new brief."""
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace
    from hostile_helpers import DEMO_BATCH

    review = load_review(Workspace.open(root), DEMO_BATCH)
    with review.open_session() as session:
        ref = review.items[n].ref
        if session.decision(ref).status == "include":
            session.exclude(ref, "off-topic")
        else:
            session.include(ref)
