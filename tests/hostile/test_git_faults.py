"""Git faults through the real command (docs/reliability.md), on the demo workspace with the user's
own work in progress: a staged new file, a file staged at one version and edited again in the work
tree, and an untracked file.

tests/e2e/test_commit.py proves each case on `commit_brief` itself; here each is run as the user
runs it — `briefdesk commit` as a process with the environment under test — and every case checks
the whole promise: exit 2 with one `briefdesk: error:` line saying what is wrong (or exit 0 where
git's oddity is no error), the user's staged and unstaged changes exactly as before (diffs, every
index entry, the status), no half-made commit (HEAD and every branch where they were), the
decisions still in the session, and when git itself refused the commit, the brief and sidecar on
disk. A pre-commit refusal (index.lock, no identity, no commit yet, a foreign brief) is decided
before anything is written, so there is no brief on disk to keep: the session holds the decisions
and `briefdesk build` or the next commit renders it again.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from git_helpers import BRIEF, OURS, SIDECAR, clean_env, commit_cli, kb, refused, sh, user_state
from hostile_helpers import run_cli

__all__ = ["kb"]  # the fixture


def test_index_lock_is_reported_and_never_deleted(kb: Path) -> None:
    lock = kb / ".git" / "index.lock"
    lock.write_bytes(b"")
    refused(kb, None, "index.lock exists", "never deletes it")
    assert lock.exists()
    lock.unlink()
    assert commit_cli(kb).returncode == 0  # and once it is gone, the same command commits


def test_no_identity(kb: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = {
        k: v
        for k, v in clean_env().items()
        if k
        not in (
            "GIT_AUTHOR_NAME",
            "GIT_AUTHOR_EMAIL",
            "GIT_COMMITTER_NAME",
            "GIT_COMMITTER_EMAIL",
            "EMAIL",
            "GIT_CONFIG_GLOBAL",
            "XDG_CONFIG_HOME",
        )
    }
    env.update(HOME=str(home), GIT_CONFIG_NOSYSTEM="1")
    sh(kb, "config", "--unset", "user.name", check=False)  # set only when the machine had none
    sh(kb, "config", "--unset", "user.email", check=False)
    refused(kb, env, "no git identity", "git config user.name")


def test_empty_repository(kb: Path) -> None:
    shutil.rmtree(kb / ".git")
    sh(kb, "init", "-q", "-b", "main")
    sh(kb, "add", "--", "inbox", "docs", "batches")  # staged, never committed
    refused(kb, None, "no commit yet", "commit the materials first")


def test_rejecting_pre_commit_hook_keeps_the_brief_on_disk(kb: Path) -> None:
    hook = kb / ".git" / "hooks" / "pre-commit"
    hook.write_text("#!/bin/sh\necho 'policy: no briefs on Fridays' >&2\nexit 1\n", "utf-8")
    hook.chmod(0o755)
    refused(kb, None, "git commit failed", "policy: no briefs on Fridays", "left on disk")
    assert (kb / BRIEF).is_file() and (kb / SIDECAR).is_file()
    hook.unlink()
    assert commit_cli(kb).returncode == 0


def test_commit_msg_hook_that_edits_the_message(kb: Path) -> None:
    hook = kb / ".git" / "hooks" / "commit-msg"
    hook.write_text('#!/bin/sh\nsed -i "1s/^/[kb] /" "$1"\n', "utf-8")
    hook.chmod(0o755)
    before = user_state(kb)
    proc = commit_cli(kb)
    assert proc.returncode == 0, proc.stderr
    assert sh(kb, "log", "-1", "--format=%s").startswith("[kb] brief(inference)")
    assert sorted(sh(kb, "show", "--name-only", "--format=", "HEAD").split()) == sorted(OURS)
    assert user_state(kb)[:4] == before[:4]
    assert run_cli("verify", "-w", str(kb), "HEAD", env=clean_env()).returncode == 0


def test_a_file_named_dash_dash_all(kb: Path) -> None:
    (kb / "--all").write_text("not an option\n", "utf-8")
    before = user_state(kb)
    proc = commit_cli(kb)
    assert proc.returncode == 0, proc.stderr
    assert sorted(sh(kb, "show", "--name-only", "--format=", "HEAD").split()) == sorted(OURS)
    assert user_state(kb)[:4] == before[:4]


def test_detached_head(kb: Path) -> None:
    sh(kb, "checkout", "-q", "--detach")
    main = sh(kb, "rev-parse", "main")
    proc = commit_cli(kb)
    assert proc.returncode == 0, proc.stderr
    assert sh(kb, "rev-parse", "main") == main  # the branch is not moved behind the user's back
    assert sh(kb, "rev-parse", "HEAD^") == main


def test_git_dir_work_tree_and_index_file_in_the_environment(kb: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    sh(other, "init", "-q")
    env = clean_env(
        GIT_DIR=str(other / ".git"),
        GIT_WORK_TREE=str(other),
        GIT_INDEX_FILE=str(tmp_path / "stray-index"),
    )
    before = user_state(kb)
    proc = commit_cli(kb, env)
    assert proc.returncode == 0, proc.stderr
    assert sorted(sh(kb, "show", "--name-only", "--format=", "HEAD").split()) == sorted(OURS)
    assert user_state(kb)[:4] == before[:4]
    assert not (tmp_path / "stray-index").exists()
    assert sh(other, "count-objects").startswith("0 objects")


def test_foreign_brief_is_never_overwritten(kb: Path) -> None:
    (kb / BRIEF).write_text("my own hand-written notes for this batch\n", "utf-8")
    refused(kb, None, BRIEF, "not written by briefdesk", "move it away")
    assert (kb / BRIEF).read_text("utf-8") == "my own hand-written notes for this batch\n"
    assert not (kb / SIDECAR).exists()
