"""Name a duplicate the scan missed: a fuzzy picker over earlier brief entries, living-document
sections and the batch's other items, each shown with its text.

Type a few words (a name, a number, part of a ref such as `11-01 #5`); the list follows, best
first (`core.matching.targets.rank`). Enter picks the highlighted target. Returns its ref, or None
when cancelled. The targets are read off the UI thread (every earlier brief is parsed for them);
the list says so until they are there.
"""

from __future__ import annotations

from typing import ClassVar

from briefdesk.core.matching.targets import Target, rank
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..live import live
from ..text import line
from .base import Dialog, LineInput, subject

KIND_LABEL = {"batch": "batch item", "brief": "brief entry", "living-doc": "living doc"}
SNIPPET = 90


def target_prompt(target: Target, cite: str | None = None) -> Content:
    text = " ".join(target.text.split())
    if len(text) > SNIPPET:
        text = text[: SNIPPET - 1] + "…"
    return Content.assemble(
        (f"{KIND_LABEL[target.kind]:<12}", "$text-muted"),
        line(target.ref, "bold"),
        (f"  {cite}" if cite else "", "$text-muted"),
        "\n",
        ("            ", ""),
        line(text, "$text-muted"),
    )


class TargetPicker(Dialog[str]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
    ]

    def __init__(
        self,
        title: str,
        ref: str,
        load: object,
        cites: dict[str, str],
        targets: list[Target] | None = None,
    ) -> None:
        super().__init__(classes="dialog")
        self.item_title = title
        self.ref = ref
        self._load = load  # () -> list[Target], run in a worker thread
        self.cites = cites
        self.targets: list[Target] | None = targets
        self.shown: list[Target] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="picker") as box:
            box.border_title = "Duplicate of…"
            yield Static(subject(self.item_title, self.ref), classes="subject", markup=False)
            yield LineInput(id="query", placeholder="a name, a number, a ref (enter picks)")
            yield OptionList(id="targets", markup=False)
            yield Label("", id="count", classes="hint", markup=False)

    def on_mount(self) -> None:
        self.query_one("#query", Input).focus()
        if self.targets is None:
            self._show_loading()
            self.load_targets()
        else:
            self._refresh()

    def _show_loading(self) -> None:
        ol = self.query_one("#targets", OptionList)
        ol.set_options(
            [Option(Content.styled("reading the earlier briefs…", "$text-muted"), disabled=True)]
        )

    @work(thread=True, exclusive=True, group="targets")
    def load_targets(self) -> None:
        app = self.app  # now: once the dialog is gone it has no app to find (NoActiveAppError)
        targets = self._load()  # type: ignore[operator]
        app.call_from_thread(self._loaded, targets)

    def _loaded(self, targets: list[Target]) -> None:
        # not once the dialog is closed (before the briefs were read; its widgets may be gone)
        # or the desk quits (`tui.live`)
        if live(self):
            self.targets = targets
            self._refresh()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        if self.targets is not None:
            self._refresh()

    def _refresh(self) -> None:
        query = self.query_one("#query", Input).value
        self.shown = rank(query, self.targets or [])
        ol = self.query_one("#targets", OptionList)
        if self.shown:
            ol.set_options(
                [
                    Option(target_prompt(t, self.cites.get(t.ref)), id=str(k))
                    for k, t in enumerate(self.shown)
                ]
            )
            ol.highlighted = 0
        else:
            ol.set_options(
                [Option(Content.styled("nothing matches", "$text-muted"), disabled=True)]
            )
        total = len(self.targets or [])
        self.query_one("#count", Label).update(f"{len(self.shown)} shown of {total}")

    def action_move(self, delta: int) -> None:
        ol = self.query_one("#targets", OptionList)
        if self.shown:
            ol.highlighted = max(0, min(len(self.shown) - 1, (ol.highlighted or 0) + delta))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._pick()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._pick()

    def _pick(self) -> None:
        ol = self.query_one("#targets", OptionList)
        if self.shown and ol.highlighted is not None:
            self.dismiss(self.shown[ol.highlighted].ref)
        else:
            self.notify(
                "Nothing to pick: type part of a name, a number or a ref.", severity="warning"
            )
