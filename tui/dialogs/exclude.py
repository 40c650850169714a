"""Why the item is excluded: off-topic, weak evidence, a duplicate of one of its candidates, or
text of one's own.

The reasons are numbered, the two fixed ones first so their numbers never move (`x` `1` is always
off-topic): a number key chooses at once. A reason of one's own that starts with a number
(`2 份材料同源` typed blind) chooses too, and the rest of its burst is set aside rather than run on
the review (`KeyGate.chose`, docs/keys.md). Typing anything else while the list has the focus goes
into the text field (the focus follows), so `x`, `同源复述`, enter saves that text and never the
highlighted reason. A duplicate the scan did not propose is named through a fuzzy picker over
earlier brief entries, living-document sections and the batch's other items (`TargetPicker`),
never typed as a ref. Returns the reason as the session stores it (`duplicate:<ref>`,
`off-topic`, `weak-evidence`, or the free text), or None when cancelled.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from briefdesk.core.matching.targets import Target
from briefdesk.core.model.values import Duplicate
from briefdesk.core.text.sanitize import one_line
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..text import line
from ..typeahead import KeyGate
from ..wording import words
from .base import Dialog, LineInput, subject

FIXED = (
    ("off-topic", "Off-topic: not about this topic"),
    ("weak-evidence", "Weak evidence: too little to stand on"),
)
OTHER = "__other__"
SEARCH = "__search__"


class ExcludeDialog(Dialog[str]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "save", "save", show=False)]

    def __init__(
        self,
        title: str,
        ref: str,
        candidates: tuple[Duplicate, ...],
        current: str | None,
        cites: dict[str, str],
        warning: str | None = None,
        targets: Callable[[], list[Target]] | None = None,
    ) -> None:
        """`warning`: what else excluding this item does (its increment's parts go back);
        `targets`: every ref a duplicate may name, for the picker (called off the UI thread)."""
        super().__init__(classes="dialog")
        self.warning = warning
        self.item_title = title
        self.ref = ref
        self.candidates = candidates[:8]
        self.current = current
        self.cites = cites
        self.targets = targets
        self.opened_with = ""  # the reason of one's own the field opened with

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="exclude") as box:
            box.border_title = "Exclude: why?"
            yield Static(subject(self.item_title, self.ref), classes="subject", markup=False)
            if self.warning:
                yield Static(line(f"⚠ {self.warning}", "$warning"), id="warning", markup=False)
            yield OptionList(*self._options(), id="reasons", markup=False)
            yield Label("Or type a reason of your own (enter saves):", classes="hint", markup=False)
            yield LineInput(
                id="other",
                placeholder=words(self.app)["reason_example"],
                select_on_focus=False,  # the first character typed on the list is kept
            )
            yield Static(
                "1–9 choose · typing goes to the text · enter saves · esc cancels",
                classes="hint",
                markup=False,
            )

    def _options(self) -> list[Option]:
        options: list[Option] = []
        for reason, text in FIXED:
            options.append(Option(self._numbered(len(options), Content(text)), id=reason))
        for dup in self.candidates:
            cite = self.cites.get(dup.ref)
            prompt = Content.assemble(
                ("Duplicate of ", "$warning"),
                (f"{dup.kind} ", "$text-muted"),
                line(dup.ref),
                (f" · {dup.score:.0f} {dup.tier}", "bold"),
                (f" · {cite}" if cite else "", "$text-muted"),
            )
            options.append(Option(self._numbered(len(options), prompt), id=f"duplicate:{dup.ref}"))
        if self.targets is not None:
            prompt = Content.assemble(
                ("Duplicate of something else… ", "$warning"),
                ("(search the briefs, the living document, the batch)", "$text-muted"),
            )
            options.append(Option(self._numbered(len(options), prompt), id=SEARCH))
        options.append(Option(Content("   Other reason… (type it below)"), id=OTHER))
        return options

    @staticmethod
    def _numbered(index: int, prompt: Content) -> Content:
        number = f"{index + 1}  " if index < 9 else "   "
        return Content.assemble((number, "bold $accent"), prompt)

    def on_mount(self) -> None:
        reasons = self.query_one("#reasons", OptionList)
        ids = [o.id for o in reasons.options]
        if self.current and self.current in ids:
            reasons.highlighted = ids.index(self.current)
        elif self.current:
            reasons.highlighted = ids.index(OTHER)
            self.query_one("#other", Input).value = self.current
            self.opened_with = self.current
        else:
            reasons.highlighted = 0
        reasons.focus()

    def on_key(self, event: events.Key) -> None:
        """With the list focused: a number chooses that reason; any other character typed starts
        the reason of one's own (the list takes no letters, so they would be lost). Once a reason
        is being typed, numbers are part of it (`§5.9 见 v2`), wherever the focus is."""
        reasons = self.query_one("#reasons", OptionList)
        if not reasons.has_focus or not event.is_printable or not event.character:
            return
        event.stop()
        event.prevent_default()
        char = event.character
        field = self.query_one("#other", Input)
        if char in "123456789" and not self.typed:
            index = int(char) - 1
            if index < len(reasons.options) and reasons.options[index].id != OTHER:
                gate = getattr(self.app, "key_gate", None)
                if isinstance(gate, KeyGate):  # it may be a reason's first character, typed blind
                    gate.chose()
                self._choose(reasons.options[index].id)
            return
        field.focus()
        field.insert_text_at_cursor(char)

    @property
    def typed(self) -> bool:
        """The reviewer has typed a reason in this dialog (a reason it opened with is not)."""
        value = self.query_one("#other", Input).value
        return bool(value) and value != self.opened_with

    def on_paste(self, event: events.Paste) -> None:
        """A pasted reason lands in the text field, wherever the focus was."""
        field = self.query_one("#other", Input)
        if not field.has_focus:
            event.stop()
            field.focus()
            field.insert_text_at_cursor(one_line(event.text))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == OTHER:
            self.query_one("#other", Input).focus()
        else:
            self._choose(event.option.id)

    def _choose(self, reason: str | None) -> None:
        if reason == SEARCH:
            self._search()
        else:
            self.dismiss(reason)

    def _search(self) -> None:
        from .target_picker import TargetPicker

        def picked(ref: str | None) -> None:
            if ref:
                self.dismiss(f"duplicate:{ref}")

        assert self.targets is not None
        self.app.push_screen(
            TargetPicker(self.item_title, self.ref, self.targets, self.cites), picked
        )

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save_text()

    def action_save(self) -> None:
        if self.query_one("#other", Input).has_focus:
            self.action_save_text()
        else:
            self.query_one("#reasons", OptionList).action_select()

    def action_save_text(self) -> None:
        text = self.query_one("#other", Input).value.strip()
        if text:
            self.dismiss(text)
        else:
            self.notify("Type a reason, or choose one from the list.", severity="warning")
