"""The footer of the review screen: the main actions with their keys in the active keymap.

Textual's Footer recomposes a widget per key whenever the focus moves (the focused widget's
bindings change), which costs a full re-style and repaint on every tab; this bar is one line of
Content, drawn again only when its width changes. Clicking a key runs its action, like the Footer.

`help`, `quit` and the command palette are always shown, at the right end: on a narrow terminal
the bar leaves out main actions from the end of its list until the rest fits, never those three
(a new user must always see how to get help and how to leave), and never cuts a label in half.
"""

from __future__ import annotations

from briefdesk.core.settings.keymap import ACTIONS, Keymap
from textual import events
from textual.app import App
from textual.content import Content
from textual.widgets import Static

from ..keys import key_display

PINNED = ("help", "quit")
LAST = ("next_undecided",)  # shown after the deciding actions, so the first to go when narrow


def _part(app: App, keymap: Keymap, action: str, label: str) -> tuple[Content, str] | None:
    keys = keymap.keys(action)
    if not keys:
        return None
    text = Content.assemble(
        (f" {key_display(app, keys[0])} ", "bold $accent"), (f"{label} ", "$text-muted")
    )
    return text, f"screen.{action}"


def keybar_parts(
    app: App, keymap: Keymap
) -> tuple[list[tuple[Content, str]], list[tuple[Content, str]]]:
    """(the main actions, in the order they give way; what is always shown)."""
    main = [a for a in ACTIONS if a.main and a.id not in PINNED]
    main.sort(key=lambda a: a.id in LAST)
    droppable = [p for a in main if (p := _part(app, keymap, a.id, a.label)) is not None]
    pinned = [
        p
        for a in ACTIONS
        if a.id in PINNED and (p := _part(app, keymap, a.id, a.label)) is not None
    ]
    pinned.append(
        (
            Content.assemble(("  ctrl+p ", "bold $accent"), ("palette", "$text-muted")),
            "app.command_palette",
        )
    )
    return droppable, pinned


def fit_parts(
    droppable: list[tuple[Content, str]], pinned: list[tuple[Content, str]], width: int
) -> list[tuple[Content, str]]:
    """As many main actions as fit beside the pinned ones, in their order."""
    room = width - sum(text.cell_length for text, _ in pinned)
    shown: list[tuple[Content, str]] = []
    for text, action in droppable:
        if text.cell_length > room:
            break
        shown.append((text, action))
        room -= text.cell_length
    return shown + pinned


class KeyBar(Static):
    def __init__(self, keymap: Keymap, **kwargs) -> None:
        super().__init__(markup=False, **kwargs)
        self.keymap = keymap
        self._spans: list[tuple[int, int, str]] = []
        self._parts: tuple[list[tuple[Content, str]], list[tuple[Content, str]]] | None = None
        self._width = -1

    def on_mount(self) -> None:
        self._parts = keybar_parts(self.app, self.keymap)
        self._draw(self.size.width or self.app.size.width)

    def on_resize(self, event: events.Resize) -> None:
        self._draw(event.size.width)

    def _draw(self, width: int) -> None:
        if self._parts is None or width == self._width:
            return
        self._width = width
        parts = fit_parts(*self._parts, width)
        self._spans = []
        x = 0
        for text, action in parts:
            self._spans.append((x, x + text.cell_length, action))
            x += text.cell_length
        self.update(Content("").join(text for text, _ in parts), layout=False)

    async def on_click(self, event: events.Click) -> None:
        for start, end, action in self._spans:
            if start <= event.x < end:
                event.stop()
                await self.run_action(action)
                return
