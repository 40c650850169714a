"""What the desk shows instead of a traceback: the file and the problem, and the way out."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from ..text import line


class ErrorScreen(Screen[None]):
    """`can_go_back`: opened from the batch picker, escape returns to it; else the app exits 2."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "back", show=False),
        Binding("q,ctrl+q", "leave", "quit", show=False),
    ]

    def __init__(self, heading: str, problem: str, can_go_back: bool = False) -> None:
        super().__init__()
        self.heading = heading
        self.problem = problem
        self.can_go_back = can_go_back

    def compose(self) -> ComposeResult:
        with Vertical(id="error-box"):
            yield Static(line(self.heading, "bold $error"), markup=False)
            yield Static(line(self.problem), id="error-problem", markup=False)
            way_out = "esc: back to the batches · q: quit" if self.can_go_back else "q or esc: quit"
            yield Static(Content.styled(way_out, "$text-muted"), markup=False)

    def action_back(self) -> None:
        if self.can_go_back:
            self.dismiss(None)
        else:
            self.action_leave()

    def action_leave(self) -> None:
        self.app.exit(return_code=2)
