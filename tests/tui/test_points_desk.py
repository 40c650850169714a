"""The increment form's 要点 (docs/brief.md, "Generated 要点"): with nothing written, it starts
from the item's own sentences — those with its new facts when the fact index found some — never
from its front matter; saved as it stands, it is still generated text, and the commit screen
says so."""

from __future__ import annotations

import asyncio
from pathlib import Path

from briefdesk.tui.dialogs.increment import IncrementDialog
from briefdesk.tui.screens.commit import CommitScreen
from textual.widgets import TextArea
from tui_helpers import desk, key, settle, until

FLIDE = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#1"  # demo: no new release or figure
PLENA = "inbox/flyp/2026-11-03T0950-critical-read.md#1"  # demo: new figures (2.23×, 4.70×)


def text_of(widget) -> str:
    return str(widget.render())


def test_the_forms_points_start_from_the_items_sentences_and_stay_marked(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo, matched=True) as (app, pilot, screen):
            # no new facts: the placeholder is the brief's 要点, the item's first sentences
            screen.go_to(FLIDE)
            await settle(pilot)
            await pilot.press(key("edit_increment"))
            await until(pilot, lambda: isinstance(app.screen, IncrementDialog), what="the form")
            points = app.screen.query_one("#points", TextArea)
            assert points.text == ""
            placeholder = str(points.placeholder)
            first = "（材料原文摘录）Decision models (e.g. Jev) are"
            assert placeholder.startswith(first), placeholder
            assert "arXiv:" not in placeholder and "cs.CL" not in placeholder
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, what="the review")

            # new figures: the sentence stating them is the draft, marked as the material's
            screen.go_to(PLENA)
            await settle(pilot)
            await pilot.press(key("edit_increment"))
            await until(pilot, lambda: isinstance(app.screen, IncrementDialog), what="the form")
            drafted = app.screen.query_one("#points", TextArea).text
            assert drafted.startswith("（材料原文摘录）摘要自述："), drafted
            assert "4.70×" in drafted and "核查范围" not in drafted
            await pilot.press("ctrl+s")  # saved as it stands
            await until(pilot, lambda: app.screen is screen, what="the review")
            inc = screen.session.increment_of(PLENA)
            assert inc is not None and inc.points == drafted

            await pilot.press(key("commit"))
            await until(pilot, lambda: isinstance(app.screen, CommitScreen), what="commit")
            notices = text_of(app.screen.query_one("#commit-notices")).splitlines()
            plena = [n for n in notices if "PLENA" in n]
            assert len(plena) == 1 and "generated text for 要点" in plena[0], notices

    asyncio.run(go())
