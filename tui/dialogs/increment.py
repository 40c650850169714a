"""The increment form (`edit_increment`): what the brief says of one increment or spot check.

Title, 要点 (points), 与活文档脉络的关系 (relation) and 证据边界 (boundary) as the reviewer
writes them (multi-line for the last three), and below the placements the 来源 parenthesis of
each described material (or the spot check's); a field left empty is derived from the items
again, and shows the derived text as its placeholder. The title field opens with the derived
title as its text, all of it selected: typing replaces it (`t`, words, `ctrl+s` saves those
words as the title, as when the field opened empty), `end` and typing add to it; a title that
still reads as the derived one is saved as not written, so it goes on following the items. A
spot check's form also removes it (`Remove`, one undo step). The placements (建议归入) are a
list: `a` adds one, `enter` edits (retargets) the highlighted one, `x` removes it,
`shift+↑`/`shift+↓` move it; each changes the form's draft only. `ctrl+s` hands the whole draft
to `save`, which the screen applies as one undo step (`Session.update_increment`); a draft it
refuses (a boundary claiming more than the evidence) leaves the form open with everything the
reviewer typed, so a refusal never costs them their text. `esc` drops the draft.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from briefdesk.core.brief.content import EntryModel
from briefdesk.core.model.increments import Increment, Placement, SpotCheck
from briefdesk.core.model.values import Section
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Input, Label, OptionList, Static, TextArea
from textual.widgets.option_list import Option

from ..text import line
from ..typeahead import opens
from ..wording import field_label, language_of
from .base import FormDialog, LineInput
from .placement_edit import PlacementEditDialog


@dataclass(frozen=True)
class IncrementDraft:
    """What the form returns: every written field (None = derived) and the placements."""

    title: str | None
    points: str | None
    relation: str | None
    boundary: str | None
    placements: tuple[Placement, ...]
    boundary_note: str | None = None  # in the 证据边界 label, before its colon (docs/brief.md)
    # the 来源 parenthesis per described part (a spot check: per its path); None = derived
    sources: dict[str, str | None] = field(default_factory=dict)


class PlacementList(OptionList):
    """The form's placements; its keys act on the highlighted one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "screen.add_placement", "add", show=False),
        Binding("x,delete", "screen.remove_placement", "remove", show=False),
        Binding("shift+up", "screen.move_placement(-1)", "up", show=False),
        Binding("shift+down", "screen.move_placement(1)", "down", show=False),
    ]


def placement_row(p: Placement, parts: dict[str, str]) -> Content:
    """`§5.8 new-subsection “label” (note) · Flide`: one placement as the list shows it."""
    bits: list[Content | tuple[str, str]] = [
        (f"§{p.section} ", "bold $success"),
        (p.action, "$text-secondary"),
    ]
    if p.label:
        bits += [(" “", ""), line(p.label), ("”", "")]
    if p.note:
        bits += [(" (", "$text-muted"), line(p.note, "$text-muted"), (")", "$text-muted")]
    if p.part:
        bits += [("  · ", "$text-muted"), line(parts.get(p.part, p.part), "$accent")]
    return Content.assemble(*bits)


