"""Choose the item's section: fuzzy search over the living document's section ids and titles.

Empty search lists the proposed sections first (with their scores and the names the item shares
with each), then every other section in document order. The action starts as the placement's
own (the manifest's proposal, or the reviewer's earlier choice), and the line above the lists says
in words what will be saved (`§4.2 … · as a new subsection`); the arrow keys stop at the ends of a
list rather than wrapping round. Returns (section id or None to clear, action) or None when
cancelled.
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
from .base import Dialog, LineInput, subject

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
    section: Section,
    score: float | None,
    chosen: bool,
    offsets: Sequence[int] = (),
    shared: Sequence[str] = (),
) -> Content:
    label = line(f"§{section.id} {section.title}")
    for offset in offsets:
        if offset < len(label.plain) and not label.plain[offset].isspace():
            label = label.stylize(MATCH_STYLE, offset, offset + 1)
    return Content.assemble(
        ("● " if chosen else "  ", "$success"),
        (f"{score:3.0f} " if score is not None else "    ", "$text-secondary"),
        label,
        line(f"  shares {', '.join(shared)}" if shared else "", "$text-muted"),
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
        text: str = "",
    ) -> None:
        """`action`: the placement's own (None: append); `text`: the item's, for the names it
        shares with each proposed section."""
        super().__init__(classes="dialog")
        self.text = text
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
            yield LineInput(id="query", placeholder=words(self.app)["section_example"])
            yield OptionList(id="sections", markup=False)
            yield Label("as", classes="hint", markup=False)
            yield OptionList(
                *[Option(Content(text), id=key) for key, text in ACTIONS], id="action", markup=False
            )
            yield Static(id="choice", classes="hint", markup=False)

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
                    shared = list(p.names)  # the matcher's own reason (core/matching/tiers.py)
                    prompt = section_prompt(section, p.score, p.section == self.chosen, (), shared)
                    options.append(Option(prompt, id=section.id))
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
        self._say()

    def _say(self) -> None:
        """What will be saved, in words: the section and the action."""
        option = self.query_one("#sections", OptionList).highlighted_option
        action = self.query_one("#action", OptionList).highlighted_option
        words = dict(ACTIONS).get(action.id or "", "") if action is not None else ""
        if option is None:
            text = Content.styled("→ no section matches the search", "$warning")
        elif option.id == CLEAR:
            text = Content.styled("→ no placement (the item's placement is cleared)", "bold")
        else:
            section = next((s for s in self.sections if s.id == option.id), None)
            title = f"§{option.id} {section.title}" if section else f"§{option.id}"
            text = Content.assemble(("→ ", "bold $success"), line(title, "bold"), f" · as {words}")
        self.query_one("#choice", Static).update(text)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._say()

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
        # no wrapping round: past the last section is not the first one
        options, index = target.options, target.highlighted
        index = (-1 if delta > 0 else len(options)) if index is None else index
        index += delta
        while 0 <= index < len(options) and options[index].disabled:
            index += delta
        if 0 <= index < len(options):
            target.highlighted = index

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
