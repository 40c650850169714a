"""An evening end to end, as a reviewer does it: a knowledge base whose materials no batch names
yet -> `briefdesk new-batch` -> the desk, decided with its keys -> commit from the desk ->
`status` says committed -> `history` lists it -> `verify` passes."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from briefdesk.core.settings.keymap import load_keymap
from briefdesk.tui.app import BriefdeskApp
from briefdesk.tui.screens.commit import CommitScreen
from briefdesk.tui.screens.review import ReviewScreen

from briefdesk.cli import main

KEYS = load_keymap("default")


def key(action: str) -> str:
    return KEYS.keys(action)[0]


async def until(pilot, condition, what: str, timeout: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    start = loop.time()
    while not condition():
        if loop.time() - start > timeout:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.02)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture()
def kb(demo_ws: Path) -> Path:
    """The demo's materials, living document and earlier briefs, before any batch was made."""
    shutil.rmtree(demo_ws / "batches")
    subprocess.run(["git", "-C", str(demo_ws), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(demo_ws), "commit", "-q", "-m", "collect"], check=True)
    return demo_ws


def test_an_evening_from_new_materials_to_a_verified_brief(kb: Path, capsys) -> None:
    ws = str(kb)
    code, out, _ = run(capsys, "status", "-w", ws)
    assert code == 0 and out.endswith(
        "8 materials no batch names yet: briefdesk new-batch --topic TOPIC\n"
    )

    code, out, err = run(capsys, "new-batch", "-w", ws, "--topic", "inference")
    assert code == 0, err
    stem = out.strip()
    assert stem.startswith(dt.date.today().isoformat())

    async def review() -> str:
        app = BriefdeskApp(kb, stem)
        async with app.run_test(size=(160, 48)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the desk")
            screen = app.screen
            await until(pilot, lambda: screen.matches is not None, "matching")
            included = 0
            while screen.session.counts()["undecided"]:
                await pilot.press(key("next_undecided"))
                if included < 3:  # the first three undecided items become increments
                    await pilot.press(key("include"))
                    included += 1
                else:
                    await pilot.press(key("exclude"), "1")  # off-topic
                await pilot.pause()
            await pilot.press(key("commit"))
            await until(pilot, lambda: isinstance(app.screen, CommitScreen), "the commit screen")
            commit = app.screen
            await pilot.press("ctrl+s")
            await until(pilot, lambda: commit.sha is not None, "the commit")
            sha = commit.sha
            await pilot.press("enter", key("quit"))
        return sha

    sha = asyncio.run(review())

    code, out, _ = run(capsys, "status", "-w", ws)
    line = next(row for row in out.splitlines() if row.startswith(stem))
    assert line.endswith(f"committed {sha[:7]}")
    assert out.splitlines()[-1] == "every material is named by a batch"

    code, out, _ = run(capsys, "history", "-w", ws, "--topic", "inference", "--json")
    commits = json.loads(out)["commits"]
    assert [c["sha"] for c in commits] == [sha]
    top = commits[0]
    assert top["date"] == dt.date.today().isoformat() and top["reviewer"] == "Tom"
    assert (top["included"], top["excluded"], top["confirmed"], top["total"]) == (3, 18, 21, 21)
    assert top["subject"].startswith("brief(inference): E1 ") and "3 increments" in top["subject"]

    code, out, _ = run(capsys, "verify", "-w", ws, sha)
    assert code == 0 and out.endswith(
        f"all 8 material hashes match {sha}, the trailers agree with its sidecar and the brief "
        "is its sidecar's\n"
    )
