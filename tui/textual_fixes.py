"""A leak in the Textual version the desk runs on, mended where it is (applied by `tui.app`).

`textual._styles_cache.StylesCache.get_inner_outer` (textual 8.2) is an *instance* method under
`functools.lru_cache(1024)`: its cache key holds `self`, so every widget's `StylesCache` that ever
drew a background stays alive in that cache — with every line of the widget it cached, and every
strip those lines were cut into — until 1,024 of them have gone by. Each opening of the commit
screen (16 widgets, full screen) left about 1,900 strips alive, +2.4 MB, and the preview, help and
every dialog did the same in proportion.

The answer depends only on the two colours (the method never reads `self`), so the same cache
keyed on the colours alone gives the same styles and keeps no widget's cache alive. Applied only
when the method is still that `lru_cache`, so a Textual that fixes it is left alone.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from textual.color import Color
from textual.style import Style


@lru_cache(1024)
def _inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    return Style(background=base_background + background), Style(background=base_background)


def _get_inner_outer(self: Any, base_background: Color, background: Color) -> tuple[Style, Style]:
    return _inner_outer(base_background, background)


def apply() -> bool:
    """Mend `StylesCache.get_inner_outer`; True when it needed mending (and now is)."""
    from textual._styles_cache import StylesCache

    current = StylesCache.__dict__.get("get_inner_outer")
    if current is _get_inner_outer:
        return True
    cache_clear = getattr(current, "cache_clear", None)
    if cache_clear is None:  # no longer the leaking lru_cache: nothing to do
        return False
    cache_clear()
    setattr(StylesCache, "get_inner_outer", _get_inner_outer)  # noqa: B010  (mypy: a method)
    return True
