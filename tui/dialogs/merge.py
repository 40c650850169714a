"""Merge the current item into another increment: pick which one, and how.

`enter` makes the item a described part of the chosen increment (its 来源 and 要点 are printed);
`a` absorbs it: covered by the increment without being described (its arXiv ids are listed in
三, nothing else of it shows), as the seed's first increment absorbs three RSS abstracts. Returns
a `MergeChoice`, or None when cancelled.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from ..text import line
from ..wording import language_of, section
from .base import Dialog, subject


@dataclass(frozen=True)
class MergeChoice:
    into: str  # the first part of the chosen increment
    absorb: bool = False  # covered, not described


class MergeDialog(Dialog[MergeChoice]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("a", "absorb", "absorb", show=False)]

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
                "enter  the item becomes a described part of the chosen increment",
                classes="hint",
                markup=False,
            )
            yield Label(
                "a      absorbed by it: covered, not described "
                f"(its arXiv ids in {section(3, language_of(self.app))} only)",
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
        if event.option.id:
            self.dismiss(MergeChoice(event.option.id))

    def action_absorb(self) -> None:
        option = self.query_one("#targets", OptionList).highlighted_option
        if option is not None and option.id:
            self.dismiss(MergeChoice(option.id, absorb=True))
