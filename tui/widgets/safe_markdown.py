"""A Markdown widget for material text: links are shown, never followed.

A material may hold any link (`javascript:`, `file:`, a tracker). Clicking one only says where it
points; nothing is opened. Text reaches the widget through `core.textsafe.safe_text`, and
Textual's Markdown builds its lines as Content from the parsed tokens, so `[@click=...]` in the
text stays literal. Very long bodies are cut so one 2 MB line cannot stall the screen.
"""

from __future__ import annotations

from textual.widgets import Markdown

from core.textsafe import safe_line, safe_text

MAX_CHARS = 20_000


class SafeMarkdown(Markdown):
    def __init__(self, markdown: str | None = None, **kwargs) -> None:
        kwargs["open_links"] = False
        super().__init__(markdown, **kwargs)

    def show(self, text: str) -> None:
        text = safe_text(text)
        if len(text) > MAX_CHARS:
            cut = len(text)
            text = text[:MAX_CHARS] + f"\n\n*… {cut - MAX_CHARS:,} more characters not shown here*"
        self.update(text)

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        event.stop()
        event.prevent_default()
        self.notify(f"Link not opened: {safe_line(event.href)[:300]}", markup=False, timeout=4)
