"""Filter the items list: text, status, evidence, material, has duplicates. Returns an ItemFilter.

Each criterion is a short list whose highlighted row is the choice; tab moves between them,
enter (or ctrl+s) applies, ctrl+r clears everything.
"""

from __future__ import annotations

from typing import ClassVar

from briefdesk.core.model.values import Evidence
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from ..filtering import ItemFilter
from ..text import line
from ..wording import language_of, words
from .base import Dialog, LineInput

ANY = "__any__"
STATUS_CHOICES = (
    (ANY, "any status"),
    ("undecided", "undecided"),
    ("include", "included"),
    ("exclude", "excluded"),
    ("duplicate", "duplicates"),
    ("proposed", "proposed, not confirmed"),
)
DUP_CHOICES = ((ANY, "either"), ("yes", "has candidates"), ("no", "has none"))


def _list(list_id: str, choices: list[tuple[str, Content]], current: str) -> OptionList:
    options = [Option(prompt, id=key) for key, prompt in choices]
    widget = OptionList(*options, id=list_id, markup=False, classes="criterion")
    keys = [k for k, _ in choices]
    widget.highlighted = keys.index(current) if current in keys else 0
    return widget


class FilterDialog(Dialog[ItemFilter]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "apply", "apply", show=False),
        Binding("ctrl+r", "clear", "clear", show=False),
    ]

    def __init__(self, current: ItemFilter, materials: list[str]) -> None:
        super().__init__(classes="dialog")
        self.current = current
        self.materials = materials

    def compose(self) -> ComposeResult:
        f = self.current
        language = language_of(self.app)
        with Vertical(id="dialog", classes="filter") as box:
            box.border_title = "Filter items"
            yield Label("Text (title, body, ref, notes):", classes="hint", markup=False)
            yield LineInput(value=f.text, id="text", placeholder=words(self.app)["filter_example"])
            with Horizontal(classes="criteria"):
                yield _list("status", [(k, Content(t)) for k, t in STATUS_CHOICES], f.status or ANY)
                yield _list(
                    "evidence",
                    [(ANY, Content("any evidence"))]
                    + [(e.value, Content(f"{e.value} {e.label(language)}")) for e in Evidence],
                    f.evidence.value if f.evidence else ANY,
                )
                dup = ANY if f.has_duplicates is None else ("yes" if f.has_duplicates else "no")
                yield _list("dups", [(k, Content(t)) for k, t in DUP_CHOICES], dup)
            yield _list(
                "material",
                [(ANY, Content("any material"))] + [(m, line(m)) for m in self.materials],
                f.material or ANY,
            )
            yield Label(
                "enter or ctrl+s apply · ctrl+r clear · esc cancel", classes="hint", markup=False
            )

    def on_mount(self) -> None:
        self.query_one("#text", Input).focus()

    def _choice(self, list_id: str) -> str | None:
        option = self.query_one(f"#{list_id}", OptionList).highlighted_option
        return None if option is None or option.id == ANY else option.id

    def action_apply(self) -> None:
        evidence = self._choice("evidence")
        dups = self._choice("dups")
        self.dismiss(
            ItemFilter(
                text=self.query_one("#text", Input).value.strip(),
                status=self._choice("status"),
                evidence=Evidence(evidence) if evidence else None,
                material=self._choice("material"),
                has_duplicates=None if dups is None else dups == "yes",
            )
        )

    def action_clear(self) -> None:
        self.dismiss(ItemFilter())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_apply()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_apply()
