"""What pane 2 shows about an item beyond its decision (plain data: the review screen's view
model builds it without Textual, `tui.widgets.detail` draws it)."""

from __future__ import annotations

from dataclasses import dataclass

from briefdesk.core.model.increments import Placement


@dataclass(frozen=True)
class ItemContext:
    """What the session says about the item beyond its decision: its place in an increment and
    the batch's contradictions and handles that name it."""

    role: str | None = None  # core.brief.plan.Plan.role
    head: str | None = None  # the increment's first part, when the item is another part
    placement: Placement | None = None
    contradictions: tuple[str, ...] = ()
    handles: tuple[str, ...] = ()
    uncommitted: bool = False  # its file has changes git has not committed (core.git.materials)
