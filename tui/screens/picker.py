"""The batch picker (`briefdesk review` without `-b`): every batch, its state, and enter to open.

Under the table it says how many materials no batch names yet, and `n` makes a batch of them
(`core.commands.newbatch`, the same as `briefdesk new-batch`): the topic is asked for, the manifest
is
written, and the new batch is highlighted, ready to open. A workspace without manifests says so
and what to do, instead of showing an empty table.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import ClassVar

from briefdesk.core.commands.status import BatchRow, batch_status, unbatched_materials
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.settings.keymap import Keymap
from briefdesk.core.text.sanitize import safe_line
from briefdesk.core.workspace.layout import Workspace
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from ..keys import keyed
from ..live import live
from ..text import line
from ..typeahead import KeyGate, opens

STATE_STYLE = {"new": "bold green", "in": "yellow", "committed": "cyan", "cannot": "bold red"}


class BatchPicker(Screen[None]):
    """Stays under the batch it opens, so escape on a batch's error screen comes back here."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "open", show=True),
        Binding("n", "new_batch", "new batch", show=True),
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
        self.unbatched: list[str] | None = None  # None: a manifest cannot be read, so unknown
        self.topics: list[str] = []
        self.highlight: str | None = None  # the stem to highlight once the rows are shown
        self._hold = 0  # the key gate's hold while the rows load (`KeyGate.hold`), 0: none

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
            yield Static(id="picker-empty", markup=False)
            yield Static(id="picker-problem", markup=False)
            yield Static(id="picker-unbatched", markup=False)
            yield Static(
                "↑ ↓ choose · enter opens the batch · n makes a new batch · q quits",
                id="picker-hint",
                markup=False,
            )
        yield Footer()

    def on_mount(self) -> None:
        self.load_rows()

    def load_rows(self) -> None:
        """The rows, read in a worker thread; the keys typed meanwhile wait for them (`down
        enter` typed at once opens the second batch, not nothing: tui/typeahead.py). Only while
        the picker is where keys go and nothing else holds them: rows re-read under a review,
        or while a batch loads, must not take that screen's keys."""
        gate = getattr(self.app, "key_gate", None)
        self._hold = 0
        if isinstance(gate, KeyGate) and self.app.screen is self and not gate.holds():
            self._hold = gate.hold("the batches")
        self.query_one(DataTable).loading = True
        self._read_rows()

    @work(thread=True, exclusive=True, group="rows")
    def _read_rows(self) -> None:
        from briefdesk.core.commands.newbatch import known_topics

        app = self.app  # now: once the picker is gone it has no app to find (NoActiveAppError)
        try:
            rows, loaded, complete = batch_status(self.ws, self.today)
            try:
                unbatched = unbatched_materials(self.ws, loaded) if complete else None
            except BriefdeskError:
                unbatched = None
            topics = known_topics(self.ws, loaded)
        except Exception as exc:  # the keys held for the rows must not wait forever
            app.call_from_thread(self._unreadable, f"{type(exc).__name__}: {exc}")
            return
        app.call_from_thread(self._show, rows, unbatched, topics)

    def _unreadable(self, problem: str) -> None:
        """The rows cannot be read: said in the picker, and the keys typed meanwhile set aside
        (and named) rather than run on a picker that shows nothing."""
        if not live(self):
            self._let_keys_go("the batch picker closed")
            return
        self.query_one(DataTable).loading = False
        self.query_one("#picker-problem", Static).update(
            line(f"The batches cannot be read: {problem}", "$error")
        )
        self._let_keys_go("they could not be read")

    def _let_keys_go(self, why: str) -> None:
        """The keys held for the rows (`load_rows`) will not reach them (`why`): set aside and
        named, so no key waits for ever."""
        gate = getattr(self.app, "key_gate", None)
        if isinstance(gate, KeyGate):
            gate.abandon(why, self._hold)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`open` is offered (and shown in the footer) only when there is a batch to open
        (False hides a binding; None would show it dimmed)."""
        return not (action == "open" and not self.rows)

    def _show(self, rows: list[BatchRow], unbatched: list[str] | None, topics: list[str]) -> None:
        if not live(self):  # read as the desk quit (`tui.live`): no table left to fill
            self._let_keys_go("the batch picker closed")
            return
        self.rows = rows
        self.unbatched = unbatched
        self.topics = topics
        self.refresh_bindings()
        table = self.query_one(DataTable)
        table.loading = False
        table.clear()
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
        table.display = bool(rows)
        self.query_one("#picker-hint", Static).update(
            "↑ ↓ choose · enter opens the batch · n makes a new batch · q quits"
            if rows
            else "n makes a new batch · q quits"
        )
        self.query_one("#picker-empty", Static).update(self._empty_text() if not rows else "")
        self.query_one("#picker-unbatched", Static).update(self._unbatched_text() if rows else "")
        if self.highlight is not None:
            stems = [r.stem for r in rows]
            if self.highlight in stems:
                table.move_cursor(row=stems.index(self.highlight))
            self.highlight = None
        if rows:  # (a hidden table would take the focus, and the footer would follow it or not)
            table.focus()
        self._describe()
        gate = getattr(self.app, "key_gate", None)
        if isinstance(gate, KeyGate):
            gate.resume(self, self._hold)

    def _empty_text(self) -> Content:
        batches = self.ws.settings.paths.batches
        folders = " and ".join(f"{f}/" for f in self.ws.settings.paths.materials)
        n = len(self.unbatched or [])
        if n:
            what = (
                f"{n} material{'s' if n != 1 else ''} in {folders} {'are' if n != 1 else 'is'} "
                "waiting. Press n to make a batch of them (or run `briefdesk new-batch --topic "
                "TOPIC`), then enter to review it."
            )
        else:
            what = (
                f"No materials in {folders} either: collectors drop them in "
                "inbox/<collector>/<stamp>-<slug>.md; then press n, or run `briefdesk new-batch "
                "--topic TOPIC`."
            )
        return Content.assemble(
            (f"No batch manifests in {batches}/ yet.\n\n", "bold"), line(what, "$text-muted")
        )

    def _broken(self) -> BatchRow | None:
        """The first manifest that cannot be read: while there is one, which materials no batch
        names cannot be told (it may name any of them)."""
        return next((r for r in self.rows if r.kind == "unreadable"), None)

    def _unbatched_text(self) -> Content:
        if self.unbatched is None:
            broken = self._broken()
            where = f" ({broken.path})" if broken and broken.path else ""
            return line(
                f"Which materials no batch names cannot be told while a manifest is broken{where}."
            )
        n = len(self.unbatched)
        if not n:
            return Content.styled("Every material is named by a batch.", "$text-muted")
        return Content.assemble(
            (f"{n} material{'s' if n != 1 else ''} no batch names yet", "bold $warning"),
            (" · n makes a batch of them", "$text-muted"),
        )

    # -- a new batch ---------------------------------------------------------------------------

    @opens
    def action_new_batch(self) -> None:
        from ..dialogs.choice import ChoiceDialog

        if not self.topics:
            self.notify(
                "No topic: add one to briefdesk.yaml (topics:) or a living document in docs/.",
                severity="warning",
            )
            return
        if self.unbatched is None:  # a broken manifest may name any material: no count to offer
            broken = self._broken()
            self.notify(
                f"{broken.path or broken.stem}: {broken.problem}"
                if broken is not None
                else "a batch manifest cannot be read",
                title="no new batch while a manifest is broken: fix it first",
                severity="error",
                markup=False,
            )
            return
        n = len(self.unbatched)
        latest = {r.topic: r.stem for r in sorted(self.rows, key=lambda r: r.stem)}
        topics = sorted(self.topics, key=lambda t: latest.get(t, ""), reverse=True)

        def chosen(topic: str | None) -> None:
            if topic:
                self.make_batch(topic)

        self.app.push_screen(
            ChoiceDialog(
                "New batch: for which topic?",
                f"{n} material{'s' if n != 1 else ''} no batch names yet",
                f"written to {self.ws.settings.paths.batches}/<today>-<id>.yaml",
                [("topic", t) for t in topics],
                "enter or a number writes the manifest (the same as briefdesk new-batch) · esc"
                " cancels",
            ),
            chosen,
        )

    @work(thread=True, exclusive=True, group="new-batch")
    def make_batch(self, topic: str) -> None:
        from briefdesk.core.commands.newbatch import NothingToBatch, plan_new_batch, write_new_batch
        from briefdesk.core.git.command import git_identity

        app = self.app  # now: once the picker is gone it has no app to find (NoActiveAppError)
        try:
            author = self.ws.settings.reviewer
            if not author:
                ident = git_identity(self.ws.root)
                author = ident[0] if ident else None
            plan = plan_new_batch(self.ws, topic, today=self.today, author=author)
            write_new_batch(self.ws, plan)
        except NothingToBatch as exc:  # (a toast may come late: `notify` copes with no screen)
            app.call_from_thread(self.notify, str(exc), markup=False)
            return
        except BriefdeskError as exc:
            app.call_from_thread(
                self.notify, str(exc), title="no batch made", severity="error", markup=False
            )
            return
        app.call_from_thread(self._made, plan.stem, f"wrote {plan.path}: {plan.summary()}")

    def _made(self, stem: str, said: str) -> None:
        if not live(self):  # written as the desk quit: the manifest is there for the next start
            return
        self.notify(f"{said}. Enter opens it.", title="new batch", markup=False)
        self.highlight = stem
        self.load_rows()

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
