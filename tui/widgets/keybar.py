"""The footer of the review screen: the main actions with their keys in the active keymap.

Textual's Footer recomposes a widget per key whenever the focus moves (the focused widget's
bindings change), which costs a full re-style and repaint on every tab; this bar is one line of
Content drawn once. Clicking a key runs its action, like the Footer.
"""

from __future__ import annotations

from briefdesk.core.keymap import ACTIONS, Keymap
from textual import events
from textual.app import App
from textual.content import Content
from textual.widgets import Static

from ..keys import key_display


def keybar_parts(app: App, keymap: Keymap) -> list[tuple[Content, str]]:
    """(text, action) for each main action, then the command palette."""
    parts: list[tuple[Content, str]] = []
    for action in ACTIONS:
        keys = keymap.keys(action.id)
        if action.main and keys:
            text = Content.assemble(
                (f" {key_display(app, keys[0])} ", "bold $accent"),
                (f"{action.label} ", "$text-muted"),
            )
            parts.append((text, f"screen.{action.id}"))
    parts.append(
        (
            Content.assemble(("  ctrl+p ", "bold $accent"), ("palette", "$text-muted")),
            "app.command_palette",
        )
    )
    return parts


class KeyBar(Static):
    def __init__(self, keymap: Keymap, **kwargs) -> None:
        super().__init__(markup=False, **kwargs)
        self.keymap = keymap
        self._spans: list[tuple[int, int, str]] = []

    def on_mount(self) -> None:
        parts = keybar_parts(self.app, self.keymap)
        x = 0
        for text, action in parts:
            self._spans.append((x, x + text.cell_length, action))
            x += text.cell_length
        self.update(Content("").join(text for text, _ in parts))

    async def on_click(self, event: events.Click) -> None:
        for start, end, action in self._spans:
            if start <= event.x < end:
                event.stop()
                await self.run_action(action)
                return
