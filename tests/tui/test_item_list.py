"""Pane 1 repaints only the rows a key changes (tui.widgets.item_list): what is on screen after
moves, decisions and the end of matching must be exactly what a full repaint draws."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from briefdesk.core.settings.keymap import load_keymap
from briefdesk.tui.widgets.item_list import ItemList, Row
from tui_helpers import desk, key, until


def list_rows(items: ItemList) -> list[str]:
    """What the list's rows show on screen (its scrollbar aside), row by row: each segment's text
    with its style."""
    region = items.scrollable_content_region
    strips = items.app.screen._compositor.render_strips()[region.y : region.bottom]
    return [
        "".join(f"[{seg.style}]{seg.text}" for seg in strip.crop(region.x, region.right))
        for strip in strips
    ]


async def painted_equals_full_repaint(pilot, items: ItemList) -> tuple[list[str], list[str]]:
    """The list as painted, then as painted after it drops every cached row."""
    pilot.app.screen.flush()
    await pilot.pause()
    painted = list_rows(items)
    items.forget_rendered()
    items.refresh()
    await pilot.pause()
    return painted, list_rows(items)


def test_moves_repaint_the_rows_they_change(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo, matched=True, size=(160, 16)) as (_app, pilot, screen):
            items = screen.query_one(ItemList)
            start = items.highlighted
            for _ in range(3):  # within the first screenful: no scroll, two rows repainted per key
                await pilot.press(key("next_item"))
            assert items.scroll_offset.y == 0 and items.highlighted != start
            painted, fresh = await painted_equals_full_repaint(pilot, items)
            assert painted == fresh
            for _ in range(12):  # past the bottom: the list scrolls
                await pilot.press(key("next_item"))
            assert items.scroll_offset.y > 0
            for _ in range(2):  # and back up without scrolling
                await pilot.press(key("prev_item"))
            painted, fresh = await painted_equals_full_repaint(pilot, items)
            assert painted == fresh

    asyncio.run(go())


def test_a_decision_repaints_its_row(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo, matched=True, size=(160, 16)) as (_app, pilot, screen):
            items = screen.query_one(ItemList)
            ref = screen.current
            await pilot.press(key("include"))
            await pilot.press(key("prev_item"))
            assert screen.session.decision(ref).status == "include"
            painted, fresh = await painted_equals_full_repaint(pilot, items)
            assert painted == fresh
            assert "✓" in str(items.get_option(ref).prompt)

    asyncio.run(go())


def test_the_line_map_is_one_line_per_row(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo, size=(160, 16)) as (_app, pilot, screen):
            items = screen.query_one(ItemList)
            count = items.option_count
            assert items.virtual_size.height == count
            assert items._lines == [(k, 0) for k in range(count)]
            await pilot.press("end")  # the list's own key: the last row, scrolled into view
            assert items.highlighted == count - 1
            assert items.scroll_offset.y == count - items.scrollable_content_region.height

    asyncio.run(go())


def test_only_the_rows_on_screen_are_drawn(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo, matched=True, size=(160, 16)) as (_app, pilot, screen):
            items = screen.query_one(ItemList)
            height = items.scrollable_content_region.height
            drawn = [
                k
                for k, option in enumerate(items.options)
                if isinstance(option, Row) and option._prompt is not None
            ]
            assert drawn and len(drawn) <= height < items.option_count
            await pilot.press("end")
            await pilot.pause()
            last = items.get_option_at_index(items.option_count - 1)
            assert last._prompt is not None  # drawn when it came into view
            assert screen.view.items[last.id].title[:6] in last.prompt.plain

    asyncio.run(go())


def first_item_keys(keymap: str) -> list[tuple[str, ...]]:
    """The keys a user presses for the first item: each key the keymap binds to `first_item`,
    and `g g` in vim (the second `g` a user types out of habit must not undo the first)."""
    keys = [(k,) for k in load_keymap(keymap).keys("first_item")]
    return [*keys, ("g", "g")] if keymap == "vim" else keys


@pytest.mark.parametrize("keymap", ["default", "vim"])
def test_the_first_item_shows_its_group_header(demo: Path, keymap: str) -> None:
    """At 100x30 the items list scrolls; going back to the first item from the last shows the
    list from its first line, the first material's header above the first item (docs/keys.md)."""

    async def go() -> None:
        async with desk(demo, size=(100, 30), keymap=keymap) as (_app, pilot, screen):
            items = screen.query_one(ItemList)
            assert items.get_option_at_index(0).disabled  # the first row is a material header
            for keys in first_item_keys(keymap):
                await pilot.press(key("last_item", keymap))
                await until(pilot, lambda: items.scroll_offset.y > 0, what="the list scrolled")
                await pilot.press(*keys)
                await until(pilot, lambda: items.highlighted == 1, what=f"{keys}: the first item")
                await until(pilot, lambda: items.scroll_offset.y == 0, what=f"{keys}: the header")
                strips = items.app.screen._compositor.render_strips()
                top = strips[items.scrollable_content_region.y].text  # the list's first line
                assert "1/5 inbox/jay/" in top  # the first material's header

    asyncio.run(go())


def test_moving_up_onto_a_groups_first_item_shows_its_header(demo: Path) -> None:
    """Not only `home`: any move that lands on the first item of a material with its header just
    above the top of the list scrolls that header into view too."""

    async def go() -> None:
        async with desk(demo, size=(100, 30)) as (_app, pilot, screen):
            items = screen.query_one(ItemList)
            await pilot.press(key("last_item"))
            await until(pilot, lambda: items.scroll_offset.y > 0, what="the list scrolled")
            while items.highlighted is not None and items.highlighted > 1:
                await pilot.press(key("prev_item"))
                index = items.highlighted
                if items.get_option_at_index(index - 1).disabled:  # first item of its group
                    assert items.scroll_offset.y <= index - 1, index
            assert items.scroll_offset.y == 0

    asyncio.run(go())
