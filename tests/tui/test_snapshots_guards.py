"""Pictures of the guards (pytest-textual-snapshot, as tests/tui/test_snapshots.py): the dialog
asking before decisions that could not be saved are lost, and the commit screen of a read-only
desk, at 160x48 and 100x30. Regenerate with `--snapshot-update`, then look at every picture."""

from __future__ import annotations

from pathlib import Path

import pytest
from briefdesk.tui.app import BriefdeskApp
from briefdesk.tui.dialogs.unsaved import UnsavedDialog
from tui_helpers import DEMO_BATCH, SIZE, key, review_ready, settle, until

R2 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#2"
R3 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#3"
SIZES = {"160x48": SIZE, "100x30": (100, 30)}


def full_disk(path: Path, payload: bytes) -> None:
    raise OSError(28, "No space left on device")


@pytest.mark.parametrize("size", list(SIZES))
def test_dialog_unsaved(demo: Path, snap_compare, size: str) -> None:
    async def run_before(pilot) -> None:
        screen = await review_ready(pilot)
        screen.session._writer = full_disk
        for ref in (R2, R3):
            screen.go_to(ref)
            await pilot.press(key("include"))
        await pilot.press(key("quit"))
        await until(pilot, lambda: isinstance(pilot.app.screen, UnsavedDialog), what="dialog")
        await settle(pilot)

    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=run_before)


@pytest.mark.parametrize("size", list(SIZES))
def test_commit_read_only(demo: Path, snap_compare, size: str) -> None:
    """The second opener's desk (its reason fixed here, for a steady picture)."""

    async def run_before(pilot) -> None:
        screen = await review_ready(pilot)
        screen.view.opened_readonly = (
            ".briefdesk/sessions/2026-11-03-e627b203.json: session is open in another briefdesk "
            "(pid 4242 on kb-host; lock file .briefdesk/sessions/2026-11-03-e627b203.lock); "
            "close it there first"
        )
        screen.go_to(R2)
        await settle(pilot)
        screen.flush()
        await pilot.press(key("commit"))
        await until(pilot, lambda: pilot.app.screen is not screen, what="the commit screen")
        pilot.app.clear_notifications()
        await settle(pilot)

    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=run_before)
