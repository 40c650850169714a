"""Help: the active keymap as a table (action, keys, what it does), and the keys panes keep."""

from __future__ import annotations

from typing import ClassVar

from briefdesk.core.keymap import ACTIONS, Keymap
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from ..keys import keyed, keys_display

NOTES = (
    "Panes keep their own arrow keys while focused: the detail pane scrolls, the placement,"
    " duplicate and brief lists move their highlight. home/end/pgup/pgdn page the items list.\n"
    "In dialogs: enter chooses, tab moves between fields, ctrl+s saves, esc cancels.\n"
    "ctrl+p opens the command palette: every action by name, for when an input method takes"
    " the keys."
)


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss", "close", show=False),
        keyed("help", "dismiss"),  # the key that opened it closes it
    ]

    def __init__(self, keymap: Keymap) -> None:
        super().__init__(classes="dialog")
        self.keymap = keymap

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="help") as box:
            box.border_title = f"Keys · keymap {self.keymap.name}"
            table: DataTable = DataTable(id="keys", cursor_type="row", zebra_stripes=True)
            table.add_column("action", key="action")
            table.add_column("keys", key="keys")
            table.add_column("what it does", key="what")
            for action in ACTIONS:
                table.add_row(
                    Text(action.id, style="bold"),
                    Text(keys_display(self.app, self.keymap.keys(action.id))),
                    Text(action.description),
                    key=action.id,
                )
            yield table
            yield Static(Text(NOTES), classes="hint", markup=False)
            yield Static(
                Text("from " + self.keymap.sources[0].rsplit("/", 1)[-1] + " · esc closes"),
                classes="hint",
                markup=False,
            )

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()
