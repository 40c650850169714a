"""Annotate, flag a contradiction, add a handle: a few lines of text about the current item."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static, TextArea

from ..text import line
from .base import FormDialog, subject


class TextEntryDialog(FormDialog[str]):
    """Returns the text (stripped; empty means nothing to add) or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "save", "save", show=False)]

    def __init__(
        self,
        heading: str,
        hint: str,
        title: str,
        ref: str,
        existing: tuple[str, ...] = (),
        initial: str = "",
    ) -> None:
        super().__init__(classes="dialog")
        self.heading = heading
        self.hint = hint
        self.item_title = title
        self.ref = ref
        self.existing = existing
        self.initial = initial  # a drafted text the reviewer edits

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="text-entry") as box:
            box.border_title = self.heading
            yield Static(subject(self.item_title, self.ref), classes="subject", markup=False)
            if self.existing:
                already = Content("\n").join(
                    Content.assemble(("• ", "$accent"), line(t)) for t in self.existing
                )
                yield Static(already, classes="existing", markup=False)
            yield Label(self.hint, classes="hint", markup=False)
            yield TextArea(
                self.initial,
                id="entry",
                soft_wrap=True,
                show_line_numbers=False,
                tab_behavior="focus",
            )
            with Horizontal(classes="buttons"):
                yield Button("Save  ctrl+s", id="save", variant="primary")
                yield Button("Cancel  esc", id="cancel")

    def on_mount(self) -> None:
        entry = self.query_one("#entry", TextArea)
        entry.focus()
        if self.initial:  # a draft: the reviewer goes on writing at its end
            entry.move_cursor(entry.document.end)

    def dirty(self) -> bool:
        return self.query_one("#entry", TextArea).text.strip() != self.initial.strip()

    def action_save(self) -> None:
        self.dismiss(self.query_one("#entry", TextArea).text.strip())
