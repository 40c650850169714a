"""The item's evidence level. Raising it above the item's own (to any stronger level, docs/brief.md)
needs a note saying what was read.

The keys of cycle_evidence also move the highlight here (wrapping), so pressing the key again
cycles through the levels and enter takes one. Returns (level, note) or None.
"""

from __future__ import annotations

from typing import ClassVar

from briefdesk.core.model.values import Evidence, raises
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..keys import keyed
from ..wording import evidence_words, language_of, words
from .base import Dialog, LineInput, subject


class EvidenceDialog(Dialog[tuple[Evidence, str | None]]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "save", show=False),
        keyed("cycle_evidence", "cycle"),  # the key that opened the dialog moves on a level
    ]

    def __init__(
        self,
        title: str,
        ref: str,
        current: Evidence,
        original: Evidence,
        note: str | None,
    ) -> None:
        super().__init__(classes="dialog")
        self.item_title = title
        self.ref = ref
        self.current = current
        self.original = original
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="evidence") as box:
            box.border_title = "Evidence level"
            yield Static(subject(self.item_title, self.ref), classes="subject", markup=False)
            options = []
            language = language_of(self.app)
            for level in Evidence:
                mark = "●" if level is self.current else " "
                was = "  (the material's own)" if level is self.original else ""
                options.append(
                    Option(
                        Content.assemble(
                            (f"{mark} ", "$success"),
                            (f"{level.value:<12}", "bold"),
                            evidence_words(level, language),
                            (was, "$text-muted"),
                        ),
                        id=level.value,
                    )
                )
            yield OptionList(*options, id="levels", markup=False)
            yield Label("What was read (needed to raise the level):", classes="hint", markup=False)
            yield LineInput(
                value=self.note or "",
                id="note",
                placeholder=words(language)["evidence_note_example"],
            )

    def on_mount(self) -> None:
        levels = self.query_one("#levels", OptionList)
        levels.highlighted = list(Evidence).index(self.current)
        levels.focus()

    def action_cycle(self) -> None:
        levels = self.query_one("#levels", OptionList)
        levels.highlighted = ((levels.highlighted or 0) + 1) % len(levels.options)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:  # every level's option has its level as id
            self._choose(Evidence(event.option.id))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def action_save(self) -> None:
        levels = self.query_one("#levels", OptionList)
        option = levels.highlighted_option
        if option is not None and option.id is not None:
            self._choose(Evidence(option.id))

    def _choose(self, level: Evidence) -> None:
        note = self.query_one("#note", Input).value.strip() or None
        if raises(level, self.original) and not note:
            levels = self.query_one("#levels", OptionList)
            ids = [o.id for o in levels.options]
            levels.highlighted = ids.index(level.value) if level.value in ids else 0
            self.query_one("#note", Input).focus()
            self.notify(
                f"Say what was read to raise the evidence to {level.value}, then press enter.",
                severity="warning",
            )
            return
        self.dismiss((level, note))
