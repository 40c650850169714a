"""What every controller of the review screen shares: the screen it acts on, its view model, and
the one way a change reaches the session (`apply`).

A controller owns one concern (deciding, writing, the order, hand-offs, staleness…): its
`action_<id>` methods are the keymap's actions of that concern, bound onto the screen by
`actions.bind_actions`; it reaches other concerns only through the screen's named controllers,
each typed, never through a shared class hierarchy (as lazygit's pkg/gui/controllers do).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from briefdesk.core.errors import BriefdeskError
from briefdesk.core.review.session import Session
from textual.notifications import SeverityLevel

from .view import ReviewView

if TYPE_CHECKING:
    from ...app import BriefdeskApp
    from .screen import ReviewScreen


class Controller:
    def __init__(self, screen: ReviewScreen) -> None:
        self.screen = screen

    @property
    def view(self) -> ReviewView:
        return self.screen.view

    @property
    def session(self) -> Session:
        return self.screen.view.session

    @property
    def app(self) -> BriefdeskApp:
        return self.screen.app  # type: ignore[return-value]  # the review screen runs only there

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
    ) -> None:
        """A toast; its text is data (a title, a path), never markup."""
        self.screen.notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def read_only(self) -> bool:
        """True (and said) in a read-only desk: another briefdesk holds the batch."""
        reason = self.view.readonly_reason
        if reason:
            self.notify(f"Read-only: {reason}", severity="warning")
        return bool(reason)

    def apply(self, change: Callable[[], object]) -> None:
        """Run one session change; a refused change is a message, never a crash. The focus
        returns to the items list (`ReviewScreen.focus_items`)."""
        lost = self.session.lost
        try:
            change()
        except BriefdeskError as exc:
            self.notify(str(exc), severity="error")
        if self.session.lost and not lost:  # the lock was taken: READ-ONLY from now on
            self.screen.panes.draw_title()
        if self.session.save_error or self.session.lost:
            self.screen.panes.draw_status()
        self.screen.focus_items()
