"""The command line as a process: the workspace found from any subfolder, and the exit status of
an internal error (70, one line, the details in a file), distinct from bad input (2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from briefdesk.cli import main

BATCH = "2026-11-03-e627b203"


def briefdesk(
    *argv: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "briefdesk", *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
    )


@pytest.mark.parametrize("sub", [".", "inbox/jay", "batches", "docs"])
def test_every_command_finds_the_workspace_from_a_subfolder(demo_ws: Path, sub: str) -> None:
    proc = briefdesk("scan", "-b", BATCH, "--json", cwd=demo_ws / sub)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["batch"]["stem"] == BATCH
    assert briefdesk("history", cwd=demo_ws / sub).returncode == 0
    assert briefdesk("build", "-b", BATCH, cwd=demo_ws / sub).stdout.startswith("inference · ")


def test_a_batch_named_by_a_path_relative_to_the_current_folder(demo_ws: Path) -> None:
    proc = briefdesk("scan", "-b", f"{BATCH}.yaml", cwd=demo_ws / "batches")
    assert proc.returncode == 0, proc.stderr


def test_outside_any_repository_the_current_folder_is_the_workspace(tmp_path: Path) -> None:
    proc = briefdesk(
        "scan", "-b", BATCH, cwd=tmp_path, env={"GIT_CEILING_DIRECTORIES": str(tmp_path)}
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("briefdesk: error: batches: no batch named")


def test_an_internal_error_is_exit_70_one_line_and_a_report(
    demo_ws: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import briefdesk.core.commands.scan

    def broken(*_a: object, **_k: object) -> object:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(briefdesk.core.commands.scan, "scan_table", broken)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    code = main(["scan", "-w", str(demo_ws), "-b", BATCH])
    out, err = capsys.readouterr()
    assert code == 70
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith("briefdesk: internal error: ZeroDivisionError: a bug (a bug: the details")
    reports = list((tmp_path / "state" / "briefdesk" / "crash").iterdir())
    assert len(reports) == 1 and str(reports[0]) in err
    text = reports[0].read_text("utf-8")
    assert "Traceback" in text and "ZeroDivisionError: a bug" in text


def test_bad_input_stays_exit_2(demo_ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scan", "-w", str(demo_ws), "-b", "nope"]) == 2
    assert capsys.readouterr().err.startswith("briefdesk: error: ")
