"""`commit_brief`, `history` and `verify` on real git repositories, including git's faults.

Each test builds a small workspace (two materials, three items) in its own repository under
tmp_path, so nothing depends on the machine's git config beyond the identity the tests set.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import subprocess
from pathlib import Path

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.git.command import REDIRECTING_VARS
from briefdesk.core.git.commit import commit_brief
from briefdesk.core.git.history import history
from briefdesk.core.git.verify import verify
from briefdesk.core.review.load import Review, load_review
from briefdesk.core.review.session import Session
from briefdesk.core.workspace.layout import Workspace

BATCH_ID = "work-guard/e627b203-77c1-4f5a-a634-26925ef1b683"
A = "inbox/jay/2026-11-03-1000-rss-cool-papers.md"
B = "inbox/flyp/2026-11-03T0950-critical-read.md"

FILES = {
    "briefdesk.yaml": "reviewer: Tom\nlanguage: en\n",
    "docs/inference.md": (
        "# Inference\n\n## 1.2 SGLang\n\nSGLang serves LLMs with RadixAttention prefix caching.\n\n"
        "## 5.8 Edge accelerators\n\nNPUs and TPUs for on-device inference.\n"
    ),
    A: (
        "---\ntitle: RSS cool papers\nevidence: abstract\n---\n"
        "## SGLang adds speculative decoding\n\n"
        "SGLang 0.5 ships EAGLE speculative decoding, arXiv:2601.21204.\n\n"
        "## A cooking blog\n\nHow to bake bread.\n"
    ),
    B: "## TPU v6e serving costs\n\nA critical read of TPU serving costs; vendor figures only.\n",
    "batches/2026-11-03-e627b203.yaml": (
        f"id: {BATCH_ID}\ntopic: inference\ncreated: 2026-11-03\nauthor: Tom\n"
        f"materials:\n  - {A}\n  - path: {B}\n    evidence: vendor\n"
    ),
    "README.md": "knowledge base\n",
    "notes/todo.md": "todo\n",
}
STEM = "2026-11-03-e627b203"
BRIEF = "briefs/inference/2026-11-03-e1-e627b203.md"  # the date said once
SIDECAR = "briefs/inference/2026-11-03-e1-e627b203.review.json"


def clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in REDIRECTING_VARS}


def sh(root: Path, *args: str, input: bytes | None = None, check: bool = True) -> str:
    proc = subprocess.run(
        ["git", "-C", str(root), *args],
        input=input,
        capture_output=True,
        env=clean_env(),
        check=False,
    )
    if check and proc.returncode:
        raise AssertionError(f"git {args}: {proc.stderr.decode()}")
    return proc.stdout.decode("utf-8", "replace")


def write_files(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")


@pytest.fixture()
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    root.mkdir()
    write_files(root, FILES)
    sh(root, "init", "-q", "-b", "main")
    sh(root, "config", "user.name", "Tom")
    sh(root, "config", "user.email", "tom@briefdesk.invalid")
    sh(root, "config", "commit.gpgsign", "false")
    sh(root, "add", "-A")
    sh(root, "commit", "-q", "-m", "materials")
    return root


def open_review(root: Path) -> Review:
    return load_review(Workspace.open(root), STEM)


def decide(session: Session) -> None:
    """Two increments and one duplicate exclusion, all the reviewer's own."""
    session.include(f"{B}#1")
    session.include(f"{A}#1")
    session.mark_duplicate(f"{A}#2", f"{A}#1")


def commit(root: Path, **kwargs: object):
    review = open_review(root)
    with review.open_session() as session:
        decide(session)
        return commit_brief(review, session, **kwargs)  # type: ignore[arg-type]


def files_of(root: Path, rev: str) -> list[str]:
    return sorted(sh(root, "show", "-z", "--name-only", "--format=", rev).strip("\0\n").split("\0"))


def head(root: Path) -> str:
    return sh(root, "rev-parse", "HEAD").strip()


