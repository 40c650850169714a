"""The commit, against the user's own work and a hostile repository (beyond test_git_faults.py):
the user's edits of a committed brief, hooks that edit and stage files, a full disk while the
pair is written, a commit-msg hook that strips the provenance, `core.autocrlf`, a merge in
progress, a detached HEAD, a sparse checkout, and a read-only view of a session that moved on.

Each runs `briefdesk commit` as the user does (a real process unless the case needs core), on
the demo with the user's work in progress, and checks what the user would check: the message,
their staged and unstaged work, what the index and HEAD hold, and that nothing was overwritten.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.git.commit import commit_brief
from briefdesk.core.review.load import load_review
from briefdesk.core.workspace.layout import Workspace
from git_helpers import BRIEF, OURS, SIDECAR, clean_env, commit_cli, decide_more, kb, sh, user_state
from hostile_helpers import DEMO_BATCH, ROOT, assert_one_error_line, run_cli

__all__ = ["kb"]  # the fixture


def committed(root: Path) -> subprocess.CompletedProcess[str]:
    proc = commit_cli(root)
    assert proc.returncode == 0, proc.stderr
    return proc


def hook(root: Path, name: str, body: str) -> None:
    path = root / ".git" / "hooks" / name
    path.write_text("#!/bin/sh\n" + body, "utf-8")
    path.chmod(0o755)


def status(root: Path, *paths: str) -> str:
    return sh(root, "status", "--porcelain=v1", "-uall", "--", *paths)


# -- the user's own edits of a committed brief ---------------------------------------------------


@pytest.mark.parametrize("edit", ["unstaged", "staged", "staged-then-edited", "sidecar"])
def test_the_users_edits_of_a_committed_brief_are_refused_and_kept(kb: Path, edit: str) -> None:
    committed(kb)
    target = SIDECAR if edit == "sidecar" else BRIEF
    path = kb / target
    path.write_bytes(path.read_bytes() + b"\n(my own note, typed in by hand)\n")
    if edit in ("staged", "staged-then-edited"):
        sh(kb, "add", "--", target)
    if edit == "staged-then-edited":
        path.write_bytes(path.read_bytes() + b"(and another, not staged)\n")
    decide_more(kb)
    mine, index, head = (
        path.read_bytes(),
        sh(kb, "ls-files", "-s", "--", *OURS),
        sh(kb, "rev-parse", "HEAD"),
    )
    before = user_state(kb)
    proc = commit_cli(kb)
    what = "has staged changes" if edit.startswith("staged") else "has changes"
    assert_one_error_line(
        proc.returncode, proc.stdout, proc.stderr, target, what, "briefdesk did not write"
    )
    assert path.read_bytes() == mine  # never overwritten
    assert sh(kb, "ls-files", "-s", "--", *OURS) == index and sh(kb, "rev-parse", "HEAD") == head
    assert user_state(kb) == before


def test_a_hand_edit_of_a_brief_left_behind_by_a_refused_commit_is_refused(kb: Path) -> None:
    hook(kb, "pre-commit", "echo 'not today' >&2\nexit 1\n")
    assert commit_cli(kb).returncode == 2  # the pair is left on disk, never committed
    (kb / BRIEF).write_text("my rewrite of the brief\n", "utf-8")
    (kb / ".git" / "hooks" / "pre-commit").unlink()
    decide_more(kb)
    proc = commit_cli(kb)
    assert_one_error_line(proc.returncode, proc.stdout, proc.stderr, BRIEF, "not written by")
    assert (kb / BRIEF).read_text("utf-8") == "my rewrite of the brief\n"
    (kb / BRIEF).unlink()  # moved away: the tool writes its own again
    committed(kb)


def test_a_committed_brief_left_as_committed_is_rewritten(kb: Path) -> None:
    """The rule's other half: briefdesk's own unedited brief is not the user's work."""
    committed(kb)
    decide_more(kb)
    committed(kb)
    assert status(kb, *OURS) == ""


# -- hooks that edit and stage files --------------------------------------------------------------

