"""One placement of an increment: where (a section found by fuzzy search), how (the action), what
it is called (label), a remark (note), and which part of a merged increment it concerns.

Returns the `core.model.increments.Placement` or None when cancelled; the increment form
(`tui.dialogs.increment`) keeps it in its draft until that form is saved.
"""

from __future__ import annotations

from typing import ClassVar

from briefdesk.core.model.increments import ACTIONS, Placement
from briefdesk.core.model.values import Section
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..text import line
from ..wording import words
from .base import FormDialog, LineInput
from .placement import searched_sections, section_prompt

ACTION_WORDS = {
    "new-subsection": "a new subsection (label: its name)",
    "append": "a sentence at the end (label: the sentence)",
    "prepend": "a line at the start (label: the line)",
    "cross-ref": "a cross-reference (label: what it points to)",
    "open-question": "a new open question (label: the question)",
}
WHOLE = "__whole__"


class PlacementEditDialog(FormDialog[Placement]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "save", "save", show=False)]

    def __init__(
        self,
        heading: str,
        about: str,
        sections: tuple[Section, ...],
        placement: Placement | None,
        parts: list[tuple[str, str]],
    ) -> None:
        """`parts`: (ref, name) of the increment's described parts; a choice only when there are
        several."""
        super().__init__(classes="dialog")
        self.heading = heading
        self.about = about
        self.sections = sections
        self.placement = placement
        self.parts = parts
        self.chosen = placement.section if placement else None

    def compose(self) -> ComposeResult:
        p = self.placement
        with VerticalScroll(id="dialog", classes="placement-edit") as box:
            box.border_title = self.heading
            yield Static(line(self.about, "bold"), classes="subject", markup=False)
            yield LineInput(id="query", placeholder=words(self.app)["section_example"])
            yield OptionList(id="sections", markup=False)
            yield Label("as", classes="hint", markup=False)
            yield OptionList(
                *[Option(Content(f"{a:<15} {ACTION_WORDS[a]}"), id=a) for a in ACTIONS],
                id="action",
                markup=False,
            )
            yield Label("label", classes="hint", markup=False)
            yield LineInput(
                (p.label or "") if p else "",
                id="label",
                placeholder="optional",
                select_on_focus=False,
            )
            yield Label("note (printed in parentheses after it)", classes="hint", markup=False)
            yield LineInput(
                (p.note or "") if p else "",
                id="note",
                placeholder="optional",
                select_on_focus=False,
            )
            yield Label(
                f"after (printed right after it, as written: {words(self.app)['after_example']})",
                classes="hint",
                markup=False,
            )
            yield LineInput(
                (p.after or "") if p else "",
                id="after",
                placeholder="optional",
                select_on_focus=False,
            )
            yield Label(
                "wording (optional: your words after the section, instead of the action's)",
                classes="hint",
                markup=False,
            )
            yield LineInput(
                (p.wording or "") if p else "",
                id="wording",
                placeholder="optional",
                select_on_focus=False,
            )
            if len(self.parts) > 1:
                yield Label("concerns", classes="hint", markup=False)
                options = [Option(Content("the whole increment"), id=WHOLE)]
                options += [
                    Option(Content.assemble(line(name), ("  " + ref, "$text-muted")), id=ref)
                    for ref, name in self.parts
                ]
                yield OptionList(*options, id="part", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Keep  ctrl+s", id="save", variant="primary")
                yield Button("Cancel  esc", id="cancel")

    def on_mount(self) -> None:
        action = self.placement.action if self.placement else "append"
        self.query_one("#action", OptionList).highlighted = list(ACTIONS).index(action)
        if len(self.parts) > 1:
            part = self.placement.part if self.placement else None
            ids = [WHOLE, *(ref for ref, _ in self.parts)]
            self.query_one("#part", OptionList).highlighted = ids.index(part) if part in ids else 0
        self._fill("")
        self.query_one("#query", Input).focus()

    def _fill(self, query: str) -> None:
        options: list[Option] = []
        if query.strip():
            options = searched_sections(query, self.sections, self.chosen)
        else:
            options = [
                Option(section_prompt(s, None, s.id == self.chosen), id=s.id) for s in self.sections
            ]
            if self.chosen and all(s.id != self.chosen for s in self.sections):
                # the living document lost the section since: keep it chosen, not the first one
                missing = Content.assemble(
                    ("● ", "$success"),
                    ("    ", ""),
                    line(f"§{self.chosen} (not in the living document now)", "$warning"),
                )
                options.insert(0, Option(missing, id=self.chosen))
        sections = self.query_one("#sections", OptionList)
        sections.set_options(options)
        ids = [o.id for o in options]
        sections.highlighted = (
            ids.index(self.chosen) if self.chosen in ids else (0 if options else None)
        )

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "query":
            event.stop()
            self._fill(event.value)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "sections" and event.option.id:
            self.chosen = event.option.id

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_save()

    def action_save(self) -> None:
        section = self.query_one("#sections", OptionList).highlighted_option
        if section is None or section.id is None:
            self.notify("No section matches; change the search.", severity="warning")
            return
        action = self.query_one("#action", OptionList).highlighted_option
        part = None
        if len(self.parts) > 1:
            chosen = self.query_one("#part", OptionList).highlighted_option
            part = chosen.id if chosen is not None and chosen.id != WHOLE else None
        self.dismiss(
            Placement.model_validate(
                {
                    "section": section.id,
                    "action": action.id if action is not None else "append",
                    "label": self.query_one("#label", Input).value.strip() or None,
                    "note": self.query_one("#note", Input).value.strip() or None,
                    # kept as typed but for line ends: its own punctuation leads it
                    "after": self.query_one("#after", Input).value.rstrip() or None,
                    "wording": self.query_one("#wording", Input).value.strip() or None,
                    "part": part,
                }
            )
        )
