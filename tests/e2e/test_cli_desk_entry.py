"""The ways into the desk from the command line say what is true before and after it runs: a
batch that does not exist, no terminal, and where `demo` put its workspace."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from briefdesk.cli import main

BATCH = "2026-11-03-e627b203"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(code: int, out: str, err: str, needle: str) -> None:
    assert code == 2 and out == "", (code, out, err)
    assert err.startswith("briefdesk: error: ") and err.count("\n") == 1, err
    assert needle in err, err


def test_review_of_no_such_batch_is_one_error_line_before_the_desk_starts(
    demo_ws: Path, tmp_path: Path
) -> None:
    """Run as a real process without a terminal: before, the desk drew a full-screen error and
    waited for `q` (the process never ended)."""
    proc = subprocess.run(
        [sys.executable, "-m", "briefdesk", "review", "-w", str(demo_ws), "-b", "nosuch"],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    one_error_line(proc.returncode, proc.stdout, proc.stderr, "no batch named 'nosuch'")
    assert not (demo_ws / ".briefdesk").exists()


def test_review_without_a_terminal_is_one_error_line(
    demo_ws: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, err = run(capsys, "review", "-w", str(demo_ws), "-b", BATCH)
    one_error_line(code, out, err, "the desk needs a terminal, and stdin is not one")


def test_demo_says_where_its_workspace_is_once_the_desk_closes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import briefdesk.cli.commands.demo as demo

    monkeypatch.setattr(demo, "need_terminal", lambda: None)
    monkeypatch.setattr(demo, "launch_desk", lambda root, batch, keymap: 0)  # quit at once
    code, out, err = run(capsys, "demo", "--path", str(tmp_path / "kb"))
    assert code == 0, err
    root = (tmp_path / "kb").resolve()
    assert out == f"demo workspace: {root}\nagain: briefdesk review -w {root} -b {BATCH}\n"


def test_demo_without_a_terminal_makes_no_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, err = run(capsys, "demo", "--path", str(tmp_path / "kb"))
    one_error_line(code, out, err, "the desk needs a terminal")
    assert not (tmp_path / "kb").exists()