EDITING_HOOK = """\
date +%s%N >> briefs/INDEX.txt
git add briefs/INDEX.txt
printf '\\nchecked by the hook\\n' >> README.md
git add README.md
printf '\\n(linted)\\n' >> "$(git diff --cached --name-only -- 'briefs/*.md' | head -n 1)"
git add -u -- briefs
"""


def test_a_pre_commit_hook_that_edits_and_stages_files_leaves_nothing_to_revert(kb: Path) -> None:
    hook(kb, "pre-commit", EDITING_HOOK)
    before = user_state(kb)
    proc = committed(kb)
    hook_files = ["briefs/INDEX.txt", "README.md"]
    shown = sh(kb, "show", "--name-only", "--format=", "HEAD").split()
    assert sorted(shown) == sorted([*OURS, *hook_files])
    assert b"(linted)" in (kb / BRIEF).read_bytes()
    # index, HEAD and work tree agree on every file the commit holds: no `D`, no `MM`
    assert status(kb, *OURS, *hook_files) == "", status(kb)
    assert user_state(kb)[:2] == before[:2], "the user's staged and unstaged work changed"
    # said at once, and verify fails naming them: a brief commit changes only its own files
    assert "a hook added changes to README.md, briefs/INDEX.txt to the brief commit" in proc.stderr
    check = run_cli("verify", "-w", str(kb), "HEAD", env=clean_env())
    assert check.returncode == 1
    assert "the commit also changes README.md, briefs/INDEX.txt" in check.stderr
    # the user's next commit commits their own staged work, and reverts nothing of the hook's
    (kb / ".git" / "hooks" / "pre-commit").unlink()
    sh(kb, "commit", "-q", "-m", "my own work")
    assert sorted(sh(kb, "show", "--name-only", "--format=", "HEAD").split()) == [
        "notes/staged.md",
        "notes/todo.md",
    ]
    assert "checked by the hook" in sh(kb, "show", "HEAD:README.md")
    assert sh(kb, "show", "HEAD:briefs/INDEX.txt").strip()


def test_a_hook_that_stages_a_file_the_user_staged_differently_keeps_the_users(kb: Path) -> None:
    """notes/todo.md is staged at v2 and edited to v3: a hook's `git add` of it commits v3, and
    the user's staged v2 stays staged, with a warning saying so."""
    hook(kb, "pre-commit", "git add notes/todo.md\n")
    staged = sh(kb, "ls-files", "-s", "--", "notes/todo.md")
    proc = committed(kb)
    assert "notes/todo.md" in sh(kb, "show", "--name-only", "--format=", "HEAD")
    assert sh(kb, "ls-files", "-s", "--", "notes/todo.md") == staged
    assert "warning" in proc.stderr and "notes/todo.md" in proc.stderr


# -- a full disk while the pair is written ---------------------------------------------------------

FULL_DISK = textwrap.dedent("""
    import json, resource, signal, sys
    sys.path.insert(0, sys.argv[2])
    from briefdesk.core.git.commit import commit_brief
    from briefdesk.core.errors import BriefdeskError
    from briefdesk.core.brief import render_brief
    from briefdesk.core.review.load import load_review
    from briefdesk.core.brief.sidecar import render_sidecar
    from briefdesk.core.workspace.layout import Workspace
    review = load_review(Workspace.open(sys.argv[1]), "2026-11-03-e627b203")
    with review.open_session(readonly=True) as session:
        sizes = [len(render_brief(review, session.data, reviewer="Tom").encode()),
                 len(render_sidecar(review, session.data, "Tom"))]
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG)
        soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        resource.setrlimit(resource.RLIMIT_FSIZE, (min(sizes) + 1, hard))  # one fits, one not
        try:
            commit_brief(review, session, allow_undecided=True)
        except BriefdeskError as exc:
            print(json.dumps({"error": str(exc), "sizes": sizes}))
        else:
            print(json.dumps({"error": None}))
""")


