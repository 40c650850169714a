"""Esc on a changed form keeps it the first time and says a second discards (tui/dialogs/base.py,
docs/keys.md); an unchanged form closes at once."""

from __future__ import annotations

import asyncio
from pathlib import Path

from briefdesk.tui.dialogs.increment import IncrementDialog
from briefdesk.tui.dialogs.text_entry import TextEntryDialog
from tui_helpers import desk, settle, until


def run(coro) -> None:
    asyncio.run(coro)


def warned(app) -> bool:
    return any("esc again discards" in str(n.message) for n in app._notifications)


def test_esc_on_typed_text_keeps_the_increment_form_then_discards(demo_ws: Path) -> None:
    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, screen):
            ref = screen.current
            screen.session.include(ref)
            await pilot.press("t")
            await until(pilot, lambda: isinstance(app.screen, IncrementDialog), what="the form")
            await pilot.press(*"Half a title", "escape")
            await settle(pilot)
            assert isinstance(app.screen, IncrementDialog) and warned(app)
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, what="the review")
            assert screen.session.increment_of(ref).title is None

    run(go())


def test_esc_on_an_added_placement_keeps_the_form_then_discards(demo_ws: Path) -> None:
    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, screen):
            ref = screen.current
            screen.session.include(ref)
            before = screen.session.increment_of(ref).placements
            await pilot.press("t")
            await until(pilot, lambda: isinstance(app.screen, IncrementDialog), what="the form")
            await pilot.press("tab", "tab", "tab", "tab", "a")
            await until(pilot, lambda: not isinstance(app.screen, IncrementDialog), what="add")
            await pilot.press("4", ".", "2", "enter")
            await until(pilot, lambda: isinstance(app.screen, IncrementDialog), what="the form")
            assert len(app.screen.placements) == len(before) + 1
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, IncrementDialog) and warned(app)
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, what="the review")
            assert screen.session.increment_of(ref).placements == before

    run(go())


def test_esc_on_a_typed_contradiction_keeps_it_then_discards(demo_ws: Path) -> None:
    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, screen):
            before = list(screen.session.data.contradictions)
            await pilot.press("c")
            await until(pilot, lambda: isinstance(app.screen, TextEntryDialog), what="the form")
            await pilot.press(*"v2 says 8 GB", "escape")
            await settle(pilot)
            assert isinstance(app.screen, TextEntryDialog) and warned(app)
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, what="the review")
            assert screen.session.data.contradictions == before

    run(go())


def test_esc_on_an_unchanged_form_closes_it_at_once(demo_ws: Path) -> None:
    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, screen):
            await pilot.press("c")
            await until(pilot, lambda: isinstance(app.screen, TextEntryDialog), what="the form")
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, what="the review")
            assert not warned(app)

    run(go())
