"""Help: the active keymap as a table (action, keys, what it does), and the keys panes keep; tab
turns to the second page, what every mark of the desk means (`tui.legend`)."""

from __future__ import annotations

from typing import ClassVar

from briefdesk.core.settings.keymap import ACTIONS, Keymap
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from ..keys import keyed, keys_display
from ..legend import legend

NOTES = (
    "Panes keep their own arrow keys while focused: the detail pane scrolls, the placement,"
    " duplicate and brief lists move their highlight. home/end/pgup/pgdn page the items list.\n"
    "In dialogs: enter chooses, tab moves between fields, ctrl+s saves, esc cancels.\n"
    "ctrl+p opens the command palette: every action by name, for when an input method takes"
    " the keys."
)


# the theme's variables as the rich styles a DataTable cell takes (near enough for a legend)
RICH = {"$success": "green", "$error": "red", "$warning": "yellow", "$accent": "magenta"}


def rich_style(style: str) -> str:
    """`bold $error` -> `bold red`; `$text-muted` -> `dim`."""
    words = [RICH.get(w, "dim" if w == "$text-muted" else w) for w in style.split()]
    return " ".join(words)


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss", "close", show=False),
        Binding("tab,shift+tab", "turn", "the other page", show=False),
        keyed("help", "dismiss"),  # the key that opened it closes it
    ]

    def __init__(self, keymap: Keymap, language: str = "zh") -> None:
        super().__init__(classes="dialog")
        self.keymap = keymap
        self.language = language

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="help") as box:
            box.border_title = f"Keys · keymap {self.keymap.name}"
            box.border_subtitle = "tab: what the marks mean"
            table: DataTable = DataTable(id="keys", cursor_type="row", zebra_stripes=True)
            # the last column as wide as the dialog leaves it, its text wrapped (never cut)
            room = max(30, min(self.app.size.width, 130) - 50)
            table.add_column("action", key="action")
            table.add_column("keys", key="keys")
            table.add_column("what it does", key="what", width=room)
            for action in ACTIONS:
                table.add_row(
                    Text(action.id, style="bold"),
                    Text(keys_display(self.app, self.keymap.keys(action.id))),
                    Text(action.description),
                    key=action.id,
                    height=None,
                )
            yield table
            marks: DataTable = DataTable(id="marks", cursor_type="row", zebra_stripes=True)
            marks.add_column("mark", key="mark")
            marks.add_column("what it means", key="meaning", width=room + 12)
            for section, rows in legend(self.language):
                marks.add_row(Text(""), Text(section, style="bold underline"))
                for mark, style, meaning in rows:
                    marks.add_row(Text(mark, style=rich_style(style)), Text(meaning), height=None)
            marks.display = False
            yield marks
            yield Static(Text(NOTES), classes="hint", markup=False)
            yield Static(
                Text("from " + self.keymap.sources[0].rsplit("/", 1)[-1] + " · esc closes"),
                classes="hint",
                markup=False,
            )

    def on_mount(self) -> None:
        self.query_one("#keys", DataTable).focus()

    def action_turn(self) -> None:
        keys, marks = self.query_one("#keys", DataTable), self.query_one("#marks", DataTable)
        showing_keys = keys.display
        keys.display, marks.display = not showing_keys, showing_keys
        box = self.query_one("#dialog", Vertical)
        if showing_keys:
            box.border_title = "What the marks mean"
            box.border_subtitle = "tab: the keys"
            marks.focus()
        else:
            box.border_title = f"Keys · keymap {self.keymap.name}"
            box.border_subtitle = "tab: what the marks mean"
            keys.focus()
