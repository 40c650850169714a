"""What every dialog shares: a framed box over the review, escape to cancel, steady cursors.

A dialog's own keys (escape, ctrl+s, enter) are local to it and are not keymap actions, so they
never clash with what a keymap binds on the review screen.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from briefdesk.core.text.sanitize import one_line
from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, TextArea

from ..text import line

T = TypeVar("T")


class LineInput(Input):
    """A one-line field that keeps every line of a paste, joined by a space, terminal controls
    removed (`core.text.sanitize.one_line`, the rule the brief and the commit message use too).

    Textual's `Input` keeps only a paste's first line and drops the rest without a word; a title
    or a reason pasted from a note often comes with a line break in it (docs/keys.md)."""

    def on_paste(self, event: events.Paste) -> None:
        event.prevent_default()  # not Input's own handler, which keeps the first line only
        event.stop()
        text = one_line(event.text)
        if not text:
            return
        if self.selection.is_empty:
            self.insert_text_at_cursor(text)
        else:
            self.replace(text, *self.selection)


class Dialog(ModalScreen[T]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "cancel", show=False)]

    def on_mount(self) -> None:
        # Textual runs this as well as a subclass's own on_mount (handlers run down the MRO)
        if self.app.is_headless:  # tests and snapshots: no blinking cursor in the picture
            for widget in self.query("Input, TextArea"):
                if isinstance(widget, Input | TextArea):
                    widget.cursor_blink = False

    def action_cancel(self) -> None:
        self.dismiss(None)


class FormDialog(Dialog[T]):
    """A dialog that is filled in and saved: enter in a one-line field and its Save button save
    (`action_save`), any other button cancels unless `pressed` takes it. One place for this, so
    every form answers the same keys the same way.

    Subclasses do not define `on_input_submitted` / `on_button_pressed` themselves: Textual
    would run theirs and these both (handlers run down the MRO).

    `esc` on a form that holds changes (`dirty`) keeps it open the first time and says that a
    second `esc` discards them (Cancel, clicked, still cancels at once).
    """

    _warned_discard = False

    def dirty(self) -> bool:
        """Whether the form holds text or choices not saved yet (esc and quitting ask first)."""
        return False

    def action_cancel(self) -> None:
        if self.dirty() and not self._warned_discard:
            self._warned_discard = True
            self.notify(
                "The form has changes not saved: esc again discards them, ctrl+s saves them.",
                title="not saved",
                severity="warning",
            )
            return
        self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.action_save()
        elif not self.pressed(event.button.id):
            self.dismiss(None)

    def pressed(self, button: str | None) -> bool:
        """A button of the form's own (not Save, not Cancel): True when it was handled."""
        return False

    def action_save(self) -> None:
        raise NotImplementedError


def subject(title: str, ref: str) -> Content:
    """The item a dialog is about: its title, then its ref, literal."""
    return Content.assemble(line(title, "bold"), "\n", line(ref, "$text-muted"))
