"""The topic's brief commits, newest first: what was briefed, by whom, and does it still hold.

One row per brief commit (`core.git.history`): the brief's date, its batch, how many increments, the
decisions, the reviewer, the materials, and a verify mark — `…` while `verify` runs (in a worker
thread, one commit after another), `✓` when every material hash matches the commit, `✗` when one
does not. A material whose file in the work tree is no longer what was committed is counted on
its row and named below the table: the brief may no longer say what that material says. Enter
opens the committed brief, read-only, beside its commit message.
"""

from __future__ import annotations

from typing import ClassVar

from briefdesk.core.errors import BriefdeskError
from briefdesk.core.git.history import HistoryEntry
from briefdesk.core.text.sanitize import safe_line
from briefdesk.core.workspace.layout import Workspace
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static
from textual.worker import get_current_worker

from ..keys import keyed
from ..live import live
from ..text import line
from ..typeahead import opens

PENDING, VERIFIED, FAILED = "…", "✓", "✗"
MARK_STYLE = {PENDING: "dim", VERIFIED: "bold green", FAILED: "bold red"}


class HistoryScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss", "back", show=False),
        keyed("history", "dismiss"),  # the key that opened it closes it
    ]

    def __init__(self, ws: Workspace, topic: str) -> None:
        super().__init__(classes="fullscreen")
        self.ws = ws
        self.topic = topic
        self.entries: list[HistoryEntry] = []
        self.checks: dict[str, tuple[bool | None, list[str]]] = {}  # sha -> (verified, changed)
        self.other_topics: list[str] = []
        self.loaded = False

    def compose(self) -> ComposeResult:
        with Vertical(id="history"):
            yield Static(
                Content.assemble(
                    ("Brief commits", "bold $accent"),
                    ("  topic ", "$text-muted"),
                    line(self.topic, "bold"),
                    ("  newest first · ✓ every material hash matches its commit", "$text-muted"),
                ),
                id="history-title",
                markup=False,
            )
            table: DataTable = DataTable(id="commits", cursor_type="row", zebra_stripes=True)
            for label, key in (  # narrow first: it fits 100 columns; the sha is below
                ("", "mark"),
                ("date", "date"),
                ("batch", "batch"),
                ("incr", "increments"),
                ("reviewer", "reviewer"),
                ("materials", "materials"),
                ("in · out · dup · confirmed", "decisions"),
            ):
                table.add_column(label, key=key)
            yield table
            yield Static(id="history-detail", markup=False)
            yield Static(
                Content.styled(
                    "↑ ↓ choose · enter opens the committed brief (read-only) · esc back",
                    "$text-muted",
                ),
                id="history-hint",
                markup=False,
            )

    def on_mount(self) -> None:
        self.query_one(DataTable).loading = True
        self.load()

    @work(thread=True, exclusive=True, group="history")
    def load(self) -> None:
        """Each answer is handed to the screen as it comes, and each does nothing once the screen
        has gone (esc before the history was read, or the desk quit: `tui.live`)."""
        from briefdesk.core.git.history import changed_materials, history
        from briefdesk.core.git.verify import verify

        app = self.app  # now: once the screen is gone it has no app to find (NoActiveAppError)
        worker = get_current_worker()
        try:
            every = history(self.ws)
        except BriefdeskError as exc:
            app.call_from_thread(self._failed, str(exc))
            return
        entries = [e for e in every if e.topic == self.topic]
        others = sorted({e.topic for e in every if e.topic and e.topic != self.topic})
        # which materials changed since is one quick git call per commit: known before the rows
        # are drawn, so the materials column is as wide as its text from the start (a width
        # widened later, when the table is next idle, was drawn cut: "8 (1 chan")
        changes = {e.sha: changed_materials(self.ws, e) for e in entries}
        app.call_from_thread(self._show, entries, others, changes)
        for entry in entries:  # newest first: the rows a reviewer looks at are checked first
            if worker.is_cancelled:  # the screen has gone: no more `git` for rows nobody sees
                return
            try:
                ok: bool | None = verify(self.ws, entry.sha).ok
            except BriefdeskError:
                ok = False
            app.call_from_thread(self._checked, entry.sha, ok, changes[entry.sha])

    def _failed(self, problem: str) -> None:
        if not live(self):
            return
        self.query_one(DataTable).loading = False
        self.query_one("#history-detail", Static).update(line(problem, "$error"))

    def _show(
        self, entries: list[HistoryEntry], others: list[str], changes: dict[str, list[str]]
    ) -> None:
        if not live(self):
            return
        self.entries = entries
        self.other_topics = others
        self.loaded = True
        table = self.query_one(DataTable)
        table.loading = False
        for e in entries:
            counts = (
                f"{e.included} · {e.excluded} · {e.duplicates} · {e.confirmed}/{e.total}"
                if e.included is not None
                else "-"
            )
            increments = e.increments()
            table.add_row(
                Text(PENDING, style=MARK_STYLE[PENDING]),
                Text(e.date),
                Text(safe_line(e.stem or e.batch), style="bold"),
                Text("-" if increments is None else str(increments), justify="right"),
                Text(safe_line(e.reviewer or "-")),
                materials_cell(e.materials, changes.get(e.sha, [])),
                Text(counts),
                key=e.sha,
            )
        if not entries:
            self.query_one("#history-detail", Static).update(self._empty_text())
            return
        table.focus()
        self._describe()

    def _empty_text(self) -> Content:
        text = (
            f"No brief commits for topic {self.topic} yet. Decide the batch, then commit its brief"
            " from the review (ctrl+s, or briefdesk commit): it shows up here."
        )
        if self.other_topics:
            text += f" Topics with brief commits: {', '.join(self.other_topics)}."
        return line(text, "$text-muted")

    def _checked(self, sha: str, ok: bool | None, changed: list[str]) -> None:
        if not live(self):
            return
        self.checks[sha] = (ok, changed)
        table = self.query_one(DataTable)
        mark = VERIFIED if ok else FAILED
        table.update_cell(sha, "mark", Text(mark, style=MARK_STYLE[mark]))
        self._describe()

    def _current(self) -> HistoryEntry | None:
        table = self.query_one(DataTable)
        if not self.entries or table.cursor_row is None or table.cursor_row >= len(self.entries):
            return None
        return self.entries[table.cursor_row]

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._describe()

    def _describe(self) -> None:
        entry = self._current()
        if entry is None:
            return
        parts: list[Content | tuple[str, str] | str] = [
            line(entry.subject, "bold"),
            "\n",
            ("batch      ", "$text-muted"),
            line(entry.batch),
            "\n",
            ("brief      ", "$text-muted"),
            line(entry.brief or "-"),
            "\n",
            ("committed  ", "$text-muted"),
            line(f"{entry.committed} · {entry.sha[:12]}"),
        ]
        ok, changed = self.checks.get(entry.sha, (None, []))
        if ok is False:
            parts += [
                "\n",
                ("✗ verify fails: ", "bold $error"),
                f"briefdesk verify {entry.sha[:10]}",
            ]
        if changed:
            parts += [
                "\n",
                (
                    f"{len(changed)} material{'s' if len(changed) != 1 else ''} changed since: ",
                    "$warning",
                ),
                line(", ".join(changed)),
            ]
        self.query_one("#history-detail", Static).update(Content.assemble(*parts))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    @opens
    def action_open(self) -> None:
        from briefdesk.core.git.history import committed_brief

        from .preview import PreviewScreen

        entry = self._current()
        if entry is None:
            return
        try:
            brief, message = committed_brief(self.ws, entry)
        except BriefdeskError as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        _, changed = self.checks.get(entry.sha, (None, []))
        notice = None
        if changed:
            notice = (
                f"⚠ {len(changed)} material{'s' if len(changed) != 1 else ''} changed since this "
                "commit: " + ", ".join(changed)
            )
        self.app.push_screen(
            PreviewScreen(
                brief,
                message,
                f"read-only, as committed in {entry.sha[:10]} · {entry.brief}",
                notice=notice,
            )
        )


def materials_cell(count: int, changed: list[str]) -> Text:
    """How many materials the commit names, and how many changed since (yellow)."""
    if not changed:
        return Text(str(count))
    return Text(f"{count} ({len(changed)} changed)", style="yellow")
