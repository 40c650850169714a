"""In the exclude dialog, digits choose a reason until the reviewer starts typing one; then they
are text. A reason that starts with a digit, typed blind, chooses that digit's reason and the rest
of its burst is set aside, never run on the review (tui/dialogs/exclude.py, tui/typeahead.py,
docs/keys.md)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from briefdesk.core.settings.keymap import shipped
from briefdesk.tui import typeahead
from briefdesk.tui.dialogs.exclude import ExcludeDialog
from tui_helpers import after_burst, burst, desk, handled, key, until

REASON = "2 份材料同源"  # a reason that starts with a digit: the 2 also chooses weak evidence


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


def said(app, text: str) -> bool:
    return any(text in str(n.message) for n in app._notifications)


def beneath(screen, ref: str) -> tuple:
    """What a key run on the review by mistake would change, besides the item's own decision."""
    s = screen.session
    others = {r: s.decision(r).model_dump() for r in screen.shown_refs if r != ref}
    return others, s.data.contradictions, s.data.handles, screen.current, screen.view.filter


@pytest.mark.parametrize("keymap", shipped())
@pytest.mark.parametrize("how", ["press", "burst"])
def test_a_reason_that_starts_with_a_digit_never_runs_on_the_review(
    demo_ws: Path, keymap: str, how: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`x` and `2 份材料同源` in one go (Pilot's press, each key once the desk has taken the one
    before; or all queued at once). Before, the 2 chose "weak evidence" and ` 份材料同源` ran on
    the review: in the default keymap the space moved to the next undecided item. Now the 2
    chooses and the rest is set aside, said by a notice; one undo step, the exclusion.

    Pilot's press waits until the desk is idle after each key, up to a second on a loaded
    machine: the burst's gap is made longer than that, so that keys sent in one go are one burst
    on any machine (how long a burst lasts is the gate's; this test is what one does)."""
    monkeypatch.setattr(typeahead, "BURST_GAP", 2.0)

    async def go() -> None:
        async with desk(demo_ws, keymap=keymap) as (app, pilot, screen):
            ref = screen.current
            before, steps = beneath(screen, ref), len(screen.session.history.undo)
            keys = [key("exclude", keymap), *REASON]
            if how == "press":
                await pilot.press(*keys)
            else:
                await after_burst(pilot, handled(app, burst(app, *keys)))
            await until(pilot, lambda: said(app, "Set aside the 6 keys"), what="the notice")
            assert said(app, "typed right after 2 (it had chosen and closed the dialog)")
            assert app.screen is screen
            assert screen.session.decision(ref).reason == "weak-evidence"
            assert beneath(screen, ref) == before
            assert len(screen.session.history.undo) == steps + 1

    run(go())


@pytest.mark.parametrize("keymap", shipped())
def test_keys_after_a_chosen_digit_run_when_none_is_text(demo_ws: Path, keymap: str) -> None:
    """`x 1` then the next-undecided key in one burst: they wait for the burst to end (nothing in
    it is text) and then run, in order: excluded, then on to the next undecided item."""

    async def go() -> None:
        async with desk(demo_ws, keymap=keymap) as (app, pilot, screen):
            first = screen.current
            sent = burst(app, key("exclude", keymap), "1", key("next_undecided", keymap))
            await after_burst(pilot, lambda: handled(app, sent)() and screen.current != first)
            assert screen.session.decision(first).reason == "off-topic"
            assert screen.session.decision(screen.current).status == "undecided"
            assert not said(app, "Set aside")

    run(go())
