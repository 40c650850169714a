"""The placement dialog says what it will save in words, starts from the placement's own action,
lists the proposed sections first with their scores and shared names, and its arrows stop at the
ends (tui/dialogs/placement.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from briefdesk.tui.dialogs.placement import PlacementDialog
from textual.widgets import OptionList, Static
from tui_helpers import desk, settle, until

R1 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#1"  # proposed: §3.1, append
FLYP = "inbox/flyp/2026-11-03T0950-critical-read.md#1"  # proposed: §5.8, new-subsection


def run(coro) -> None:
    asyncio.run(coro)


async def open_on(pilot, app, screen, ref: str) -> PlacementDialog:
    screen.go_to(ref)
    await settle(pilot)
    await pilot.press("p")
    await until(pilot, lambda: isinstance(app.screen, PlacementDialog), what="the dialog")
    await settle(pilot)
    return app.screen


def test_the_action_is_said_in_words_and_starts_from_the_proposal(demo_ws: Path) -> None:
    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, screen):
            dialog = await open_on(pilot, app, screen, FLYP)
            assert dialog.query_one("#action", OptionList).highlighted_option.id == (
                "new-subsection"
            )
            said = str(dialog.query_one("#choice", Static).render())
            assert "§5.8" in said and "as a new subsection" in said, said
            await pilot.press("escape")
            await settle(pilot)
            dialog = await open_on(pilot, app, screen, R1)
            said = str(dialog.query_one("#choice", Static).render())
            assert "§3.1" in said and "as append to the section" in said, said

    run(go())


def test_the_arrows_stop_at_the_ends(demo_ws: Path) -> None:
    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, screen):
            dialog = await open_on(pilot, app, screen, R1)
            sections = dialog.query_one("#sections", OptionList)
            assert sections.highlighted == 0
            await pilot.press("up")
            await settle(pilot)
            assert sections.highlighted == 0  # before: round to the last section
            for _ in range(sections.option_count + 2):
                await pilot.press("down")
            await settle(pilot)
            assert sections.highlighted == sections.option_count - 1

    run(go())


def test_proposed_sections_come_first_with_the_names_they_share(demo_ws: Path) -> None:
    async def go() -> None:
        async with desk(demo_ws, matched=True) as (app, pilot, screen):
            ref = next(
                r
                for r in screen.shown_refs
                if any(
                    p.names
                    for p in screen.item_matches(r).placements
                    if p.section in screen.view.sections
                )
            )
            proposals = [
                p for p in screen.item_matches(ref).placements if p.section in screen.view.sections
            ]
            dialog = await open_on(pilot, app, screen, ref)
            options = dialog.query_one("#sections", OptionList).options
            assert [o.id for o in options[: len(proposals)]] == [p.section for p in proposals]
            prompts = [o.prompt.plain for o in options[: len(proposals)]]
            assert any("shares " in p for p in prompts), prompts
            rest = [o.id for o in options[len(proposals) :] if o.id != "__clear__"]
            order = [s.id for s in screen.review.living_doc.sections]
            assert rest == [i for i in order if i not in {p.section for p in proposals}]

    run(go())
