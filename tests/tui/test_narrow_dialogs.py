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


async def hidden_fields(pilot, dialog) -> list[str]:
    """The fields of `dialog` that, once focused (tab), are still drawn outside it."""
    box = dialog.query_one("#dialog")
    out = []
    for widget in [w for w in dialog.focus_chain if w is not box]:
        widget.focus()
        await settle(pilot)

        def drawn_inside(widget=widget) -> bool:
            inside = box.content_region
            return inside.y <= widget.region.y and widget.region.bottom <= inside.bottom

        # the scroll to a focused field lands on a later refresh, which a loaded machine may
        # draw late: waited for (a few seconds), never assumed after a fixed pause
        try:
            await until(pilot, drawn_inside, timeout=5.0, what="the field inside")
        except AssertionError:
            out.append(widget.id or type(widget).__name__)
    return out


@pytest.mark.parametrize("action", ["filter", "exclude", "cycle_evidence", "merge", "edit_notes"])
def test_every_field_of_a_dialog_is_reachable_at_80x24(demo_ws: Path, action: str) -> None:
    """Before: the filter dialog at 24 rows hid its material list and its keys below its edge
    (a dialog did not scroll); tabbing there typed into a field the reviewer could not see."""

    async def go() -> None:
        async with desk(demo_ws, size=NARROW) as (app, pilot, screen):
            await settle(pilot)
            await screen.run_action(action)
            await until(pilot, lambda: isinstance(app.screen, Dialog), what="the dialog")
            await settle(pilot)
            assert await hidden_fields(pilot, app.screen) == []
            box = app.screen.query_one("#dialog")
            last = box.children[-1]
            box.scroll_end(animate=False, immediate=True)
            await settle(pilot)
            assert last.region.bottom <= box.content_region.bottom, type(last).__name__

    run(go())
