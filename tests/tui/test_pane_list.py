"""The private parts of Textual's OptionList that `tui.widgets.pane_list` relies on, pinned.

PaneList fills the list's line map itself (one line per option, no prompt measured), drops one
option's cached rendering, and LazyOption resets the option's cached visual. These are private in
Textual and may change in any release: this test names each one, so an upgrade that breaks them
fails here rather than as a wrong picture somewhere in the desk.
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect

from briefdesk.tui.widgets.pane_list import LazyOption, PaneList
from textual.app import App, ComposeResult
from textual.content import Content
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets import _option_list as option_list_module
from textual.widgets.option_list import Option


def test_the_private_names_exist() -> None:
    assert hasattr(option_list_module, "OptionListContent")
    fields = {f.name for f in dataclasses.fields(option_list_module._LineCache)}
    assert fields >= {"lines", "heights", "index_to_line"}
    assert callable(OptionList._update_lines)
    assert callable(Widget._scroll_update)
    assert "_visual" in inspect.signature(Option.__init__).parameters or hasattr(
        Option("x"), "_visual"
    )


class _Lists(App[None]):
    def compose(self) -> ComposeResult:
        yield PaneList(*(LazyOption(lambda k=k: Content(f"row {k}"), id=str(k)) for k in range(50)))


def test_the_line_map_and_the_render_cache_behave_as_relied_on() -> None:
    async def go() -> None:
        app = _Lists()
        async with app.run_test(size=(40, 12)) as pilot:
            pane = app.query_one(PaneList)
            await pilot.pause()
            # one line per option, mapped without measuring: line k is option k
            cache = pane._line_cache
            assert cache.lines[:3] == [(0, 0), (1, 0), (2, 0)]
            assert cache.index_to_line[7] == 7 and cache.heights[7] == 1
            assert pane.virtual_size.height == 50
            # painted rows are cached by (option, style, padding); forgetting one drops only it
            keys = list(pane._option_render_cache.keys())
            assert keys and all(isinstance(k, tuple) and isinstance(k[0], Option) for k in keys)
            first = pane.get_option_at_index(0)
            pane.forget_rendered(first)
            left = list(pane._option_render_cache.keys())
            assert all(k[0] is not first for k in left) and len(left) == len(keys) - 1
            # a lazy option draws its prompt again after forget
            assert isinstance(first, LazyOption)
            drawn = first.prompt
            first.forget()
            assert first._prompt is None and first._visual is None
            assert first.prompt == drawn
            pane.forget_rendered()
            assert not list(pane._option_render_cache.keys())

    asyncio.run(go())
