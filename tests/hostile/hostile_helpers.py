"""Helpers of the hostile suite (imported by name: tests/hostile is on sys.path under pytest).

- `snapshot(root)`: every path under a folder with its kind, bytes (or link target) and mtime, so
  "nothing written" is one equality, `.git/` and a would-be `.briefdesk/` included;
- `run_main` / `run_cli`: the command line in-process (`briefdesk.cli.main`) and as a real process;
- `assert_one_error_line`: the contract of exit 2 (docs/cli.md).
"""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BRIEFDESK = ROOT / ".venv" / "bin" / "briefdesk"
DEMO_BATCH = "2026-11-03-e627b203"
MANIFEST = f"batches/{DEMO_BATCH}.yaml"
FIRST = "inbox/jay/2026-11-03-1000-rss-cool-papers.md"  # the batch's first material

Snapshot = dict[str, tuple[str, bytes, int]]


def snapshot(root: Path) -> Snapshot:
    """Kind, content and mtime (ns) of every entry under `root`, links not followed."""
    found: Snapshot = {}
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        base = Path(dirpath)
        for name in [*dirnames, *filenames]:
            path = base / name
            st = path.lstat()
            rel = path.relative_to(root).as_posix()
            if path.is_symlink():
                found[rel] = ("link", os.readlink(path).encode(), st.st_mtime_ns)
            elif path.is_dir():
                found[rel] = ("dir", b"", st.st_mtime_ns)
            elif not stat.S_ISREG(st.st_mode):  # a FIFO or a device: reading it would block
                found[rel] = ("special", b"", st.st_mtime_ns)
            else:
                found[rel] = ("file", path.read_bytes(), st.st_mtime_ns)
    return found


def diff(before: Snapshot, after: Snapshot) -> list[str]:
    """What changed between two snapshots, as readable lines (empty when nothing did)."""
    lines = [f"new: {p}" for p in sorted(after.keys() - before.keys())]
    lines += [f"gone: {p}" for p in sorted(before.keys() - after.keys())]
    lines += [
        f"changed: {p}" for p in sorted(before.keys() & after.keys()) if before[p] != after[p]
    ]
    return lines


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    from briefdesk.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_cli(
    *argv: str, cwd: Path | None = None, timeout: float = 120, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """The installed `briefdesk` as a real process (falls back to `python -m briefdesk`)."""
    cmd = [str(BRIEFDESK)] if BRIEFDESK.exists() else [sys.executable, "-m", "briefdesk"]
    env = {**(os.environ if env is None else env), "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [*cmd, *argv], capture_output=True, text=True, timeout=timeout, cwd=cwd, env=env
    )


ERROR_LINE = re.compile(r"briefdesk: error: [^\n]+\n")
CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def assert_one_error_line(code: int, out: str, err: str, *needles: str) -> str:
    """Exit 2, nothing on stdout, exactly one `briefdesk: error: ` line naming every needle."""
    assert code == 2, (code, out, err)
    assert "Traceback" not in err and "Traceback" not in out, err
    assert ERROR_LINE.fullmatch(err), f"not one error line: {err!r}"
    assert not CONTROLS.search(err), f"control character in the error line: {err!r}"
    for needle in needles:
        assert needle in err, f"{needle!r} not in {err!r}"
    return err
