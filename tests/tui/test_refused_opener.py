"""A key that opens a form or dialog and refuses: the keys typed after it in the same burst are
set aside, not run as commands, and the desk says how many (tui/typeahead.py, docs/keys.md).

Before: `t` on an item not in the brief refused ("include it first"), and a title typed blind
after it ran as desk commands: in "Index update", `n` opened a note and `ctrl+s` saved the rest
of the title as that note (default keymap); in vim `d`, `e`, `x`, `a` decided the item."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from briefdesk.tui.screens.review import ReviewScreen
from tui_helpers import after_burst, burst, desk, handled, key, until

TITLE = "Index update"  # typed blind after the opener, then ctrl+s


def run(coro) -> None:
    asyncio.run(coro)


def said(app, text: str) -> bool:
    return any(text in str(n.message) for n in app._notifications)


def state(screen) -> tuple:
    """What a command run by mistake would change: every decision and the undo history."""
    s = screen.session
    decisions = {r: s.decision(r).model_dump() for r in screen.shown_refs}
    return decisions, len(s.history.undo), s.data.contradictions, s.data.handles


def not_included(screen) -> str:
    ref = next(r for r in screen.shown_refs if s_status(screen, r) == "undecided")
    screen.go_to(ref)
    return ref


def s_status(screen, ref: str) -> str:
    return screen.session.decision(ref).status


def excluded(screen) -> str:
    ref = not_included(screen)
    screen.session.exclude(ref, "off-topic")
    return ref


def read_only(screen) -> str:
    screen.view.opened_readonly = "another briefdesk holds the batch"
    return not_included(screen)


def alone(screen) -> str:
    """No item is in the brief: there is no increment to merge into."""
    for ref in screen.shown_refs:
        if s_status(screen, ref) == "include":
            screen.session.undecide(ref)
    return not_included(screen)


# (the opener's action, how the item is made to refuse it)
REFUSALS = [
    ("edit_increment", not_included),  # "include it first"
    ("merge", alone),  # no other increment to merge into
    ("pick_placement", excluded),  # an excluded item has no place
    ("exclude", read_only),  # nothing changes in a read-only desk
    ("annotate", read_only),
]


@pytest.mark.parametrize("keymap", ["default", "vim"])
@pytest.mark.parametrize(("action", "prepare"), REFUSALS, ids=[a for a, _ in REFUSALS])
def test_keys_typed_after_a_refused_opener_are_set_aside(
    demo_ws: Path, keymap: str, action: str, prepare
) -> None:
    async def go() -> None:
        async with desk(demo_ws, keymap=keymap) as (app, pilot, screen):
            prepare(screen)
            await after_burst(pilot)
            before = state(screen)
            sent = burst(app, key(action, keymap), *TITLE, "ctrl+s")
            await after_burst(pilot, handled(app, sent))
            assert isinstance(app.screen, ReviewScreen), app.screen
            assert state(screen) == before
            await until(pilot, lambda: said(app, "Set aside the 13 keys"), what="the count")
            assert said(app, f"typed right after {key(action, keymap)}")
            assert said(app, "Index update ctrl+s")

    run(go())


def test_a_key_typed_after_the_burst_runs(demo_ws: Path) -> None:
    """Once the burst is over (the desk has said what it set aside), keys run again: `i`
    includes the item `t` refused, and then `t` opens its form."""

    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, screen):
            ref = not_included(screen)
            await after_burst(pilot)
            sent = burst(app, "t", *"ab")
            await after_burst(pilot, handled(app, sent))
            await until(pilot, lambda: said(app, "Set aside the 2 keys"), what="the count")
            await pilot.press("i")
            await until(pilot, lambda: s_status(screen, ref) == "include", what="the include")
            sent = burst(app, "t", *"New", "ctrl+s")
            await after_burst(pilot, handled(app, sent))
            await until(pilot, lambda: app.screen is screen, what="the review")
            assert screen.session.increment_of(ref).title == "New"

    run(go())


def test_keys_after_an_opener_that_opened_are_not_set_aside(demo_ws: Path) -> None:
    """Only a refusal sets keys aside: `x 1` then `down i` excludes, then includes the next."""

    async def go() -> None:
        async with desk(demo_ws) as (app, pilot, screen):
            first = not_included(screen)
            second = screen.shown_refs[screen.shown_refs.index(first) + 1]
            sent = burst(app, "x", "1", "down", "i")
            await after_burst(pilot, handled(app, sent))
            assert s_status(screen, first) == "exclude"
            assert s_status(screen, second) == "include"
            assert not said(app, "Set aside")

    run(go())


TYPED = "v2 §5.9 见 12 jk"  # digits, a section sign, Chinese, and vim's moving keys as text


def notes_of(screen, ref: str) -> tuple:
    return screen.session.decision(ref).notes


def contradictions_naming(screen, ref: str) -> list[str]:
    return [c.text for c in screen.session.data.contradictions if ref in c.refs]


def handles_naming(screen, ref: str) -> list[str]:
    return [h.text for h in screen.session.data.handles if ref in h.refs]


# (the opener, what it saved the typed text into)
OPENED = [
    ("annotate", notes_of),
    ("flag_contradiction", contradictions_naming),
    ("add_handle", handles_naming),
]


@pytest.mark.parametrize("keymap", ["default", "vim"])
@pytest.mark.parametrize(("action", "saved"), OPENED, ids=[a for a, _ in OPENED])
def test_text_typed_straight_after_an_opener_reaches_its_field(
    demo_ws: Path, keymap: str, action: str, saved
) -> None:
    """The hidden cases' kind, for the openers that did open: the burst's text lands whole in
    the field, digits and vim's j/k included, and ctrl+s saves it."""

    async def go() -> None:
        async with desk(demo_ws, keymap=keymap) as (app, pilot, screen):
            ref = not_included(screen)
            await after_burst(pilot)
            sent = burst(app, key(action, keymap), *TYPED, "ctrl+s")
            await after_burst(pilot, handled(app, sent))
            assert isinstance(app.screen, ReviewScreen), app.screen
            assert TYPED in saved(screen, ref)
            assert not said(app, "Set aside")

    run(go())


@pytest.mark.parametrize("keymap", ["default", "vim"])
def test_a_reason_typed_straight_after_x_keeps_its_digits(demo_ws: Path, keymap: str) -> None:
    async def go() -> None:
        async with desk(demo_ws, keymap=keymap) as (app, pilot, screen):
            ref = not_included(screen)
            await after_burst(pilot)
            sent = burst(app, key("exclude", keymap), *TYPED, "enter")
            await after_burst(pilot, handled(app, sent))
            assert screen.session.decision(ref).reason == TYPED

    run(go())
