"""A VerticalScroll that a change of its content's height does not lay the screen out twice for."""

from __future__ import annotations

from ..textual_private import QuietScroll


class SizedScroll(QuietScroll):
    """A VerticalScroll whose new content height costs one layout pass, not two (`tui.
    textual_private.QuietScroll` says how)."""
