"""In the exclude dialog, digits choose a reason until the reviewer starts typing one; then they
are text (tui/dialogs/exclude.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from briefdesk.tui.dialogs.exclude import ExcludeDialog
from tui_helpers import after_burst, burst, desk, handled, until


def run(coro) -> None:
    asyncio.run(coro)


def test_digits_typed_in_a_reason_are_kept_even_back_on_the_list(demo_ws: Path) -> None:
    """`§5.9 见 v`, back to the list (shift+tab), `2`: before, the 2 chose "weak evidence"."""

    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, screen):
            ref = screen.current
            await pilot.press("x")
            await until(pilot, lambda: isinstance(app.screen, ExcludeDialog), what="the dialog")
            for key in [*"§5.9 见 v", "shift+tab", "2", "enter"]:  # one at a time
                await after_burst(pilot, handled(app, burst(app, key)))
            assert screen.session.decision(ref).reason == "§5.9 见 v2"

    run(go())


def test_a_reason_with_digits_typed_in_one_burst_is_saved_as_typed(demo_ws: Path) -> None:
    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, screen):
            ref = screen.current
            burst(app, "x", *"§5.9 见 v2", "enter")
            await after_burst(pilot, lambda: screen.session.decision(ref).status == "exclude")
            assert screen.session.decision(ref).reason == "§5.9 见 v2"

    run(go())


def test_a_digit_first_still_chooses_that_reason(demo_ws: Path) -> None:
    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, screen):
            ref = screen.current
            await pilot.press("x")
            await until(pilot, lambda: isinstance(app.screen, ExcludeDialog), what="the dialog")
            await pilot.press("2")
            await until(pilot, lambda: app.screen is screen, what="the review")
            assert screen.session.decision(ref).reason == "weak-evidence"

    run(go())
