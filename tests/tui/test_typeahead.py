"""Every key reaches the screen it was typed for, in order, however fast (tui/typeahead.py,
docs/keys.md): keys sent in one burst — all queued before the first is handled — while a form or
dialog is being opened or closed, a paste among them, and keys after quitting began."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from briefdesk.tui.dialogs.increment import IncrementDialog
from briefdesk.tui.screens.review import ReviewScreen
from textual import events
from tui_helpers import after_burst, burst, desk, handled, settle, until


def run(coro) -> None:
    asyncio.run(coro)


def included_first(screen) -> str:
    ref = screen.current
    screen.session.include(ref)
    return ref


def test_a_title_typed_straight_after_t_reaches_the_form(demo_ws: Path) -> None:
    """`t`, then at once a title and ctrl+s: the title is saved (before: nothing was)."""

    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, screen):
            ref = included_first(screen)
            await settle(pilot)
            sent = burst(app, "t", *"My title", "ctrl+s")
            await after_burst(pilot, handled(app, sent))
            assert screen.session.increment_of(ref).title == "My title"

    run(go())


def test_a_placement_typed_straight_after_a_in_the_form_goes_where_typed(demo_ws: Path) -> None:
    """`a` on the form's placements, then at once `4.2 enter`: §4.2, not the first section."""

    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, screen):
            ref = included_first(screen)
            await settle(pilot)
            keys = ("t", "tab", "tab", "tab", "tab", "a", "4", ".", "2", "enter", "ctrl+s")
            await after_burst(pilot, handled(app, burst(app, *keys)))
            placements = screen.session.increment_of(ref).placements
            assert [p.section for p in placements][-1:] == ["4.2"], placements

    run(go())


def test_after_a_long_paste_the_next_tab_and_text_land_in_the_next_field(demo_ws: Path) -> None:
    """A paste is text for the focused field, never keys; the Tab after it is not dropped."""
    pasted = "长" * 400 + " end of a long pasted title"

    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, screen):
            ref = included_first(screen)
            await settle(pilot)
            sent = burst(app, "t", events.Paste(pasted), "tab", *"key point", "ctrl+s")
            await after_burst(pilot, handled(app, sent))
            inc = screen.session.increment_of(ref)
            assert (inc.title, inc.points) == (pasted, "key point")

    run(go())


def test_keys_typed_while_a_dialog_closes_reach_the_review(demo_ws: Path) -> None:
    """`x 1` excludes the item as off-topic and closes the dialog; the `down i` typed with them
    include the next item (they are not lost in the closing dialog)."""

    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, screen):
            first = screen.current
            second = screen.shown_refs[1]
            burst(app, "x", "1", "down", "i")
            await after_burst(pilot, lambda: screen.session.decision(second).status == "include")
            assert screen.session.decision(first).reason == "off-topic"
            assert isinstance(app.screen, ReviewScreen)

    run(go())


def test_q_then_x_at_once_quits_cleanly(demo_ws: Path) -> None:
    """Before: `q x` opened the exclude dialog on a closing desk and crashed (NoMatches)."""

    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, _screen):
            burst(app, "q", "x", "n", "u", "e")
            await until(pilot, lambda: app.return_code is not None, what="the desk to quit")
            await settle(pilot)
        assert app.return_code == 0

    run(go())


def test_q_then_u_at_once_undoes_nothing(demo_ws: Path) -> None:
    """Before: `q u` undid the last change and saved that. Once quitting began, nothing runs."""

    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, screen):
            ref = screen.current
            screen.session.exclude(ref, "kept out by the reviewer")
            await settle(pilot)
            session_file = screen.session.path
            burst(app, "q", "u")
            await until(pilot, lambda: app.return_code is not None, what="the desk to quit")
            await settle(pilot)
        assert app.return_code == 0
        data = json.loads(Path(session_file).read_text(encoding="utf-8"))
        assert data["decisions"][ref]["reason"] == "kept out by the reviewer", data["decisions"][
            ref
        ]

    run(go())


def test_a_form_opened_by_pilot_still_works_key_by_key(demo_ws: Path) -> None:
    """The gate changes nothing for keys that come one at a time."""

    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, screen):
            ref = included_first(screen)
            await pilot.press("t")
            await until(pilot, lambda: isinstance(app.screen, IncrementDialog), what="the form")
            await pilot.press(*"Slow", "ctrl+s")
            await until(pilot, lambda: app.screen is screen, what="the review")
            assert screen.session.increment_of(ref).title == "Slow"

    run(go())
