"""The batch's contradictions (section 二) and handles (section 五), edited in place (`edit_notes`).

Two lists; in each, `enter` edits the highlighted note (its text, its refs and, for a handle, its
detail), `a` adds one, `x` deletes it, `shift+↑`/`shift+↓` move it. Every change is applied to the
session at once, as one undo step (the screen's `edit` callback does it), and the lists are drawn
again from the session, so what the dialog shows is always what the brief will say.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from briefdesk.core.model.notes import Note
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Input, Label, OptionList, Static, TextArea
from textual.widgets.option_list import Option

from ..text import line
from ..typeahead import opens
from ..wording import language_of, section
from .base import Dialog, FormDialog, LineInput

Kind = Literal["contradictions", "handles"]
HEADINGS = {"contradictions": (2, "contradictions"), "handles": (5, "handles")}  # section, name


def heading(kind: Kind, language: str) -> str:
    """`二 · contradictions` in a zh workspace, `II · contradictions` in an en one."""
    number, name = HEADINGS[kind]
    return f"{section(number, language)} · {name}"


@dataclass(frozen=True)
class NoteEdit:
    """One change the dialog asks for: `op` add / edit / move / delete, on `kind`'s `index`."""

    kind: Kind
    op: Literal["add", "edit", "move", "delete"]
    index: int = 0
    text: str = ""
    refs: tuple[str, ...] = ()
    detail: str | None = None
    delta: int = 0


class NoteList(OptionList):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "screen.add", "add", show=False),
        Binding("x,delete", "screen.delete", "delete", show=False),
        Binding("shift+up", "screen.move(-1)", "up", show=False),
        Binding("shift+down", "screen.move(1)", "down", show=False),
    ]


def note_row(n: int, note: Note) -> Content:
    """Two lines: `n. text detail`, then what it names and whether it is only proposed."""
    head: list[Content | tuple[str, str]] = [(f"{n}. ", "bold $success"), line(note.text)]
    if note.detail:
        head += [(" ", ""), line(note.detail, "$text-muted")]
    refs = " ".join(note.refs) if note.refs else "names nothing"
    tail: list[Content | tuple[str, str]] = [
        (" " * (len(str(n)) + 2), ""),
        ("⟶ ", "$text-muted"),
        line(refs, "$accent" if note.refs else "$text-muted"),
    ]
    if note.origin.value == "proposed":
        tail.append(("  · proposed", "$warning"))
    return Content.assemble(*head, "\n", *tail)


Submit = Callable[[str, tuple[str, ...], str | None], bool]


