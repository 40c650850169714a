"""The screens the review opens: the full brief, the commit, help; and quitting."""

from __future__ import annotations

from .drawing import ReviewDrawing


class OpenActions(ReviewDrawing):
    def action_preview_brief(self) -> None:
        from ..preview import PreviewScreen

        self.app.push_screen(
            PreviewScreen(self.brief_text, self.message_text, self.review.brief_path)
        )

    def action_commit(self) -> None:
        from ..commit import CommitScreen

        problem = None
        if self.readonly_reason:
            problem = f"Read-only: {self.readonly_reason}"
        elif not self.reviewer:
            problem = "No reviewer: set reviewer in briefdesk.yaml or git config user.name."

        def done(sha: str | None) -> None:
            if sha:
                self.notify(f"Committed {sha[:12]}.", title="brief committed")
                self.draw_status()

        screen = CommitScreen(
            self.review,
            self.session,
            self.brief_text,
            self.message_text,
            self.reviewer,
            problem,
        )
        self.app.push_screen(screen, done)

    def action_help(self) -> None:
        from ..help import HelpScreen

        self.app.push_screen(HelpScreen(self.keymap, self.language))

    def action_quit(self) -> None:
        self.request_quit()

    def unsaved_form(self) -> bool:
        """A form on screen holds text not saved yet: say so and stay, the first time. Quitting
        again with the same form up (ctrl+q twice) quits without it."""
        stack = [f for f in self.app.screen_stack if f is not self]
        forms = [f for f in stack if callable(getattr(f, "dirty", None))]
        form = next((f for f in reversed(forms) if f.dirty()), None)  # type: ignore[attr-defined]
        if form is None:
            return False
        if getattr(self, "_warned_form", None) is form:
            return False
        self._warned_form = form
        self.notify(
            "The form holds text not saved yet: ctrl+s saves it, esc drops it; "
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
        self.save_cursor()
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
            self.draw_status()

        self.app.push_screen(UnsavedDialog(session.unsaved, session.save_error or ""), chosen)
