"""Choose one of a few values: what to copy to the clipboard, which URL to open.

Every value is shown whole (a URL is opened only once the reviewer has read it here and said
yes), numbered: a number key or enter on the highlighted row chooses, esc cancels. The key that
opened the dialog chooses the first row (`y` `y` copies the ref). Returns the chosen value.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..text import line
from .base import Dialog, subject


class ChoiceDialog(Dialog[str]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "choose", "choose", show=False)]

    def __init__(
        self,
        heading: str,
        title: str,
        ref: str,
        choices: list[tuple[str, str]],
        hint: str,
        again: tuple[str, ...] = (),
    ) -> None:
        """`choices`: (label, value); `again`: the keys that opened the dialog."""
        super().__init__(classes="dialog")
        self.heading = heading
        self.item_title = title
        self.ref = ref
        self.choices = choices
        self.hint = hint
        self.again = again

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="choice") as box:
            box.border_title = self.heading
            yield Static(subject(self.item_title, self.ref), classes="subject", markup=False)
            options = [
                Option(
                    Content.assemble(
                        (f"{n}  " if n <= 9 else "   ", "bold $accent"),
                        (f"{label:<9} ", "$text-muted"),
                        line(value),
                    ),
                    id=str(n - 1),
                )
                for n, (label, value) in enumerate(self.choices, start=1)
            ]
            yield OptionList(*options, id="choices", markup=False)
            yield Static(self.hint, classes="hint", markup=False)

    def on_mount(self) -> None:
        choices = self.query_one("#choices", OptionList)
        choices.highlighted = 0
        choices.focus()

    def on_key(self, event: events.Key) -> None:
        if event.key in self.again:
            event.stop()
            event.prevent_default()
            self.dismiss(self.choices[0][1])
        elif event.character and event.character in "123456789":
            index = int(event.character) - 1
            if index < len(self.choices):
                event.stop()
                self.dismiss(self.choices[index][1])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[int(event.option.id or 0)][1])

    def action_choose(self) -> None:
        self.query_one("#choices", OptionList).action_select()