class NoteEditDialog(FormDialog[bool]):
    """One note's text, refs (space-separated) and, for a handle, detail. `submit` applies them
    and says whether they were taken; a refused note (a ref that names nothing) keeps the dialog
    open with what was typed."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "save", "save", show=False)]

    def __init__(self, heading: str, note: Note | None, with_detail: bool, submit: Submit) -> None:
        super().__init__(classes="dialog")
        self.heading = heading
        self.note = note
        self.with_detail = with_detail
        self.submit = submit

    def compose(self) -> ComposeResult:
        n = self.note
        with Vertical(id="dialog", classes="note-edit") as box:
            box.border_title = self.heading
            yield Label("text", classes="field", markup=False)
            yield TextArea(
                n.text if n else "",
                id="text",
                soft_wrap=True,
                show_line_numbers=False,
                tab_behavior="focus",
            )
            if self.with_detail:
                yield Label("detail (printed after the text)", classes="field", markup=False)
                yield TextArea(
                    (n.detail or "") if n else "",
                    id="detail",
                    soft_wrap=True,
                    show_line_numbers=False,
                    tab_behavior="focus",
                )
            yield Label(
                "refs: item refs, docs/<topic>.md§<id>, earlier brief entries; space-separated",
                classes="field",
                markup=False,
            )
            yield LineInput(" ".join(n.refs) if n else "", id="refs", select_on_focus=False)
            with Horizontal(classes="buttons"):
                yield Button("Save  ctrl+s", id="save", variant="primary")
                yield Button("Cancel  esc", id="cancel")

    def on_mount(self) -> None:
        text = self.query_one("#text", TextArea)
        text.move_cursor(text.document.end)  # an edit most often adds to the end
        text.focus()
        self._opened = self._typed()

    def _typed(self) -> tuple[str, str, str]:
        detail = self.query_one("#detail", TextArea).text if self.with_detail else ""
        return self.query_one("#text", TextArea).text, self.query_one("#refs", Input).value, detail

    def dirty(self) -> bool:
        """Whether the dialog holds text not saved yet (quitting asks first)."""
        return self._typed() != getattr(self, "_opened", None)

    def action_save(self) -> None:
        text = self.query_one("#text", TextArea).text.strip()
        if not text:
            self.notify("A note needs a text (x deletes one).", severity="warning")
            return
        refs = tuple(self.query_one("#refs", Input).value.split())
        detail = self.query_one("#detail", TextArea).text.strip() if self.with_detail else None
        if self.submit(text, refs, detail or None):
            self.dismiss(True)


class NotesDialog(Dialog[None]):
    def __init__(
        self,
        notes: Callable[[Kind], Sequence[Note]],
        edit: Callable[[NoteEdit], bool],
        focus: Kind = "contradictions",
    ) -> None:
        """`notes(kind)` reads the session's list now; `edit` applies one change as one undo step
        and says whether it was taken."""
        super().__init__(classes="dialog")
        self.notes = notes
        self.edit = edit
        self.first = focus

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="dialog", classes="notes") as box:
            box.border_title = "The batch's contradictions and handles"
            for kind in ("contradictions", "handles"):
                yield Label(heading(kind, language_of(self.app)), classes="field", markup=False)
                yield NoteList(id=kind, markup=False)
            yield Static(
                Content.styled(
                    "enter edit · a add · x delete · shift+↑↓ move · tab the other list · "
                    "esc closes (each change is saved at once, and undone with undo)",
                    "$text-muted",
                ),
                classes="hint",
                markup=False,
            )

    def on_mount(self) -> None:
        for kind in ("contradictions", "handles"):
            self._fill(kind, 0)
        self.query_one(f"#{self.first}", NoteList).focus()

    def _fill(self, kind: Kind, highlight: int | None) -> None:
        rows = self.query_one(f"#{kind}", NoteList)
        notes = list(self.notes(kind))
        if notes:
            rows.set_options(
                [Option(note_row(n, note), id=str(n - 1)) for n, note in enumerate(notes, 1)]
            )
            if highlight is not None:
                rows.highlighted = max(0, min(highlight, len(notes) - 1))
        else:
            rows.set_options([Option(Content.styled("none yet: a adds one", "$text-muted"))])

    def _focused(self) -> tuple[Kind, int | None]:
        focused = self.focused
        kind: Kind = (
            "handles"
            if isinstance(focused, NoteList) and focused.id == "handles"
            else "contradictions"
        )
        rows = self.query_one(f"#{kind}", NoteList)
        if not self.notes(kind) or rows.highlighted is None:
            return kind, None
        return kind, rows.highlighted

    def _apply(self, change: NoteEdit, highlight: int | None) -> None:
        if self.edit(change):
            self._fill(change.kind, highlight)

    def _open(self, kind: Kind, index: int | None) -> None:
        notes = list(self.notes(kind))
        note = notes[index] if index is not None else None
        what = "contradiction" if kind == "contradictions" else "handle"
        heading = f"New {what}" if index is None else f"{what.capitalize()} {index + 1}"

        def submit(text: str, refs: tuple[str, ...], detail: str | None) -> bool:
            if index is None:
                change = NoteEdit(kind, "add", 0, text, refs, detail)
            else:
                change = NoteEdit(kind, "edit", index, text, refs, detail)
            if not self.edit(change):
                return False
            self._fill(kind, len(notes) if index is None else index)
            return True

        self.app.push_screen(NoteEditDialog(heading, note, kind == "handles", submit))

    @opens
    def action_add(self) -> None:
        kind, _ = self._focused()
        self._open(kind, None)

    def action_delete(self) -> None:
        kind, index = self._focused()
        if index is not None:
            self._apply(NoteEdit(kind, "delete", index), index)

    def action_move(self, delta: int) -> None:
        kind, index = self._focused()
        if index is not None:
            self._apply(NoteEdit(kind, "move", index, delta=delta), index + delta)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        kind: Kind = "handles" if event.option_list.id == "handles" else "contradictions"
        if self.notes(kind):
            self._open(kind, event.option_index)