def snapshot(root: Path) -> tuple[str, str, str, str]:
    """Everything about the user's changes that a commit must not touch."""
    return (
        sh(root, "diff", "--cached", "--binary"),
        sh(root, "diff", "--binary"),
        sh(root, "ls-files", "-s"),
        sh(root, "status", "--porcelain=v1", "-uall"),
    )


def hook(root: Path, name: str, body: str) -> None:
    path = root / ".git" / "hooks" / name
    path.write_text("#!/bin/sh\n" + body, "utf-8")
    path.chmod(0o755)


def children() -> list[str]:
    """The live child processes of this test process (from /proc, no psutil)."""
    pid = os.getpid()
    found: list[str] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            kids = (task / "children").read_text().split()
        except OSError:
            continue
        for kid in kids:
            with contextlib.suppress(OSError):
                found.append(
                    Path(f"/proc/{kid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
                )
    return found


# -- the commit -------------------------------------------------------------------------------


def test_commit_holds_only_the_brief_and_sidecar_and_keeps_the_users_changes(ws: Path) -> None:
    (ws / "notes" / "staged.md").write_text("staged\n", "utf-8")
    sh(ws, "add", "notes/staged.md")
    (ws / "README.md").write_text("knowledge base, edited\n", "utf-8")
    before_head = head(ws)
    before = snapshot(ws)

    result = commit(ws)

    assert sh(ws, "rev-parse", "HEAD^").strip() == before_head
    assert result.sha == head(ws)
    assert files_of(ws, "HEAD") == [BRIEF, SIDECAR]
    cached, unstaged, _, _ = snapshot(ws)
    assert (cached, unstaged) == before[:2]
    assert "notes/staged.md" in cached and "README.md" in unstaged
    assert result.branch == "main"
    assert (ws / BRIEF).read_bytes() == sh(ws, "show", f"HEAD:{BRIEF}").encode()
    sidecar = json.loads((ws / SIDECAR).read_text("utf-8"))
    assert sidecar["batch"]["id"] == BATCH_ID


def test_message_and_trailers_read_back_with_git(ws: Path) -> None:
    result = commit(ws)
    message = sh(ws, "log", "-1", "--format=%B")
    assert message.rstrip("\n") == result.message.rstrip("\n")
    assert message.startswith(
        "brief(inference): E1 2026-11-03 · 2 increments from e627b203\n\n"
        "1. SGLang adds speculative decoding (2601.21204)\n2. TPU v6e serving costs\n\n"
    )
    parsed = sh(ws, "interpret-trailers", "--parse", input=message.encode()).splitlines()
    digest = {p: hashlib.sha256((ws / p).read_bytes()).hexdigest() for p in (A, B)}
    assert parsed == [
        f"Batch: {BATCH_ID}",
        f"Material: {A} sha256:{digest[A]}",
        f"Material: {B} sha256:{digest[B]}",
        "Reviewed-by: Tom",
        "Decisions: included=2 excluded=1 duplicates=1 confirmed=3/3",
        "Generated-by: briefdesk 0.1.0",
    ]


def test_reviewer_override_and_git_name(ws: Path) -> None:
    result = commit(ws, reviewer="Ann Lee")
    assert "Reviewed-by: Ann Lee\n" in result.message
    (ws / "briefdesk.yaml").write_text("language: en\n", "utf-8")
    sh(ws, "commit", "-q", "-am", "no reviewer setting")
    sh(ws, "config", "user.name", "Git Name")
    review = open_review(ws)
    with review.open_session() as session:
        session.undecide(f"{A}#2")
        session.exclude(f"{A}#2", "off-topic")
        env_name = os.environ.get("GIT_AUTHOR_NAME")
        result = commit_brief(review, session)
    assert f"Reviewed-by: {env_name or 'Git Name'}\n" in result.message


def test_the_users_signing_setting_signs_the_brief_commit(ws: Path) -> None:
    """`commit.gpgsign` is honoured because git itself makes the commit (docs/git.md): a stub
    `gpg.program` signs, and the commit object carries its signature."""
    stub = ws.parent / "fake-gpg"
    stub.write_text(
        "#!/bin/sh\ncat >/dev/null\nprintf '\\n[GNUPG:] SIG_CREATED D 1 8 00 1 FAKE\\n' >&2\n"
        "printf -- '-----BEGIN PGP SIGNATURE-----\\nfake\\n-----END PGP SIGNATURE-----\\n'\n"
    )
    stub.chmod(0o755)
    sh(ws, "config", "commit.gpgsign", "true")
    sh(ws, "config", "gpg.program", str(stub))
    commit(ws)
    raw = sh(ws, "cat-file", "commit", "HEAD")
    assert "gpgsig -----BEGIN PGP SIGNATURE-----" in raw
    assert verify(Workspace.open(ws), "HEAD").ok


@pytest.mark.parametrize(("answer", "words"), [("GOODSIG", "good"), ("BADSIG", "bad")])
def test_verify_and_history_report_the_signature_status(ws: Path, answer: str, words: str) -> None:
    """git's `%G?`, reported in words by `verify` and `history`, never a check of its own
    (docs/git.md, "What verify proves"): a stub `gpg.program` signs, and answers git's
    verification with a good or a bad signature."""
    stub = ws.parent / "fake-gpg"
    stub.write_text(
        "#!/bin/sh\ncat >/dev/null\n"
        'case "$*" in *--verify*)\n'
        f"  printf '[GNUPG:] NEWSIG\\n[GNUPG:] {answer} 0123456789ABCDEF Tom\\n'\n"
        "  printf '[GNUPG:] TRUST_ULTIMATE 0 pgp\\n'; exit 0;;\nesac\n"
        "printf '\\n[GNUPG:] SIG_CREATED D 1 8 00 1 FAKE\\n' >&2\n"
        "printf -- '-----BEGIN PGP SIGNATURE-----\\nfake\\n-----END PGP SIGNATURE-----\\n'\n"
    )
    stub.chmod(0o755)
    sh(ws, "config", "commit.gpgsign", "true")
    sh(ws, "config", "gpg.program", str(stub))
    commit(ws)
    result = verify(Workspace.open(ws), "HEAD")
    assert result.signature == words
    assert result.ok  # consistency is what verify proves; a bad signature is reported
    assert history(Workspace.open(ws))[0].signature == words


def test_pre_commit_hook_runs(ws: Path) -> None:
    hook(ws, "pre-commit", f'echo ran > "{ws}/hook-marker"\n')
    commit(ws)
    assert (ws / "hook-marker").read_text() == "ran\n"


def test_rejecting_hook_leaves_no_commit_the_brief_on_disk_and_the_index_as_before(
    ws: Path,
) -> None:
    (ws / "notes" / "staged.md").write_text("staged\n", "utf-8")
    sh(ws, "add", "notes/staged.md")
    (ws / "README.md").write_text("edited\n", "utf-8")
    hook(ws, "pre-commit", "echo 'lint: brief rejected by policy' >&2\nexit 1\n")
    before_head, before = head(ws), snapshot(ws)

    with pytest.raises(BriefdeskError, match="lint: brief rejected by policy"):
        commit(ws)

    assert head(ws) == before_head
    assert (ws / BRIEF).is_file() and (ws / SIDECAR).is_file()
    after = snapshot(ws)
    assert after[:3] == before[:3]  # staged, unstaged, every index entry
    assert sh(ws, "ls-files", "--", BRIEF, SIDECAR) == ""

    # once the hook lets it through, the same command commits the files it left behind
    (ws / ".git" / "hooks" / "pre-commit").unlink()
    result = commit(ws)
    assert files_of(ws, result.sha) == [BRIEF, SIDECAR]


def test_rejected_second_commit_restores_the_tracked_entries(ws: Path) -> None:
    commit(ws)
    entries = sh(ws, "ls-files", "-s", "--", BRIEF, SIDECAR)
    hook(ws, "pre-commit", "exit 1\n")
    review = open_review(ws)
    with review.open_session() as session, pytest.raises(BriefdeskError, match="git commit failed"):
        session.move(f"{B}#1", -1)
        commit_brief(review, session)
    assert sh(ws, "ls-files", "-s", "--", BRIEF, SIDECAR) == entries
    assert (ws / BRIEF).read_bytes() != sh(
        ws, "show", f"HEAD:{BRIEF}"
    ).encode()  # the new one stays


def test_rejected_commit_restores_what_the_user_had_staged_for_the_brief(ws: Path) -> None:
    hook(ws, "pre-commit", "exit 1\n")
    with pytest.raises(BriefdeskError):
        commit(ws)
    sh(ws, "add", BRIEF)  # the user stages the brief that was left behind
    staged = sh(ws, "ls-files", "-s", "--", BRIEF, SIDECAR)
    review = open_review(ws)
    with review.open_session() as session, pytest.raises(BriefdeskError, match="git commit failed"):
        session.move(f"{B}#1", -1)  # a different brief this time
        commit_brief(review, session)
    assert sh(ws, "ls-files", "-s", "--", BRIEF, SIDECAR) == staged


def test_commit_msg_hook_may_edit_the_message(ws: Path) -> None:
    hook(
        ws,
        "commit-msg",
        'git interpret-trailers --in-place --trailer "Signed-off-by: Hook <h@example.com>" "$1"\n'
        'sed -i "1s/^/[kb] /" "$1"\n',
    )
    result = commit(ws)
    assert result.message.startswith("[kb] brief(inference)")
    assert "Signed-off-by: Hook <h@example.com>" in result.message
    assert verify(Workspace.open(ws), "HEAD").ok
    [entry] = history(Workspace.open(ws), None)
    assert (entry.topic, entry.batch, entry.reviewer) == ("inference", BATCH_ID, "Tom")


def test_undecided_items_refuse_unless_allowed(ws: Path) -> None:
    review = open_review(ws)
    with review.open_session() as session:
        session.include(f"{A}#1")
        with pytest.raises(
            BriefdeskError,
            match=r"^2 items are still undecided; decide them or pass --allow-undecided$",
        ):
            commit_brief(review, session)
        assert not (ws / BRIEF).exists()
        result = commit_brief(review, session, allow_undecided=True)
    assert "Decisions: included=1 excluded=0 duplicates=0 confirmed=1/3\n" in result.message


def test_recommit_of_the_same_batch_overwrites_its_own_brief(ws: Path) -> None:
    first = commit(ws)
    with pytest.raises(
        BriefdeskError, match=r"nothing to commit: .* already committed as they are"
    ):
        commit(ws)
    review = open_review(ws)
    with review.open_session() as session:
        session.move(f"{B}#1", -1)
        second = commit_brief(review, session)
    assert sh(ws, "rev-parse", f"{second.sha}^").strip() == first.sha
    assert "1. TPU v6e serving costs\n2. SGLang adds speculative decoding (2601.21204)\n" in (
        second.message
    )


# -- refusals ---------------------------------------------------------------------------------


def test_a_brief_that_cannot_be_written_is_one_error_and_nothing_is_committed(ws: Path) -> None:
    (ws / "briefs").mkdir()
    (ws / "briefs" / "inference").write_text("a file where the folder should be\n", "utf-8")
    before_head = head(ws)
    with pytest.raises(BriefdeskError, match=r"cannot write briefs/.*: cannot make its folder"):
        commit(ws)
    assert head(ws) == before_head and not (ws / SIDECAR).exists()


def test_foreign_brief_is_refused_and_untouched(ws: Path) -> None:
    (ws / BRIEF).parent.mkdir(parents=True)
    (ws / BRIEF).write_text("my own notes\n", "utf-8")
    before_head, before = head(ws), snapshot(ws)
    with pytest.raises(
        BriefdeskError, match="exists and was not written by briefdesk for this batch; move it away"
    ):
        commit(ws)
    assert (ws / BRIEF).read_text("utf-8") == "my own notes\n"
    assert not (ws / SIDECAR).exists()
    assert (head(ws), snapshot(ws)) == (before_head, before)


def test_sidecar_of_another_batch_is_refused(ws: Path) -> None:
    (ws / SIDECAR).parent.mkdir(parents=True)
    (ws / SIDECAR).write_text('{"generator": "briefdesk", "batch": {"id": "other"}}\n', "utf-8")
    with pytest.raises(
        BriefdeskError, match=r"review\.json: exists and was not written by briefdesk"
    ):
        commit(ws)
    assert not (ws / BRIEF).exists()


@pytest.mark.parametrize("change", ["modified", "staged", "untracked"])
def test_uncommitted_material_is_refused(ws: Path, change: str) -> None:
    if change == "untracked":
        sh(ws, "rm", "-q", "--cached", B)
        sh(ws, "commit", "-q", "-m", "untrack")
    else:
        with open(ws / B, "a", encoding="utf-8") as fh:
            fh.write("\nmore\n")
        if change == "staged":
            sh(ws, "add", B)
    with pytest.raises(BriefdeskError, match=f"material {B} .*commit the materials first"):
        commit(ws)
    assert not (ws / BRIEF).exists()


def test_index_lock_is_an_error_and_is_never_deleted(ws: Path) -> None:
    lock = ws / ".git" / "index.lock"
    lock.write_bytes(b"")
    with pytest.raises(BriefdeskError, match=r"index\.lock exists.*never deletes it"):
        commit(ws)
    assert lock.exists()
    assert not (ws / BRIEF).exists()


def test_no_identity_is_a_clear_error(
    ws: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    sh(ws, "config", "--unset", "user.name")
    sh(ws, "config", "--unset", "user.email")
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    for var in (
        "GIT_CONFIG_GLOBAL",
        "EMAIL",
        "GIT_AUTHOR_NAME",
        "GIT_AUTHOR_EMAIL",
        "GIT_COMMITTER_NAME",
        "GIT_COMMITTER_EMAIL",
    ):
        monkeypatch.delenv(var, raising=False)
    before_head = head(ws)
    with pytest.raises(
        BriefdeskError, match=r"no git identity: set it with `git config user\.name"
    ):
        commit(ws)
    assert head(ws) == before_head
    assert not (ws / BRIEF).exists()


def test_empty_repository_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "kb"
    root.mkdir()
    write_files(root, FILES)
    sh(root, "init", "-q")
    sh(root, "add", "-A")  # staged, never committed
    with pytest.raises(BriefdeskError, match="no commit yet: commit the materials first"):
        commit(root)
    assert not (root / BRIEF).exists()
    assert history(Workspace.open(root), None) == []


def test_not_a_repository(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "kb"
    root.mkdir()
    write_files(root, FILES)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    with pytest.raises(BriefdeskError, match="not a git repository"):
        commit(root)
    with pytest.raises(BriefdeskError, match="not a git repository"):
        history(Workspace.open(root), None)
    with pytest.raises(BriefdeskError, match="not a git repository"):
        verify(Workspace.open(root), "HEAD")
    assert not (root / BRIEF).exists()


def test_ignored_brief_folder_is_refused(ws: Path) -> None:
    (ws / ".gitignore").write_text("briefs/\n", "utf-8")
    sh(ws, "add", ".gitignore")
    sh(ws, "commit", "-q", "-m", "ignore briefs")
    with pytest.raises(BriefdeskError, match="is ignored by git"):
        commit(ws)
    assert not (ws / BRIEF).exists()


def test_a_tracked_brief_in_a_folder_ignored_later_is_committed_again(ws: Path) -> None:
    first = commit(ws)
    (ws / ".gitignore").write_text("briefs/\n", "utf-8")
    sh(ws, "add", ".gitignore")
    sh(ws, "commit", "-q", "-m", "ignore briefs")
    review = open_review(ws)
    with review.open_session() as session:
        session.move(f"{B}#1", -1)
        second = commit_brief(review, session)
    assert sh(ws, "rev-parse", f"{second.sha}^^").strip() == first.sha
    assert sorted(sh(ws, "show", "--name-only", "--format=", second.sha).split()) == sorted(
        [BRIEF, SIDECAR]
    )
    assert sh(ws, "status", "--porcelain", "--", BRIEF) == ""


def test_workspace_in_a_subfolder_with_unicode_and_spaced_paths(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    root = repo / "知识 库"
    odd = "inbox/张 三/2026-11-03 a*b.md"
    files = dict(FILES)
    files[odd] = files.pop(B)
    files["batches/2026-11-03-e627b203.yaml"] = files["batches/2026-11-03-e627b203.yaml"].replace(
        B, f'"{odd}"'
    )
    root.mkdir(parents=True)
    write_files(root, files)
    (repo / "outside.txt").write_text("x\n", "utf-8")
    sh(repo, "init", "-q", "-b", "main")
    sh(repo, "add", "-A")
    sh(repo, "commit", "-q", "-m", "materials")
    (root / "README.md").write_text("edited\n", "utf-8")
    review = open_review(root)
    with review.open_session() as session:
        session.include(f"{odd}#1")
        session.include(f"{A}#1")
        session.exclude(f"{A}#2", "off-topic")
        result = commit_brief(review, session)
    prefix = "知识 库/"
    assert files_of(repo, "HEAD") == [prefix + BRIEF, prefix + SIDECAR]
    assert f"Material: {odd} sha256:" in result.message
    wsp = Workspace.open(root)
    check = verify(wsp, "HEAD")
    assert check.ok and [f.path for f in check.files] == [A, odd]
    [entry] = history(wsp, "inference")
    assert entry.brief == BRIEF
    assert "README.md" in sh(repo, "diff", "--name-only")


# -- odd repositories and environments --------------------------------------------------------


def test_detached_head_commits_on_the_detached_head(ws: Path) -> None:
    sh(ws, "checkout", "-q", "--detach")
    branch_tip = sh(ws, "rev-parse", "main").strip()
    result = commit(ws)
    assert result.branch is None
    assert head(ws) == result.sha != branch_tip
    assert sh(ws, "rev-parse", "main").strip() == branch_tip
    assert sh(
        ws, "rev-parse", "-q", "--verify", "--symbolic-full-name", "HEAD", check=False
    ).strip() in ("", "HEAD")


def test_a_file_named_dash_dash_all_changes_nothing(ws: Path) -> None:
    (ws / "--all").write_text("not an option\n", "utf-8")
    (ws / "README.md").write_text("edited\n", "utf-8")
    before = snapshot(ws)
    commit(ws)
    assert files_of(ws, "HEAD") == [BRIEF, SIDECAR]
    assert snapshot(ws)[:2] == before[:2]
    assert "?? --all" in sh(ws, "status", "--porcelain=v1")


def test_redirecting_git_variables_are_ignored(
    ws: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    sh(elsewhere, "init", "-q")
    monkeypatch.setenv("GIT_DIR", str(elsewhere / ".git"))
    monkeypatch.setenv("GIT_WORK_TREE", str(elsewhere))
    monkeypatch.setenv("GIT_INDEX_FILE", str(tmp_path / "bogus-index"))
    monkeypatch.setenv("GIT_OBJECT_DIRECTORY", str(tmp_path / "bogus-objects"))
    result = commit(ws)
    assert files_of(ws, result.sha) == [BRIEF, SIDECAR]
    assert not (tmp_path / "bogus-index").exists()
    assert sh(elsewhere, "rev-parse", "-q", "--verify", "HEAD", check=False) == ""
    wsp = Workspace.open(ws)
    assert verify(wsp, "HEAD").ok
    assert [e.sha for e in history(wsp, None)] == [result.sha]


# -- history and verify -----------------------------------------------------------------------


def test_history_lists_brief_commits_newest_first_as_json(ws: Path) -> None:
    first = commit(ws)
    (ws / "README.md").write_text("unrelated\n", "utf-8")
    sh(ws, "commit", "-q", "-am", "unrelated\n\nBatch: not-a-brief")
    review = open_review(ws)
    with review.open_session() as session:
        session.move(f"{B}#1", -1)
        second = commit_brief(review, session, reviewer="Ann")
    entries = history(Workspace.open(ws), None)
    assert [e.sha for e in entries] == [second.sha, first.sha]
    data = json.loads(json.dumps([e.model_dump(mode="json") for e in entries]))
    top = data[0]
    assert top["batch"] == BATCH_ID and top["reviewer"] == "Ann" and top["topic"] == "inference"
    assert (
        top["included"],
        top["excluded"],
        top["duplicates"],
        top["confirmed"],
        top["total"],
    ) == (2, 1, 1, 3, 3)
    assert top["brief"] == BRIEF and top["materials"] == 2
    assert top["date"] == "2026-11-03"  # the brief's (the batch's `created`), not the commit's
    assert top["committed"].startswith("20") and "T" in top["committed"]
    assert top["subject"].startswith("brief(inference): E1 2026-11-03")
    assert entries[0].counts_line == "included=2 excluded=1 duplicates=1 confirmed=3/3"
    assert history(Workspace.open(ws), "inference") == entries
    assert history(Workspace.open(ws), "other") == []


def test_verify_head_ok_and_a_doctored_hash_is_a_mismatch(ws: Path) -> None:
    result = commit(ws)
    wsp = Workspace.open(ws)
    ok = verify(wsp, "HEAD")
    assert ok.ok and ok.sha == result.sha and ok.batch == BATCH_ID
    assert [(f.path, f.status) for f in ok.files] == [(A, "ok"), (B, "ok")]

    real = hashlib.sha256((ws / B).read_bytes()).hexdigest()
    doctored = result.message.replace(real, "0" * 64)
    assert doctored != result.message
    sh(
        ws,
        "commit",
        "-q",
        "--allow-empty",
        "--cleanup=verbatim",
        "-F",
        "-",
        input=doctored.encode(),
    )
    bad = verify(wsp, "HEAD")
    assert not bad.ok
    assert [(f.path, f.status) for f in bad.problems] == [(B, "mismatch")]
    assert bad.problems[0].actual == real
    assert verify(wsp, result.sha[:10]).ok


def test_verify_reports_a_missing_material_and_refuses_other_commits(ws: Path) -> None:
    result = commit(ws)
    sh(ws, "rm", "-q", A)
    sh(
        ws,
        "commit",
        "-q",
        "-m",
        "drop a material",
        "--cleanup=verbatim",
        "-m",
        "\n".join(
            line
            for line in result.message.splitlines()
            if line.startswith(("Batch:", "Material:", "Generated-by:"))
        ),
    )
    assert [(f.path, f.status) for f in verify(Workspace.open(ws), "HEAD").problems] == [
        (A, "missing")
    ]
    with pytest.raises(BriefdeskError, match="not a briefdesk commit"):
        verify(Workspace.open(ws), "HEAD~2")
    with pytest.raises(BriefdeskError, match="unknown revision"):
        verify(Workspace.open(ws), "no-such-branch")
    with pytest.raises(BriefdeskError, match="unknown revision"):
        verify(Workspace.open(ws), "--all")


def test_no_git_process_outlives_commit_history_or_verify(ws: Path) -> None:
    assert not [c for c in children() if "git" in c]
    commit(ws)
    wsp = Workspace.open(ws)
    history(wsp, None)
    verify(wsp, "HEAD")
    with pytest.raises(BriefdeskError):
        verify(wsp, "HEAD~1")
    assert not [c for c in children() if "git" in c]


# -- a material edited under an open review ------------------------------------------------------


def test_a_material_committed_after_loading_is_named_with_the_real_reason(ws: Path) -> None:
    """The desk's case: edited and committed while the review was open. Not "commit the materials
    first" (they are committed): the file, and that the review must read it again."""
    review = open_review(ws)
    with review.open_session() as session:
        decide(session)
        with open(ws / B, "a", encoding="utf-8") as fh:
            fh.write("\nA correction, committed while the desk was open.\n")
        sh(ws, "commit", "-q", "-am", "fix a material")
        with pytest.raises(BriefdeskError) as refused:
            commit_brief(review, session)
        message = str(refused.value)
        assert message.startswith(f"{B} changed on disk after this review read it")
        assert "commit the materials first" not in message
        assert not (ws / BRIEF).exists()
        again = open_review(ws)
        session.refit(again.items)
        assert session.changed == [f"{B}#1"]
        result = commit_brief(again, session)
    assert result.brief_path == BRIEF


def test_an_edit_not_yet_committed_is_told_to_be_committed_once_read(ws: Path) -> None:
    review = open_review(ws)
    with review.open_session() as session:
        decide(session)
        with open(ws / A, "a", encoding="utf-8") as fh:
            fh.write("\nnot committed\n")
        again = open_review(ws)  # the desk reads it again when it notices the edit
        session.refit(again.items)
        with pytest.raises(BriefdeskError, match=f"material {A} has uncommitted changes: commit"):
            commit_brief(again, session)


# -- serialised, and finished after a kill ------------------------------------------------------


def test_a_commit_waits_for_another_and_names_it_when_it_does_not_finish(
    ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from briefdesk.core.git import journal as commitstate
    from briefdesk.core.storage.lock import FileLock

    folder = ws / ".git" / "briefdesk"
    folder.mkdir()
    holder = FileLock(folder / "commit.lock")
    holder.try_acquire()  # another briefdesk commit, in the middle of its hooks
    monkeypatch.setattr(commitstate, "COMMIT_WAIT", 0.3)
    before = head(ws)
    try:
        with pytest.raises(BriefdeskError, match=r"another briefdesk commit is running .*pid"):
            commit(ws)
    finally:
        holder.release()
    assert head(ws) == before and not (ws / BRIEF).exists()
    assert files_of(ws, commit(ws).sha) == [BRIEF, SIDECAR]  # once it is done


def test_a_commit_killed_after_git_committed_is_finished_by_the_next(ws: Path) -> None:
    """What a kill between `git commit` and the index's rename leaves: the commit, briefdesk's
    index.lock and its journal. The next commit installs the index, removes the lock, says so."""
    from briefdesk.core.git import commit as commit_mod

    real = commit_mod.install_index

    def killed(*args: object, **kwargs: object) -> list[str]:
        raise KeyboardInterrupt  # stands for the SIGKILL: nothing after it runs

    commit_mod.install_index = killed  # type: ignore[assignment]
    try:
        with pytest.raises(KeyboardInterrupt):
            commit(ws)
    finally:
        commit_mod.install_index = real
    lock = ws / ".git" / "index.lock"
    assert lock.read_bytes().startswith(b"briefdesk ")  # git refuses meanwhile
    user = subprocess.run(  # the user's own commit meanwhile is refused, loudly, as git's is
        ["git", "-C", str(ws), "commit", "-qam", "mine"], capture_output=True, env=clean_env()
    )
    assert user.returncode != 0 and b"index.lock" in user.stderr
    made = head(ws)
    review = open_review(ws)
    with review.open_session() as session:
        session.move(f"{B}#1", -1)
        result = commit_brief(review, session)
    assert any("killed briefdesk commit was finished" in w for w in result.warnings)
    assert sh(ws, "rev-parse", f"{result.sha}^").strip() == made and not lock.exists()
    assert sh(ws, "status", "--porcelain=v1", "--", BRIEF, SIDECAR) == ""
