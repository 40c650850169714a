"""No leaked processes (docs/reliability.md): after scan, build and commit run in-process
(`core.cli.main`), no child process of the test process remains — no `git cat-file --batch` kept
alive by GitPython, no git left behind by a failed commit. Children are read from /proc (every
thread's `children`), and compared with those that existed before, so other tests' helpers do not
count. (The commit engineer's own count, with history and verify too, is
tests/e2e/test_commit.py::test_no_git_process_outlives_commit_history_or_verify.)
"""

from __future__ import annotations

import gc
import time
from pathlib import Path

import pytest
from hostile_helpers import DEMO_BATCH, run_main

PROC = Path("/proc/self/task")


def children() -> dict[int, str]:
    """Live child processes of this process (all threads), with their command lines."""
    found: dict[int, str] = {}
    for task in PROC.iterdir():
        try:
            pids = (task / "children").read_text().split()
        except OSError:
            continue
        for pid in map(int, pids):
            try:
                found[pid] = (
                    Path(f"/proc/{pid}/cmdline")
                    .read_bytes()
                    .replace(b"\0", b" ")
                    .decode(errors="replace")
                    .strip()
                )
            except OSError:
                found[pid] = "?"
    return found


def new_children(before: dict[int, str]) -> dict[int, str]:
    """Children not there before, after a moment for exiting ones to be reaped."""
    deadline = time.monotonic() + 2.0
    while True:
        gc.collect()  # a leaked Repo object would hold its cat-file processes until collected
        extra = {pid: cmd for pid, cmd in children().items() if pid not in before}
        if not extra or time.monotonic() > deadline:
            return extra
        time.sleep(0.05)


pytestmark = pytest.mark.skipif(not PROC.is_dir(), reason="needs /proc")


def test_scan_build_commit_leave_no_child_process(ws: Path, capsys, tmp_path: Path) -> None:
    before = children()
    for argv in (
        ["scan", "-w", str(ws), "-b", DEMO_BATCH, "--json"],
        ["build", "-w", str(ws), "-b", DEMO_BATCH, "-o", str(tmp_path / "brief.md")],
        ["commit", "-w", str(ws), "-b", DEMO_BATCH],  # refused: items undecided
        ["commit", "-w", str(ws), "-b", DEMO_BATCH, "--allow-undecided"],
        [
            "commit",
            "-w",
            str(ws),
            "-b",
            DEMO_BATCH,
            "--allow-undecided",
        ],  # again: nothing new to commit
        ["history", "-w", str(ws), "--json"],
        ["verify", "-w", str(ws), "HEAD"],
    ):
        code, _, err = run_main(capsys, *argv)
        assert code in (0, 1, 2), err
        assert "Traceback" not in err
        assert new_children(before) == {}, f"after {argv[0]}: {new_children(before)}"


def test_failed_commit_leaves_no_child_process(ws: Path, capsys) -> None:
    """A commit that git refuses (index.lock present) and one with bad input."""
    before = children()
    lock = ws / ".git" / "index.lock"
    lock.write_text("")
    code, _, err = run_main(capsys, "commit", "-w", str(ws), "-b", DEMO_BATCH, "--allow-undecided")
    assert code == 2 and "Traceback" not in err
    assert lock.exists()  # never deleted by the tool
    lock.unlink()
    (ws / "batches" / f"{DEMO_BATCH}.yaml").write_text("id: [\n", "utf-8")
    code, _, err = run_main(capsys, "commit", "-w", str(ws), "-b", DEMO_BATCH, "--allow-undecided")
    assert code == 2
    assert new_children(before) == {}
