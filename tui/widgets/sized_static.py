"""A Static that a change of size does not lay the screen out twice for."""

from __future__ import annotations

from ..textual_private import QuietStatic


class SizedStatic(QuietStatic):
    """A Static whose change of size costs one layout pass, not two (`tui.textual_private.
    QuietStatic` says how)."""
