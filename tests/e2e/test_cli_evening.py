"""The commands of an evening around the desk: new-batch, status, history's filters and marks,
scan's progress on a terminal, and a refusing hook's whole output."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest
from briefdesk.core.git.commit import commit_brief
from briefdesk.core.review.load import load_review
from briefdesk.core.workspace.layout import Workspace

from briefdesk.cli import main

DEMO_BATCH = "2026-11-03-e627b203"
NEW = {
    "inbox/jay/2026-11-05-1000-rss-cool-papers.md": (
        "## SpecBranch: speculative decoding with rollback-free branches\n\n"
        "arXiv:2611.01234. Draft trees fork at uncertain tokens.\n"
    ),
    "inbox/flyp/2026-11-05T0950-critical-read.md": (
        "## 对象一：KVShuttle 复读\n\n正文已读。相对 NCCL 基线 1.8× 只在 8 卡 H100 上测过。\n"
    ),
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(root), *args], capture_output=True, text=True, check=True
    ).stdout


def add_new(root: Path) -> None:
    for rel, text in NEW.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, "utf-8")


def decide_all_and_commit(root: Path, batch: str, reviewer: str = "Tom") -> str:
    review = load_review(Workspace.open(root), batch)
    with review.open_session() as session:
        for item in review.items:
            if session.decision(item.ref).status == "undecided":
                session.exclude(item.ref, "off-topic")
            else:
                session.confirm(item.ref)
        return commit_brief(review, session, reviewer=reviewer).sha


# -- new-batch ------------------------------------------------------------------------------


def test_new_batch_prints_only_the_stem_and_writes_the_manifest(demo_ws: Path, capsys) -> None:
    add_new(demo_ws)
    code, out, err = run(capsys, "new-batch", "-w", str(demo_ws), "--topic", "inference")
    assert code == 0, err
    stem = out.strip()
    assert out == stem + "\n"  # a script does `stem=$(briefdesk new-batch ...)`
    manifest = demo_ws / "batches" / f"{stem}.yaml"
    assert manifest.is_file()
    assert f"wrote batches/{stem}.yaml: 2 materials (inbox/flyp 1, inbox/jay 1)" in err
    assert f"next: briefdesk review -b {stem}" in err
    code, out, _ = run(capsys, "scan", "-w", str(demo_ws), "-b", stem, "--json")
    assert code == 0 and [i["material"] for i in json.loads(out)["items"]] == sorted(NEW)


def test_new_batch_dry_run_prints_the_manifest_and_writes_nothing(demo_ws: Path, capsys) -> None:
    add_new(demo_ws)
    before = sorted(p.name for p in (demo_ws / "batches").iterdir())
    code, out, err = run(
        capsys, "new-batch", "-w", str(demo_ws), "--topic", "inference", "--dry-run"
    )
    assert code == 0 and "topic: inference" in out and "materials:" in out
    assert all(f"  - {p}  # new" in out.splitlines() for p in NEW)
    assert "nothing written" in err
    assert sorted(p.name for p in (demo_ws / "batches").iterdir()) == before


def test_new_batch_with_nothing_left_says_so_and_exits_1(demo_ws: Path, capsys) -> None:
    code, out, err = run(capsys, "new-batch", "-w", str(demo_ws), "--topic", "inference")
    assert (code, out) == (1, "")
    assert err == "briefdesk: nothing to batch: every material is named by a batch\n"


def test_new_batch_bad_input_is_one_line_exit_2(demo_ws: Path, capsys) -> None:
    code, out, err = run(capsys, "new-batch", "-w", str(demo_ws), "--topic", "nope")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith("briefdesk: error: unknown topic 'nope'")
    code, _, err = run(capsys, "new-batch", "-w", str(demo_ws))
    assert code == 2 and "--topic" in err


# -- status ---------------------------------------------------------------------------------


def test_status_follows_a_batch_from_new_to_committed(demo_ws: Path, capsys) -> None:
    code, out, _ = run(capsys, "status", "-w", str(demo_ws))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["2026-11-01-b1c2d3e4", "inference", "2", "materials", "new"]
    assert lines[1].split() == [DEMO_BATCH, "inference", "8", "materials", "new"]
    assert lines[-1] == "every material is named by a batch"

    review = load_review(Workspace.open(demo_ws), DEMO_BATCH)
    with review.open_session():
        pass  # opened in the desk: a session with the proposals (5 of 21 decided)
    code, out, _ = run(capsys, "status", "-w", str(demo_ws))
    assert out.splitlines()[1].endswith("in review (16 undecided of 21)")

    sha = decide_all_and_commit(demo_ws, DEMO_BATCH)
    add_new(demo_ws)
    code, out, _ = run(capsys, "status", "-w", str(demo_ws))
    assert out.splitlines()[1].endswith(f"committed {sha[:7]}")
    assert out.splitlines()[-1] == (
        "2 materials no batch names yet: briefdesk new-batch --topic TOPIC"
    )
    code, out, _ = run(capsys, "status", "-w", str(demo_ws), "--json")
    data = json.loads(out)
    assert data["schema"] == 1 and data["unbatched"] == sorted(NEW)
    row = next(b for b in data["batches"] if b["stem"] == DEMO_BATCH)
    assert (row["state"], row["commit"], row["items"], row["undecided"]) == (
        "committed",
        sha,
        21,
        0,
    )


def test_status_of_a_committed_batch_says_the_decisions_its_commit_does_not_hold(
    demo_ws: Path, capsys
) -> None:
    """Committed with undecided items, then one more included in the desk: status says the
    commit's own tally and the decision since (docs/evening.md); before, it said the session's
    tally as if it were the commit's."""
    review = load_review(Workspace.open(demo_ws), DEMO_BATCH)
    with review.open_session() as session:  # the manifest's proposals: 16 of 21 undecided
        first, second = [
            i.ref for i in review.items if session.decision(i.ref).status == "undecided"
        ][:2]
        session.include(first)
    code, out, err = run(
        capsys, "commit", "-w", str(demo_ws), "-b", DEMO_BATCH, "--allow-undecided"
    )
    assert code == 0, err
    sha = git(demo_ws, "rev-parse", "HEAD").strip()
    code, out, _ = run(capsys, "status", "-w", str(demo_ws))
    assert out.splitlines()[1].endswith(f"committed {sha[:7]} (15 undecided of 21)")

    with review.open_session() as session:  # as the desk does: one more included, then quit
        session.include(second)
    code, out, _ = run(capsys, "status", "-w", str(demo_ws))
    assert code == 0
    assert out.splitlines()[1].endswith(f"committed {sha[:7]} (15 undecided of 21; +1 decision)")
    code, out, _ = run(capsys, "status", "-w", str(demo_ws), "--json")
    row = next(b for b in json.loads(out)["batches"] if b["stem"] == DEMO_BATCH)
    assert (row["state"], row["commit"], row["undecided"], row["uncommitted"]) == (
        "committed",
        sha,
        14,
        1,
    )


