"""What shows while a batch loads (a worker thread parses it and opens its session)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from ..text import line


class LoadingScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,ctrl+q", "app.quit", "quit", show=False)]

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what

    def compose(self) -> ComposeResult:
        with Vertical(id="error-box"):
            yield Static(
                Content.assemble(
                    ("Loading ", "$text-muted"), line(self.what, "bold"), ("…", "$text-muted")
                ),
                markup=False,
            )
