"""Merge the current item into another increment: pick which one. Returns its ref or None."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from ..text import line
from .base import Dialog, subject


class MergeDialog(Dialog[str]):
    def __init__(self, title: str, ref: str, targets: list[tuple[str, str]]) -> None:
        """`targets`: (ref, title) of the increments it can join, in brief order."""
        super().__init__(classes="dialog")
        self.item_title = title
        self.ref = ref
        self.targets = targets

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="merge") as box:
            box.border_title = "Merge into which increment?"
            yield Static(subject(self.item_title, self.ref), classes="subject", markup=False)
            yield Label(
                "The item becomes part of the chosen increment of the brief (both are included).",
                classes="hint",
                markup=False,
            )
            width = len(str(len(self.targets)))
            options = [
                Option(
                    Content.assemble(
                        (f"{n:>{width}}. ", "bold $success"),
                        line(title),
                        ("  " + ref, "$text-muted"),
                    ),
                    id=ref,
                )
                for n, (ref, title) in enumerate(self.targets, 1)
            ]
            yield OptionList(*options, id="targets", markup=False)

    def on_mount(self) -> None:
        self.query_one("#targets", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)