def test_status_names_a_broken_manifest_and_cannot_count_unbatched(demo_ws: Path, capsys) -> None:
    """Every batch is still listed, but a manifest that cannot be read is bad input: exit 2 and
    one error line naming it (docs/cli.md, "Exit status"; before, status exited 0)."""
    (demo_ws / "batches" / "broken.yaml").write_text("id: [unclosed\n", "utf-8")
    code, out, err = run(capsys, "status", "-w", str(demo_ws))
    assert code == 2
    broken = next(line for line in out.splitlines() if line.startswith("broken"))
    assert "cannot be read: batches/broken.yaml" in broken
    assert any(line.startswith(DEMO_BATCH) for line in out.splitlines())  # the others are listed
    assert out.splitlines()[-1].startswith("which materials no batch names cannot be told")
    assert err.count("\n") == 1 and err.startswith("briefdesk: error: batches/broken.yaml: ")
    code, out, err = run(capsys, "status", "-w", str(demo_ws), "--json")
    data = json.loads(out)
    assert code == 2 and err.startswith("briefdesk: error: batches/broken.yaml: ")
    assert data["unbatched"] is None
    assert {b["state"] for b in data["batches"]} >= {"unreadable"}
    (demo_ws / "batches" / "broken2.yaml").write_text("id: [unclosed\n", "utf-8")
    code, _, err = run(capsys, "status", "-w", str(demo_ws))
    assert code == 2 and err == (
        "briefdesk: error: 2 batch manifests cannot be read: batches/broken.yaml, "
        "batches/broken2.yaml (each is listed with its problem)\n"
    )


