"""Pick a material of the workspace outside the batch to spot-check (`add_spot_check`).

The candidates are the workspace's material files the batch does not name
(`Review.spot_candidates`), ranked against what is typed by rapidfuzz's `WRatio` (paths mix
folders, dates, arXiv numbers and words, which a weighted ratio ranks better than a plain
subsequence match); with nothing typed they are listed by path. The highlighted one is previewed
(its title, level and first lines), read only then. Returns the chosen path or None.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..text import line
from .base import Dialog, LineInput

LIMIT = 60  # rows shown


def rank(query: str, candidates: list[str], limit: int = LIMIT) -> list[str]:
    """The candidates best matching `query` (all, by path, when it is blank)."""
    query = query.strip()
    if not query:
        return candidates[:limit]
    from rapidfuzz import fuzz, process

    found = process.extract(query, candidates, scorer=fuzz.WRatio, limit=limit, score_cutoff=30)
    found.sort(key=lambda hit: (-hit[1], hit[2]))  # best first; ties in path order
    return [path for path, _score, _index in found]


class SpotCheckDialog(Dialog[str]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
    ]

    def __init__(self, candidates: list[str], preview: Callable[[str], Content]) -> None:
        super().__init__(classes="dialog")
        self.candidates = candidates
        self.preview = preview

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="spot-check") as box:
            box.border_title = "Spot-check a material outside the batch"
            yield Label(
                f"{len(self.candidates)} materials of the workspace are outside this batch.",
                classes="hint",
                markup=False,
            )
            yield LineInput(id="query", placeholder="search a path, e.g. paper_cards 2609 or flash")
            yield OptionList(id="candidates", markup=False)
            yield Static(id="preview", classes="existing", markup=False)

    def on_mount(self) -> None:
        self._fill("")
        self.query_one("#query", Input).focus()

    def _fill(self, query: str) -> None:
        rows = self.query_one("#candidates", OptionList)
        paths = rank(query, self.candidates)
        if paths:
            rows.set_options([Option(line(p), id=p) for p in paths])
            rows.highlighted = 0
        else:
            rows.set_options(
                [Option(Content.styled("no material matches", "$text-muted"), disabled=True)]
            )
            self.query_one("#preview", Static).update("")

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._fill(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._choose()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option.id:
            self.query_one("#preview", Static).update(self.preview(event.option.id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._choose()

    def action_move(self, delta: int) -> None:
        rows = self.query_one("#candidates", OptionList)
        if delta > 0:
            rows.action_cursor_down()
        else:
            rows.action_cursor_up()

    def _choose(self) -> None:
        option = self.query_one("#candidates", OptionList).highlighted_option
        if option is None or option.id is None:
            self.notify("No material matches; change the search.", severity="warning")
            return
        self.dismiss(option.id)
