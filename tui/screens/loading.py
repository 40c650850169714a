"""What shows while a batch loads (a worker thread parses it and opens its session), and the
keys typed meanwhile: they wait for the review and go to it in order (tui/typeahead.py)."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from ..live import live
from ..text import line
from ..typeahead import KeyGate, counted, keys_text


class LoadingScreen(Screen[None]):
    # every other key is held for the review (`q` too: it quits there, after the keys before it)
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "app.quit", "quit", show=False)]

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
            yield Static(id="loading-keys", markup=False)

    def on_mount(self) -> None:
        if not live(self):  # pushed as the desk quit: nothing composed
            return
        gate = getattr(self.app, "key_gate", None)
        if isinstance(gate, KeyGate):
            gate.held_signal.subscribe(self, self.show_held)
            self.show_held(list(gate.held))

    def show_held(self, keys: list[events.Event]) -> None:
        """The keys typed so far, held for the review: seen, so none seems lost."""
        text = (
            Content.assemble(
                (f"{counted(len(keys))} typed, held for the review: ", "$text-muted"),
                line(keys_text(keys), "bold"),
                ("  · ctrl+q quits", "$text-muted"),
            )
            if keys
            else Content("")
        )
        self.query_one("#loading-keys", Static).update(text)
