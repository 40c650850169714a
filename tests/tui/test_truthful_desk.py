"""The desk says only what is true: the commit screen's counts and warnings, what `y` and `w`
did, what an edited material left. Each test failed before its fix."""

from __future__ import annotations

import asyncio
from pathlib import Path

from briefdesk.tui.screens.commit import CommitScreen
from tui_helpers import desk, key, settle, until

SEED_BATCH = "2026-11-03-e627b203"
R2 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#2"  # undecided, nothing proposed


def run(coro):
    return asyncio.run(coro)


def text_of(widget) -> str:
    return str(widget.render())


def test_the_commit_screen_counts_increments_as_the_commit_message_does(seed: Path) -> None:
    """Eight included items form six increments (one merges four items): the screen says six,
    as the subject does, and the Decisions trailer's figures."""

    async def go() -> None:
        async with desk(seed, SEED_BATCH) as (app, pilot, screen):
            await pilot.press(key("commit"))
            await until(pilot, lambda: isinstance(app.screen, CommitScreen), what="commit")
            commit = app.screen
            head = text_of(commit.query_one("#commit-head"))
            assert "6 increments (from 8 included items)" in head, head
            assert "17 excluded (5 duplicates)" in head and "confirmed 0/25" in head
            assert "· 6 increments from e627b203" in (screen.message_text or "")
            assert not commit.query("#commit-notices")  # every increment is written

    run(go())


def test_the_commit_screen_names_increments_still_carrying_generated_filler(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R2)
            await pilot.press(key("include"))
            await settle(pilot)
            await pilot.press(key("commit"))
            await until(pilot, lambda: isinstance(app.screen, CommitScreen), what="commit")
            notices = text_of(app.screen.query_one("#commit-notices")).splitlines()
            new = [n for n in notices if "DecisionRank" in n]
            assert len(new) == 1, notices
            assert "still prints generated text for 要点, 与活文档脉络的关系, 建议归入" in new[0]
            # the proposals' own increments have written relations, excerpts for 要点
            assert all("for 要点:" in n for n in notices if n not in new)

    run(go())


def test_the_desk_warns_before_committing_a_shared_reviewer_who_is_not_the_committer(
    demo: Path,
) -> None:
    """briefdesk.yaml names Ann; git commits as Tom: the commit screen says so, in the words
    `briefdesk commit` prints, before anything is committed."""
    with (demo / "briefdesk.yaml").open("a", encoding="utf-8") as f:
        f.write("reviewer: Ann\n")

    async def go() -> None:
        async with desk(demo) as (app, pilot, _screen):
            await pilot.press(key("commit"))
            await until(pilot, lambda: isinstance(app.screen, CommitScreen), what="commit")
            notices = text_of(app.screen.query_one("#commit-notices"))
            assert "briefdesk.yaml names the reviewer 'Ann', but you commit as 'Tom'" in notices
            assert app.screen.sha is None

    run(go())
