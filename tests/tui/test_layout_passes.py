"""What a change of the panes' content costs the screen: one layout, and no repaint of what did
not change (`tui.widgets.sized_scroll`, `tui.widgets.pane_list`, `tui.widgets.duplicates`).

Each test also checks that what is shown is still right: the scrollbars follow the content, the
scroll stays within it, the candidate beside the item is the highlighted one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from briefdesk.core.model.values import Duplicate
from briefdesk.tui import highlight
from briefdesk.tui.widgets import duplicates as dup_module
from briefdesk.tui.widgets.duplicates import DuplicatesPane
from briefdesk.tui.widgets.pane_list import PaneList
from briefdesk.tui.widgets.sized_scroll import SizedScroll
from briefdesk.tui.widgets.sized_static import SizedStatic
from textual.app import App, ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.scrollbar import ScrollBar
from textual.widgets.option_list import Option


@contextmanager
def counting(monkeypatch: pytest.MonkeyPatch, owner: type, name: str) -> Iterator[list[object]]:
    """Every call of `owner.name` while the block runs, by its first argument."""
    calls: list[object] = []
    real = getattr(owner, name)

    def spy(self, *args, **kwargs):
        calls.append(self)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(owner, name, spy)
    yield calls


class _Columns(App[None]):
    CSS = "VerticalScroll { width: 1fr; height: 6; }"

    def compose(self) -> ComposeResult:
        with Horizontal():
            with SizedScroll(id="sized"):
                yield SizedStatic("short", id="a")
            with VerticalScroll(id="plain"):
                yield SizedStatic("short", id="b")


async def _settle(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


def test_a_sized_scroll_lays_out_once_less_and_its_scrollbar_follows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def go() -> None:
        app = _Columns()
        async with app.run_test(size=(60, 10)) as pilot:
            await _settle(pilot)
            sized, plain = app.query_one("#sized"), app.query_one("#plain")
            long = "\n".join(f"line {k}" for k in range(20))
            for static in ("#a", "#b"):
                app.query_one(static, SizedStatic).update(long)
            await _settle(pilot)
            assert sized.show_vertical_scrollbar and plain.show_vertical_scrollbar
            sized.scroll_end(animate=False)
            await _settle(pilot)
            assert sized.scroll_y == sized.max_scroll_y > 0
            # the same change in each column alone: the text gets short, the scrollbar goes
            layouts = {}
            for name, static in (("plain", "#b"), ("sized", "#a")):
                with counting(monkeypatch, Screen, "_refresh_layout") as calls:
                    app.query_one(static, SizedStatic).update("short")
                    await _settle(pilot)
                layouts[name] = len(calls)
            assert layouts["sized"] == layouts["plain"] - 1, layouts
            for scroll in (sized, plain):
                assert scroll.max_scroll_y == 0 and not scroll.show_vertical_scrollbar
                assert scroll.scroll_y == 0
            # and tall again: the scrollbar is back, scrolling reaches the new end
            app.query_one("#a", SizedStatic).update(long)
            await _settle(pilot)
            assert sized.virtual_size.height == 20 and sized.show_vertical_scrollbar
            sized.scroll_end(animate=False)
            await _settle(pilot)
            assert sized.scroll_y == 20 - sized.scrollable_content_region.height

    asyncio.run(go())


class _ListBeside(App[None]):
    CSS = "PaneList { width: 20; height: 100%; } SizedStatic { width: 1fr; }"

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield PaneList(*(Option(f"row {k}", id=str(k)) for k in range(30)))
            yield SizedStatic("one line", id="beside")


def test_a_layout_elsewhere_leaves_a_pane_lists_scrollbar_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def go() -> None:
        app = _ListBeside()
        async with app.run_test(size=(60, 10)) as pilot:
            await _settle(pilot)
            pane = app.query_one(PaneList)
            bar = pane.vertical_scrollbar
            assert pane.show_vertical_scrollbar and bar.window_virtual_size == 30
            with counting(monkeypatch, ScrollBar, "render") as painted:
                app.query_one("#beside", SizedStatic).update("two\nlines")  # a layout
                await _settle(pilot)
            assert bar not in painted
            # options added: the scrollbar follows the list's own size
            pane.add_options([Option(f"more {k}", id=f"m{k}") for k in range(10)])
            await _settle(pilot)
            assert pane.virtual_size.height == 40 and bar.window_virtual_size == 40
            # resized: the list and its scrollbar take the new size
            await pilot.resize_terminal(60, 14)
            await _settle(pilot)
            assert bar.window_size == pane.scrollable_content_region.height == 12
            assert bar.size.height == 12

    asyncio.run(go())


def _dup(ref: str, text: str) -> Duplicate:
    return Duplicate(kind="brief", ref=ref, score=90.0, text=text, why=("text",), tier="likely")


class _Pane(App[None]):
    def compose(self) -> ComposeResult:
        yield DuplicatesPane()


def test_the_candidate_beside_the_item_is_aligned_once_per_pair(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def go() -> None:
        app = _Pane()
        async with app.run_test(size=(120, 30)) as pilot:
            aligned: list[tuple[str, str]] = []
            real = highlight.side_by_side

            def spy(a: str, b: str):
                aligned.append((a, b))
                return real(a, b)

            monkeypatch.setattr(dup_module, "side_by_side", spy)
            pane = app.query_one(DuplicatesPane)
            first = _dup("briefs/a.md#1", "推理引擎 SGLang 发布 v0.5，吞吐提升 30%")
            second = _dup("briefs/b.md#2", "vLLM 新版调度器，吞吐提升 20%")
            pane.show("SGLang v0.5 发布：推理引擎吞吐提升 30%", (first, second), {})
            await _settle(pilot)  # the list announces its highlight: the same pair, not again
            assert aligned == [("SGLang v0.5 发布：推理引擎吞吐提升 30%", first.text)]
            right = str(app.query_one("#dup-cand", SizedStatic).visual)
            assert first.ref in right and "SGLang" in right
            pane.list.highlighted = 1  # the reviewer moves to the other candidate
            await _settle(pilot)
            assert [b for _, b in aligned] == [first.text, second.text]
            assert "vLLM" in str(app.query_one("#dup-cand", SizedStatic).visual)
            pane.list.highlighted = 0  # and back: aligned again, it is on screen again
            await _settle(pilot)
            assert [b for _, b in aligned] == [first.text, second.text, first.text]

    asyncio.run(go())
