"""Digits 1-5 focus the panes of those numbers; after an action the focus is back on the items
list (tui/screens/review/screen.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tui_helpers import desk, settle, until


def run(coro) -> None:
    asyncio.run(coro)


def test_digits_focus_the_numbered_panes(demo_ws: Path) -> None:
    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, screen):
            for digit, pane in (("3", "placements"), ("4", "dup-list"), ("5", "order")):
                await pilot.press(digit)
                await settle(pilot)
                assert app.focused is not None and app.focused.id == pane, (digit, app.focused)
            await pilot.press("2")
            await settle(pilot)
            assert app.focused is screen.query_one("#detail") or (
                screen.query_one("#detail") in app.focused.ancestors
            )
            await pilot.press("1")
            await settle(pilot)
            assert app.focused.id == "items"

    run(go())


def test_after_d_in_the_duplicates_pane_up_moves_the_items(demo_ws: Path) -> None:
    """Before: focus stayed on the duplicates list, so the next Up moved that list."""

    async def go() -> None:
        async with desk(demo_ws, matched=True) as (app, pilot, screen):
            ref = next(r for r in screen.shown_refs[1:] if screen.item_matches(r).duplicates)
            screen.go_to(ref)
            await settle(pilot)
            await pilot.press("tab", "tab", "tab")  # the duplicates pane
            await settle(pilot)
            assert app.focused.id == "dup-list"
            await pilot.press("d")
            await until(pilot, lambda: screen.session.decision(ref).status == "exclude")
            await settle(pilot)
            assert app.focused.id == "items"
            index = screen.shown_refs.index(screen.current)
            await pilot.press("up")
            await settle(pilot)
            assert screen.shown_refs.index(screen.current) == index - 1

    run(go())
