"""What a brief commit records and what `status` / `history` then say about it, as the user
runs them: the batch's manifest committed with its brief, a hook's trailer paragraph after ours,
shallow clones, a killed commit finished by the next run, a full disk at every write, and the
status of stale sessions, reverted briefs and folders that are no workspace
(docs/reliability.md, "What a commit records")."""

from __future__ import annotations

import errno
import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.git.commit import commit_brief
from briefdesk.core.review.load import load_review
from briefdesk.core.workspace.layout import Workspace
from git_helpers import (
    BRIEF,
    OURS,
    add_user_work,
    clean_env,
    commit_cli,
    decide_more,
    kb,
    sh,
    user_state,
)
from hostile_helpers import DEMO_BATCH, MANIFEST, assert_one_error_line, run_cli

__all__ = ["kb"]  # the fixture


def committed(root: Path) -> subprocess.CompletedProcess[str]:
    proc = commit_cli(root)
    assert proc.returncode == 0, proc.stderr
    return proc


def status_json(root: Path) -> dict[str, dict[str, Any]]:
    proc = run_cli("status", "-w", str(root), "--json", env=clean_env())
    assert proc.returncode == 0, proc.stderr
    return {b["path"]: b for b in json.loads(proc.stdout)["batches"]}


def status_line(root: Path) -> str:
    proc = run_cli("status", "-w", str(root), env=clean_env())
    assert proc.returncode == 0, proc.stderr
    return next(line for line in proc.stdout.splitlines() if line.startswith(DEMO_BATCH))


def hook(root: Path, name: str, body: str) -> None:
    path = root / ".git" / "hooks" / name
    path.write_text("#!/bin/sh\n" + body, "utf-8")
    path.chmod(0o755)


# -- the batch's manifest ------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["new", "changed"])
def test_the_brief_commit_also_commits_its_new_or_changed_manifest(ws: Path, how: str) -> None:
    if how == "new":  # as `new-batch` leaves it: untracked
        sh(ws, "rm", "-q", "--cached", "--", MANIFEST)
        sh(ws, "commit", "-q", "-m", "manifest not committed yet")
    add_user_work(ws)
    before = user_state(ws)[:4]
    if how == "changed":
        path = ws / MANIFEST
        path.write_text(path.read_text("utf-8") + "# a comment of the collector\n", "utf-8")
    proc = committed(ws)
    files = sorted(sh(ws, "show", "--name-only", "--format=", "HEAD").split())
    assert files == sorted([*OURS, MANIFEST])
    assert f"With the batch's manifest {MANIFEST} ({how})." in sh(ws, "log", "-1", "--format=%B")
    assert sh(ws, "status", "--porcelain=v1", "--", MANIFEST, *OURS) == ""
    after = user_state(ws)[:4]

    def mine(state: tuple[str, ...]) -> list[str]:
        return [line for text in state for line in text.splitlines() if MANIFEST not in line]

    assert mine(after) == mine(before)  # the user's other staged and unstaged work as it was
    assert "warning" not in proc.stderr
    assert run_cli("verify", "-w", str(ws), "HEAD", env=clean_env()).returncode == 0


def test_a_committed_manifest_is_left_out(kb: Path) -> None:
    committed(kb)
    assert MANIFEST not in sh(kb, "show", "--name-only", "--format=", "HEAD").split()
    assert "manifest" not in sh(kb, "log", "-1", "--format=%B")


def test_a_manifest_staged_otherwise_than_on_disk_is_refused(kb: Path) -> None:
    path = kb / MANIFEST
    original = path.read_text("utf-8")
    path.write_text(original + "# staged\n", "utf-8")
    sh(kb, "add", "--", MANIFEST)
    path.write_text(original + "# staged\n# and edited again\n", "utf-8")
    before = user_state(kb)
    proc = commit_cli(kb)
    assert_one_error_line(proc.returncode, proc.stdout, proc.stderr, MANIFEST, "staged changes")
    assert user_state(kb) == before


# -- a hook's trailer paragraph after ours -------------------------------------------------------


def test_a_hook_trailer_paragraph_keeps_the_commit_a_brief_commit(kb: Path) -> None:
    hook(kb, "commit-msg", 'printf "\\nChange-Id: I0123456789abcdef\\n" >> "$1"\n')
    proc = committed(kb)
    assert "warning" not in proc.stderr  # no "lost its Material: trailers"
    assert (
        sh(kb, "log", "-1", "--format=%(trailers:only)").strip() == "Change-Id: I0123456789abcdef"
    )
    assert status_json(kb)[MANIFEST]["state"] == "committed"
    history = run_cli("history", "-w", str(kb), env=clean_env())
    assert history.returncode == 0 and "no brief commits yet" not in history.stdout
    assert "by Tom" in history.stdout or "by " in history.stdout
    assert run_cli("verify", "-w", str(kb), "HEAD", env=clean_env()).returncode == 0
    decide_more(kb)
    committed(kb)  # the next commit of the batch finds the last one as its own


# -- shallow clones ------------------------------------------------------------------------------