class IncrementDialog(FormDialog[IncrementDraft]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "save", "save", show=False)]

    def __init__(
        self,
        heading: str,
        entry: Increment | SpotCheck,
        derived: EntryModel | None,
        sections: tuple[Section, ...],
        parts: list[tuple[str, str]],
        save: Callable[[IncrementDraft], bool] | None = None,
        remove: Callable[[], bool] | None = None,
        prefill: dict[str, str] | None = None,
    ) -> None:
        """`derived`: the brief's entry as it reads now (its texts are the placeholders);
        `parts`: (ref, short name) of the described parts, for part-specific placements; `save`
        applies a draft and says whether it was taken (it reports a refusal itself); `remove`
        (a spot check's form) takes the spot check out of the brief; `prefill`: first drafts of
        fields the reviewer has not written (`points`, `relation`: from the fact index,
        docs/facts.md), shown as text to edit rather than as a placeholder."""
        super().__init__(classes="dialog")
        self.save = save
        self.remove_entry = remove
        self.heading = heading
        self.entry = entry
        self.derived = derived
        self.sections = sections
        self.parts = parts
        self.part_names = dict(parts)
        self.placements: list[Placement] = list(entry.placements)
        self.prefill = prefill or {}

    def compose(self) -> ComposeResult:
        e, d = self.entry, self.derived
        with VerticalScroll(id="dialog", classes="increment") as box:
            box.border_title = self.heading
            about = e.path if isinstance(e, SpotCheck) else " + ".join(n for _, n in self.parts)
            yield Static(line(about, "$text-muted"), classes="subject", markup=False)
            yield Label("title", classes="field", markup=False)
            yield LineInput(
                e.title or self.default_title,
                id="title",
                placeholder=self.default_title,
                select_on_focus=True,  # typing replaces it, `end` then typing adds to it
            )
            language = language_of(self.app)
            for name, text, placeholder in (
                ("points", e.points, d.points if d else ""),
                ("relation", e.relation, d.relation if d else ""),
                ("boundary", e.boundary, d.boundary if d else ""),
            ):
                yield Label(field_label(name, language), classes="field", markup=False)
                yield TextArea(
                    text if text is not None else self.prefill.get(name, ""),
                    id=name,
                    soft_wrap=True,
                    show_line_numbers=False,
                    tab_behavior="focus",
                    # a str placeholder is read as markup by TextArea; the derived text is
                    # material text, so it goes in as Content, a literal
                    placeholder=Content(placeholder),
                    highlight_cursor_line=False,
                )
            yield Label(
                f"{field_label('placement', language)}   "
                "a add · enter edit · x remove · shift+↑↓ move",
                classes="field",
                markup=False,
            )
            yield PlacementList(id="placements", markup=False)
            for k, (_key, name, written) in enumerate(self.source_fields()):
                label = field_label("source", language) + (f" ({name})" if name else "")
                yield Label(label, classes="field", markup=False)
                yield LineInput(
                    written or "",
                    id=f"source-{k}",
                    placeholder="front matter source and the evidence level",
                    select_on_focus=False,
                )
            yield Label(field_label("boundary_note", language), classes="field", markup=False)
            yield LineInput(
                e.boundary_note or "",
                id="boundary_note",
                placeholder="（须随段落保留）",
                select_on_focus=False,
            )
            yield Label(
                "An empty field is derived from the items again. ctrl+s saves all as one step.",
                classes="hint",
                markup=False,
            )
            with Horizontal(classes="buttons"):
                yield Button("Save  ctrl+s", id="save", variant="primary")
                if self.remove_entry is not None:
                    yield Button("Remove spot check", id="remove", variant="error")
                yield Button("Cancel  esc", id="cancel")

    @property
    def default_title(self) -> str:
        """The title the brief derives for the entry (docs/brief.md): the title field opens with
        it as its text, to add to or replace, and shows it dim once the field is emptied."""
        return self.derived.title if self.derived is not None else ""

    def written_title(self) -> str | None:
        """The title as the session takes it: None (derived, so it follows the items) when the
        field is empty or still reads as the derived title, else what the field holds."""
        title = self.query_one("#title", Input).value.strip()
        return None if not title or title == self.default_title.strip() else title

    def source_fields(self) -> list[tuple[str, str, str | None]]:
        """(key, name, written text) of each 来源 the form edits: a spot check's one (key: its
        path), else one per material of the described parts (key: its first part there), as the
        brief prints one 来源 per material."""
        e = self.entry
        if isinstance(e, SpotCheck):
            return [(e.path, "", e.source)]
        out: dict[str, tuple[str, str, str | None]] = {}
        for ref, name in self.parts:
            material = ref.rsplit("#", 1)[0]
            if material not in out:
                written = next(
                    (
                        e.sources[r]
                        for r, _ in self.parts
                        if r.startswith(material + "#") and r in e.sources
                    ),
                    None,
                )
                out[material] = (ref, material if len(self.parts) > 1 else name, written)
        return list(out.values())

    def on_mount(self) -> None:
        self._fill(0)
        self.query_one("#title", Input).focus()
        self._opened = self._draft()

    def dirty(self) -> bool:
        """Whether the form holds text or placements not saved yet (quitting asks first)."""
        return self._draft() != getattr(self, "_opened", None)

    def _fill(self, highlight: int | None) -> None:
        rows = self.query_one("#placements", PlacementList)
        if self.placements:
            rows.set_options(
                [
                    Option(placement_row(p, self.part_names), id=str(k))
                    for k, p in enumerate(self.placements)
                ]
            )
            if highlight is not None:
                rows.highlighted = max(0, min(highlight, len(self.placements) - 1))
        else:
            rows.set_options(
                [Option(Content.styled("no placement yet: a adds one", "$text-muted"), id="none")]
            )

    def _selected(self) -> int | None:
        rows = self.query_one("#placements", PlacementList)
        if not self.placements or rows.highlighted is None:
            return None
        return rows.highlighted

    def _edit(self, index: int | None) -> None:
        current = self.placements[index] if index is not None else None

        def done(placement: Placement | None) -> None:
            if placement is None:
                return
            if index is None:
                self.placements.append(placement)
                self._fill(len(self.placements) - 1)
            else:
                self.placements[index] = placement
                self._fill(index)

        heading = "Add a placement" if index is None else f"Placement {index + 1}"
        self.app.push_screen(
            PlacementEditDialog(heading, self.heading, self.sections, current, self.parts), done
        )

    @opens
    def action_add_placement(self) -> None:
        self._edit(None)

    def action_remove_placement(self) -> None:
        index = self._selected()
        if index is not None:
            del self.placements[index]
            self._fill(index)

    def action_move_placement(self, delta: int) -> None:
        index = self._selected()
        if index is None:
            return
        j = index + delta
        if 0 <= j < len(self.placements):
            self.placements.insert(j, self.placements.pop(index))
            self._fill(j)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "placements":
            self._edit(self._selected())

    def pressed(self, button: str | None) -> bool:
        if button != "remove":
            return False
        if self.remove_entry is not None and self.remove_entry():
            self.dismiss(None)
        return True

    def written_sources(self) -> dict[str, str | None]:
        """Each 来源 field as the session takes it: for a material of several parts, the text
        goes to its first part and the others' are cleared (the brief prints the first)."""
        out: dict[str, str | None] = {}
        for k, (key, _name, _written) in enumerate(self.source_fields()):
            text = self.query_one(f"#source-{k}", Input).value.strip() or None
            if isinstance(self.entry, SpotCheck):
                out[key] = text
                continue
            material = key.rsplit("#", 1)[0]
            for ref, _ in self.parts:
                if ref.startswith(material + "#"):
                    out[ref] = text if ref == key else None
        return out

    def action_save(self) -> None:
        draft = self._draft()
        if self.save is not None and not self.save(draft):
            return  # refused: the form stays, with the draft
        self.dismiss(draft)

    def _draft(self) -> IncrementDraft:
        def text(name: str) -> str | None:
            return self.query_one(f"#{name}", TextArea).text.strip() or None

        return IncrementDraft(
            title=self.written_title(),
            points=text("points"),
            relation=text("relation"),
            boundary=text("boundary"),
            boundary_note=self.query_one("#boundary_note", Input).value.strip() or None,
            placements=tuple(self.placements),
            sources=self.written_sources(),
        )
