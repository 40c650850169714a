"""What the desk refuses or asks before it loses or forges something: quitting with decisions that
could not be saved asks (q and ctrl+q), a read-only desk (the second opener) cannot commit, and
opening and closing the commit screen does not grow memory for ever."""

from __future__ import annotations

import asyncio
import gc
import json
import subprocess
from pathlib import Path

from briefdesk.tui.dialogs.unsaved import UnsavedDialog
from briefdesk.tui.screens.commit import CommitScreen
from tui_helpers import DEMO_BATCH, desk, key, settle, until

R2 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#2"
R3 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#3"


def run(coro):
    return asyncio.run(coro)


def saved(demo: Path) -> dict:
    return json.loads((demo / ".briefdesk" / "sessions" / f"{DEMO_BATCH}.json").read_text("utf-8"))


def full_disk(path: Path, payload: bytes) -> None:
    raise OSError(28, "No space left on device")


def test_quitting_with_unsaved_decisions_asks_and_stays(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.session._writer = full_disk
            for ref in (R2, R3):
                screen.go_to(ref)
                await pilot.press(key("include"))
            assert screen.session.unsaved == 2
            await pilot.press(key("quit"))
            await until(pilot, lambda: isinstance(app.screen, UnsavedDialog), what="the dialog")
            assert app.is_running and app.return_code is None
            assert "2 decisions" in str(app.screen.query_one(".subject").render())
            await pilot.press("escape")  # stay
            await settle(pilot)
            assert app.screen is screen and app.is_running
            await pilot.press("ctrl+q")  # Textual's own quit asks too
            await until(pilot, lambda: isinstance(app.screen, UnsavedDialog), what="the dialog")
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is screen
            assert screen.session.decision(R2).status == "include"  # nothing was lost

    run(go())


def test_retry_saves_everything_then_quits(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            real = screen.session._writer
            screen.session._writer = full_disk
            screen.go_to(R2)
            await pilot.press(key("include"))
            await pilot.press(key("quit"))
            await until(pilot, lambda: isinstance(app.screen, UnsavedDialog), what="the dialog")
            screen.session._writer = real  # space is back
            await pilot.press("r")
            await until(pilot, lambda: app.return_code == 0, what="the desk to quit")

    run(go())
    assert saved(demo)["decisions"][R2]["status"] == "include"


def test_quit_is_the_answer_when_asked_twice(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.session._writer = full_disk
            screen.go_to(R2)
            await pilot.press(key("include"))
            await pilot.press(key("quit"))
            await until(pilot, lambda: isinstance(app.screen, UnsavedDialog), what="the dialog")
            await pilot.press("q")
            await until(pilot, lambda: app.return_code == 0, what="the desk to quit")

    run(go())


def test_a_read_only_desk_cannot_commit(demo: Path) -> None:
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace

    head = subprocess.run(
        ["git", "-C", str(demo), "rev-parse", "HEAD"], capture_output=True, text=True
    ).stdout
    holder = load_review(Workspace.open(demo), DEMO_BATCH).open_session()
    try:

        async def go() -> None:
            async with desk(demo) as (app, pilot, screen):
                assert screen.view.readonly_reason
                holder.include(R2)  # the holder goes on deciding
                await pilot.press(key("commit"))
                await until(pilot, lambda: isinstance(app.screen, CommitScreen), what="commit")
                commit = app.screen
                assert commit.query_one("#do-commit").disabled
                await pilot.press("ctrl+s")
                await settle(pilot)
                status = str(commit.query_one("#commit-status").render())
                assert "Not committed" in status and "Read-only" in status

        run(go())
    finally:
        holder.close()
    after = subprocess.run(
        ["git", "-C", str(demo), "rev-parse", "HEAD"], capture_output=True, text=True
    ).stdout
    assert after == head
    assert not list((demo / "briefs" / "inference").glob("*e627b203*"))


def test_opening_and_closing_the_commit_screen_does_not_grow_memory(demo: Path) -> None:
    """Before: every opening left its widgets' drawn lines alive (about 20,000 objects, +2.4 MB)
    in a cache of Textual's keyed on each widget's style cache (see tui/textual_private.py)."""

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):

            async def cycle() -> None:
                screen.action_commit()
                await until(pilot, lambda: isinstance(app.screen, CommitScreen), what="commit")
                await settle(pilot)
                await pilot.press("escape")
                await until(pilot, lambda: app.screen is screen, what="the review")
                await settle(pilot)

            for _ in range(3):
                await cycle()
            gc.collect()
            before = len(gc.get_objects())
            for _ in range(8):
                await cycle()
            gc.collect()
            per_cycle = (len(gc.get_objects()) - before) / 8
            assert per_cycle < 300, per_cycle

    run(go())
