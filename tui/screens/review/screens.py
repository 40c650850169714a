"""The screens the review opens: the full brief, the commit, help; and quitting."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from ...typeahead import opens
from .base import Controller

if TYPE_CHECKING:
    from .screen import ReviewScreen


class Open(Controller):
    def __init__(self, screen: ReviewScreen) -> None:
        super().__init__(screen)
        self.warned_form: Screen[object] | None = None  # the form ctrl+q warned about once

    @opens
    def action_preview_brief(self) -> None:
        from ..preview import PreviewScreen

        brief, message = self.screen.panes.brief()
        self.app.push_screen(PreviewScreen(brief, message, self.view.review.brief_path))

    @opens
    def action_commit(self) -> None:
        from ..commit import CommitScreen

        view = self.view
        problem = None
        if view.readonly_reason:
            problem = f"Read-only: {view.readonly_reason}"
        elif not view.reviewer:
            problem = "No reviewer: set reviewer in briefdesk.yaml or git config user.name."

        def done(sha: str | None) -> None:
            if sha:
                self.notify(f"Committed {sha[:12]}.", title="brief committed")
                self.screen.panes.draw_status()

        brief, message = self.screen.panes.brief()
        screen = CommitScreen(view.review, self.session, brief, message, view.reviewer, problem)
        self.app.push_screen(screen, done)

    @opens
    def action_help(self) -> None:
        from ..help import HelpScreen

        self.app.push_screen(HelpScreen(self.screen.keymap, self.view.language))

    def action_quit(self) -> None:
        self.request_quit()

    def unsaved_form(self) -> bool:
        """A form on screen holds text not saved yet: say so and stay, the first time. Quitting
        again with the same form up (ctrl+q twice) quits without it."""
        stack = [f for f in self.app.screen_stack if f is not self.screen]
        forms = [f for f in stack if callable(getattr(f, "dirty", None))]
        form = next((f for f in reversed(forms) if f.dirty()), None)
        if form is None or self.warned_form is form:
            return False
        self.warned_form = form
        self.notify(
            "The form holds text not saved yet: ctrl+s saves it, esc twice drops it; "
            "ctrl+q again quits without it.",
            title="not saved",
            severity="warning",
        )
        return True

    def request_quit(self) -> None:
        """Quit, unless decisions the screen showed could not be saved: then saving is retried
        once more and, if it still fails, the reviewer is asked (`UnsavedDialog`). Quitting again
        while asked (ctrl+q twice) is the answer "quit"."""
        from ...dialogs.unsaved import UnsavedDialog

        if self.unsaved_form():
            return
        self.screen.moves.save()
        session = self.session
        if session.save_error is None or session.retry_save():
            self.app.exit(return_code=0)
            return
        if isinstance(self.app.screen, UnsavedDialog):
            self.app.screen.dismiss("quit")
            return

        def chosen(answer: str | None) -> None:
            if answer == "quit":
                self.app.exit(return_code=0)
            elif answer == "retry":
                if session.retry_save():
                    self.notify("Saved. Every decision is on disk.", title="saved")
                    self.app.exit(return_code=0)
                else:
                    self.request_quit()
            self.screen.panes.draw_status()

        self.app.push_screen(UnsavedDialog(session.unsaved, session.save_error or ""), chosen)
