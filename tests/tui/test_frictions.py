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
