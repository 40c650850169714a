"""The frictions a daily user hit, each pressed through the keys a user presses, each checked
for what the user sees or what the session records. Every test here failed before its fix."""

from __future__ import annotations

import asyncio
from pathlib import Path

from briefdesk.tui.screens.commit import CommitScreen
from tui_helpers import desk, key, settle, until

HOOK = (
    "#!/bin/sh\n"
    "echo 'check yaml...............................................Passed'\n"
    "echo 'trim trailing whitespace.................................Failed'\n"
    "echo '- hook id: trailing-whitespace'\n"
    "echo '- exit code: 1'\n"
    "exit 1\n"
)


def run(coro):
    return asyncio.run(coro)


def text_of(widget) -> str:
    return str(widget.render())


def test_a_refusing_hook_shows_its_whole_output_on_the_commit_screen(demo: Path) -> None:
    hook = demo / ".git" / "hooks" / "pre-commit"
    hook.write_text(HOOK, "utf-8")
    hook.chmod(0o755)

    async def go() -> None:
        async with desk(demo) as (app, pilot, _screen):
            await pilot.press(key("commit"))
            await settle(pilot)
            commit = app.screen
            assert isinstance(commit, CommitScreen)
            output = commit.query_one("#commit-output")
            assert not output.display  # nothing to show before a refusal
            await pilot.press("ctrl+s")
            await until(pilot, lambda: not commit.busy, what="the refusal")
            status = text_of(commit.query_one("#commit-status"))
            assert "Not committed: git commit failed: trim trailing whitespace" in status
            assert output.display
            said = text_of(commit.query_one("#commit-output-text"))
            assert said.splitlines() == [
                "check yaml...............................................Passed",
                "trim trailing whitespace.................................Failed",
                "- hook id: trailing-whitespace",
                "- exit code: 1",
            ]
            # once the hook lets it through, the same screen commits
            hook.unlink()
            await pilot.press("ctrl+s")
            await until(pilot, lambda: commit.sha is not None, what="the commit")
            assert not output.display

    run(go())


R2 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#2"  # undecided, no candidates
BLOG1 = "inbox/jay/2026-11-01T0935-blogs-discovery.md#1"  # repeats an entry of the 11-01 brief


async def _type(pilot, text: str) -> None:
    for ch in text:
        await pilot.press(ch if ch != " " else "space")


def test_typing_in_the_exclude_dialog_gives_that_reason_not_the_highlighted_one(
    demo: Path,
) -> None:
    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):
            screen.go_to(R2)
            await pilot.press(key("exclude"))
            await settle(pilot)
            await _type(pilot, "同源复述 x")
            await pilot.press("enter")
            await settle(pilot)
            d = screen.session.decision(R2)
            assert (d.status, d.reason) == ("exclude", "同源复述 x")

    run(go())


def test_number_keys_choose_the_exclude_reasons(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo, matched=True) as (app, pilot, screen):
            for number, ref, reason in (
                ("1", R2, "off-topic"),
                ("2", R2, "weak-evidence"),
                ("3", BLOG1, f"duplicate:{screen.matches[BLOG1].duplicates[0].ref}"),
            ):
                screen.go_to(ref)
                await pilot.press(key("exclude"), number)
                await settle(pilot)
                assert app.screen is screen
                assert screen.session.decision(ref).reason == reason
            # a number with no reason behind it does nothing; the dialog stays
            screen.go_to(R2)
            await pilot.press(key("exclude"), "9")
            await settle(pilot)
            assert app.screen is not screen
            await pilot.press("escape")

    run(go())
