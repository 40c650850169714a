"""Pictures of the screens and dialogs an evening added, at 160x48 and 100x30: the history screen,
the picker of a workspace without batches, the choice dialog (copy_ref), the help's marks page.

Deterministic as tests/tui/test_snapshots.py is: fixed names, dates and identity (so the brief
commit's sha is the same on every run), the picker's clock fixed, matching finished (and every
commit verified) before the picture. Regenerate with `pytest tests/tui --snapshot-update`, then
look at every picture.
"""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
from pathlib import Path

import pytest
from briefdesk.core.git.commit import commit_brief
from briefdesk.core.review.load import load_review
from briefdesk.core.workspace.layout import Workspace
from briefdesk.tui.app import BriefdeskApp
from tui_helpers import DEMO_BATCH, SIZE, key, quiet, review_ready, settle, until

NARROW = (100, 30)
R2 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#2"
SIZES = pytest.mark.parametrize("size", [SIZE, NARROW], ids=["160x48", "100x30"])


def committed(demo: Path) -> Path:
    """The demo batch decided (the undecided items off-topic) and its brief committed, then a
    material of it edited: the history has one commit, verified, with a material changed since."""
    review = load_review(Workspace.open(demo), DEMO_BATCH)
    with review.open_session() as session:
        for item in review.items:
            if session.decision(item.ref).status == "undecided":
                session.exclude(item.ref, "off-topic")
        commit_brief(review, session, reviewer="Tom")
    edited = demo / "inbox/jay/2026-11-01T0820-csdn-discovery.md"
    edited.write_text(edited.read_text("utf-8") + "\nedited since\n", "utf-8")
    return demo


@SIZES
def test_history_screen(demo: Path, snap_compare, size: tuple[int, int]) -> None:
    committed(demo)

    async def run_before(pilot) -> None:
        await review_ready(pilot)
        await pilot.press(key("history"))
        await until(pilot, lambda: getattr(pilot.app.screen, "checks", None), what="verified")
        # the table widens a column for an updated cell when it is next idle: wait for that,
        # or a loaded machine takes the picture with "8 (1 chan"
        await until(pilot, lambda: cell_fits(pilot.app.screen), what="the column widened")
        await settle(pilot)

    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


def cell_fits(screen) -> bool:
    from rich.cells import cell_len
    from textual.widgets import DataTable

    table = screen.query_one(DataTable)
    column = table.columns[next(k for k in table.columns if k.value == "materials")]
    row = table.coordinate_to_cell_key((0, 0)).row_key
    return column.content_width >= cell_len(str(table.get_cell(row, column.key)))


@SIZES
def test_history_brief_read_only(demo: Path, snap_compare, size: tuple[int, int]) -> None:
    committed(demo)

    async def run_before(pilot) -> None:
        await review_ready(pilot)
        await pilot.press(key("history"))
        await until(pilot, lambda: getattr(pilot.app.screen, "checks", None), what="verified")
        await pilot.press("enter")
        await settle(pilot)

    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@SIZES
def test_picker_empty(demo: Path, snap_compare, size: tuple[int, int]) -> None:
    shutil.rmtree(demo / "batches")
    subprocess.run(["git", "-C", str(demo), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(demo), "commit", "-q", "-m", "no batches"], check=True)

    async def run_before(pilot) -> None:
        await until(pilot, lambda: getattr(pilot.app.screen, "unbatched", None), what="the picker")
        await settle(pilot)

    app = BriefdeskApp(demo, None, today=dt.date(2026, 11, 5))
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@SIZES
def test_dialog_copy_ref(demo: Path, snap_compare, size: tuple[int, int]) -> None:
    async def run_before(pilot) -> None:
        screen = await review_ready(pilot)
        screen.go_to(R2)
        # the brief preview beneath the dialog is drawn 0.5 s after the review opens: wait for it,
        # or a loaded machine takes the picture without it
        await quiet(pilot)
        await pilot.press(key("copy_ref"))
        await settle(pilot)

    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@SIZES
def test_help_marks(demo: Path, snap_compare, size: tuple[int, int]) -> None:
    async def run_before(pilot) -> None:
        await review_ready(pilot)
        await pilot.press(key("help"), "tab")
        await settle(pilot)

    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=size, run_before=run_before)
