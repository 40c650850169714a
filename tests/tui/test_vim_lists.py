"""The vim keymap moves every list of the app: in a dialog's list `j`/`k` move it instead of
being typed (tui/listkeys.py); in a text field they stay text."""

from __future__ import annotations

import asyncio
from pathlib import Path

from briefdesk.tui.app import BriefdeskApp
from briefdesk.tui.dialogs.exclude import ExcludeDialog
from briefdesk.tui.dialogs.merge import MergeDialog
from tui_helpers import DEMO_BATCH, SIZE, review_ready, settle, until


def run(coro) -> None:
    asyncio.run(coro)


def undecided(screen) -> list[str]:
    return [r for r in screen.shown_refs if screen.session.decision(r).status == "undecided"]


def test_x_j_enter_chooses_the_second_reason_not_the_text_j(demo: Path) -> None:
    async def go() -> None:
        app = BriefdeskApp(demo, DEMO_BATCH, keymap="vim")
        async with app.run_test(size=SIZE) as pilot:
            screen = await review_ready(pilot, matched=False)
            ref = undecided(screen)[0]
            screen.go_to(ref)
            await pilot.press("x")
            await until(pilot, lambda: isinstance(app.screen, ExcludeDialog), what="the dialog")
            await pilot.press("j", "enter")
            await until(pilot, lambda: app.screen is screen, what="the review")
            assert screen.session.decision(ref).reason == "weak-evidence"

    run(go())


def test_m_j_j_j_enter_merges_into_the_fourth_increment(demo: Path) -> None:
    async def go() -> None:
        app = BriefdeskApp(demo, DEMO_BATCH, keymap="vim")
        async with app.run_test(size=SIZE) as pilot:
            screen = await review_ready(pilot, matched=False)
            refs = undecided(screen)
            for r in refs[:5]:
                screen.session.include(r)
            ref = refs[0]
            screen.go_to(ref)
            targets = screen.view.merge_targets(ref)
            await pilot.press("m")
            await until(pilot, lambda: isinstance(app.screen, MergeDialog), what="the dialog")
            await pilot.press("j", "j", "j", "enter")
            await until(pilot, lambda: app.screen is screen, what="the review")
            inc = screen.session.increment_of(ref)
            assert inc is not None and targets[3][0] in inc.items

    run(go())


def test_j_typed_in_a_text_field_stays_text(demo: Path) -> None:
    async def go() -> None:
        app = BriefdeskApp(demo, DEMO_BATCH, keymap="vim")
        async with app.run_test(size=SIZE) as pilot:
            screen = await review_ready(pilot, matched=False)
            ref = undecided(screen)[0]
            screen.go_to(ref)
            await pilot.press("x")
            await until(pilot, lambda: isinstance(app.screen, ExcludeDialog), what="the dialog")
            await pilot.press("tab")  # into the reason field
            await settle(pilot)
            await pilot.press("j", "k", "enter")
            await until(pilot, lambda: app.screen is screen, what="the review")
            assert screen.session.decision(ref).reason == "jk"

    run(go())
