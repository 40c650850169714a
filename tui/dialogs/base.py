"""What every dialog shares: a framed box over the review, escape to cancel, steady cursors.

A dialog's own keys (escape, ctrl+s, enter) are local to it and are not keymap actions, so they
never clash with what a keymap binds on the review screen.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, TextArea

from ..text import line

T = TypeVar("T")


class Dialog(ModalScreen[T]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "cancel", show=False)]
    title_text = ""

    def on_mount(self) -> None:
        # Textual runs this as well as a subclass's own on_mount (handlers run down the MRO)
        if self.app.is_headless:  # tests and snapshots: no blinking cursor in the picture
            for widget in self.query("Input, TextArea"):
                if isinstance(widget, Input | TextArea):
                    widget.cursor_blink = False

    def action_cancel(self) -> None:
        self.dismiss(None)


def subject(title: str, ref: str) -> Content:
    """The item a dialog is about: its title, then its ref, literal."""
    return Content.assemble(line(title, "bold"), "\n", line(ref, "$text-muted"))
