"""The brief and the commit message full screen, exactly as they would be committed."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..keys import keyed
from ..text import block, line


class PreviewScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss", "close", show=False),
        keyed("preview_brief", "dismiss"),  # the key that opened it closes it
    ]

    def __init__(
        self, brief: str, message: str | None, brief_path: str, *, notice: str | None = None
    ) -> None:
        """`notice`: a warning above the message (a committed brief whose materials changed)."""
        super().__init__(classes="fullscreen")
        self.brief = brief
        self.message = message
        self.brief_path = brief_path
        self.notice = notice

    def compose(self) -> ComposeResult:
        with Horizontal(id="preview-full"):
            with VerticalScroll(id="preview-brief") as left:
                left.border_title = line(self.brief_path)
                yield Static(block(self.brief), markup=False)
            with Vertical(id="preview-side"):
                if self.notice:
                    yield Static(line(self.notice, "bold $warning"), id="preview-notice")
                with VerticalScroll(id="preview-message") as right:
                    right.border_title = "commit message"
                    yield Static(
                        block(
                            self.message
                            or "(the commit message appears once core.brief.message is installed)"
                        ),
                        markup=False,
                    )
                yield Static(
                    "esc closes · arrows and pgup/pgdn scroll the focused side · tab switches",
                    classes="hint",
                    markup=False,
                )

    def on_mount(self) -> None:
        self.query_one("#preview-brief").focus()
