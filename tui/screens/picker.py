"""The batch picker (`briefdesk review` without `-b`): every batch, its state, and enter to open."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import ClassVar

from briefdesk.core.batchstate import BatchRow, batch_rows
from briefdesk.core.keymap import Keymap
from briefdesk.core.textsafe import safe_line
from briefdesk.core.workspace import Workspace
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from ..keys import keyed
from ..text import line

STATE_STYLE = {"new": "bold green", "in": "yellow", "committed": "cyan", "cannot": "bold red"}


class BatchPicker(Screen[None]):
    """Stays under the batch it opens, so escape on a batch's error screen comes back here."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "open", show=True),
        Binding("q", "app.quit", "quit", show=True, id="quit"),
        # j/k in the vim keymap move here too (the table keeps its arrows)
        keyed("next_item", "cursor(1)"),
        keyed("prev_item", "cursor(-1)"),
    ]

    def __init__(
        self,
        ws: Workspace,
        open_batch: Callable[[str], None],
        today: dt.date | None = None,
        keymap: Keymap | None = None,
    ) -> None:
        super().__init__()
        self.ws = ws
        self.open_batch = open_batch
        self.today = today
        self.rows: list[BatchRow] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="picker"):
            yield Static(
                Content.assemble(
                    ("briefdesk", "bold $accent"),
                    ("  choose a batch to review · workspace ", "$text-muted"),
                    line(self.ws.root.name, "bold"),
                ),
                id="picker-title",
                markup=False,
            )
            table: DataTable = DataTable(id="batches", cursor_type="row", zebra_stripes=True)
            for label, key in (
                ("batch", "stem"),
                ("topic", "topic"),
                ("materials", "materials"),
                ("state", "state"),
                ("living doc changed", "fresh"),
                ("id", "id"),
            ):
                table.add_column(label, key=key)
            yield table
            yield Static(id="picker-problem", markup=False)
            yield Static(
                "↑ ↓ choose · enter opens the batch · q quits", id="picker-hint", markup=False
            )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(DataTable).loading = True
        self.load_rows()

    @work(thread=True, exclusive=True)
    def load_rows(self) -> None:
        rows = batch_rows(self.ws, self.today)
        self.app.call_from_thread(self._show, rows)

    def _show(self, rows: list[BatchRow]) -> None:
        self.rows = rows
        table = self.query_one(DataTable)
        table.loading = False
        for row in rows:
            style = STATE_STYLE.get(row.state.split(" ", 1)[0], "")
            table.add_row(
                Text(safe_line(row.stem), style="bold"),
                Text(safe_line(row.topic)),
                Text(str(row.materials), justify="right"),
                Text(row.state, style=style),
                Text(row.living_doc),
                Text(safe_line(row.batch_id), style="dim"),
                key=row.stem,
            )
        if not rows:
            self.query_one("#picker-problem", Static).update(
                line(f"No batch manifests in {self.ws.settings.paths.batches}/ of this workspace.")
            )
        table.focus()
        self._describe()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._describe()

    def _describe(self) -> None:
        row = self._current()
        problem = self.query_one("#picker-problem", Static)
        problem.update(line(row.problem, "$error") if row and row.problem else "")

    def _current(self) -> BatchRow | None:
        table = self.query_one(DataTable)
        if not self.rows or table.cursor_row is None or table.cursor_row >= len(self.rows):
            return None
        return self.rows[table.cursor_row]

    def action_cursor(self, delta: int) -> None:
        table = self.query_one(DataTable)
        if delta > 0:
            table.action_cursor_down()
        else:
            table.action_cursor_up()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        row = self._current()
        if row is not None:
            self.open_batch(row.stem)
