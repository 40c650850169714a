"""Choose the item's section: fuzzy search over the living document's section ids and titles.

Empty search lists the proposed sections first (with their scores), then every section in
document order. Returns (section id or None to clear, action) or None when cancelled.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from briefdesk.core.model.values import Placement, Section
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.fuzzy import FuzzySearch
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..text import line
from ..wording import words
from .base import Dialog, subject

ACTIONS = (
    ("append", "append to the section"),
    ("new-subsection", "a new subsection"),
    ("prepend", "a line at the start of the section"),
    ("cross-ref", "a cross-reference only"),
    ("open-question", "an open question"),
)
CLEAR = "__clear__"
MATCH_STYLE = "bold $accent underline"


def fuzzy_rank(query: str, sections: tuple[Section, ...]) -> list[tuple[float, Section, list[int]]]:
    """Sections matching `query` by id and title, best first, with the matched offsets."""
    search = FuzzySearch()
    ranked = []
    for order, section in enumerate(sections):
        score, offsets = search.match(query, f"§{section.id} {section.title}")
        if score > 0:
            ranked.append((score, -order, section, list(offsets)))
    ranked.sort(key=lambda r: (r[0], r[1]), reverse=True)
    return [(score, section, offsets) for score, _, section, offsets in ranked]


def searched_sections(
    query: str, sections: tuple[Section, ...], chosen: str | None
) -> list[Option]:
    """The 50 sections best matching a typed query, matched characters marked, as options whose
    id is the section id (the placement dialog and the placement form search alike)."""
    return [
        Option(section_prompt(section, None, section.id == chosen, offsets), id=section.id)
        for _score, section, offsets in fuzzy_rank(query.strip(), sections)[:50]
    ]


def section_prompt(
    section: Section, score: float | None, chosen: bool, offsets: Sequence[int] = ()
) -> Content:
    label = line(f"§{section.id} {section.title}")
    for offset in offsets:
        if offset < len(label.plain) and not label.plain[offset].isspace():
            label = label.stylize(MATCH_STYLE, offset, offset + 1)
    return Content.assemble(
        ("● " if chosen else "  ", "$success"),
        (f"{score:3.0f} " if score is not None else "    ", "$text-secondary"),
        label,
    )


class PlacementDialog(Dialog[tuple[str | None, str]]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
        Binding("ctrl+s", "save", "save", show=False),
    ]

    def __init__(
        self,
        title: str,
        ref: str,
        sections: tuple[Section, ...],
        proposals: tuple[Placement, ...],
        chosen: str | None,
        action: str | None,
    ) -> None:
        super().__init__(classes="dialog")
        self.item_title = title
        self.ref = ref
        self.sections = sections
        self.proposals = proposals
        self.chosen = chosen
        self.action = action or "append"

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="placement") as box:
            box.border_title = "Place in the living document"
            yield Static(subject(self.item_title, self.ref), classes="subject", markup=False)
            yield Input(id="query", placeholder=words(self.app)["section_example"])
            yield OptionList(id="sections", markup=False)
            yield Label("as", classes="hint", markup=False)
            yield OptionList(
                *[Option(Content(text), id=key) for key, text in ACTIONS], id="action", markup=False
            )

    def on_mount(self) -> None:
        actions = self.query_one("#action", OptionList)
        actions.highlighted = (
            [k for k, _ in ACTIONS].index(self.action) if self.action in dict(ACTIONS) else 0
        )
        self._fill("")
        self.query_one("#query", Input).focus()

    def _fill(self, query: str) -> None:
        by_id = {s.id: s for s in self.sections}
        options: list[Option] = []
        if query.strip():
            options = searched_sections(query, self.sections, self.chosen)
        else:
            shown = set()
            for p in self.proposals:
                section = by_id.get(p.section)
                if section is not None:
                    options.append(
                        Option(
                            section_prompt(section, p.score, p.section == self.chosen),
                            id=section.id,
                        )
                    )
                    shown.add(section.id)
            for section in self.sections:
                if section.id not in shown:
                    options.append(
                        Option(
                            section_prompt(section, None, section.id == self.chosen), id=section.id
                        )
                    )
            if self.chosen:
                options.append(Option(Content.styled("  (no placement)", "$text-muted"), id=CLEAR))
        sections = self.query_one("#sections", OptionList)
        sections.set_options(options)
        sections.highlighted = 0 if options else None

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._fill(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def action_move(self, delta: int) -> None:
        focused = self.focused
        target = (
            focused if isinstance(focused, OptionList) else self.query_one("#sections", OptionList)
        )
        if delta > 0:
            target.action_cursor_down()
        else:
            target.action_cursor_up()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_save()

    def action_save(self) -> None:
        option = self.query_one("#sections", OptionList).highlighted_option
        if option is None:
            self.notify("No section matches; change the search.", severity="warning")
            return
        action_option = self.query_one("#action", OptionList).highlighted_option
        action = action_option.id if action_option is not None and action_option.id else "append"
        self.dismiss((None if option.id == CLEAR else option.id, action))
