"""Quitting while decisions could not be saved: retry, quit and lose them, or stay.

Shown by the review screen's quit when the session's last saves failed (a full disk, a folder
gone read-only) and a retry on quitting failed too. The desk never exits silently with decisions
the screen showed and the disk does not hold. Returns "retry", "quit" or None (stay).
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from ..text import line
from .base import Dialog


class UnsavedDialog(Dialog[str]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "choose('retry')", "retry", show=False),
        Binding("q", "choose('quit')", "quit", show=False),
    ]

    def __init__(self, unsaved: int, problem: str) -> None:
        super().__init__(classes="dialog")
        self.unsaved = unsaved
        self.problem = problem

    def compose(self) -> ComposeResult:
        n = self.unsaved
        what = f"{n} decision{'s' if n != 1 else ''}" if n else "The last changes"
        with Vertical(id="dialog", classes="unsaved") as box:
            box.border_title = "Decisions not saved"
            yield Static(
                line(
                    f"{what} shown on screen could not be saved, and quitting now loses "
                    f"{'them' if n != 1 else 'it'}.",
                    "bold",
                ),
                classes="subject",
                markup=False,
            )
            yield Static(line(self.problem, "$error"), classes="existing", markup=False)
            yield Static(
                "Free some space (or make the folder writable again), then retry: every decision "
                "is written at once. The session on disk holds the decisions saved before.",
                classes="hint",
                markup=False,
            )
            with Horizontal(classes="buttons"):
                yield Button("Retry saving  r", id="retry", variant="primary")
                yield Button("Quit, losing them  q", id="quit", variant="error")
                yield Button("Stay  esc", id="stay")

    def on_mount(self) -> None:
        self.query_one("#retry", Button).focus()

    def action_choose(self, answer: str) -> None:
        self.dismiss(answer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None if event.button.id == "stay" else event.button.id)
