"""The increment form's title field (docs/brief.md, docs/keys.md): it opens with the derived
title as its text, all of it selected, so typing replaces it and `End` then typing adds to it;
a title left as it opened stays derived (it follows the items); a paste of several lines keeps
every line, joined by a space."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from briefdesk.tui.dialogs.increment import IncrementDialog
from textual import events
from textual.widgets import Input
from tui_helpers import after_burst, burst, desk, handled, key, settle, until

R1 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#1"  # demo: proposed include, derived title
ADDED = " 工具调用间保活"


def run(coro) -> None:
    asyncio.run(coro)


async def typed(pilot, text: str) -> None:
    for ch in text:
        await pilot.press(ch if ch != " " else "space")


async def open_form(pilot, app, screen) -> tuple[IncrementDialog, Input, str]:
    """`t` on R1: the form, its title field, and the title the brief derives for it."""
    screen.go_to(R1)
    inc = screen.session.increment_of(R1)
    assert inc is not None and inc.title is None
    derived = screen.view.derived_entry(inc)
    assert derived is not None and derived.title.startswith("Flide")
    await pilot.press(key("edit_increment"))
    await until(pilot, lambda: isinstance(app.screen, IncrementDialog), what="the form")
    await settle(pilot)
    form = app.screen
    return form, form.query_one("#title", Input), derived.title


async def saved(pilot, app, screen) -> None:
    await pilot.press("ctrl+s")
    await until(pilot, lambda: app.screen is screen, what="the form to close")


def test_the_title_opens_as_text_and_end_then_typing_adds_to_it(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            inc_id = screen.session.increment_of(R1).id  # type: ignore[union-attr]
            form, title, default = await open_form(pilot, app, screen)
            assert form.focused is title
            assert title.value == default  # real text, not a placeholder
            assert title.selection == (0, len(default))  # all of it, to type over
            await pilot.press("end")
            await typed(pilot, ADDED)
            assert form.dirty()
            await saved(pilot, app, screen)
            assert screen.session.entry(inc_id).title == default + ADDED
            await until(
                pilot,
                lambda: f"1. {default}{ADDED}\n" in screen.brief_cache,
                what="the brief to show the title with the words added",
            )

    run(go())


def test_typing_at_once_replaces_the_title(demo: Path) -> None:
    """The habit of `t`, words, `ctrl+s` (type-ahead included) still writes those words as the
    title: the derived title is selected when the form opens."""

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            inc_id = screen.session.increment_of(R1).id  # type: ignore[union-attr]
            _form, title, _default = await open_form(pilot, app, screen)
            await typed(pilot, "拓扑感知的 KV 传输")
            assert title.value == "拓扑感知的 KV 传输"
            await saved(pilot, app, screen)
            assert screen.session.entry(inc_id).title == "拓扑感知的 KV 传输"

    run(go())


def test_a_title_left_as_it_opened_still_follows_the_items(demo: Path) -> None:
    """Saving without touching the title writes none: the session keeps it derived, the brief is
    the one before, and the untouched form holds no changes (esc closes it at once)."""

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            inc_id = screen.session.increment_of(R1).id  # type: ignore[union-attr]
            form, _title, default = await open_form(pilot, app, screen)
            assert not form.dirty()
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, what="esc to close the form")

            form, _title, default = await open_form(pilot, app, screen)
            await pilot.press("tab")  # to 要点: one typed, so the save writes something
            await typed(pilot, "① 要点")
            await saved(pilot, app, screen)
            entry = screen.session.entry(inc_id)
            assert entry.points == "① 要点"
            assert entry.title is None  # still derived, not a copy of the default
            await until(
                pilot,
                lambda: "① 要点" in screen.brief_cache and f"1. {default}\n" in screen.brief_cache,
                what="the brief with the derived title as before",
            )

    run(go())


@pytest.mark.parametrize("keymap", [None, "vim"])  # vim's ctrl+u is page_up outside a field
def test_ctrl_u_clears_the_title_and_typing_replaces_it(demo: Path, keymap: str | None) -> None:
    async def go() -> None:
        async with desk(demo, keymap=keymap) as (app, pilot, screen):
            inc_id = screen.session.increment_of(R1).id  # type: ignore[union-attr]
            _form, title, default = await open_form(pilot, app, screen)
            await pilot.press("ctrl+u")
            assert title.value == "" and title.placeholder == default  # dim once emptied
            await typed(pilot, "新标题")
            await saved(pilot, app, screen)
            assert screen.session.entry(inc_id).title == "新标题"

    run(go())


def test_a_paste_of_two_lines_keeps_both(demo: Path) -> None:
    """Textual's one-line field keeps a paste's first line only; the desk's keeps every line, and
    takes out what would drive the terminal (a colour sequence, a bell)."""

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            inc_id = screen.session.increment_of(R1).id  # type: ignore[union-attr]
            _form, title, _default = await open_form(pilot, app, screen)
            await pilot.press("ctrl+u")
            sent = burst(app, events.Paste("第一行\x1b[31m标题\x07\n第二行…\n"))
            await after_burst(pilot, handled(app, sent))
            assert title.value == "第一行标题 第二行…"
            await saved(pilot, app, screen)
            assert screen.session.entry(inc_id).title == "第一行标题 第二行…"

    run(go())


def test_a_paste_over_a_selection_replaces_it_with_every_line(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            inc_id = screen.session.increment_of(R1).id  # type: ignore[union-attr]
            _form, title, default = await open_form(pilot, app, screen)
            await pilot.press("ctrl+shift+a")  # select all
            assert sorted(title.selection) == [0, len(default)]
            sent = burst(app, events.Paste("甲\r\n乙"))
            await after_burst(pilot, handled(app, sent))
            await saved(pilot, app, screen)
            assert screen.session.entry(inc_id).title == "甲 乙"

    run(go())
