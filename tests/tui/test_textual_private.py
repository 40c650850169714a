"""The private parts of Textual the desk relies on, all in `tui.textual_private`, pinned.

PaneList fills the list's line map itself (one line per option, no prompt measured), drops one
option's cached rendering, and LazyOption resets the option's cached visual; two widgets set their
virtual size without a second layout; a leaking cache of Textual's is mended. These are private
in Textual and may change in any release: this test names each one, so an upgrade that breaks them
fails here rather than as a wrong picture somewhere in the desk. It also holds every other module
of the desk to Textual's public names, and core's copy of Textual's key names to Textual's own.
"""

from __future__ import annotations

import ast
import asyncio
import dataclasses
import functools
import inspect
from pathlib import Path

import textual.keys
from briefdesk.core.settings import keymap
from briefdesk.tui import textual_private
from briefdesk.tui.widgets.pane_list import LazyOption, PaneList
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.content import Content
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets import _option_list as option_list_module
from textual.widgets.option_list import Option

ROOT = Path(__file__).resolve().parents[2]
# the private names of Textual that tui.textual_private uses, and no other module may
PRIVATE = {
    "_line_cache",
    "_option_render_cache",
    "_visual",
    "_prompt",
    "_size",
    "_size_updated",
    "_scroll_update",
    "_update_lines",
    "_styles_cache",
    "_option_list",
}


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


def test_the_size_hook_has_the_signature_overridden() -> None:
    params = list(inspect.signature(Widget._size_updated).parameters)
    assert params == ["self", "size", "virtual_size", "container_size", "layout"]


def test_the_styles_cache_is_still_the_leaking_lru_cache_and_is_mended() -> None:
    """When Textual stops caching `get_inner_outer` per instance, this fails: then delete
    `mend_styles_cache` (and this test) rather than keep mending what is no longer broken."""
    textual_private.mend_styles_cache()
    assert StylesCache.__dict__["get_inner_outer"] is textual_private._get_inner_outer
    original = inspect.getsource(StylesCache).split("def get_inner_outer")[0].rsplit("\n", 3)
    assert any("lru_cache" in line for line in original), "Textual no longer lru_caches it"
    assert isinstance(textual_private._inner_outer, functools._lru_cache_wrapper)


def test_no_other_module_of_the_desk_uses_textual_private_names() -> None:
    """Textual's private modules (`textual._x`, `textual.widgets._x`) and the private names above
    appear only in tui/textual_private.py."""
    found = []
    for path in sorted([*(ROOT / "tui").rglob("*.py"), *(ROOT / "briefdesk").rglob("*.py")]):
        if path.name == "textual_private.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual"):
                if any(part.startswith("_") for part in (node.module or "").split(".")):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.module}")
                found += [
                    f"{path.relative_to(ROOT)}:{node.lineno} {a.name}"
                    for a in node.names
                    if a.name.startswith("_")
                ]
            if isinstance(node, ast.Attribute) and node.attr in PRIVATE:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} .{node.attr}")
            if isinstance(node, ast.FunctionDef) and node.name in PRIVATE:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} def {node.name}")
    assert not found, found


def test_core_keeps_textuals_key_names() -> None:
    """core/settings/keymap.py checks keymaps without importing Textual, from its own copy of
    Textual's key names: the copy must be Textual's table."""
    assert keymap._REPLACEMENTS == textual.keys.KEY_NAME_REPLACEMENTS
    for name, unicode_name in keymap._UNICODE_NAMES.items():
        assert textual.keys.KEY_TO_UNICODE_NAME[name] == unicode_name
    named = {k.value for k in textual.keys.Keys} | {textual.keys._character_to_key(",")}
    assert set(keymap.NAMED_KEYS) <= named, set(keymap.NAMED_KEYS) - named
