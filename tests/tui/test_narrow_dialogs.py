"""At 80×24 a dialog's hints and field names wrap inside the dialog, never cut at its edge.

Before: the merge dialog's "a      absorbed by it: covered, not described (its arXiv ids in 三
only)" showed as "… (its arXiv ids in 三 onl" at 80 columns, and the 四-label and 三-note
dialogs cut their one-line hints the same way (a Label is as wide as its text)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from briefdesk.tui.dialogs.base import Dialog
from textual.widgets import Label
from tui_helpers import desk, settle, until

NARROW = (80, 24)


def run(coro) -> None:
    asyncio.run(coro)


def cut_labels(dialog) -> list[str]:
    """The labels of `dialog` that reach past its content's right edge (drawn cut)."""
    box = dialog.query_one("#dialog")
    right = box.content_region.right
    return [str(label.content) for label in box.query(Label) if label.region.right > right]


def excluded_current(screen) -> None:
    ref = screen.current
    screen.session.exclude(ref, "off-topic")


@pytest.mark.parametrize(
    ("action", "prepare"),
    [
        ("merge", None),  # the demo's first item is included, with other increments
        ("label_exclusion", excluded_current),  # its name in 四: a long one-line hint
        ("edit_arxiv_note", None),
    ],
)
def test_dialog_hints_wrap_at_80_columns(demo_ws: Path, action: str, prepare) -> None:
    async def go() -> None:
        async with desk(demo_ws, size=NARROW) as (app, pilot, screen):
            if prepare is not None:
                prepare(screen)
            await settle(pilot)
            await screen.run_action(action)
            await until(pilot, lambda: isinstance(app.screen, Dialog), what="the dialog")
            await settle(pilot)
            assert cut_labels(app.screen) == []

    run(go())
