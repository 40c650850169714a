"""The commit screen's warnings are read in full at 100x30 (tui/screens/commit.py): each wrapped,
counted on the box's top line, and when they do not all fit the box scrolls with the keys a user
presses, while the brief, the message and the commit key stay on screen."""

from __future__ import annotations

import asyncio
from pathlib import Path

from briefdesk.tui.screens.commit import CommitScreen, Warnings
from textual.widgets import Static
from tui_helpers import desk, key, settle, until

SMALL = (100, 30)
# undecided in the demo, nothing written: each increment warns of its generated text
UNWRITTEN = [f"inbox/jay/2026-11-03-1000-rss-cool-papers.md#{n}" for n in (2, 3, 4)]
LAST = "set reviewer in your own config or pass --reviewer."  # how the last warning ends


def on_screen(widget) -> str:
    """What the widget's content region shows on the screen now, its lines joined by spaces."""
    region = widget.scrollable_content_region
    strips = widget.app.screen._compositor.render_strips()[region.y : region.bottom]
    return " ".join(" ".join(s.crop(region.x, region.right).text for s in strips).split())


async def commit_screen(pilot, screen) -> CommitScreen:
    for ref in UNWRITTEN:
        screen.go_to(ref)
        await pilot.press(key("include"))
    await settle(pilot)
    await pilot.press(key("commit"))
    await until(pilot, lambda: isinstance(pilot.app.screen, CommitScreen), what="commit")
    return pilot.app.screen


def test_warnings_that_do_not_fit_are_counted_and_scroll_to_the_last(demo: Path) -> None:
    with (demo / "briefdesk.yaml").open("a", encoding="utf-8") as f:
        f.write("reviewer: Ann\n")  # a last warning, after the increments' six

    async def go() -> None:
        async with desk(demo, size=SMALL) as (_app, pilot, screen):
            commit = await commit_screen(pilot, screen)
            box = commit.query_one(Warnings)
            await until(pilot, lambda: commit.focused is box, what="the warnings focused")
            assert box.count == 7 and box.overflows()
            title = str(box.border_title)
            assert title.startswith("7 warnings · lines 1-"), title
            text = str(commit.query_one("#commit-notices", Static).render())
            assert text.count("⚠") == 7 and text.rstrip().endswith(LAST)  # nothing cut
            assert LAST not in on_screen(box)  # below the box's last line, for now
            for _ in range(10):  # what a user presses to read on
                if box.scroll_y >= box.max_scroll_y:
                    break
                await pilot.press("pagedown")
                await settle(pilot)
            await until(pilot, lambda: box.scroll_y == box.max_scroll_y, what="the end")
            assert on_screen(box).endswith(LAST)
            total = box.virtual_size.height
            assert str(box.border_title).startswith(f"7 warnings · lines {total - 5}-{total} of")
            # the rest of the screen is still there: the brief, the message, the commit key
            for part in ("#commit-brief", "#commit-message"):
                assert commit.query_one(part).scrollable_content_region.height >= 3, part
            assert "brief(inference)" in on_screen(commit.query_one("#commit-message"))
            await pilot.press(key("commit"))
            await until(pilot, lambda: commit.sha is not None, what="the commit")

    asyncio.run(go())


def test_warnings_that_fit_keep_the_focus_on_the_commit_button(demo: Path) -> None:
    """The demo's three proposed increments warn in six lines, which fit: no scrolling, the
    commit button keeps the focus (enter commits, as before)."""

    async def go() -> None:
        async with desk(demo, size=SMALL) as (_app, pilot, _screen):
            await pilot.press(key("commit"))
            await until(pilot, lambda: isinstance(pilot.app.screen, CommitScreen), what="commit")
            commit = pilot.app.screen
            box = commit.query_one(Warnings)
            await until(pilot, lambda: box.border_title == "3 warnings", what="the count")
            await settle(pilot)
            assert not box.overflows() and commit.focused is commit.query_one("#do-commit")
            assert on_screen(box).count("⚠") == 3

    asyncio.run(go())