@pytest.mark.parametrize("first", [True, False], ids=["first-commit", "recommit"])
def test_a_full_disk_while_the_pair_is_written_changes_neither(kb: Path, first: bool) -> None:
    if not first:
        committed(kb)
        decide_more(kb)
    old = {rel: (kb / rel).read_bytes() if (kb / rel).exists() else None for rel in OURS}
    head, before = sh(kb, "rev-parse", "HEAD"), user_state(kb)
    proc = subprocess.run(
        [sys.executable, "-c", FULL_DISK, str(kb), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=120,
        env=clean_env(),
    )
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    big = BRIEF if result["sizes"][0] > result["sizes"][1] else SIDECAR
    assert result["error"] and f"cannot write {big} (File too large)" in result["error"]
    assert "nothing was changed" in result["error"]
    assert {rel: (kb / rel).read_bytes() if (kb / rel).exists() else None for rel in OURS} == old
    assert sh(kb, "rev-parse", "HEAD") == head and user_state(kb) == before
    assert not list(kb.rglob("*.tmp")) and not (kb / ".git" / "index.lock").exists()
    # space is back: the tool does not refuse its own brief
    committed(kb)
    assert status(kb, *OURS) == ""


# -- the provenance ------------------------------------------------------------------------------


@pytest.mark.parametrize("strip", ["all", "one"])
def test_a_commit_msg_hook_that_strips_the_trailers_fails_verify_saying_why(
    kb: Path, strip: str
) -> None:
    """All trailers gone: verify says the commit records no material. One gone: the committed
    sidecar still lists that material, so verify names it (`untrailed`)."""
    script = "/^Material: /d" if strip == "all" else "0,/^Material: /{/^Material: /d}"
    hook(kb, "commit-msg", f'sed -i "{script}" "$1"\n')
    proc = committed(kb)
    assert "warning" in proc.stderr and "Material: trailers" in proc.stderr
    check = run_cli("verify", "-w", str(kb), "HEAD", env=clean_env())
    assert check.returncode == 1, check.stdout + check.stderr
    if strip == "all":
        assert "no Material: trailer" in check.stderr
    else:
        first = json.loads((kb / SIDECAR).read_text("utf-8"))["materials"][0]["path"]
        assert f"untrailed {first}" in check.stdout and "(untrailed)" in check.stderr


def test_autocrlf_the_sidecar_and_the_trailers_hash_the_committed_blobs(kb: Path) -> None:
    """With `core.autocrlf=true` the work tree holds CRLF and the blobs LF: both the sidecar and
    the trailers record the blob's bytes, which is what `verify` recomputes."""
    sh(kb, "config", "core.autocrlf", "true")
    for path in (kb / "inbox").rglob("*.md"):
        path.unlink()
    sh(kb, "checkout", "--", "inbox")
    assert b"\r\n" in next((kb / "inbox").rglob("*.md")).read_bytes()
    committed(kb)
    sidecar = json.loads((kb / SIDECAR).read_text("utf-8"))
    trailers = {
        line.split()[1]: line.split("sha256:")[1]
        for line in sh(kb, "log", "-1", "--format=%B").splitlines()
        if line.startswith("Material: ")
    }
    for material in sidecar["materials"]:
        blob = subprocess.run(
            ["git", "-C", str(kb), "cat-file", "blob", f"HEAD:{material['path']}"],
            capture_output=True,
            check=True,
        ).stdout
        assert material["sha256"] == trailers[material["path"]] == hashlib.sha256(blob).hexdigest()
    assert run_cli("verify", "-w", str(kb), "HEAD", env=clean_env()).returncode == 0


# -- repositories in the middle of something -----------------------------------------------------


def _conflict(root: Path, how: str) -> None:
    """Stop `how` on a conflict (the user's staged work stashed first: git merges only into a
    clean index)."""
    sh(root, "stash", "-q")
    (root / "shared.md").write_text("base\n", "utf-8")
    sh(root, "add", "shared.md")
    sh(root, "commit", "-q", "-m", "base", "--", "shared.md")
    sh(root, "branch", "other")
    (root / "shared.md").write_text("ours\n", "utf-8")
    sh(root, "commit", "-q", "-m", "ours", "--", "shared.md")
    other = sh(root, "commit-tree", "-p", "HEAD~1", "-m", "theirs", _tree_with(root, "theirs\n"))
    sh(root, "update-ref", "refs/heads/other", other.strip())
    args = {"merge": ["merge", "other"], "cherry-pick": ["cherry-pick", "other"]}[how]
    sh(root, *args, check=False)  # stops on the conflict in shared.md


def _tree_with(root: Path, text: str) -> str:
    """HEAD~1's tree with shared.md holding `text` (built without touching index or work tree)."""
    blob = (
        subprocess.run(
            ["git", "-C", str(root), "hash-object", "-w", "--stdin"],
            input=text.encode(),
            capture_output=True,
            check=True,
        )
        .stdout.decode()
        .strip()
    )
    env = {**clean_env(), "GIT_INDEX_FILE": str(root / ".git" / "tmp-index")}
    subprocess.run(["git", "-C", str(root), "read-tree", "HEAD~1"], env=env, check=True)
    subprocess.run(
        ["git", "-C", str(root), "update-index", "--cacheinfo", f"100644,{blob},shared.md"],
        env=env,
        check=True,
    )
    tree = (
        subprocess.run(
            ["git", "-C", str(root), "write-tree"], env=env, capture_output=True, check=True
        )
        .stdout.decode()
        .strip()
    )
    (root / ".git" / "tmp-index").unlink()
    return tree


@pytest.mark.parametrize("how", ["merge", "cherry-pick"])
def test_an_operation_in_progress_is_refused_before_anything_is_written(kb: Path, how: str) -> None:
    _conflict(kb, how)
    index, head = sh(kb, "ls-files", "-s"), sh(kb, "rev-parse", "HEAD")
    proc = commit_cli(kb)
    assert_one_error_line(
        proc.returncode, proc.stdout, proc.stderr, f"a {how} is in progress", "finish or abort"
    )
    assert not (kb / BRIEF).exists() and not (kb / SIDECAR).exists()
    assert sh(kb, "ls-files", "-s") == index and sh(kb, "rev-parse", "HEAD") == head


def test_detached_head_warns_on_the_command_line(kb: Path) -> None:
    sh(kb, "checkout", "-q", "--detach")
    proc = committed(kb)
    assert "briefdesk: warning: HEAD is detached" in proc.stderr
    assert "git switch -c" in proc.stderr


def test_a_sparse_checkout_refusal_is_shown_whole(kb: Path) -> None:
    """The brief's path outside the sparse-checkout definition: git refuses to add it, in a
    message it wraps over three lines, all of which reach the error line."""
    sh(kb, "sparse-checkout", "set", "--no-cone", "/*", f"!/{BRIEF}", f"!/{SIDECAR}")
    before = user_state(kb)
    proc = commit_cli(kb)
    line = proc.stderr.split("\n")[0] + "\n"
    assert_one_error_line(proc.returncode, proc.stdout, line, "git refuses to add the brief")
    for part in ("The following paths", "outside of your sparse-checkout definition", BRIEF):
        assert part in line, line
    assert user_state(kb)[:3] == before[:3]
    assert not (kb / ".git" / "index.lock").exists()


# -- a view that is not the session's writer -----------------------------------------------------


def test_a_read_only_view_cannot_commit_a_session_that_moved_on(kb: Path) -> None:
    """The second opener's view (read-only) while the holder goes on deciding: refused."""
    review = load_review(Workspace.open(kb), DEMO_BATCH)
    holder = review.open_session()
    try:
        view = load_review(Workspace.open(kb), DEMO_BATCH).open_session(readonly=True)
        holder.include(review.items[6].ref)  # the holder decides more after the view was read
        with pytest.raises(BriefdeskError, match="saved session changed since this view"):
            commit_brief(review, view, allow_undecided=True)
    finally:
        holder.close()
    assert not (kb / BRIEF).exists()


def test_decisions_that_could_not_be_saved_are_not_committed(kb: Path) -> None:
    review = load_review(Workspace.open(kb), DEMO_BATCH)
    with review.open_session() as session:

        def full(path: Path, payload: bytes) -> None:
            raise OSError(28, "No space left on device")

        session._writer = full
        session.include(review.items[7].ref)
        assert session.save_error
        with pytest.raises(BriefdeskError, match=r"could not be saved.*No space left"):
            commit_brief(review, session, allow_undecided=True)
    assert not (kb / BRIEF).exists()