def test_outside_a_repository_every_command_says_it_in_the_same_words(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """history, verify, commit and new-batch --since refuse in one wording, and status (which
    still lists the batches) ends with it; before, history and verify said
    `git log failed: fatal: …` and commit `not a git repository (fatal: …)`."""
    import shutil

    root = tmp_path / "kb"
    shutil.copytree(Path(__file__).parents[1] / "workspaces" / "english", root)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    said = f"{root}: not a git repository (run `git init` there first)"
    stem = next((root / "batches").glob("*.yaml")).stem
    for argv in (
        ("history",),
        ("verify", "HEAD"),
        ("commit", "-b", stem, "--allow-undecided"),
        ("new-batch", "--topic", "serving", "--since", "HEAD", "--dry-run"),
        ("new-batch", "--topic", "serving", "--since", "2026-01-01", "--dry-run"),
    ):
        code, _, err = run(capsys, *argv, "-w", str(root))
        assert (code, err) == (2, f"briefdesk: error: {said}\n"), argv
    code, out, _ = run(capsys, "status", "-w", str(root))
    assert code == 0 and out.splitlines()[-1] == f"{said}: no batch can be committed here"


# -- history --------------------------------------------------------------------------------


@pytest.fixture()
def two_briefs(demo_ws: Path, capsys) -> tuple[Path, str, str, str]:
    """The demo batch committed, then tonight's new batch committed by Ann."""
    first = decide_all_and_commit(demo_ws, DEMO_BATCH)
    add_new(demo_ws)
    git(demo_ws, "add", "-A")
    git(demo_ws, "commit", "-q", "-m", "collect")
    _, out, _ = run(capsys, "new-batch", "-w", str(demo_ws), "--topic", "inference")
    stem = out.strip()
    git(demo_ws, "add", "-A")
    git(demo_ws, "commit", "-q", "-m", "batch")
    second = decide_all_and_commit(demo_ws, stem, reviewer="Ann")
    return demo_ws, stem, first, second


def test_history_json_dates_are_the_briefs_and_filters_narrow_it(two_briefs, capsys) -> None:
    root, stem, first, second = two_briefs
    code, out, _ = run(capsys, "history", "-w", str(root), "--json")
    data = json.loads(out)
    assert code == 0 and data["schema"] == 1
    assert [c["sha"] for c in data["commits"]] == [second, first]
    assert data["commits"][1]["date"] == "2026-11-03"  # the batch's created, not the commit's
    assert data["commits"][1]["committed"][:10] != "2026-11-03"
    by_batch = json.loads(run(capsys, "history", "-w", str(root), "-b", stem, "--json")[1])
    assert [c["sha"] for c in by_batch["commits"]] == [second]
    by_id = json.loads(
        run(
            capsys,
            "history",
            "-w",
            str(root),
            "--batch",
            "work-guard/e627b203-77c1-4f5a-a634-26925ef1b683",
            "--json",
        )[1]
    )
    assert [c["sha"] for c in by_id["commits"]] == [first]
    since_rev = json.loads(run(capsys, "history", "-w", str(root), "--since", first, "--json")[1])
    assert [c["sha"] for c in since_rev["commits"]] == [second]
    since_date = json.loads(
        run(capsys, "history", "-w", str(root), "--since", "2026-11-04", "--json")[1]
    )
    assert [c["sha"] for c in since_date["commits"]] == [second]  # tonight's brief is dated today


def test_history_for_an_unknown_topic_names_the_topics_with_commits(two_briefs, capsys) -> None:
    root = two_briefs[0]
    code, out, _ = run(capsys, "history", "-w", str(root), "--topic", "nope")
    assert code == 0
    assert out == "no brief commits for topic 'nope' (topics with brief commits: inference)\n"


def test_history_in_a_workspace_without_briefs_says_none_yet(demo_ws: Path, capsys) -> None:
    assert run(capsys, "history", "-w", str(demo_ws), "--topic", "nope")[1] == (
        "no brief commits yet\n"
    )


def test_history_verify_marks_each_commit_and_says_what_changed_since(two_briefs, capsys) -> None:
    root, _, first, second = two_briefs
    edited = "inbox/jay/2026-11-03-1000-rss-cool-papers.md"
    with (root / edited).open("a", encoding="utf-8") as fh:
        fh.write("\nlate edit\n")
    code, out, _ = run(capsys, "history", "-w", str(root), "--verify")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith(f"✓ {second[:10]}  ")
    assert lines[1].startswith(f"✓ {first[:10]}  2026-11-03")
    assert lines[1].endswith("(1 material changed since)") and "changed" not in lines[0]
    data = json.loads(run(capsys, "history", "-w", str(root), "--verify", "--json")[1])
    assert data["commits"][1]["verified"] is True
    assert data["commits"][1]["changed_since"] == [edited]


# -- scan's progress ------------------------------------------------------------------------


def scan_stderr(root: Path, *extra: str, tty: bool) -> tuple[int, str]:
    """stderr of `briefdesk scan` run as a process, on a pseudo-terminal or a pipe."""
    argv = [sys.executable, "-m", "briefdesk", "scan", "-w", str(root), "-b", DEMO_BATCH, *extra]
    if not tty:
        proc = subprocess.run(argv, capture_output=True, text=True)
        return proc.returncode, proc.stderr
    master, slave = pty.openpty()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    chunks = []
    while True:
        ready, _, _ = select.select([master], [], [], 30)
        if not ready:
            break
        try:
            data = os.read(master, 4096)
        except OSError:  # the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    return proc.wait(timeout=30), b"".join(chunks).decode("utf-8", "replace")


def test_scan_shows_progress_on_a_terminal_only(demo_ws: Path) -> None:
    code, err = scan_stderr(demo_ws, "--no-cache", tty=True)
    assert code == 0
    assert "matching 21 items… 100%" in err and err.endswith("\r\x1b[K")  # erased at the end
    assert scan_stderr(demo_ws, "--no-cache", tty=False) == (0, "")
    assert scan_stderr(demo_ws, "--no-cache", "--quiet", tty=True) == (0, "")


# -- a refusing hook ------------------------------------------------------------------------


def test_a_refusing_hook_shows_its_whole_output_under_the_error_line(demo_ws: Path, capsys) -> None:
    hook = demo_ws / ".git" / "hooks" / "pre-commit"
    hook.write_text(
        "#!/bin/sh\n"
        "echo 'check yaml...............................................Passed'\n"
        "echo 'trim trailing whitespace.................................Failed'\n"
        "echo '- hook id: trailing-whitespace'\n"
        "echo '- files were modified by this hook'\n"
        "echo 'Fixing briefs/inference/2026-11-03-e1-2026-11-03-e627b203.md'\n"
        "exit 1\n",
        "utf-8",
    )
    hook.chmod(0o755)
    review = load_review(Workspace.open(demo_ws), DEMO_BATCH)
    with review.open_session() as session:
        for item in review.items:
            if session.decision(item.ref).status == "undecided":
                session.exclude(item.ref, "off-topic")
    code, out, err = run(capsys, "commit", "-w", str(demo_ws), "-b", DEMO_BATCH)
    first, *rest = err.splitlines()
    assert code == 2 and out == ""
    # the line says what failed, not the hook's first "...Passed"
    assert first.startswith("briefdesk: error: git commit failed: trim trailing whitespace")
    assert rest == [
        "  │ check yaml...............................................Passed",
        "  │ trim trailing whitespace.................................Failed",
        "  │ - hook id: trailing-whitespace",
        "  │ - files were modified by this hook",
        "  │ Fixing briefs/inference/2026-11-03-e1-2026-11-03-e627b203.md",
    ]
