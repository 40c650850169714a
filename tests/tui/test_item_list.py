"""Pane 1 repaints only the rows a key changes (tui.widgets.item_list): what is on screen after
moves, decisions and the end of matching must be exactly what a full repaint draws."""

from __future__ import annotations

import asyncio
from pathlib import Path

from briefdesk.tui.widgets.item_list import ItemList, Row
from tui_helpers import desk, key


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
