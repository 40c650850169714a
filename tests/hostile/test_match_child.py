"""The forked matching process never outlives the process that forked it (docs/reliability.md: no
process outlives the desk), even when that process is SIGKILLed and has no chance to end it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie waits for its reaper only; it runs nothing and holds no memory
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split(")")[-1].split()[0] == "Z")


@pytest.mark.skipif(sys.platform != "linux", reason="fork and /proc")
def test_the_matching_child_dies_with_a_sigkilled_parent(ws: Path) -> None:
    parent = subprocess.Popen(
        [sys.executable, str(HERE / "match_child_parent.py"), str(ws), "2026-11-03-e627b203"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert parent.stdout is not None
        child = int(parent.stdout.readline())
        assert _alive(child)
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=10)
        deadline = time.monotonic() + 5
        while _alive(child) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(child), "the matching child outlived its parent"
    finally:
        parent.kill()
        parent.wait()