def test_a_shallow_clone_says_what_it_cannot_know_and_never_rewrites_the_brief(
    kb: Path, tmp_path: Path
) -> None:
    committed(kb)
    (kb / "notes" / "later.md").write_text("later\n", "utf-8")
    sh(kb, "add", "notes/later.md")
    sh(kb, "commit", "-q", "-m", "a later commit")
    clone = tmp_path / "shallow"
    sh(tmp_path, "clone", "-q", "--depth", "1", f"file://{kb}", str(clone))
    sh(clone, "config", "user.name", "Ann")
    sh(clone, "config", "user.email", "ann@briefdesk.invalid")
    row = status_json(clone)[MANIFEST]
    assert row["state"] == "committed" and "shallow clone" in row["note"]
    assert "who reviewed it cannot be known" in status_line(clone)
    brief = (clone / BRIEF).read_bytes()
    proc = commit_cli(clone)
    assert_one_error_line(
        proc.returncode, proc.stdout, proc.stderr, BRIEF, "shallow clone", "--unshallow"
    )
    assert (clone / BRIEF).read_bytes() == brief


# -- a killed commit, finished by the next run ---------------------------------------------------


def test_the_run_after_a_killed_commit_says_what_it_recovered(kb: Path) -> None:
    from briefdesk.core.git import commit as commit_mod

    real = commit_mod.install_index

    def killed(*args: object, **kwargs: object) -> list[str]:
        raise KeyboardInterrupt  # stands for the SIGKILL: nothing after it runs

    commit_mod.install_index = killed  # type: ignore[assignment]
    try:
        review = load_review(Workspace.open(kb), DEMO_BATCH)
        with pytest.raises(KeyboardInterrupt), review.open_session(readonly=True) as session:
            commit_brief(review, session, allow_undecided=True)
    finally:
        commit_mod.install_index = real
    made = sh(kb, "rev-parse", "HEAD").strip()
    proc = commit_cli(kb)  # nothing left to commit: the killed run's commit is finished
    assert_one_error_line(
        proc.returncode,
        proc.stdout,
        proc.stderr,
        "a killed briefdesk commit was finished",
        f"brief commit {made[:12]}",
        "nothing to commit",
    )
    assert not (kb / ".git" / "index.lock").exists()


# -- a full disk at every write ------------------------------------------------------------------


def test_every_full_disk_during_a_commit_names_the_file(
    kb: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The n-th file opened for writing during a commit fails with ENOSPC, for every n: each
    failure is one error naming a file, never the kernel's bare words nor a traceback."""
    import builtins

    real_open, real_os_open = builtins.open, os.open
    state = {"n": 0, "fail_at": 0}

    def full(path: object) -> None:
        if str(path).startswith("/dev/"):
            return  # subprocess's /dev/null
        state["n"] += 1
        if state["n"] == state["fail_at"]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    def fake_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if any(c in mode for c in "wax+"):
            full(file)
        return real_open(file, mode, *args, **kwargs)

    def fake_os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            full(path)
        return real_os_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", fake_open)
    monkeypatch.setattr(os, "open", fake_os_open)
    failures: list[str] = []
    for fail_at in range(1, 40):
        decide_more(kb, 5 + fail_at % 7)
        state.update(n=0, fail_at=fail_at)
        review = load_review(Workspace.open(kb), DEMO_BATCH)
        state.update(n=0)  # count the commit's writes only
        try:
            with review.open_session(readonly=True) as session:
                commit_brief(review, session, allow_undecided=True)
        except BriefdeskError as exc:
            text = str(exc)
            assert "No space left on device" in text, text
            if not exc.path and "/" not in text.split("No space left")[0]:
                failures.append(f"write {fail_at}: {text}")
        except KeyboardInterrupt:
            raise
        if state["n"] < fail_at:
            break  # every write of a commit has failed once
    else:
        pytest.fail("a commit opened more than 40 files for writing")
    state.update(fail_at=0)
    assert not failures, failures
    assert fail_at > 5  # the commit's own writes were reached


# -- status ------------------------------------------------------------------------------------


def test_a_stale_session_shows_no_counts_of_another_batch(kb: Path) -> None:
    path = kb / MANIFEST
    text = path.read_text("utf-8")
    first = next(line for line in text.splitlines() if line.startswith("  - "))
    path.write_text(text.replace(first + "\n", "", 1), "utf-8")  # a material taken out
    row = status_json(kb)[MANIFEST]
    assert row["undecided"] is None and "session out of date" in row["problem"]
    assert "session out of date" in status_line(kb)


def test_a_batch_committed_with_undecided_items_and_no_session_says_how_many(kb: Path) -> None:
    committed(kb)
    (kb / ".briefdesk" / "sessions" / f"{DEMO_BATCH}.json").unlink()
    line = status_line(kb)
    message = sh(kb, "log", "-1", "--format=%B")
    decisions = next(l for l in message.splitlines() if l.startswith("Decisions: "))  # noqa: E741
    total = int(decisions.rsplit("/", 1)[1])
    assert f"undecided of {total})" in line, line


def test_a_reverted_brief_commit_says_the_brief_was_removed(ws: Path) -> None:
    committed(ws)
    sh(ws, "revert", "--no-edit", "HEAD")
    assert "the brief was removed since" in status_line(ws)


def test_status_on_a_folder_that_is_no_workspace_is_an_error(tmp_path: Path) -> None:
    folder = tmp_path / "not-a-kb"
    folder.mkdir()
    proc = run_cli("status", "-w", str(folder), env=clean_env())
    assert_one_error_line(proc.returncode, proc.stdout, proc.stderr, "not a briefdesk workspace")
